package othello

import (
	"bytes"
	"context"
	"maps"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"turncoat/game"
	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// loadBook6 returns the embedded 6x6 book.
func loadBook6(t *testing.T) *book6 {
	t.Helper()
	b, err := sharedBook6()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBook6File: the embedded book loads, covers its depths, and reads back what it writes.
func TestBook6File(t *testing.T) {
	b := loadBook6(t)
	byEmpties := map[int]int{}
	full := 0
	for k, e := range b.entries {
		n := empties6(k[0], k[1])
		byEmpties[n]++
		if e.values != nil {
			full++
			if n < b.full {
				t.Errorf("a position with %d empties holds every move's value: want only from %d", n, b.full)
			}
		}
		if cp, co, _ := canonical6(k[0], k[1]); cp != k[0] || co != k[1] {
			t.Fatalf("a position is not in its canonical orientation")
		}
	}
	t.Logf("%d positions (%d with every move's value), leaf %d, %d bytes; by empties %v", len(b.entries), full, b.leaf,
		len(book6Data), byEmpties)
	if b.leaf < 18 || byEmpties[b.leaf+1]+byEmpties[b.leaf+2] == 0 || byEmpties[32] == 0 || byEmpties[31] == 0 {
		t.Errorf("the book does not reach from the starts (32 empties) to its leaf (%d)", b.leaf)
	}
	var buf bytes.Buffer
	if err := writeBook6(&buf, b); err != nil {
		t.Fatal(err)
	}
	again, err := readBook6(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(b.entries, again.entries, func(x, y book6Entry) bool {
		return x.best == y.best && x.value == y.value && slices.Equal(x.values, y.values)
	}) {
		t.Errorf("the book read back differs")
	}
	if _, err := readBook6(book6Data[:len(book6Data)-3]); err == nil {
		t.Errorf("a truncated book loads")
	}
}

// empties6 counts the empty squares of a 6x6 position.
func empties6(p, o uint64) int { return 36 - bits.OnesCount64(p|o) }

// TestBook6Starts: the book's values of the starts' moves are the known results (TestStarts6),
// for Black's first moves and, a move later, for White.
func TestBook6Starts(t *testing.T) {
	b := loadBook6(t)
	for _, c := range []struct {
		start string
		want  map[string]int
	}{
		{reversi.StartDiagonal, map[string]int{"b3": -4, "c2": -4, "d5": -4, "e4": -4}},
		{reversi.StartParallel, map[string]int{"b2": -16, "c2": -2, "d2": -2, "e2": -16}},
	} {
		st := reversi.NewState(reversi.Rules{Size: 6, Start: c.start, NoMove: reversi.NoMovePass})
		bd := st.Board()
		p, o := bd.Mover()
		values, ok := b.moveValues(p, o)
		if !ok {
			t.Fatalf("%s: the start is not in the book", c.start)
		}
		got := map[string]int{}
		for _, v := range values {
			if !v.Exact {
				t.Errorf("%s: %s not exact", c.start, reversi.SquareName(v.Move))
			}
			got[reversi.SquareName(v.Move)] = v.Score
			// White's view after the move: the value negated, from the positions White meets
			np, no := play(p, o, v.Move, flip(v.Move, p, o))
			if w, ok := b.value(np, no, 1); !ok || w != -v.Score {
				t.Errorf("%s after %s: White's value %+d (known %v), want %+d", c.start, reversi.SquareName(v.Move), w, ok, -v.Score)
			}
		}
		if !maps.Equal(got, c.want) {
			t.Errorf("%s: the book's values %v, want %v", c.start, got, c.want)
		}
		if sq, ok := b.bestMove(p, o); !ok || c.want[reversi.SquareName(sq)] != slices.Max(slices.Collect(maps.Values(c.want))) {
			t.Errorf("%s: the book plays %s", c.start, reversi.SquareName(sq))
		}
	}
}

// TestBook6Sample solves again the book's positions with the fewest empties (the cheapest; not
// with -short, where they are still tens of seconds) and compares: the value, the best move the
// book follows (its value must be the position's), and, where the book has every move's value,
// each of them.
func TestBook6Sample(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves positions of the book's deepest level (tens of seconds)")
	}
	b := loadBook6(t)
	keys := slices.SortedFunc(maps.Keys(b.entries), func(x, y [2]uint64) int {
		if d := empties6(x[0], x[1]) - empties6(y[0], y[1]); d != 0 {
			return d
		}
		if x[0] != y[0] {
			return cmpU64(x[0], y[0])
		}
		return cmpU64(x[1], y[1])
	})
	e := New(Options{TableBytes: 256 << 20})
	ctx := context.Background()
	solve := func(p, o uint64) int {
		if discs.Moves(p, o)&mask6 == 0 && discs.Moves(o, p)&mask6 == 0 {
			return geometries[6].finalScore(p, o)
		}
		r, err := e.Search(ctx, Position{P: p, O: o, Size: 6}, Limits{ExactEmpties: 64})
		if err != nil || !r.Exact {
			t.Fatalf("solve: %v (exact %v)", err, r.Exact)
		}
		return r.Score
	}
	const sample = 3
	for _, k := range keys[:min(sample, len(keys))] {
		p, o := k[0], k[1]
		en := b.entries[k]
		pos := Position{P: p, O: o, Size: 6}
		moves := discs.Moves(p, o) & mask6
		sq := nthSquare(moves, int(en.best))
		np, no := play(p, o, sq, flip(sq, p, o))
		if v := -solve(np, no); v != int(en.value) {
			t.Errorf("%v: the book's move %s is worth %+d, not the position's %+d", pos, reversi.SquareName(sq), v, en.value)
		}
		if v := solve(p, o); v != int(en.value) {
			t.Errorf("%v: the book says %+d, the solver %+d", pos, en.value, v)
		}
		for i, m := 0, moves; en.values != nil && m != 0; i, m = i+1, m&(m-1) {
			x := bits.TrailingZeros64(m)
			np, no := play(p, o, x, flip(x, p, o))
			if v := -solve(np, no); v != int(en.values[i]) {
				t.Errorf("%v: the book says %s is worth %+d, the solver %+d", pos, reversi.SquareName(x), en.values[i], v)
			}
		}
		t.Logf("%v (%d empties): %+d, %s", pos, empties6(p, o), en.value, reversi.SquareName(sq))
	}
}

func cmpU64(x, y uint64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// TestLevel10Perfect6 plays level 10 on 6x6 from both starts, with either colour, against
// random players and weaker levels: it must never end worse than the start's exact value
// from its side (Black loses the diagonal start by 4, the parallel one by 2, with perfect play),
// which it can only do by playing a best move at every turn, in the book and after it. Sixteen
// games solved from the book's leaf take a minute or more: with TURNCOAT_SOLVE_6X6 set (any
// value); TestLevel10Keeps6Value checks a sample on every run.
func TestLevel10Perfect6(t *testing.T) {
	if testing.Short() || os.Getenv("TURNCOAT_SOLVE_6X6") == "" {
		t.Skip("level 10 solves each game from the book's leaf (a minute or more in all): set TURNCOAT_SOLVE_6X6")
	}
	if b := loadBook6(t); b.leaf > perfectFrom6(b) {
		t.Skipf("the book stops at %d empties; level 10 plays perfectly with a book down to %d (go generate)", b.leaf, perfectFrom6(b))
	}
	// games per start and colour against each kind of opponent: random moves (level 0 here),
	// level 2 (noisy) and level 5
	games := map[int]int{0: 2, 2: 1, 5: 1}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(10, 6))
	played := 0
	for _, c := range []struct {
		start string
		black int // the start's value for Black
	}{{reversi.StartDiagonal, -4}, {reversi.StartParallel, -2}} {
		for side := range 2 {
			perfect, err := NewLevelAgent(10, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, opp := range []int{0, 2, 5} {
				for g := range games[opp] {
					var other *Agent
					if opp != 0 {
						if other, err = NewLevelAgent(opp, uint64(g)); err != nil {
							t.Fatal(err)
						}
					}
					s := game.State(reversi.NewState(reversi.Rules{Size: 6, Start: c.start, NoMove: reversi.NoMovePass}))
					var moves []string
					for s.ToAct() != game.Nobody {
						p := s.ToAct().Single()
						var a game.Action
						switch {
						case int(p) == side:
							a, err = perfect.Choose(ctx, s, p)
						case other != nil:
							a, err = other.Choose(ctx, s, p)
						default:
							var buf [64]game.Action
							legal := s.Legal(p, buf[:0])
							a = legal[rng.IntN(len(legal))]
						}
						if err != nil {
							t.Fatal(err)
						}
						moves = append(moves, s.FormatAction(p, a))
						if err := game.Play(s, p, a); err != nil {
							t.Fatal(err)
						}
					}
					out := s.Outcome()
					margin, want := out.Score[0]-out.Score[1], c.black
					if side == 1 {
						margin, want = -margin, -want
					}
					if margin < want {
						t.Errorf("%s start, level 10 as %s against level %d: %+d for it, worse than the start's %+d: %v",
							c.start, []string{"Black", "White"}[side], opp, margin, want, moves)
					}
					played++
				}
			}
		}
	}
	t.Logf("%d games", played)
}

// TestAnalyze6Exact: the analysis of the 6x6 starts gives the book's exact values at once,
// whatever the level.
func TestAnalyze6Exact(t *testing.T) {
	for _, c := range []struct {
		start string
		best  int
	}{{reversi.StartDiagonal, -4}, {reversi.StartParallel, -2}} {
		a, err := NewLevelAgent(3, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := reversi.NewState(reversi.Rules{Size: 6, Start: c.start, NoMove: reversi.NoMovePass})
		stats, err := a.Analyze(context.Background(), s, game.First)
		if err != nil {
			t.Fatal(err)
		}
		if len(stats) != 4 || stats[0].Value != float64(c.best) {
			t.Fatalf("%s: %v, want four moves, the best worth %+d", c.start, stats, c.best)
		}
		for _, st := range stats {
			if !st.Exact || st.Visits != 0 {
				t.Errorf("%s: %s not exact from the book: %+v", c.start, s.FormatAction(game.First, st.Action), st)
			}
		}
	}
}

// TestLevel10Keeps6Value: between the starts and the solver's reach level 10 plays a move that
// keeps the position's value, at each of 23, 24 and 25 empties (where an earlier book left the
// move to the level's search, within its second). A position of the book must get the book's move;
// one below the book's leaf (a reply to the book's move, as level 10 meets them) a move whose
// position the solver, warm from level 10's own solve, values at the position's value.
func TestLevel10Keeps6Value(t *testing.T) {
	b := loadBook6(t)
	if b.leaf > perfectFrom6(b) {
		t.Fatalf("the book stops at %d empties, the solver takes over at %d: level 10 is not perfect between", b.leaf, perfectFrom6(b))
	}
	keys := slices.SortedFunc(maps.Keys(b.entries), func(x, y [2]uint64) int {
		if x[0] != y[0] {
			return cmpU64(x[0], y[0])
		}
		return cmpU64(x[1], y[1])
	})
	ctx := context.Background()
	a, err := NewLevelAgent(10, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{23, 24, 25} {
		var p, o uint64
		if n > b.leaf {
			i := slices.IndexFunc(keys, func(k [2]uint64) bool { return empties6(k[0], k[1]) == n })
			if i < 0 {
				t.Fatalf("the book holds no position with %d empties", n)
			}
			p, o = keys[i][0], keys[i][1]
		} else {
			// the book's move from a position two plies up, then the opponent's first move
			for _, k := range keys {
				if empties6(k[0], k[1]) != n+2 {
					continue
				}
				sq, _ := b.bestMove(k[0], k[1])
				p, o = play(k[0], k[1], sq, flip(sq, k[0], k[1]))
				if m := discs.Moves(p, o) & mask6; m != 0 {
					sq = bits.TrailingZeros64(m)
					if p, o = play(p, o, sq, flip(sq, p, o)); discs.Moves(p, o)&mask6 != 0 {
						break
					}
				}
				p, o = 0, 0
			}
			if p|o == 0 {
				t.Fatalf("no position with %d empties below the book", n)
			}
		}
		s, err := reversi.FromBoard(Position{P: p, O: o, Size: 6}.Board(n%2), reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
		if err != nil {
			t.Fatal(err)
		}
		act, err := a.Choose(ctx, s, s.ToAct().Single())
		if err != nil {
			t.Fatal(err)
		}
		sq := int(act)
		if discs.Moves(p, o)&mask6&(1<<sq) == 0 {
			t.Fatalf("%d empties: level 10 plays %d, not a legal move", n, sq)
		}
		if en, _, ok := b.lookup(p, o); ok {
			if want, _ := b.bestMove(p, o); sq != want {
				t.Errorf("%d empties: level 10 plays %s, not the book's %s (worth %+d)", n, reversi.SquareName(sq), reversi.SquareName(want), en.value)
			}
			continue
		}
		e := a.engine()
		r, err := e.Search(ctx, Position{P: p, O: o, Size: 6}, Limits{ExactEmpties: 64})
		if err != nil || !r.Exact {
			t.Fatalf("solve: %v (exact %v)", err, r.Exact)
		}
		np, no := play(p, o, sq, flip(sq, p, o))
		c, err := e.Search(ctx, Position{P: np, O: no, Size: 6}, Limits{ExactEmpties: 64})
		if err != nil || !c.Exact {
			t.Fatalf("solve: %v (exact %v)", err, c.Exact)
		}
		if -c.Score != r.Score {
			t.Errorf("%d empties: level 10 plays %s, worth %+d, not the position's %+d", n, reversi.SquareName(sq), -c.Score, r.Score)
		}
	}
}
