package campaign

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/a0diff/a0diff/baseline"
	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
)

// Request is a campaign as `a0diff fuzz` asks for it: the values of its flags, unchecked.
// Validate and Resolve check them and make the campaign's Options; every error names the
// flag to change, so the CLI prints it as it is.
type Request struct {
	Seed     int64
	Count    int           // --count (0: no bound)
	Duration time.Duration // --time (0: no bound)
	Start    int           // --start
	Workers  int           // -j
	Out      string        // --out
	// The generator's flags: --swarm, --invalid-share, --size and --features (the
	// text, "-name" leaving one out; see gen.ParseFeatures).
	Swarm        bool
	InvalidShare float64
	Size         int
	Features     string
	Minimize     bool
	Shard        string // --shard K/N ("" for the whole campaign)
	Guided       bool
	Timeout      time.Duration // --timeout, the per-run deadline
	RefPath      string        // --ref ("" for the embedded bundle)
	Format       string        // --format: text or json
	JUnit        string        // --junit FILE ("" for none)
	Compare      string        // --compare ASPECTS ("" for all)
	Baseline     string        // --baseline FILE ("" for none)
	Reduce       ReduceBudget  // --reduce-*
}

// Plan is a checked Request: the campaign's Options (without the Batch and Impls only
// the caller, which starts the implementations, knows), the scope --compare chooses and
// the baseline --baseline names (nil without one).
type Plan struct {
	Options Options
	Scope   diff.Scope
	Known   *baseline.Baseline
}

// options are the Options r asks for, before the flags that need parsing.
func (r *Request) options() Options {
	return Options{
		Seed: r.Seed, Count: r.Count, Duration: r.Duration, Start: r.Start, Workers: r.Workers,
		Out:          r.Out,
		Gen:          gen.Options{Size: r.Size, Swarm: r.Swarm, InvalidShare: r.InvalidShare},
		FeaturesFlag: r.Features, Minimize: r.Minimize, Timeout: r.Timeout, RefPath: r.RefPath,
		Guided: r.Guided, Reduce: r.Reduce,
	}
}

// Validate reports the first number or name of r a campaign cannot run with, without
// looking at the file system or parsing a list.
func (r *Request) Validate() error {
	o := r.options()
	if err := o.Check(); err != nil {
		return err
	}
	if r.Timeout <= 0 {
		return fmt.Errorf("--timeout must be positive, not %s", r.Timeout)
	}
	return nil
}

// Resolve checks r whole and returns its Plan. Besides Validate's checks, it makes sure
// files can be written in --out and beside --junit (before any case runs, not after the
// campaign), that --junit names no existing file, and reads --features, --shard,
// --compare and --baseline.
func (r *Request) Resolve() (Plan, error) {
	if err := r.Validate(); err != nil {
		return Plan{}, err
	}
	o := r.options()
	if err := corpus.CheckWritableDir(r.Out); err != nil {
		return Plan{}, fmt.Errorf("--out %s: %v", r.Out, err)
	}
	var err error
	if o.Gen.Features, err = gen.ParseFeatures(r.Features); err != nil {
		return Plan{}, fmt.Errorf("--features: %v", err)
	}
	if o.Gen.Features == 0 {
		return Plan{}, errors.New("--features: at least one feature is needed")
	}
	if r.Shard != "" {
		if o.Shard, err = ParseShard(r.Shard); err != nil {
			return Plan{}, fmt.Errorf("--shard: %v", err)
		}
		if err := o.Check(); err != nil { // --guided with a shard
			return Plan{}, err
		}
	}
	if r.Format != "text" && r.Format != "json" {
		return Plan{}, fmt.Errorf("--format must be text or json, not %q", r.Format)
	}
	if r.JUnit != "" {
		if _, err := os.Lstat(r.JUnit); err == nil {
			return Plan{}, fmt.Errorf("--junit %s: already exists; a0diff fuzz never replaces a file", r.JUnit)
		}
		if err := corpus.CheckWritableDir(filepath.Dir(r.JUnit)); err != nil {
			return Plan{}, fmt.Errorf("--junit %s: %v", r.JUnit, err)
		}
	}
	scope, err := diff.CompareScope(r.Compare)
	if err != nil {
		return Plan{}, err
	}
	b := r.Reduce
	if b.PerSignatureCandidates <= 0 || b.Candidates <= 0 || b.PerSignatureTime <= 0 || b.Time < 0 || b.CandidateTimeout <= 0 {
		return Plan{}, errors.New("--reduce-candidates, --reduce-time, --reduce-total-candidates and --reduce-deadline must be positive, --reduce-total-time not negative")
	}
	var known *baseline.Baseline
	if r.Baseline != "" {
		if known, err = baseline.Read(r.Baseline); err != nil {
			return Plan{}, err
		}
	}
	return Plan{Options: o, Scope: scope, Known: known}, nil
}
