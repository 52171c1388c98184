package trainer_test

import (
	"context"
	"errors"
	"math/bits"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
	"turncoat/internal/testenv"
	"turncoat/platform/clock"
	"turncoat/platform/trainer"
	"turncoat/store"
)

// shipped returns a trainer on the shipped book, without a store.
func shipped(t *testing.T) *trainer.Service {
	t.Helper()
	b, err := book.SharedShipped()
	if err != nil {
		t.Fatal(err)
	}
	return trainer.New(trainer.Config{Book: b})
}

// lookup returns the shipped book's entry after moves.
func lookup(t *testing.T, moves string) book.Entry {
	t.Helper()
	b, _ := book.SharedShipped()
	rec, err := reversi.ParseMoveList(moves, reversi.Start(8))
	if err != nil {
		t.Fatal(err)
	}
	bd, _ := rec.Replay()
	e, in := b.Lookup(bd)
	if !in {
		t.Fatalf("%s is not in the book", moves)
	}
	return e
}

// find walks the book's positions from the start, shallowest first, for one where the side
// to move is black and ok holds; it returns the moves that reach it.
func find(t *testing.T, ok func(bd reversi.Board, e book.Entry) bool) string {
	return findFor(t, 0, ok)
}

// findFor is find for a side to move (0 black, 1 white).
func findFor(t *testing.T, turn int, ok func(bd reversi.Board, e book.Entry) bool) string {
	t.Helper()
	b, _ := book.SharedShipped()
	type node struct {
		bd    reversi.Board
		moves string
	}
	queue := []node{{reversi.Start(8), ""}}
	for len(queue) > 0 && len(queue) < 200000 {
		n := queue[0]
		queue = queue[1:]
		e, in := b.Lookup(n.bd)
		if !in {
			continue
		}
		if n.bd.Turn == turn && ok(n.bd, e) {
			return n.moves
		}
		for _, m := range e.Moves {
			if !m.Leaf {
				next := n.bd
				next.Play(m.Square)
				queue = append(queue, node{next, n.moves + reversi.SquareName(m.Square)})
			}
		}
	}
	t.Fatal("no such position in the book")
	return ""
}

// unknown returns a legal move of bd that the book's entry has not (-1 when none).
func unknown(bd reversi.Board, e book.Entry) int {
	for m := bd.Moves(); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		if !slices.ContainsFunc(e.Moves, func(x book.Move) bool { return x.Square == sq }) {
			return sq
		}
	}
	return -1
}

func step(t *testing.T, s *trainer.Service, req api.Drill) api.DrillStep {
	t.Helper()
	out, err := s.Drill(context.Background(), nil, req)
	if err != nil {
		t.Fatalf("%+v: %v", req, err)
	}
	return out
}

// TestOpenings: every named opening is listed with its moves, all of them in the book.
func TestOpenings(t *testing.T) {
	s := shipped(t)
	out, err := s.Openings(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Openings) != len(book.OpeningNames()) || out.Margin != trainer.Margin || out.Plies != 30 || len(out.Repertoire) != 0 {
		t.Fatalf("%d openings of %d, %+v", len(out.Openings), len(book.OpeningNames()), out)
	}
	for _, o := range out.Openings {
		if o.Name == "Tiger" && o.Line != "f5d6c3d3c4" {
			t.Fatalf("the Tiger: %+v", o)
		}
	}
}

