package campaign

import (
	"context"
	"maps"
	"strings"
	"sync"
	"testing"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
)

func TestCampaignCountsEveryCase(t *testing.T) {
	rs := trial.Runners{Impl: run.New(), Ref: run.New()}
	c := New(rs, Options{Seed: 3, Count: 40, Workers: 2, Out: t.TempDir(), Gen: gen.Options{InvalidShare: 0.1}, Timeout: 1e10})
	s := c.Run(context.Background())
	if s.Cases() != 40 || s.Verdicts[diff.Agree] != 40 {
		t.Errorf("cases %d, verdicts %v; want 40 agreeing", s.Cases(), s.Verdicts)
	}
}

func TestEntryName(t *testing.T) {
	tests := []struct{ sig, prefix string }{
		{"crash@status:ref", "crash-status-ref-"},
		{"value@$.a[0]:type", "value-a-0-type-"},
		{strings.Repeat("x", 100), strings.Repeat("x", 60) + "-"},
	}
	for _, tt := range tests {
		got := EntryName(tt.sig)
		if !strings.HasPrefix(got, tt.prefix) || !strings.HasSuffix(got, ".a0") || len(got) != len(tt.prefix)+8+3 {
			t.Errorf("EntryName(%q) = %q, want %s<8 hex digits>.a0", tt.sig, got, tt.prefix)
		}
	}
}

// TestShardsPartitionTheCampaign runs a campaign whole and in 3 shards: the shards' case
// indices are disjoint, their union is exactly the whole campaign's, and each case has
// the same verdict in its shard as in the whole campaign.
func TestShardsPartitionTheCampaign(t *testing.T) {
	run1 := func(shard Shard) map[int]diff.Verdict {
		var mu sync.Mutex
		seen := map[int]diff.Verdict{}
		rs := trial.Runners{Impl: run.New(), Ref: run.New()}
		opts := Options{Seed: 11, Start: 7, Count: 61, Workers: 2, Out: t.TempDir(), Gen: gen.Options{InvalidShare: 0.2}, Timeout: 1e10, Shard: shard,
			OnCase: func(i int, v diff.Verdict) {
				mu.Lock()
				defer mu.Unlock()
				if _, dup := seen[i]; dup {
					t.Errorf("shard %v ran case %d twice", shard, i)
				}
				seen[i] = v
			}}
		s := New(rs, opts).Run(context.Background())
		if s.Cases() != len(seen) {
			t.Errorf("shard %v: summary counts %d cases, %d seen", shard, s.Cases(), len(seen))
		}
		return seen
	}
	whole := run1(Shard{})
	if len(whole) != 61 {
		t.Fatalf("the whole campaign ran %d cases, want 61", len(whole))
	}
	union := map[int]diff.Verdict{}
	for k := range 3 {
		for i, v := range run1(Shard{K: k, N: 3}) {
			if i%3 != k {
				t.Errorf("shard %d/3 ran case %d", k, i)
			}
			if _, dup := union[i]; dup {
				t.Errorf("case %d ran in two shards", i)
			}
			union[i] = v
		}
	}
	if !maps.Equal(union, whole) {
		t.Errorf("the shards' cases and verdicts differ from the whole campaign's:\nshards %v\nwhole  %v", union, whole)
	}
}

func TestParseShard(t *testing.T) {
	tests := []struct {
		text string
		want Shard
		ok   bool
	}{
		{"0/1", Shard{0, 1}, true},
		{"3/4", Shard{3, 4}, true},
		{"4/4", Shard{}, false},
		{"-1/4", Shard{}, false},
		{"1/0", Shard{}, false},
		{"1", Shard{}, false},
		{"a/b", Shard{}, false},
	}
	for _, tt := range tests {
		got, err := ParseShard(tt.text)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v", tt.text, got, err)
		}
	}
	// Every index belongs to exactly one shard.
	for n := 1; n <= 5; n++ {
		for i := range 50 {
			owners := 0
			for k := range n {
				if (Shard{k, n}).Owns(i) {
					owners++
				}
			}
			if owners != 1 {
				t.Errorf("case %d has %d owners among %d shards", i, owners, n)
			}
		}
	}
}

// TestValidatesReadsTheGoOutcome checks that the validity read from the Go evaluator's
// outcome is gen.Validates, on valid and invalid generated cases (a third of them
// mutated, so that both answers occur often; some run into the step, depth or size
// limit), and that a timeout falls back to checking the program.
func TestValidatesReadsTheGoOutcome(t *testing.T) {
	goRunner := run.New()
	opts := gen.Options{Features: gen.AllFeatures, InvalidShare: 0.35}
	counts := map[bool]int{}
	limited := 0
	for i := range 400 {
		gc := NewCase(5, i, opts)
		cfg := gc.Config
		cfg.Limits = cfg.Limits.WithDefaults()
		want := gen.Validates(gc.Source)
		counts[want]++
		o := goRunner.Run(context.Background(), gc.Source, cfg)
		if o.Status == outcome.StatusResource && o.Limit != "" {
			limited++
		}
		if got := validates(gc, o); got != want {
			t.Errorf("case %d (%s, exit %d): validates = %v, gen.Validates = %v\n%s", i, o.Status, o.ExitCode, got, want, gc.Source)
		}
		timedOut := outcome.Outcome{Status: outcome.StatusTimeout}
		if got := validates(gc, timedOut); got != want {
			t.Errorf("case %d after a timeout: validates = %v, gen.Validates = %v", i, got, want)
		}
	}
	if counts[true] < 100 || counts[false] < 50 || limited < 5 {
		t.Errorf("too few cases of one kind to test: %v, %d ended by a harness limit", counts, limited)
	}
}
