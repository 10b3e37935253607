package campaign

import (
	"encoding/binary"
	"reflect"
	"testing"
)

// counterFile builds a counter-data file in the layout visitCounters reads.
func counterFile(raw bool, funcs [][]uint32) []byte {
	b := make([]byte, 32)
	copy(b, []byte{0, 'c', 'w', 'm'})
	if raw {
		b[24] = 1
	} else {
		b[24] = 2
	}
	seg := make([]byte, 16)
	binary.LittleEndian.PutUint32(seg[8:], 3)  // string table
	binary.LittleEndian.PutUint32(seg[12:], 5) // args, padded
	b = append(b, seg...)
	b = append(b, make([]byte, 8)...)
	put := func(v uint32) {
		if raw {
			b = binary.LittleEndian.AppendUint32(b, v)
			return
		}
		b = binary.AppendUvarint(b, uint64(v))
	}
	for _, f := range funcs {
		put(uint32(len(f) - 2))
		for _, v := range f {
			put(v)
		}
	}
	return append(b, make([]byte, 16)...)
}

func TestVisitCounters(t *testing.T) {
	// per function: package id, function id, counters
	funcs := [][]uint32{{1, 7, 0, 3, 0, 200}, {2, 0, 1}, {300, 4}}
	want := [][4]uint32{{1, 7, 1, 3}, {1, 7, 3, 200}, {2, 0, 0, 1}}
	for _, raw := range []bool{false, true} {
		var got [][4]uint32
		if err := visitCounters(counterFile(raw, funcs), func(pkg, fn, idx, count uint32) {
			got = append(got, [4]uint32{pkg, fn, idx, count})
		}); err != nil {
			t.Fatalf("raw %v: %v", raw, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("raw %v: got %v, want %v", raw, got, want)
		}
	}
	if err := visitCounters([]byte("not counters"), func(_, _, _, _ uint32) {}); err == nil {
		t.Error("visitCounters accepted a text that is no counter data")
	}
}
