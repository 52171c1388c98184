package othello

import (
	"bytes"
	"compress/flate"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"

	"turncoat/games/discs"
)

// The 6x6 evaluation: patterns of the 6x6 board (the edges with their X-squares, the 2x4 blocks
// at the corners, lines and diagonals; the 3x3 corner squares did no better on the training
// positions and cost time), the mobility of both sides, parity and a constant, with weights for
// each phase of two empties, trained on exactly solved positions of 6x6 games (train6.go;
// "turncoat train --size 6" reproduces the embedded weights). The search uses it for move
// ordering and probcut as the 8x8 one; 4x4 keeps the heuristic.

// patterns6 are the 6x6 evaluation's patterns; features6 computes exactly these copies in this
// order (a test checks it against the square-by-square definition).
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

// phaseOf6 returns the 6x6 evaluation phase of a position with n empties.
func phaseOf6(n int) int { return min(max(n, 0), 2*phases6-1) / 2 }

// patternSet lays out the features of a board's patterns: each pattern's table of weights,
// then the extra features (the mover's and the opponent's mobility, parity, a constant).
type patternSet struct {
	size     int
	patterns []pattern
	// offset[k] is where pattern k's table starts in a phase's weights.
	offset []int
	// instSquares[i] are the squares of pattern copy i in digit order; instPattern[i] its
	// pattern.
	instSquares [][]int
	instPattern []int
	// mobility, oppMobility, parity and bias are where the extra features start, phaseSize
	// the length of a phase's weights.
	mobility, oppMobility, parity, bias, phaseSize int
	// mobilityCap caps the number of moves of the mobility features.
	mobilityCap int
	// numFeatures is the number of active features of a position.
	numFeatures int
	// canon[k][idx] is the smallest index among the configurations of pattern k that its own
	// symmetries map idx onto: they share a weight.
	canon [][]int32
}

func newPatternSet(size int, pts []pattern, mobilityCap int) *patternSet {
	ps := &patternSet{size: size, patterns: pts, mobilityCap: mobilityCap}
	off := 0
	for k, pt := range pts {
		ps.offset = append(ps.offset, off)
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
			// the copy read on the board turned by t at the anchor squares: its squares are
			// those t takes there
			sqs := make([]int, len(anchor))
			for i, a := range anchor {
				for sq := range 64 {
					if sq/8 < size && sq%8 < size && symSquare(size, t, sq) == a {
						sqs[i] = sq
					}
				}
			}
			ps.instSquares = append(ps.instSquares, sqs)
			ps.instPattern = append(ps.instPattern, k)
		}
	}
	ps.mobility = off
	ps.oppMobility = off + mobilityCap
	ps.parity = ps.oppMobility + mobilityCap
	ps.bias = ps.parity + parityFeatures
	ps.phaseSize = ps.bias + 1
	ps.numFeatures = len(ps.instSquares) + 4
	ps.canon = canonicalIndexesOf(size, pts)
	return ps
}

