package troll

import (
	"math/rand/v2"
	"testing"

	"turncoat/game"
)

// BenchmarkRandomPlayout plays uniformly random games from the start to the end through the
// game contract, under both rule sets.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, r := range []Rules{{}, {Published1993: true}} {
		name := Rules1987
		if r.Published1993 {
			name = Rules1993
		}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]game.Action, 0, 65)
			start := NewState(r)
			s := NewState(r)
			plies := 0
			for b.Loop() {
				*s = *start
				for acts := s.ToAct(); acts != game.Nobody; acts = s.ToAct() {
					buf = s.Legal(acts.Single(), buf)
					if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
						b.Fatal(err)
					}
					plies++
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
		})
	}
}
