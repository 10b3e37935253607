package validate

// The known sets of spec §4.1. Their order matters: it appears in hints.

// Capabilities are the capability names, in hint order.
var Capabilities = []string{"fs.read", "fs.write", "http.get", "sh.exec"}

// BudgetFields are the budget header fields, in hint order.
var BudgetFields = []string{"timeMs", "maxToolCalls", "maxBytesWritten", "maxIterations"}

// Tool is a tool of the catalogue as the validator sees it.
type Tool struct {
	Name       string
	Effect     bool // mode "effect" (else "read")
	Capability string
}

// Tools is the tool catalogue, in hint order.
var Tools = []Tool{
	{"fs.read", false, "fs.read"},
	{"fs.write", true, "fs.write"},
	{"fs.list", false, "fs.read"},
	{"fs.exists", false, "fs.read"},
	{"http.get", false, "http.get"},
	{"sh.exec", true, "sh.exec"},
}

// StdlibFunctions are the 36 known function names, in hint order.
var StdlibFunctions = []string{
	"parse.json", "get", "put", "patch", "eq", "contains", "not", "and", "or", "len", "map",
	"append", "concat", "sort", "filter", "find", "range", "join", "str.concat", "str.split",
	"str.starts", "str.replace", "keys", "values", "merge", "math.max", "math.min", "str.ends",
	"unique", "reduce", "coalesce", "typeof", "pluck", "flat", "entries", "str.template",
}

func setOf(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

var (
	capabilitySet  = setOf(Capabilities)
	budgetFieldSet = setOf(BudgetFields)
	stdlibSet      = setOf(StdlibFunctions)
	toolsByName    = func() map[string]Tool {
		m := map[string]Tool{}
		for _, t := range Tools {
			m[t.Name] = t
		}
		return m
	}()
)

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

func toolNames() []string {
	var out []string
	for _, t := range Tools {
		out = append(out, t.Name)
	}
	return out
}

// Hints of §4.7.
var (
	hintDupBudget     = "Combine all budget fields into a single 'budget { ... }' header."
	hintImport        = "Remove 'import ... as ...' for now."
	hintNoReturnProg  = "Add a 'return <expr>' statement at the end of your program."
	hintNoReturnBlock = "Add a 'return <expr>' statement at the end of the body."
	hintReturnNotLast = "Move any statements after return before it, or remove them."
	hintUnknownCap    = "Valid capabilities: " + joinNames(Capabilities)
	hintCapValue      = "Use capability declarations like 'cap { fs.read: true }'."
	hintUnknownBudget = "Valid budget fields: " + joinNames(BudgetFields)
	hintBudgetType    = "Use integer values, for example: budget { timeMs: 5000 }."
	hintDupBinding    = "Use a different variable name."
	hintDupParam      = "Use unique parameter names in function declarations."
	hintFnDup         = "Use a different function name."
	hintFnStdlib      = "Use a different function name to avoid shadowing the stdlib."
	hintUnbound       = "Make sure the variable is defined with 'let' before use."
	hintUnknownFn     = "Known stdlib functions: " + joinNames(StdlibFunctions) + ". User-defined functions must be declared before use."
	hintUnknownTool   = "Valid tools: " + joinNames(toolNames())
)
