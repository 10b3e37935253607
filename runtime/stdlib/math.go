package stdlib

import (
	"math"

	"github.com/a0diff/a0diff/runtime/value"
)

// math.max { in: list } / math.min { in: list } (§8.7): a strict left-to-right scan, so
// the first of equal values wins and NaN never does.
func mathMax(args *value.Record, lim Limits) (value.Value, error) {
	return extreme(args, "math.max", math.Inf(-1), func(x, best float64) bool { return x > best })
}

func mathMin(args *value.Record, lim Limits) (value.Value, error) {
	return extreme(args, "math.min", math.Inf(1), func(x, best float64) bool { return x < best })
}

func extreme(args *value.Record, name string, start float64, better func(x, best float64) bool) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail(name + ": 'in' must be a list")
	}
	if len(in.Items) == 0 {
		return nil, fail(name + ": list must not be empty")
	}
	best := start
	for _, e := range in.Items {
		x, ok := e.(float64)
		if !ok {
			return nil, fail(name + ": all elements must be numbers")
		}
		if better(x, best) {
			best = x
		}
	}
	return best, nil
}
