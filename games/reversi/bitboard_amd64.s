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

// func randomPlayoutAVX2(p, o, mask, seed uint64) (pf, of uint64)
// Plays uniformly random legal moves on the squares of mask from the position where p is to
// move, passing when a side has no move, until neither can move; returns the final discs of
// the side that was to move and of the other. The choices come from a splitmix64 sequence
// started at seed: the k-th of the n moves, k = (32 random bits * n) >> 32.
TEXT ·randomPlayoutAVX2(SB), NOSPLIT, $0-48
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ mask+16(FP), R13
	MOVQ seed+24(FP), DI
	SETUP
	LEAQ ·raysUp(SB), R14
	LEAQ ·raysDown(SB), R15
	XORQ SI, SI
	XORQ R11, R11
	MOVQ $1, DX
ply:
	VMOVQ R8, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R9, X1
	VPBROADCASTQ X1, Y1
	VPAND Y12, Y1, Y9
	MOVESV(Y0, Y9)
	VMOVQ X2, R10
	MOVQ R8, AX
	ORQ R9, AX
	ANDNQ R10, AX, R10
	ANDQ R13, R10
	JNZ move
	// no move: pass; a second pass in a row ends the game
	INCQ R11
	CMPQ R11, $2
	JEQ end
	XCHGQ R8, R9
	XORQ $1, SI
	JMP ply
move:
	XORQ R11, R11
	POPCNTQ R10, CX
	MOVQ $-7046029254386353131, AX
	ADDQ AX, DI
	MOVQ DI, AX
	MOVQ AX, BX
	SHRQ $30, BX
	XORQ BX, AX
	MOVQ $-4658895280553007687, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $27, BX
	XORQ BX, AX
	MOVQ $-7723592293110705685, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $31, BX
	XORQ BX, AX
	SHRQ $32, AX
	IMULQ CX, AX
	SHRQ $32, AX
skip:
	TESTQ AX, AX
	JZ pick
	BLSRQ R10, R10
	DECQ AX
	JMP skip
pick:
	TZCNTQ R10, CX
	SHLXQ CX, DX, BX
	SHLQ $5, CX
	VMOVDQU (R14)(CX*1), Y2
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	VMOVQ X4, AX
	ORQ AX, R8
	ORQ BX, R8
	ANDNQ R9, AX, R9
	XCHGQ R8, R9
	XORQ $1, SI
	JMP ply
end:
	TESTQ SI, SI
	JZ out
	XCHGQ R8, R9
out:
	VZEROUPPER
	MOVQ R8, pf+32(FP)
	MOVQ R9, of+40(FP)
	RET

// Two random playouts from the same position, interleaved: one game's plies form a chain of
// dependent steps (moves, choice, flips), so the processor runs the other game's plies in the
// gaps. Same rules and choices as randomPlayoutAVX2, the two games drawing alternately from
// one splitmix64 sequence. State registers SI and R12: bit 0 the games' colour swap, bits 1-2
// consecutive passes, bit 3 the game is over. One variant selects the k-th move with PDEP, the
// other (for processors where PDEP is slow) by clearing k low bits.

// func randomPlayouts2PDEP(p, o, mask, seed uint64) (pf1, of1, pf2, of2 uint64)
TEXT ·randomPlayouts2PDEP(SB), NOSPLIT, $0-64
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ R8, R10
	MOVQ R9, R11
	MOVQ mask+16(FP), R13
	MOVQ seed+24(FP), DI
	SETUP
	LEAQ ·raysUp(SB), R14
	LEAQ ·raysDown(SB), R15
	XORQ SI, SI
	XORQ R12, R12
loopp:
	BTQ $3, SI
	JCS nextAp
	VMOVQ R8, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R9, X1
	VPBROADCASTQ X1, Y1
	VPAND Y12, Y1, Y9
	MOVESV(Y0, Y9)
	VMOVQ X2, DX
	MOVQ R8, AX
	ORQ R9, AX
	ANDNQ DX, AX, DX
	ANDQ R13, DX
	JNZ moveAp
	// no move: pass; a second pass in a row ends the game (bit 3)
	ADDQ $2, SI
	BTQ $2, SI
	JCS doneAp
	XCHGQ R8, R9
	XORQ $1, SI
	JMP nextAp
