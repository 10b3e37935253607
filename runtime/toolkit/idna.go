package toolkit

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// domainToASCII is the URL standard's "domain to ASCII" (UTS #46 ToASCII with
// CheckHyphens, CheckBidi and VerifyDnsLength off). ASCII domains without punycode labels
// are only lower-cased, exactly as the standard says. Other domains get an approximation
// of the UTS #46 mapping — case folding plus NFKC, ignorable characters dropped, dot-like
// characters turned into dots — and are rejected when a character is not a letter, mark,
// number, punctuation or symbol, or when a label starts with a combining mark or holds
// invalid punycode. This matches Node for the hosts people write; exotic scripts may
// still differ in which characters are allowed.
func domainToASCII(domain string) (string, bool) {
	if isASCII(domain) {
		lower := strings.ToLower(domain)
		if !strings.HasPrefix(lower, "xn--") && !strings.Contains(lower, ".xn--") {
			return lower, true
		}
	}
	mapped := norm.NFKC.String(foldKeepingDeviations(dropIgnorables(domain)))
	mapped = strings.Map(func(c rune) rune {
		switch c {
		case '\u3002', '\uFF0E', '\uFF61':
			return '.'
		}
		return c
	}, mapped)
	labels := strings.Split(mapped, ".")
	for i, label := range labels {
		// Punycode is quadratic; a label this long is hostile input, and rejecting it
		// keeps the kit fast (Node would accept it).
		if len(label) > maxPunycodeLabel {
			return "", false
		}
		if strings.HasPrefix(label, "xn--") {
			decoded, ok := punycodeDecode(label[4:])
			if !ok || decoded == "" || !validLabel(decoded) {
				return "", false
			}
			continue
		}
		if isASCII(label) {
			continue
		}
		if !validLabel(label) {
			return "", false
		}
		labels[i] = "xn--" + punycodeEncode(label)
	}
	out := strings.Join(labels, ".")
	if out == "" {
		return "", false
	}
	return out, true
}

// foldKeepingDeviations case-folds s except for ß and final sigma, which non-transitional
// UTS #46 processing (the URL standard's) keeps as they are.
func foldKeepingDeviations(s string) string {
	var b strings.Builder
	fold := cases.Fold()
	start := 0
	for i, c := range s {
		if c == 'ß' || c == 'ς' {
			b.WriteString(fold.String(s[start:i]))
			b.WriteRune(c)
			start = i + len(string(c))
		}
	}
	b.WriteString(fold.String(s[start:]))
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// dropIgnorables removes what UTS #46 maps to nothing: soft hyphen, combining grapheme
// joiner, zero-width space, word joiner, BOM and variation selectors.
func dropIgnorables(s string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c == 0xAD, c == 0x34F, c == 0x200B, c == 0x2060, c == 0xFEFF,
			c >= 0x180B && c <= 0x180F, c >= 0xFE00 && c <= 0xFE0F, c >= 0xE0100 && c <= 0xE01EF:
			return -1
		}
		return c
	}, s)
}

// validLabel rejects characters UTS #46 disallows (controls, format characters,
// surrogates, private use, unassigned, spaces, U+FFFD) and a leading combining mark.
func validLabel(label string) bool {
	for i, c := range label {
		if c < 0x80 {
			continue
		}
		if i == 0 && unicode.IsMark(c) {
			return false
		}
		if c == 0xFFFD || !(unicode.IsLetter(c) || unicode.IsMark(c) || unicode.IsNumber(c) ||
			unicode.IsPunct(c) || unicode.IsSymbol(c)) {
			return false
		}
	}
	return true
}

// maxPunycodeLabel bounds the labels the kit converts, in bytes.
const maxPunycodeLabel = 4096

// Punycode (RFC 3492) parameters.
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
	pcMaxRune     = 0x10FFFF
)

// pcThreshold is the threshold t of RFC 3492 §6 for the digit at position k: k - bias
// clamped to [tmin, tmax]; the encoder and decoder must agree on it.
func pcThreshold(k, bias int) int {
	return min(max(k-bias, pcTMin), pcTMax)
}

func pcAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}

func pcDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func punycodeEncode(s string) string {
	in := []rune(s)
	var out []byte
	for _, c := range in {
		if c < 0x80 {
			out = append(out, byte(c))
		}
	}
	basic := len(out)
	handled := basic
	if basic > 0 {
		out = append(out, '-')
	}
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for handled < len(in) {
		m := pcMaxRune + 1
		for _, c := range in {
			if int(c) >= n && int(c) < m {
				m = int(c)
			}
		}
		delta += (m - n) * (handled + 1)
		n = m
		for _, c := range in {
			if int(c) < n {
				delta++
			}
			if int(c) == n {
				q := delta
				for k := pcBase; ; k += pcBase {
					t := pcThreshold(k, bias)
					if q < t {
						break
					}
					out = append(out, pcDigit(t+(q-t)%(pcBase-t)))
					q = (q - t) / (pcBase - t)
				}
				out = append(out, pcDigit(q))
				bias = pcAdapt(delta, handled+1, handled == basic)
				delta = 0
				handled++
			}
		}
		delta++
		n++
	}
	return string(out)
}

func punycodeDecode(s string) (string, bool) {
	var out []rune
	rest := s
	if i := strings.LastIndexByte(s, '-'); i >= 0 {
		for _, c := range s[:i] {
			if c >= 0x80 {
				return "", false
			}
			out = append(out, c)
		}
		rest = s[i+1:]
	}
	n, bias, i := pcInitialN, pcInitialBias, 0
	for p := 0; p < len(rest); {
		oldi, w := i, 1
		for k := pcBase; ; k += pcBase {
			if p >= len(rest) {
				return "", false
			}
			c := rest[p]
			p++
			var d int
			switch {
			case c >= 'a' && c <= 'z':
				d = int(c - 'a')
			case c >= 'A' && c <= 'Z':
				d = int(c - 'A')
			case c >= '0' && c <= '9':
				d = int(c-'0') + 26
			default:
				return "", false
			}
			if d > (pcMaxRune-i)/w {
				return "", false
			}
			i += d * w
			t := pcThreshold(k, bias)
			if d < t {
				break
			}
			if w > pcMaxRune/(pcBase-t) {
				return "", false
			}
			w *= pcBase - t
		}
		bias = pcAdapt(i-oldi, len(out)+1, oldi == 0)
		n += i / (len(out) + 1)
		i %= len(out) + 1
		if n > pcMaxRune || (n >= 0xD800 && n <= 0xDFFF) {
			return "", false
		}
		out = append(out[:i], append([]rune{rune(n)}, out[i:]...)...)
		i++
	}
	return string(out), true
}
