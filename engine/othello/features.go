package othello

import (
	"math/bits"
	"sync"

	"turncoat/games/discs"
)

// The evaluation's features, on every board that has a learned evaluation (8x8: eval.go, 6x6:
// eval6.go).
//
// A pattern is a set of squares whose contents (empty, mover, opponent) as a base-3 number index
// a table of weights; the patterns are those the strong programs of the 1990s and 2000s settled
// on (corners, edges with their X-squares, lines and diagonals), each present on the board in
// every position the board's symmetries take it to. All the copies of a pattern share one
// table, and configurations a symmetry of the pattern itself maps onto each other share one
// weight. Beside the patterns: the mover's and the opponent's number of moves, the parity of
// the empty regions, and a constant, all with weights of their own for each game phase.
//
// A board's evaluation is a patternSet: its patterns, phases and weights file. Everything else
// is one implementation for both boards, driven by it: the features square by square (the
// reference), the accumulation and the weights file (weights.go), the training (train.go).
// The fast extraction, which the search runs at every leaf, is one generic function too, that
// the compiler writes out for each board with the board's constants (see width).

// pattern is the definition of one pattern.
type pattern struct {
	name string
	// squares in base-3 digit order, least significant first, in its anchor copy
	squares []string
	// transforms are the board symmetries (see symSquare) that give its copies on the board
	transforms []int
}

// parityFeatures is the number of parity features: (empties odd?) x (number of odd
// quadrants, 0 to 4).
const parityFeatures = 10

// maxFeatures is the most features a position has on any board (8x8's): the size of the
// extraction's buffer, which the evaluation clears at every call.
const maxFeatures = numFeatures

// patternSet describes a board's learned evaluation: its patterns and the layout of a phase's
// weights (each pattern's table, then the extra features: the mover's and the opponent's
// mobility, parity, a constant), its phases and its weights file.
type patternSet struct {
	size     int
	patterns []pattern
	// mobilityCap caps the number of moves of the mobility features.
	mobilityCap int
	// phases is the number of phases of the evaluation; phaseOf(phases, n) the phase of a
	// position with n empties among phases; phasesOK says whether a weights file or a
	// training may have that many phases, phasesWanted says which do, in words.
	phases       int
	phaseOf      func(phases, n int) int
	phasesOK     func(phases int) bool
	phasesWanted string
	// name starts the errors about its weights files, magic the files.
	name  string
	magic []byte
	// trainSeed is the training's seed (with the phase) for the order of the samples.
	trainSeed uint64
	// extract is the board's fast feature extraction (the training's way to it; the search
	// calls it directly).
	extract func(p, o uint64, f *[maxFeatures]int32)

	// offset[k] is where pattern k's table starts in a phase's weights.
	offset []int
	// instSquares[i] are the squares of pattern copy i in digit order; instPattern[i] its
	// pattern.
	instSquares [][]int
	instPattern []int
	// mobility, oppMobility, parity and bias are where the extra features start, phaseSize
	// the length of a phase's weights.
	mobility, oppMobility, parity, bias, phaseSize int
	// numFeatures is the number of active features of a position.
	numFeatures int
	// canon[k][idx] is the smallest index among the configurations of pattern k that its own
	// symmetries map idx onto: they share a weight. Computed on first use (the 8x8 tables take
	// a moment, which only reading or training weights needs).
	canon func() [][]int32
	// layout lists, for a phase of a weights file, the expanded index of each stored weight.
	layout func() []int32
}

