package othello

import (
	_ "embed"
	"io"
	"math/bits"
)

// The 8x8 evaluation: its patterns and phases (the rest is the 6x6 evaluation's as well:
// features.go, weights.go), the evaluation of a position's children from its own pattern
// indexes, and its weights, trained by "turncoat train" (bootstrap.go) and embedded as
// eval.weights.

// patterns8 are the 8x8 evaluation's patterns. The fast extraction (features[width8]) computes
// exactly these copies in this order; a test checks it against the square-by-square definition.
var patterns8 = []pattern{
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

const (
	// numPhases is the number of phases of the 8x8 evaluation: phase = (60 - empties) / 2,
	// capped (older weights files have 15 phases, of four empties).
	numPhases = 30
	// mobilityCap caps the number of moves of the 8x8 mobility features.
	mobilityCap = 32
)

// phaseIn returns the phase of an 8x8 position with n empties among phases (a divisor of 60)
// phases of equal length, counted from the start.
func phaseIn(phases, n int) int {
	return min(max(60-n, 0)/(60/phases), phases-1)
}

// phaseOf returns the evaluation phase of a position with n empties on 8x8.
func phaseOf(n int) int { return phaseIn(numPhases, n) }

// set8 is the 8x8 evaluation's layout.
var set8 = newPatternSet(&patternSet{
	size:         8,
	patterns:     patterns8,
	mobilityCap:  mobilityCap,
	phases:       numPhases,
	phaseOf:      phaseIn,
	phasesOK:     func(phases int) bool { return phases > 0 && phases <= 60 && 60%phases == 0 },
	phasesWanted: "phases dividing 60",
	name:         "weights",
	magic:        []byte("TCEVAL1\n"),
	trainSeed:    0x747261696e, // "train"
	extract:      features[width8],
})

// The layout of the 8x8 features as the fast extraction writes them, which init checks against
// set8: where the patterns' tables start in a phase's weights (offsets8, which patternIndexes
// loads), where the extra features start, the number of pattern copies and of features.
const (
	offCorner3x3 = 0
	offCorner2x5 = offCorner3x3 + 19683 // 3^9
	offEdge2x    = offCorner2x5 + 59049 // 3^10
	offLine2     = offEdge2x + 59049
	offLine3     = offLine2 + 6561 // 3^8
	offLine4     = offLine3 + 6561
	offDiag8     = offLine4 + 6561
	offDiag7     = offDiag8 + 6561
	offDiag6     = offDiag7 + 2187
	offDiag5     = offDiag6 + 729
	offDiag4     = offDiag5 + 243
	offExtra     = offDiag4 + 81
	numInstances = 46
	numFeatures  = numInstances + 4
)

var offsets8 = []int{offCorner3x3, offCorner2x5, offEdge2x, offLine2, offLine3, offLine4, offDiag8, offDiag7, offDiag6, offDiag5, offDiag4}

func init() {
	set8.checkOffsets(offsets8, offExtra, numFeatures)
	for i, sqs := range set8.instSquares {
		pow := int32(1)
		for _, sq := range sqs {
			squareRefs[sq] = append(squareRefs[sq], squareRef{int32(i), pow})
			pow *= 3
		}
	}
}

// geometry8 is the 8x8 board's geometry.
var geometry8 = geometries[8]

// Pattern squares gathered from a bitboard into digit order, for the anchor copies of the
// patterns that are not a line (patternIndexes).
func corner3x3Bits(x uint64) uint64 { return x&7 | x>>5&0x38 | x>>10&0x1C0 }
func corner2x5Bits(x uint64) uint64 { return x&31 | x>>3&0x3E0 }
func edge2xBits(x uint64) uint64    { return x&255 | x>>1&256 | x>>5&512 }

// Weights are the evaluation's weights for every phase of the 8x8 game (numPhases, or fewer
// from an older file), expanded so that every configuration of every pattern has its entry.
type Weights struct{ weights }

// newWeights returns the 8x8 weights of the phases' tables.
func newWeights(phases [][]int16) *Weights { return &Weights{newWeightsOf(set8, phases)} }

// evaluate returns the evaluation of the 8x8 position, p to move, with n empties: an estimate
// of the final disc difference, within [-63, 63].
func (w *Weights) evaluate(p, o uint64, n int) int {
	var f [maxFeatures]int32
	patternIndexes[width8](p, o, &f)
	return complete[width8](&w.weights, &f, p, o, n)
}

// Evaluating the children of a position: a child's pattern indexes are its parent's seen from
// the opponent, changed only on the squares the move turned, so the parent's are extracted once
// and each child's follow from them in a few additions.

// squareRef is a pattern copy holding a square: the copy, and the square's digit's weight (a
// power of three) in the copy's index.
type squareRef struct {
	instance int32
	pow      int32
}

// squareRefs[sq] are the pattern copies holding square sq (set with the copies, in init).
var squareRefs [64][]squareRef

// children holds a position's pattern indexes from its opponent's view: its children's,
// but for the squares their moves change.
type children struct {
	base [maxFeatures]int32
}

// init extracts the indexes of the position (p to move).
func (c *children) init(p, o uint64) {
	patternIndexes[width8](o, p, &c.base)
}

// evaluateChild returns the evaluation of the child (np to move, n empties) that the parent's
// move at sq turning f leads to, the same as w.evaluate(np, no, n).
func (w *Weights) evaluateChild(c *children, np, no uint64, sq int, f uint64, n int) int {
	idx := c.base
	// the square played becomes the opponent's (digit 2), the turned discs turn from the
	// mover's (1) to the opponent's (2)
	for _, r := range squareRefs[sq] {
		idx[r.instance] += 2 * r.pow
	}
	for ; f != 0; f &= f - 1 {
		for _, r := range squareRefs[bits.TrailingZeros64(f)] {
			idx[r.instance] += r.pow
		}
	}
	return complete[width8](&w.weights, &idx, np, no, n)
}

// Errors returns the evaluation's error on samples, by group of empties (ErrorBucket) and over
// all (Phase -1, last), as the search sees it (rounded to discs and clamped).
func (w *Weights) Errors(samples []Sample) []PhaseError {
	return phaseErrors(samples, ErrorBuckets, ErrorBucket, w.evaluate)
}

// ReadWeights reads an 8x8 weights file (weights.go).
func ReadWeights(r io.Reader) (*Weights, error) { return readWeights[Weights](set8, r) }

// evalWeights is the trained 8x8 evaluation ("turncoat train" reproduces it from the WTHOR
// databases).
//
//go:embed eval.weights
var evalWeights []byte

var defaultWeights = embedded(evalWeights, ReadWeights)

// DefaultWeights returns the trained 8x8 evaluation shipped with the engine (decoded on first
// use).
func DefaultWeights() *Weights { return defaultWeights() }
