package gen

// Options tune the generator. The zero value is usable: every field has a default.
type Options struct {
	// Size bounds the program: roughly the number of AST nodes the generator creates
	// (default 60). Generation stops adding statements and nesting once it is spent.
	Size int
	// Features are the language areas programs may use (default AllFeatures).
	Features Features
	// Swarm gives each case a random half of Features. Without it, a case keeps every
	// feature or switches each off with probability DropPercent/100 (see thin).
	Swarm bool
	// DropPercent is the chance, in percent, that a case without Swarm switches off one
	// feature (default DefaultDropPercent; negative means never: every case has all of
	// Features).
	DropPercent int
	// InvalidShare is the share of cases (0…1) generated in invalid mode: a valid program
	// mutated so that lexing, parsing or validation fails (default 0).
	InvalidShare float64
	// WrongTypePercent is the chance, in percent, that an operand or argument is
	// deliberately of the wrong type (default 6; negative means never).
	WrongTypePercent int
	// PitfallPercent is the chance, in percent, that a literal is drawn from the pitfalls
	// of spec §10 rather than plain values (default 50; negative means never).
	PitfallPercent int
	// File is the span file name of the generated cases (default "case.a0").
	File string
}

// DefaultDropPercent is Options.DropPercent's default.
const DefaultDropPercent = 15

// DefaultFile is the span file name of generated cases.
const DefaultFile = "case.a0"

func (o Options) withDefaults() Options {
	if o.Size <= 0 {
		o.Size = 60
	}
	if o.Features == 0 {
		o.Features = AllFeatures
	}
	if o.DropPercent == 0 {
		o.DropPercent = DefaultDropPercent
	}
	if o.DropPercent < 0 {
		o.DropPercent = 0
	}
	if o.WrongTypePercent == 0 {
		o.WrongTypePercent = 6
	}
	if o.WrongTypePercent < 0 {
		o.WrongTypePercent = 0
	}
	if o.PitfallPercent == 0 {
		o.PitfallPercent = 50
	}
	if o.PitfallPercent < 0 {
		o.PitfallPercent = 0
	}
	if o.InvalidShare < 0 {
		o.InvalidShare = 0
	}
	if o.InvalidShare > 1 {
		o.InvalidShare = 1
	}
	if o.File == "" {
		o.File = DefaultFile
	}
	return o
}
