package discs

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// childrenKernel is one implementation of Children, by name.
type childrenKernel struct {
	name string
	f    func(p, o, moves, mask uint64, buf *[MaxMoves]Child) int
}

// childrenKernels lists Children and every kernel the processor has.
func childrenKernels() []childrenKernel {
	ks := []childrenKernel{{"Children", Children}, {"go", childrenGo}}
	if useAVX2 {
		ks = append(ks, childrenKernel{"avx2", func(p, o, moves, mask uint64, buf *[MaxMoves]Child) int {
			return childrenAVX(p, o, moves, mask, buf, false)
		}})
	}
	if useAVX512 {
		ks = append(ks, childrenKernel{"avx512", func(p, o, moves, mask uint64, buf *[MaxMoves]Child) int {
			return childrenAVX(p, o, moves, mask, buf, true)
		}})
	}
	return ks
}

// TestChildrenMatchReference checks every Children kernel against the square-by-square
// reference on random positions of every size, the buffer's stale contents overwritten.
func TestChildrenMatchReference(t *testing.T) {
	kernels := childrenKernels()
	rng := rand.New(rand.NewPCG(21, 22))
	var buf [MaxMoves]Child
	for _, size := range []int{4, 6, 8} {
		mask := SquareMask(size)
		for i := range 20000 {
			p, o := randomPosition(rng, size)
			moves := refMoves(size, p, o)
			var want []Child
			for m := moves; m != 0; m &= m - 1 {
				sq := bits.TrailingZeros64(m)
				f := refFlips(size, sq, p, o)
				np, no := o&^f, p|f|1<<sq
				want = append(want, Child{Square: sq, P: np, O: no, Replies: refMoves(size, np, no)})
			}
			for _, k := range kernels {
				for j := range buf {
					buf[j] = Child{Square: -1, P: ^uint64(0), O: ^uint64(0), Replies: ^uint64(0), Key: -1}
				}
				n := k.f(p, o, moves, mask, &buf)
				if n != len(want) {
					t.Fatalf("size %d position %d %s: %s gives %d children, want %d", size, i,
						boardText(p, o, size), k.name, n, len(want))
				}
				for j, w := range want {
					if buf[j] != w {
						t.Fatalf("size %d position %d %s: %s child %d = %+v, want %+v", size, i,
							boardText(p, o, size), k.name, j, buf[j], w)
					}
				}
			}
		}
	}
}
