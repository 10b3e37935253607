package toolkit

import (
	"encoding/base64"
	"sort"
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// http.get models Node's fetch(url, {headers}) followed by res.text(), in fetch's order
// of checks: the headers are converted to byte strings, the URL is parsed, URLs with
// credentials are refused, header names and values are validated, then the request is
// answered — data: URLs by the kit itself, http(s): URLs from the fixtures.

const (
	fetchFailed    = "fetch failed"
	maxRedirects   = 20
	parseURLPrefix = "Failed to parse URL from "
)

func (k *Virtual) httpGet(args *value.Record) (value.Value, error) {
	// fetch takes the URL as a USVString: lone surrogates become U+FFFD, messages too.
	rawURL := hostText(stringArg(args, "url"))
	var headers [][2]string
	if v, ok := ownField(args, "headers"); ok {
		if r, ok := v.(*value.Record); ok {
			for _, name := range r.Keys() {
				item, _ := r.Get(name)
				if s, ok := item.(string); ok {
					headers = append(headers, [2]string{name, s})
				}
			}
		}
	}
	for _, h := range headers {
		if err := checkByteString(h[0]); err != nil {
			return nil, err
		}
		if err := checkByteString(h[1]); err != nil {
			return nil, err
		}
	}
	u, ok := parseURL(rawURL, nil)
	if !ok {
		return nil, failf(parseURLPrefix + rawURL)
	}
	if u.username != "" || u.password != "" {
		return nil, failf("Request cannot be constructed from a URL that includes credentials: " + rawURL)
	}
	for _, h := range headers {
		if !isToken(h[0]) {
			return nil, failf(`Headers.append: "` + h[0] + `" is an invalid header name.`)
		}
		if v := trimHTTPWhitespace(h[1]); strings.ContainsAny(v, "\x00\r\n") {
			return nil, failf(`Headers.append: "` + v + `" is an invalid header value.`)
		}
	}
	switch u.scheme {
	case "data":
		return fetchData(u)
	case "http", "https":
		return k.fetchFixture(rawURL, u)
	}
	return nil, failf(fetchFailed)
}

// checkByteString is WebIDL's ByteString conversion: every code unit must be ≤ 0xFF.
func checkByteString(s string) error {
	if isASCII(s) {
		return nil
	}
	for i, u := range value.ToUTF16(s) {
		if u > 0xFF {
			return failf("Cannot convert argument to a ByteString because the character at index " +
				strconv.Itoa(i) + " has a value of " + strconv.Itoa(int(u)) + " which is greater than 255.")
		}
	}
	return nil
}

// isToken reports whether s is a non-empty HTTP token (a valid header name).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTokenByte(s[i]) {
			return false
		}
	}
	return true
}