// TestDrillFollowsTheLine: the book plays its side of the line and the player's line moves
// are right; past the line the book replies from its moves, the same for the same seed.
func TestDrillFollowsTheLine(t *testing.T) {
	s := shipped(t)
	tiger := "f5d6c3d3c4"
	for _, tc := range []struct {
		color, moves, reply, toMove string
		checks                      int
	}{
		{"black", "", "", "black", 0},
		{"black", "f5", "d6", "black", 1},
		{"black", "f5d6c3", "d3", "black", 2},
		{"white", "", "f5", "white", 0},
		{"white", "f5d6", "c3", "white", 1},
		// a mirror of the line's first move: the book answers in the same mirror
		{"black", "d3", "c5", "black", 1},
	} {
		out := step(t, s, api.Drill{Line: tiger, Color: tc.color, Moves: tc.moves, Seed: 1})
		if out.Reply != tc.reply || out.ToMove != tc.toMove || out.Done || len(out.Checks) != tc.checks {
			t.Fatalf("%s %q: %+v", tc.color, tc.moves, out)
		}
		for _, c := range out.Checks {
			if !c.Right || !c.InBook || c.LineMove == "" || c.Source != "book" {
				t.Fatalf("%s %q: check %+v", tc.color, tc.moves, c)
			}
		}
	}
	// off the line by a book move: a miss on the line, and the book goes on from its moves
	out := step(t, s, api.Drill{Line: tiger, Color: "black", Moves: "f5d6c5", Seed: 1})
	if c := out.Checks[1]; c.Right || c.LineMove != "c3" || !c.InBook || out.Done || out.Reply == "" {
		t.Fatalf("off the line: %+v", out)
	}
	// past the line the reply is the seed's, every time
	a := step(t, s, api.Drill{Line: tiger, Color: "black", Moves: "f5d6c3d3c4", Seed: 7})
	b := step(t, s, api.Drill{Line: tiger, Color: "black", Moves: "f5d6c3d3c4", Seed: 7})
	if a.Reply == "" || a.Reply != b.Reply || a.Opening != "Tiger" {
		t.Fatalf("past the line: %+v, %+v", a, b)
	}
	// a book reply other than the seed's is taken too (the server's book may have learned a
	// game between two steps)
	for _, m := range lookup(t, "f5d6c3d3c4").Moves {
		if sq := reversi.SquareName(m.Square); !m.Leaf && sq != a.Reply {
			if out := step(t, s, api.Drill{Line: tiger, Color: "black", Moves: "f5d6c3d3c4" + sq, Seed: 7}); len(out.Moves) != 6 || out.ToMove != "black" {
				t.Fatalf("the reply %s: %+v", sq, out)
			}
			break
		}
	}
	// and the next step accepts it
	next := step(t, s, api.Drill{Line: tiger, Color: "black", Moves: strings.Join(a.Moves, ""), Seed: 7})
	if len(next.Moves) != 6 || next.ToMove != "black" {
		t.Fatalf("the step after: %+v", next)
	}
}

// TestRepliesWeighted: from the start (no line) the book's replies to f5 come as often as its
// games played them (d6 about 65%, f6 34%, f4 1%).
func TestRepliesWeighted(t *testing.T) {
	s := shipped(t)
	e := lookup(t, "f5")
	total := 0
	want := map[string]float64{}
	for _, m := range e.Moves {
		if !m.Leaf {
			total += m.Games
		}
	}
	for _, m := range e.Moves {
		if !m.Leaf {
			want[reversi.SquareName(m.Square)] = float64(m.Games) / float64(total)
		}
	}
	const n = 600
	got := map[string]int{}
	for seed := range uint64(n) {
		got[step(t, s, api.Drill{Color: "black", Moves: "f5", Seed: seed}).Reply]++
	}
	for m, p := range want {
		if f := float64(got[m]) / n; f < p-0.06 || f > p+0.06 {
			t.Errorf("%s: %.2f of the replies, the book's games %.2f", m, f, p)
		}
		delete(got, m)
	}
	if len(got) != 0 {
		t.Errorf("replies outside the book: %v", got)
	}
}

