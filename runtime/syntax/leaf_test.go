package syntax_test

import (
	"go/build"
	"strings"
	"testing"
)

// The front end is a leaf (package diag's doc): syntax and validate import, of this
// module, only ast and diag, so that nothing of the evaluator, the value model, the tool
// kit or the harness (nor what they pull in, such as x/text's collation) comes with them.
func TestFrontEndImportsOnlyLeafPackages(t *testing.T) {
	const module = "github.com/a0diff/a0diff/"
	allowed := map[string]bool{module + "runtime/ast": true, module + "runtime/diag": true}
	for _, root := range []string{module + "runtime/syntax", module + "runtime/validate"} {
		seen := map[string]bool{}
		var visit func(path, from string)
		visit = func(path, from string) {
			if seen[path] {
				return
			}
			seen[path] = true
			pkg, err := build.Import(path, ".", 0)
			if err != nil {
				t.Fatalf("%s: import %s: %v", from, path, err)
			}
			for _, imp := range pkg.Imports {
				switch {
				case !strings.Contains(strings.SplitN(imp, "/", 2)[0], "."):
					// the standard library
				case !allowed[imp]:
					t.Errorf("%s imports %s (via %s): the front end may import only %v and the standard library", root, imp, path, allowed)
				default:
					visit(imp, path)
				}
			}
		}
		visit(root, root)
	}
}
