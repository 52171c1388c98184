package othello

import (
	"context"
	"math/rand/v2"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// TestPerfectLine: on random 4x4, 6x6 and 8x8 positions, the line PerfectLine gives is legal,
// reaches the end of the game with the solved score, and every move keeps the value (checked
// against minimax, or a fresh solve of each position on 8x8); a wrong score is refused.
func TestPerfectLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	ctx := context.Background()
	for i := range 45 {
		n := []int{4, 6, 8}[i%3]
		g := geometries[n]
		pos, ok := randomGamePosition(rng, n, []int{8, 9, 12}[i%3])
		if !ok || discs.Moves(pos.P, pos.O)&g.mask == 0 {
			continue
		}
		value := func(p, o uint64) int {
			if n < 8 {
				return minimax(p, o, g)
			}
			r, err := New(Options{TableBytes: 1 << 20}).Search(ctx, Position{P: p, O: o, Size: n}, Limits{ExactEmpties: 64})
			if err == ErrGameOver {
				return g.finalScore(p, o)
			}
			if err != nil {
				t.Fatal(err)
			}
			return r.Score
		}
		e := New(Options{TableBytes: 1 << 20})
		res, err := e.Search(ctx, pos, Limits{ExactEmpties: 64})
		if err != nil {
			t.Fatal(err)
		}
		line, err := e.PerfectLine(ctx, pos, res.Score, false)
		if err != nil {
			t.Fatalf("%v: %v", pos, err)
		}
		p, o, v := pos.P, pos.O, res.Score
		for k, sq := range line {
			if w := value(p, o); w != v {
				t.Fatalf("%v: after %d moves of %v the value is %+d, want %+d", pos, k, line, w, v)
			}
			if sq == reversi.Pass {
				if discs.Moves(p, o)&g.mask != 0 {
					t.Fatalf("%v: line %v passes with moves to play", pos, line)
				}
				p, o, v = o, p, -v
				continue
			}
			if discs.Moves(p, o)&g.mask&(1<<sq) == 0 {
				t.Fatalf("%v: line %v: %s is illegal", pos, line, reversi.SquareName(sq))
			}
			p, o = play(p, o, sq, discs.Flips(sq, p, o))
			v = -v
		}
		if discs.Moves(p, o)&g.mask != 0 || discs.Moves(o, p)&g.mask != 0 || g.finalScore(p, o) != v {
			t.Fatalf("%v: line %v does not end the game with %+d", pos, line, v)
		}
		if _, err := e.PerfectLine(ctx, pos, res.Score+2, false); err == nil {
			t.Fatalf("%v: a line for the wrong score %+d", pos, res.Score+2)
		}
	}
}
