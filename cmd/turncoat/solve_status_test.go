package main

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
	"turncoat/internal/testenv"
)

// lastLine is what a terminal shows of the status output: the text after the last clearing.
func lastLine(s string) string { return s[strings.LastIndex(s, "\r\x1b[K")+len("\r\x1b[K"):] }

// TestSolveStatus: the status line of a solve shows the last report and the time since the
// start, which keeps counting between reports, and is cleared at the end.
func TestSolveStatus(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out testenv.Buffer
		st := startSolveStatus(&out, "76", time.Second)
		if got := lastLine(out.String()); got != "id=76 starting seconds=0" {
			t.Fatalf("first status %q", got)
		}
		a3 := 16
		if reversi.SquareName(a3) != "a3" {
			t.Fatalf("square %d is %s", a3, reversi.SquareName(a3))
		}
		st.report(othello.Result{Move: a3, Score: 28, Depth: 10, Nodes: 1234})
		time.Sleep(90 * time.Second)
		synctest.Wait()
		if got, want := lastLine(out.String()), "id=76 best=a3 score=+28 depth=10 nodes=1234 seconds=90"; got != want {
			t.Fatalf("status after 90 s %q, want %q", got, want)
		}
		st.report(othello.Result{Move: a3, Score: 32, Depth: 10, Selectivity: 95, Nodes: 99999})
		time.Sleep(30 * time.Second)
		synctest.Wait()
		if got, want := lastLine(out.String()), "id=76 best=a3 score=+32 selective=95% nodes=99999 seconds=120"; got != want {
			t.Fatalf("status after a selective search %q, want %q", got, want)
		}
		st.close()
		if !strings.HasSuffix(out.String(), "seconds=120\r\x1b[K") {
			t.Fatalf("the line is not cleared at the end: %q", out.String())
		}
		// nothing draws after close
		n := len(out.String())
		time.Sleep(10 * time.Second)
		synctest.Wait()
		if len(out.String()) != n {
			t.Fatal("the status line was drawn after close")
		}
	})
}

// TestSolveProgressText: an exact result says so.
func TestSolveProgressText(t *testing.T) {
	e1 := 4
	if got, want := solveProgressText(othello.Result{Move: e1, Score: 24, Depth: 31, Exact: true, Nodes: 5}), "best=e1 score=+24 exact nodes=5"; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
}
