//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels for Moves, Flips and the last two plies of perft. A 256-bit register holds the
// four directions of one kind in its lanes, in the order of the shift vector {1, 8, 9, 7}:
// horizontal, vertical, diagonal, anti-diagonal. bitboard.go has the portable versions and the
// reasoning; the kernels follow them lane by lane. Only VEX-encoded instructions touch the
// vector registers (legacy SSE ones would pay a state-transition penalty on some processors),
// and VZEROUPPER ends every kernel.
//
// Registers: Y10 zero, Y11 all ones, Y12 moveMask, Y13/Y14/Y15 the shift vectors x1, x2, x4.

#define SETUP \
	VPXOR Y10, Y10, Y10 \
	VPCMPEQQ Y11, Y11, Y11 \
	VMOVDQU ·moveMask(SB), Y12 \
	VMOVDQU ·shift1(SB), Y13 \
	VMOVDQU ·shift2(SB), Y14 \
	VMOVDQU ·shift4(SB), Y15

// MOVESV: X2 (low lane) = the squares from which a line of OPM's discs ends at one of MV's, where
// MV is the mover's discs broadcast to four lanes and OPM the opponent's broadcast and masked
// with moveMask. Occupied squares are not removed. Temporaries Y2..Y6.
// Parallel prefix: each step doubles the length of the runs followed.
#define MOVESV(MV, OPM) \
	VPSLLVQ Y13, MV, Y2 \
	VPAND OPM, Y2, Y2 \
	VPSRLVQ Y13, MV, Y3 \
	VPAND OPM, Y3, Y3 \
	VPSLLVQ Y13, Y2, Y4 \
	VPAND OPM, Y4, Y4 \
	VPOR Y4, Y2, Y2 \
	VPSRLVQ Y13, Y3, Y4 \
	VPAND OPM, Y4, Y4 \
	VPOR Y4, Y3, Y3 \
	VPSLLVQ Y13, OPM, Y5 \
	VPAND OPM, Y5, Y5 \
	VPSRLVQ Y13, Y5, Y6 \
	VPSLLVQ Y14, Y2, Y4 \
	VPAND Y5, Y4, Y4 \
	VPOR Y4, Y2, Y2 \
	VPSRLVQ Y14, Y3, Y4 \
	VPAND Y6, Y4, Y4 \
	VPOR Y4, Y3, Y3 \
	VPSLLVQ Y14, Y2, Y4 \
	VPAND Y5, Y4, Y4 \
	VPOR Y4, Y2, Y2 \
	VPSRLVQ Y14, Y3, Y4 \
	VPAND Y6, Y4, Y4 \
	VPOR Y4, Y3, Y3 \
	VPSLLVQ Y13, Y2, Y2 \
	VPSRLVQ Y13, Y3, Y3 \
	VPOR Y3, Y2, Y2 \
	VEXTRACTI128 $1, Y2, X3 \
	VPOR X3, X2, X2 \
	VPUNPCKHQDQ X2, X2, X3 \
	VPOR X3, X2, X2

// FLIPSV: Y4 = the discs turned in each lane's two directions, given Y0 = the mover's discs and
// Y1 = the opponent's (broadcast), Y2 = the rays towards higher bits and Y3 = the rays towards
// lower bits of the move's square. Temporaries Y5, Y6.
// Towards higher bits the first non-opponent square is the lowest bit of ~o & ray (t & -t);
// towards lower bits it is the highest, found by smearing ~o & ray down the ray (steps of x1,
// x2, x4 cover the seven squares a ray can have) and keeping the top of the smear.
#define FLIPSV \
	VPANDN Y2, Y1, Y4 \
	VPSUBQ Y4, Y10, Y5 \
	VPAND Y5, Y4, Y4 \
	VPAND Y0, Y4, Y4 \
	VPCMPEQQ Y10, Y4, Y6 \
	VPADDQ Y11, Y4, Y4 \
	VPAND Y2, Y4, Y4 \
	VPANDN Y4, Y6, Y4 \
	VPANDN Y3, Y1, Y5 \
	VPSRLVQ Y13, Y5, Y6 \
	VPOR Y6, Y5, Y5 \
	VPSRLVQ Y14, Y5, Y6 \
	VPOR Y6, Y5, Y5 \
	VPSRLVQ Y15, Y5, Y6 \
	VPOR Y6, Y5, Y5 \
	VPSRLVQ Y13, Y5, Y6 \
	VPANDN Y5, Y6, Y6 \
	VPAND Y0, Y6, Y6 \
	VPCMPEQQ Y10, Y6, Y6 \
	VPANDN Y3, Y5, Y5 \
	VPANDN Y5, Y6, Y5 \
	VPOR Y5, Y4, Y4

// REDUCE4: X4 (low lane) = the OR of Y4's four lanes. Temporary Y5.
#define REDUCE4 \
	VEXTRACTI128 $1, Y4, X5 \
	VPOR X5, X4, X4 \
	VPUNPCKHQDQ X4, X4, X5 \
	VPOR X5, X4, X4

// func movesAVX2(p, o uint64) uint64
TEXT ·movesAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	SETUP
	VMOVQ R8, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R9, X1
	VPBROADCASTQ X1, Y1
	VPAND Y12, Y1, Y1
	MOVESV(Y0, Y1)
	VMOVQ X2, AX
	ORQ R8, R9
	ANDNQ AX, R9, AX
	VZEROUPPER
	MOVQ AX, ret+16(FP)
	RET

