package stdlib

import "github.com/a0diff/a0diff/runtime/value"

// The predicates of §8.3; none of them can fail.

// eq { a, b }: deep equality (§5.7).
func eq(args *value.Record, lim Limits) (value.Value, error) {
	return value.DeepEqual(arg(args, "a"), arg(args, "b")), nil
}

// contains { in, value }: substring, list membership or own-key test.
func contains(args *value.Record, lim Limits) (value.Value, error) {
	needle := arg(args, "value")
	switch in := arg(args, "in").(type) {
	case string:
		s, ok := needle.(string)
		return ok && value.Contains(in, s), nil
	case *value.List:
		for _, e := range in.Items {
			if value.DeepEqual(e, needle) {
				return true, nil
			}
		}
		return false, nil
	case *value.Record:
		k, ok := needle.(string)
		return ok && in.Has(k), nil
	}
	return false, nil
}

// not { in }: negated truthiness.
func not(args *value.Record, lim Limits) (value.Value, error) {
	return !value.Truthy(arg(args, "in")), nil
}

// and { a, b }: both truthy (both are always evaluated by the caller).
func and(args *value.Record, lim Limits) (value.Value, error) {
	a, b := value.Truthy(arg(args, "a")), value.Truthy(arg(args, "b"))
	return a && b, nil
}

// or { a, b }: either truthy.
func or(args *value.Record, lim Limits) (value.Value, error) {
	a, b := value.Truthy(arg(args, "a")), value.Truthy(arg(args, "b"))
	return a || b, nil
}

// coalesce { in, default }: in unless it is null or absent.
func coalesce(args *value.Record, lim Limits) (value.Value, error) {
	if in := arg(args, "in"); in != nil {
		return in, nil
	}
	return arg(args, "default"), nil
}

// typeof { in }: null, boolean, number, string, list or record.
func typeOf(args *value.Record, lim Limits) (value.Value, error) {
	return value.A0TypeName(arg(args, "in")), nil
}
