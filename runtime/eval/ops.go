package eval

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/value"
)

// plusChain evaluates a chain of '+' whose left operand is itself a '+' (a + b + c …,
// left-associative) as the recursion through eval would — the same steps, nesting,
// operand order and errors — but joins a run of strings in one growing buffer instead
// of copying the whole string so far at every '+': the generator's big-value programs
// join 19 strings of up to a million characters in one expression (17 MB copied for a
// 1 MB result). e's own step and nesting frame were taken by eval.
func (ev *evaluator) plusChain(e *ast.BinaryExpr, s *scope) (value.Value, error) {
	var room [8]*ast.BinaryExpr
	spine := append(room[:0], e) // spine[i+1] is spine[i].Left
	for {
		l, ok := spine[len(spine)-1].Left.(*ast.BinaryExpr)
		if !ok || l.Op != ast.Plus {
			break
		}
		spine = append(spine, l)
	}
	// The frames eval would enter for the inner '+' nodes, outermost first, before their
	// leftmost operand; each is left once its node's value is made.
	entered := 0
	defer func() { ev.nesting -= entered }()
	for _, n := range spine[1:] {
		ev.nesting++
		entered++
		if ev.nesting > ev.maxNest {
			return nil, ev.nestingAbort()
		}
		if err := ev.step(n); err != nil {
			return nil, err
		}
	}
	acc, err := ev.eval(spine[len(spine)-1].Left, s)
	if err != nil {
		return nil, err
	}
	// joined holds acc's text while acc is a string made here (nil otherwise): the
	// buffer is this function's own until its text is returned, so it grows in place.
	var joined []byte
	for i := len(spine) - 1; i >= 0; i-- {
		n := spine[i]
		r, err := ev.eval(n.Right, s)
		if err != nil {
			return nil, err
		}
		a, aStr := acc.(string)
		b, bStr := r.(string)
		if joined != nil {
			a = unsafe.String(unsafe.SliceData(joined), len(joined))
		}
		if aStr && bStr {
			if len(a)+len(b) > ev.limits.MaxSize {
				if n := value.UTF16Len(a) + value.UTF16Len(b); n > ev.limits.MaxSize {
					return nil, ev.sizeAbort("string", n)
				}
			}
			if joined == nil {
				joined = make([]byte, 0, 2*(len(a)+len(b)))
				joined = append(joined, a...)
			}
			joined = value.AppendConcat(joined, b)
		} else {
			if joined != nil {
				acc, joined = a, nil
			}
			if acc, err = ev.binary(n, acc, r); err != nil {
				return nil, err
			}
		}
		if i > 0 {
			ev.nesting--
			entered--
		}
	}
	if joined != nil {
		return unsafe.String(unsafe.SliceData(joined), len(joined)), nil
	}
	return acc, nil
}

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
