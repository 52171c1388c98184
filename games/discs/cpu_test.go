//go:build amd64 && !purego

package discs

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestCPUID checks the processor detection against the runtime's own.
func TestCPUID(t *testing.T) {
	_, b, _, _ := cpuid(7, 0)
	if got := b&(1<<8) != 0; got != cpu.X86.HasBMI2 {
		t.Errorf("cpuid says BMI2 %v, x/sys/cpu %v", got, cpu.X86.HasBMI2)
	}
	t.Logf("AVX2 kernels: %v; fast PDEP: %v", useAVX2, fastPDEP)
}

// TestFlipsDispatch runs Flips with each kernel switched off in turn: its assembly jumps to the
// AVX-512, the AVX2 or the portable kernel, and every path must agree with the reference.
func TestFlipsDispatch(t *testing.T) {
	old512, old2 := useAVX512, useAVX2
	defer func() { useAVX512, useAVX2 = old512, old2 }()
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct{ avx512, avx2 bool }{{old512, old2}, {false, old2}, {false, false}} {
		useAVX512, useAVX2 = c.avx512, c.avx2
		for range 2000 {
			p, o := randomPosition(rng, 8)
			for e := ^(p | o); e != 0; e &= e - 1 {
				sq := bits.TrailingZeros64(e)
				if got, want := Flips(sq, p, o), refFlips(8, sq, p, o); got != want {
					t.Fatalf("AVX-512 %v, AVX2 %v: %s at %s: Flips = %#x, reference %#x", c.avx512, c.avx2,
						boardText(p, o, 8), SquareName(sq), got, want)
				}
			}
		}
	}
}