// func flipsAVX2(sq int, p, o uint64) uint64
TEXT ·flipsAVX2(SB), NOSPLIT, $0-32
	MOVQ sq+0(FP), CX
	ANDQ $63, CX
	SHLQ $5, CX
	MOVQ p+8(FP), R8
	MOVQ o+16(FP), R9
	SETUP
	VMOVQ R8, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R9, X1
	VPBROADCASTQ X1, Y1
	LEAQ ·raysUp(SB), R14
	VMOVDQU (R14)(CX*1), Y2
	LEAQ ·raysDown(SB), R15
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	VMOVQ X4, AX
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func perft2AVX2(p, o, moves uint64) uint64
// For each of p's moves (moves, not empty): play it and count the opponent's replies, a pass
// or a finished game counting one: the leaves two plies below.
TEXT ·perft2AVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ moves+16(FP), R10
	SETUP
	VMOVQ R8, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R9, X1
	VPBROADCASTQ X1, Y1
	LEAQ ·raysUp(SB), R14
	LEAQ ·raysDown(SB), R15
	MOVQ R8, R13
	ORQ R9, R13
	NOTQ R13
	XORQ R11, R11
	MOVQ $1, DX
	TESTQ R10, R10
	JZ done
loop:
	TZCNTQ R10, CX
	BLSRQ R10, R10
	SHLXQ CX, DX, BX
	SHLQ $5, CX
	VMOVDQU (R14)(CX*1), Y2
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	// the child: the opponent to move with o &^ flips, against p | flips | bit
	VPBROADCASTQ X4, Y4
	VMOVQ BX, X5
	VPBROADCASTQ X5, Y5
	VPANDN Y1, Y4, Y8
	VPOR Y0, Y4, Y9
	VPOR Y5, Y9, Y9
	VPAND Y12, Y9, Y9
	MOVESV(Y8, Y9)
	VMOVQ X2, AX
	ANDNQ R13, BX, R12
	ANDQ R12, AX
	POPCNTQ AX, AX
	// max(count, 1): a pass or a finished game is one leaf
	CMPQ AX, $1
	ADCQ $0, AX
	ADDQ AX, R11
	TESTQ R10, R10
	JNZ loop
done:
	VZEROUPPER
	MOVQ R11, ret+24(FP)
	RET

// func perft3AVX2(p, o, moves uint64) uint64
// The leaves three plies below a position where p has the given moves (not empty): for each
// move, the opponent's position is counted as perft2AVX2 does, or, if the opponent must pass,
// as p's replies (one leaf if p cannot move either: the game is over).
TEXT ·perft3AVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ moves+16(FP), R10
	SETUP
	LEAQ ·raysUp(SB), R14
	LEAQ ·raysDown(SB), R15
	MOVQ $1, DX
	XORQ R11, R11
outer:
	TESTQ R10, R10
	JZ done3
	TZCNTQ R10, CX
	BLSRQ R10, R10
	SHLXQ CX, DX, BX
	SHLQ $5, CX
	VMOVQ R8, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R9, X1
	VPBROADCASTQ X1, Y1
	VMOVDQU (R14)(CX*1), Y2
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	VMOVQ X4, AX
	// the child: SI (to move) = o &^ flips, DI = p | flips | bit; R13 its empty squares
	ANDNQ R9, AX, SI
	MOVQ R8, DI
	ORQ AX, DI
	ORQ BX, DI
	MOVQ SI, R13
	ORQ DI, R13
	NOTQ R13
	VMOVQ SI, X0
	VPBROADCASTQ X0, Y0
	VMOVQ DI, X1
	VPBROADCASTQ X1, Y1
	VPAND Y12, Y1, Y9
	MOVESV(Y0, Y9)
	VMOVQ X2, R12
	ANDQ R13, R12
	JNZ inner
	// the child must pass, or the game is over: count p's replies, at least one leaf
	VPAND Y12, Y0, Y9
	MOVESV(Y1, Y9)
	VMOVQ X2, AX
	ANDQ R13, AX
	POPCNTQ AX, AX
	CMPQ AX, $1
	ADCQ $0, AX
	ADDQ AX, R11
	JMP outer
inner:
	// as perft2AVX2's loop, for the child (Y0, Y1) and its moves R12
	TZCNTQ R12, CX
	BLSRQ R12, R12
	SHLXQ CX, DX, BX
	SHLQ $5, CX
	VMOVDQU (R14)(CX*1), Y2
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	VPBROADCASTQ X4, Y4
	VMOVQ BX, X5
	VPBROADCASTQ X5, Y5
	VPANDN Y1, Y4, Y8
	VPOR Y0, Y4, Y9
	VPOR Y5, Y9, Y9
	VPAND Y12, Y9, Y9
	MOVESV(Y8, Y9)
	VMOVQ X2, AX
	ANDNQ AX, BX, AX
	ANDQ R13, AX
	POPCNTQ AX, AX
	CMPQ AX, $1
	ADCQ $0, AX
	ADDQ AX, R11
	TESTQ R12, R12
	JNZ inner
	JMP outer
done3:
	VZEROUPPER
	MOVQ R11, ret+24(FP)
	RET
