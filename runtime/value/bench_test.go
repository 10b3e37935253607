package value

import (
	"fmt"
	"testing"
)

func BenchmarkFormatNumber(b *testing.B) {
	nums := []float64{0, 1, 42, -7, 2.5, 0.1, 0.30000000000000004, 1e21, 1e-7, 123456.789, 5e-324, 1.7976931348623157e308}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		FormatNumber(nums[i%len(nums)])
	}
}

func benchValue() Value {
	rows := make([]Value, 1000)
	for i := range rows {
		r := NewRecord()
		r.Set("id", float64(i))
		r.Set("name", fmt.Sprintf("row %d é", i))
		r.Set("tags", NewList("a", "b", nil, true))
		r.Set("score", float64(i)/7)
		rows[i] = r
	}
	return NewList(rows...)
}

func BenchmarkJSON(b *testing.B) {
	v := benchValue()
	text, _ := JSON(v, "")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		JSON(v, "")
	}
}

func BenchmarkJSONIndented(b *testing.B) {
	v := benchValue()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		JSON(v, "  ")
	}
}

func BenchmarkParseJSON(b *testing.B) {
	text, _ := JSON(benchValue(), "")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseJSON(text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRecordSet(b *testing.B) {
	keys := make([]string, 5000)
	for i := range keys {
		if i%2 == 0 {
			keys[i] = fmt.Sprintf("key%d", i)
		} else {
			keys[i] = fmt.Sprint(i)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := NewRecord()
		for _, k := range keys {
			r.Set(k, 1.0)
		}
	}
}
