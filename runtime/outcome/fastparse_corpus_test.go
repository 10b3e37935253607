package outcome_test

import (
	"context"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
)

// Every corpus entry's Outcome, as Marshal writes it, is taken by the one-pass reader
// and read as the careful reader reads it.
func TestParseFastTakesTheCorpus(t *testing.T) {
	files, err := corpus.Discover("../../corpus")
	if err != nil {
		t.Fatal(err)
	}
	r := run.New()
	for _, f := range files {
		e, err := corpus.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cfg := e.Config
		cfg.Limits.Timeout = 10 * time.Second
		text := outcome.Marshal(r.Run(context.Background(), e.Source, cfg))
		fast, ok := outcome.ParseFastForTest(text)
		if !ok {
			t.Errorf("%s: the one-pass reader left the Outcome to the careful one:\n%s", f, text)
			continue
		}
		careful, err := outcome.ParseCarefulForTest(text)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if a, b := string(outcome.Marshal(careful)), string(outcome.Marshal(fast)); a != b || a != string(text) {
			t.Errorf("%s:\nwritten  %s\ncareful  %s\none pass %s", f, text, a, b)
		}
	}
	if len(files) < 100 {
		t.Errorf("only %d corpus entries", len(files))
	}
}
