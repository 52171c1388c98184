package othello

import (
	"math/rand/v2"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// randomBoard returns a random position of a random number of discs on the 8x8 board.
func randomBoard(rng *rand.Rand) (p, o uint64) {
	fill := rng.Float64()
	for sq := range 64 {
		if rng.Float64() < fill {
			if rng.IntN(2) == 0 {
				p |= 1 << sq
			} else {
				o |= 1 << sq
			}
		}
	}
	return p, o
}

func TestLastFlips(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		sq := rng.IntN(64)
		p := rng.Uint64() &^ (1 << sq)
		o := ^p &^ (1 << sq)
		if got, want := lastFlips(sq, p), discs.Count(discs.Flips(sq, p, o)); got != want {
			t.Fatalf("lastFlips(%s, %#x) = %d, want %d", reversi.SquareName(sq), p, got, want)
		}
	}
}

// TestLastScore checks the last move's score on every board size against playing it out.
func TestLastScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, size := range []int{8, 6, 4} {
		g := geometries[size]
		for range 50000 {
			sq := rng.IntN(64)
			if g.mask&(1<<sq) == 0 {
				continue
			}
			p := rng.Uint64() & g.mask &^ (1 << sq)
			o := g.mask &^ p &^ (1 << sq)
			want := 0
			switch f, fo := discs.Flips(sq, p, o), discs.Flips(sq, o, p); {
			case f != 0:
				want = g.finalScore(p|f|1<<sq, o&^f)
			case fo != 0:
				want = g.finalScore(p&^fo, o|fo|1<<sq)
			default:
				want = g.finalScore(p, o)
			}
			if got := lastScore(p, sq, g.mask, g.squares); got != want {
				t.Fatalf("%dx%d: lastScore(%#x, %s) = %d, want %d", size, size, p, reversi.SquareName(sq), got, want)
			}
		}
	}
}
