package main

import (
	"os"
	"testing"
)

// TestCountStatements reads testdata/profile.txt, a text coverage profile with blocks of
// runtime/ (some executed, one listed twice) and of another package (left out).
func TestCountStatements(t *testing.T) {
	data, err := os.ReadFile("testdata/profile.txt")
	if err != nil {
		t.Fatal(err)
	}
	covered, total, err := countStatements(data)
	if err != nil {
		t.Fatal(err)
	}
	// runtime blocks: 3 statements (executed), 2 (not), 4 (executed, listed twice); the
	// tools/ block of 5 statements is not counted
	if covered != 7 || total != 9 {
		t.Errorf("countStatements = %d of %d, want 7 of 9", covered, total)
	}
	if _, _, err := countStatements([]byte("mode: set\nnot a profile line\n")); err == nil {
		t.Error("a malformed profile gave no error")
	}
}

func TestParseModes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  bool
	}{
		{"unguided", []string{"unguided"}, false},
		{"unguided,guided", []string{"unguided", "guided"}, false},
		{"guided, unguided,guided", []string{"guided", "unguided"}, false},
		{"guided,swarm", nil, true},
		{"", nil, true},
	} {
		got, err := parseModes(tc.in)
		if (err != nil) != tc.err || len(got) != len(tc.want) {
			t.Errorf("parseModes(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.err)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("parseModes(%q) = %v, want %v", tc.in, got, tc.want)
			}
		}
	}
}
