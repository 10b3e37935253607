package outcome

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// An Outcome's values can nest as deep as a program builds them (a loop wrapping a list in
// a list ten thousand times is a valid A0 program), but encoding/json refuses texts nested
// more than 10 000 levels deep. So the Outcome's own structure — the top-level object, its
// lists of diagnostics, evidence, events and calls, and their objects — is split here
// without a depth limit; the raw values are then read by value.UnmarshalCanonical (whose
// parser has no depth limit either) and only shallow texts reach encoding/json.

// rawMembers splits the JSON object text b into its members' raw values (the last of a
// repeated key wins, as with encoding/json). It checks the object's own syntax; the member
// values are checked by whoever reads them.
func rawMembers(b []byte) (map[string]json.RawMessage, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, fmt.Errorf("expected a JSON object")
	}
	m := map[string]json.RawMessage{}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return m, trailing(b, i+1)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return nil, fmt.Errorf("expected a member name at offset %d", i)
		}
		end, err := skipValue(b, i)
		if err != nil {
			return nil, err
		}
		var key string
		if err := json.Unmarshal(b[i:end], &key); err != nil {
			return nil, err
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return nil, fmt.Errorf("expected ':' at offset %d", i)
		}
		i = skipSpace(b, i+1)
		if end, err = skipValue(b, i); err != nil {
			return nil, err
		}
		m[key] = json.RawMessage(b[i:end])
		i = skipSpace(b, end)
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
			continue
		}
		if i < len(b) && b[i] == '}' {
			return m, trailing(b, i+1)
		}
		return nil, fmt.Errorf("expected ',' or '}' at offset %d", i)
	}
}

// rawElements splits the JSON array text b into its elements' raw texts; null is an
// empty list (as encoding/json reads it into a slice).
func rawElements(b []byte) ([]json.RawMessage, error) {
	if string(bytes.TrimSpace(b)) == "null" {
		return nil, nil
	}
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return nil, fmt.Errorf("expected a JSON array")
	}
	var out []json.RawMessage
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return out, trailing(b, i+1)
	}
	for {
		end, err := skipValue(b, i)
		if err != nil {
			return nil, err
		}
		out = append(out, json.RawMessage(b[i:end]))
		i = skipSpace(b, end)
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
			continue
		}
		if i < len(b) && b[i] == ']' {
			return out, trailing(b, i+1)
		}
		return nil, fmt.Errorf("expected ',' or ']' at offset %d", i)
	}
}

// skipValue returns the end of the JSON value starting at b[i]: it matches brackets and
// skips strings, iteratively, without validating scalars.
func skipValue(b []byte, i int) (int, error) {
	start, depth := i, 0
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(b) {
				return 0, fmt.Errorf("unterminated string at offset %d", i)
			}
			if i = j; depth == 0 {
				return i + 1, nil
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return scalarEnd(start, i)
			}
			if depth--; depth == 0 {
				return i + 1, nil
			}
		case ',', ':', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return scalarEnd(start, i)
			}
		}
	}
	if depth != 0 {
		return 0, fmt.Errorf("unexpected end of JSON input")
	}
	return scalarEnd(start, i)
}

// scalarEnd is the end of a scalar that runs from start to end, which must not be empty.
func scalarEnd(start, end int) (int, error) {
	if end == start {
		return 0, fmt.Errorf("expected a JSON value at offset %d", start)
	}
	return end, nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

func trailing(b []byte, i int) error {
	if i = skipSpace(b, i); i != len(b) {
		return fmt.Errorf("unexpected text after the JSON value at offset %d", i)
	}
	return nil
}

// field names a shallow member and where to read it.
type field struct {
	name string
	into any
}

// unmarshalFields reads the named members of m, in order, with unmarshalField.
func unmarshalFields(m map[string]json.RawMessage, fields ...field) error {
	for _, f := range fields {
		if err := unmarshalField(m, f.name, f.into); err != nil {
			return err
		}
	}
	return nil
}

// unmarshalField reads member k of m into v with encoding/json (for shallow fields); an
// absent member leaves v unchanged.
func unmarshalField(m map[string]json.RawMessage, k string, v any) error {
	raw, ok := m[k]
	if !ok {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%q: %w", k, err)
	}
	return nil
}
