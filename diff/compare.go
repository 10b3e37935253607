// Package diff compares the Outcomes two A0 implementations produced for one program and
// describes every disagreement as a Divergence: what kind of thing differs (its
// Category), where (a Path into the Outcome such as `value.items[3].name` or
// `trace[17].data.fn`), and what each side had, rendered as compact canonical JSON.
//
// Comparison follows spec Appendix D: volatile fields are removed first
// (outcome.Normalize), numbers compare like Object.is (−0 ≠ 0, NaN = NaN), records
// compare by keys and by key order, and the [HOST] texts of HostMessage are compared by
// code only. Each Divergence carries a Signature that abstracts away list positions, so
// that the same bug found in two programs (or in a program and its reduction) has the
// same signature.
//
// A Scope narrows a comparison (CompareIn): the aspects of the Outcome an implementation
// in progress does not model yet, or that a user chose to leave out (--compare), and the
// harness limits it does not enforce, are never a divergence, and a Scope says what it
// left out and why.
//
// Section numbers (§N) and appendices refer to doc/a0.md, the project's reference of A0.
package diff

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// Verdict is the overall result of a comparison.
type Verdict string

const (
	// Agree: the Outcomes are equal under the comparison rules.
	Agree Verdict = "agree"
	// Diverge: at least one Divergence.
	Diverge Verdict = "diverge"
	// Inconclusive: both sides ran out of time or hit a limit (in any combination of
	// timeout and resource), so there is nothing to compare and no bug to report —
	// except when both were ended by the same deterministic harness limit (see Compare).
	Inconclusive Verdict = "inconclusive"
)

// Category says which part of the Outcome a Divergence is about.
type Category string

const (
	CatExit      Category = "exit"
	CatValue     Category = "value"
	CatErrors    Category = "errors"
	CatEvidence  Category = "evidence"
	CatTrace     Category = "trace"
	CatToolCalls Category = "toolCalls"
	// CatCrash: an implementation crashed (on either side, or both).
	CatCrash Category = "crash"
	// CatTimeout, CatResource: one side timed out / hit a harness limit while the other
	// completed.
	CatTimeout  Category = "timeout"
	CatResource Category = "resource"
)

// Kind says how the two sides differ at a Path.
type Kind string

const (
	// Changed: both sides have something at the path, and it differs.
	Changed Kind = "changed"
	// GoOnly / RefOnly: only the Go / only the reference side has something at the path
	// (a list element, a record key, a value, a span, …).
	GoOnly  Kind = "go-only"
	RefOnly Kind = "ref-only"
	// KeyOrder: a record has the same keys with the same values on both sides, but in a
	// different order (Go and Ref then show the key lists).
	KeyOrder Kind = "key-order"
)

// Divergence is one disagreement.
type Divergence struct {
	Category Category `json:"category"`
	// Path locates the difference in the Outcome's JSON form: `exitCode`,
	// `value.items[3].name`, `errors[0].message`, `trace[17].data.fn`, `status` (for
	// crash/timeout/resource). A list index is the Go side's, or the reference's for a
	// RefOnly element.
	Path string `json:"path"`
	Kind Kind   `json:"kind"`
	// Go and Ref render what each side has at Path (canonical JSON, clipped to
	// RenderWidth; "(absent)" when a side has nothing there).
	Go  string `json:"go"`
	Ref string `json:"ref"`
	// Node renders what the reference under node (V8) has at Path, in a three-way
	// comparison (CompareThree) when it is known; "" otherwise.
	Node string `json:"node,omitempty"`
	// Signature is a short stable identifier of the divergence; see Compare.
	Signature string `json:"signature"`
}

func (d Divergence) String() string {
	return fmt.Sprintf("%s %s %s: go %s, ref %s", d.Category, d.Path, d.Kind, d.Go, d.Ref)
}

// Result is the outcome of Compare.
type Result struct {
	Verdict     Verdict
	Divergences []Divergence
	// Omitted counts the divergences dropped beyond MaxPerCategory.
	Omitted int
}

