package eval

import (
	"fmt"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// maxEngineNesting bounds the nesting of evaluator frames (statement lists and
// expressions inside one another, across user-function calls), a proxy for Go stack use.
// One unit costs about 550 bytes of stack (measured: a recursive call through
// execBlock → eval → evalCall → callUser → invoke is ~1.1 KB for two units). Go stacks
// grow by doubling and a stack may not pass 1e9 bytes, so 512 MB is the largest stack a
// goroutine really gets; overflowing it kills the process instead of ending the run. The
// cap keeps a run near 220 MB (a 256 MB stack), far above what the default
// Limits.MaxDepth allows, and still admits the 100 000 nested calls of spec §10.7 for a
// simple recursive function (three units per call).
const maxEngineNesting = 400_000

// ctxCheckEvery is how many evaluation steps pass between two looks at the context.
const ctxCheckEvery = 1024

// step is done on entry to every statement and expression: the harness checks (stack
// proxy, deadline), then the A0 time budget with the node's span.
func (ev *evaluator) step(n ast.Node) error {
	ev.entered++
	if ev.entered%ctxCheckEvery == 0 {
		if err := ev.ctx.Err(); err != nil {
			return &abort{status: outcome.StatusTimeout, detail: "the run's deadline passed (" + err.Error() + ")"}
		}
	}
	return ev.checkTime(n)
}

// execBlock executes a statement list in s (spec §5.4) and returns the list's value.
func (ev *evaluator) execBlock(stmts []ast.Stmt, s *scope) (value.Value, error) {
	ev.nesting++
	if ev.nesting > ev.maxNest {
		return nil, ev.nestingAbort()
	}
	defer func() { ev.nesting-- }()
	for _, st := range stmts {
		if err := ev.step(st); err != nil {
			return nil, err
		}
		span := spanPtr(st)
		ev.emit(outcome.EventStmtStart, span, nil)
		switch st := st.(type) {
		case *ast.LetStmt:
			v, err := ev.eval(st.Value, s)
			if err != nil {
				return nil, err
			}
			s.bind(st.Name, v)
		case *ast.ExprStmt:
			v, err := ev.eval(st.Expr, s)
			if err != nil {
				return nil, err
			}
			if st.Target != nil && len(st.Target.Parts) > 0 {
				parts := st.Target.Parts
				// The wrapping records are built like JS computed-key literals, which define
				// their key (no __proto__ special case).
				for i := len(parts) - 1; i >= 1; i-- {
					r := value.NewRecordSize(1)
					r.Set(parts[i], v)
					v = r
				}
				s.bind(parts[0], v)
			}
		case *ast.FnDecl:
			s.capture()
			if ev.fns == nil {
				ev.fns = make(map[string]*userFn)
			}
			ev.fns[st.Name] = &userFn{decl: st, closure: s}
		case *ast.ReturnStmt:
			v, err := ev.eval(st.Value, s)
			if err != nil {
				return nil, err
			}
			ev.emit(outcome.EventStmtEnd, span, nil)
			return v, nil
		default:
			return nil, fmt.Errorf("unknown statement node %T", st)
		}
		ev.emit(outcome.EventStmtEnd, span, nil)
	}
	return nil, nil
}
