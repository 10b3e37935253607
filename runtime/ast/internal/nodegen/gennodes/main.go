// Command gennodes writes runtime/ast/nodes_gen.go from the node table in
// runtime/ast/ast.go (package nodegen). Run by `go generate ./runtime/ast`, in that
// directory.
package main

import (
	"fmt"
	"os"

	"github.com/a0diff/a0diff/runtime/ast/internal/nodegen"
)

func main() {
	src, err := os.ReadFile("ast.go")
	if err == nil {
		var out []byte
		if out, err = nodegen.Generate(src); err == nil {
			err = os.WriteFile("nodes_gen.go", out, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gennodes:", err)
		os.Exit(1)
	}
}
