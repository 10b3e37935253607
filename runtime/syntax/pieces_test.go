package syntax

import (
	"strings"
	"testing"
)

func TestPieces(t *testing.T) {
	tests := []struct {
		src  string
		want string // the pieces, | between them; a space piece shown as _, a comment as #…, a bad character as !c
	}{
		{"let x = 1.5e3\nreturn x.y", "let|_|x|_|=|_|1.5e3|_|return|_|x|.|y"},
		{"  # note\n\n\tcall? fs.read {}", "_|#|_|call?|_|fs|.|read|_|{|}"},
		{`"a \" b"-> -1`, `"a \" b"|->|_|-|1`},
		{"a @ é ;", "a|_|!@|_|!é|_|!;"},
		{"x\r\n", "x|_"},
		{"", ""},
	}
	for _, tt := range tests {
		var got []string
		var joined strings.Builder
		for _, p := range Pieces(tt.src) {
			joined.WriteString(p.Text)
			switch p.Kind {
			case PieceSpace:
				if strings.Trim(p.Text, " \t\r\n") != "" {
					t.Errorf("%q: space piece %q", tt.src, p.Text)
				}
				got = append(got, "_")
			case PieceComment:
				got = append(got, "#")
			case PieceBad:
				got = append(got, "!"+p.Text)
			default:
				got = append(got, p.Text)
			}
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("Pieces(%q) = %s, want %s", tt.src, g, tt.want)
		}
		if joined.String() != tt.src {
			t.Errorf("Pieces(%q) joined = %q", tt.src, joined.String())
		}
	}
}
