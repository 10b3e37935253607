package gen

// The generator's static knowledge of values: enough to produce mostly well-typed
// programs (a number where arithmetic wants one, a record with a field `a` where a path
// reads `.a`), not a type system of A0 (which has none).

type kind uint8

const (
	kAny kind = iota
	kNum
	kStr
	kBool
	kNull
	kList
	kRec
)

// concreteKinds are the kinds a value can have, in the order random picks use.
var concreteKinds = []kind{kNum, kStr, kBool, kNull, kList, kRec}

type typ struct {
	k kind
	// elem is the element type of a list whose elements all share one type (nil: unknown
	// or mixed).
	elem *typ
	// fields are the fields a record is known to have, in insertion order.
	fields []field
}

type field struct {
	key string
	t   *typ
}

var (
	tyAny  = &typ{k: kAny}
	tyNum  = &typ{k: kNum}
	tyStr  = &typ{k: kStr}
	tyBool = &typ{k: kBool}
	tyNull = &typ{k: kNull}
	tyList = &typ{k: kList}
	tyRec  = &typ{k: kRec}
)

func listOf(elem *typ) *typ { return &typ{k: kList, elem: elem} }

func recOf(fields ...field) *typ { return &typ{k: kRec, fields: fields} }

func ofKind(k kind) *typ {
	switch k {
	case kNum:
		return tyNum
	case kStr:
		return tyStr
	case kBool:
		return tyBool
	case kNull:
		return tyNull
	case kList:
		return tyList
	case kRec:
		return tyRec
	}
	return tyAny
}

// field returns the type of field key, or nil.
func (t *typ) field(key string) *typ {
	if t == nil {
		return nil
	}
	for i := len(t.fields) - 1; i >= 0; i-- {
		if t.fields[i].key == key {
			return t.fields[i].t
		}
	}
	return nil
}

// fits reports whether a value of type t may be used where want is expected.
func (t *typ) fits(want *typ) bool {
	if want == nil || want.k == kAny {
		return true
	}
	if t == nil || t.k != want.k {
		return false
	}
	if want.k == kList && want.elem != nil && want.elem.k != kAny {
		return t.elem != nil && t.elem.fits(want.elem)
	}
	if want.k == kRec {
		for _, f := range want.fields {
			ft := t.field(f.key)
			if ft == nil || !ft.fits(f.t) {
				return false
			}
		}
	}
	return true
}

// errorRecordType is what a catch binder holds.
var errorRecordType = recOf(field{"code", tyStr}, field{"message", tyStr})

// evidenceType is the value of assert and check.
var evidenceType = recOf(field{"kind", tyStr}, field{"ok", tyBool}, field{"msg", tyStr}, field{"span", tyRec})
