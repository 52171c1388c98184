package discs

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// refFlips is the obviously-correct reference: walk each of the eight directions square by
// square on an n x n board.
func refFlips(n, sq int, p, o uint64) uint64 {
	r0, c0 := sq/8, sq%8
	if r0 >= n || c0 >= n || (p|o)&(1<<sq) != 0 {
		return 0
	}
	var all uint64
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			var run uint64
			r, c := r0+dr, c0+dc
			for r >= 0 && r < n && c >= 0 && c < n {
				bit := uint64(1) << (r*8 + c)
				if o&bit != 0 {
					run |= bit
				} else {
					if p&bit != 0 {
						all |= run
					}
					break
				}
				r, c = r+dr, c+dc
			}
		}
	}
	return all
}

func refMoves(n int, p, o uint64) uint64 {
	var m uint64
	for sq := range 64 {
		if refFlips(n, sq, p, o) != 0 {
			m |= 1 << sq
		}
	}
	return m
}

// randomPosition fills each square of an n x n board with a black disc, a white disc or
// nothing, with a density that varies from position to position.
func randomPosition(rng *rand.Rand, n int) (p, o uint64) {
	density := rng.Float64()
	for r := range n {
		for c := range n {
			if rng.Float64() < density {
				if rng.IntN(2) == 0 {
					p |= 1 << (r*8 + c)
				} else {
					o |= 1 << (r*8 + c)
				}
			}
		}
	}
	return p, o
}

// flipKernel is one implementation of Flips, by name.
type flipKernel struct {
	name string
	f    func(sq int, p, o uint64) uint64
}

// flipKernels lists Flips and every kernel the processor has, not only the one Flips picks.
func flipKernels() []flipKernel {
	ks := []flipKernel{{"Flips", Flips}, {"go", flipsGo}}
	if useAVX2 {
		ks = append(ks, flipKernel{"avx2", flipsAVX2})
	}
	if useAVX512 {
		ks = append(ks, flipKernel{"avx512", flipsAVX512})
	}
	return ks
}

func TestBitboardsMatchReference(t *testing.T) {
	kernels := flipKernels()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{4, 6, 8} {
		mask := SquareMask(n)
		for i := range 20000 {
			p, o := randomPosition(rng, n)
			if got, want := movesGo(p, o)&mask, refMoves(n, p, o); got != want || Moves(p, o)&mask != want {
				t.Fatalf("size %d position %d %s: Moves = %#x, reference %#x", n, i, boardText(p, o, n), got, want)
			}
			for sq := range 64 {
				if mask&(1<<sq) == 0 || (p|o)&(1<<sq) != 0 {
					continue
				}
				want := refFlips(n, sq, p, o)
				for _, k := range kernels {
					if got := k.f(sq, p, o); got != want {
						t.Fatalf("size %d %s at %s: %s = %#x, reference %#x", n, boardText(p, o, n), SquareName(sq), k.name, got, want)
					}
				}
			}
		}
	}
}

// TestPerftKernels checks the portable and the AVX2 two-ply counts against each other on random
// positions (on machines without AVX2 both are the portable code).
func TestPerftKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		p, o := randomPosition(rng, 8)
		m := Moves(p, o)
		if a, b := perft2Go(p, o, m), perft2AVX2(p, o, m); a != b {
			t.Fatalf("%s: perft2Go %d, perft2AVX2 %d", boardText(p, o, 8), a, b)
		}
		if a, b := perft3Go(p, o, m), perft3AVX2(p, o, m); a != b {
			t.Fatalf("%s: perft3Go %d, perft3AVX2 %d", boardText(p, o, 8), a, b)
		}
	}
}

func TestRandomPlayouts2(t *testing.T) {
	kernels := map[string]func(p, o, mask, seed uint64) (uint64, uint64, uint64, uint64){"go": randomPlayouts2Go}
	if useAVX2 {
		kernels["loop"] = func(p, o, mask, seed uint64) (uint64, uint64, uint64, uint64) {
			return randomPlayouts2AVX2(p, o, mask, seed, false)
		}
		if fastPDEP {
			kernels["pdep"] = func(p, o, mask, seed uint64) (uint64, uint64, uint64, uint64) {
				return randomPlayouts2AVX2(p, o, mask, seed, true)
			}
		}
	}
	for _, n := range []int{4, 6, 8} {
		mask := SquareMask(n)
		p, o := startDiscs(n)
		for seed := range uint64(1000) {
			w1, w2, w3, w4 := randomPlayouts2Go(p, o, mask, seed)
			for name, k := range kernels {
				a1, a2, a3, a4 := k(p, o, mask, seed)
				if [4]uint64{a1, a2, a3, a4} != [4]uint64{w1, w2, w3, w4} {
					t.Fatalf("size %d seed %d: %s kernel ends %x, portable %x", n, seed, name, [4]uint64{a1, a2, a3, a4}, [4]uint64{w1, w2, w3, w4})
				}
			}
			for _, f := range [][2]uint64{{w1, w2}, {w3, w4}} {
				if Moves(f[0], f[1])&mask != 0 || Moves(f[1], f[0])&mask != 0 || f[0]&f[1] != 0 {
					t.Fatalf("size %d seed %d: a playout stopped before the end", n, seed)
				}
			}
		}
	}
}

func BenchmarkRandomPlayouts2(b *testing.B) {
	p, o := startDiscs(8)
	for _, k := range []struct {
		name string
		f    func(p, o, mask, seed uint64) (uint64, uint64, uint64, uint64)
	}{{"best", randomPlayouts2}, {"go", randomPlayouts2Go}} {
		b.Run(k.name, func(b *testing.B) {
			var seed uint64
			for b.Loop() {
				a, _, c, _ := k.f(p, o, ^uint64(0), seed)
				benchSink += a + c
				seed++
			}
			b.ReportMetric(2*float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// boardText draws p's discs as X and o's as O on an n x n board, for failure messages.
func boardText(p, o uint64, n int) string {
	var b strings.Builder
	for r := range n {
		for c := range n {
			switch sq := uint(8*r + c); {
			case p>>sq&1 != 0:
				b.WriteByte('X')
			case o>>sq&1 != 0:
				b.WriteByte('O')
			default:
				b.WriteByte('-')
			}
		}
		b.WriteByte('/')
	}
	return b.String()
}

// startDiscs returns the diagonal start of an n x n board: Black's discs (to move), White's.
func startDiscs(n int) (black, white uint64) {
	c := n/2 - 1
	tl, tr, bl, br := uint64(1)<<(8*c+c), uint64(1)<<(8*c+c+1), uint64(1)<<(8*(c+1)+c), uint64(1)<<(8*(c+1)+c+1)
	return tr | bl, tl | br
}
