//go:build amd64 && !purego

package reversi

import "golang.org/x/sys/cpu"

// useAVX2 selects the AVX2 kernels of bitboard_amd64.s: every x86-64 processor of the last
// decade has them; others (and builds with the purego tag) use the portable Go code.
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT

// fastPDEP tells whether PDEP takes a few cycles: on every Intel processor that has it and on
// AMD's since Zen 3 (family 0x19); earlier AMD processors run it in microcode, slower than a
// loop.
var fastPDEP = useAVX2 && cpu.X86.HasBMI2 && !slowPDEP()

func slowPDEP() bool {
	_, b, c, d := cpuid(0, 0)
	vendor := string([]byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24), byte(d), byte(d >> 8), byte(d >> 16), byte(d >> 24),
		byte(c), byte(c >> 8), byte(c >> 16), byte(c >> 24)})
	if vendor != "AuthenticAMD" && vendor != "HygonGenuine" {
		return false
	}
	a, _, _, _ := cpuid(1, 0)
	family := a >> 8 & 0xF
	if family == 0xF {
		family += a >> 20 & 0xFF
	}
	return family < 0x19
}

func cpuid(leaf, sub uint32) (a, b, c, d uint32)

// randomPlayouts2 runs the fastest two-playout kernel of the processor.
func randomPlayouts2(p, o, mask, seed uint64) (pf1, of1, pf2, of2 uint64) {
	if useAVX2 {
		return randomPlayouts2AVX2(p, o, mask, seed, fastPDEP)
	}
	return randomPlayouts2Go(p, o, mask, seed)
}

// Implemented in bitboard_amd64.s.

//go:noescape
func movesAVX2(p, o uint64) uint64

//go:noescape
func flipsAVX2(sq int, p, o uint64) uint64

//go:noescape
func perft2AVX2(p, o, moves uint64) uint64

//go:noescape
func perft3AVX2(p, o, moves uint64) uint64

//go:noescape
func randomPlayouts2AVX2(p, o, mask, seed uint64, pdep bool) (pf1, of1, pf2, of2 uint64)
