package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
)

// solveStatus is the terminal's status line while solve works on one position: what the
// search last finished (a midgame iteration, which orders the solve's moves, or a selective
// search to the end) and the time since the position's solve started. The time keeps ticking
// between reports, so that a solve of thirty empties, whose exact search alone may run for
// most of an hour without reporting, shows it is still at work.
type solveStatus struct {
	w     io.Writer
	id    string
	start time.Time

	mu   sync.Mutex
	last string // the last report, without the time
	stop chan struct{}
	done chan struct{}
}

// startSolveStatus shows the status line of the solve of position id on w, redrawn every tick
// until close.
func startSolveStatus(w io.Writer, id string, tick time.Duration) *solveStatus {
	s := &solveStatus{w: w, id: id, start: time.Now(), last: "starting", stop: make(chan struct{}), done: make(chan struct{})}
	s.draw()
	go func() {
		defer close(s.done)
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			select {
			case <-s.stop:
				return
			case <-t.C:
				s.draw()
			}
		}
	}()
	return s
}

// report takes a search's progress (othello.Limits.Progress).
func (s *solveStatus) report(r othello.Result) {
	s.mu.Lock()
	s.last = solveProgressText(r)
	s.mu.Unlock()
	s.draw()
}

// solveProgressText says what a progress report of a solve established: the best move and its
// value at the depth of a midgame iteration, or at the confidence of a selective search to the
// end.
func solveProgressText(r othello.Result) string {
	what := fmt.Sprintf("depth=%d", r.Depth)
	switch {
	case r.Exact:
		what = "exact"
	case r.Selectivity != 0:
		what = fmt.Sprintf("selective=%d%%", r.Selectivity)
	}
	return fmt.Sprintf("best=%s score=%+d %s nodes=%d", reversi.SquareName(r.Move), r.Score, what, r.Nodes)
}

func (s *solveStatus) draw() {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.w, "\r\x1b[Kid=%s %s seconds=%.0f", s.id, s.last, time.Since(s.start).Seconds())
}

// close stops the ticking and clears the line.
func (s *solveStatus) close() {
	close(s.stop)
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprint(s.w, "\r\x1b[K")
}