// TestMoveCosts: a book move below the best costs the difference of their book values; the
// book's best move outside the book is valued by the book; another move by a search; leaving
// the book ends the drill.
func TestMoveCosts(t *testing.T) {
	s := shipped(t)
	line := find(t, func(bd reversi.Board, e book.Entry) bool {
		hasLeaf := slices.ContainsFunc(e.Moves, func(m book.Move) bool { return m.Leaf })
		weak := slices.ContainsFunc(e.Moves, func(m book.Move) bool { return !m.Leaf && e.Moves[0].Value-m.Value > trainer.Margin })
		return hasLeaf && weak && unknown(bd, e) >= 0
	})
	e := lookup(t, line)
	best := e.Moves[0]
	var worst, leaf book.Move
	for _, m := range e.Moves {
		if m.Leaf {
			leaf = m
		} else {
			worst = m
		}
	}
	n := len(line) / 2
	drill := func(m int) api.DrillStep {
		return step(t, s, api.Drill{Line: line, Color: "black", Moves: line + reversi.SquareName(m), Seed: 1})
	}
	out := drill(worst.Square)
	if c := out.Checks[len(out.Checks)-1]; c.Ply != n+1 || !c.InBook || c.Right || c.Source != "book" || c.Cost != best.Value-worst.Value ||
		c.Best != reversi.SquareName(best.Square) || c.LineMove != "" || out.Done || out.Reply == "" {
		t.Fatalf("after %s, a weak book move: %+v", line, out)
	}
	out = drill(best.Square)
	if c := out.Checks[len(out.Checks)-1]; !c.Right || c.Cost != 0 || c.Value != best.Value {
		t.Fatalf("after %s, the best move: %+v", line, out)
	}
	out = drill(leaf.Square)
	if c := out.Checks[len(out.Checks)-1]; c.InBook || c.Source != "book" || c.Value != leaf.Value || c.Cost != max(best.Value-leaf.Value, 0) ||
		!out.Done || out.End != "left" || out.Reply != "" || out.ToMove != "" {
		t.Fatalf("after %s, the book's best move outside it: %+v", line, out)
	}
	rec, _ := reversi.ParseMoveList(line, reversi.Start(8))
	bd, _ := rec.Replay()
	out = drill(unknown(bd, e))
	if c := out.Checks[len(out.Checks)-1]; c.InBook || c.Source != "engine" || c.Cost != max(best.Value-c.Value, 0) || out.End != "left" || out.Right {
		t.Fatalf("after %s, a move the book has not: %+v", line, out)
	}
}

// TestDrillEnds: a drill ends at its length, and refuses moves after its end.
func TestDrillEnds(t *testing.T) {
	s := shipped(t)
	out := step(t, s, api.Drill{Line: "f5d6c3d3c4", Color: "black", Moves: "f5d6c3d3c4", Seed: 3, Plies: 6})
	if !out.Done || out.End != "plies" || out.Ply != 6 || out.Plies != 6 || !out.Right {
		t.Fatalf("at its length: %+v", out)
	}
	rec, _ := reversi.ParseMoveList(strings.Join(out.Moves, ""), reversi.Start(8))
	bd, _ := rec.Replay()
	after := strings.Join(out.Moves, "") + reversi.SquareName(bits.TrailingZeros64(bd.Moves()))
	if _, err := s.Drill(context.Background(), nil, api.Drill{Line: "f5d6c3d3c4", Color: "black", Moves: after, Plies: 6, Seed: 3}); domain.ErrorCode(err) != domain.BadRequest {
		t.Fatalf("a move after the end: %v", err)
	}
}

// TestDrillRefuses: bad drills get the code and the catalogue's sentence.
func TestDrillRefuses(t *testing.T) {
	s := shipped(t)
	outLine := find(t, func(bd reversi.Board, e book.Entry) bool { return unknown(bd, e) >= 0 })
	rec, _ := reversi.ParseMoveList(outLine, reversi.Start(8))
	bd, _ := rec.Replay()
	outLine += reversi.SquareName(unknown(bd, lookup(t, outLine)))
	// past the line, a reply that is no book move
	badReply := findFor(t, 1, func(bd reversi.Board, e book.Entry) bool { return unknown(bd, e) >= 0 })
	rec, _ = reversi.ParseMoveList(badReply, reversi.Start(8))
	bd, _ = rec.Replay()
	badReply += reversi.SquareName(unknown(bd, lookup(t, badReply)))
	for _, tc := range []struct {
		req  api.Drill
		code domain.Code
		key  string
	}{
		{api.Drill{Color: "red"}, domain.BadRequest, "trainer.bad_color"},
		{api.Drill{Color: "black", Line: "zz"}, domain.BadNotation, "trainer.bad_moves"},
		{api.Drill{Color: "black", Moves: "f5f5"}, domain.IllegalMove, "trainer.bad_moves"},
		{api.Drill{Color: "black", Moves: "f5 pass"}, domain.IllegalMove, "trainer.bad_moves"},
		{api.Drill{Color: "black", Moves: strings.Repeat("f5", 200)}, domain.BadRequest, "trainer.too_long"},
		{api.Drill{Color: "black", Plies: 61}, domain.BadRequest, "trainer.bad_plies"},
		{api.Drill{Color: "black", Line: outLine}, domain.BadRequest, "trainer.line_out"},
		{api.Drill{Color: "black", Moves: "f5f4", Seed: 1, Line: "f5d6"}, domain.BadRequest, "trainer.not_reply"},
		{api.Drill{Color: "black", Moves: badReply, Seed: 1}, domain.BadRequest, "trainer.not_reply"},
	} {
		_, err := s.Drill(context.Background(), nil, tc.req)
		var de *domain.Error
		if !errors.As(err, &de) || de.Code != tc.code || de.Key != tc.key {
			t.Errorf("%+v: %v, want %s %s", tc.req, err, tc.code, tc.key)
		}
	}
}

