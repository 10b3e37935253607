package value

// THIS FILE IS A TEMPORARY STUB listing the API the rest of the project codes against.
// The value helper replaces every body below with a real implementation (moving the
// functions to files by concern) and deletes this file. Signatures may be extended but
// not changed without updating callers.

// ---- records (record.go) ----

// NewRecord returns an empty record.
func NewRecord() *Record { panic("unimplemented") }

// Set stores v under k: an existing key keeps its position; a new array-index key is
// placed in ascending numeric order before all other keys; any other new key is appended.
// Set is the "define own property" operation (no __proto__ special case); use Assign for
// JavaScript assignment semantics.
func (r *Record) Set(k string, v Value) { panic("unimplemented") }

// Assign is JavaScript assignment r[k] = v: for k == "__proto__" it replaces the
// prototype (record → Proto, null → NullProto) or is ignored (any other value);
// otherwise it is Set.
func (r *Record) Assign(k string, v Value) { panic("unimplemented") }

// Get returns the own property k.
func (r *Record) Get(k string) (Value, bool) { panic("unimplemented") }

// Lookup is a JavaScript property read r[k] through the prototype chain (§10.2):
// own key, then Proto's keys (recursively), then (unless NullProto somewhere ends the
// chain) Object.prototype: the eleven method names yield their *Func, "__proto__" yields
// the prototype record (an empty record for Object.prototype). Absent → (nil, false).
func (r *Record) Lookup(k string) (Value, bool) { panic("unimplemented") }

// Has reports whether k is an own key. HasInherited includes the prototype chain.
func (r *Record) Has(k string) bool          { panic("unimplemented") }
func (r *Record) HasInherited(k string) bool { panic("unimplemented") }

// Delete removes the own key k.
func (r *Record) Delete(k string) { panic("unimplemented") }

// Keys returns the own keys in JavaScript order (the slice must not be modified).
func (r *Record) Keys() []string { panic("unimplemented") }

// Len is the number of own keys.
func (r *Record) Len() int { panic("unimplemented") }

// Clone returns a shallow copy (same keys, order, values and prototype).
func (r *Record) Clone() *Record { panic("unimplemented") }

// IsArrayIndex reports whether k is a canonical array index ("0".."4294967294").
func IsArrayIndex(k string) bool { panic("unimplemented") }

// ---- strings (strings.go): A0 strings are WTF-8 Go strings ----

// FromUTF16 / ToUTF16 convert between code units and the WTF-8 representation.
func FromUTF16(u []uint16) string { panic("unimplemented") }
func ToUTF16(s string) []uint16   { panic("unimplemented") }

// UTF16Len is the length in UTF-16 code units.
func UTF16Len(s string) int { panic("unimplemented") }

// CompareStrings compares by UTF-16 code units (-1, 0, 1), as JavaScript's < does.
func CompareStrings(a, b string) int { panic("unimplemented") }

// LocaleCompare is String.prototype.localeCompare as the reference sees it in goja:
// golang.org/x/text/collate root collator on NFD-normalised input (-1, 0, 1).
func LocaleCompare(a, b string) int { panic("unimplemented") }

// ToUTF8 replaces lone surrogates by U+FFFD (what fs.write, sh.exec and hashing see).
func ToUTF8(s string) string { panic("unimplemented") }

// ---- numbers and text (format.go) ----

// FormatNumber is JavaScript's Number::toString (NaN, Infinity, -Infinity, -0 → "0").
func FormatNumber(f float64) string { panic("unimplemented") }

// ToString is JavaScript's String(v) (§10.5).
func ToString(v Value) string { panic("unimplemented") }

// TypeofName is the typeof-name of §5.1 (undefined for absent is the caller's job).
// RawTypeofName maps null to "object". ShapeName maps lists to "list".
func TypeofName(v Value) string    { panic("unimplemented") }
func RawTypeofName(v Value) string { panic("unimplemented") }
func ShapeName(v Value) string     { panic("unimplemented") }

// A0TypeName is the stdlib typeof result: null, boolean, number, string, list, record
// (a *Func is "record").
func A0TypeName(v Value) string { panic("unimplemented") }

// ---- JSON (json.go) ----

// JSON is JSON.stringify(v) (§10.4): compact when indent == "", else indented by indent.
// NaN/±Infinity → null; *Func omitted in records, null in lists; ok is false when the
// top-level value is a *Func (JSON.stringify returns undefined).
func JSON(v Value, indent string) (text string, ok bool) { panic("unimplemented") }

// ParseJSON is JSON.parse as the reference relies on it (§8.2): strict RFC 8259,
// duplicate keys last-wins-first-position, "__proto__" an ordinary own key, numbers to
// the nearest double (overflow ±Infinity, "-0" → -0), \u escapes may make lone
// surrogates. The error text follows V8's wording where it can (it is [HOST]).
func ParseJSON(text string) (Value, error) { panic("unimplemented") }

// ---- canonical encoding used by Outcomes and the reference ABI (canonical.go) ----

// MarshalCanonical writes v as compact JSON except that -0, NaN, Infinity and -Infinity
// become {"$number":"-0"|"NaN"|"Infinity"|"-Infinity"}, a *Func becomes
// {"$function":"NAME"}, lone surrogates are written as \udxxx escapes, and a record
// whose only own key is "$number", "$function" or "$record" is wrapped as {"$record":{…}}.
// Non-ASCII text is written literally (UTF-8); "<", ">", "&" are not escaped.
func MarshalCanonical(v Value) []byte { panic("unimplemented") }

// UnmarshalCanonical is the inverse of MarshalCanonical.
func UnmarshalCanonical(b []byte) (Value, error) { panic("unimplemented") }

// ---- comparison (equal.go) ----

// DeepEqual is A0 deep equality (§5.7): 0 == -0, NaN != NaN, key order irrelevant.
func DeepEqual(a, b Value) bool { panic("unimplemented") }

// Truthy is A0 truthiness (§5.8).
func Truthy(v Value) bool { panic("unimplemented") }

// Same is JavaScript Object.is extended structurally (used by tests and the differ):
// -0 != 0, NaN == NaN, key order significant, prototypes compared.
func Same(a, b Value) bool { panic("unimplemented") }
