package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"
)

// raster is a canvas on an RGBA image: shapes are filled through one anti-aliasing rasteriser,
// each over the smallest rectangle that holds it.
type raster struct {
	img     *image.RGBA
	ox, oy  float32 // added to every coordinate (a piece's origin in its sprite)
	z       vector.Rasterizer
	mask    image.Alpha // a shape's coverage
	p       path
	sh      *shaper
	sprites *spriteCache
}

var _ canvas = (*raster)(nil)

// path is a shape being built: its segments and bounding box.
type path struct {
	segs           []seg
	x0, y0, x1, y1 float32
}

type segOp uint8

const (
	opMove segOp = iota
	opLine
	opQuad
	opCube
)

type seg struct {
	op segOp
	p  [6]float32
}

func (p *path) reset() {
	p.segs = p.segs[:0]
	p.x0, p.y0 = float32(math.Inf(1)), float32(math.Inf(1))
	p.x1, p.y1 = float32(math.Inf(-1)), float32(math.Inf(-1))
}

func (p *path) grow(x, y float32) {
	p.x0, p.y0 = min(p.x0, x), min(p.y0, y)
	p.x1, p.y1 = max(p.x1, x), max(p.y1, y)
}

func (p *path) moveTo(x, y float32) {
	p.segs = append(p.segs, seg{op: opMove, p: [6]float32{x, y}})
	p.grow(x, y)
}

func (p *path) lineTo(x, y float32) {
	p.segs = append(p.segs, seg{op: opLine, p: [6]float32{x, y}})
	p.grow(x, y)
}

func (p *path) quadTo(x1, y1, x, y float32) {
	p.segs = append(p.segs, seg{op: opQuad, p: [6]float32{x1, y1, x, y}})
	p.grow(x1, y1)
	p.grow(x, y)
}

func (p *path) cubeTo(x1, y1, x2, y2, x, y float32) {
	p.segs = append(p.segs, seg{op: opCube, p: [6]float32{x1, y1, x2, y2, x, y}})
	p.grow(x1, y1)
	p.grow(x2, y2)
	p.grow(x, y)
}

// kappa puts a cubic Bézier's control points for a quarter circle.
const kappa = 0.5522848

