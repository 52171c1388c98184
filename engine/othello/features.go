package othello

import (
	"math/bits"
	"sync"
	"turncoat/games/discs"
)

// The evaluation's features.
//
// A pattern is a set of squares whose contents (empty, mover, opponent) as a base-3 number index
// a table of weights; the patterns are those the strong programs of the 1990s and 2000s settled
// on (corners, edges with their X-squares, lines and diagonals), each present on the board in
// every position the board's symmetries take it to. All the copies of a pattern share one
// table, and configurations a symmetry of the pattern itself maps onto each other share one
// weight. Beside the patterns: the mover's and the opponent's number of moves, the parity of
// the empty regions, and a constant, all with weights of their own for each game phase.

// pattern is the definition of one pattern.
type pattern struct {
	name string
	// squares in base-3 digit order, least significant first, in its anchor copy
	squares []string
	// transforms are the board symmetries (see transform) that give its copies on the board
	transforms []int
}

// patterns are the evaluation's patterns. The fast extraction in eval.go computes exactly these
// copies in this order; a test checks it against the generic definition here.
var patterns = []pattern{
	{"corner3x3", []string{"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}, []int{0, 1, 2, 3}},
	{"corner2x5", []string{"a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"}, []int{0, 1, 2, 3, 4, 5, 6, 7}},
	{"edge2x", []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "g2"}, []int{0, 1, 4, 5}},
	{"line2", []string{"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"}, []int{0, 1, 4, 5}},
	{"line3", []string{"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"}, []int{0, 1, 4, 5}},
	{"line4", []string{"a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"}, []int{0, 1, 4, 5}},
	{"diagonal8", []string{"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"}, []int{0, 2}},
	{"diagonal7", []string{"b1", "c2", "d3", "e4", "f5", "g6", "h7"}, []int{0, 1, 2, 3}},
	{"diagonal6", []string{"c1", "d2", "e3", "f4", "g5", "h6"}, []int{0, 1, 2, 3}},
	{"diagonal5", []string{"d1", "e2", "f3", "g4", "h5"}, []int{0, 1, 2, 3}},
	{"diagonal4", []string{"e1", "f2", "g3", "h4"}, []int{0, 1, 2, 3}},
}

// Feature layout of one phase's weights: the patterns' tables, then the extra features.
const (
	mobilityCap    = 32 // number of moves, capped
	parityFeatures = 10 // (empties odd?) x (number of odd quadrants, 0 to 4)
	numPhases      = 30 // phase = (60 - empties) / 2, capped (older weights files have 15)
)

var (
	// patternOffset[k] is where pattern k's table starts in a phase's weights.
	patternOffset []int
	// mobilityOffset, opponentMobilityOffset, parityOffset, biasOffset place the extra
	// features; phaseSize is the length of a phase's weights.
	mobilityOffset, opponentMobilityOffset, parityOffset, biasOffset, phaseSize int
	// numInstances is the number of pattern copies on the board.
	numInstances int
	// instanceSquares[i] are the squares of copy i, in digit order.
	instanceSquares [][]int
	// instancePattern[i] is the pattern of copy i.
	instancePattern []int
)

// numFeatures is the number of active features of a position: one per pattern copy, two for
// mobility, one for parity, one constant.
var numFeatures int

func init() {
	off := 0
	for k, pt := range patterns {
		patternOffset = append(patternOffset, off)
		off += pow3(len(pt.squares))
		anchor := make([]int, len(pt.squares))
		for i, name := range pt.squares {
			sq, err := discs.ParseSquare(name)
			if err != nil {
				panic(err)
			}
			anchor[i] = sq
		}
		for _, t := range pt.transforms {
			// the copy read on the transformed board at the anchor squares: its squares are
			// the ones the transform takes there
			sqs := make([]int, len(anchor))
			for i, a := range anchor {
				for sq := range 64 {
					if transformSquare(t, sq) == a {
						sqs[i] = sq
					}
				}
			}
			instanceSquares = append(instanceSquares, sqs)
			instancePattern = append(instancePattern, k)
		}
	}
	numInstances = len(instanceSquares)
	for i, sqs := range instanceSquares {
		pow := int32(1)
		for _, sq := range sqs {
			squareRefs[sq] = append(squareRefs[sq], squareRef{int32(i), pow})
			pow *= 3
		}
	}
	mobilityOffset = off
	opponentMobilityOffset = off + mobilityCap
	parityOffset = opponentMobilityOffset + mobilityCap
	biasOffset = parityOffset + parityFeatures
	phaseSize = biasOffset + 1
	numFeatures = numInstances + 4
}

func pow3(n int) int {
	r := 1
	for range n {
		r *= 3
	}
	return r
}

// transformSquare maps a square by one of the eight symmetries of the board: 0 identity,
// 1 vertical flip, 2 horizontal mirror, 3 half turn, and 4-7 the same after a transposition
// (the a1-h8 diagonal flip).
func transformSquare(t, sq int) int {
	r, c := sq/8, sq%8
	if t >= 4 {
		r, c = c, r
	}
	if t&1 != 0 {
		r = 7 - r
	}
	if t&2 != 0 {
		c = 7 - c
	}
	return 8*r + c
}

// flipVertical, mirrorHorizontal and transpose move the discs of a bitboard by the symmetries.
func flipVertical(x uint64) uint64 { return bits.ReverseBytes64(x) }

func mirrorHorizontal(x uint64) uint64 {
	x = x>>1&0x5555555555555555 | x&0x5555555555555555<<1
	x = x>>2&0x3333333333333333 | x&0x3333333333333333<<2
	return x>>4&0x0F0F0F0F0F0F0F0F | x&0x0F0F0F0F0F0F0F0F<<4
}

func transpose(x uint64) uint64 {
	t := 0x0F0F0F0F00000000 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = 0x3333000033330000 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = 0x5500550055005500 & (x ^ x<<7)
	return x ^ t ^ t>>7
}

// transformBoard applies symmetry t (see transformSquare) to a bitboard.
func transformBoard(t int, x uint64) uint64 {
	if t >= 4 {
		x = transpose(x)
	}
	if t&1 != 0 {
		x = flipVertical(x)
	}
	if t&2 != 0 {
		x = mirrorHorizontal(x)
	}
	return x
}

// phaseOf returns the evaluation phase of a position with n empties on 8x8.
func phaseOf(n int) int { return phaseIn(numPhases, n) }

// phaseIn returns the phase of a position with n empties among phases (a divisor of 60)
// phases of equal length.
func phaseIn(phases, n int) int {
	return min(max(60-n, 0)/(60/phases), phases-1)
}

// parityFeature returns the parity feature of a position with the given empties.
func parityFeature(g *geometry, empty uint64) int {
	return (bits.OnesCount64(empty)&1)*5 + bits.OnesCount8(g.parity(empty))
}

// featuresGeneric writes the feature indices of a position (within a phase's weights) into f,
// square by square from the definitions: the reference for the fast extraction.
func featuresGeneric(p, o uint64, f []int) []int {
	f = f[:0]
	for i, sqs := range instanceSquares {
		idx := 0
		for j := len(sqs) - 1; j >= 0; j-- {
			idx *= 3
			switch bit := uint64(1) << sqs[j]; {
			case p&bit != 0:
				idx++
			case o&bit != 0:
				idx += 2
			}
		}
		f = append(f, patternOffset[instancePattern[i]]+idx)
	}
	return appendExtraFeatures(p, o, f)
}

// appendExtraFeatures appends the mobility, parity and constant features.
func appendExtraFeatures(p, o uint64, f []int) []int {
	mp := bits.OnesCount64(discs.Moves(p, o))
	mo := bits.OnesCount64(discs.Moves(o, p))
	g := geometries[8]
	return append(f,
		mobilityOffset+min(mp, mobilityCap-1),
		opponentMobilityOffset+min(mo, mobilityCap-1),
		parityOffset+parityFeature(g, ^(p|o)),
		biasOffset)
}

// canonicalIndexes returns, for each pattern, the map from each index of its table to the
// smallest index among the configurations the pattern's own symmetries give it: they share a
// weight.
var canonicalIndexes = sync.OnceValue(func() [][]int32 {
	var out [][]int32
	for _, pt := range patterns {
		n := len(pt.squares)
		anchor := make([]int, n)
		pos := map[int]int{}
		for i, name := range pt.squares {
			anchor[i], _ = discs.ParseSquare(name)
			pos[anchor[i]] = i
		}
		// the permutations of digit positions induced by the symmetries that map the
		// pattern's squares onto themselves
		var perms [][]int
		for t := range 8 {
			perm := make([]int, n)
			ok := true
			for i, a := range anchor {
				j, in := pos[transformSquare(t, a)]
				if !in {
					ok = false
					break
				}
				perm[i] = j
			}
			if ok {
				perms = append(perms, perm)
			}
		}
		canon := make([]int32, pow3(n))
		digits := make([]int, n)
		permuted := make([]int, n)
		for idx := range canon {
			x := idx
			for i := range n {
				digits[i] = x % 3
				x /= 3
			}
			best := idx
			for _, perm := range perms {
				for i := range n {
					permuted[perm[i]] = digits[i]
				}
				y := 0
				for i := n - 1; i >= 0; i-- {
					y = y*3 + permuted[i]
				}
				best = min(best, y)
			}
			canon[idx] = int32(best)
		}
		out = append(out, canon)
	}
	return out
})
