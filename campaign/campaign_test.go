package campaign

import (
	"context"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/harness"
	"github.com/a0diff/a0diff/runtime/run"
)

func TestCampaignCountsEveryCase(t *testing.T) {
	rs := harness.Runners{Go: run.New(), Ref: run.New()}
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
