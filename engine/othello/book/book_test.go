package book

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"turncoat/engine/othello"
	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// greedy is a fast, deterministic evaluator for the tests: the move that leaves the mover the
// most discs minus the opponent's mobility, valued by that, the lowest square on ties.
type greedy struct{ calls int }

func (g *greedy) Leaf(ctx context.Context, p, o, exclude uint64) (int, int, bool, error) {
	if err := ctx.Err(); err != nil {
		return 0, 0, false, err
	}
	g.calls++
	best, bestV := -1, 0
	for m := discs.Moves(p, o) &^ exclude; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		np, no := play(p, o, sq)
		v := (bits.OnesCount64(no) - bits.OnesCount64(np) - bits.OnesCount64(discs.Moves(np, no))) % 65
		if best < 0 || v > bestV {
			best, bestV = sq, v
		}
	}
	return best, bestV, best >= 0, nil
}

// randomGames plays n games of random moves (passes explicit) from the start, with a bias to
// a few openings so that positions repeat.
func randomGames(n int, seed uint64) [][]int {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out [][]int
	for range n {
		b := reversi.Start(8)
		var moves []int
		for ply := 0; ; ply++ {
			m := b.Moves()
			if m == 0 {
				if b.OpponentMoves() == 0 {
					break
				}
				b.Pass()
				moves = append(moves, reversi.Pass)
				continue
			}
			var sqs []int
			for ; m != 0; m &= m - 1 {
				sqs = append(sqs, bits.TrailingZeros64(m))
			}
			sq := sqs[rng.IntN(len(sqs))]
			if ply < 8 && rng.IntN(3) > 0 {
				sq = sqs[0] // a main line most games follow
			}
			b.Play(sq)
			moves = append(moves, sq)
		}
		out = append(out, moves)
	}
	return out
}

// positions returns the boards a game goes through, from the start, up to plies discs played.
func positions(moves []int, plies int) []reversi.Board {
	b := reversi.Start(8)
	out := []reversi.Board{b}
	for _, m := range moves {
		if m == reversi.Pass {
			b.Pass()
		} else {
			b.Play(m)
		}
		if _, _, e := b.Counts(); 60-e > plies {
			break
		}
		out = append(out, b)
	}
	return out
}

