package value

// WriteDataText is the text fs.write writes (spec §9.2) as the Go evaluator serialises it:
// with format "json" the data's JSON indented by two spaces; otherwise a string data as
// it is, and anything else as compact JSON. There is no text when data is absent (or is
// a function value, whose JSON.stringify is undefined). Only own keys of the argument
// record count. A text over the size limit is a *value.LimitError.
//
// ok is false when there is no text. The tool kit never serialises on an implementation's
// behalf (each implementation hands it its own text, so a serialisation bug on either
// side is a divergence); the goja host uses WriteDataText only for bundles of the older
// ABI whose host.call passes no text.
func WriteDataText(args *Record, maxSize int) (text string, ok bool, err error) {
	data, hasData := args.Get("data")
	format := "raw"
	if f, ok := args.Get("format"); ok {
		format, _ = f.(string)
	}
	indent := ""
	switch {
	case format == "json":
		indent = "  "
	case hasData:
		if s, isString := data.(string); isString {
			return s, true, nil
		}
	}
	if !hasData {
		return "", false, nil
	}
	return JSONLimit(data, indent, maxSize)
}
