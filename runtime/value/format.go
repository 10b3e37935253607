package value

import (
	"math"
	"strconv"
	"strings"
)

// FormatNumber is JavaScript's Number::toString (NaN, Infinity, -Infinity, -0 → "0").
func FormatNumber(f float64) string {
	return string(appendNumber(nil, f))
}

// appendNumber appends FormatNumber(f).
func appendNumber(b []byte, f float64) []byte {
	switch {
	case f != f:
		return append(b, "NaN"...)
	case math.IsInf(f, 1):
		return append(b, "Infinity"...)
	case math.IsInf(f, -1):
		return append(b, "-Infinity"...)
	case f == 0:
		return append(b, '0')
	}
	// Integers below 2^53 are the overwhelmingly common case; their shortest digits are
	// their decimal form.
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return strconv.AppendInt(b, int64(f), 10)
	}
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	// Shortest round-trip digits d1.d2…dk and exponent e, value = 0.d1…dk × 10^n, n = e+1.
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64)
	var digitBuf [24]byte
	digits := digitBuf[:0]
	exp := 0
	for i := 0; i < len(e); i++ {
		c := e[i]
		if c == 'e' {
			x, _ := strconv.Atoi(string(e[i+1:]))
			exp = x
			break
		}
		if c != '.' {
			digits = append(digits, c)
		}
	}
	k, n := len(digits), exp+1
	switch {
	case k <= n && n <= 21:
		b = append(b, digits...)
		for i := 0; i < n-k; i++ {
			b = append(b, '0')
		}
	case 0 < n && n <= 21:
		b = append(b, digits[:n]...)
		b = append(b, '.')
		b = append(b, digits[n:]...)
	case -6 < n && n <= 0:
		b = append(b, "0."...)
		for i := 0; i < -n; i++ {
			b = append(b, '0')
		}
		b = append(b, digits...)
	default:
		b = append(b, digits[0])
		if k > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if n-1 >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(n-1), 10)
	}
	return b
}

// ToString is JavaScript's String(v) (§10.5): null → "null", numbers as FormatNumber,
// lists joined with "," where null elements are empty and nested lists are converted the
// same way, records → "[object Object]", a function → its native-code source text.
// A record whose toString/valueOf were replaced (through its own keys or its prototype)
// converts as JavaScript's OrdinaryToPrimitive would, and may fail; ToString then returns
// what was converted before the failure. Use ToStringLimit to see failures.
func ToString(v Value) string {
	s, _ := ToStringLimit(v, 0)
	return s
}

// ToStringLimit is ToString with a bound on the work done: it fails with a *LimitError
// when the conversion visits more than maxNodes values (the value itself and, for lists,
// every element at every depth) or TextLimit(maxNodes) text units, counted before
// anything is converted as the reference's displayString counts (CheckDisplayNodes), or
// when the text would exceed the writer's backstop of TextByteLimit(maxNodes) bytes (a
// record's toString result is not counted); maxNodes <= 0 means unbounded. It fails with a *JSError where JavaScript's
// String() throws (a record without a usable toString or valueOf, e.g. one whose
// prototype is null: "Cannot convert object to primitive value").
func ToStringLimit(v Value, maxNodes int) (string, error) {
	if s, ok := v.(string); ok {
		return s, nil
	}
	if err := CheckDisplayNodes(v, maxNodes); err != nil {
		return "", err
	}
	w := textWriter{budget: newBudget(maxNodes)}
	if err := w.stringOf(v, true); err != nil {
		return w.b.String(), err
	}
	return w.b.String(), nil
}

type textWriter struct {
	b      Builder
	budget budget
}

// stringOf appends String(v); top reports whether v is the converted value itself
// (null prints "null") rather than a list element (null prints nothing).
func (w *textWriter) stringOf(v Value, top bool) error {
	if err := w.budget.node(); err != nil {
		return err
	}
	switch x := v.(type) {
	case nil:
		if top {
			w.b.WriteString("null")
		}
	case bool:
		w.b.WriteString(strconv.FormatBool(x))
	case float64:
		w.b.buf = appendNumber(w.b.buf, x)
	case string:
		w.b.WriteString(x)
	case *List:
		for i, e := range x.Items {
			if i > 0 {
				w.b.WriteByte(',')
			}
			if err := w.stringOf(e, false); err != nil {
				return err
			}
			if err := w.budget.bytes(w.b.Len()); err != nil {
				return err
			}
		}
	case *Record:
		s, err := recordToString(x)
		if err != nil {
			return err
		}
		w.b.WriteString(s)
	case *Func:
		w.b.WriteString(FuncSource(x))
	default:
		w.b.WriteString("[object Object]")
	}
	return w.budget.bytes(w.b.Len())
}

// FuncSource is String(f) for a native function as goja prints it.
func FuncSource(f *Func) string { return "function " + f.Name + "() { [native code] }" }

// TypeofName is the typeof-name of §5.1 (undefined for absent is the caller's job).
func TypeofName(v Value) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case *Func:
		return "function"
	default:
		return "object"
	}
}

// RawTypeofName is JavaScript's typeof: like TypeofName but null → "object".
func RawTypeofName(v Value) string {
	if v == nil {
		return "object"
	}
	return TypeofName(v)
}

// ShapeName is like TypeofName but lists are "list".
func ShapeName(v Value) string {
	if _, ok := v.(*List); ok {
		return "list"
	}
	return TypeofName(v)
}

// A0TypeName is the stdlib typeof result: null, boolean, number, string, list, record
// (a *Func is "record").
func A0TypeName(v Value) string {
	switch n := ShapeName(v); n {
	case "function", "object":
		return "record"
	default:
		return n
	}
}

// NumberToLocaleString is Number.prototype.toLocaleString() as V8 (Node 20, ICU, en-US)
// gives it: at most three fraction digits, rounded half away from zero from the shortest
// decimal form of f, trailing zeros dropped, the integer digits grouped by three with
// ","; "NaN", "∞", "-∞", and "-0" for a negative number that rounds to zero. goja has
// no Intl and prints the plain number; the reference installs V8's behaviour
// (reference/ts/src/v8compat.ts).
func NumberToLocaleString(f float64) string {
	switch {
	case f != f:
		return "NaN"
	case math.IsInf(f, 1):
		return "∞"
	case math.IsInf(f, -1):
		return "-∞"
	}
	sign := ""
	if math.Signbit(f) {
		sign, f = "-", -f
	}
	// The shortest digits d1d2…dn and exponent e: f = 0.d1d2…dn × 10^(e+1).
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	digits := strings.Replace(mant, ".", "", 1)
	e, _ := strconv.Atoi(exp)
	point := e + 1 // digits before the decimal point
	if point < 0 {
		digits = strings.Repeat("0", -point) + digits
		point = 0
	}
	for len(digits) < point {
		digits += "0"
	}
	intPart, frac := digits[:point], digits[point:]
	if len(frac) > 3 {
		roundUp := frac[3] >= '5'
		frac = frac[:3]
		if roundUp {
			n := []byte(intPart + frac)
			i := len(n) - 1
			for ; i >= 0 && n[i] == '9'; i-- {
				n[i] = '0'
			}
			if i < 0 {
				n = append([]byte{'1'}, n...)
			} else {
				n[i]++
			}
			intPart, frac = string(n[:len(n)-3]), string(n[len(n)-3:])
		}
	}
	frac = strings.TrimRight(frac, "0")
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	var b strings.Builder
	b.WriteString(sign)
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}