func build(t testing.TB, games [][]int, plies, minGames int) *Book {
	t.Helper()
	b, err := Build(context.Background(), games, BuildConfig{Plies: plies, MinGames: minGames, Evaluator: &greedy{}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func encode(t testing.TB, b *Book) []byte {
	t.Helper()
	var buf bytes.Buffer
	n, err := b.Write(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("Write: %d bytes, %v (wrote %d)", n, err, buf.Len())
	}
	return buf.Bytes()
}

// sameAnswers fails unless both books answer alike for every position of the games.
func sameAnswers(t *testing.T, a, b *Book, games [][]int, plies int) {
	t.Helper()
	for gi, g := range games {
		for _, bd := range positions(g, plies+1) {
			ea, ina := a.Lookup(bd)
			eb, inb := b.Lookup(bd)
			if ina != inb || ea.Games != eb.Games || ea.Value != eb.Value || ea.Valued != eb.Valued || !slices.Equal(ea.Moves, eb.Moves) {
				t.Fatalf("game %d, position %s: %v %+v, then %v %+v", gi, bd.Text(), ina, ea, inb, eb)
			}
		}
	}
}

func TestSymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 1000 {
		x := rng.Uint64()
		for s := range 8 {
			y := transform(x, s)
			if bits.OnesCount64(y) != bits.OnesCount64(x) {
				t.Fatalf("symmetry %d changes the number of discs of %#x", s, x)
			}
			if back := transform(y, inverse(s)); back != x {
				t.Fatalf("symmetry %d then its inverse %d: %#x gives %#x", s, inverse(s), x, back)
			}
			// square by square
			var z uint64
			for m := x; m != 0; m &= m - 1 {
				z |= 1 << transformSquare(bits.TrailingZeros64(m), s)
			}
			if z != y {
				t.Fatalf("symmetry %d of %#x: %#x, square by square %#x", s, x, y, z)
			}
		}
	}
	// the eight symmetries are distinct and map a1's neighbours as the board's symmetries do
	seen := map[[2]int]int{}
	for s := range 8 {
		img := [2]int{transformSquare(0, s), transformSquare(1, s)}
		if prev, dup := seen[img]; dup {
			t.Fatalf("symmetries %d and %d agree", prev, s)
		}
		seen[img] = s
		if c := transformSquare(0, s); c != 0 && c != 7 && c != 56 && c != 63 {
			t.Fatalf("symmetry %d takes a1 to %s, not a corner", s, discs.SquareName(c))
		}
	}
}

func TestKeyIsCanonical(t *testing.T) {
	for _, g := range randomGames(50, 3) {
		for _, bd := range positions(g, 60) {
			p, o := bd.Mover()
			k := KeyOf(p, o)
			for s := range 8 {
				if k2 := KeyOf(transform(p, s), transform(o, s)); k2 != k {
					t.Fatalf("position %s under symmetry %d: key %v, want %v", bd.Text(), s, k2, k)
				}
			}
		}
	}
	// the four first moves transpose into one position
	s := reversi.Start(8)
	var keys []Key
	for _, sq := range []int{19, 26, 37, 44} {
		b := s
		b.Play(sq)
		p, o := b.Mover()
		keys = append(keys, KeyOf(p, o))
	}
	if keys[0] != keys[1] || keys[1] != keys[2] || keys[2] != keys[3] {
		t.Fatalf("the first moves' keys differ: %v", keys)
	}
}

// TestNegamax checks every book position's value against a reference computed from Lookup's
// answers: the best of its leaf and its book moves' positions' values.
func TestNegamax(t *testing.T) {
	games := randomGames(300, 5)
	b := build(t, games, 14, 2)
	if b.Len() < 50 {
		t.Fatalf("only %d positions", b.Len())
	}
	checkNegamax(t, b)
}

// checkNegamax checks each position's value and moves against the board: a move's value is
// the negated value of the position it leads to, or, when the opponent must then pass, the
// value of the position after the pass; the position's value is the best of its moves'.
func checkNegamax(t *testing.T, b *Book) {
	t.Helper()
	b.mu.RLock()
	keys := slices.Collect(maps.Keys(b.nodes))
	b.mu.RUnlock()
	for _, k := range keys {
		bd := reversi.Board{Black: k.P, White: k.O, Size: 8}
		e, ok := b.Lookup(bd)
		if !ok {
			t.Fatalf("%s: not found by its own key", bd.Text())
		}
		best, valued, leaves := 0, false, 0
		for m := bd.Moves(); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			c := bd
			c.Play(sq)
			sign := -1
			if c.Moves() == 0 {
				c.Pass()
				sign = 1
			}
			ce, in := b.Lookup(c)
			i := slices.IndexFunc(e.Moves, func(mv Move) bool { return mv.Square == sq })
			switch {
			case in && (i < 0 || e.Moves[i].Leaf || e.Moves[i].Games != ce.Games):
				t.Fatalf("%s: %s leads to a book position (%d games), Lookup says %+v", bd.Text(), discs.SquareName(sq), ce.Games, e.Moves)
			case !in && i >= 0 && !e.Moves[i].Leaf:
				t.Fatalf("%s: %s is a book move, but leads out of the book", bd.Text(), discs.SquareName(sq))
			case i < 0:
				continue
			}
			mv := e.Moves[i]
			if mv.Leaf {
				leaves++
			} else {
				if mv.Valued != ce.Valued || (ce.Valued && mv.Value != sign*ce.Value) {
					t.Fatalf("%s: %s worth %d, the position it leads to %d (sign %d)", bd.Text(), discs.SquareName(sq), mv.Value, ce.Value, sign)
				}
			}
			if mv.Valued && (!valued || mv.Value > best) {
				best, valued = mv.Value, true
			}
		}
		if leaves > 1 || len(e.Moves) == 0 && e.Valued {
			t.Fatalf("%s: %d leaves, moves %+v", bd.Text(), leaves, e.Moves)
		}
		if valued != e.Valued || (valued && best != e.Value) {
			t.Fatalf("%s: value %d (valued %v), its moves' best %d (valued %v)", bd.Text(), e.Value, e.Valued, best, valued)
		}
	}
}

// TestRoundTrip: build, save, load: the same answers, and the same bytes when saved again.
func TestRoundTrip(t *testing.T) {
	games := randomGames(400, 11)
	for _, tc := range []struct {
		name            string
		plies, minGames int
	}{{"deep", 20, 2}, {"every game", 8, 1}, {"shallow", 4, 3}, {"empty", 10, 1000}} {
		t.Run(tc.name, func(t *testing.T) {
			b := build(t, games, tc.plies, tc.minGames)
			data := encode(t, b)
			got, err := Read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if got.Len() != b.Len() || got.Plies() != b.Plies() {
				t.Fatalf("read %d positions, %d plies; wrote %d, %d", got.Len(), got.Plies(), b.Len(), b.Plies())
			}
			sameAnswers(t, b, got, games, tc.plies)
			if again := encode(t, got); !bytes.Equal(again, data) {
				t.Fatal("the book read back is written differently")
			}
			if tc.name == "empty" {
				if b.Len() != 0 {
					t.Fatalf("%d positions, want none", b.Len())
				}
				if _, ok := got.Lookup(reversi.Start(8)); ok {
					t.Fatal("an empty book knows the start")
				}
			}
		})
	}
}

// TestWholeGames builds a book of every position of whole random games: passes, moves that
// end the game and positions near the end are handled.
func TestWholeGames(t *testing.T) {
	var games [][]int
	for _, g := range randomGames(400, 53) {
		if slices.Contains(g, reversi.Pass) {
			games = append(games, g)
		}
	}
	if len(games) < 5 {
		t.Fatalf("only %d games with a pass", len(games))
	}
	b := build(t, games, 60, 1)
	checkNegamax(t, b)
	got, err := Read(bytes.NewReader(encode(t, b)))
	if err != nil {
		t.Fatal(err)
	}
	sameAnswers(t, b, got, games, 60)
	// every position before a move of the games is in the book, after a pass if there was one
	for _, g := range games {
		bd := reversi.Start(8)
		for _, m := range g {
			if m == reversi.Pass {
				if _, ok := b.Lookup(bd); ok {
					t.Fatalf("%s: a position whose mover must pass is in the book", bd.Text())
				}
				bd.Pass()
				continue
			}
			if _, ok := b.Lookup(bd); !ok {
				t.Fatalf("%s: a position of a game is not in the book", bd.Text())
			}
			bd.Play(m)
		}
	}
}

func TestBuildIsReproducible(t *testing.T) {
	games := randomGames(200, 13)
	a := encode(t, build(t, games, 16, 2))
	// the same games in another order give the same book
	rev := slices.Clone(games)
	slices.Reverse(rev)
	if b := encode(t, build(t, rev, 16, 2)); !bytes.Equal(a, b) {
		t.Fatal("the same games gave two books")
	}
}

func TestBuildCounts(t *testing.T) {
	games := randomGames(300, 17)
	b := build(t, games, 12, 3)
	st := b.Stats()
	if st.Games != len(games) || st.Positions != b.Len() || st.Pending != 0 || st.Deepest > 12 {
		t.Fatalf("stats %+v for %d games", st, len(games))
	}
	// a position's count is the number of games that went through it (by any order)
	count := map[Key]int{}
	for _, g := range games {
		keys, err := path(g, 12)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			count[k]++
		}
	}
	for k, n := range b.nodes {
		if int(n.games) != count[k] || count[k] < 3 {
			t.Fatalf("position %s: %d games, counted %d", describe(k), n.games, count[k])
		}
	}
}