// newPatternSet completes ps: the copies of its patterns on the board and the layout of its
// features.
func newPatternSet(ps *patternSet) *patternSet {
	off := 0
	for k, pt := range ps.patterns {
		ps.offset = append(ps.offset, off)
		off += pow3(len(pt.squares))
		anchor := anchorSquares(pt)
		for _, t := range pt.transforms {
			// the copy read on the board turned by t at the anchor squares: its squares are
			// those t takes there
			sqs := make([]int, len(anchor))
			for i, a := range anchor {
				for sq := range 64 {
					if sq/8 < ps.size && sq%8 < ps.size && symSquare(ps.size, t, sq) == a {
						sqs[i] = sq
					}
				}
			}
			ps.instSquares = append(ps.instSquares, sqs)
			ps.instPattern = append(ps.instPattern, k)
		}
	}
	ps.mobility = off
	ps.oppMobility = off + ps.mobilityCap
	ps.parity = ps.oppMobility + ps.mobilityCap
	ps.bias = ps.parity + parityFeatures
	ps.phaseSize = ps.bias + 1
	ps.numFeatures = len(ps.instSquares) + 4
	ps.canon = sync.OnceValue(func() [][]int32 { return canonicalIndexes(ps.size, ps.patterns) })
	ps.layout = sync.OnceValue(ps.storedLayout)
	return ps
}

// checkOffsets panics unless the pattern tables and the extra features start where the fast
// extraction puts them.
func (ps *patternSet) checkOffsets(patterns []int, extra, numFeatures int) {
	for k, off := range patterns {
		if ps.offset[k] != off {
			panic("othello: the feature offsets of the fast extraction disagree with the patterns")
		}
	}
	if len(patterns) != len(ps.patterns) || ps.mobility != extra || ps.numFeatures != numFeatures || numFeatures > maxFeatures {
		panic("othello: the feature layout of the fast extraction disagrees with the patterns")
	}
}

func anchorSquares(pt pattern) []int {
	anchor := make([]int, len(pt.squares))
	for i, name := range pt.squares {
		sq, err := discs.ParseSquare(name)
		if err != nil {
			panic(err)
		}
		anchor[i] = sq
	}
	return anchor
}

func pow3(n int) int {
	r := 1
	for range n {
		r *= 3
	}
	return r
}

