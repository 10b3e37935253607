package run

// Runs execute on goroutines of their own so that Run can return at its deadline even
// when a tool never returns. Starting a fresh goroutine per run would make every run pay
// for growing a small stack again (recursive A0 programs spend most of their time in
// stack copying otherwise), so finished goroutines wait in a small idle set and take the
// next run with the stack they already have. A goroutine whose run is abandoned at the
// deadline simply never comes back.

// maxIdleWorkers bounds the goroutines kept waiting for work.
const maxIdleWorkers = 64

var idleWorkers = make(chan chan func(), maxIdleWorkers)

// goRun runs job on a pooled goroutine.
func goRun(job func()) {
	select {
	case w := <-idleWorkers:
		w <- job
	default:
		w := make(chan func(), 1)
		w <- job
		go work(w)
	}
}

func work(w chan func()) {
	for job := range w {
		job()
		select {
		case idleWorkers <- w:
		default:
			return
		}
	}
}