doneAp:
	ORQ $8, SI
	JMP nextAp
moveAp:
	ANDQ $-7, SI
	POPCNTQ DX, CX
	MOVQ $-7046029254386353131, AX
	ADDQ AX, DI
	MOVQ DI, AX
	MOVQ AX, BX
	SHRQ $30, BX
	XORQ BX, AX
	MOVQ $-4658895280553007687, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $27, BX
	XORQ BX, AX
	MOVQ $-7723592293110705685, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $31, BX
	XORQ BX, AX
	SHRQ $32, AX
	IMULQ CX, AX
	SHRQ $32, AX
	XORQ BX, BX
	BTSQ AX, BX
	PDEPQ DX, BX, BX
	TZCNTQ BX, CX
	SHLQ $5, CX
	VMOVDQU (R14)(CX*1), Y2
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	VMOVQ X4, AX
	ORQ AX, R8
	ORQ BX, R8
	ANDNQ R9, AX, R9
	XCHGQ R8, R9
	XORQ $1, SI
nextAp:
	BTQ $3, R12
	JCS nextBp
	VMOVQ R10, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R11, X1
	VPBROADCASTQ X1, Y1
	VPAND Y12, Y1, Y9
	MOVESV(Y0, Y9)
	VMOVQ X2, DX
	MOVQ R10, AX
	ORQ R11, AX
	ANDNQ DX, AX, DX
	ANDQ R13, DX
	JNZ moveBp
	// no move: pass; a second pass in a row ends the game (bit 3)
	ADDQ $2, R12
	BTQ $2, R12
	JCS doneBp
	XCHGQ R10, R11
	XORQ $1, R12
	JMP nextBp
doneBp:
	ORQ $8, R12
	JMP nextBp
moveBp:
	ANDQ $-7, R12
	POPCNTQ DX, CX
	MOVQ $-7046029254386353131, AX
	ADDQ AX, DI
	MOVQ DI, AX
	MOVQ AX, BX
	SHRQ $30, BX
	XORQ BX, AX
	MOVQ $-4658895280553007687, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $27, BX
	XORQ BX, AX
	MOVQ $-7723592293110705685, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $31, BX
	XORQ BX, AX
	SHRQ $32, AX
	IMULQ CX, AX
	SHRQ $32, AX
	XORQ BX, BX
	BTSQ AX, BX
	PDEPQ DX, BX, BX
	TZCNTQ BX, CX
	SHLQ $5, CX
	VMOVDQU (R14)(CX*1), Y2
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	VMOVQ X4, AX
	ORQ AX, R10
	ORQ BX, R10
	ANDNQ R11, AX, R11
	XCHGQ R10, R11
	XORQ $1, R12
nextBp:
	MOVQ SI, AX
	ANDQ R12, AX
	BTQ $3, AX
	JCC loopp
	// put each game's discs back in the order of the side that was to move
	BTQ $0, SI
	JCC okAp
	XCHGQ R8, R9
okAp:
	BTQ $0, R12
	JCC okBp
	XCHGQ R10, R11
okBp:
	VZEROUPPER
	MOVQ R8, pf1+32(FP)
	MOVQ R9, of1+40(FP)
	MOVQ R10, pf2+48(FP)
	MOVQ R11, of2+56(FP)
	RET

// func randomPlayouts2Loop(p, o, mask, seed uint64) (pf1, of1, pf2, of2 uint64)
TEXT ·randomPlayouts2Loop(SB), NOSPLIT, $0-64
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ R8, R10
	MOVQ R9, R11
	MOVQ mask+16(FP), R13
	MOVQ seed+24(FP), DI
	SETUP
	LEAQ ·raysUp(SB), R14
	LEAQ ·raysDown(SB), R15
	XORQ SI, SI
	XORQ R12, R12
