package outcome

import "encoding/json"

// SplitObject splits the JSON object text b into its members' raw values, without the
// nesting limit of encoding/json (see rawMembers), so that messages carrying an Outcome
// or A0 values (the worker protocol, package worker) can be read whatever their depth.
func SplitObject(b []byte) (map[string]json.RawMessage, error) { return rawMembers(b) }