func TestBuildRefusesIllegalGames(t *testing.T) {
	games := [][]int{{37, 43}, {37, 37}}
	_, err := Build(context.Background(), games, BuildConfig{Evaluator: &greedy{}})
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("game 2: ply 2")) {
		t.Fatalf("error %v, want one naming game 2, ply 2", err)
	}
}

func TestBuildStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, randomGames(10, 1), BuildConfig{Evaluator: &greedy{}}); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

// TestLearn: a learned game is in the book, its positions counted once more, the book valued
// again, and the learned part merged into the book it came from gives the book that learned.
func TestLearn(t *testing.T) {
	games := randomGames(300, 19)
	base := build(t, games, 14, 3)
	b := base.Clone()
	extra := randomGames(20, 23)
	learned := New(14, 0)
	for _, g := range extra {
		before := map[Key]uint32{}
		keys, _ := path(g, 14)
		for _, k := range keys {
			before[k] = b.nodes[k].games
		}
		delta, added, err := b.Learn(context.Background(), g, &greedy{})
		if err != nil {
			t.Fatal(err)
		}
		newOnes := 0
		for _, k := range keys {
			n, ok := b.nodes[k]
			if !ok || n.games != before[k]+1 {
				t.Fatalf("position %s: %d games after learning, had %d", describe(k), n.games, before[k])
			}
			if before[k] == 0 {
				newOnes++
			}
			if n.leaf == leafPending || !n.valued {
				t.Fatalf("position %s: not evaluated after learning", describe(k))
			}
		}
		if added != newOnes || delta.Len() != len(keys) {
			t.Fatalf("added %d (want %d); learned part %d positions (want %d)", added, newOnes, delta.Len(), len(keys))
		}
		if b.Pending() != 0 {
			t.Fatalf("%d positions pending after learning", b.Pending())
		}
		learned.Merge(delta)
	}
	checkNegamax(t, b)
	// the learned part round-trips through a file
	data := encode(t, learned)
	user, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// the base with the learned part on top: the book that learned
	merged := base.Clone()
	merged.Merge(user)
	if n, err := merged.Refresh(context.Background(), &greedy{}); err != nil {
		t.Fatal(err)
	} else {
		t.Logf("%d leaves evaluated after the merge", n)
	}
	sameAnswers(t, b, merged, append(slices.Clone(games), extra...), 14)
	if !bytes.Equal(encode(t, b), encode(t, merged)) {
		t.Fatal("the merged book is written differently from the book that learned")
	}
	checkNegamax(t, merged)
}

