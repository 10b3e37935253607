package worker

import (
	"reflect"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{"", nil, ""},
		{"  a0  worker\t--impl go\n", []string{"a0", "worker", "--impl", "go"}, ""},
		{`python3 'my impl.py' "--name=a b"`, []string{"python3", "my impl.py", "--name=a b"}, ""},
		{`a'b'"c"d`, []string{"abcd"}, ""},
		{`x '' y`, []string{"x", "", "y"}, ""},
		{`"a \" \\ \$ \x"`, []string{`a " \ $ \x`}, ""},
		{`a\ b \'c`, []string{"a b", "'c"}, ""},
		{`'$HOME' ~ *.go "$X" |`, []string{"$HOME", "~", "*.go", "$X", "|"}, ""},
		{`'unterminated`, nil, "unterminated ' quote"},
		{`"unterminated`, nil, `unterminated " quote`},
		{`trailing\`, nil, "a backslash ends the command"},
	}
	for _, tt := range tests {
		got, err := SplitCommand(tt.in)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("SplitCommand(%q) error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestParseSpec(t *testing.T) {
	tests := []struct {
		spec string
		want Spec
		err  string
	}{
		{`my-port.2=/opt/bin/a0 --serve "x y"`, Spec{Name: "my-port.2", Command: []string{"/opt/bin/a0", "--serve", "x y"}}, ""},
		{"p=a=b", Spec{Name: "p", Command: []string{"a=b"}}, ""}, // the first = ends the name
		{"mine", Spec{}, "want NAME=COMMAND"},
		{"=cmd", Spec{}, "the name must be letters, digits, '_', '.' and '-', starting with a letter or digit"},
		{"a b=cmd", Spec{}, "the name must be letters, digits, '_', '.' and '-', starting with a letter or digit"},
		{"-x=cmd", Spec{}, "the name must be letters, digits, '_', '.' and '-', starting with a letter or digit"},
		{"go=cmd", Spec{}, "go is the name of a built-in implementation"},
		{"ref=cmd", Spec{}, "ref is the name of a built-in implementation"},
		{"node=cmd", Spec{}, "node is the name of a built-in implementation"},
		{"x=", Spec{}, "the command is empty"},
		{"x=  ", Spec{}, "the command is empty"},
		{"x='oops", Spec{}, "unterminated ' quote"},
	}
	for _, tt := range tests {
		got, err := ParseSpec(tt.spec)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseSpec(%q) error %v, want %q", tt.spec, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseSpec(%q) = %+v, %v; want %+v", tt.spec, got, err, tt.want)
		}
	}
}
