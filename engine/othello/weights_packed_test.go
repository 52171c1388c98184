package othello

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// writePlain writes w in the plain file format (weights.go), as the weights files were written
// before the packed one.
func writePlain(t testing.TB, w *weights) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestSpeed)
	layout := w.set.layout()
	head := append([]byte(nil), w.set.magic...)
	head = binary.LittleEndian.AppendUint32(head, uint32(len(w.phases)))
	head = binary.LittleEndian.AppendUint32(head, uint32(len(layout)))
	zw.Write(head)
	stored := make([]int16, len(layout))
	for _, tab := range w.phases {
		for i, at := range layout {
			stored[i] = tab[at]
		}
		binary.Write(zw, binary.LittleEndian, stored)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestPackedWeights: weights with zeros in runs across phases and the int16 extremes read back
// the same from the packed file and from a plain one; the shipped files are packed (the 8x8
// file is most of the browser engine's download) and their weights are those of their plain
// form.
func TestPackedWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// (the 6x6 board's weights: the 8x8 ones take seconds to write, and TestWeightsRoundTrip
	// writes and reads packed 8x8 files already)
	for _, set := range []*patternSet{set6} {
		w := randomWeights(set, rng)
		for ph, tab := range w.phases {
			for i := range tab {
				switch {
				case i%7 < ph%5: // zeros that come and go from phase to phase
					tab[i] = 0
				case i%11 == 0:
					tab[i] = []int16{-32768, 32767, -1, 1}[i%4]
				}
			}
			set.shareCanonical(tab)
		}
		var packed bytes.Buffer
		if err := w.Write(&packed); err != nil {
			t.Fatal(err)
		}
		plain := writePlain(t, &w)
		for name, file := range map[string][]byte{"packed": packed.Bytes(), "plain": plain} {
			r, err := readWeights[struct{ weights }](set, bytes.NewReader(file))
			if err != nil {
				t.Fatalf("%s %s: %v", set.name, name, err)
			}
			for ph := range w.phases {
				if !slices.Equal(w.phases[ph], r.phases[ph]) {
					t.Fatalf("%s %s: phase %d differs after a round trip", set.name, name, ph)
				}
			}
		}
	}
	for _, c := range []struct {
		set  *patternSet
		file []byte
		w    *weights
	}{{set8, evalWeights, &DefaultWeights().weights}, {set6, evalWeights6, &DefaultWeights6().weights}} {
		head := make([]byte, len(c.set.magic))
		if _, err := flate.NewReader(bytes.NewReader(c.file)).Read(head); err != nil || !bytes.Equal(head, c.set.packedMagic()) {
			t.Errorf("%s: the shipped file starts %q, not the packed magic (err %v): write it with Write", c.set.name, head, err)
		}
		r, err := readWeights[struct{ weights }](c.set, bytes.NewReader(writePlain(t, c.w)))
		if err != nil {
			t.Fatal(err)
		}
		for ph := range c.w.phases {
			if !slices.Equal(c.w.phases[ph], r.phases[ph]) {
				t.Fatalf("%s: phase %d of the shipped weights differs from its plain form's", c.set.name, ph)
			}
		}
	}
}