// TestLearnMakesLeavesStale: learning a game through a position's leaf move makes that move a
// book move, and the position gets a new leaf.
func TestLearnMakesLeavesStale(t *testing.T) {
	games := randomGames(200, 29)
	b := build(t, games, 10, 4)
	// find a position with a leaf, and a game through it and its leaf move
	var through []int
	for _, g := range games {
		bd := reversi.Start(8)
		for i, m := range g[:10] {
			if m == reversi.Pass {
				break
			}
			e, ok := b.Lookup(bd)
			if !ok {
				break
			}
			for _, mv := range e.Moves {
				if mv.Leaf {
					through = append(slices.Clone(g[:i]), mv.Square)
				}
			}
			bd.Play(m)
		}
		if through != nil {
			break
		}
	}
	if through == nil {
		t.Fatal("no position with a leaf")
	}
	before := positions(through, 60)
	parent, last := before[len(before)-2], through[len(through)-1]
	if _, _, err := b.Learn(context.Background(), through, &greedy{}); err != nil {
		t.Fatal(err)
	}
	e, _ := b.Lookup(parent)
	for _, m := range e.Moves {
		if m.Square == last && m.Leaf {
			t.Fatalf("%s is still the leaf of %s", discs.SquareName(last), parent.Text())
		}
		if m.Square == last && m.Games != 1 {
			t.Fatalf("the learned move %s has %d games", discs.SquareName(last), m.Games)
		}
	}
	checkNegamax(t, b)
}

