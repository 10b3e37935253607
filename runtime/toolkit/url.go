package toolkit

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A WHATWG URL parser (the algorithm of url.spec.whatwg.org, which Node's URL and fetch
// implement), used to decide whether http.get's URL parses, to serialise data: URLs
// before decoding them, to normalise URLs for fixture lookup and to resolve redirects.
// Host names outside ASCII get an approximation of UTS #46 processing (see idna.go);
// everything else follows the standard.

type parsedURL struct {
	scheme             string
	username, password string
	host               string
	hasHost            bool
	port               string // "" when null
	path               []string
	opaquePath         string
	hasOpaque          bool
	query              string
	hasQuery           bool
	fragment           string
	hasFragment        bool
}

var specialPorts = map[string]string{
	"ftp": "21", "file": "", "http": "80", "https": "443", "ws": "80", "wss": "443",
}

func isSpecial(scheme string) bool { _, ok := specialPorts[scheme]; return ok }

func (u *parsedURL) special() bool { return isSpecial(u.scheme) }

// href serialises the URL; without fragment when excludeFragment.
func (u *parsedURL) href(excludeFragment bool) string {
	var b strings.Builder
	b.WriteString(u.scheme)
	b.WriteByte(':')
	if u.hasHost {
		b.WriteString("//")
		if u.username != "" || u.password != "" {
			b.WriteString(u.username)
			if u.password != "" {
				b.WriteByte(':')
				b.WriteString(u.password)
			}
			b.WriteByte('@')
		}
		b.WriteString(u.host)
		if u.port != "" {
			b.WriteByte(':')
			b.WriteString(u.port)
		}
	}
	if u.hasOpaque {
		b.WriteString(u.opaquePath)
	} else {
		if !u.hasHost && len(u.path) > 1 && u.path[0] == "" {
			b.WriteString("/.")
		}
		for _, seg := range u.path {
			b.WriteByte('/')
			b.WriteString(seg)
		}
	}
	if u.hasQuery {
		b.WriteByte('?')
		b.WriteString(u.query)
	}
	if u.hasFragment && !excludeFragment {
		b.WriteByte('#')
		b.WriteString(u.fragment)
	}
	return b.String()
}

func (u *parsedURL) shortenPath() {
	if u.scheme == "file" && len(u.path) == 1 && isNormalizedDriveLetter(u.path[0]) {
		return
	}
	if len(u.path) > 0 {
		u.path = u.path[:len(u.path)-1]
	}
}

func isASCIIAlpha(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isASCIIDigit(c rune) bool { return c >= '0' && c <= '9' }
func isASCIIHex(c rune) bool {
	return isASCIIDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(rune(s[0])) && (s[1] == ':' || s[1] == '|')
}
func isNormalizedDriveLetter(s string) bool { return isDriveLetter(s) && s[1] == ':' }

// startsWithDriveLetter is the standard's "starts with a Windows drive letter".
func startsWithDriveLetter(rest []rune) bool {
	if len(rest) < 2 || !isASCIIAlpha(rest[0]) || (rest[1] != ':' && rest[1] != '|') {
		return false
	}
	if len(rest) == 2 {
		return true
	}
	switch rest[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

// Percent-encode sets (url.spec.whatwg.org §1.3).
func inC0ControlSet(c rune) bool { return c < 0x20 || c > 0x7E }
func inFragmentSet(c rune) bool {
	return inC0ControlSet(c) || c == ' ' || c == '"' || c == '<' || c == '>' || c == '`'
}
func inQuerySet(c rune) bool {
	return inC0ControlSet(c) || c == ' ' || c == '"' || c == '#' || c == '<' || c == '>'
}
func inSpecialQuerySet(c rune) bool { return inQuerySet(c) || c == '\'' }
func inPathSet(c rune) bool {
	return inQuerySet(c) || c == '?' || c == '`' || c == '{' || c == '}'
}
func inUserinfoSet(c rune) bool {
	return inPathSet(c) || c == '/' || c == ':' || c == ';' || c == '=' || c == '@' ||
		(c >= '[' && c <= '^') || c == '|'
}

// appendEncoded appends c, percent-encoding its UTF-8 bytes when it is in the set.
func appendEncoded(b *strings.Builder, c rune, inSet func(rune) bool) {
	if !inSet(c) {
		b.WriteRune(c)
		return
	}
	var buf [4]byte
	n := utf8.EncodeRune(buf[:], c)
	for _, x := range buf[:n] {
		b.WriteByte('%')
		b.WriteByte("0123456789ABCDEF"[x>>4])
		b.WriteByte("0123456789ABCDEF"[x&0xF])
	}
}

func encodeAll(s string, inSet func(rune) bool) string {
	var b strings.Builder
	for _, c := range s {
		appendEncoded(&b, c, inSet)
	}
	return b.String()
}

// percentDecode decodes %XX escapes to bytes, leaving malformed ones as they are.
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isASCIIHex(rune(s[i+1])) && isASCIIHex(rune(s[i+2])) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b = append(b, byte(v))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

type urlState int

const (
	stSchemeStart urlState = iota
	stScheme
	stNoScheme
	stSpecialRelativeOrAuthority
	stPathOrAuthority
	stRelative
	stRelativeSlash
	stSpecialAuthoritySlashes
	stSpecialAuthorityIgnoreSlashes
	stAuthority
	stHost
	stPort
	stFile
	stFileSlash
	stFileHost
	stPathStart
	stPath
	stOpaquePath
	stQuery
	stFragment
)

// eof marks the end of input in the state machine.
const eof = rune(-1)

// parseURL is the basic URL parser without state override; base may be nil. Input is an
// A0 string (lone surrogates, which UTF-8 encoding turns into U+FFFD, included).
func parseURL(input string, base *parsedURL) (*parsedURL, bool) {
	input = hostText(input)
	input = strings.TrimFunc(input, func(c rune) bool { return c <= 0x20 })
	if strings.ContainsAny(input, "\t\n\r") {
		input = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(input)
	}
	in := []rune(input)
	u := &parsedURL{}
	state := stSchemeStart
	var buf, opaque, fragment strings.Builder
	atSignSeen, insideBrackets, passwordTokenSeen := false, false, false
	at := func(i int) rune {
		if i < 0 || i >= len(in) {
			return eof
		}
		return in[i]
	}
	for p := 0; ; p++ {
		c := at(p)
		switch state {
		case stSchemeStart:
			if isASCIIAlpha(c) {
				buf.WriteRune(c | 0x20)
				state = stScheme
			} else {
				state = stNoScheme
				p--
			}
		case stScheme:
			switch {
			case isASCIIAlpha(c) || isASCIIDigit(c) || c == '+' || c == '-' || c == '.':
				if isASCIIAlpha(c) {
					c |= 0x20
				}
				buf.WriteRune(c)
			case c == ':':
				u.scheme = buf.String()
				buf.Reset()
				switch {
				case u.scheme == "file":
					state = stFile
				case u.special() && base != nil && base.scheme == u.scheme:
					state = stSpecialRelativeOrAuthority
				case u.special():
					state = stSpecialAuthoritySlashes
				case at(p+1) == '/':
					state = stPathOrAuthority
					p++
				default:
					u.hasOpaque = true
					state = stOpaquePath
				}
			default:
				buf.Reset()
				state = stNoScheme
				p = -1
			}
		case stNoScheme:
			if base == nil || (base.hasOpaque && c != '#') {
				return nil, false
			}
			switch {
			case base.hasOpaque && c == '#':
				u.scheme, u.hasOpaque = base.scheme, true
				opaque.WriteString(base.opaquePath)
				u.query, u.hasQuery = base.query, base.hasQuery
				u.hasFragment = true
				state = stFragment
			case base.scheme != "file":
				state = stRelative
				p--
			default:
				state = stFile
				p--
			}
		case stSpecialRelativeOrAuthority:
			if c == '/' && at(p+1) == '/' {
				state = stSpecialAuthorityIgnoreSlashes
				p++
			} else {
				state = stRelative
				p--
			}
		case stPathOrAuthority:
			if c == '/' {
				state = stAuthority
			} else {
				state = stPath
				p--
			}
		case stRelative:
			u.scheme = base.scheme
			switch {
			case c == '/' || (u.special() && c == '\\'):
				state = stRelativeSlash
			default:
				u.username, u.password = base.username, base.password
				u.host, u.hasHost, u.port = base.host, base.hasHost, base.port
				u.path = append([]string(nil), base.path...)
				u.query, u.hasQuery = base.query, base.hasQuery
				switch {
				case c == '?':
					u.query, u.hasQuery = "", true
					state = stQuery
				case c == '#':
					u.hasFragment = true
					state = stFragment
				case c != eof:
					u.query, u.hasQuery = "", false
					u.shortenPath()
					state = stPath
					p--
				}
			}
		case stRelativeSlash:
			switch {
			case u.special() && (c == '/' || c == '\\'):
				state = stSpecialAuthorityIgnoreSlashes
			case c == '/':
				state = stAuthority
			default:
				u.username, u.password = base.username, base.password
				u.host, u.hasHost, u.port = base.host, base.hasHost, base.port
				state = stPath
				p--
			}
		case stSpecialAuthoritySlashes:
			if c == '/' && at(p+1) == '/' {
				p++
			} else {
				p--
			}
			state = stSpecialAuthorityIgnoreSlashes
		case stSpecialAuthorityIgnoreSlashes:
			if c != '/' && c != '\\' {
				state = stAuthority
				p--
			}
		case stAuthority:
			switch {
			case c == '@':
				s := buf.String()
				if atSignSeen {
					s = "%40" + s
				}
				atSignSeen = true
				var user, pass strings.Builder
				user.WriteString(u.username)
				pass.WriteString(u.password)
				for _, x := range s {
					if x == ':' && !passwordTokenSeen {
						passwordTokenSeen = true
						continue
					}
					if passwordTokenSeen {
						appendEncoded(&pass, x, inUserinfoSet)
					} else {
						appendEncoded(&user, x, inUserinfoSet)
					}
				}
				u.username, u.password = user.String(), pass.String()
				buf.Reset()
			case c == eof || c == '/' || c == '?' || c == '#' || (u.special() && c == '\\'):
				if atSignSeen && buf.Len() == 0 {
					return nil, false
				}
				p -= utf8.RuneCountInString(buf.String()) + 1
				buf.Reset()
				state = stHost
			default:
				buf.WriteRune(c)
			}
		case stHost:
			switch {
			case c == ':' && !insideBrackets:
				if buf.Len() == 0 {
					return nil, false
				}
				h, ok := parseHost(buf.String(), !u.special())
				if !ok {
					return nil, false
				}
				u.host, u.hasHost = h, true
				buf.Reset()
				state = stPort
			case c == eof || c == '/' || c == '?' || c == '#' || (u.special() && c == '\\'):
				p--
				if u.special() && buf.Len() == 0 {
					return nil, false
				}
				h, ok := parseHost(buf.String(), !u.special())
				if !ok {
					return nil, false
				}
				u.host, u.hasHost = h, true
				buf.Reset()
				state = stPathStart
			default:
				if c == '[' {
					insideBrackets = true
				} else if c == ']' {
					insideBrackets = false
				}
				buf.WriteRune(c)
			}
		case stPort:
			switch {
			case isASCIIDigit(c):
				buf.WriteRune(c)
			case c == eof || c == '/' || c == '?' || c == '#' || (u.special() && c == '\\'):
				if buf.Len() > 0 {
					digits := strings.TrimLeft(buf.String(), "0")
					if len(digits) > 5 {
						return nil, false
					}
					port, _ := strconv.Atoi("0" + digits)
					if port > 65535 {
						return nil, false
					}
					u.port = strconv.Itoa(port)
					if def, ok := specialPorts[u.scheme]; ok && def == u.port {
						u.port = ""
					}
					buf.Reset()
				}
				state = stPathStart
				p--
			default:
				return nil, false
			}
		case stFile:
			u.scheme = "file"
			u.host, u.hasHost = "", true
			switch {
			case c == '/' || c == '\\':
				state = stFileSlash
			case base != nil && base.scheme == "file":
				u.host, u.hasHost = base.host, base.hasHost
				u.path = append([]string(nil), base.path...)
				u.query, u.hasQuery = base.query, base.hasQuery
				switch {
				case c == '?':
					u.query, u.hasQuery = "", true
					state = stQuery
				case c == '#':
					u.hasFragment = true
					state = stFragment
				case c != eof:
					u.query, u.hasQuery = "", false
					if !startsWithDriveLetter(in[p:]) {
						u.shortenPath()
					} else {
						u.path = nil
					}
					state = stPath
					p--
				}
			default:
				state = stPath
				p--
			}
		case stFileSlash:
			if c == '/' || c == '\\' {
				state = stFileHost
			} else {
				if base != nil && base.scheme == "file" {
					u.host, u.hasHost = base.host, base.hasHost
					if !startsWithDriveLetter(in[p:]) && len(base.path) > 0 && isNormalizedDriveLetter(base.path[0]) {
						u.path = append(u.path, base.path[0])
					}
				}
				state = stPath
				p--
			}
		case stFileHost:
			if c == eof || c == '/' || c == '\\' || c == '?' || c == '#' {
				p--
				switch {
				case isDriveLetter(buf.String()):
					state = stPath
				case buf.Len() == 0:
					u.host, u.hasHost = "", true
					state = stPathStart
				default:
					h, ok := parseHost(buf.String(), false)
					if !ok {
						return nil, false
					}
					if h == "localhost" {
						h = ""
					}
					u.host, u.hasHost = h, true
					buf.Reset()
					state = stPathStart
				}
			} else {
				buf.WriteRune(c)
			}
		case stPathStart:
			switch {
			case u.special():
				state = stPath
				if c != '/' && c != '\\' {
					p--
				}
			case c == '?':
				u.query, u.hasQuery = "", true
				state = stQuery
			case c == '#':
				u.hasFragment = true
				state = stFragment
			case c != eof:
				state = stPath
				if c != '/' {
					p--
				}
			}
		case stPath:
			if c == eof || c == '/' || (u.special() && c == '\\') || c == '?' || c == '#' {
				seg := buf.String()
				slash := c == '/' || (u.special() && c == '\\')
				switch {
				case isDoubleDot(seg):
					u.shortenPath()
					if !slash {
						u.path = append(u.path, "")
					}
				case isSingleDot(seg):
					if !slash {
						u.path = append(u.path, "")
					}
				default:
					if u.scheme == "file" && len(u.path) == 0 && isDriveLetter(seg) {
						seg = seg[:1] + ":"
					}
					u.path = append(u.path, seg)
				}
				buf.Reset()
				if c == '?' {
					u.query, u.hasQuery = "", true
					state = stQuery
				} else if c == '#' {
					u.hasFragment = true
					state = stFragment
				}
			} else {
				appendEncoded(&buf, c, inPathSet)
			}
		case stOpaquePath:
			switch {
			case c == '?':
				u.query, u.hasQuery = "", true
				state = stQuery
			case c == '#':
				u.hasFragment = true
				state = stFragment
			case c != eof:
				appendEncoded(&opaque, c, inC0ControlSet)
			}
		case stQuery:
			if c == '#' || c == eof {
				set := inQuerySet
				if u.special() {
					set = inSpecialQuerySet
				}
				u.query += encodeAll(buf.String(), set)
				buf.Reset()
				if c == '#' {
					u.hasFragment = true
					state = stFragment
				}
			} else {
				buf.WriteRune(c)
			}
		case stFragment:
			if c != eof {
				appendEncoded(&fragment, c, inFragmentSet)
			}
		}
		if p >= len(in) {
			u.opaquePath, u.fragment = opaque.String(), fragment.String()
			return u, true
		}
	}
}

func isSingleDot(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }
func isDoubleDot(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}
