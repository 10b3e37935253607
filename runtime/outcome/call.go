package outcome

import (
	"errors"
	"fmt"

	"github.com/a0diff/a0diff/runtime/value"
)

// Call is one tool invocation as the kit saw it.
type Call struct {
	Tool    string
	Args    value.Value // the argument record as given
	Outcome string      // "ok" or "err"
	Result  value.Value // when ok
	Error   string      // when err
}

// MarshalJSON writes the call as an Outcome's toolCalls entry:
// {"tool":T,"args":A,"outcome":"ok","result":R} or {…,"outcome":"err","error":MSG},
// values in value.MarshalCanonical form.
func (c Call) MarshalJSON() ([]byte, error) {
	b := []byte(`{"tool":`)
	b = append(b, value.MarshalCanonical(c.Tool)...)
	b = append(b, `,"args":`...)
	b = append(b, value.MarshalCanonical(c.Args)...)
	b = append(b, `,"outcome":`...)
	b = append(b, value.MarshalCanonical(c.Outcome)...)
	if c.Outcome == "ok" {
		b = append(b, `,"result":`...)
		b = append(b, value.MarshalCanonical(c.Result)...)
	} else {
		b = append(b, `,"error":`...)
		b = append(b, value.MarshalCanonical(c.Error)...)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Call) UnmarshalJSON(b []byte) error {
	v, err := value.UnmarshalCanonical(b)
	if err != nil {
		return fmt.Errorf("tool call: %w", err)
	}
	r, ok := v.(*value.Record)
	if !ok {
		return errors.New("tool call: not a JSON object")
	}
	var out Call
	for _, key := range r.Keys() {
		item, _ := r.Get(key)
		switch key {
		case "tool", "outcome", "error":
			s, ok := item.(string)
			if !ok {
				return fmt.Errorf("tool call: %q is not a string", key)
			}
			switch key {
			case "tool":
				out.Tool = s
			case "outcome":
				out.Outcome = s
			default:
				out.Error = s
			}
		case "args":
			out.Args = item
		case "result":
			out.Result = item
		default:
			return fmt.Errorf("tool call: unknown key %q", key)
		}
	}
	switch {
	case !r.Has("tool") || !r.Has("args") || !r.Has("outcome"):
		return errors.New(`tool call: "tool", "args" and "outcome" are required`)
	case out.Outcome == "ok" && (!r.Has("result") || r.Has("error")):
		return errors.New(`tool call: an "ok" call has a "result" and no "error"`)
	case out.Outcome == "err" && (!r.Has("error") || r.Has("result")):
		return errors.New(`tool call: an "err" call has an "error" and no "result"`)
	case out.Outcome != "ok" && out.Outcome != "err":
		return fmt.Errorf("tool call: outcome %q is neither \"ok\" nor \"err\"", out.Outcome)
	}
	*c = out
	return nil
}
