package othello

import (
	"fmt"
	"io"
)

// The packed weights file, which Write writes: the same flate stream and header as the plain
// file (weights.go), under the board's packed magic, but the weights laid out for the
// compressor rather than as int16s. Most weights are zero (configurations no game of the
// training reached in a phase), and the same configurations are zero in neighbouring phases;
// the plain file's interleaved low and high bytes hide both from flate. The packed file is
// about three quarters of the plain one's size (the 8x8 file is most of the browser's engine's
// download), and reads to the same weights:
//
//   - a bit per stored weight, phase after phase, least significant bit first: whether the
//     weight is non-zero, XORed with the same weight's bit in the phase before (none before the
//     first phase), so that a configuration that stays zero or non-zero costs a 0;
//   - the non-zero weights in the same order, zigzag-coded (0, -1, 1, -2... as 0, 1, 2, 3...,
//     so small weights of either sign have small codes): all their low bytes, then all their
//     high bytes.

// writePacked writes the stored weights of every phase (phases[ph][i], i in storedLayout's
// order) after the header, to the flate writer zw.
func writePacked(zw io.Writer, phases [][]int16) error {
	if len(phases) == 0 {
		return nil
	}
	per := len(phases[0])
	mask := make([]byte, (len(phases)*per+7)/8)
	var lo, hi []byte
	bit := 0
	for ph, stored := range phases {
		for i, x := range stored {
			nonZero := x != 0
			if ph > 0 && phases[ph-1][i] != 0 {
				nonZero = !nonZero
			}
			if nonZero {
				mask[bit>>3] |= 1 << (bit & 7)
			}
			bit++
			if x != 0 {
				z := uint16(x<<1) ^ uint16(x>>15)
				lo = append(lo, byte(z))
				hi = append(hi, byte(z>>8))
			}
		}
	}
	for _, b := range [][]byte{mask, lo, hi} {
		if _, err := zw.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// readPacked reads what writePacked wrote of phases phases of per weights each.
func readPacked(zr io.Reader, set *patternSet, phases, per int) ([][]int16, error) {
	mask := make([]byte, (phases*per+7)/8)
	if _, err := io.ReadFull(zr, mask); err != nil {
		return nil, fmt.Errorf("%s: the weights' mask: %w", set.name, err)
	}
	// Undo the XORs in place, phase after phase: the mask becomes the weights' non-zero bits.
	count := 0
	for bit := range phases * per {
		if bit >= per && mask[(bit-per)>>3]>>((bit-per)&7)&1 != 0 {
			mask[bit>>3] ^= 1 << (bit & 7)
		}
		count += int(mask[bit>>3] >> (bit & 7) & 1)
	}
	values := make([]byte, 2*count)
	if _, err := io.ReadFull(zr, values); err != nil {
		return nil, fmt.Errorf("%s: the weights' values: %w", set.name, err)
	}
	lo, hi := values[:count], values[count:]
	out := make([][]int16, phases)
	k, bit := 0, 0
	for ph := range out {
		out[ph] = make([]int16, per)
		for i := range out[ph] {
			if mask[bit>>3]>>(bit&7)&1 != 0 {
				z := uint16(lo[k]) | uint16(hi[k])<<8
				x := int16(z>>1) ^ -int16(z&1)
				if x == 0 {
					return nil, fmt.Errorf("%s: phase %d: a weight marked non-zero is zero", set.name, ph)
				}
				out[ph][i] = x
				k++
			}
			bit++
		}
	}
	return out, nil
}

// packedMagic opens a board's packed file: its plain magic with a 'z' for the newline.
func (ps *patternSet) packedMagic() []byte {
	m := append([]byte(nil), ps.magic...)
	m[len(m)-1] = 'z'
	return m
}
