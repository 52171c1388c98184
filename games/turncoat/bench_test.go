package turncoat

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"turncoat/game"
)

// BenchmarkRandomPlayout plays uniformly random games from the 8x8 start of seed 1 to the end
// (a board without white, or the round cap of 100), through the game contract as a generic
// search does, and on the boards directly as a specialised playout does.
func BenchmarkRandomPlayout(b *testing.B) {
	start, err := NewState(Standard)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("contract", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(1, 2))
		var bufs [2][]game.Action
		for p := range bufs {
			bufs[p] = make([]game.Action, 0, 64)
		}
		s := start.Clone()
		for b.Loop() {
			*s.(*State) = *start
			for s.ToAct() != game.Nobody {
				var j game.Joint
				for p := game.First; p <= game.Second; p++ {
					bufs[p] = s.Legal(p, bufs[p])
					j[p] = bufs[p][rng.IntN(len(bufs[p]))]
				}
				if err := s.ApplyJoint(j); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	})
	b.Run("boards", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(1, 2))
		boards, mode := start.Boards(), start.Rules().Mode
		for b.Loop() {
			red, yellow := boards[0], boards[1]
			for range start.Rules().Cap {
				rs := pick(rng, Selectable(red, mode))
				ys := pick(rng, Selectable(yellow, mode))
				var res Result
				if red, yellow, res = PlayRound(red, yellow, rs, ys); res != InPlay {
					break
				}
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	})
}

// pick returns a uniformly random square of the non-empty set m.
func pick(rng *rand.Rand, m uint64) int {
	for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros64(m)
}
