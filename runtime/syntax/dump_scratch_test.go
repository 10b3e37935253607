package syntax

import (
	"fmt"
	"os"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
)

func TestDumpScratch(t *testing.T) {
	src, _ := os.ReadFile("/tmp/a0syntax-scratch.a0")
	p, d := Parse("x.a0", DecodeSource(src))
	fmt.Println(d)
	if p != nil {
		fmt.Print(ast.Dump(p))
	}
}
