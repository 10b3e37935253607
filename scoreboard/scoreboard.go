// Package scoreboard measures how far an A0 implementation is from the reference: pass
// rates per corpus directory, per doc/a0.md section (an entry's @spec lines) and per
// divergence category, and the divergence signatures found most often, each with its
// smallest example and the command that replays it. It renders the board as text, JSON
// and one self-contained HTML page (no script, no external asset) that a team can
// publish from CI.
//
// The board is built from Cases, plain records the harness (corpus runs) and campaigns
// (fuzzing) fill in; it knows nothing of how the cases were run.
package scoreboard

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/diff"
)

// Case is one program's result for the implementation under test.
type Case struct {
	// Name is the corpus entry's path, or a fuzz case's label.
	Name string
	// Group is the corpus directory of the entry ("" for a fuzz case).
	Group string
	// Sections are the doc/a0.md sections the entry cites (corpus.Entry.Sections).
	Sections []string
	// Verdict is the comparison with the reference: diff.Agree passes, diff.Diverge
	// fails, diff.Inconclusive and diff.OutOfScope are not counted.
	Verdict diff.Verdict
	// Divergences are the comparison's divergences (Diverge only).
	Divergences []diff.Divergence
	// Size is the program's length in bytes: the smallest case of a signature is its
	// example.
	Size int
	// Replay is the command that runs the case in the implementation.
	Replay string
}

// Rate is a pass rate: of the cases compared (Passed + Failed), how many passed.
type Rate struct {
	Name    string  `json:"name"`
	Passed  int     `json:"passed"`
	Failed  int     `json:"failed"`
	Skipped int     `json:"notCompared"` // inconclusive or out of scope
	Percent float64 `json:"percent"`     // of Passed + Failed; 0 when none was compared
}

func (r *Rate) add(v diff.Verdict) {
	switch v {
	case diff.Agree:
		r.Passed++
	case diff.Diverge:
		r.Failed++
	default:
		r.Skipped++
	}
}

func (r *Rate) settle() {
	if n := r.Passed + r.Failed; n > 0 {
		r.Percent = float64(int(1000*float64(r.Passed)/float64(n)+0.5)) / 10
	}
}

// Bucket is one divergence signature (one root cause, see diff.Compare) and the cases
// that show it.
type Bucket struct {
	Signature string `json:"signature"`
	Category  string `json:"category"`
	Cases     int    `json:"cases"`
	// Example is the smallest case showing the signature, Replay its command, Path and
	// Go/Ref the divergence as it shows there.
	Example string `json:"example"`
	Size    int    `json:"exampleBytes"`
	Replay  string `json:"replay"`
	Path    string `json:"path"`
	Impl    string `json:"implementation"`
	Ref     string `json:"reference"`
}

// Board is the scoreboard of one implementation.
type Board struct {
	Implementation string `json:"implementation"`
	// LeftOut is what the comparison left out, and why (declared, chosen).
	LeftOut     []diff.Left `json:"leftOut"`
	Total       Rate        `json:"total"`
	Directories []Rate      `json:"directories"`
	Sections    []Rate      `json:"sections"`
	Categories  []Rate      `json:"categories"`
	// Signatures are the buckets, most cases first (Top bounds how many are kept).
	Signatures []Bucket `json:"signatures"`
	// MoreSignatures counts the buckets beyond Top.
	MoreSignatures int `json:"moreSignatures"`
}

// Top bounds the buckets a Board keeps.
const Top = 25

// NoSection is the section row of entries that cite none.
const NoSection = "(no section)"

// categories are the divergence categories, in the order the board lists them.
var categories = []diff.Category{
	diff.CatExit, diff.CatValue, diff.CatErrors, diff.CatEvidence, diff.CatTrace, diff.CatToolCalls,
	diff.CatCrash, diff.CatTimeout, diff.CatResource,
}

// Build makes the board of implementation impl from its cases; scope is what the
// comparison left out.
func Build(impl string, scope diff.Scope, cases []Case) *Board {
	b := &Board{Implementation: impl, LeftOut: scope.LeftOut(), Total: Rate{Name: "all"}}
	dirs, secs := map[string]*Rate{}, map[string]*Rate{}
	cats := map[diff.Category]*Rate{}
	for _, c := range categories {
		cats[c] = &Rate{Name: string(c)}
	}
	buckets := map[string]*Bucket{}
	row := func(m map[string]*Rate, name string) *Rate {
		r, ok := m[name]
		if !ok {
			r = &Rate{Name: name}
			m[name] = r
		}
		return r
	}
	for _, c := range cases {
		b.Total.add(c.Verdict)
		if c.Group != "" {
			row(dirs, c.Group).add(c.Verdict)
		}
		sections := c.Sections
		if len(sections) == 0 {
			sections = []string{NoSection}
		}
		for _, s := range slices.Compact(slices.Sorted(slices.Values(sections))) {
			row(secs, s).add(c.Verdict)
		}
		hit := map[diff.Category]bool{}
		seen := map[string]bool{}
		for _, d := range c.Divergences {
			hit[d.Category] = true
			if seen[d.Signature] {
				continue
			}
			seen[d.Signature] = true
			bk, ok := buckets[d.Signature]
			if !ok {
				bk = &Bucket{Signature: d.Signature, Category: string(d.Category)}
				buckets[d.Signature] = bk
			}
			bk.Cases++
			if bk.Example == "" || c.Size < bk.Size || c.Size == bk.Size && c.Name < bk.Example {
				bk.Example, bk.Size, bk.Replay, bk.Path, bk.Impl, bk.Ref = c.Name, c.Size, c.Replay, d.Path, d.Go, d.Ref
			}
		}
		for _, cat := range categories {
			switch {
			case !scope.ComparesCategory(cat), c.Verdict != diff.Agree && c.Verdict != diff.Diverge:
				cats[cat].Skipped++
			case hit[cat]:
				cats[cat].Failed++
			default:
				cats[cat].Passed++
			}
		}
	}
	b.Total.settle()
	b.Directories = sortedRates(dirs, strings.Compare)
	b.Sections = sortedRates(secs, compareSections)
	for _, c := range categories {
		cats[c].settle()
		b.Categories = append(b.Categories, *cats[c])
	}
	for _, bk := range buckets {
		b.Signatures = append(b.Signatures, *bk)
	}
	slices.SortFunc(b.Signatures, func(x, y Bucket) int {
		return cmp.Or(cmp.Compare(y.Cases, x.Cases), strings.Compare(x.Signature, y.Signature))
	})
	if len(b.Signatures) > Top {
		b.MoreSignatures = len(b.Signatures) - Top
		b.Signatures = b.Signatures[:Top]
	}
	return b
}

func sortedRates(m map[string]*Rate, less func(a, b string) int) []Rate {
	out := make([]Rate, 0, len(m))
	for _, r := range m {
		r.settle()
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b Rate) int { return less(a.Name, b.Name) })
	return out
}

// compareSections orders section numbers as the document does: 2 < 2.1 < 2.10 < 10 <
// A; NoSection last.
func compareSections(a, b string) int {
	if a == NoSection || b == NoSection {
		return cmp.Compare(boolInt(a == NoSection), boolInt(b == NoSection))
	}
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		switch {
		case ea == nil && eb == nil:
			if c := cmp.Compare(na, nb); c != 0 {
				return c
			}
		case ea == nil:
			return -1 // numbered sections before appendices
		case eb == nil:
			return 1
		default:
			if c := strings.Compare(pa[i], pb[i]); c != 0 {
				return c
			}
		}
	}
	return cmp.Compare(len(pa), len(pb))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
