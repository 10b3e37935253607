package diff

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/value"
)

// renderValue renders one side of a divergence: the view value at the path as compact
// canonical JSON (−0, NaN and ±Infinity as {"$number":…}), clipped to RenderWidth.
func renderValue(v reflect.Value) string {
	if !v.IsValid() {
		return "(absent)"
	}
	var b strings.Builder
	render(&b, v.Interface())
	return clipText(b.String())
}

func render(b *strings.Builder, v any) {
	if b.Len() > 4*RenderWidth {
		return // clipped anyway; do not render a huge value in full
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case absent:
		b.WriteString("(absent)")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int:
		b.WriteString(strconv.Itoa(x))
	case string:
		b.WriteString(value.Quote(x))
	case number:
		renderNumber(b, float64(x))
	case function:
		b.WriteString(`{"$function":` + value.Quote(x.Name) + `}`)
	case list:
		b.WriteByte('[')
		for i := range len(x) {
			if i > 0 {
				b.WriteByte(',')
			}
			render(b, x[i])
		}
		b.WriteByte(']')
	case []any:
		b.WriteByte('[')
		for i, it := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			render(b, it)
		}
		b.WriteByte(']')
	case record:
		b.WriteByte('{')
		for i, k := range x.Order {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(value.Quote(k) + ":")
			render(b, x.Fields[k])
		}
		b.WriteByte('}')
	case keyOrder:
		b.WriteString("keys [")
		for i, k := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(value.Quote(k))
		}
		b.WriteByte(']')
	case *spanView:
		if x == nil {
			b.WriteString("(absent)")
			return
		}
		render(b, *x)
	case spanView:
		fmt.Fprintf(b, `{"file":%s,"startLine":%d,"startCol":%d,"endLine":%d,"endCol":%d}`, value.Quote(x.File), x.StartLine, x.StartCol, x.EndLine, x.EndCol)
	case diagView:
		b.WriteString(`{"code":` + value.Quote(x.Code) + `,"message":` + value.Quote(x.Message))
		if x.Span != nil {
			b.WriteString(`,"span":`)
			render(b, *x.Span)
		}
		if h, ok := x.Hint.(string); ok {
			b.WriteString(`,"hint":` + value.Quote(h))
		}
		if _, ok := x.Details.(absent); !ok {
			b.WriteString(`,"details":`)
			render(b, x.Details)
		}
		b.WriteByte('}')
	case eventView:
		b.WriteString(`{"event":` + value.Quote(string(x.Event)))
		if x.Span != nil {
			b.WriteString(`,"span":`)
			render(b, *x.Span)
		}
		if _, ok := x.Data.(absent); !ok {
			b.WriteString(`,"data":`)
			render(b, x.Data)
		}
		b.WriteByte('}')
	case callView:
		b.WriteString(`{"tool":` + value.Quote(x.Tool) + `,"args":`)
		render(b, x.Args)
		b.WriteString(`,"outcome":` + value.Quote(x.Outcome))
		if x.Outcome == "ok" {
			b.WriteString(`,"result":`)
			render(b, x.Result)
		} else {
			b.WriteString(`,"error":` + value.Quote(x.Error))
		}
		b.WriteByte('}')
	case []diagView, []eventView, []callView:
		rv := reflect.ValueOf(x)
		b.WriteByte('[')
		for i := range rv.Len() {
			if i > 0 {
				b.WriteByte(',')
			}
			render(b, rv.Index(i).Interface())
		}
		b.WriteByte(']')
	default:
		fmt.Fprintf(b, "%v", x)
	}
}

func renderNumber(b *strings.Builder, f float64) {
	switch {
	case math.IsNaN(f):
		b.WriteString(`{"$number":"NaN"}`)
	case math.IsInf(f, 1):
		b.WriteString(`{"$number":"Infinity"}`)
	case math.IsInf(f, -1):
		b.WriteString(`{"$number":"-Infinity"}`)
	case f == 0 && math.Signbit(f):
		b.WriteString(`{"$number":"-0"}`)
	default:
		b.WriteString(value.FormatNumber(f))
	}
}

// clipText shortens s to RenderWidth bytes (on a rune boundary) with a trailing "…".
func clipText(s string) string {
	if len(s) <= RenderWidth {
		return s
	}
	i := RenderWidth
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
