package syntax

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
)

const smallProgram = `cap { fs.read: true }
budget { maxIterations: 100 }

fn double { x } {
  return x * 2
}
let xs = [1, 2, 3]
let ys = map { in: xs, fn: "double" }
let r = call? fs.read { path: "data.txt" }
let total = for { in: ys, as: "y" } {
  return if (y > 2) { return y } else { return 0 }
}
check { that: len { in: total } == 3, msg: "three" }
return { ys: ys, total: total, text: r }
`

// largeProgram is 2 000 statements of mixed kinds.
func largeProgram() string {
	var sb strings.Builder
	for i := range 2000 {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, "let v%d = { a: %d, b: [%d, \"s%d\", true], c: -%d.5 * (%d + 1) }\n", i, i, i, i, i, i)
		case 1:
			fmt.Fprintf(&sb, "fn f%d { a, b } {\n  let t = a + b\n  return if (t > %d) { return t } else { return b }\n}\n", i, i)
		case 2:
			fmt.Fprintf(&sb, "let m%d = match (v%d) { ok { x } { return x } err { e } { return null } }\n", i, i-2)
		default:
			fmt.Fprintf(&sb, "str.concat { parts: [\"x\", \"y\"] } -> out%d.inner\n", i)
		}
	}
	sb.WriteString("return 1\n")
	return sb.String()
}

func benchmarkParse(b *testing.B, src string) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, diags := Parse("bench.a0", src); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
}

func BenchmarkParseSmall(b *testing.B) { benchmarkParse(b, smallProgram) }
func BenchmarkParseLarge(b *testing.B) { benchmarkParse(b, largeProgram()) }

func BenchmarkPrintLarge(b *testing.B) {
	prog, diags := Parse("bench.a0", largeProgram())
	if len(diags) > 0 {
		b.Fatal(diags)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = ast.Print(prog)
	}
}
