package gen

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"testing"
)

// digestCount, when set, makes TestGeneratedDigest print the digests of that many cases
// per option set instead of checking the pinned ones (for a before/after comparison over
// more cases than the test pins: go test ./gen -run GeneratedDigest -digest.count 20000 -v).
var digestCount = flag.Int("digest.count", 0, "print the digests of this many cases per option set instead of checking the pinned ones")

// caseDigest hashes what a user replays with --seed S --start I: the first n cases of
// seed under opts — each case's mode, mutation, features, source and configuration — as
// a campaign makes them (GenerateCase).
func caseDigest(seed int64, n int, opts Options) string {
	h := sha256.New()
	for i := range n {
		c := GenerateCase(seed, i, opts)
		fmt.Fprintf(h, "%d\x00%d\x00%s\x00%q\x00%#v\x00", i, c.Mode, c.Mutation, c.Source, c.Config)
		fmt.Fprintf(h, "%d\x00", c.Features)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestGeneratedDigest pins the generated cases: users replay a case with --seed S
// --start I and CI shards split a campaign by index, so the same seed, index and options
// must give the same program and configuration byte for byte in every version. A change
// of these digests is a change of every campaign's cases; make it only on purpose and say
// so in the commit.
func TestGeneratedDigest(t *testing.T) {
	tests := []struct {
		name string
		seed int64
		opts Options
		want string
	}{
		{"fuzz default seed 3", 3, Options{Features: AllFeatures, InvalidShare: 0.1}, "ea71f3bb1e5fdde4e590ef483e81d5fa1f3bb3eea2886ed750adeace433b42b2"},
		{"swarm seed 3", 3, Options{Features: AllFeatures, InvalidShare: 0.1, Swarm: true}, "c9424b2fe96c417a100a4765069e78d1ce866469738759e7cef5496e4e3b7471"},
		{"seed 7", 7, Options{Features: AllFeatures, InvalidShare: 0.1}, "13c2961fa932b224b630be75294aed1f1707795a1bd6575f2f23057bb7432819"},
		{"seed 2026 size 100 no invalid", 2026, Options{Size: 100}, "f2e4e3668951b7ed6f1e280011e71a6f9d1dfd5b1a8a00c80e8421e4c55d62cf"},
		{"seed 13 all invalid, no drops", 13, Options{InvalidShare: 1, DropPercent: -1}, "8ec50757d192360a47eb9b288bc4df1604bb58648aeeca064113e60e5fbcffff"},
	}
	n := 1500
	if *digestCount > 0 {
		n = *digestCount
	}
	for _, tt := range tests {
		got := caseDigest(tt.seed, n, tt.opts)
		if *digestCount > 0 {
			t.Logf("%s, %d cases: %s", tt.name, n, got)
			continue
		}
		if got != tt.want {
			t.Errorf("%s: the first %d cases' digest is %s, want %s: the generator's output changed", tt.name, n, got, tt.want)
		}
	}
}

// GenerateCase, whose random sources are reused from case to case, makes the cases a
// fresh source of CaseRand makes, whatever case its source made before.
func TestGenerateCaseIsGenerateWithCaseRand(t *testing.T) {
	opts := Options{Features: AllFeatures, InvalidShare: 0.1}
	for _, i := range []int{5, 4, 3, 0, 1, 2, 4000, 17, 17, 299, 3313} {
		want := Generate(RandChooser{R: CaseRand(3, i)}, opts)
		got := GenerateCase(3, i, opts)
		if got.Source != want.Source || fmt.Sprintf("%#v", got.Config) != fmt.Sprintf("%#v", want.Config) ||
			got.Mode != want.Mode || got.Mutation != want.Mutation || got.Features != want.Features {
			t.Errorf("case %d: GenerateCase made\n%s\nwant\n%s", i, got, want)
		}
	}
}
