package tsbundle
import ("testing";"context";"time";"os";"sort";"github.com/a0diff/a0diff/corpus")
func TestTmpPer(t *testing.T) {
	b, _ := Load(os.Getenv("TSBUNDLE_REF"))
	r := NewRunner(b)
	paths, _ := corpus.Discover("../../corpus/spec/appendix-b")
	type row struct{ p string; d time.Duration; st string }
	var rows []row
	for _, p := range paths {
		e, _ := corpus.ParseFile(p)
		r.Run(context.Background(), e.Source, e.Config)
		s := time.Now()
		for i := 0; i < 20; i++ { r.Run(context.Background(), e.Source, e.Config) }
		o := r.Run(context.Background(), e.Source, e.Config)
		rows = append(rows, row{p, time.Since(s)/21, string(o.Status) + " " + o.Detail})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].d > rows[j].d })
	for _, x := range rows[:12] { t.Logf("%v %s %.80s", x.d, x.p, x.st) }
}
