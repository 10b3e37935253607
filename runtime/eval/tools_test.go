package eval

import (
	"errors"
	"math"
	"testing"

	"github.com/a0diff/a0diff/runtime/value"
)

// writeData is the Go evaluator's own serialisation of fs.write's data (spec §9.2); the
// expected texts are JSON.stringify's in node.
func TestWriteData(t *testing.T) {
	negZero := math.Copysign(0, -1)
	fn, _ := value.NewRecord().Lookup("toString")
	for _, c := range []struct {
		name   string
		kv     []any
		want   string
		wantOK bool
	}{
		{"string raw", []any{"data", "a\nb"}, "a\nb", true},
		{"list compact", []any{"data", value.NewList(negZero, math.NaN(), math.Inf(1), 1.5)}, "[0,null,null,1.5]", true},
		{"json indented", []any{"data", value.NewList(1.0, value.NewList()), "format", "json"}, "[\n  1,\n  []\n]", true},
		{"json string", []any{"data", "x", "format", "json"}, `"x"`, true},
		{"format not a string", []any{"data", "x", "format", 1.0}, "x", true},
		{"no data", []any{"path", "p"}, "", false},
		{"no data json", []any{"format", "json"}, "", false},
		{"null data", []any{"data", nil}, "null", true},
		{"function data", []any{"data", fn}, "", false},
	} {
		args := value.NewRecord()
		for i := 0; i+1 < len(c.kv); i += 2 {
			args.Set(c.kv[i].(string), c.kv[i+1])
		}
		got, err := writeData(args, 0)
		if err != nil || got.Text != c.want || got.OK != c.wantOK {
			t.Errorf("%s: got %q ok=%v err=%v, want %q ok=%v", c.name, got.Text, got.OK, err, c.want, c.wantOK)
		}
	}
}

// A value shared many times serialises to far more nodes than it holds: over the size
// limit the text is a harness limit, not a tool failure.
func TestWriteDataLimit(t *testing.T) {
	v := value.Value(value.NewList(1.0, 2.0))
	for i := 0; i < 30; i++ {
		v = value.NewList(v, v)
	}
	args := value.NewRecord()
	args.Set("data", v)
	_, err := writeData(args, 1000)
	var limit *value.LimitError
	if !errors.As(err, &limit) {
		t.Fatalf("want a *value.LimitError, got %T %v", err, err)
	}
	small := value.NewRecord()
	small.Set("data", value.NewList(value.NewList(1.0, 2.0), value.NewList(3.0, 4.0)))
	small.Set("format", "json")
	if _, err := writeData(small, 1000); err != nil {
		t.Errorf("a small value is within the limit: %v", err)
	}
}
