//go:build amd64 && !purego

package reversi

import "golang.org/x/sys/cpu"

// useAVX2 selects the AVX2 kernels of bitboard_amd64.s: every x86-64 processor of the last
// decade has them; others (and builds with the purego tag) use the portable Go code.
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT

// Implemented in bitboard_amd64.s.

//go:noescape
func movesAVX2(p, o uint64) uint64

//go:noescape
func flipsAVX2(sq int, p, o uint64) uint64

//go:noescape
func perft2AVX2(p, o, moves uint64) uint64

//go:noescape
func perft3AVX2(p, o, moves uint64) uint64
