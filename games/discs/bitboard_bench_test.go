package discs

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

var benchSink uint64

// benchPositions are random middle-game positions with at least one legal move.
func benchPositions() [][2]uint64 {
	rng := rand.New(rand.NewPCG(1, 1))
	var out [][2]uint64
	for len(out) < 1024 {
		p, o := randomPosition(rng, 8)
		if Moves(p, o) != 0 {
			out = append(out, [2]uint64{p, o})
		}
	}
	return out
}

func BenchmarkMoves(b *testing.B) {
	pos := benchPositions()
	for _, k := range []struct {
		name string
		f    func(p, o uint64) uint64
	}{{"go", movesGo}, {"avx2", movesAVX2}} {
		b.Run(k.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				x := pos[i&1023]
				benchSink += k.f(x[0], x[1])
				i++
			}
		})
	}
}

func BenchmarkFlips(b *testing.B) {
	pos := benchPositions()
	for _, k := range flipKernels() {
		b.Run(k.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				x := pos[i&1023]
				m := Moves(x[0], x[1])
				benchSink += k.f(bits.TrailingZeros64(m), x[0], x[1])
				i++
			}
		})
	}
}
