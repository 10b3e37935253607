package eval

import (
	"fmt"
	"time"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// The evaluator calls tools through the run's toolkit.Kit and holds any kit to the
// host-API contract: a failing tool becomes E_TOOL, a panicking tool is recovered into
// E_TOOL, and a result that is not an A0 value is converted (FromHost) or rejected as
// E_TOOL — a raw Go value never reaches the program. The catalogue (toolkit.Lookup,
// toolkit.ValidateArgs) says what a tool is and which arguments it takes.

// evalTool is `call? T { args }` / `do T { args }` in the exact order of spec §5.14.
func (ev *evaluator) evalTool(e ast.Expr, toolPath *ast.IdentPath, argsExpr *ast.RecordExpr, isCall bool, s *scope) (value.Value, error) {
	name := joinPath(toolPath)
	tool, ok := toolkit.Lookup(name)
	if !ok || ev.kit == nil {
		return nil, newError(diag.UnknownTool, e, "Unknown tool '%s'.", name)
	}
	if isCall && tool.Mode == toolkit.Effect {
		return nil, newError(diag.CallEffect, e, "Cannot use 'call?' with effectful tool '%s'. Use 'do' instead.", name)
	}
	if !ev.allowed[tool.Capability] {
		err := newError(diag.CapDenied, e, "Capability '%s' required by tool '%s' is not allowed.", tool.Capability, name)
		err.Details = detailRecord("capability", tool.Capability, "tool", name)
		return nil, err
	}
	args, err := ev.evalRecord(argsExpr, s)
	if err != nil {
		return nil, err
	}
	// The reference hands the arguments to its host as JSON text.
	if err := ev.checkSerialised(args); err != nil {
		return nil, err
	}
	if issues := toolkit.ValidateArgs(name, args); issues != "" {
		var argsNode ast.Node = e
		if argsExpr != nil {
			argsNode = argsExpr
		}
		err := newError(diag.ToolArgs, argsNode, "Invalid arguments for tool '%s': %s", name, issues)
		err.Details = detailRecord("tool", name)
		return nil, err
	}
	if err := ev.countToolCall(e); err != nil {
		return nil, err
	}
	span := spanPtr(e)
	start := value.NewRecordSize(3)
	start.Set("tool", name)
	start.Set("args", args)
	start.Set("mode", string(tool.Mode))
	ev.emit(outcome.EventToolStart, span, start)

	began := time.Now()
	result, msg, failed, err := ev.runTool(name, args)
	duration := float64(time.Since(began).Milliseconds())
	if err != nil {
		return nil, err // a harness limit
	}
	end := value.NewRecordSize(4)
	end.Set("tool", name)
	if failed {
		end.Set("outcome", "err")
		end.Set("durationMs", duration)
		end.Set("error", msg)
		ev.emit(outcome.EventToolEnd, span, end)
		err := newError(diag.Tool, e, "Tool '%s' failed: %s", name, msg)
		err.Details = detailRecord("tool", name)
		return nil, err
	}
	end.Set("outcome", "ok")
	end.Set("durationMs", duration)
	ev.emit(outcome.EventToolEnd, span, end)

	if r, ok := result.(*value.Record); ok {
		if b, _ := r.Lookup("bytes"); b != nil {
			if n, ok := b.(float64); ok {
				if err := ev.countBytes(e, n); err != nil {
					return nil, err
				}
			}
		}
	}
	if err := ev.checkTime(e); err != nil {
		return nil, err
	}
	return result, nil
}

// runTool calls the tool under the host-API contract. It returns the A0 result, or
// failed with the message of E_TOOL (a tool error, a recovered panic, an unconvertible
// result), or an error only for a harness limit.
func (ev *evaluator) runTool(name string, args *value.Record) (result value.Value, failure string, failed bool, limit error) {
	var data toolkit.Data
	if name == "fs.write" {
		d, err := writeData(args, ev.limits.MaxSize)
		if err != nil {
			if a, ok := fromLimitError(err); ok {
				return nil, "", false, a
			}
			return nil, err.Error(), true, nil
		}
		data = d
	}
	raw, err := ev.callRecovering(name, args, data)
	if err != nil {
		if a, ok := fromLimitError(err); ok {
			return nil, "", false, a
		}
		return nil, err.Error(), true, nil
	}
	v, err := FromHost(raw, ev.limits.MaxSize)
	if err != nil {
		if a, ok := fromLimitError(err); ok {
			return nil, "", false, a
		}
		return nil, "tool returned a value A0 cannot represent: " + err.Error(), true, nil
	}
	if err := ev.checkSerialised(v); err != nil {
		return nil, "", false, err
	}
	return v, "", false, nil
}

func (ev *evaluator) callRecovering(name string, args *value.Record, data toolkit.Data) (raw any, err error) {
	defer func() {
		if p := recover(); p != nil {
			raw, err = nil, fmt.Errorf("tool panicked: %v", p)
		}
	}()
	return ev.kit.CallData(name, args, data)
}

// writeData is the text fs.write writes, serialised by the Go evaluator
// (value.WriteDataText).
func writeData(args *value.Record, maxSize int) (toolkit.Data, error) {
	text, ok, err := value.WriteDataText(args, maxSize)
	return toolkit.Data{Text: text, OK: ok}, err
}