func isTokenByte(c byte) bool {
	if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

func trimHTTPWhitespace(s string) string { return strings.Trim(s, " \t\r\n") }

// nullBodyStatus reports the statuses whose responses have no body.
func nullBodyStatus(status int) bool {
	return status == 101 || status == 103 || status == 204 || status == 205 || status == 304
}

func isRedirect(status int) bool {
	switch status {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// httpKey is the lookup key of a parsed http(s) URL: its serialisation without fragment.
func httpKey(u *parsedURL) string { return u.href(true) }

// findHTTP finds the fixture for a request: by the URL exactly as written, else by its
// normalised form.
func (k *Virtual) findHTTP(raw string, u *parsedURL) *outcome.HTTPResponse {
	k.indexHTTP()
	if i, ok := k.httpExact[raw]; ok {
		return &k.fixtures.HTTP[i]
	}
	if i, ok := k.httpNormal[httpKey(u)]; ok {
		return &k.fixtures.HTTP[i]
	}
	return nil
}

func (k *Virtual) fetchFixture(raw string, u *parsedURL) (value.Value, error) {
	for redirects := 0; ; redirects++ {
		resp := k.findHTTP(raw, u)
		if resp == nil {
			return nil, failf(fetchFailed)
		}
		if resp.Error != "" {
			return nil, failf(resp.Error)
		}
		names, combined := responseHeaders(resp.Headers)
		location, hasLocation := combined["location"]
		status := httpStatus(resp)
		if !isRedirect(status) || !hasLocation {
			body := ""
			if !nullBodyStatus(status) {
				body = decodeUTF8(resp.Body, true)
			}
			hdrs := value.NewRecordSize(len(names))
			for _, name := range names {
				hdrs.Set(name, combined[name])
			}
			r := value.NewRecordSize(3)
			r.Set("status", float64(status))
			r.Set("headers", hdrs)
			r.Set("body", body)
			return r, nil
		}
		if redirects == maxRedirects {
			return nil, failf(fetchFailed)
		}
		next, ok := parseURL(location, u)
		if !ok || (next.scheme != "http" && next.scheme != "https") {
			return nil, failf(fetchFailed)
		}
		raw, u = location, next
	}
}

// responseHeaders is what iterating a fetch Headers object gives: lower-cased names in
// sorted order, values of a repeated name joined by ", " — except set-cookie, whose
// values are iterated one by one, so that the last one is what a plain object keeps.
func responseHeaders(list [][2]string) ([]string, map[string]string) {
	combined := map[string]string{}
	var names []string
	for _, h := range list {
		name := strings.ToLower(h[0])
		v := trimHTTPWhitespace(h[1])
		prev, seen := combined[name]
		switch {
		case !seen:
			names = append(names, name)
			combined[name] = v
		case name == "set-cookie":
			combined[name] = v
		default:
			combined[name] = prev + ", " + v
		}
	}
	sort.Strings(names)
	return names, combined
}

// fetchData answers a data: URL as fetch's data: URL processor does: the URL is
// serialised (percent-encoding what the parser encodes) without its fragment, the text
// before the first comma is the MIME type, the rest is percent-decoded and, with a
// ";base64" type suffix, forgiving-base64-decoded.
func fetchData(u *parsedURL) (value.Value, error) {
	s := strings.TrimPrefix(u.href(true), "data:")
	comma := strings.IndexByte(s, ',')
	if comma < 0 {
		return nil, failf(fetchFailed)
	}
	mime := strings.Trim(s[:comma], "\t\n\f\r ")
	body := percentDecode(s[comma+1:])
	if stripped, ok := cutBase64Suffix(mime); ok {
		decoded, ok := forgivingBase64(body)
		if !ok {
			return nil, failf(fetchFailed)
		}
		body, mime = decoded, stripped
	}
	if strings.HasPrefix(mime, ";") {
		mime = "text/plain" + mime
	}
	contentType, ok := parseMIMEType(mime)
	if !ok {
		contentType = "text/plain;charset=US-ASCII"
	}
	hdrs := value.NewRecordSize(1)
	hdrs.Set("content-type", contentType)
	r := value.NewRecordSize(3)
	r.Set("status", float64(200))
	r.Set("headers", hdrs)
	r.Set("body", decodeUTF8(body, true))
	return r, nil
}

// cutBase64Suffix removes ";" + spaces + "base64" (any case) from the end of a MIME type.
func cutBase64Suffix(mime string) (string, bool) {
	if len(mime) < 7 || !strings.EqualFold(mime[len(mime)-6:], "base64") {
		return "", false
	}
	rest := strings.TrimRight(mime[:len(mime)-6], " ")
	if !strings.HasSuffix(rest, ";") {
		return "", false
	}
	return rest[:len(rest)-1], true
}

// forgivingBase64 is the WHATWG forgiving-base64 decode of a byte string.
func forgivingBase64(s string) (string, bool) {
	s = strings.Map(func(c rune) rune {
		switch c {
		case '\t', '\n', '\f', '\r', ' ':
			return -1
		}
		return c
	}, s)
	if len(s)%4 == 0 {
		if strings.HasSuffix(s, "==") {
			s = s[:len(s)-2]
		} else if strings.HasSuffix(s, "=") {
			s = s[:len(s)-1]
		}
	}
	if len(s)%4 == 1 {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/') {
			return "", false
		}
	}
	// The non-strict decoder discards the leftover bits of a final partial group, as
	// the standard does, instead of requiring them to be zero.
	b, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil {
		return "", false
	}
	return string(b), true
}

func isHTTPQuotedStringByte(c byte) bool { return c == '\t' || c >= 0x20 && c != 0x7F }

// parseMIMEType parses a MIME type (mimesniff §4.4) and returns its serialisation.
func parseMIMEType(input string) (string, bool) {
	s := strings.Trim(input, "\t\n\r ")
	slash := strings.IndexByte(s, '/')
	if slash < 0 {
		return "", false
	}
	typ := s[:slash]
	if !isToken(typ) {
		return "", false
	}
	s = s[slash+1:]
	semi := strings.IndexByte(s, ';')
	if semi < 0 {
		semi = len(s)
	}
	sub := strings.TrimRight(s[:semi], "\t\n\r ")
	if !isToken(sub) {
		return "", false
	}
	out := strings.ToLower(typ) + "/" + strings.ToLower(sub)
	s = s[semi:]
	seen := map[string]bool{}
	for len(s) > 0 {
		s = s[1:] // the ';'
		s = strings.TrimLeft(s, "\t\n\r ")
		end := strings.IndexAny(s, ";=")
		if end < 0 {
			end = len(s)
		}
		name := strings.ToLower(s[:end])
		s = s[end:]
		if len(s) > 0 && s[0] == ';' {
			continue
		}
		if len(s) == 0 {
			break
		}
		s = s[1:] // the '='
		var val string
		if len(s) > 0 && s[0] == '"' {
			val, s = collectQuotedString(s)
			if i := strings.IndexByte(s, ';'); i >= 0 {
				s = s[i:]
			} else {
				s = ""
			}
		} else {
			i := strings.IndexByte(s, ';')
			if i < 0 {
				i = len(s)
			}
			val = strings.TrimRight(s[:i], "\t\n\r ")
			s = s[i:]
			if val == "" {
				continue
			}
		}
		if name == "" || !isToken(name) || seen[name] {
			continue
		}
		valid := true
		for i := 0; i < len(val); i++ {
			if !isHTTPQuotedStringByte(val[i]) {
				valid = false
				break
			}
		}
		if !valid {
			continue
		}
		seen[name] = true
		out += ";" + name + "=" + serializeParamValue(val)
	}
	return out, true
}

// collectQuotedString collects an HTTP quoted string starting at s[0] == '"' and returns
// its value and the rest of s.
func collectQuotedString(s string) (string, string) {
	var b strings.Builder
	i := 1
	for i < len(s) {
		c := s[i]
		i++
		switch c {
		case '"':
			return b.String(), s[i:]
		case '\\':
			if i >= len(s) {
				b.WriteByte('\\')
				return b.String(), ""
			}
			b.WriteByte(s[i])
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), ""
}

func serializeParamValue(v string) string {
	if isToken(v) {
		return v
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}
