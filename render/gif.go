package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"time"
)

// MaxGIFMoves bounds the moves of a game drawn as a GIF.
const MaxGIFMoves = 1000

// MaxGIFFrames bounds a GIF's frames: a longer game is shown by MaxGIFFrames of its positions,
// evenly spaced, the start and the end among them (see GIFPlies), so that its bytes and the
// time to draw it stay bounded whatever its length.
const MaxGIFFrames = 120

// GIFPlies returns the plies a GIF of a game of n moves shows: every one from 0 to n when they
// are at most MaxGIFFrames, else MaxGIFFrames of them evenly spaced, 0 and n among them.
func GIFPlies(n int) []int {
	if n+1 <= MaxGIFFrames {
		out := make([]int, n+1)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, MaxGIFFrames)
	for i := range out {
		out[i] = (i*n + (MaxGIFFrames-1)/2) / (MaxGIFFrames - 1)
	}
	return out
}

// GIF writes a whole game as an animated GIF that loops: the start, then one frame per move
// (a game longer than MaxGIFFrames: one frame per GIFPlies' ply), each with its last move
// marked and the discs it flipped ringed; it pauses o.MoveDelay on each frame and o.FinalDelay
// on the last. Each frame holds only the rectangle that changed since the one before, in one
// palette for the whole game.
func (r *Renderer) GIF(out io.Writer, rp Replay, o Options) error {
	if err := o.Validate(); err != nil {
		return err
	}
	if rp.Len() > MaxGIFMoves {
		return fmt.Errorf("%w: the game has %d moves: a GIF shows at most %d", ErrOption, rp.Len(), MaxGIFMoves)
	}
	start, err := rp.At(0)
	if err != nil {
		return err
	}
	final, err := rp.At(Latest)
	if err != nil {
		return err
	}
	th, l, err := prepare(&final, o)
	if err != nil {
		return err
	}
	w := r.getWork()
	defer r.putWork(w)

	// The palette: the theme's colours, then those of the first and the last positions.
	w.q.reset(th)
	for _, p := range [...]*Position{&start, &final} {
		img := rgbaOf(&w.img, l.w, l.h)
		r.drawRaster(w, img, p, th, &l, o, true)
		w.q.countPixels(img, img.Rect)
	}
	// The last index is transparent: a frame leaves the pixels that did not change to the
	// frames before.
	pal := append(w.q.choose(1), color.NRGBA{})
	clearIndex := uint8(len(pal) - 1)

	anim := gif.GIF{Config: image.Config{ColorModel: pal, Width: l.w, Height: l.h}}
	moveDelay, finalDelay := centiseconds(o.MoveDelay, DefaultMoveDelay), centiseconds(o.FinalDelay, DefaultFinalDelay)
	plies := GIFPlies(rp.Len())
	err = rp.Each(func(ply int, p Position) error {
		if len(plies) == 0 || plies[0] != ply {
			return nil // a long game's ply between two frames
		}
		plies = plies[1:]
		if err := checkBoard(&p.Board); err != nil {
			return err
		}
		if len(p.Board.Grids) != len(final.Board.Grids) {
			return fmt.Errorf("render: ply %d has %d boards, the game's end %d", ply, len(p.Board.Grids), len(final.Board.Grids))
		}
		cur := rgbaOf(&w.img, l.w, l.h)
		r.drawRaster(w, cur, &p, th, &l, o, true)
		rect := cur.Rect
		if ply > 0 {
			rect = changed(w.prev, cur)
		}
		frame := image.NewPaletted(rect, pal)
		if ply == 0 {
			w.q.mapPixels(frame, cur, rect)
		} else {
			w.q.mapChanges(frame, cur, w.prev, rect, clearIndex)
		}
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, moveDelay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		w.img, w.prev = w.prev, cur
		return nil
	})
	if err != nil {
		return err
	}
	anim.Delay[len(anim.Delay)-1] = finalDelay
	return gif.EncodeAll(out, &anim)
}

// centiseconds returns d (or def when d is 0) in a GIF's hundredths of a second.
func centiseconds(d, def time.Duration) int {
	if d == 0 {
		d = def
	}
	return max(1, int((d+5*time.Millisecond)/(10*time.Millisecond)))
}

// changed returns the smallest rectangle outside which a and b (of the same size) are the same:
// one pixel at the top-left when they are the same everywhere (a frame cannot be empty).
func changed(a, b *image.RGBA) image.Rectangle {
	r := b.Rect
	y0, y1 := r.Max.Y, r.Min.Y
	x0, x1 := r.Max.X, r.Min.X
	for y := r.Min.Y; y < r.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(r.Min.X, y):a.PixOffset(r.Max.X, y)]
		rb := b.Pix[b.PixOffset(r.Min.X, y):b.PixOffset(r.Max.X, y)]
		if bytes.Equal(ra, rb) {
			continue
		}
		y0, y1 = min(y0, y), y+1
		i := 0
		for i < len(ra) && ra[i] == rb[i] {
			i++
		}
		j := len(ra)
		for j > i && ra[j-1] == rb[j-1] {
			j--
		}
		x0, x1 = min(x0, r.Min.X+i/4), max(x1, r.Min.X+(j+3)/4)
	}
	if y0 >= y1 {
		return image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Min.Y+1)
	}
	return image.Rect(x0, y0, x1, y1)
}

// EncodeGIF writes a whole game as an animated GIF with the package's Renderer.
func EncodeGIF(out io.Writer, rp Replay, o Options) error { return shared.GIF(out, rp, o) }
