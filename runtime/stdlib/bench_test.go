package stdlib

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/a0diff/a0diff/runtime/value"
)

func benchRecords(n int) *value.List {
	rng := rand.New(rand.NewSource(1))
	items := make([]value.Value, n)
	for i := range items {
		r := value.NewRecord()
		r.Set("id", float64(i))
		r.Set("name", fmt.Sprintf("user %c%d", 'a'+rng.Intn(26), rng.Intn(1000)))
		r.Set("score", float64(rng.Intn(100)))
		items[i] = r
	}
	return value.NewList(items...)
}

func benchSort(b *testing.B, by value.Value) {
	args := value.NewRecord()
	args.Set("in", benchRecords(5000))
	args.Set("by", by)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := sortFn(args, Limits{MaxSize: 1 << 20}); err != nil {
			b.Fatal(err)
		}
	}
}

// Sorting 5 000 records by a number key, a string key (collation) and two keys.
func BenchmarkSort5000ByNumber(b *testing.B) { benchSort(b, "score") }
func BenchmarkSort5000ByString(b *testing.B) { benchSort(b, "name") }
func BenchmarkSort5000ByTwoKeys(b *testing.B) {
	benchSort(b, value.NewList("score", "name"))
}

// Sorting 5 000 records without by: compares their JSON texts.
func BenchmarkSort5000Records(b *testing.B) { benchSort(b, nil) }
