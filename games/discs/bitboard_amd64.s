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

// SETUPBOARD is SETUP for a position: Y0 and Y1 the mover's discs R8 and the opponent's R9,
// broadcast, and R14 and R15 the ray tables (raysUp, raysDown).
#define SETUPBOARD \
	SETUP \
	VMOVQ R8, X0 \
	VPBROADCASTQ X0, Y0 \
	VMOVQ R9, X1 \
	VPBROADCASTQ X1, Y1 \
	LEAQ ·raysUp(SB), R14 \
	LEAQ ·raysDown(SB), R15

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

// FLIPS512 is FLIPSV (the same inputs and output) with two AVX-512 (VL, CD) shortcuts: towards
// lower bits the first square that is not an opponent disc is found by a leading-zero count
// instead of a smear, and a mask register replaces the test for rays without an outflanking
// disc. Of SETUP's registers it needs only Y10 (zero) and Y11 (all ones). Temporaries Y5, Y6,
// K1.
#define FLIPS512 \
	VPANDN Y2, Y1, Y4 \
	VPSUBQ Y4, Y10, Y5 \
	VPAND Y5, Y4, Y4 \
	VPAND Y0, Y4, Y4 \
	VPTESTMQ Y4, Y4, K1 \
	VPADDQ.Z Y11, Y4, K1, Y4 \
	VPAND Y2, Y4, Y4 \
	VPANDN Y3, Y1, Y5 \
	VPLZCNTQ Y5, Y5 \
	VPSLLQ $63, Y11, Y6 \
	VPSRLVQ Y5, Y6, Y6 \
	VPAND Y0, Y6, Y6 \
	VPADDQ Y6, Y6, Y6 \
	VPSUBQ Y6, Y10, Y6 \
	VPAND Y3, Y6, Y6 \
	VPOR Y6, Y4, Y4

// REDUCE4: X4 (low lane) = the OR of Y4's four lanes. Temporary Y5.
#define REDUCE4 \
	VEXTRACTI128 $1, Y4, X5 \
	VPOR X5, X4, X4 \
	VPUNPCKHQDQ X4, X4, X5 \
	VPOR X5, X4, X4

// FLIPARGS loads the arguments of a Flips kernel: R8 = p, R9 = o, and the rays of square sq
// towards higher bits in Y2 and towards lower bits in Y3. Clobbers CX, R14, R15.
#define FLIPARGS \
	MOVQ sq+0(FP), CX \
	ANDQ $63, CX \
	SHLQ $5, CX \
	MOVQ p+8(FP), R8 \
	MOVQ o+16(FP), R9 \
	LEAQ ·raysUp(SB), R14 \
	VMOVDQU (R14)(CX*1), Y2 \
	LEAQ ·raysDown(SB), R15 \
	VMOVDQU (R15)(CX*1), Y3

// FLIPSOUT: AX = the OR of Y4's four lanes, the flips of a Flips kernel, and the vector unit
// left clean. Temporary Y5.
#define FLIPSOUT \
	REDUCE4 \
	VMOVQ X4, AX \
	VZEROUPPER

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

// func Flips(sq int, p, o uint64) uint64
// Jumps to the kernel the processor has; the arguments stay where they are.
TEXT ·Flips(SB), NOSPLIT, $0-32
	CMPB ·useAVX512(SB), $0
	JEQ noAVX512
	JMP ·flipsAVX512(SB)
noAVX512:
	CMPB ·useAVX2(SB), $0
	JEQ noAVX2
	JMP ·flipsAVX2(SB)
noAVX2:
	JMP ·flipsGo(SB)

// func flipsAVX2(sq int, p, o uint64) uint64
TEXT ·flipsAVX2(SB), NOSPLIT, $0-32
	FLIPARGS
	SETUP
	VMOVQ R8, X0
	VPBROADCASTQ X0, Y0
	VMOVQ R9, X1
	VPBROADCASTQ X1, Y1
	FLIPSV
	FLIPSOUT
	MOVQ AX, ret+24(FP)
	RET

// PLAYV plays the move of bit BX of the side Y0 against Y1 (both broadcast), given Y4 = the
// discs it turns in each lane: Y8 = the opponent's discs after it and Y9 = the mover's, both
// broadcast. Temporary Y5.
#define PLAYV \
	REDUCE4 \
	VPBROADCASTQ X4, Y4 \
	VMOVQ BX, X5 \
	VPBROADCASTQ X5, Y5 \
	VPANDN Y1, Y4, Y8 \
	VPOR Y0, Y4, Y9 \
	VPOR Y5, Y9, Y9