loopl:
	BTQ $3, SI
	JCS nextAl
	VMOVQ R8, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R9, X1
	VPBROADCASTQ X1, Y1
	VPAND Y12, Y1, Y9
	MOVESV(Y0, Y9)
	VMOVQ X2, DX
	MOVQ R8, AX
	ORQ R9, AX
	ANDNQ DX, AX, DX
	ANDQ R13, DX
	JNZ moveAl
	// no move: pass; a second pass in a row ends the game (bit 3)
	ADDQ $2, SI
	BTQ $2, SI
	JCS doneAl
	XCHGQ R8, R9
	XORQ $1, SI
	JMP nextAl
doneAl:
	ORQ $8, SI
	JMP nextAl
moveAl:
	ANDQ $-7, SI
	POPCNTQ DX, CX
	MOVQ $-7046029254386353131, AX
	ADDQ AX, DI
	MOVQ DI, AX
	MOVQ AX, BX
	SHRQ $30, BX
	XORQ BX, AX
	MOVQ $-4658895280553007687, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $27, BX
	XORQ BX, AX
	MOVQ $-7723592293110705685, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $31, BX
	XORQ BX, AX
	SHRQ $32, AX
	IMULQ CX, AX
	SHRQ $32, AX
skipAl:
	TESTQ AX, AX
	JZ pickAl
	BLSRQ DX, DX
	DECQ AX
	JMP skipAl
pickAl:
	TZCNTQ DX, CX
	XORQ BX, BX
	BTSQ CX, BX
	SHLQ $5, CX
	VMOVDQU (R14)(CX*1), Y2
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	VMOVQ X4, AX
	ORQ AX, R8
	ORQ BX, R8
	ANDNQ R9, AX, R9
	XCHGQ R8, R9
	XORQ $1, SI
nextAl:
	BTQ $3, R12
	JCS nextBl
	VMOVQ R10, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R11, X1
	VPBROADCASTQ X1, Y1
	VPAND Y12, Y1, Y9
	MOVESV(Y0, Y9)
	VMOVQ X2, DX
	MOVQ R10, AX
	ORQ R11, AX
	ANDNQ DX, AX, DX
	ANDQ R13, DX
	JNZ moveBl
	// no move: pass; a second pass in a row ends the game (bit 3)
	ADDQ $2, R12
	BTQ $2, R12
	JCS doneBl
	XCHGQ R10, R11
	XORQ $1, R12
	JMP nextBl
doneBl:
	ORQ $8, R12
	JMP nextBl
moveBl:
	ANDQ $-7, R12
	POPCNTQ DX, CX
	MOVQ $-7046029254386353131, AX
	ADDQ AX, DI
	MOVQ DI, AX
	MOVQ AX, BX
	SHRQ $30, BX
	XORQ BX, AX
	MOVQ $-4658895280553007687, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $27, BX
	XORQ BX, AX
	MOVQ $-7723592293110705685, BX
	IMULQ BX, AX
	MOVQ AX, BX
	SHRQ $31, BX
	XORQ BX, AX
	SHRQ $32, AX
	IMULQ CX, AX
	SHRQ $32, AX
skipBl:
	TESTQ AX, AX
	JZ pickBl
	BLSRQ DX, DX
	DECQ AX
	JMP skipBl
pickBl:
	TZCNTQ DX, CX
	XORQ BX, BX
	BTSQ CX, BX
	SHLQ $5, CX
	VMOVDQU (R14)(CX*1), Y2
	VMOVDQU (R15)(CX*1), Y3
	FLIPSV
	REDUCE4
	VMOVQ X4, AX
	ORQ AX, R10
	ORQ BX, R10
	ANDNQ R11, AX, R11
	XCHGQ R10, R11
	XORQ $1, R12
nextBl:
	MOVQ SI, AX
	ANDQ R12, AX
	BTQ $3, AX
	JCC loopl
	// put each game's discs back in the order of the side that was to move
	BTQ $0, SI
	JCC okAl
	XCHGQ R8, R9
okAl:
	BTQ $0, R12
	JCC okBl
	XCHGQ R10, R11
okBl:
	VZEROUPPER
	MOVQ R8, pf1+32(FP)
	MOVQ R9, of1+40(FP)
	MOVQ R10, pf2+48(FP)
	MOVQ R11, of2+56(FP)
	RET

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET
