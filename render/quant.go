package render

import (
	"image"
	"image/color"
	"slices"
)

// quantizer turns a drawn picture into a paletted one for PNG and GIF: a palette of at most 256
// colours, the theme's own colours first (so a small mark keeps its colour exactly), then the
// most frequent of the others, counted in buckets of 5 bits a channel; every pixel takes the
// nearest palette colour to its bucket. A quantizer is reused: its tables are large.
type quantizer struct {
	count      [1 << 15]uint32
	sumR, sumG [1 << 15]uint32
	sumB       [1 << 15]uint32
	lut        [1 << 15]int16 // bucket -> palette index, -1 not yet known
	pal        []color.NRGBA
	palette    color.Palette
	order      []uint16
	buckets    []uint16 // the buckets counted, to clear them
}

func bucket(r, g, b uint8) uint16 {
	return uint16(r>>3)<<10 | uint16(g>>3)<<5 | uint16(b>>3)
}

// reset empties the quantizer and seeds its palette with th's colours.
func (q *quantizer) reset(th *palette) {
	for _, b := range q.buckets {
		q.count[b], q.sumR[b], q.sumG[b], q.sumB[b] = 0, 0, 0, 0
	}
	q.buckets = q.buckets[:0]
	for i := range q.lut {
		q.lut[i] = -1
	}
	q.pal = q.pal[:0]
	for _, c := range th.seeds() {
		if !slices.Contains(q.pal, c) {
			q.pal = append(q.pal, c)
		}
	}
}

// countPixels adds the pixels of img within r to the histogram, a run of equal pixels at a
// time (pictures are mostly flat colour).
func (q *quantizer) countPixels(img *image.RGBA, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for i := 0; i+3 < len(row); {
			c0, c1, c2 := row[i], row[i+1], row[i+2]
			n := uint32(1)
			for i += 4; i+3 < len(row) && row[i] == c0 && row[i+1] == c1 && row[i+2] == c2; i += 4 {
				n++
			}
			b := bucket(c0, c1, c2)
			if q.count[b] == 0 {
				q.buckets = append(q.buckets, b)
			}
			q.count[b] += n
			q.sumR[b] += n * uint32(c0)
			q.sumG[b] += n * uint32(c1)
			q.sumB[b] += n * uint32(c2)
		}
	}
}

// choose completes the palette from the histogram: the seeds' buckets map to the seeds, then
// the most frequent other buckets, each as the mean of its pixels, until 256 colours less
// reserve (slots the caller keeps, such as a GIF's transparent index).
func (q *quantizer) choose(reserve int) color.Palette {
	for i, c := range q.pal {
		q.lut[bucket(c.R, c.G, c.B)] = int16(i)
	}
	q.order = q.order[:0]
	for _, b := range q.buckets {
		if q.lut[b] < 0 {
			q.order = append(q.order, b)
		}
	}
	slices.SortFunc(q.order, func(a, b uint16) int {
		if q.count[a] != q.count[b] {
			if q.count[a] > q.count[b] {
				return -1
			}
			return 1
		}
		return int(a) - int(b)
	})
	for _, b := range q.order {
		if len(q.pal) >= 256-reserve {
			break
		}
		n := q.count[b]
		q.lut[b] = int16(len(q.pal))
		q.pal = append(q.pal, color.NRGBA{uint8(q.sumR[b] / n), uint8(q.sumG[b] / n), uint8(q.sumB[b] / n), 0xff})
	}
	// The palette's entries are interface values: keep those that hold the same colour as
	// before (a picture's palette is much like the last one's), so as not to allocate them anew.
	for i, c := range q.pal {
		if i == len(q.palette) {
			q.palette = append(q.palette, c)
		} else if old, ok := q.palette[i].(color.NRGBA); !ok || old != c {
			q.palette[i] = c
		}
	}
	return q.palette[:len(q.pal)]
}

// nearest returns the palette index of the colour nearest bucket b's middle.
func (q *quantizer) nearest(b uint16) int16 {
	r, g, bl := int32(b>>10)<<3|4, int32(b>>5&31)<<3|4, int32(b&31)<<3|4
	best, bestD := 0, int32(1<<30)
	for i, c := range q.pal {
		dr, dg, db := int32(c.R)-r, int32(c.G)-g, int32(c.B)-bl
		// weighted as the eye weighs the channels (about 3:4:2)
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = i, d
		}
	}
	return int16(best)
}

// mapPixels writes the palette indexes of img's pixels within r into dst (whose bounds are r).
func (q *quantizer) mapPixels(dst *image.Paletted, img *image.RGBA, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		out := dst.Pix[dst.PixOffset(r.Min.X, y):]
		lastB, lastIdx := uint16(0xffff), uint8(0)
		for i, j := 0, 0; i+3 < len(row); i, j = i+4, j+1 {
			b := bucket(row[i], row[i+1], row[i+2])
			if b != lastB {
				idx := q.lut[b]
				if idx < 0 {
					idx = q.nearest(b)
					q.lut[b] = idx
				}
				lastB, lastIdx = b, uint8(idx)
			}
			out[j] = lastIdx
		}
	}
}

// mapChanges is mapPixels for an animation's frame: a pixel the same as in prev (the frame
// before) takes the transparent index clear, so that it shows what is already there and
// costs the encoder next to nothing.
func (q *quantizer) mapChanges(dst *image.Paletted, img, prev *image.RGBA, r image.Rectangle, clear uint8) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		old := prev.Pix[prev.PixOffset(r.Min.X, y):]
		out := dst.Pix[dst.PixOffset(r.Min.X, y):]
		for i, j := 0, 0; i+3 < len(row); i, j = i+4, j+1 {
			if row[i] == old[i] && row[i+1] == old[i+1] && row[i+2] == old[i+2] {
				out[j] = clear
				continue
			}
			b := bucket(row[i], row[i+1], row[i+2])
			idx := q.lut[b]
			if idx < 0 {
				idx = q.nearest(b)
				q.lut[b] = idx
			}
			out[j] = uint8(idx)
		}
	}
}