// CHILDCOUNT adds to R11 the replies of the opponent after the move on square CX (bit BX) of
// the side Y0 (broadcast) against Y1, one if it has none (a pass, or the end, is one leaf). R13
// holds the node's empty squares. Clobbers AX, CX, Y2..Y9.
#define CHILDCOUNT \
	SHLQ $5, CX \
	VMOVDQU (R14)(CX*1), Y2 \
	VMOVDQU (R15)(CX*1), Y3 \
	FLIPSV \
	PLAYV \
	VPAND Y12, Y9, Y9 \
	MOVESV(Y8, Y9) \
	VMOVQ X2, AX \
	ANDNQ AX, BX, AX \
	ANDQ R13, AX \
	POPCNTQ AX, AX \
	CMPQ AX, $1 \
	ADCQ $0, AX \
	ADDQ AX, R11

// SPLITMIX advances the splitmix64 state DI and leaves the next random number in AX.
// Clobbers BX.
#define SPLITMIX \
	MOVQ $-7046029254386353131, AX \
	ADDQ AX, DI \
	MOVQ DI, AX \
	MOVQ AX, BX \
	SHRQ $30, BX \
	XORQ BX, AX \
	MOVQ $-4658895280553007687, BX \
	IMULQ BX, AX \
	MOVQ AX, BX \
	SHRQ $27, BX \
	XORQ BX, AX \
	MOVQ $-7723592293110705685, BX \
	IMULQ BX, AX \
	MOVQ AX, BX \
	SHRQ $31, BX \
	XORQ BX, AX

// func perft2AVX2(p, o, moves uint64) uint64
// For each of p's moves: play it and count the opponent's replies, a pass
// or a finished game counting one: the leaves two plies below.
TEXT ·perft2AVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ moves+16(FP), R10
	SETUPBOARD
	MOVQ R8, R13
	ORQ R9, R13
	NOTQ R13
	XORQ R11, R11
	MOVQ $1, DX
	TESTQ R10, R10
	JZ done2
loop2:
	TZCNTQ R10, CX
	BLSRQ R10, R10
	SHLXQ CX, DX, BX
	CHILDCOUNT
	TESTQ R10, R10
	JNZ loop2
done2:
	VZEROUPPER
	MOVQ R11, ret+24(FP)
	RET

// func perft3AVX2(p, o, moves uint64) uint64
// The leaves three plies below a position where p has the given moves: for each
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
outer3:
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
	JNZ inner3
	// the child must pass, or the game is over: count p's replies, at least one leaf
	VPAND Y12, Y0, Y9
	MOVESV(Y1, Y9)
	VMOVQ X2, AX
	ANDQ R13, AX
	POPCNTQ AX, AX
	CMPQ AX, $1
	ADCQ $0, AX
	ADDQ AX, R11
	JMP outer3
inner3:
	TZCNTQ R12, CX
	BLSRQ R12, R12
	SHLXQ CX, DX, BX
	CHILDCOUNT
	TESTQ R12, R12
	JNZ inner3
	JMP outer3
done3:
	VZEROUPPER
	MOVQ R11, ret+24(FP)
	RET

// func randomPlayouts2AVX2(p, o, mask, seed uint64, pdep bool) (pf1, of1, pf2, of2 uint64)
// Two games of uniformly random legal moves on the squares of mask from the position where p
// is to move, a side without a move passing, until neither can move; returns each game's final
// discs of the side that was to move and of the other. One game's plies form a chain of
// dependent steps (moves, choice, flips), so the games take turns, one ply each, and the
// processor runs one game's ply in the gaps of the other's. The choices come from one
// splitmix64 sequence started at seed: the k-th of a position's n moves, k = (32 random bits *
// n) >> 32, found with PDEP when pdep is set (where PDEP is fast), else by clearing k bits.
//
// The game about to play is in R8 (its side to move), R9 and its state SI; the other in R10,
// R11 and R12. A state holds: bit 0, the game's colours are swapped; bits 1-2, consecutive
// passes; bit 3, the game is over; bit 4, this is the second game; bit 5, use PDEP.
TEXT ·randomPlayouts2AVX2(SB), NOSPLIT, $0-72
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ R8, R10
	MOVQ R9, R11
	MOVQ mask+16(FP), R13
	MOVQ seed+24(FP), DI
	MOVBQZX pdep+32(FP), SI
	SHLQ $5, SI
	MOVQ SI, R12
	ORQ $16, R12
	SETUP
	LEAQ ·raysUp(SB), R14
	LEAQ ·raysDown(SB), R15
ply:
	BTQ $3, SI
	JCS next
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
	JNZ move
	// no move: pass; a second pass in a row ends the game
	ADDQ $2, SI
	BTQ $2, SI
	JCS over
	XCHGQ R8, R9
	XORQ $1, SI
	JMP next
