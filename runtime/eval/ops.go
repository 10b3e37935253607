package eval

import (
	"fmt"
	"math"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/value"
)

// binary applies a binary operator to already evaluated operands (spec §5.6). Every
// error is E_TYPE with the operator node's span and typeof-names of the operands.
func (ev *evaluator) binary(e *ast.BinaryExpr, l, r value.Value) (value.Value, error) {
	switch e.Op {
	case ast.EqEq:
		return value.DeepEqual(l, r), nil
	case ast.NotEq:
		return !value.DeepEqual(l, r), nil
	case ast.Plus:
		switch a := l.(type) {
		case float64:
			if b, ok := r.(float64); ok {
				return number(a + b), nil
			}
		case string:
			if b, ok := r.(string); ok {
				if len(a)+len(b) > ev.limits.MaxSize {
					if n := value.UTF16Len(a) + value.UTF16Len(b); n > ev.limits.MaxSize {
						return nil, ev.sizeAbort("string", n)
					}
				}
				return value.Concat(a, b), nil
			}
		}
		return nil, newError(diag.Type, e, "Operator '+' requires two numbers or two strings, got %s and %s.", value.TypeofName(l), value.TypeofName(r))
	case ast.Minus, ast.Star, ast.Slash, ast.Percent:
		a, ok1 := l.(float64)
		b, ok2 := r.(float64)
		if !ok1 || !ok2 {
			return nil, newError(diag.Type, e, "Operator '%s' requires numbers, got %s and %s.", e.Op, value.TypeofName(l), value.TypeofName(r))
		}
		switch e.Op {
		case ast.Minus:
			return number(a - b), nil
		case ast.Star:
			return number(a * b), nil
		case ast.Slash:
			if b == 0 {
				return nil, newError(diag.Type, e, "Division by zero.")
			}
			return number(a / b), nil
		default:
			if b == 0 {
				return nil, newError(diag.Type, e, "Modulo by zero.")
			}
			return number(modulo(a, b)), nil
		}
	case ast.Less, ast.Greater, ast.LessEq, ast.GreaterEq:
		switch a := l.(type) {
		case float64:
			if b, ok := r.(float64); ok {
				return compareNumbers(e.Op, a, b), nil
			}
		case string:
			if b, ok := r.(string); ok {
				return compareResult(e.Op, value.CompareStrings(a, b)), nil
			}
		}
		return nil, newError(diag.Type, e, "Operator '%s' requires numbers or strings of the same type, got %s and %s.", e.Op, value.TypeofName(l), value.TypeofName(r))
	}
	return nil, fmt.Errorf("unknown binary operator %q", e.Op)
}

// modulo is JavaScript's a % b for b != 0: the truncated remainder, which is C fmod =
// math.Mod (sign of the dividend, -0 kept, NaN for infinite dividends). math.Mod is slow,
// so integral operands within ±2^53, where int64 arithmetic is exact, take the integer
// remainder (truncated too); only its -0 needs restoring.
func modulo(a, b float64) float64 {
	const exact = 1 << 53
	if a == math.Trunc(a) && b == math.Trunc(b) && math.Abs(a) <= exact && math.Abs(b) <= exact {
		r := float64(int64(a) % int64(b))
		if r == 0 && math.Signbit(a) {
			return math.Copysign(0, -1)
		}
		return r
	}
	return math.Mod(a, b)
}

// compareNumbers is IEEE comparison: every comparison involving NaN is false.
func compareNumbers(op ast.Op, a, b float64) bool {
	switch op {
	case ast.Less:
		return a < b
	case ast.Greater:
		return a > b
	case ast.LessEq:
		return a <= b
	default:
		return a >= b
	}
}

func compareResult(op ast.Op, c int) bool {
	switch op {
	case ast.Less:
		return c < 0
	case ast.Greater:
		return c > 0
	case ast.LessEq:
		return c <= 0
	default:
		return c >= 0
	}
}

// number boxes f, sharing the box for small integers (value.Number).
func number(f float64) value.Value { return value.Number(f) }
