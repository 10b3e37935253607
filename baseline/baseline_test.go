package baseline

import (
	"bytes"
	"strings"
	"testing"
)

func TestRoundTripAndCheck(t *testing.T) {
	known := New([]Failure{
		{Impl: "port", Kind: Entry, Name: "corpus/eval/a.a0", Note: "value@value:number"},
		{Impl: "port", Kind: Entry, Name: "corpus/eval/b.a0"},
		{Impl: "port", Kind: Signature, Name: "value@value:number"},
	})
	var buf bytes.Buffer
	if err := known.Write(&buf, ""); err != nil {
		t.Fatal(err)
	}
	read, err := Parse("base.txt", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(read.Failures()), 3; got != want {
		t.Fatalf("%d failures read back, want %d:\n%s", got, want, buf.String())
	}
	all := func(Failure) bool { return true }
	tests := []struct {
		name                  string
		run                   []Failure
		expected, new_, fixed int
	}{
		{"as known", []Failure{{"port", Entry, "corpus/eval/a.a0", ""}, {"port", Entry, "corpus/eval/b.a0", ""}, {"port", Signature, "value@value:number", ""}}, 3, 0, 0},
		{"a regression", []Failure{{"port", Entry, "corpus/eval/a.a0", ""}, {"port", Entry, "corpus/eval/b.a0", ""}, {"port", Entry, "corpus/eval/c.a0", ""}}, 2, 1, 0},
		{"a new signature", []Failure{{"port", Signature, "exit@exitCode:4/0", ""}}, 0, 1, 2},
		{"one fixed", []Failure{{"port", Entry, "corpus/eval/a.a0", ""}}, 1, 0, 1},
	}
	for _, tt := range tests {
		c := read.Against(tt.run, all)
		if len(c.Expected) != tt.expected || len(c.New) != tt.new_ || len(c.Fixed) != tt.fixed || c.OK() != (tt.new_ == 0) {
			t.Errorf("%s: expected %v, new %v, fixed %v", tt.name, c.Expected, c.New, c.Fixed)
		}
	}
}

func TestParseErrorsNameTheLine(t *testing.T) {
	_, err := Parse("base.txt", []byte("# ok\nport entry a.a0\nport entries b.a0\nport entry a.a0\n_port entry c.a0\nmy-port.2 signature x@y\n"))
	for _, want := range []string{
		"base.txt:3: want IMPL entry PATH",
		"base.txt:4: port entry a.a0 repeated",
		`base.txt:5: the implementation "_port": a name must be letters, digits, '_', '.' and '-', starting with a letter or digit`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one containing %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "base.txt:6") {
		t.Errorf("my-port.2 refused: %v", err)
	}
}
