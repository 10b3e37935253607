package value

import (
	"strconv"
	"unsafe"
)

// JSON is JSON.stringify(v) (§10.4): compact when indent == "", else indented by indent.
// NaN/±Infinity → null; *Func omitted in records, null in lists; ok is false when the
// top-level value is a *Func (JSON.stringify returns undefined).
func JSON(v Value, indent string) (text string, ok bool) {
	text, ok, _ = JSONLimit(v, indent, 0)
	return text, ok
}

// JSONLimit is JSON with a bound, counted as the reference's jsonText counts
// (reference/ts/src/values.ts): it fails with a *LimitError when v itself has more than
// maxNodes nodes or TextLimit(maxNodes) text units (CheckNodes: every value reached
// through lists and own record members, before any toJSON is applied), or the text
// written would exceed the writer's backstop of TextByteLimit(maxNodes) bytes.
// maxNodes <= 0 means unbounded.
//
// A record's toJSON (a function value reached through a prototype, §10.2) is applied
// while writing, and its result is not counted against maxNodes: the reference counts
// the record's own members, then JSON.stringify calls toJSON. So a record whose toJSON
// result is bigger than the record (an inherited element) passes, and one whose result
// is smaller (an index number) is still counted in full. The writer keeps a backstop of
// TextLimit(maxNodes) nodes and TextByteLimit(maxNodes) bytes, which a value without
// toJSON never reaches (it has at most maxNodes nodes and TextLimit units), so that a
// toJSON result shared many times is not expanded without end.
func JSONLimit(v Value, indent string, maxNodes int) (text string, ok bool, err error) {
	buf, ok, err := AppendJSONLimit(nil, 0, v, indent, maxNodes)
	if err != nil || !ok {
		return "", ok, err
	}
	// The buffer is the writer's own and is not written again: the text can be made of
	// its bytes without a copy (tens of megabytes for a value near TextLimit).
	return unsafe.String(unsafe.SliceData(buf), len(buf)), true, nil
}

// AppendJSONLimit is JSONLimit appending the text to dst: dst with the text, ok false
// (dst as it was) when JSON.stringify gives undefined. The limits count the text alone,
// not what dst held. A long text (a compact one of more than a kilobyte) is written into
// room for all of it and spare bytes beyond, made once, so that a message built around
// it is not copied as it grows: what follows it in the buffer fits in them.
func AppendJSONLimit(dst []byte, spare int, v Value, indent string, maxNodes int) (out []byte, ok bool, err error) {
	size, err := checkNodes(v, maxNodes, true)
	if err != nil {
		return dst, false, err
	}
	w := jsonWriter{indent: indent, budget: budget{maxNodes: TextLimit(maxNodes), maxBytes: TextByteLimit(maxNodes)}, buf: dst, start: len(dst)}
	if n := min(size, TextByteLimit(maxNodes)) + spare; size > 1024 && indent == "" && cap(dst)-len(dst) < n {
		// A long text is written once into a buffer of its size rather than copied
		// as the buffer doubles.
		w.buf = make([]byte, len(dst), len(dst)+n)
		copy(w.buf, dst)
	}
	undefined := false
	switch x := v.(type) {
	case *Func:
		undefined = true
	case *Record:
		res, err := applyToJSON(x, "")
		if err != nil {
			return dst, false, err
		}
		_, undefined = res.(jsUndefined)
	}
	if undefined {
		return dst, false, nil
	}
	if err := w.value(v, "", -1, 0); err != nil {
		return dst, false, err
	}
	return w.buf, true, nil
}

type jsonWriter struct {
	buf []byte
	// start is where the text begins in buf (what is before it is the caller's).
	start  int
	indent string
	budget budget
	// canonical selects the MarshalCanonical dialect (special numbers and functions
	// kept, no toJSON, no indentation).
	canonical bool
	// lastLong is the last long string value written, at buf[lastFrom:lastTo]: a large
	// value is typically one long string held many times, and its later copies are
	// copied from the first rather than quoted again.
	lastLong         string
	lastFrom, lastTo int
}

// longString is the length from which jsonWriter remembers a string it wrote.
const longString = 256

// value writes v, whose property name in its container is key, or the decimal form of
// index when index >= 0 (a list element); only the toJSON emulation needs the name.
func (w *jsonWriter) value(v Value, key string, index, depth int) error {
	if err := w.budget.node(); err != nil {
		return err
	}
	if !w.canonical {
		if r, ok := v.(*Record); ok {
			if index >= 0 {
				key = strconv.Itoa(index)
			}
			var err error
			if v, err = applyToJSON(r, key); err != nil {
				return err
			}
		}
	}
	switch x := v.(type) {
	case nil:
		w.buf = append(w.buf, "null"...)
	case bool:
		w.buf = strconv.AppendBool(w.buf, x)
	case float64:
		w.number(x)
	case string:
		switch {
		case len(x) < longString:
			w.buf = appendQuoted(w.buf, x)
		case x == w.lastLong: // quick when they share their bytes
			w.buf = append(w.buf, w.buf[w.lastFrom:w.lastTo]...)
		default:
			from := len(w.buf)
			w.buf = appendQuoted(w.buf, x)
			w.lastLong, w.lastFrom, w.lastTo = x, from, len(w.buf)
		}
	case *List:
		if err := w.list(x, depth); err != nil {
			return err
		}
	case *Record:
		if err := w.record(x, depth); err != nil {
			return err
		}
	case jsUndefined:
		// toJSON gave undefined: only reachable as a list element (null) or at the top
		// level, which JSONLimit reports; records drop such members before writing.
		w.buf = append(w.buf, "null"...)
	case *Func:
		if w.canonical {
			w.buf = append(w.buf, `{"$function":`...)
			w.buf = appendQuoted(w.buf, x.Name)
			w.buf = append(w.buf, '}')
		} else {
			// Only reachable as a list element: records skip functions, and the top level
			// is handled by JSONLimit.
			w.buf = append(w.buf, "null"...)
		}
	default:
		w.buf = append(w.buf, "null"...)
	}
	return w.budget.bytes(len(w.buf) - w.start)
}

