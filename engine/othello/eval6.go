package othello

import (
	_ "embed"
	"io"
)

// The 6x6 evaluation: patterns of the 6x6 board (the edges with their X-squares, the 2x4 blocks
// at the corners, lines and diagonals; the 3x3 corner squares did no better on the training
// positions and cost time), the mobility of both sides, parity and a constant, with weights for
// each phase of two empties, trained on exactly solved positions of 6x6 games (train6.go;
// "turncoat train --size 6" reproduces the embedded weights). The search uses it for move
// ordering and probcut as the 8x8 one; 4x4 keeps the heuristic. Only its patterns and phases
// are its own (and patternIndexes' lines that read its patterns): the rest is the 8x8
// evaluation's (features.go, weights.go, train.go).

// patterns6 are the 6x6 evaluation's patterns; the fast extraction (features[width6]) computes
// exactly these copies in this order (a test checks it against the square-by-square
// definition).
var patterns6 = []pattern{
	{"edge2x", []string{"a1", "b1", "c1", "d1", "e1", "f1", "b2", "e2"}, []int{0, 1, 4, 5}},
	{"corner2x4", []string{"a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"}, []int{0, 1, 2, 3, 4, 5, 6, 7}},
	{"line2", []string{"a2", "b2", "c2", "d2", "e2", "f2"}, []int{0, 1, 4, 5}},
	{"line3", []string{"a3", "b3", "c3", "d3", "e3", "f3"}, []int{0, 1, 4, 5}},
	{"diagonal6", []string{"a1", "b2", "c3", "d4", "e5", "f6"}, []int{0, 2}},
	{"diagonal5", []string{"b1", "c2", "d3", "e4", "f5"}, []int{0, 1, 2, 3}},
	{"diagonal4", []string{"c1", "d2", "e3", "f4"}, []int{0, 1, 2, 3}},
}

const (
	// phases6 is the number of phases of the 6x6 evaluation: phase = min(empties, 31) / 2.
	phases6 = 16
	// mobilityCap6 caps the number of moves of the mobility features.
	mobilityCap6 = 20
)

// phaseIn6 returns the phase of a 6x6 position with n empties among phases phases of two
// empties, counted from the end (the weights file's order).
func phaseIn6(phases, n int) int { return min(max(n, 0), 2*phases-1) / 2 }

// phaseOf6 returns the 6x6 evaluation phase of a position with n empties.
func phaseOf6(n int) int { return phaseIn6(phases6, n) }

// set6 is the 6x6 evaluation's layout.
var set6 = newPatternSet(&patternSet{
	size:         6,
	patterns:     patterns6,
	mobilityCap:  mobilityCap6,
	phases:       phases6,
	phaseOf:      phaseIn6,
	phasesOK:     func(phases int) bool { return phases == phases6 },
	phasesWanted: "16",
	name:         "6x6 weights",
	magic:        []byte("TCEVAL6\n"),
	trainSeed:    0x747261696e36, // "train6"
	extract:      features[width6],
})

// Gathering a pattern's anchor squares of a 6x6 bitboard into digit order (patternIndexes).
func edge6Bits(x uint64) uint64     { return x&63 | x>>3&64 | x>>5&128 }
func corner2x4Bits(x uint64) uint64 { return x&15 | x>>4&0xF0 }

// The layout of the 6x6 features as the fast extraction writes them, which init checks against
// set6 (as the 8x8 one).
const (
	off6Edge      = 0
	off6Corner2x4 = off6Edge + 6561 // 3^8
	off6Line2     = off6Corner2x4 + 6561
	off6Line3     = off6Line2 + 729 // 3^6
	off6Diag6     = off6Line3 + 729
	off6Diag5     = off6Diag6 + 729
	off6Diag4     = off6Diag5 + 243
	off6Extra     = off6Diag4 + 81
	numInstances6 = 4 + 8 + 4 + 4 + 2 + 4 + 4
	numFeatures6  = numInstances6 + 4
)

var offsets6 = []int{off6Edge, off6Corner2x4, off6Line2, off6Line3, off6Diag6, off6Diag5, off6Diag4}

func init() {
	set6.checkOffsets(offsets6, off6Extra, numFeatures6)
}

// geometry6 is the 6x6 board's geometry.
var geometry6 = geometries[6]

// Weights6 are the 6x6 evaluation's weights for every phase, expanded so that every
// configuration of every pattern has its entry.
type Weights6 struct{ weights }

// newWeights6 returns the 6x6 weights of the phases' tables.
func newWeights6(phases [][]int16) *Weights6 { return &Weights6{newWeightsOf(set6, phases)} }

// evaluate returns the evaluation of the 6x6 position, p to move, with n empties: an estimate of
// the final disc difference, within [-35, 35] (a wipe-out, 36, is the search's to find).
func (w *Weights6) evaluate(p, o uint64, n int) int {
	var f [maxFeatures]int32
	patternIndexes[width6](p, o, &f)
	return complete[width6](&w.weights, &f, p, o, n)
}

// Errors returns the evaluation's error on 6x6 samples, by phase and over all (Phase -1, last),
// as the search sees it (rounded to discs and clamped).
func (w *Weights6) Errors(samples []Sample) []PhaseError {
	return phaseErrors(samples, phases6, phaseOf6, w.evaluate)
}

// ReadWeights6 reads a 6x6 weights file (weights.go).
func ReadWeights6(r io.Reader) (*Weights6, error) { return readWeights[Weights6](set6, r) }

// evalWeights6 is the trained 6x6 evaluation.
//
//go:embed eval6.weights
var evalWeights6 []byte

var defaultWeights6 = embedded(evalWeights6, ReadWeights6)

// DefaultWeights6 returns the trained 6x6 evaluation shipped with the engine (decoded on first
// use).
func DefaultWeights6() *Weights6 { return defaultWeights6() }
