package diag

// Code is the code of a diagnostic or runtime error (spec §5.17, §7.2). The set is
// closed: the constants below are every code the Go implementation reports. Codes read
// from a reference Outcome are kept as they come, so a Code outside the set can occur
// there (it is a divergence for the differ to report, not an error here).
type Code string

// Compile-time codes: lexer (§1.9), parser and AST construction (§2.8, §2.9) and the
// validator (§4). A program with one of them does not run (exit 2, §7.2).
const (
	Lex               Code = "E_LEX"
	Parse             Code = "E_PARSE"
	AST               Code = "E_AST"
	NoReturn          Code = "E_NO_RETURN"
	ReturnNotLast     Code = "E_RETURN_NOT_LAST"
	DupBinding        Code = "E_DUP_BINDING"
	DupBudget         Code = "E_DUP_BUDGET"
	FnDup             Code = "E_FN_DUP"
	ImportUnsupported Code = "E_IMPORT_UNSUPPORTED"
	UnknownCap        Code = "E_UNKNOWN_CAP"
	CapValue          Code = "E_CAP_VALUE"
	UndeclaredCap     Code = "E_UNDECLARED_CAP"
	UnknownBudget     Code = "E_UNKNOWN_BUDGET"
	BudgetType        Code = "E_BUDGET_TYPE"
	Unbound           Code = "E_UNBOUND"      // also at run time
	UnknownFn         Code = "E_UNKNOWN_FN"   // also at run time
	UnknownTool       Code = "E_UNKNOWN_TOOL" // also at run time
	CallEffect        Code = "E_CALL_EFFECT"  // also at run time
)

// Runtime codes (§5.17): catchable by try, except where §7.2 says otherwise.
const (
	Type           Code = "E_TYPE"
	Path           Code = "E_PATH"
	Fn             Code = "E_FN"
	ForNotList     Code = "E_FOR_NOT_LIST"
	MatchNotRecord Code = "E_MATCH_NOT_RECORD"
	MatchNoArm     Code = "E_MATCH_NO_ARM"
	Assert         Code = "E_ASSERT"
	Budget         Code = "E_BUDGET"
	CapDenied      Code = "E_CAP_DENIED"
	Tool           Code = "E_TOOL"
	ToolArgs       Code = "E_TOOL_ARGS"
	// Runtime is an internal (non-A0) error reaching A0 level, as the reference reports
	// a JavaScript exception.
	Runtime Code = "E_RUNTIME"
)

// Codes of the Go parser that are not A0 error codes: callers turn them into a harness
// outcome (outcome.StatusResource, outcome.StatusCrash) rather than exit 2.
const (
	// TooDeep: the program nests deeper than syntax.MaxNestingDepth.
	TooDeep Code = "E_TOO_DEEP"
	// Internal: the parser itself failed (a Go panic, a bug).
	Internal Code = "E_INTERNAL"
)
