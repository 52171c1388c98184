//go:build amd64 && !purego

package discs

import "golang.org/x/sys/cpu"

// useAVX2 selects the AVX2 kernels of bitboard_amd64.s: every x86-64 processor of the last
// decade has them; others (and builds with the purego tag) use the portable Go code.
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT

// useAVX512 selects the AVX-512 Flips kernel, whose leading-zero count (AVX512CD) on 256-bit
// registers (AVX512VL) replaces a smear of shifts.
var useAVX512 = useAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512CD

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

// Flips returns the opponent discs that a disc of p placed on the empty square sq turns; zero
// means the move is illegal. p and o are the mover's and the opponent's discs. It is written in
// assembly, jumping to the best kernel the processor has: the solvers call it billions of times,
// and a Go function choosing the kernel would add a call to each.
//
//go:noescape
func Flips(sq int, p, o uint64) uint64

//go:noescape
func movesAVX2(p, o uint64) uint64

//go:noescape
func flipsAVX2(sq int, p, o uint64) uint64

//go:noescape
func flipsAVX512(sq int, p, o uint64) uint64

// childrenAVX is Children's kernel: AVX2, with the AVX-512 flip when avx512 is set.
//
//go:noescape
func childrenAVX(p, o, moves, mask uint64, buf *[MaxMoves]Child, avx512 bool) int

//go:noescape
func perft2AVX2(p, o, moves uint64) uint64

//go:noescape
func perft3AVX2(p, o, moves uint64) uint64

//go:noescape
func randomPlayouts2AVX2(p, o, mask, seed uint64, pdep bool) (pf1, of1, pf2, of2 uint64)
