package othello

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
)

// The weights of a board's evaluation, the same on every board: the sum of the weights of a
// position's features (features.go), in 1/weightScale of a disc, rounded to whole discs for
// the search; and the weights file.

// weightScale is the number of weight units in a disc.
const weightScale = 64

// weights are a board's evaluation weights for every phase, expanded so that every
// configuration of every pattern has its entry. Weights (8x8) and Weights6 are it under the
// name of their board, so that neither board's weights can be given for the other's.
type weights struct {
	set *patternSet
	// phases are the tables of the phases.
	phases [][]int16
	// byEmpties[n] is the table of the positions with n empties.
	byEmpties [65][]int16
}

// newWeightsOf returns the weights of set with the phases' tables.
func newWeightsOf(set *patternSet, phases [][]int16) weights {
	w := weights{set: set, phases: phases}
	for n := range w.byEmpties {
		w.byEmpties[n] = phases[set.phaseOf(len(phases), n)]
	}
	return w
}

// score returns the evaluation of a position with n empties whose features are f: the sum of
// their weights, rounded to discs, within [-bound, bound] (a constant of the board's code
// rather than a field, which the search's evaluation would load every time).
func (w *weights) score(f []int32, n, bound int) int {
	t := w.byEmpties[n]
	sum := 0
	for _, i := range f {
		sum += int(t[i])
	}
	return min(max(roundDiv(sum, weightScale), -bound), bound)
}

func roundDiv(x, d int) int {
	if x >= 0 {
		return (x + d/2) / d
	}
	return -((-x + d/2) / d)
}

// clampEval keeps an 8x8 evaluation within [-63, 63].
func clampEval(v int) int { return min(max(v, -63), 63) }

// The plain weights file: the board's magic ("TCEVAL1\n" on 8x8, "TCEVAL6\n" on 6x6), the number of
// phases and of weights per phase (uint32 each), then for every phase its weights as int16, all
// little-endian, the whole compressed with flate. Per phase the weights are each pattern's
// canonical configurations in increasing index order (those whose canonical index is
// themselves), then the extra features.

// storedLayout lists, for a phase, the expanded index of each stored weight.
func (ps *patternSet) storedLayout() []int32 {
	canon := ps.canon()
	var out []int32
	for k := range ps.patterns {
		for idx, c := range canon[k] {
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

// shareCanonical gives every configuration of every pattern of the phase's table t its
// canonical configuration's weight.
func (ps *patternSet) shareCanonical(t []int16) {
	canon := ps.canon()
	for k := range ps.patterns {
		off := ps.offset[k]
		for idx, c := range canon[k] {
			t[off+idx] = t[off+int(c)]
		}
	}
}

// expand fills a phase's expanded table from its stored weights.
func (ps *patternSet) expand(stored []int16) []int16 {
	t := make([]int16, ps.phaseSize)
	for i, at := range ps.layout() {
		t[at] = stored[i]
	}
	ps.shareCanonical(t)
	return t
}

// readWeights reads a weights file of set's board, as weights under the board's name W.
func readWeights[W ~struct{ weights }](set *patternSet, r io.Reader) (*W, error) {
	zr := flate.NewReader(r)
	defer zr.Close()
	head := make([]byte, len(set.magic)+8)
	if _, err := io.ReadFull(zr, head); err != nil {
		return nil, fmt.Errorf("%s: reading the header: %w", set.name, err)
	}
	packed := bytes.Equal(head[:len(set.magic)], set.packedMagic())
	if !packed && !bytes.Equal(head[:len(set.magic)], set.magic) {
		return nil, fmt.Errorf("%s: not a Turncoat %dx%d evaluation file", set.name, set.size, set.size)
	}
	phases := binary.LittleEndian.Uint32(head[len(set.magic):])
	per := binary.LittleEndian.Uint32(head[len(set.magic)+4:])
	layout := set.layout()
	if !set.phasesOK(int(phases)) || int(per) != len(layout) {
		return nil, fmt.Errorf("%s: the file has %d phases of %d weights, the evaluation wants %s of %d",
			set.name, phases, per, set.phasesWanted, len(layout))
	}
	tables := make([][]int16, phases)
	if packed {
		stored, err := readPacked(zr, set, int(phases), int(per))
		if err != nil {
			return nil, err
		}
		for ph := range tables {
			tables[ph] = set.expand(stored[ph])
		}
		return &W{newWeightsOf(set, tables)}, nil
	}
	stored := make([]int16, per)
	for ph := range tables {
		if err := binary.Read(zr, binary.LittleEndian, stored); err != nil {
			return nil, fmt.Errorf("%s: phase %d: %w", set.name, ph, err)
		}
		tables[ph] = set.expand(stored)
	}
	return &W{newWeightsOf(set, tables)}, nil
}

// embedded returns the weights of an embedded file, decoded on first use by read.
func embedded[W any](file []byte, read func(io.Reader) (W, error)) func() W {
	return sync.OnceValue(func() W {
		w, err := read(bytes.NewReader(file))
		if err != nil {
			panic("othello: an embedded evaluation is unreadable: " + err.Error())
		}
		return w
	})
}

// Write writes the weights in the packed file format (weights_packed.go), which their board's
// reader (ReadWeights, ReadWeights6) reads as it reads the plain one.
//
// It compresses at flate's default level: the best level makes the shipped 8x8 file 1% smaller
// but takes seconds on it and a minute on weights of random values (the tests').
func (w *weights) Write(out io.Writer) error {
	zw, err := flate.NewWriter(out, flate.DefaultCompression)
	if err != nil {
		return err
	}
	layout := w.set.layout()
	head := append([]byte(nil), w.set.packedMagic()...)
	head = binary.LittleEndian.AppendUint32(head, uint32(len(w.phases)))
	head = binary.LittleEndian.AppendUint32(head, uint32(len(layout)))
	if _, err := zw.Write(head); err != nil {
		return err
	}
	stored := make([][]int16, len(w.phases))
	for ph, t := range w.phases {
		if t == nil {
			return fmt.Errorf("%s: phase %d missing", w.set.name, ph)
		}
		stored[ph] = make([]int16, len(layout))
		for i, at := range layout {
			stored[ph][i] = t[at]
		}
	}
	if err := writePacked(zw, stored); err != nil {
		return err
	}
	return zw.Close()
}
