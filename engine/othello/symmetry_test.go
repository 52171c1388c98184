package othello

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// TestSymBoardMatchesSquares: the bitboard symmetries move every disc where symSquare says,
// stay on the board, and are bijections of it, on every size.
func TestSymBoardMatchesSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range reversi.Sizes {
		mask := discs.SquareMask(n)
		for tr := range 8 {
			images := uint64(0)
			for sq := range 64 {
				if mask&(1<<sq) == 0 {
					continue
				}
				img := symSquare(n, tr, sq)
				if mask&(1<<img) == 0 {
					t.Fatalf("%dx%d: symmetry %d takes %s off the board", n, n, tr, reversi.SquareName(sq))
				}
				images |= 1 << img
			}
			if images != mask {
				t.Fatalf("%dx%d: symmetry %d is not a bijection of the squares", n, n, tr)
			}
			for range 200 {
				x := rng.Uint64() & mask
				want := uint64(0)
				for y := x; y != 0; y &= y - 1 {
					want |= 1 << symSquare(n, tr, bits.TrailingZeros64(y))
				}
				if got := symBoard(n, tr, x); got != want {
					t.Fatalf("%dx%d: symmetry %d of %#x is %#x, want %#x", n, n, tr, x, got, want)
				}
			}
		}
	}
}

// TestSymmetriesKeepTheGame: a position's image has the image of its moves and the same
// value, on random positions of 4x4 and 6x6 games.
func TestSymmetriesKeepTheGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{4, 6} {
		g := geometries[n]
		for i := range 60 {
			pos, ok := randomGamePosition(rng, n, 1+i%8)
			if !ok {
				continue
			}
			v := minimax(pos.P, pos.O, g)
			for tr := 1; tr < 8; tr++ {
				p, o := symBoard(n, tr, pos.P), symBoard(n, tr, pos.O)
				if got, want := discs.Moves(p, o)&g.mask, symBoard(n, tr, discs.Moves(pos.P, pos.O)&g.mask); got != want {
					t.Fatalf("%dx%d %v, symmetry %d: moves %#x, want %#x", n, n, pos, tr, got, want)
				}
				if w := minimax(p, o, g); w != v {
					t.Fatalf("%dx%d %v, symmetry %d: value %+d, want %+d", n, n, pos, tr, w, v)
				}
			}
		}
	}
}

// rootSquares lists the squares of distinctRoots for the position.
func rootSquares(pos Position) []string {
	g := geometries[pos.size()]
	var out []string
	for _, m := range distinctRoots(pos.P, pos.O, rootMoves(pos.P, pos.O, g), g) {
		out = append(out, reversi.SquareName(m.sq))
	}
	return out
}

// TestDistinctRoots: the diagonal starts of 4x4 and 6x6 keep one of their four moves, the 6x6
// parallel start one of each mirrored pair, 8x8 every move, and a position without symmetry
// every move.
func TestDistinctRoots(t *testing.T) {
	start := func(n int, how string) Position {
		return PositionOf(reversi.NewState(reversi.Rules{Size: n, Start: how, NoMove: reversi.NoMovePass}).Board())
	}
	after := reversi.Start(6)
	if _, err := after.Play(10); err != nil { // c2: no symmetry is left
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		pos  Position
		want []string
	}{
		{"4x4 diagonal", start(4, reversi.StartDiagonal), []string{"b1"}},
		{"6x6 diagonal", start(6, reversi.StartDiagonal), []string{"c2"}},
		{"6x6 parallel", start(6, reversi.StartParallel), []string{"b2", "c2"}},
		{"8x8 diagonal", start(8, reversi.StartDiagonal), []string{"d3", "c4", "f5", "e6"}},
		{"6x6 after c2", PositionOf(after), []string{"b2", "d2", "b4"}},
	} {
		got := rootSquares(c.pos)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s: root moves %v, want %v", c.what, got, want)
		}
	}
}

// TestSymmetricRootsSolve: with only one move of each symmetric class at the root, the search
// still finds the value of the best move, which is among the best of all moves (4x4 starts
// against minimax).
func TestSymmetricRootsSolve(t *testing.T) {
	g := geometries[4]
	for _, how := range []string{reversi.StartDiagonal, reversi.StartParallel} {
		b := reversi.NewState(reversi.Rules{Size: 4, Start: how, NoMove: reversi.NoMovePass}).Board()
		pos := PositionOf(b)
		res, err := New(Options{TableBytes: 1 << 20}).Search(context.Background(), pos, Limits{ExactEmpties: 64})
		if err != nil {
			t.Fatal(err)
		}
		if want := minimax(pos.P, pos.O, g); !res.Exact || res.Score != want {
			t.Errorf("4x4 %s: %+d (exact %v), want %+d", how, res.Score, res.Exact, want)
		}
		f := flip(res.Move, pos.P, pos.O)
		np, no := play(pos.P, pos.O, res.Move, f)
		if v := -minimax(np, no, g); v != res.Score {
			t.Errorf("4x4 %s: %s is worth %+d, not %+d", how, reversi.SquareName(res.Move), v, res.Score)
		}
	}
}