// TestSchedule: a missed line comes back in ten minutes, one played right a box further on;
// the same drill sent again counts once; guests keep no schedule. On SQLite and PostgreSQL.
func TestSchedule(t *testing.T) {
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			dsn, opts := filepath.Join(t.TempDir(), "t.db"), store.Options{}
			if kind == "postgres" {
				var name string
				dsn, name = testenv.Postgres(t)
				opts.Channel = name
			}
			ctx := context.Background()
			st, err := store.Open(ctx, dsn, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			clk := clock.NewManual(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
			b, _ := book.SharedShipped()
			s := trainer.New(trainer.Config{Store: st, Book: b, Clock: clk})
			u, err := st.CreateUser(ctx, "ann", "x", false, clk.Now())
			if err != nil {
				t.Fatal(err)
			}
			guest, err := st.CreateUser(ctx, "guest-1", "", true, clk.Now())
			if err != nil {
				t.Fatal(err)
			}
			tiger := api.Drill{Line: "f5d6c3d3c4", Color: "black", Seed: 5, Plies: 6}
			// missed: off the line
			missed := tiger
			missed.Moves = "f5d6c5"
			first := step(t, s, missed)
			missed.Moves = strings.Join(first.Moves, "")
			missed.Plies = 4
			out, err := s.Drill(ctx, &u, missed)
			if err != nil || !out.Done || out.Right || out.Schedule == nil || out.Schedule.Box != 1 ||
				!out.Schedule.DueAt.Equal(clk.Now().Add(10*time.Minute)) || out.Schedule.Missed != 1 || out.Schedule.Name != "Tiger" {
				t.Fatalf("missed: %+v %v", out, err)
			}
			if again, _ := s.Drill(ctx, &u, missed); again.Schedule == nil || again.Schedule.Missed != 1 {
				t.Fatalf("the same drill again: %+v", again.Schedule)
			}
			// right twice: boxes 2 and 3
			right := tiger
			right.Moves = "f5d6c3d3c4"
			for i, box := range []int{2, 3} {
				right.Seed = uint64(10 + i)
				out, err := s.Drill(ctx, &u, right)
				if err != nil || !out.Done || !out.Right || out.Schedule == nil || out.Schedule.Box != box || out.Schedule.Right != i+1 {
					t.Fatalf("right %d: %+v %v", i, out.Schedule, err)
				}
			}
			// another line, due sooner
			other := api.Drill{Line: "f5f6e6d6c5", Color: "white", Seed: 1, Plies: 2, Moves: "f5f6"}
			if out, err := s.Drill(ctx, &u, other); err != nil || out.Schedule == nil || out.Schedule.Box != 2 || !out.Right {
				t.Fatalf("the Cow: %+v %v", out, err)
			}
			due, err := s.Due(ctx, &u)
			if err != nil || len(due.Lines) != 2 || due.Lines[0].Line != "f5f6e6d6c5" || due.Lines[0].Due || due.Lines[1].Box != 3 {
				t.Fatalf("the schedule: %+v %v", due, err)
			}
			clk.Advance(25 * time.Hour)
			if due, _ := s.Due(ctx, &u); !due.Lines[0].Due || due.Lines[1].Due {
				t.Fatalf("a day later: %+v", due)
			}
			// a guest drills without a schedule
			if out, err := s.Drill(ctx, &guest, right); err != nil || out.Schedule != nil {
				t.Fatalf("a guest: %+v %v", out.Schedule, err)
			}
			if _, err := s.Due(ctx, &guest); domain.ErrorCode(err) != domain.Unauthorized {
				t.Fatalf("a guest's schedule: %v", err)
			}
		})
	}
}
