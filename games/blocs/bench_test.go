package blocs

import (
	"math/rand/v2"
	"testing"

	"turncoat/game"
)

// BenchmarkRandomPlayout plays uniformly random games from the empty board to the end through
// the game contract (same-side seating, the first player flips first).
func BenchmarkRandomPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]game.Action, 0, MaxAction)
	start := NewState(Rules{})
	s := NewState(Rules{})
	moves := 0
	for b.Loop() {
		*s = *start
		for acts := s.ToAct(); acts != game.Nobody; acts = s.ToAct() {
			buf = s.Legal(acts.Single(), buf)
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/playout")
}
