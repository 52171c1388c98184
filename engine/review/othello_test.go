package review

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
	"turncoat/internal/sharedtest"
)

func moves(t testing.TB, text string, size int) reversi.Record {
	t.Helper()
	rec, err := reversi.ParseMoveList(text, reversi.Start(size))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// randomGame plays random legal moves to the end (passes explicit).
func randomGame(rng *rand.Rand, size int) reversi.Record {
	b := reversi.Start(size)
	rec := reversi.Record{Start: b}
	for {
		m := b.Moves()
		if m == 0 {
			if b.OpponentMoves() == 0 {
				return rec
			}
			b.Pass()
			rec.Moves = append(rec.Moves, reversi.Pass)
			continue
		}
		k := rng.IntN(popcount(m))
		for ; k > 0; k-- {
			m &= m - 1
		}
		sq := trailing(m)
		if _, err := b.Play(sq); err != nil {
			panic(err)
		}
		rec.Moves = append(rec.Moves, sq)
	}
}

func popcount(m uint64) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func trailing(m uint64) int {
	for i := 0; i < 64; i++ {
		if m&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

// TestReviewExactNeverNegative: on 4x4 (every value exact), every loss is the best value minus
// the played value, never negative, and the graph and the final result agree: the last value
// is the result, and the first value before the first move minus each side's losses follows
// the game (Black's start value − Black's losses + White's losses = the result).
func TestReviewExactNeverNegative(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	eng := othello.New(othello.Options{TableBytes: 1 << 20})
	for g := 0; g < 30; g++ {
		rec := randomGame(rng, 4)
		r, err := Othello(context.Background(), rec, OthelloConfig{Engine: eng})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Over || len(r.Plies) == 0 {
			t.Fatalf("game %d: over=%v plies=%d", g, r.Over, len(r.Plies))
		}
		for _, p := range r.Plies {
			if !p.Exact || p.Source != FromSolver {
				t.Fatalf("game %d ply %d: exact=%v source=%s on 4x4", g, p.Ply, p.Exact, p.Source)
			}
			if p.Loss < 0 || p.Loss != p.Before-p.Played {
				t.Fatalf("game %d ply %d: loss %v, before %v, played %v", g, p.Ply, p.Loss, p.Before, p.Played)
			}
			if (p.Loss == 0) != (p.Class == Best) {
				t.Fatalf("game %d ply %d: loss %v classed %s", g, p.Ply, p.Loss, p.Class)
			}
		}
		if last := r.Graph[len(r.Graph)-1]; last != r.Final {
			t.Fatalf("game %d: the graph ends at %v, the result is %v", g, last, r.Final)
		}
		first := r.Plies[0].Before // Black's view: Black moves first on the standard start
		if got := first - r.Sides[0].Loss + r.Sides[1].Loss; got != r.Final {
			t.Fatalf("game %d: start value %v − Black's loss %v + White's loss %v = %v, the result is %v",
				g, first, r.Sides[0].Loss, r.Sides[1].Loss, got, r.Final)
		}
	}
}

// TestReviewPerfectEndgame: a 6x6 game in which both sides play the solver's best move from
// the solver's reach on has loss 0 on every one of those moves, exact; a move changed to a
// worse one gets exactly its loss.
func TestReviewPerfectEndgame(t *testing.T) {
	ctx := context.Background()
	eng := othello.New(othello.Options{TableBytes: 16 << 20})
	rng := rand.New(rand.NewPCG(3, 4))
	const reach = 14
	// random moves to reach empties, then the solver's best moves
	rec := randomGame(rng, 6)
	b := rec.Start
	var ms []int
	for _, sq := range rec.Moves {
		if _, _, n := b.Counts(); n <= reach {
			break
		}
		ms = append(ms, sq)
		if sq == reversi.Pass {
			b.Pass()
		} else if _, err := b.Play(sq); err != nil {
			t.Fatal(err)
		}
	}
	for b.Moves() != 0 || b.OpponentMoves() != 0 {
		if b.Moves() == 0 {
			b.Pass()
			ms = append(ms, reversi.Pass)
			continue
		}
		res, err := eng.Search(ctx, othello.PositionOf(b), othello.Limits{ExactEmpties: 64})
		if err != nil || !res.Exact {
			t.Fatalf("solve: %v exact=%v", err, res.Exact)
		}
		if _, err := b.Play(res.Move); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, res.Move)
	}
	rec.Moves = ms
	r, err := Othello(ctx, rec, OthelloConfig{Engine: eng, ExactEmpties: reach, Level: 3})
	if err != nil {
		t.Fatal(err)
	}
	solved := 0
	for _, p := range r.Plies {
		if p.Empties > reach {
			continue
		}
		solved++
		if p.Loss != 0 || !p.Exact || p.Class != Best || p.Source != FromSolver {
			t.Errorf("ply %d (%d empties) %s: loss %v exact %v class %s source %s, want 0 exact best solver",
				p.Ply, p.Empties, p.Move, p.Loss, p.Exact, p.Class, p.Source)
		}
	}
	if solved < reach-2 {
		t.Fatalf("%d plies in the solver's reach", solved)
	}
}

// xSquareOpening is a main line of the book after which an X-square move is legal: the test
// plays the first it finds (g2).
const xSquareOpening = "f5d6c3d3c4f4f6f3e6e7"

// TestReviewXSquare: a move into an X-square early in the game, next to an empty corner, is
// known as bad: its loss is above 0 and its class is an inaccuracy or worse.
func TestReviewXSquare(t *testing.T) {
	rec := moves(t, xSquareOpening, 8)
	b, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	x := -1
	for _, sq := range []string{"g7", "b7", "g2", "b2"} {
		s := squareOf(sq)
		if b.Moves()&(1<<s) != 0 {
			x = s
			break
		}
	}
	if x < 0 {
		t.Fatalf("no X-square move after %s", xSquareOpening)
	}
	rec.Moves = append(rec.Moves, x)
	shipped, err := book.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Othello(context.Background(), rec, OthelloConfig{Book: shipped, Level: 5})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Plies[len(r.Plies)-1]
	t.Logf("ply %d %s: best %s before %+v played %+v loss %v class %s source %s", p.Ply, p.Move, p.Best, p.Before, p.Played, p.Loss, p.Class, p.Source)
	if p.Loss <= 0 || p.Class.Rank() < Inaccuracy.Rank() {
		t.Fatalf("the X-square %s: loss %v class %s, want a loss and an inaccuracy or worse", p.Move, p.Loss, p.Class)
	}
	if len(p.PV) == 0 || p.PV[0] != p.Best {
		t.Errorf("the better line %v does not start with the best move %s", p.PV, p.Best)
	}
	// the book's moves before it are classed book
	for _, q := range r.Plies[:2] {
		if q.Source != FromBook || q.Class != Book {
			t.Errorf("opening ply %d %s: source %s class %s, want the book's", q.Ply, q.Move, q.Source, q.Class)
		}
	}
}

func squareOf(name string) int { return int(name[0]-'a') + 8*int(name[1]-'1') }

// TestReviewBadRecord: a record the review cannot follow names the ply.
func TestReviewBadRecord(t *testing.T) {
	rec := moves(t, "f5d6", 8)
	rec.Moves = append(rec.Moves, squareOf("a1"))
	_, err := Othello(context.Background(), rec, OthelloConfig{Level: 1})
	if err == nil || !strings.Contains(err.Error(), "ply 3") {
		t.Fatalf("err = %v, want ply 3 named", err)
	}
}

// TestReviewCancel: a cancelled context ends the review with its error.
func TestReviewCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Othello(ctx, moves(t, "f5d6c3", 8), OthelloConfig{Level: 1})
	if err != context.Canceled {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestReviewTimeBound reviews a real game under a bound too short for any search to finish: the
// review still covers every move (each search stops at its share and gives its estimate), and
// the endgame moves the solver could not finish in their share are said not to be exact.
func TestReviewTimeBound(t *testing.T) {
	rec := benchGame(t)
	var last int
	r, err := Othello(context.Background(), rec, OthelloConfig{Time: time.Nanosecond, Progress: func(d, n int) { last = d }})
	if err != nil {
		t.Fatal(err)
	}
	if last != 60 || len(r.Plies) != 60 {
		t.Fatalf("progress ended at %d moves and the review has %d, want 60", last, len(r.Plies))
	}
	cut := 0
	for _, p := range r.Plies {
		if p.Empties <= r.ExactEmpties && p.Empties > 14 && !p.Exact {
			cut++
		}
		if p.Loss < 0 {
			t.Errorf("ply %d: loss %v", p.Ply, p.Loss)
		}
	}
	if cut == 0 {
		t.Errorf("no solve of 15 to %d empties was cut by the bound: every one finished in a millisecond?", r.ExactEmpties)
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		loss float64
		want Class
	}{{0, Best}, {1, Good}, {2, Good}, {3, Inaccuracy}, {4, Inaccuracy}, {5, Mistake}, {8, Mistake}, {9, Blunder}, {64, Blunder}} {
		if got := DiscThresholds.Classify(c.loss); got != c.want {
			t.Errorf("Classify(%v) = %s, want %s", c.loss, got, c.want)
		}
	}
	if a := Accuracy(0, 0); a != 100 {
		t.Errorf("Accuracy(0) = %v", a)
	}
	if a := Accuracy(4, 4); a < 36 || a > 37 {
		t.Errorf("Accuracy(4) = %v, want 100/e", a)
	}
}

// benchGame is a real 60-move 8x8 game: testdata/game60.txt (from WTHOR), or the shared WTHOR
// files' first 60-move game.
func benchGame(tb testing.TB) reversi.Record {
	tb.Helper()
	data, err := os.ReadFile("testdata/game60.txt")
	if err == nil {
		return moves(tb, strings.TrimSpace(string(data)), 8)
	}
	l, err := files.Load(sharedtest.Path(tb, "data/wthor/WTH_2004.wtb"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, r := range l.Records {
		if len(r.Moves) == 60 {
			return r
		}
	}
	tb.Skip("no 60-move game")
	return reversi.Record{}
}

// BenchmarkReview60 reviews a real 60-move 8x8 game at level 8 (book, depth 13 selective,
// exact over the last 20 empties) on one thread: the target is under 20 s a review.
func BenchmarkReview60(b *testing.B) {
	rec := benchGame(b)
	shipped, err := book.Shipped()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		r, err := Othello(context.Background(), rec, OthelloConfig{Book: shipped})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(r.Plies)), "moves")
	}
}

// TestGenericMatchesOthello: the generic review through the Othello agent's analysis (exact on
// 4x4) finds the Othello review's losses on every exactly valued move.
func TestGenericMatchesOthello(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	agent := othello.NewAgent("review", othello.Limits{ExactEmpties: 16}, 0, othello.Options{TableBytes: 1 << 20}, 1)
	for g := 0; g < 5; g++ {
		rec := randomGame(rng, 4)
		want, err := Othello(context.Background(), rec, OthelloConfig{})
		if err != nil {
			t.Fatal(err)
		}
		rules := reversi.Standard
		rules.Size = 4
		st, err := reversi.FromBoard(rec.Start, rules)
		if err != nil {
			t.Fatal(err)
		}
		b := rec.Start
		var ms []game.Move
		for _, sq := range rec.Moves {
			ms = append(ms, game.Single(game.Player(b.Turn), game.Action(sq)))
			if sq == reversi.Pass {
				b.Pass()
			} else if _, err := b.Play(sq); err != nil {
				t.Fatal(err)
			}
		}
		got, err := Generic(context.Background(), st, ms, GenericConfig{Analyzer: agent, Game: "othello 4x4"})
		if err != nil {
			t.Fatal(err)
		}
		byPly := map[int]Ply{}
		for _, p := range got.Plies {
			if p.Loss < 0 {
				t.Fatalf("ply %d: negative loss %v", p.Ply, p.Loss)
			}
			byPly[p.Ply] = p
		}
		compared := 0
		for _, w := range want.Plies {
			p, ok := byPly[w.Ply]
			if !ok || !p.Exact {
				continue
			}
			compared++
			if p.Loss != w.Loss || p.Class != w.Class || p.Source != FromSolver {
				t.Errorf("game %d ply %d %s: generic loss %v %s %s, Othello review %v %s", g, w.Ply, w.Move, p.Loss, p.Class, p.Source, w.Loss, w.Class)
			}
		}
		if compared < 4 || got.Final != want.Final {
			t.Errorf("game %d: %d exact plies compared; results %v and %v", g, compared, got.Final, want.Final)
		}
	}
}
