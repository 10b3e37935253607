package toolkit

import (
	"errors"
	"fmt"

	"github.com/a0diff/a0diff/runtime/value"
)

// The reference's goja host passes tool arguments and results as canonical JSON text
// (reference/ts-bundle/README.md); these helpers speak that form so the host and the Go
// evaluator run exactly the same code.

// decodeArgs reads canonical JSON that must be a record.
func decodeArgs(argsJSON string) (*value.Record, error) {
	v, err := value.UnmarshalCanonical([]byte(argsJSON))
	if err != nil {
		return nil, fmt.Errorf("tool arguments: %w", err)
	}
	r, ok := v.(*value.Record)
	if !ok {
		return nil, errors.New("tool arguments: not a JSON object")
	}
	return r, nil
}

// ValidateJSON is ValidateArgs over a canonical-JSON argument record (host.validate).
// The error reports JSON that is not a canonical record, a bug in the caller.
func ValidateJSON(tool, argsJSON string) (string, error) {
	args, err := decodeArgs(argsJSON)
	if err != nil {
		return "", err
	}
	return ValidateArgs(tool, args), nil
}

// CallJSON is CallData over a canonical-JSON argument record (host.call): it returns
// {"ok":RESULT} or {"err":"MESSAGE"}. The error reports undecodable arguments or a harness
// limit (*value.LimitError), which are not tool failures.
func (k *Virtual) CallJSON(tool, argsJSON string, data Data) (string, error) {
	args, err := decodeArgs(argsJSON)
	if err != nil {
		return "", err
	}
	result, err := k.CallData(tool, args, data)
	if err != nil {
		if !IsToolFailure(err) {
			return "", err
		}
		return `{"err":` + string(value.MarshalCanonical(err.Error())) + `}`, nil
	}
	return `{"ok":` + string(value.MarshalCanonical(result)) + `}`, nil
}
