package stdlib

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax/testfile"
	"github.com/a0diff/a0diff/runtime/value"
)

// The testdata/*.txt files hold one call per line:
//
//	NAME <TAB> ARGS <TAB> EXPECTATION
//
// ARGS is the argument record in canonical JSON (value.MarshalCanonical: -0, NaN and
// ±Infinity as {"$number": …}). EXPECTATION is "= VALUE" (the result, compared as
// canonical JSON, so -0, NaN and key order count; prototypes are not part of it and are
// tested in Go), "! MESSAGE" (an *Error with that
// INNER text) or "limit" (a *value.LimitError). A line "@maxsize N" sets Limits.MaxSize
// for the lines after it (0, unbounded, at the start of each file). Blank lines and
// lines starting with # are ignored.
func TestTestdata(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	seen := map[string]bool{}
	for _, file := range files {
		runFile(t, file, seen)
	}
	for _, name := range Names {
		if !seen[name] {
			t.Errorf("no testdata case calls %s", name)
		}
	}
}

func runFile(t *testing.T, file string, seen map[string]bool) {
	lim := Limits{}
	for _, r := range testfile.MustReadTable(t, file, 0) {
		where := r.At(file)
		if rest, ok := strings.CutPrefix(r.Fields[0], "@maxsize "); ok && len(r.Fields) == 1 {
			n, err := strconv.Atoi(rest)
			if err != nil {
				t.Fatalf("%s: bad @maxsize: %v", where, err)
			}
			lim.MaxSize = n
			continue
		}
		fields := r.Fields
		if len(fields) != 3 {
			t.Fatalf("%s: want NAME, ARGS and EXPECTATION separated by tabs", where)
		}
		name, argsText, want := fields[0], fields[1], fields[2]
		fn, ok := Lookup(name)
		if !ok {
			t.Fatalf("%s: unknown function %q", where, name)
		}
		seen[name] = true
		argsValue, err := value.UnmarshalCanonical([]byte(argsText))
		if err != nil {
			t.Fatalf("%s: arguments: %v", where, err)
		}
		args, ok := argsValue.(*value.Record)
		if !ok {
			t.Fatalf("%s: arguments must be a record", where)
		}
		before := string(value.MarshalCanonical(args))
		got, err := fn(args, lim)
		if after := string(value.MarshalCanonical(args)); after != before {
			t.Errorf("%s: %s modified its arguments: %s", where, name, after)
		}
		check(t, where, name, argsText, got, err, want)
	}
}

func check(t *testing.T, where, name, args string, got value.Value, err error, want string) {
	t.Helper()
	call := name + " " + args
	var limitErr *value.LimitError
	var fnErr *Error
	switch {
	case want == "limit":
		if !errors.As(err, &limitErr) {
			t.Errorf("%s: %s: got %s, %v; want a limit error", where, call, value.MarshalCanonical(got), err)
		}
	case strings.HasPrefix(want, "! "):
		msg := strings.TrimPrefix(want, "! ")
		if !errors.As(err, &fnErr) || fnErr.Error() != msg {
			t.Errorf("%s: %s:\n got %s, %v\nwant error %q", where, call, value.MarshalCanonical(got), err, msg)
		}
	case strings.HasPrefix(want, "= "):
		wantValue, perr := value.UnmarshalCanonical([]byte(strings.TrimPrefix(want, "= ")))
		if perr != nil {
			t.Fatalf("%s: expectation: %v", where, perr)
		}
		if err != nil {
			t.Errorf("%s: %s: unexpected error %v", where, call, err)
		} else if string(value.MarshalCanonical(got)) != string(value.MarshalCanonical(wantValue)) {
			t.Errorf("%s: %s:\n got %s\nwant %s", where, call, value.MarshalCanonical(got), value.MarshalCanonical(wantValue))
		}
	default:
		t.Fatalf("%s: expectation must start with \"= \" or \"! \" or be \"limit\"", where)
	}
}

func TestNames(t *testing.T) {
	if len(Names) != 34 {
		t.Errorf("%d stdlib functions, want 34", len(Names))
	}
	for _, n := range []string{"map", "reduce"} {
		if _, ok := Lookup(n); ok {
			t.Errorf("%s belongs to the evaluator", n)
		}
	}
}

// TestSortWithoutCache runs the sort cases again with no room for cached comparison texts:
// every key's JSON text is made again at each comparison, as the reference does. The
// cache must change no result, no error and no limit (it is no limit of its own).
func TestSortWithoutCache(t *testing.T) {
	saved := sortCacheBytes
	sortCacheBytes = 0
	defer func() { sortCacheBytes = saved }()
	runFile(t, "testdata/sort.txt", map[string]bool{})
}

// TestErrorMessageAfter checks that a long message (written into a buffer with room for
// the OUTER message's start) reads as one written whole, alone and behind the evaluator's
// OUTER message start; and that the strings made stay as they are when the start is put
// before the message again, or does not fit the room.
func TestErrorMessageAfter(t *testing.T) {
	long := func(s string) *Error { return failLong(append(longMessage(), s...)).(*Error) }
	tests := []struct {
		err  *Error
		want string
	}{
		{fail("Invalid op at index 0.").(*Error), "Invalid op at index 0."},
		{long("Test failed at '/a': expected 2, got 1"), "Test failed at '/a': expected 2, got 1"},
		{long(""), ""},
	}
	const start = "Function 'patch' failed: "
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		first := tt.err.MessageAfter(start)
		if first != start+tt.want {
			t.Errorf("MessageAfter = %q, want %q", first, start+tt.want)
		}
		if again := tt.err.MessageAfter("Function 'other' failed: "); again != "Function 'other' failed: "+tt.want {
			t.Errorf("MessageAfter again = %q, want %q", again, "Function 'other' failed: "+tt.want)
		}
		if first != start+tt.want || tt.err.Error() != tt.want {
			t.Errorf("after a second MessageAfter: the first reads %q, Error() %q", first, tt.err.Error())
		}
	}
	wide := strings.Repeat("x", messageRoom+1)
	if got := long("m").MessageAfter(wide); got != wide+"m" {
		t.Errorf("MessageAfter with a start wider than the room = %q", got)
	}
}