// canonicalIndexes returns, for each pattern of an n x n board, the map from each index of its
// table to the smallest index among the configurations the pattern's own symmetries give.
func canonicalIndexes(n int, pts []pattern) [][]int32 {
	var out [][]int32
	for _, pt := range pts {
		k := len(pt.squares)
		anchor := anchorSquares(pt)
		pos := map[int]int{}
		for i, a := range anchor {
			pos[a] = i
		}
		// the permutations of digit positions induced by the symmetries that map the
		// pattern's squares onto themselves
		var perms [][]int
		for t := range 8 {
			perm := make([]int, k)
			ok := true
			for i, a := range anchor {
				j, in := pos[symSquare(n, t, a)]
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
		canon := make([]int32, pow3(k))
		digits := make([]int, k)
		permuted := make([]int, k)
		for idx := range canon {
			x := idx
			for i := range k {
				digits[i] = x % 3
				x /= 3
			}
			best := idx
			for _, perm := range perms {
				for i := range k {
					permuted[perm[i]] = digits[i]
				}
				y := 0
				for i := k - 1; i >= 0; i-- {
					y = y*3 + permuted[i]
				}
				best = min(best, y)
			}
			canon[idx] = int32(best)
		}
		out = append(out, canon)
	}
	return out
}

// generic writes the feature indices of a position square by square from the definitions: the
// reference for the fast extraction.
func (ps *patternSet) generic(p, o uint64, f []int) []int {
	f = f[:0]
	for i, sqs := range ps.instSquares {
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
		f = append(f, ps.offset[ps.instPattern[i]]+idx)
	}
	g := geometries[ps.size]
	mp := bits.OnesCount64(discs.Moves(p, o) & g.mask)
	mo := bits.OnesCount64(discs.Moves(o, p) & g.mask)
	return append(f,
		ps.mobility+min(mp, ps.mobilityCap-1),
		ps.oppMobility+min(mo, ps.mobilityCap-1),
		ps.parity+parityFeature(g, g.mask&^(p|o)),
		ps.bias)
}

// canonicalFeatures writes the features of a position with each pattern index replaced by its
// canonical one (the weight the pattern's symmetries share): what the training fits.
func (ps *patternSet) canonicalFeatures(p, o uint64, f *[maxFeatures]int32) {
	ps.extract(p, o, f)
	canon := ps.canon()
	for i, k := range ps.instPattern {
		off := int32(ps.offset[k])
		f[i] = off + canon[k][f[i]-off]
	}
}

// The parts of the fast extractions.

// ternary[b] reads the bits of b (up to ten) as base-3 digits: the index part of a pattern's
// squares that hold a disc of one colour.
var ternary [1024]int32

func init() {
	for b := range ternary {
		v, pw := 0, 1
		for i := range 10 {
			if b>>i&1 != 0 {
				v += pw
			}
			pw *= 3
		}
		ternary[b] = int32(v)
	}
}

// tern is the index part of a pattern copy whose squares hold the mover's discs pb and the
// opponent's ob (in digit order, up to ten squares).
func tern(pb, ob uint64) int32 { return ternary[pb] + 2*ternary[ob] }

// diagonalBits gathers the squares of a diagonal (one per column) into a byte by column, then
// drops the columns left of the line's start.
func diagonalBits(x, line uint64, first uint) uint64 {
	return (x & line) * 0x0101010101010101 >> (56 + first)
}

// flipVertical, mirrorHorizontal and transpose move the discs of an 8x8 bitboard by the
// symmetries.
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

// The fast extraction, one for both boards: it is generic in the board's width, and each
// board's instantiation (features[width8], features[width6]) is compiled on its own with its
// width, offsets and layout folded in as constants and the other board's code left out, so that
// the search runs what it would run were the extraction written out for its board alone.

// width is a board's width as a type: an array's length is a constant, which the
// instantiation for it folds into the code (shifts, masks, the board's own parts).
type width interface{ width8 | width6 }

type (
	width8 = [8]struct{}
	width6 = [6]struct{}
)

// widthOf returns the width of W.
func widthOf[W width]() uint {
	var w W
	return uint(len(w))
}

// features writes the feature indices of the position (p to move) on the board of width W into
// f: the same as its patternSet's generic, from the eight symmetric images of the board.
func features[W width](p, o uint64, f *[maxFeatures]int32) {
	patternIndexes[W](p, o, f)
	complete[W](nil, f, p, o, 0)
}

// complete writes the extra features of the position (p to move) on the board of width W into
// f, after its pattern indexes, and returns the evaluation of f by w at n empties, within
// [-63, 63] on 8x8 and [-35, 35] on 6x6 (0 without w: the training wants the features only).
// Every evaluation ends here, after the pattern indexes of its position (patternIndexes) or of
// a child (evaluateChild); the extra features are computed here rather than in a call of their
// own, which would cost an evaluation a few per cent.
func complete[W width](w *weights, f *[maxFeatures]int32, p, o uint64, n int) int {
	g, mask, i, off, c, bound := geometry6, uint64(0x00003F3F3F3F3F3F), numInstances6, off6Extra, mobilityCap6, 35
	if widthOf[W]() == 8 {
		g, mask, i, off, c, bound = geometry8, ^uint64(0), numInstances, offExtra, mobilityCap, 63
	}
	mp := bits.OnesCount64(discs.Moves(p, o) & mask)
	mo := bits.OnesCount64(discs.Moves(o, p) & mask)
	f[i] = int32(off + min(mp, c-1))
	f[i+1] = int32(off + c + min(mo, c-1))
	f[i+2] = int32(off + 2*c + parityFeature(g, mask&^(p|o)))
	f[i+3] = int32(off + 2*c + parityFeatures)
	if w == nil {
		return 0
	}
	return w.score(f[:i+4], n, bound)
}

// patternIndexes writes the indices of the position's pattern copies (the first features) into
// f: it turns the mover's and the opponent's discs by the eight symmetries, each image from
// another by one step, and reads each pattern's anchor squares on the images that give its
// copies.
func patternIndexes[W width](p, o uint64, f *[maxFeatures]int32) {
	n := widthOf[W]()
	flip := func(x uint64) uint64 { return flipVertical(x) >> (8 * (8 - n)) }
	mirror := func(x uint64) uint64 { return mirrorHorizontal(x) >> (8 - n) }
	var tp, to [8]uint64 // tp[t] = symBoard(n, t, p)
	tp[0], to[0] = p, o
	tp[4], to[4] = transpose(p), transpose(o)
	for _, t := range [2]int{0, 4} {
		tp[t+1], to[t+1] = flip(tp[t]), flip(to[t])
		tp[t+2], to[t+2] = mirror(tp[t]), mirror(to[t])
		tp[t+3], to[t+3] = flip(tp[t+2]), flip(to[t+2])
	}
	// (the tables' offsets are loaded from offsets8 and offsets6 rather than folded in as
	// constants, and tern reads ternary unmasked: each of the other ways made this code 4% to
	// 5% slower)
	edges := [4]int{0, 1, 4, 5}
	switch n {
	case 8:
		i := 0
		off := int32(offsets8[0])
		for t := range 4 {
			f[i] = off + tern(corner3x3Bits(tp[t]), corner3x3Bits(to[t]))
			i++
		}
		off = int32(offsets8[1])
		for t := range 8 {
			f[i] = off + tern(corner2x5Bits(tp[t]), corner2x5Bits(to[t]))
			i++
		}
		off = int32(offsets8[2])
		for _, t := range edges {
			f[i] = off + tern(edge2xBits(tp[t]), edge2xBits(to[t]))
			i++
		}
		for k, shift := range [3]uint{8, 16, 24} {
			off = int32(offsets8[3+k])
			for _, t := range edges {
				f[i] = off + tern(tp[t]>>shift&255, to[t]>>shift&255)
				i++
			}
		}
		off = int32(offsets8[6])
		for _, t := range [2]int{0, 2} {
			f[i] = off + tern(diagonalBits(tp[t], 0x8040201008040201, 0), diagonalBits(to[t], 0x8040201008040201, 0))
			i++
		}
		lines := [4]uint64{0x0080402010080402, 0x0000804020100804, 0x0000008040201008, 0x0000000080402010}
		for k, line := range lines {
			off = int32(offsets8[7+k])
			first := uint(k + 1)
			for t := range 4 {
				f[i] = off + tern(diagonalBits(tp[t], line, first), diagonalBits(to[t], line, first))
				i++
			}
		}
	case 6:
		for i, t := range edges {
			f[i] = int32(offsets6[0]) + tern(edge6Bits(tp[t]), edge6Bits(to[t]))
			f[12+i] = int32(offsets6[2]) + tern(tp[t]>>8&63, to[t]>>8&63)
			f[16+i] = int32(offsets6[3]) + tern(tp[t]>>16&63, to[t]>>16&63)
		}
		off := int32(offsets6[1])
		for t := range 8 {
			f[4+t] = off + tern(corner2x4Bits(tp[t]), corner2x4Bits(to[t]))
		}
		const diag6, diag5, diag4 = 0x0000201008040201, 0x0000002010080402, 0x0000000020100804
		off = int32(offsets6[4])
		f[20] = off + tern(diagonalBits(tp[0], diag6, 0), diagonalBits(to[0], diag6, 0))
		f[21] = off + tern(diagonalBits(tp[2], diag6, 0), diagonalBits(to[2], diag6, 0))
		off5, off4 := int32(offsets6[5]), int32(offsets6[6])
		for t := range 4 {
			f[22+t] = off5 + tern(diagonalBits(tp[t], diag5, 1), diagonalBits(to[t], diag5, 1))
			f[26+t] = off4 + tern(diagonalBits(tp[t], diag4, 2), diagonalBits(to[t], diag4, 2))
		}
	}
}

// parityFeature returns the parity feature of a position with the given empties.
func parityFeature(g *geometry, empty uint64) int {
	return (bits.OnesCount64(empty)&1)*5 + bits.OnesCount8(g.parity(empty))
}