// circle adds a circle: clockwise on the screen (a filled shape), or the other way round (a
// hole in one) when ccw is set.
func (p *path) circle(cx, cy, r float32, ccw bool) {
	k := r * kappa
	if !ccw {
		p.moveTo(cx+r, cy)
		p.cubeTo(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
		p.cubeTo(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
		p.cubeTo(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
		p.cubeTo(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
		return
	}
	p.moveTo(cx+r, cy)
	p.cubeTo(cx+r, cy-k, cx+k, cy-r, cx, cy-r)
	p.cubeTo(cx-k, cy-r, cx-r, cy-k, cx-r, cy)
	p.cubeTo(cx-r, cy+k, cx-k, cy+r, cx, cy+r)
	p.cubeTo(cx+k, cy+r, cx+r, cy+k, cx+r, cy)
}

// roundRect adds a rectangle with corners of radius rx (top corners only when topOnly),
// clockwise, or counter-clockwise when ccw is set.
func (p *path) roundRect(x, y, w, h, rx float32, topOnly, ccw bool) {
	rx = min(rx, w/2, h/2)
	if rx <= 0 {
		p.poly(ccw, x, y, x+w, y, x+w, y+h, x, y+h)
		return
	}
	k := rx * (1 - kappa)
	br := rx
	if topOnly {
		br = 0
	}
	kb := br * (1 - kappa)
	if !ccw {
		p.moveTo(x+rx, y)
		p.lineTo(x+w-rx, y)
		p.cubeTo(x+w-k, y, x+w, y+k, x+w, y+rx)
		p.lineTo(x+w, y+h-br)
		if br > 0 {
			p.cubeTo(x+w, y+h-kb, x+w-kb, y+h, x+w-br, y+h)
		}
		p.lineTo(x+br, y+h)
		if br > 0 {
			p.cubeTo(x+kb, y+h, x, y+h-kb, x, y+h-br)
		}
		p.lineTo(x, y+rx)
		p.cubeTo(x, y+k, x+k, y, x+rx, y)
		return
	}
	p.moveTo(x+rx, y)
	p.cubeTo(x+k, y, x, y+k, x, y+rx)
	p.lineTo(x, y+h-br)
	if br > 0 {
		p.cubeTo(x, y+h-kb, x+kb, y+h, x+br, y+h)
	}
	p.lineTo(x+w-br, y+h)
	if br > 0 {
		p.cubeTo(x+w-kb, y+h, x+w, y+h-kb, x+w, y+h-br)
	}
	p.lineTo(x+w, y+rx)
	p.cubeTo(x+w, y+k, x+w-k, y, x+w-rx, y)
	p.lineTo(x+rx, y)
}

// poly adds a polygon (x, y pairs) turned clockwise, or counter-clockwise when ccw is set,
// whatever order the points come in.
func (p *path) poly(ccw bool, pts ...float32) {
	var area float32
	n := len(pts) / 2
	for i := range n {
		j := (i + 1) % n
		area += pts[2*i]*pts[2*j+1] - pts[2*j]*pts[2*i+1]
	}
	if (area < 0) != ccw {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			pts[2*i], pts[2*j] = pts[2*j], pts[2*i]
			pts[2*i+1], pts[2*j+1] = pts[2*j+1], pts[2*i+1]
		}
	}
	p.moveTo(pts[0], pts[1])
	for i := 1; i < n; i++ {
		p.lineTo(pts[2*i], pts[2*i+1])
	}
}

// fill paints the path built so far in c, and empties it. With spread > 0 the shape is first
// copied around itself that far (a text's halo).
func (r *raster) fill(c color.NRGBA, spread float32) {
	defer r.p.reset()
	if len(r.p.segs) == 0 || c.A == 0 {
		return
	}
	b := image.Rect(int(math.Floor(float64(r.p.x0-spread)))-1, int(math.Floor(float64(r.p.y0-spread)))-1,
		int(math.Ceil(float64(r.p.x1+spread)))+1, int(math.Ceil(float64(r.p.y1+spread)))+1).Intersect(r.img.Rect)
	if b.Empty() {
		return
	}
	r.z.Reset(b.Dx(), b.Dy())
	dx, dy := -float32(b.Min.X), -float32(b.Min.Y)
	if spread > 0 {
		for i := range 8 {
			a := float64(i) * math.Pi / 4
			r.replay(dx+spread*float32(math.Cos(a)), dy+spread*float32(math.Sin(a)))
		}
	}
	r.replay(dx, dy)
	r.composite(b, c)
}

// composite rasterises the shape into the coverage mask, then paints c over the image where
// the mask covers it: a shape's bounding box is mostly empty (a ring, a frame), and the
// rasteriser's own RGBA path would blend every pixel of it.
func (r *raster) composite(b image.Rectangle, c color.NRGBA) {
	w, h := b.Dx(), b.Dy()
	if cap(r.mask.Pix) < w*h {
		r.mask.Pix = make([]uint8, w*h)
	}
	r.mask.Pix, r.mask.Stride, r.mask.Rect = r.mask.Pix[:w*h], w, image.Rect(0, 0, w, h)
	r.z.DrawOp = draw.Src
	r.z.Draw(&r.mask, r.mask.Rect, image.Opaque, image.Point{})
	sr, sg, sb, sa := c.RGBA()
	for y := range h {
		m := r.mask.Pix[y*w : y*w+w]
		pix := r.img.Pix[r.img.PixOffset(b.Min.X, b.Min.Y+y):]
		for x, mv := range m {
			if mv == 0 {
				continue
			}
			i := 4 * x
			if mv == 0xff && sa == 0xffff {
				pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, 0xff
				continue
			}
			ma := uint32(mv) * 0x101
			a := 0xffff - sa*ma/0xffff
			pix[i+0] = uint8((uint32(pix[i+0])*0x101*a + sr*ma) / 0xffff >> 8)
			pix[i+1] = uint8((uint32(pix[i+1])*0x101*a + sg*ma) / 0xffff >> 8)
			pix[i+2] = uint8((uint32(pix[i+2])*0x101*a + sb*ma) / 0xffff >> 8)
			pix[i+3] = uint8((uint32(pix[i+3])*0x101*a + sa*ma) / 0xffff >> 8)
		}
	}
}

func (r *raster) replay(dx, dy float32) {
	z := &r.z
	for i := range r.p.segs {
		s := &r.p.segs[i]
		switch s.op {
		case opMove:
			if i > 0 {
				z.ClosePath()
			}
			z.MoveTo(s.p[0]+dx, s.p[1]+dy)
		case opLine:
			z.LineTo(s.p[0]+dx, s.p[1]+dy)
		case opQuad:
			z.QuadTo(s.p[0]+dx, s.p[1]+dy, s.p[2]+dx, s.p[3]+dy)
		case opCube:
			z.CubeTo(s.p[0]+dx, s.p[1]+dy, s.p[2]+dx, s.p[3]+dy, s.p[4]+dx, s.p[5]+dy)
		}
	}
	z.ClosePath()
}

func (r *raster) rect(x, y, w, h, rx float32, c color.NRGBA) {
	x, y = x+r.ox, y+r.oy
	if rx == 0 && c.A == 0xff && whole(x) && whole(y) && whole(w) && whole(h) {
		// on whole pixels, an opaque rectangle is a plain fill: no edge to smooth
		b := image.Rect(int(x), int(y), int(x+w), int(y+h)).Intersect(r.img.Rect)
		if b.Empty() {
			return
		}
		first := r.img.Pix[r.img.PixOffset(b.Min.X, b.Min.Y):][:4*b.Dx()]
		for i := 0; i < len(first); i += 4 {
			first[i], first[i+1], first[i+2], first[i+3] = c.R, c.G, c.B, 0xff
		}
		for y := b.Min.Y + 1; y < b.Max.Y; y++ {
			copy(r.img.Pix[r.img.PixOffset(b.Min.X, y):], first)
		}
		return
	}
	r.p.roundRect(x, y, w, h, rx, false, false)
	r.fill(c, 0)
}

func (r *raster) frame(x, y, w, h, rx, band float32, c color.NRGBA) {
	x, y = x+r.ox, y+r.oy
	r.p.roundRect(x, y, w, h, rx, false, false)
	r.p.roundRect(x+band, y+band, w-2*band, h-2*band, 0, false, true)
	r.fill(c, 0)
}

func whole(v float32) bool { return v == float32(math.Floor(float64(v))) }

func (r *raster) tab(x, y, w, h, rx float32, c color.NRGBA) {
	r.p.roundRect(x+r.ox, y+r.oy, w, h, rx, true, false)
	r.fill(c, 0)
}

func (r *raster) strokeRect(x, y, w, h, rx, width float32, c color.NRGBA) {
	x, y, hw := x+r.ox, y+r.oy, width/2
	r.p.roundRect(x-hw, y-hw, w+width, h+width, rx+hw, false, false)
	if w > width && h > width {
		r.p.roundRect(x+hw, y+hw, w-width, h-width, max(rx-hw, 0), false, true)
	}
	r.fill(c, 0)
}

func (r *raster) dashRect(x, y, w, h, width, dash, gap float32, c color.NRGBA) {
	x, y = x+r.ox, y+r.oy
	hw := width / 2
	side := func(x0, y0, dx, dy, length float32) {
		for t := float32(0); t < length; t += dash + gap {
			e := min(t+dash, length)
			ax, ay := x0+dx*t, y0+dy*t
			bx, by := x0+dx*e, y0+dy*e
			// the dash as a rectangle of the stroke's width across the side
			r.p.poly(false, ax-dy*hw, ay+dx*hw, bx-dy*hw, by+dx*hw, bx+dy*hw, by-dx*hw, ax+dy*hw, ay-dx*hw)
		}
	}
	side(x, y, 1, 0, w)
	side(x+w, y, 0, 1, h)
	side(x+w, y+h, -1, 0, w)
	side(x, y+h, 0, -1, h)
	r.fill(c, 0)
}

func (r *raster) circle(cx, cy, rad float32, c color.NRGBA) {
	r.p.circle(cx+r.ox, cy+r.oy, rad, false)
	r.fill(c, 0)
}

func (r *raster) ring(cx, cy, rad, width float32, c color.NRGBA) {
	cx, cy = cx+r.ox, cy+r.oy
	r.p.circle(cx, cy, rad+width/2, false)
	if in := rad - width/2; in > 0 {
		r.p.circle(cx, cy, in, true)
	}
	r.fill(c, 0)
}

func (r *raster) dashRing(cx, cy, rad, width, dash, gap float32, c color.NRGBA) {
	cx, cy = cx+r.ox, cy+r.oy
	circ := 2 * math.Pi * float64(rad)
	n := max(1, int(math.Round(circ/float64(dash+gap))))
	step := 2 * math.Pi / float64(n)
	on := step * float64(dash/(dash+gap))
	ro, ri := float64(rad+width/2), float64(max(rad-width/2, 0))
	steps := max(2, int(math.Ceil(on*ro/2)))
	for i := range n {
		a0 := float64(i)*step - math.Pi/2
		for j := 0; j <= steps; j++ {
			a := a0 + on*float64(j)/float64(steps)
			x, y := cx+float32(ro*math.Cos(a)), cy+float32(ro*math.Sin(a))
			if j == 0 {
				r.p.moveTo(x, y)
			} else {
				r.p.lineTo(x, y)
			}
		}
		for j := steps; j >= 0; j-- {
			a := a0 + on*float64(j)/float64(steps)
			r.p.lineTo(cx+float32(ri*math.Cos(a)), cy+float32(ri*math.Sin(a)))
		}
	}
	r.fill(c, 0)
}

func (r *raster) lines(s []float32, width float32, round bool, c color.NRGBA) {
	hw := width / 2
	for i := 0; i+3 < len(s); i += 4 {
		x0, y0, x1, y1 := s[i]+r.ox, s[i+1]+r.oy, s[i+2]+r.ox, s[i+3]+r.oy
		dx, dy := x1-x0, y1-y0
		l := float32(math.Hypot(float64(dx), float64(dy)))
		if l > 0 {
			nx, ny := -dy/l*hw, dx/l*hw
			r.p.poly(false, x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
		}
		if round {
			r.p.circle(x0, y0, hw, false)
			r.p.circle(x1, y1, hw, false)
		}
	}
	r.fill(c, 0)
}

func (r *raster) text(x, y float32, s string, size float32, a anchor, c, halo color.NRGBA, haloW float32) {
	if s == "" || size <= 0 {
		return
	}
	x, y = x+r.ox, y+r.oy
	switch a {
	case anchorMiddle:
		x -= r.sh.width(s, size) / 2
	case anchorEnd:
		x -= r.sh.width(s, size)
	}
	fnt := boldFont()
	ppem := fixedSize(size)
	r.sh.glyphs(s, size, func(g sfnt.GlyphIndex, gx float32) {
		segs, err := fnt.LoadGlyph(&r.sh.buf, g, ppem, nil)
		if err != nil {
			return
		}
		ox := x + gx
		for _, sg := range segs {
			a := sg.Args
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				r.p.moveTo(ox+float32(a[0].X)/64, y+float32(a[0].Y)/64)
			case sfnt.SegmentOpLineTo:
				r.p.lineTo(ox+float32(a[0].X)/64, y+float32(a[0].Y)/64)
			case sfnt.SegmentOpQuadTo:
				r.p.quadTo(ox+float32(a[0].X)/64, y+float32(a[0].Y)/64, ox+float32(a[1].X)/64, y+float32(a[1].Y)/64)
			case sfnt.SegmentOpCubeTo:
				r.p.cubeTo(ox+float32(a[0].X)/64, y+float32(a[0].Y)/64, ox+float32(a[1].X)/64, y+float32(a[1].Y)/64,
					ox+float32(a[2].X)/64, y+float32(a[2].Y)/64)
			}
		}
	})
	if haloW > 0 && halo.A > 0 {
		saved := append([]seg(nil), r.p.segs...)
		x0, y0, x1, y1 := r.p.x0, r.p.y0, r.p.x1, r.p.y1
		r.fill(halo, haloW)
		r.p.segs = append(r.p.segs, saved...)
		r.p.x0, r.p.y0, r.p.x1, r.p.y1 = x0, y0, x1, y1
	}
	r.fill(c, 0)
}

// group draws a piece from the sprite cache, drawing it there first if it is not yet: the
// sprite is drawn with the piece's centre at the same fraction of a pixel (in quarters) as
// here, so that the copy lands where the piece would have been drawn.
func (r *raster) group(key spriteKey, cx, cy, ext float32, art pieceArt) {
	cx, cy = cx+r.ox, cy+r.oy
	ix, qx := quarter(cx)
	iy, qy := quarter(cy)
	e := int(math.Ceil(float64(ext))) + 1
	k := spriteID{spriteKey: key, qx: qx, qy: qy, ext: int16(e)}
	spr := r.sprites.get(k)
	if spr == nil {
		spr = image.NewRGBA(image.Rect(0, 0, 2*e+1, 2*e+1))
		sub := raster{img: spr, ox: float32(e) + float32(qx)/4, oy: float32(e) + float32(qy)/4, sh: r.sh}
		sub.p.reset()
		art.draw(&sub)
		r.sprites.put(k, spr)
	}
	over(r.img, image.Rect(ix-e, iy-e, ix+e+1, iy+e+1), spr)
}

// over paints src (premultiplied, at the origin) over dst at r, clipped to dst: a sprite is
// mostly clear round the piece and opaque on it, and those pixels need no arithmetic.
func over(dst *image.RGBA, r image.Rectangle, src *image.RGBA) {
	c := r.Intersect(dst.Rect)
	if c.Empty() {
		return
	}
	sx, sy := c.Min.X-r.Min.X, c.Min.Y-r.Min.Y
	w := 4 * c.Dx()
	for y := 0; y < c.Dy(); y++ {
		s := src.Pix[src.PixOffset(sx, sy+y):][:w]
		d := dst.Pix[dst.PixOffset(c.Min.X, c.Min.Y+y):][:w]
		for i := 0; i < w; i += 4 {
			switch a := uint32(s[i+3]); a {
			case 0:
			case 0xff:
				d[i], d[i+1], d[i+2], d[i+3] = s[i], s[i+1], s[i+2], 0xff
			default:
				k := 0xff - a
				d[i] = uint8(uint32(s[i]) + (uint32(d[i])*k+0x7f)/0xff)
				d[i+1] = uint8(uint32(s[i+1]) + (uint32(d[i+1])*k+0x7f)/0xff)
				d[i+2] = uint8(uint32(s[i+2]) + (uint32(d[i+2])*k+0x7f)/0xff)
				d[i+3] = uint8(a + (uint32(d[i+3])*k+0x7f)/0xff)
			}
		}
	}
}

// quarter splits v into whole pixels and quarters of a pixel.
func quarter(v float32) (int, uint8) {
	f := math.Floor(float64(v))
	q := math.Round((float64(v) - f) * 4)
	if q == 4 {
		return int(f) + 1, 0
	}
	return int(f), uint8(q)
}

// spriteID is a sprite's key in the cache: the piece, and where its centre falls in a pixel.
type spriteID struct {
	spriteKey
	qx, qy uint8
	ext    int16
}

// spriteCache keeps the pieces drawn, shared by the pictures a Renderer draws. It forgets them
// all when it grows past maxSprites (sizes asked for by query strings are many).
type spriteCache struct {
	mu sync.Mutex
	m  map[spriteID]*image.RGBA
}

const maxSprites = 2048

func (c *spriteCache) get(k spriteID) *image.RGBA {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[k]
}

func (c *spriteCache) put(k spriteID, img *image.RGBA) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxSprites {
		c.m = make(map[spriteID]*image.RGBA)
	}
	c.m[k] = img
}
