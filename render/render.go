package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"path/filepath"
	"strings"
	"sync"
)

// Format is a picture's file format.
type Format string

// The formats: a position as PNG or SVG, a game as GIF.
const (
	PNG Format = "png"
	SVG Format = "svg"
	GIF Format = "gif"
)

// FormatOf returns the format a file name's extension names.
func FormatOf(name string) (Format, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".png":
		return PNG, nil
	case ".svg":
		return SVG, nil
	case ".gif":
		return GIF, nil
	}
	return "", fmt.Errorf("%w: %s: want a file ending in .png, .svg or .gif", ErrOption, quoteShort(name))
}

// MediaType returns the format's HTTP content type.
func (f Format) MediaType() string {
	switch f {
	case SVG:
		return "image/svg+xml"
	case GIF:
		return "image/gif"
	}
	return "image/png"
}

// Renderer draws pictures, keeping the pieces it has drawn (per theme, size and position within
// a pixel) and its working images for the next picture. The zero value is ready; a Renderer is
// safe for concurrent use.
type Renderer struct {
	sprites spriteCache
	work    sync.Pool // *work
}

// work is what drawing one picture needs, reused from picture to picture.
type work struct {
	img   *image.RGBA
	prev  *image.RGBA // a GIF's previous frame
	pal   *image.Paletted
	q     quantizer
	sh    shaper
	r     raster
	png   png.Encoder
	pngb  *png.EncoderBuffer
	scene scene
}

func (w *work) Get() *png.EncoderBuffer  { return w.pngb }
func (w *work) Put(b *png.EncoderBuffer) { w.pngb = b }

func (r *Renderer) getWork() *work {
	if w, ok := r.work.Get().(*work); ok {
		return w
	}
	w := &work{}
	w.png = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: w}
	return w
}

func (r *Renderer) putWork(w *work) { r.work.Put(w) }

// rgbaOf returns an image w x h pixels, cleared, reusing *img's memory where it can.
func rgbaOf(img **image.RGBA, w, h int) *image.RGBA {
	if *img == nil || cap((*img).Pix) < 4*w*h {
		*img = image.NewRGBA(image.Rect(0, 0, w, h))
		return *img
	}
	m := *img
	m.Pix = m.Pix[:4*w*h]
	clear(m.Pix)
	m.Stride, m.Rect = 4*w, image.Rect(0, 0, w, h)
	return m
}

// palettedOf returns a paletted image of bounds r, reusing *img's memory where it can.
func palettedOf(img **image.Paletted, r image.Rectangle) *image.Paletted {
	n := r.Dx() * r.Dy()
	if *img == nil || cap((*img).Pix) < n {
		*img = image.NewPaletted(r, nil)
		return *img
	}
	m := *img
	m.Pix, m.Stride, m.Rect = m.Pix[:n], r.Dx(), r
	return m
}

// prepare checks p and o and lays the picture out.
func prepare(p *Position, o Options) (*palette, layout, error) {
	if err := o.Validate(); err != nil {
		return nil, layout{}, err
	}
	if err := checkBoard(&p.Board); err != nil {
		return nil, layout{}, err
	}
	th := palettes[o.Theme.For(p.Info, p.Options)]
	return th, layOut(&p.Board, o.width(len(p.Board.Grids)), 0, 0, !o.NoCoords, p.Caption != ""), nil
}

// drawRaster draws p on w's image, laid out as l.
func (r *Renderer) drawRaster(w *work, img *image.RGBA, p *Position, th *palette, l *layout, o Options, background bool) {
	w.r.img, w.r.ox, w.r.oy, w.r.sh, w.r.sprites = img, 0, 0, &w.sh, &r.sprites
	w.r.p.reset()
	w.scene = scene{c: &w.r, th: th, l: l, o: o, p: p, sh: &w.sh, marks: w.scene.marks, segs: w.scene.segs}
	w.scene.draw(background)
}

// PNG writes the picture of p as a PNG.
func (r *Renderer) PNG(out io.Writer, p Position, o Options) error {
	th, l, err := prepare(&p, o)
	if err != nil {
		return err
	}
	w := r.getWork()
	defer r.putWork(w)
	img := rgbaOf(&w.img, l.w, l.h)
	r.drawRaster(w, img, &p, th, &l, o, true)
	return w.encodePNG(out, img, th)
}

// encodePNG writes img as a paletted PNG.
func (w *work) encodePNG(out io.Writer, img *image.RGBA, th *palette) error {
	w.q.reset(th)
	w.q.countPixels(img, img.Rect)
	pal := palettedOf(&w.pal, img.Rect)
	pal.Palette = w.q.choose(0)
	w.q.mapPixels(pal, img, img.Rect)
	return w.png.Encode(out, pal)
}

// Image returns the picture of p as an RGBA image (for a caller that composes or encodes it
// itself).
func (r *Renderer) Image(p Position, o Options) (*image.RGBA, error) {
	th, l, err := prepare(&p, o)
	if err != nil {
		return nil, err
	}
	w := r.getWork()
	defer r.putWork(w)
	img := image.NewRGBA(image.Rect(0, 0, l.w, l.h))
	r.drawRaster(w, img, &p, th, &l, o, true)
	return img, nil
}

// SVG writes the picture of p as an SVG document.
func (r *Renderer) SVG(out io.Writer, p Position, o Options) error {
	th, l, err := prepare(&p, o)
	if err != nil {
		return err
	}
	var sh shaper
	c := newSVGCanvas()
	s := scene{c: c, th: th, l: &l, o: o, p: &p, sh: &sh}
	s.draw(true)
	_, err = out.Write(c.document(l.w, l.h))
	return err
}

// Encode writes the picture of p in format f (PNG or SVG; a GIF is of a whole game: see GIF).
func (r *Renderer) Encode(out io.Writer, f Format, p Position, o Options) error {
	switch f {
	case PNG:
		return r.PNG(out, p, o)
	case SVG:
		return r.SVG(out, p, o)
	}
	return fmt.Errorf("%w: format %s: a position is drawn as png or svg", ErrOption, quoteShort(string(f)))
}

var shared Renderer

// EncodePosition writes the picture of p in format f (PNG or SVG) with the package's Renderer.
func EncodePosition(out io.Writer, f Format, p Position, o Options) error {
	return shared.Encode(out, f, p, o)
}

// Bytes returns the picture of p in format f (PNG or SVG).
func Bytes(f Format, p Position, o Options) ([]byte, error) {
	var b bytes.Buffer
	err := shared.Encode(&b, f, p, o)
	return b.Bytes(), err
}
