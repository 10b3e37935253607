package gen

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// TestDeriveValidity derives cases from generated parents and donors: every case Derive
// returns passes validation and differs from its parent, and most attempts succeed.
func TestDeriveValidity(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		// minRate is the least share of Derive calls, in percent, that must give a case.
		minRate int
	}{
		{"default", Options{}, 80},
		{"swarm", Options{Swarm: true}, 80},
		{"small", Options{Size: 20}, 70},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 300
			var pool []*Case
			for i := 0; len(pool) < 40; i++ {
				c := Generate(RandChooser{R: CaseRand(3, i)}, tc.opts)
				if Validates(c.Source) {
					pool = append(pool, c)
				}
			}
			r := rand.New(rand.NewSource(11))
			made := 0
			for i := range n {
				parent, donor := pool[i%len(pool)], pool[r.Intn(len(pool))]
				d, what, ok := Derive(RandChooser{R: r}, parent, donor, tc.opts)
				if !ok {
					continue
				}
				made++
				if !Validates(d.Source) {
					t.Fatalf("derived case (%s) does not validate:\n%s", what, d.Source)
				}
				if d.Source == parent.Source || d.Mode != Valid || what == "" {
					t.Fatalf("derived case (%q) is its parent or not valid-mode:\n%s", what, d.Source)
				}
			}
			t.Logf("%d of %d derivations gave a valid case", made, n)
			if made*100 < tc.minRate*n {
				t.Errorf("only %d of %d derivations gave a valid case, want at least %d%%", made, n, tc.minRate)
			}
		})
	}
}

// TestNewRecursion reads the cases of testdata/newrecursion.txt (a txtar archive:
// NAME.parent, NAME.derived, NAME.want).
func TestNewRecursion(t *testing.T) {
	a := testfile.MustReadArchive(t, "testdata/newrecursion.txt")
	type tc struct {
		name, parent, derived string
		want                  bool
		at                    string
	}
	var cases []*tc
	for _, file := range a.Names {
		name, ok := strings.CutSuffix(file, ".parent")
		if !ok {
			continue
		}
		want := strings.TrimSpace(a.Files[name+".want"])
		derived, hasDerived := a.Files[name+".derived"]
		if !hasDerived || (want != "true" && want != "false") {
			t.Fatalf("%s want files %s.derived and %s.want (true or false)", a.At(file), name, name)
		}
		cases = append(cases, &tc{name: name, parent: a.Files[file], derived: derived, want: want == "true", at: a.At(file)})
	}
	if len(cases) < 5 {
		t.Fatalf("testdata/newrecursion.txt: %d cases, want at least 5", len(cases))
	}
	for _, c := range cases {
		p, d1 := syntax.Parse(DefaultFile, c.parent)
		q, d2 := syntax.Parse(DefaultFile, c.derived)
		if len(d1) > 0 || len(d2) > 0 {
			t.Fatalf("%s (%s): does not parse: %v %v", c.at, c.name, d1, d2)
		}
		if got := newRecursion(p, q); got != c.want {
			t.Errorf("%s (%s): newRecursion = %v, want %v", c.at, c.name, got, c.want)
		}
	}
}