// Signatures returns the distinct signatures of r's divergences, sorted.
func (r Result) Signatures() []string {
	var out []string
	for _, d := range r.Divergences {
		out = append(out, d.Signature)
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// Signature is the signature of r's first divergence ("" when there is none): the
// divergence least likely to be a consequence of another one (a crash or status before
// the exit, the exit before the value, …, the first trace event that differs before
// later ones).
func (r Result) Signature() string {
	if len(r.Divergences) == 0 {
		return ""
	}
	return r.Divergences[0].Signature
}

const (
	// MaxPerCategory bounds the divergences kept per category: beyond the first few,
	// they are nearly always consequences of the first (a trace that got out of step).
	MaxPerCategory = 20
	// RenderWidth bounds the rendering of each side of a divergence, in bytes.
	RenderWidth = 120
)

var bounded = map[outcome.Status]bool{outcome.StatusTimeout: true, outcome.StatusResource: true}

// Compare compares the Go implementation's Outcome with the reference's. Both first pass
// through outcome.Normalize.
//
// A crash on either side is a CatCrash divergence; one side timing out or hitting a
// resource limit while the other completes is a CatTimeout / CatResource divergence.
// Two runs ended by the same deterministic harness limit (outcome.DeterministicLimit:
// maxSteps, maxDepth, maxSize, maxNesting — counted in A0's own terms, so every
// conforming implementation stops at the same point) are compared like completed runs:
// their partial traces, evidence and tool calls must agree. Two such runs ended by
// different deterministic limits are a CatResource divergence at path `limit` (one side
// checked a limit at the wrong point). Every other pair of timeouts and resource
// endings — a deadline, an engine's own stack, whose points depend on the engine — is
// Inconclusive. Otherwise the Outcomes are compared field by field (Detail never is).
//
// Signatures have the form CATEGORY@PATH[:QUALIFIER…], PATH with list indices written
// [*] and without any position inside a value (below the value itself, a tool call's
// result, or the first level of a record with a fixed schema: an evidence record, trace
// data, details, tool arguments), so that neither a generated variable name, nor a
// fixture's key, nor the depth at which a wrong number sits splits one root cause into
// several signatures; the qualifiers, in this order: the Kind unless it is Changed; for a
// changed value, the types of the two sides (`number`, or `string/number` as GO/REF); for errors the
// diagnostic codes on the two sides (sorted, distinct, comma-separated); for the trace
// the event types on the two sides (likewise); for the exit the two exit codes as
// GO/REF; for a crash, timeout or resource the side it happened on (go, ref or both).
// Examples: `value@value:number` (a wrong number anywhere in the result),
// `errors@errors[*].message:E_TYPE`, `trace@trace[*]:go-only:stmt_end`,
// `trace@trace[*].data.args:number:fn_call_start`, `value@value:key-order`,
// `exit@exitCode:4/0`, `crash@status:go`.
func Compare(goOut, refOut outcome.Outcome) Result {
	// The statuses, limits and details the cases below read are not touched by
	// Normalize, which is left for the comparison of the rest.
	g, r := goOut, refOut
	known := func(s outcome.Status) bool { return s == outcome.StatusOK || bounded[s] }
	switch {
	case g.Status == outcome.StatusCrash || r.Status == outcome.StatusCrash || !known(g.Status) || !known(r.Status):
		return statusDivergence(CatCrash, g, r, func(s outcome.Status) bool { return !known(s) })
	case g.Status == outcome.StatusResource && r.Status == outcome.StatusResource &&
		outcome.DeterministicLimit(g.Limit) && outcome.DeterministicLimit(r.Limit):
		if g.Limit != r.Limit {
			return Result{Verdict: Diverge, Divergences: []Divergence{{
				Category:  CatResource,
				Path:      "limit",
				Kind:      Changed,
				Go:        clipText(string(g.Limit)),
				Ref:       clipText(string(r.Limit)),
				Signature: string(CatResource) + "@limit:" + string(g.Limit) + "/" + string(r.Limit),
			}}}
		}
	case bounded[g.Status] && bounded[r.Status]:
		return Result{Verdict: Inconclusive}
	case g.Status != r.Status:
		cat := CatTimeout
		if g.Status == outcome.StatusResource || r.Status == outcome.StatusResource {
			cat = CatResource
		}
		return statusDivergence(cat, g, r, func(s outcome.Status) bool { return s != outcome.StatusOK })
	}
	// The common case, without reflection: the same Outcomes, known without writing
	// or normalizing them (sameNormalizedText), or else by their normalized texts.
	if sameNormalizedText(g, r) {
		return Result{Verdict: Agree}
	}
	g, r = outcome.Normalize(g), outcome.Normalize(r)
	if sameText(g, r) || bytes.Equal(outcome.Marshal(withoutDetail(g)), outcome.Marshal(withoutDetail(r))) {
		return Result{Verdict: Agree}
	}
	return compareOK(g, r)
}

func withoutDetail(o outcome.Outcome) outcome.Outcome {
	o.Detail = ""
	return o
}

// statusDivergence reports that the run ended differently on the sides for which hit
// holds.
func statusDivergence(cat Category, g, r outcome.Outcome, hit func(outcome.Status) bool) Result {
	side := "both"
	switch {
	case hit(g.Status) && !hit(r.Status):
		side = "go"
	case !hit(g.Status) && hit(r.Status):
		side = "ref"
	}
	d := Divergence{
		Category:  cat,
		Path:      "status",
		Kind:      Changed,
		Go:        describeStatus(g),
		Ref:       describeStatus(r),
		Signature: string(cat) + "@status:" + side,
	}
	return Result{Verdict: Diverge, Divergences: []Divergence{d}}
}

// describeStatus renders how a run ended: "ok exit 4", or the status with the first line
// of its detail.
func describeStatus(o outcome.Outcome) string {
	if o.Status == outcome.StatusOK {
		return "ok exit " + strconv.Itoa(o.ExitCode)
	}
	s := string(o.Status)
	if line, _, _ := strings.Cut(strings.TrimSpace(o.Detail), "\n"); line != "" {
		s += ": " + line
	}
	return clipText(s)
}

var cmpOptions = []cmp.Option{
	cmp.Comparer(func(a, b number) bool { return sameNumber(float64(a), float64(b)) }),
	cmp.Comparer(func(a, b keyOrder) bool { return slices.Equal(a, b) }),
	cmp.Comparer(func(a, b function) bool { return a == b }),
}

// compareOK compares two completed runs.
func compareOK(g, r outcome.Outcome) Result {
	gv, rv := viewOf(g), viewOf(r)
	relaxHostTexts(g, r, gv, rv)
	c := &collector{g: g, r: r}
	cmp.Equal(gv, rv, append(cmpOptions[:len(cmpOptions):len(cmpOptions)], cmp.Reporter(c))...)
	res := Result{Verdict: Agree}
	perCat := map[Category]int{}
	for _, d := range c.found {
		if perCat[d.Category] >= MaxPerCategory {
			res.Omitted++
			continue
		}
		perCat[d.Category]++
		res.Divergences = append(res.Divergences, d)
	}
	if len(res.Divergences) > 0 {
		res.Verdict = Diverge
	}
	return res
}

// collector is the cmp.Reporter that turns every unequal leaf into a Divergence.
type collector struct {
	g, r  outcome.Outcome
	path  cmp.Path
	found []Divergence
}

func (c *collector) PushStep(ps cmp.PathStep) { c.path = append(c.path, ps) }
func (c *collector) PopStep()                 { c.path = c.path[:len(c.path)-1] }

func (c *collector) Report(rs cmp.Result) {
	if rs.Equal() {
		return
	}
	if d, ok := c.divergence(); ok {
		c.found = append(c.found, d)
	}
}

// pathInfo is what a cmp.Path says in Outcome terms.
type pathInfo struct {
	shown, abstract strings.Builder
	category        Category
	goIdx, refIdx   int // the top-level list position (errors, trace, …), -1 when none
	order           bool
	// collapsed: a position inside a value was left out of the abstract path.
	collapsed bool
}

func (c *collector) divergence() (Divergence, bool) {
	pi := pathInfo{goIdx: -1, refIdx: -1}
	depth := 0 // how many Outcome-level steps were seen
	// A position inside a value is left out of the signature (the shown path keeps it):
	// where in a result a wrong number sits, and under which generated variable name or
	// fixture key, says nothing of the root cause, so one mistake is one signature
	// (`value@value:number`). steps counts the record keys and list indices since the
	// last Outcome field; from step named+1 on the rest of the path is dropped — every
	// step of a result value (value, a tool call's result), the steps below the first
	// level of a record with a fixed schema (an evidence record, trace data, diagnostic
	// details, tool arguments), whose first-level keys are the schema's.
	steps, named := 0, 1
	position := func() bool {
		steps++
		if steps > named {
			pi.collapsed = true
		}
		return pi.collapsed
	}
	for _, step := range c.path {
		switch s := step.(type) {
		case cmp.StructField:
			if s.Name() == "Order" {
				pi.order = true
				continue
			}
			name, ok := fieldNames[s.Name()]
			if !ok {
				name = s.Name()
			}
			if name == "" {
				continue
			}
			if depth == 0 {
				pi.category = categoryOf(name)
			}
			depth++
			steps, named = 0, 1
			if name == "value" || name == "result" {
				named = 0
			}
			pi.add(".", name)
		case cmp.SliceIndex:
			ix, iy := s.SplitKeys()
			if depth == 1 {
				pi.goIdx, pi.refIdx = ix, iy
				steps, named = 0, 1
			}
			depth++
			i := ix
			if i < 0 {
				i = iy
			}
			pi.shown.WriteString("[" + strconv.Itoa(i) + "]")
			pi.abstract.WriteString("[*]")
		case cmp.MapIndex:
			depth++
			if s.Key().Kind() == reflect.Int {
				shown := "[" + strconv.FormatInt(s.Key().Int(), 10) + "]"
				if position() {
					pi.shown.WriteString(shown)
				} else {
					pi.addKey(shown, "[*]")
				}
				continue
			}
			k := s.Key().String()
			shown := "[" + value.Quote(k) + "]"
			if isIdentifier(k) {
				shown = "." + k
			}
			if position() {
				pi.shown.WriteString(shown)
			} else {
				pi.addKey(shown, shown)
			}
		}
	}
	vx, vy := c.path.Last().Values()
	d := Divergence{Category: pi.category, Path: pi.shown.String(), Kind: Changed}
	switch {
	case pi.order:
		ox, _ := vx.Interface().(keyOrder)
		oy, _ := vy.Interface().(keyOrder)
		if !sameKeySet(ox, oy) {
			return d, false // the fields' comparison reports the missing keys
		}
		d.Kind = KeyOrder
	case isMissing(vx) && !isMissing(vy):
		d.Kind = RefOnly
	case !isMissing(vx) && isMissing(vy):
		d.Kind = GoOnly
	}
	d.Go, d.Ref = renderValue(vx), renderValue(vy)
	d.Signature = c.signature(&pi, d, vx, vy)
	return d, true
}

// addKey adds a record key, shown and abstract as given.
func (pi *pathInfo) addKey(shown, abstract string) {
	pi.shown.WriteString(shown)
	pi.abstract.WriteString(abstract)
}

func (pi *pathInfo) add(sep, s string) {
	if pi.shown.Len() > 0 && sep != "" {
		pi.shown.WriteString(sep)
		pi.abstract.WriteString(sep)
	}
	pi.shown.WriteString(s)
	pi.abstract.WriteString(s)
}

func categoryOf(field string) Category {
	switch field {
	case "exitCode":
		return CatExit
	case "value":
		return CatValue
	case "errors":
		return CatErrors
	case "evidence":
		return CatEvidence
	case "trace":
		return CatTrace
	case "toolCalls":
		return CatToolCalls
	}
	return Category(field)
}

func (c *collector) signature(pi *pathInfo, d Divergence, vx, vy reflect.Value) string {
	var b strings.Builder
	b.WriteString(string(d.Category) + "@" + pi.abstract.String())
	if d.Kind != Changed {
		b.WriteString(":" + string(d.Kind))
	} else if gt, rt := typeName(vx), typeName(vy); gt != "" && rt != "" && pi.abstract.Len() > 0 && (pi.collapsed || d.Category == CatValue) {
		// A changed value: the types of the sides stand for the position left out.
		if gt == rt {
			b.WriteString(":" + gt)
		} else {
			b.WriteString(":" + gt + "/" + rt)
		}
	}
	var names []string
	at := func(i, n int, name func(int) string) {
		if i >= 0 && i < n {
			names = append(names, name(i))
		}
	}
	switch d.Category {
	case CatErrors:
		at(pi.goIdx, len(c.g.Errors), func(i int) string { return string(c.g.Errors[i].Code) })
		at(pi.refIdx, len(c.r.Errors), func(i int) string { return string(c.r.Errors[i].Code) })
	case CatTrace:
		at(pi.goIdx, len(c.g.Trace), func(i int) string { return string(c.g.Trace[i].Event) })
		at(pi.refIdx, len(c.r.Trace), func(i int) string { return string(c.r.Trace[i].Event) })
	case CatExit:
		names = append(names, strconv.Itoa(c.g.ExitCode)+"/"+strconv.Itoa(c.r.ExitCode))
	}
	if len(names) > 0 {
		sort.Strings(names)
		b.WriteString(":" + strings.Join(slices.Compact(names), ","))
	}
	return b.String()
}

// typeName is the A0 type of a view value ("" when it is not a value).
func typeName(v reflect.Value) string {
	if !v.IsValid() {
		return ""
	}
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return "null"
		}
		v = v.Elem()
	}
	switch v.Interface().(type) {
	case number:
		return "number"
	case string:
		return "string"
	case bool:
		return "boolean"
	case list:
		return "list"
	case record:
		return "record"
	case function:
		return "function"
	case nil:
		return "null"
	}
	return ""
}

// isMissing reports whether a side has nothing at a path: no element, an absent{}
// marker, or a nil span pointer.
func isMissing(v reflect.Value) bool {
	if !v.IsValid() {
		return true
	}
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return true
	}
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return false // A0 null is a value
		}
		v = v.Elem()
	}
	return v.Type() == reflect.TypeOf(absent{})
}

func sameKeySet(a, b keyOrder) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	sort.Strings(x)
	sort.Strings(y)
	return slices.Equal(x, y)
}

func isIdentifier(k string) bool {
	if k == "" {
		return false
	}
	for i, c := range k {
		if c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && c >= '0' && c <= '9') {
			continue
		}
		return false
	}
	return true
}
