package othello

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"
	"turncoat/games/discs"
)

// The evaluation: the sum of the weights of a position's features (see features.go), in
// 1/weightScale of a disc, rounded to whole discs for the search.

// weightScale is the number of weight units in a disc.
const weightScale = 64

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

// Pattern squares gathered from a bitboard into digit order, for each pattern's anchor copy.
func corner3x3Bits(x uint64) uint64 { return x&7 | x>>5&0x38 | x>>10&0x1C0 }
func corner2x5Bits(x uint64) uint64 { return x&31 | x>>3&0x3E0 }
func edge2xBits(x uint64) uint64    { return x&255 | x>>1&256 | x>>5&512 }

// diagonalBits gathers the squares of a diagonal (one per column) into a byte by column, then
// drops the columns left of the line's start.
func diagonalBits(x, line uint64, first uint) uint64 {
	return (x & line) * 0x0101010101010101 >> (56 + first)
}

// features writes the feature indices of the 8x8 position (p to move) into f, which must hold
// numFeatures entries: the same indices as featuresGeneric, computed from the eight symmetric
// images of the board.
func features(p, o uint64, f *[64]int32) {
	patternIndexes(p, o, f)
	i := numInstances
	mp := bits.OnesCount64(discs.Moves(p, o))
	mo := bits.OnesCount64(discs.Moves(o, p))
	f[i] = int32(mobilityOffset + min(mp, mobilityCap-1))
	f[i+1] = int32(opponentMobilityOffset + min(mo, mobilityCap-1))
	f[i+2] = int32(parityOffset + parityFeature(geometries[8], ^(p|o)))
	f[i+3] = int32(biasOffset)
}

// patternIndexes writes the indices of the position's pattern copies (the first numInstances
// features) into f.
func patternIndexes(p, o uint64, f *[64]int32) {
	var tp, to [8]uint64
	tp[0], to[0] = p, o
	tp[4], to[4] = transpose(p), transpose(o)
	for _, t := range [2]int{0, 4} {
		tp[t+1], to[t+1] = flipVertical(tp[t]), flipVertical(to[t])
		tp[t+2], to[t+2] = mirrorHorizontal(tp[t]), mirrorHorizontal(to[t])
		tp[t+3], to[t+3] = flipVertical(tp[t+2]), flipVertical(to[t+2])
	}
	idx := func(pb, ob uint64) int32 { return ternary[pb] + 2*ternary[ob] }
	i := 0
	off := int32(patternOffset[0])
	for t := range 4 {
		f[i] = off + idx(corner3x3Bits(tp[t]), corner3x3Bits(to[t]))
		i++
	}
	off = int32(patternOffset[1])
	for t := range 8 {
		f[i] = off + idx(corner2x5Bits(tp[t]), corner2x5Bits(to[t]))
		i++
	}
	edges := [4]int{0, 1, 4, 5}
	off = int32(patternOffset[2])
	for _, t := range edges {
		f[i] = off + idx(edge2xBits(tp[t]), edge2xBits(to[t]))
		i++
	}
	for k, shift := range [3]uint{8, 16, 24} {
		off = int32(patternOffset[3+k])
		for _, t := range edges {
			f[i] = off + idx(tp[t]>>shift&255, to[t]>>shift&255)
			i++
		}
	}
	off = int32(patternOffset[6])
	for _, t := range [2]int{0, 2} {
		f[i] = off + idx(diagonalBits(tp[t], 0x8040201008040201, 0), diagonalBits(to[t], 0x8040201008040201, 0))
		i++
	}
	lines := [4]uint64{0x0080402010080402, 0x0000804020100804, 0x0000008040201008, 0x0000000080402010}
	for k, line := range lines {
		off = int32(patternOffset[7+k])
		first := uint(k + 1)
		for t := range 4 {
			f[i] = off + idx(diagonalBits(tp[t], line, first), diagonalBits(to[t], line, first))
			i++
		}
	}
}

// Weights are the evaluation's weights for every phase of the 8x8 game, expanded so that every
// configuration of every pattern has its entry.
type Weights struct {
	// phases are the tables of the phases: numPhases, or fewer from an older file
	phases [][]int16
	// byEmpties[n] is the table of the positions with n empties
	byEmpties [65][]int16
}

// newWeights returns the weights of the phases' tables.
func newWeights(phases [][]int16) *Weights {
	w := &Weights{phases: phases}
	for n := range w.byEmpties {
		w.byEmpties[n] = phases[phaseIn(len(phases), n)]
	}
	return w
}

// evaluate returns the evaluation of the 8x8 position, p to move, with n empties: an estimate
// of the final disc difference, within [-63, 63].
func (w *Weights) evaluate(p, o uint64, n int) int {
	var f [64]int32
	features(p, o, &f)
	t := w.byEmpties[n]
	sum := 0
	for _, i := range f[:numFeatures] {
		sum += int(t[i])
	}
	return clampEval(roundDiv(sum, weightScale))
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
	base [64]int32
}