over:
	ORQ $8, SI
	JMP next
move:
	ANDQ $-7, SI
	POPCNTQ DX, CX
	SPLITMIX
	SHRQ $32, AX
	IMULQ CX, AX
	SHRQ $32, AX
	BTQ $5, SI
	JCC skip
	XORQ BX, BX
	BTSQ AX, BX
	PDEPQ DX, BX, BX
	TZCNTQ BX, CX
	JMP flip
skip:
	TESTQ AX, AX
	JZ pick
	BLSRQ DX, DX
	DECQ AX
	JMP skip
pick:
	TZCNTQ DX, CX
	XORQ BX, BX
	BTSQ CX, BX
flip:
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
next:
	// the other game's turn
	XCHGQ R8, R10
	XCHGQ R9, R11
	XCHGQ SI, R12
	MOVQ SI, AX
	ANDQ R12, AX
	BTQ $3, AX
	JCC ply
	// both are over: the first game back in R8, R9, SI; each game's discs in its mover's order
	BTQ $4, SI
	JCC ordered
	XCHGQ R8, R10
	XCHGQ R9, R11
	XCHGQ SI, R12
ordered:
	BTQ $0, SI
	JCC okA
	XCHGQ R8, R9
okA:
	BTQ $0, R12
	JCC okB
	XCHGQ R10, R11
okB:
	VZEROUPPER
	MOVQ R8, pf1+40(FP)
	MOVQ R9, of1+48(FP)
	MOVQ R10, pf2+56(FP)
	MOVQ R11, of2+64(FP)
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

// func flipsAVX512(sq int, p, o uint64) uint64
// The same rays as flipsAVX2, turned by FLIPS512.
TEXT ·flipsAVX512(SB), NOSPLIT, $0-32
	FLIPARGS
	VPBROADCASTQ R8, Y0
	VPBROADCASTQ R9, Y1
	VPXOR Y10, Y10, Y10
	VPCMPEQQ Y11, Y11, Y11
	FLIPS512
	FLIPSOUT
	MOVQ AX, ret+24(FP)
	RET

// CHILD writes at (DI) the child of the move on square CX (bit BX) of the side Y0 against Y1
// (both broadcast), given Y4 = the discs it turns in each lane (FLIPSV or FLIPS512): the
// square, the position after the move seen from the opponent, the opponent's replies there
// within R13, and a zero key (the layout of Child). Clobbers AX, SI, Y2..Y9.
#define CHILD \
	PLAYV \
	VMOVQ X8, SI \
	VMOVQ X9, AX \
	MOVQ CX, 0(DI) \
	MOVQ SI, 8(DI) \
	MOVQ AX, 16(DI) \
	ORQ AX, SI \
	VPAND Y12, Y9, Y9 \
	MOVESV(Y8, Y9) \
	VMOVQ X2, AX \
	ANDNQ AX, SI, AX \
	ANDQ R13, AX \
	MOVQ AX, 24(DI) \
	MOVQ $0, 32(DI)

// CHILDRAYS takes the lowest move of R10 off it into CX (square) and BX (bit), and loads its
// rays into Y2 (towards higher bits) and Y3 (lower). Clobbers DX.
#define CHILDRAYS \
	TZCNTQ R10, CX \
	BLSIQ R10, BX \
	XORQ BX, R10 \
	MOVQ CX, DX \
	SHLQ $5, DX \
	VMOVDQU (R14)(DX*1), Y2 \
	VMOVDQU (R15)(DX*1), Y3

// func childrenAVX(p, o, moves, mask uint64, buf *[MaxMoves]Child, avx512 bool) int
// One loop over the moves writes their children, with FLIPS512 or FLIPSV as the processor
// allows; R12 counts them.
TEXT ·childrenAVX(SB), NOSPLIT, $0-56
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ moves+16(FP), R10
	MOVQ mask+24(FP), R13
	MOVQ buf+32(FP), DI
	XORQ R12, R12
	TESTQ R10, R10
	JZ childrenEnd
	SETUPBOARD
	CMPB avx512+40(FP), $0
	JEQ children2
children512:
	CHILDRAYS
	FLIPS512
	CHILD
	ADDQ $40, DI
	INCQ R12
	TESTQ R10, R10
	JNZ children512
	JMP childrenDone
children2:
	CHILDRAYS
	FLIPSV
	CHILD
	ADDQ $40, DI
	INCQ R12
	TESTQ R10, R10
	JNZ children2
childrenDone:
	VZEROUPPER
childrenEnd:
	MOVQ R12, ret+48(FP)
	RET
