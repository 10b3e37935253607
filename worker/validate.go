package worker

import (
	"encoding/json"
	"strconv"

	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// The validate callback (added to protocol version 1, see PROTOCOL.md): a worker that
// does not validate tool arguments itself — the node host, whose bundle asks its host
// through host.validate — asks the host, which answers with the shipped rules.
const (
	typeValidate       = "validate"       // worker → host: check a tool's arguments
	typeValidateResult = "validateResult" // host → worker: the issues ("" when valid)
)

// serveValidate answers a validate message: the ISSUES text of E_TOOL_ARGS (spec §9.1)
// for the arguments, "" when they are valid. An unknown tool or unreadable arguments are
// answered with an "error" member instead, which a worker raises as its own failure.
func serveValidate(m message) []byte {
	call, _ := m.uint("call")
	prefix := `{"type":"validateResult","call":` + strconv.FormatUint(call, 10)
	if r, ok := m["run"]; ok {
		prefix += `,"run":` + string(r)
	}
	fail := func(msg string) []byte {
		t, _ := json.Marshal(msg)
		return []byte(prefix + `,"error":` + string(t) + "}\n")
	}
	tool, err := m.str("tool")
	if err != nil {
		return fail("validate message: " + err.Error())
	}
	if _, ok := toolkit.Lookup(tool); !ok {
		return fail("validate: unknown tool " + strconv.Quote(tool))
	}
	args := value.NewRecord()
	if raw, ok := m["args"]; ok {
		v, err := value.UnmarshalCanonical(raw)
		if err != nil {
			return fail("validate: tool arguments: " + err.Error())
		}
		if args, ok = v.(*value.Record); !ok {
			return fail("validate: tool arguments are not a record")
		}
	}
	// canonical JSON keeps a lone surrogate of a key named in the issues
	issues := value.MarshalCanonical(toolkit.ValidateArgs(tool, args))
	return []byte(prefix + `,"issues":` + string(issues) + "}\n")
}