// canonicalIndexesOf returns, for each pattern of an n x n board, the map from each index of
// its table to the smallest index among the configurations the pattern's own symmetries give.
func canonicalIndexesOf(n int, pts []pattern) [][]int32 {
	var out [][]int32
	for _, pt := range pts {
		k := len(pt.squares)
		anchor := make([]int, k)
		pos := map[int]int{}
		for i, name := range pt.squares {
			anchor[i], _ = discs.ParseSquare(name)
			pos[anchor[i]] = i
		}
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

// set6 is the 6x6 evaluation's layout.
var set6 = newPatternSet(6, patterns6, mobilityCap6)

// numFeatures6 is the number of active features of a 6x6 position.
const numFeatures6 = 4 + 8 + 4 + 4 + 2 + 4 + 4 + 4

// Gathering a pattern's anchor squares of a 6x6 bitboard into digit order.
func edge6Bits(x uint64) uint64     { return x&63 | x>>3&64 | x>>5&128 }
func corner2x4Bits(x uint64) uint64 { return x&15 | x>>4&0xF0 }

// images6 writes the images of the 6x6 bitboard x by the eight symmetries (as symBoard), each
// from another with one step.
func images6(x uint64, t *[8]uint64) {
	flip := func(x uint64) uint64 { return bits.ReverseBytes64(x) >> 16 }
	mirror := func(x uint64) uint64 { return mirrorHorizontal(x) >> 2 }
	t[0] = x
	t[1] = flip(x)
	t[2] = mirror(x)
	t[3] = flip(t[2])
	t[4] = transpose(x)
	t[5] = flip(t[4])
	t[6] = mirror(t[4])
	t[7] = flip(t[6])
}

// The offsets of the 6x6 patterns' tables in a phase's weights (set6.offset, which init checks).
const (
	offEdge6     = 0
	offCorner2x4 = offEdge6 + 6561
	offLine2     = offCorner2x4 + 6561
	offLine3     = offLine2 + 729
	offDiag6     = offLine3 + 729
	offDiag5     = offDiag6 + 729
	offDiag4     = offDiag5 + 243
	offMobility6 = offDiag4 + 81
)

func init() {
	want := []int{offEdge6, offCorner2x4, offLine2, offLine3, offDiag6, offDiag5, offDiag4}
	for k, off := range want {
		if set6.offset[k] != off {
			panic("othello: the 6x6 pattern offsets disagree with the patterns")
		}
	}
	if set6.mobility != offMobility6 {
		panic("othello: the 6x6 feature offsets disagree with the patterns")
	}
}

// geometry6 is the 6x6 board's geometry.
var geometry6 = geometries[6]

// tern is the index part of a pattern copy whose squares hold the mover's discs pb and the
// opponent's ob (in digit order, up to ten squares).
func tern(pb, ob uint64) int32 { return ternary[pb&1023] + 2*ternary[ob&1023] }

// features6 writes the feature indices of the 6x6 position (p to move) into f: the same as
// set6.generic, computed from the eight symmetric images of the board.
func features6(p, o uint64, f *[numFeatures6]int32) {
	var tp, to [8]uint64
	images6(p, &tp)
	images6(o, &to)
	for i, t := range [4]int{0, 1, 4, 5} {
		f[i] = offEdge6 + tern(edge6Bits(tp[t]), edge6Bits(to[t]))
		f[12+i] = offLine2 + tern(tp[t]>>8&63, to[t]>>8&63)
		f[16+i] = offLine3 + tern(tp[t]>>16&63, to[t]>>16&63)
	}
	for t := range 8 {
		f[4+t] = offCorner2x4 + tern(corner2x4Bits(tp[t]), corner2x4Bits(to[t]))
	}
	const diag6, diag5, diag4 = 0x0000201008040201, 0x0000002010080402, 0x0000000020100804
	f[20] = offDiag6 + tern(diagonalBits(tp[0], diag6, 0), diagonalBits(to[0], diag6, 0))
	f[21] = offDiag6 + tern(diagonalBits(tp[2], diag6, 0), diagonalBits(to[2], diag6, 0))
	for t := range 4 {
		f[22+t] = offDiag5 + tern(diagonalBits(tp[t], diag5, 1), diagonalBits(to[t], diag5, 1))
		f[26+t] = offDiag4 + tern(diagonalBits(tp[t], diag4, 2), diagonalBits(to[t], diag4, 2))
	}
	const mask = 0x00003F3F3F3F3F3F
	mp := bits.OnesCount64(discs.Moves(p, o) & mask)
	mo := bits.OnesCount64(discs.Moves(o, p) & mask)
	f[30] = int32(offMobility6 + min(mp, mobilityCap6-1))
	f[31] = int32(offMobility6 + mobilityCap6 + min(mo, mobilityCap6-1))
	f[32] = int32(offMobility6 + 2*mobilityCap6 + parityFeature(geometry6, mask&^(p|o)))
	f[33] = offMobility6 + 2*mobilityCap6 + parityFeatures
}

// Weights6 are the 6x6 evaluation's weights for every phase, expanded so that every
// configuration of every pattern has its entry.
type Weights6 struct {
	phases [phases6][]int16
}

// evaluate returns the evaluation of the 6x6 position, p to move, with n empties: an estimate of
// the final disc difference, within [-35, 35] (a wipe-out, 36, is the search's to find).
func (w *Weights6) evaluate(p, o uint64, n int) int {
	var f [numFeatures6]int32
	features6(p, o, &f)
	t := w.phases[phaseOf6(n)]
	sum := 0
	for _, i := range f {
		sum += int(t[i])
	}
	return min(max(roundDiv(sum, weightScale), -35), 35)
}

// The 6x6 weights file: "TCEVAL6\n", the number of phases and of weights per phase (uint32
// each), then for every phase its weights as int16, little-endian, the whole compressed with
// flate. A phase stores each pattern's canonical configurations in increasing index order, then
// the extra features.

var weights6Magic = []byte("TCEVAL6\n")

// layout lists, for a phase, the expanded index of each stored weight.
func (ps *patternSet) layout() []int32 {
	var out []int32
	for k := range ps.patterns {
		for idx, c := range ps.canon[k] {
			if int(c) == idx {
				out = append(out, int32(ps.offset[k]+idx))
			}
		}
	}
	for i := ps.mobility; i < ps.phaseSize; i++ {
		out = append(out, int32(i))
	}
	return out
}

// expand fills a phase's expanded table from its stored weights.
func (ps *patternSet) expand(stored []int16, layout []int32) []int16 {
	t := make([]int16, ps.phaseSize)
	for i, at := range layout {
		t[at] = stored[i]
	}
	for k := range ps.patterns {
		off := ps.offset[k]
		for idx, c := range ps.canon[k] {
			t[off+idx] = t[off+int(c)]
		}
	}
	return t
}

// ReadWeights6 reads a 6x6 weights file.
func ReadWeights6(r io.Reader) (*Weights6, error) {
	zr := flate.NewReader(r)
	defer zr.Close()
	head := make([]byte, len(weights6Magic)+8)
	if _, err := io.ReadFull(zr, head); err != nil {
		return nil, fmt.Errorf("6x6 weights: reading the header: %w", err)
	}
	if !bytes.Equal(head[:len(weights6Magic)], weights6Magic) {
		return nil, errors.New("6x6 weights: not a Turncoat 6x6 evaluation file")
	}
	phases := binary.LittleEndian.Uint32(head[len(weights6Magic):])
	per := binary.LittleEndian.Uint32(head[len(weights6Magic)+4:])
	layout := set6.layout()
	if phases != phases6 || int(per) != len(layout) {
		return nil, fmt.Errorf("6x6 weights: the file has %d phases of %d weights, the evaluation wants %d of %d", phases, per, phases6, len(layout))
	}
	w := &Weights6{}
	stored := make([]int16, per)
	for ph := range w.phases {
		if err := binary.Read(zr, binary.LittleEndian, stored); err != nil {
			return nil, fmt.Errorf("6x6 weights: phase %d: %w", ph, err)
		}
		w.phases[ph] = set6.expand(stored, layout)
	}
	return w, nil
}

// Write writes the weights in the file format ReadWeights6 reads.
func (w *Weights6) Write(out io.Writer) error {
	zw, err := flate.NewWriter(out, flate.BestCompression)
	if err != nil {
		return err
	}
	layout := set6.layout()
	head := append([]byte(nil), weights6Magic...)
	head = binary.LittleEndian.AppendUint32(head, phases6)
	head = binary.LittleEndian.AppendUint32(head, uint32(len(layout)))
	if _, err := zw.Write(head); err != nil {
		return err
	}
	stored := make([]int16, len(layout))
	for ph, t := range w.phases {
		if t == nil {
			return fmt.Errorf("6x6 weights: phase %d missing", ph)
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

// evalWeights6 is the trained 6x6 evaluation.
//
//go:embed eval6.weights
var evalWeights6 []byte

var defaultWeights6 = sync.OnceValue(func() *Weights6 {
	w, err := ReadWeights6(bytes.NewReader(evalWeights6))
	if err != nil {
		panic("othello: the embedded 6x6 evaluation is unreadable: " + err.Error())
	}
	return w
})

// DefaultWeights6 returns the trained 6x6 evaluation shipped with the engine (decoded on first
// use).
func DefaultWeights6() *Weights6 { return defaultWeights6() }
