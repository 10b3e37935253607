package outcome

// For the tests of package outcome_test, which run programs (package run imports this
// one).
var (
	ParseFastForTest    = parseFast
	ParseCarefulForTest = parseCareful
)
