package toolkit

import "encoding/json"

// Mode is a tool's mode: read tools may be used with `call?`, effect tools only with `do`.
type Mode string

const (
	Read   Mode = "read"
	Effect Mode = "effect"
)

// ArgType is the schema type of one tool argument (spec §9.1).
type ArgType string

const (
	// ArgString accepts a string.
	ArgString ArgType = "string"
	// ArgNumber accepts a number other than NaN (±Infinity included).
	ArgNumber ArgType = "number"
	// ArgAny accepts every value (fs.write's data).
	ArgAny ArgType = "any"
	// ArgStringRecord accepts a record whose own values are all strings (headers, env).
	ArgStringRecord ArgType = "record of strings"
)

// Arg is one field of a tool's argument schema.
type Arg struct {
	Name     string
	Type     ArgType
	Required bool
}

// Tool describes one tool of the catalogue (spec §4.1, §9.1).
type Tool struct {
	Name       string
	Mode       Mode
	Capability string
	// Args is the argument schema in schema field order (the order issues are listed in).
	Args []Arg
}

// Catalogue is the six tools in the spec's order (fs.read, fs.write, fs.list, fs.exists,
// http.get, sh.exec). Treat it as read-only.
var Catalogue = []Tool{
	{Name: "fs.read", Mode: Read, Capability: "fs.read", Args: []Arg{
		{Name: "path", Type: ArgString, Required: true},
		{Name: "encoding", Type: ArgString},
	}},
	{Name: "fs.write", Mode: Effect, Capability: "fs.write", Args: []Arg{
		{Name: "path", Type: ArgString, Required: true},
		{Name: "data", Type: ArgAny},
		{Name: "format", Type: ArgString},
	}},
	{Name: "fs.list", Mode: Read, Capability: "fs.read", Args: []Arg{
		{Name: "path", Type: ArgString, Required: true},
	}},
	{Name: "fs.exists", Mode: Read, Capability: "fs.read", Args: []Arg{
		{Name: "path", Type: ArgString, Required: true},
	}},
	{Name: "http.get", Mode: Read, Capability: "http.get", Args: []Arg{
		{Name: "url", Type: ArgString, Required: true},
		{Name: "headers", Type: ArgStringRecord},
	}},
	{Name: "sh.exec", Mode: Effect, Capability: "sh.exec", Args: []Arg{
		{Name: "cmd", Type: ArgString, Required: true},
		{Name: "cwd", Type: ArgString},
		{Name: "timeoutMs", Type: ArgNumber},
		{Name: "env", Type: ArgStringRecord},
	}},
}

// Lookup finds a tool by its dotted name.
func Lookup(name string) (Tool, bool) {
	for _, t := range Catalogue {
		if t.Name == name {
			return t, true
		}
	}
	return Tool{}, false
}

// CatalogueJSON is the catalogue as the reference host hands it to a bundle:
// [{"name":"fs.read","mode":"read","capability":"fs.read"}, …] in spec order.
func CatalogueJSON() string {
	type entry struct {
		Name       string `json:"name"`
		Mode       Mode   `json:"mode"`
		Capability string `json:"capability"`
	}
	entries := make([]entry, len(Catalogue))
	for i, t := range Catalogue {
		entries[i] = entry{t.Name, t.Mode, t.Capability}
	}
	// The names are plain ASCII, so encoding/json's HTML escaping never applies and
	// Marshal cannot fail.
	b, _ := json.Marshal(entries)
	return string(b)
}
