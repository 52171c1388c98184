package render

import (
	"image/color"

	"turncoat/game"
)

// canvas is what a picture is drawn on: a raster image (PNG, GIF) or an SVG document. The
// scene draws once, against this interface, so both formats show the same picture.
// Coordinates are pixels from the top-left, y down.
type canvas interface {
	// rect fills a rectangle with corners rounded to radius rx (0: square).
	rect(x, y, w, h, rx float32, c color.NRGBA)
	// frame fills a board's frame: a rectangle with corners rounded to rx, band wide, round
	// the board (which covers its middle).
	frame(x, y, w, h, rx, band float32, c color.NRGBA)
	// tab fills a rectangle whose top corners are rounded to radius rx.
	tab(x, y, w, h, rx float32, c color.NRGBA)
	// strokeRect draws a rectangle's outline of the given width, centred on its edge.
	strokeRect(x, y, w, h, rx, width float32, c color.NRGBA)
	// dashRect draws a rectangle's outline in dashes.
	dashRect(x, y, w, h, width, dash, gap float32, c color.NRGBA)
	// circle fills a disc.
	circle(cx, cy, r float32, c color.NRGBA)
	// ring draws a circle's outline of the given width, centred on radius r.
	ring(cx, cy, r, width float32, c color.NRGBA)
	// dashRing draws a circle's outline in dashes (lengths along the circle).
	dashRing(cx, cy, r, width, dash, gap float32, c color.NRGBA)
	// lines draws segments (x0, y0, x1, y1 each) of the given width as one shape: with round
	// ends when round is set, so that a translucent colour does not darken where they meet.
	lines(seg []float32, width float32, round bool, c color.NRGBA)
	// text writes s with its baseline at y, starting at x, centred on it or ending there
	// (anchor), in the Go font's bold at size pixels; a halo of width haloW in colour halo
	// goes round the letters when haloW > 0.
	text(x, y float32, s string, size float32, anchor anchor, c color.NRGBA, halo color.NRGBA, haloW float32)
	// group draws a piece (art, drawn round (0, 0)) with its centre at (cx, cy): drawn once
	// and copied by the raster canvas (key names it; ext bounds its reach from the centre),
	// defined once and used by the SVG canvas.
	group(key spriteKey, cx, cy, ext float32, art pieceArt)
}

// pieceArt is a piece as a group draws it: a disc, a hole or a stack, at k pixels a unit.
type pieceArt struct {
	kind          artKind
	th            *palette
	k             float32
	black         bool        // a disc's face
	parts         []game.Part // a stack's
	colour, label string      // a stack's
}

type artKind uint8

const (
	artDisc artKind = iota
	artHole
	artStack
)

func (a *pieceArt) draw(c canvas) {
	switch a.kind {
	case artDisc:
		drawDiscAt(c, a.th, 0, 0, 40*a.k, a.black)
	case artHole:
		drawHole(c, a.k)
	case artStack:
		drawStack(c, a.k, a.parts, a.colour, a.label)
	}
}

type anchor int8

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// spriteKey names a piece drawn once: what it is, in which theme and at which scale.
type spriteKey struct {
	what, colour, label string
	theme               Theme
	scale               float32
}