func (w *jsonWriter) number(f float64) {
	if w.canonical {
		if name := specialNumberName(f); name != "" {
			w.buf = append(w.buf, `{"$number":"`...)
			w.buf = append(w.buf, name...)
			w.buf = append(w.buf, `"}`...)
			return
		}
	} else if f != f || f-f != 0 {
		w.buf = append(w.buf, "null"...)
		return
	}
	w.buf = appendNumber(w.buf, f)
}

func (w *jsonWriter) list(l *List, depth int) error {
	if len(l.Items) == 0 {
		w.buf = append(w.buf, "[]"...)
		return nil
	}
	w.buf = append(w.buf, '[')
	for i, e := range l.Items {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.newline(depth + 1)
		if err := w.value(e, "", i, depth+1); err != nil {
			return err
		}
	}
	w.newline(depth)
	w.buf = append(w.buf, ']')
	return nil
}

func (w *jsonWriter) record(r *Record, depth int) error {
	wrap := w.canonical && r.Len() == 1 && isCanonicalMarker(r.Keys()[0])
	if wrap {
		w.buf = append(w.buf, `{"$record":`...)
	}
	start := len(w.buf)
	w.buf = append(w.buf, '{')
	written := 0
	for i, k := range r.Keys() {
		v := r.ValueAt(i)
		if !w.canonical {
			omit, err := w.omitted(v, k)
			if err != nil {
				return err
			}
			if omit {
				continue
			}
		}
		if written > 0 {
			w.buf = append(w.buf, ',')
		}
		written++
		w.newline(depth + 1)
		w.buf = appendQuoted(w.buf, k)
		w.buf = append(w.buf, ':')
		if w.indent != "" {
			w.buf = append(w.buf, ' ')
		}
		if err := w.value(v, k, -1, depth+1); err != nil {
			return err
		}
	}
	if written == 0 {
		w.buf = append(w.buf[:start], "{}"...)
	} else {
		w.newline(depth)
		w.buf = append(w.buf, '}')
	}
	if wrap {
		w.buf = append(w.buf, '}')
	}
	return nil
}

// omitted reports whether JSON.stringify leaves the record member k: v out (a function,
// or a record whose toJSON yields undefined). It counts the node of an omitted member.
func (w *jsonWriter) omitted(v Value, k string) (bool, error) {
	omit := false
	switch x := v.(type) {
	case *Func:
		omit = true
	case *Record:
		res, err := applyToJSON(x, k)
		if err != nil {
			return false, err
		}
		_, omit = res.(jsUndefined)
	}
	if omit {
		return true, w.budget.node()
	}
	return false, nil
}

func (w *jsonWriter) newline(depth int) {
	if w.indent == "" {
		return
	}
	w.buf = append(w.buf, '\n')
	for i := 0; i < depth; i++ {
		w.buf = append(w.buf, w.indent...)
	}
}

const hexDigits = "0123456789abcdef"

// appendQuoted appends s as a JSON string literal (§10.4): only ", \ and C0 controls are
// escaped (with \b \t \n \f \r short forms) and lone surrogates become \udxxx.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	bytewise := 0 // the bytes before it are looked at one by one
	for i := 0; i < len(s); {
		if i >= bytewise {
			i = skipPlain(s, i)
			if i == len(s) {
				break
			}
			bytewise = i + 8
		}
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c != 0xED {
			i++
			continue
		}
		if c == 0xED {
			r, n := decodeWTF8(s[i:])
			if !isSurrogate(r) {
				i += n
				continue
			}
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
			i += n
			start = i
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\b':
			b = append(b, '\\', 'b')
		case '\t':
			b = append(b, '\\', 't')
		case '\n':
			b = append(b, '\\', 'n')
		case '\f':
			b = append(b, '\\', 'f')
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// skipPlain returns the index of the first eight-byte group of s at or after i that holds
// a control character, '"', '\\' or 0xED (the lead byte of a WTF-8 surrogate), where
// appendQuoted looks at the bytes one by one, or of the last incomplete group. The bytes
// before it are copied as they are. Long strings are mostly plain text, and this tests
// eight bytes at once.
func skipPlain(s string, i int) int {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		g := s[i : i+8] // one bounds check; the compiler merges the byte loads into one
		w := uint64(g[0]) | uint64(g[1])<<8 | uint64(g[2])<<16 | uint64(g[3])<<24 |
			uint64(g[4])<<32 | uint64(g[5])<<40 | uint64(g[6])<<48 | uint64(g[7])<<56
		// (x - ones) &^ x & high is nonzero when a byte of x is zero (it may also flag
		// bytes above a zero byte, which is harmless here: every byte is then looked
		// at); with 0x20 for ones it flags a byte below 0x20.
		quote, backslash, lead := w^('"'*ones), w^('\\'*ones), w^(0xED*ones)
		if ((w-0x20*ones)&^w|(quote-ones)&^quote|(backslash-ones)&^backslash|(lead-ones)&^lead)&high != 0 {
			return i
		}
	}
	return i
}

// QuoteJSON returns s as a JSON string literal (JSON.stringify of a string).
func QuoteJSON(s string) string { return string(appendQuoted(nil, s)) }
