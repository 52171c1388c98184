package othello

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// checkKind checks that a result (or a progress report) is a win/loss/draw solve and is not
// called exact: with a null window around the draw only its score's sign is known.
func checkKind(t *testing.T, what string, pos Position, r Result) {
	t.Helper()
	if !r.WLD || r.Exact {
		t.Fatalf("%s: %s: WLD %v, exact %v; want a win/loss/draw result that is not exact", what, pos, r.WLD, r.Exact)
	}
	if s := r.String(); !strings.Contains(s, "win/loss/draw") || strings.Contains(s, "exact") {
		t.Fatalf("%s: %s: described as %q, want win/loss/draw", what, pos, s)
	}
}

// TestWLDIsNotExact checks that a win/loss/draw solve, by Search and by Analyze, reports itself
// as such and never as exact, in its result, its moves' values and its last progress report,
// while keeping the right sign; and that an exact solve of the same position stays exact.
// Positions with 14 empties on 8x8 go through midgame iterations before the solve.
func TestWLDIsNotExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 31))
	e := New(Options{TableBytes: 1 << 20})
	ctx := context.Background()
	checked := 0
	for i := 0; checked < 24; i++ {
		size, empties := []int{8, 6}[i%2], 5+i%6
		if i%4 == 0 {
			empties = 14
		}
		pos, ok := randomGamePosition(rng, size, empties)
		if !ok {
			continue
		}
		var last Result
		reports := 0
		lim := Limits{WLDEmpties: 64, Progress: func(r Result) { last = r; reports++ }}
		res, err := e.Search(ctx, pos, lim)
		if err == ErrGameOver {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		checked++
		checkKind(t, "search", pos, res)
		if reports > 0 {
			checkKind(t, "search's last report", pos, last)
		}
		exact, err := e.Search(ctx, pos, Limits{ExactEmpties: 64})
		if err != nil {
			t.Fatal(err)
		}
		if !exact.Exact || exact.WLD || !strings.Contains(exact.String(), "exact") {
			t.Fatalf("%s: an exact solve reads %q (exact %v, WLD %v)", pos, exact, exact.Exact, exact.WLD)
		}
		if sign(res.Score) != sign(exact.Score) {
			t.Fatalf("%s: win/loss/draw %+d, exact %+d", pos, res.Score, exact.Score)
		}

		reports = 0
		values, ares, err := e.Analyze(ctx, pos, lim)
		if err != nil {
			t.Fatal(err)
		}
		checkKind(t, "analysis", pos, ares)
		if reports > 0 {
			checkKind(t, "analysis's last report", pos, last)
		}
		for _, v := range values {
			if v.Exact {
				t.Fatalf("%s: analysis: move %d of a win/loss/draw solve is marked exact (score %+d)", pos, v.Move, v.Score)
			}
		}
		if sign(values[0].Score) != sign(exact.Score) {
			t.Fatalf("%s: analysis: best move's win/loss/draw %+d, exact %+d", pos, values[0].Score, exact.Score)
		}
	}
}

// TestWLDThenExact: with time left after a win/loss/draw solve, a search with a time budget
// solves exactly and says so; its move then loses no disc (the disc-loss set's positions with
// 21 empties, whose every move's exact score is known).
func TestWLDThenExact(t *testing.T) {
	set, err := LossSet()
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{TableBytes: 16 << 20})
	checked := 0
	for _, p := range set {
		pos := PositionOf(p.Board)
		if pos.Empties() != 21 || checked == 3 {
			continue
		}
		checked++
		e.Clear()
		res, err := e.Search(context.Background(), pos, Limits{ExactEmpties: 18, WLDEmpties: 22, Time: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Exact || res.WLD || res.Score != p.Score {
			t.Errorf("%s: %v (WLD %v), want exact %+d", p.ID, res, res.WLD, p.Score)
		}
		for _, m := range p.Moves {
			if m.Square == res.Move && m.Score != p.Score {
				t.Errorf("%s: played %d, worth %+d, want a move worth %+d", p.ID, res.Move, m.Score, p.Score)
			}
		}
	}
}