// init extracts the indexes of the position (p to move).
func (c *children) init(p, o uint64) {
	patternIndexes(o, p, &c.base)
}

// evaluate returns the evaluation of the child (np to move, n empties) that the parent's move
// at sq turning f leads to, the same as w.evaluate(np, no, n).
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
	t := w.byEmpties[n]
	sum := 0
	for _, i := range idx[:numInstances] {
		sum += int(t[i])
	}
	mp := bits.OnesCount64(discs.Moves(np, no))
	mo := bits.OnesCount64(discs.Moves(no, np))
	sum += int(t[mobilityOffset+min(mp, mobilityCap-1)]) + int(t[opponentMobilityOffset+min(mo, mobilityCap-1)]) +
		int(t[parityOffset+parityFeature(geometries[8], ^(np|no))]) + int(t[biasOffset])
	return clampEval(roundDiv(sum, weightScale))
}

func roundDiv(x, d int) int {
	if x >= 0 {
		return (x + d/2) / d
	}
	return -((-x + d/2) / d)
}

func clampEval(v int) int { return min(max(v, -63), 63) }

// The weights file: "TCEVAL1\n", the number of phases and of weights per phase (uint32 each),
// then for every phase its weights as int16, all little-endian, the whole compressed with
// flate. Per phase the weights are each pattern's canonical configurations in increasing index
// order (those whose canonicalIndex is themselves), then the extra features.

var weightsMagic = []byte("TCEVAL1\n")

// compactLayout lists, for a phase, the expanded index of each stored weight.
var compactLayout = sync.OnceValue(func() []int32 {
	canon := canonicalIndexes()
	var out []int32
	for k := range patterns {
		for idx, c := range canon[k] {
			if int(c) == idx {
				out = append(out, int32(patternOffset[k]+idx))
			}
		}
	}
	for i := mobilityOffset; i < phaseSize; i++ {
		out = append(out, int32(i))
	}
	return out
})

// expand fills a phase's expanded table from its stored weights.
func expand(stored []int16, layout []int32) []int16 {
	t := make([]int16, phaseSize)
	for i, at := range layout {
		t[at] = stored[i]
	}
	canon := canonicalIndexes()
	for k := range patterns {
		off := patternOffset[k]
		for idx, c := range canon[k] {
			t[off+idx] = t[off+int(c)]
		}
	}
	return t
}

// ReadWeights reads a weights file.
func ReadWeights(r io.Reader) (*Weights, error) {
	zr := flate.NewReader(r)
	defer zr.Close()
	head := make([]byte, len(weightsMagic)+8)
	if _, err := io.ReadFull(zr, head); err != nil {
		return nil, fmt.Errorf("weights: reading the header: %w", err)
	}
	if !bytes.Equal(head[:len(weightsMagic)], weightsMagic) {
		return nil, errors.New("weights: not a Turncoat evaluation file")
	}
	phases := binary.LittleEndian.Uint32(head[len(weightsMagic):])
	per := binary.LittleEndian.Uint32(head[len(weightsMagic)+4:])
	layout := compactLayout()
	if phases == 0 || phases > 60 || 60%phases != 0 || int(per) != len(layout) {
		return nil, fmt.Errorf("weights: the file has %d phases of %d weights, the evaluation wants phases dividing 60 of %d", phases, per, len(layout))
	}
	tables := make([][]int16, phases)
	stored := make([]int16, per)
	for ph := range tables {
		if err := binary.Read(zr, binary.LittleEndian, stored); err != nil {
			return nil, fmt.Errorf("weights: phase %d: %w", ph, err)
		}
		tables[ph] = expand(stored, layout)
	}
	return newWeights(tables), nil
}

// Write writes the weights in the file format ReadWeights reads.
func (w *Weights) Write(out io.Writer) error {
	zw, err := flate.NewWriter(out, flate.BestCompression)
	if err != nil {
		return err
	}
	layout := compactLayout()
	head := append([]byte(nil), weightsMagic...)
	head = binary.LittleEndian.AppendUint32(head, uint32(len(w.phases)))
	head = binary.LittleEndian.AppendUint32(head, uint32(len(layout)))
	if _, err := zw.Write(head); err != nil {
		return err
	}
	stored := make([]int16, len(layout))
	for ph, t := range w.phases {
		if t == nil {
			return fmt.Errorf("weights: phase %d missing", ph)
		}
		for i, at := range layout {
			stored[i] = t[at]
		}
		if err := binary.Write(zw, binary.LittleEndian, stored); err != nil {
			return err
		}
	}
	return zw.Close()
}