func TestLearnRefusesBadGames(t *testing.T) {
	b := build(t, randomGames(100, 31), 10, 2)
	before := encode(t, b)
	for _, g := range [][]int{{37, 37}, {reversi.Pass}, {37, 43, 64}} {
		if _, _, err := b.Learn(context.Background(), g, &greedy{}); err == nil {
			t.Fatalf("learned %v", g)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := b.Learn(ctx, randomGames(1, 99)[0], &greedy{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if !bytes.Equal(before, encode(t, b)) {
		t.Fatal("a refused game changed the book")
	}
}

func TestChoose(t *testing.T) {
	b := build(t, randomGames(300, 37), 12, 2)
	start := reversi.Start(8)
	e, _ := b.Lookup(start)
	if len(e.Moves) != 4 {
		t.Fatalf("the start has %d book moves, want the 4 first moves", len(e.Moves))
	}
	// the four first moves are worth the same: a seeded choice plays each sometimes
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[int]bool{}
	for range 200 {
		sq, ok := b.Choose(start, rng)
		if !ok {
			t.Fatal("no book move at the start")
		}
		seen[sq] = true
	}
	if len(seen) != 4 {
		t.Fatalf("chose %v, want each of the 4 first moves", seen)
	}
	// everywhere, the choice is a best move
	for _, g := range randomGames(50, 41) {
		for _, bd := range positions(g, 12) {
			e, ok := b.Lookup(bd)
			sq, chosen := b.Choose(bd, rng)
			if !ok {
				if chosen {
					t.Fatalf("%s: a book move out of the book", bd.Text())
				}
				continue
			}
			if !chosen {
				t.Fatalf("%s: in the book, no move", bd.Text())
			}
			i := slices.IndexFunc(e.Moves, func(m Move) bool { return m.Square == sq })
			if i < 0 || e.Moves[i].Value != e.Value {
				t.Fatalf("%s: chose %s, not a best move of %+v", bd.Text(), discs.SquareName(sq), e)
			}
		}
	}
	if _, ok := b.Choose(reversi.Start(6), rng); ok {
		t.Fatal("a 6x6 position is in the book")
	}
}

// TestLookupSymmetry: a position and its images under the symmetries get the same answers,
// with the moves mapped.
func TestLookupSymmetry(t *testing.T) {
	b := build(t, randomGames(300, 43), 12, 2)
	for _, g := range randomGames(30, 47) {
		for _, bd := range positions(g, 12) {
			e, ok := b.Lookup(bd)
			for s := range 8 {
				img := reversi.Board{Black: transform(bd.Black, s), White: transform(bd.White, s), Turn: bd.Turn, Size: 8}
				ei, oki := b.Lookup(img)
				if ok != oki || e.Games != ei.Games || e.Value != ei.Value || len(e.Moves) != len(ei.Moves) {
					t.Fatalf("%s under symmetry %d: %+v, then %+v", bd.Text(), s, e, ei)
				}
				want := map[Move]bool{}
				for _, m := range e.Moves {
					m.Square = transformSquare(m.Square, s)
					want[m] = true
				}
				for _, m := range ei.Moves {
					if !want[m] {
						t.Fatalf("%s under symmetry %d: move %+v not among %+v", bd.Text(), s, m, e.Moves)
					}
				}
			}
		}
	}
}

// TestEngineEvaluator: the engine's leaf is its best move outside the exclusions, the same
// whatever was searched before.
func TestEngineEvaluator(t *testing.T) {
	eng := othello.New(othello.Options{TableBytes: 1 << 20})
	ev := EngineEvaluator(eng, 4)
	ctx := context.Background()
	bd := reversi.Start(8)
	bd.Play(37)
	bd.Play(43)
	p, o := bd.Mover()
	legal := discs.Moves(p, o)
	m1, v1, ok, err := ev.Leaf(ctx, p, o, 0)
	if err != nil || !ok || legal&(1<<m1) == 0 {
		t.Fatalf("leaf %d %d %v %v", m1, v1, ok, err)
	}
	res, err := eng.Search(ctx, othello.PositionOf(bd), othello.Limits{Depth: 4})
	if err != nil || res.Score != v1 {
		t.Fatalf("the leaf with nothing excluded is worth %d, a search says %+v (%v)", v1, res, err)
	}
	m2, v2, ok, err := ev.Leaf(ctx, p, o, 1<<m1)
	if err != nil || !ok || m2 == m1 || legal&(1<<m2) == 0 || v2 > v1+4 {
		t.Fatalf("leaf without %s: %s %d %v %v", discs.SquareName(m1), discs.SquareName(m2), v2, ok, err)
	}
	// again, after other work: the same answer
	ev.Leaf(ctx, o, p|1<<40, 0)
	if m3, v3, _, _ := ev.Leaf(ctx, p, o, 1<<m1); m3 != m2 || v3 != v2 {
		t.Fatalf("the same leaf twice: %s %d, then %s %d", discs.SquareName(m2), v2, discs.SquareName(m3), v3)
	}
	if _, _, ok, err := ev.Leaf(ctx, p, o, legal); ok || err != nil {
		t.Fatalf("every move excluded: ok %v, %v", ok, err)
	}
}

// TestEngineBuildIsReproducible: books built with the engine's evaluator are the same, whatever
// the engine searched before (its table is cleared for each leaf).
func TestEngineBuildIsReproducible(t *testing.T) {
	games := randomGames(40, 83)
	eng := othello.New(othello.Options{TableBytes: 1 << 20})
	cfg := BuildConfig{Plies: 8, MinGames: 3, Depth: 3, Evaluator: EngineEvaluator(eng, 3)}
	a, err := Build(context.Background(), games, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// the engine searches something else, deeper, then builds again
	eng.Search(context.Background(), othello.PositionOf(reversi.Start(8)), othello.Limits{Depth: 6})
	b, err := Build(context.Background(), games, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.Depth() != 3 || a.Stats().Leaves == 0 || !bytes.Equal(encode(t, a), encode(t, b)) {
		t.Fatalf("two builds differ (depth %d, %+v)", a.Depth(), a.Stats())
	}
	checkNegamax(t, a)
}
