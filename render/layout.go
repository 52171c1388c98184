package render

import (
	"math"

	"turncoat/game"
)

// The picture's measures in board units, as the UI's SVG boards draw them: a square is 100.
const (
	uCell    = 100
	uMargin  = 12 // round the picture
	uCoords  = 34 // the coordinates' band outside the frame, left and top
	uBand    = 14 // the frame
	uGap     = 44 // between Turncoat's boards
	uTab     = 58 // Turncoat's tabs
	uCaption = 64 // the caption's line
	uFooter  = 66 // the tallies' line
	uFont    = 30 // the coordinates' letters
)

// layout is where a picture's parts go, in pixels.
type layout struct {
	x0, y0 float32 // the picture's top-left (a sheet's tile is not at 0, 0)
	w, h   int     // the picture's size
	k      float32 // pixels per board unit
	cell   float32 // a square's side: a whole number of pixels
	grids  []gridBox
	coords bool
	// captionY is the caption's baseline (0: no caption); tabY the top of Turncoat's tabs (0:
	// none); footerY the middle of the tallies' line (0: none).
	captionY, tabY, footerY float32
}

// gridBox is where one grid's squares go: its top-left corner (whole pixels).
type gridBox struct {
	x, y       float32
	rows, cols int
}

func (g gridBox) width(cell float32) float32  { return float32(g.cols) * cell }
func (g gridBox) height(cell float32) float32 { return float32(g.rows) * cell }

// center returns the middle of square i.
func (g gridBox) center(i int, cell float32) (float32, float32) {
	return g.x + (float32(i%g.cols)+0.5)*cell, g.y + (float32(i/g.cols)+0.5)*cell
}

// hasTabs tells whether the board's grids belong to sides (Turncoat's): each is drawn under a
// tab of its owner's colour, showing its count.
func hasTabs(b *game.Board) bool {
	return len(b.Grids) > 1 && b.Grids[0].Owner.Valid()
}

// hasFooter tells whether the board has tallies read under it (discs, Castles, black pieces).
func hasFooter(b *game.Board) bool {
	if hasTabs(b) {
		return false
	}
	for _, t := range b.Tallies {
		if footerTally(t) {
			return true
		}
	}
	return false
}

func footerTally(t game.Tally) bool {
	return t.Name == "discs" || t.Name == "castles" || t.Name == "black"
}

// layOut places a board in a picture width pixels wide at (x0, y0).
func layOut(b *game.Board, width int, x0, y0 float32, coords, caption bool) layout {
	l := layout{x0: x0, y0: y0, w: width, coords: coords}
	uc := float32(0)
	if coords {
		uc = uCoords
	}
	units := float32(2 * uMargin)
	rows := 0
	for i, g := range b.Grids {
		if i > 0 {
			units += uGap
		}
		units += uc + 2*uBand + float32(g.Cols*uCell)
		rows = max(rows, g.Rows)
	}
	cell := float32(math.Floor(float64(float32(width) * uCell / units)))
	l.cell = max(cell, 1)
	l.k = l.cell / uCell
	k := l.k
	// What the whole number of pixels per square leaves over goes to the sides equally.
	left := x0 + float32(math.Floor(float64((float32(width)-units*k)/2)))
	y := y0 + uMargin*k
	if caption {
		l.captionY = y + 0.72*uCaption*k
		y += uCaption * k
	}
	if hasTabs(b) {
		l.tabY = y
		y += uTab * k
	}
	y += (uc + uBand) * k
	y = float32(math.Round(float64(y)))
	x := left + uMargin*k
	for i, g := range b.Grids {
		if i > 0 {
			x += uGap * k
		}
		x += (uc + uBand) * k
		gx := float32(math.Round(float64(x)))
		l.grids = append(l.grids, gridBox{x: gx, y: y, rows: g.Rows, cols: g.Cols})
		x = gx + float32(g.Cols)*l.cell + uBand*k
	}
	y += float32(rows)*l.cell + uBand*k
	if hasFooter(b) {
		l.footerY = y + uFooter*k/2 + 4*k
		y += uFooter * k
	}
	y += uMargin * k
	l.h = int(math.Ceil(float64(y - y0)))
	return l
}
