package render

import (
	"fmt"
	"image/color"
	"strconv"

	"turncoat/game"
)

// scene draws one position on a canvas, after the web UI's boards (web/static/board): the same
// measures in board units (a square is 100) and the same colours.
type scene struct {
	c  canvas
	th *palette
	l  *layout
	o  Options
	p  *Position
	sh *shaper
	// headed is set when a sheet's heading took the caption's line.
	headed bool
	// scratch
	marks []uint8
	segs  []float32
}

// What marks a square.
const (
	markPlaced  uint8 = 1 << iota // a piece where the square was empty before the last move
	markFlipped                   // a disc whose face the last move turned
	markLast                      // a square the last move names
	markChain                     // a disc of Troll's winning chain
	markCheck                     // a Castle in check
)

// checkBoard refuses a board the renderer cannot draw: no grids, more than two, squares that
// do not fill their grid, or a grid larger than any game's.
func checkBoard(b *game.Board) error {
	if len(b.Grids) == 0 || len(b.Grids) > 2 {
		return fmt.Errorf("render: a board of %d grids: want 1 or 2", len(b.Grids))
	}
	for i, g := range b.Grids {
		if g.Rows < 1 || g.Cols < 1 || g.Rows > 26 || g.Cols > 26 || len(g.Cells) != g.Rows*g.Cols {
			return fmt.Errorf("render: grid %d is %dx%d with %d squares", i, g.Rows, g.Cols, len(g.Cells))
		}
	}
	return nil
}

func (s *scene) draw(background bool) {
	l := s.l
	if background {
		s.c.rect(l.x0, l.y0, float32(l.w), float32(l.h), 0, s.th.page)
	}
	if l.captionY > 0 && s.p.Caption != "" && !s.headed {
		size := 34 * l.k
		text := s.sh.fit(s.p.Caption, size, float32(l.w)-2*uMargin*l.k)
		s.c.text(l.x0+float32(l.w)/2, l.captionY, text, size, anchorMiddle, s.th.fg, transparent, 0)
	}
	for gi := range s.p.Board.Grids {
		s.grid(gi)
	}
	if l.footerY > 0 {
		s.footer()
	}
}

// frameColours returns a grid's frame and coordinates' colours: Turncoat's boards are framed
// in their owner's colour.
func (s *scene) frameColours(g *game.Grid) (frame, coord color.NRGBA) {
	if hasTabs(&s.p.Board) {
		if g.Owner == game.Second {
			return tcYellowFrm, tcYellowText
		}
		return tcRedFrame, tcRed
	}
	return s.th.frame, s.th.coord
}

// checkered tells whether the board is drawn in light and dark squares, as Turnover's is: the
// game says so, or its pieces are stacks.
func (s *scene) checkered() bool {
	if s.p.Info.Checkered {
		return true
	}
	for _, g := range s.p.Board.Grids {
		for _, c := range g.Cells {
			if c.Piece != nil && len(c.Piece.Parts) > 0 {
				return true
			}
		}
	}
	return false
}

func (s *scene) grid(gi int) {
	c, k, cell := s.c, s.l.k, s.l.cell
	g := &s.p.Board.Grids[gi]
	box := s.l.grids[gi]
	w, h := box.width(cell), box.height(cell)
	band := uBand * k
	frame, coord := s.frameColours(g)
	c.frame(box.x-band, box.y-band, w+2*band, h+2*band, 10*k, band, frame)
	if s.checkered() {
		c.rect(box.x, box.y, w, h, 0, sqLight)
		for r := range g.Rows {
			for col := range g.Cols {
				if (r+col)%2 == 1 {
					c.rect(box.x+float32(col)*cell, box.y+float32(r)*cell, cell, cell, 0, sqDark)
				}
			}
		}
	} else {
		c.rect(box.x, box.y, w, h, 0, s.th.felt)
		lw := float32(max(1, int(3*k+0.5)))
		off := float32(int(lw / 2))
		for col := 1; col < g.Cols; col++ {
			c.rect(box.x+float32(col)*cell-off, box.y, lw, h, 0, s.th.feltLine)
		}
		for r := 1; r < g.Rows; r++ {
			c.rect(box.x, box.y+float32(r)*cell-off, w, lw, 0, s.th.feltLine)
		}
		if g.Rows == 8 && g.Cols == 8 {
			for _, p := range [...][2]float32{{2, 2}, {6, 2}, {2, 6}, {6, 6}} {
				c.circle(box.x+p[0]*cell, box.y+p[1]*cell, 6*k, s.th.feltLine)
			}
		}
	}
	if s.l.coords {
		size := uFont * k
		if len(g.ColNames) == g.Cols {
			for col, n := range g.ColNames {
				c.text(box.x+(float32(col)+0.5)*cell, box.y-band-9*k, n, size, anchorMiddle, coord, transparent, 0)
			}
		}
		if len(g.RowNames) == g.Rows {
			for r, n := range g.RowNames {
				c.text(box.x-band-uCoords*k/2, box.y+(float32(r)+0.5)*cell+0.36*size, n, size, anchorMiddle, coord, transparent, 0)
			}
		}
	}
	s.edges(g, box)
	s.computeMarks(gi)
	s.under(g, box)
	for i := range g.Cells {
		s.piece(&g.Cells[i], box, i)
	}
	s.over(g, box)
	if hasTabs(&s.p.Board) {
		s.tab(gi, box)
	}
}

// edges shades the sides of the frame a player owns (Troll): Black's solid, White's light with
// a dashed outline, so that they differ by more than colour.
func (s *scene) edges(g *game.Grid, box gridBox) {
	k, cell := s.l.k, s.l.cell
	band := uBand * k
	w, h := box.width(cell), box.height(cell)
	for _, e := range g.Edges {
		var x, y, ew, eh float32
		switch e.Side {
		case "top":
			x, y, ew, eh = box.x, box.y-band, w, band
		case "bottom":
			x, y, ew, eh = box.x, box.y+h, w, band
		case "left":
			x, y, ew, eh = box.x-band, box.y, band, h
		case "right":
			x, y, ew, eh = box.x+w, box.y, band, h
		default:
			continue
		}
		if e.Owner == game.Second {
			s.c.rect(x, y, ew, eh, 0, edgeSecond)
			s.c.dashRect(x+1.5*k, y+1.5*k, ew-3*k, eh-3*k, 3*k, 14*k, 10*k, edgeLine)
		} else {
			s.c.rect(x, y, ew, eh, 0, edgeFirst)
		}
	}
}

// computeMarks fills s.marks for grid gi: the last move's squares, placed pieces and flipped
// discs (against the position before), Troll's chain and Turnover's checks.
func (s *scene) computeMarks(gi int) {
	g := &s.p.Board.Grids[gi]
	n := len(g.Cells)
	s.marks = append(s.marks[:0], make([]uint8, n)...)
	if b := s.p.Before; b != nil && gi < len(b.Grids) && len(b.Grids[gi].Cells) == n {
		prev := b.Grids[gi].Cells
		for i := range g.Cells {
			was, is := prev[i].Piece, g.Cells[i].Piece
			switch {
			case is == nil:
			case was == nil && !prev[i].Hole && is.Kind == "disc":
				// a disc put down (a stack that moved in is one of the last move's squares)
				s.marks[i] |= markPlaced
			case was != nil && was.Kind == "disc" && is.Kind == "disc" && was.Colour != is.Colour:
				s.marks[i] |= markFlipped
			}
		}
	}
	for _, sq := range s.p.Last {
		for i := range g.Cells {
			if g.Cells[i].Coord == sq {
				s.marks[i] |= markLast
			}
		}
	}
	for _, m := range g.Marks {
		var bit uint8
		switch m.Kind {
		case "chain":
			bit = markChain
		case "check":
			bit = markCheck
		default:
			continue
		}
		for i := range g.Cells {
			if g.Cells[i].Coord == m.Coord {
				s.marks[i] |= bit
			}
		}
	}
}

// under draws what lies under the pieces: the last move's squares (where it did not place a
// piece) and the glow of a Castle in check.
func (s *scene) under(g *game.Grid, box gridBox) {
	k, cell := s.l.k, s.l.cell
	for i, m := range s.marks {
		x, y := box.center(i, cell)
		if m&markLast != 0 && m&markPlaced == 0 {
			s.c.rect(x-cell/2+5*k, y-cell/2+5*k, cell-10*k, cell-10*k, 10*k, lastSquare)
			s.c.strokeRect(x-cell/2+5*k, y-cell/2+5*k, cell-10*k, cell-10*k, 10*k, 5*k, lastSqEdge)
		}
		if m&markCheck != 0 {
			s.c.circle(x, y, 47*k, checkGlow)
			s.c.ring(x, y, 47*k, 5*k, checkRed)
		}
	}
}

// over draws the marks on the pieces: the placed piece's dot, the flipped discs' rings,
// Troll's chain and the check sign.
func (s *scene) over(g *game.Grid, box gridBox) {
	k, cell := s.l.k, s.l.cell
	th := s.th
	s.segs = s.segs[:0]
	for i, m := range s.marks {
		if m&markChain == 0 {
			continue
		}
		x, y := box.center(i, cell)
		if col := i % g.Cols; col+1 < g.Cols && s.marks[i+1]&markChain != 0 {
			x1, y1 := box.center(i+1, cell)
			s.segs = append(s.segs, x, y, x1, y1)
		}
		if i+g.Cols < len(s.marks) && s.marks[i+g.Cols]&markChain != 0 {
			x1, y1 := box.center(i+g.Cols, cell)
			s.segs = append(s.segs, x, y, x1, y1)
		}
	}
	if len(s.segs) > 0 {
		c := chainColour
		c.A = 0xd9
		s.c.lines(s.segs, 14*k, true, c)
	}
	for i, m := range s.marks {
		x, y := box.center(i, cell)
		if m&markChain != 0 {
			s.c.ring(x, y, 12*k, 6*k, chainColour)
		}
		if m&markFlipped != 0 {
			s.c.ring(x, y, 29*k, 5*k, th.last)
		}
		if m&markPlaced != 0 {
			s.c.circle(x, y, 10*k, th.last)
			s.c.ring(x, y, 10*k, 2.5*k, white)
		}
		if m&markCheck != 0 {
			s.c.text(x+34*k, y-24*k, "+", 34*k, anchorMiddle, checkRed, white, 2.5*k)
		}
	}
}

// piece draws what stands on a square: a disc, a hole or a stack.
func (s *scene) piece(cell *game.Cell, box gridBox, i int) {
	k := s.l.k
	x, y := box.center(i, s.l.cell)
	key := spriteKey{theme: s.th.name, scale: k}
	art := pieceArt{th: s.th, k: k}
	switch {
	case cell.Hole:
		key.what, art.kind = "hole", artHole
		s.c.group(key, x, y, 42*k+1, art)
	case cell.Piece == nil:
	case len(cell.Piece.Parts) > 0:
		p := cell.Piece
		key.what, key.colour = p.Kind, p.Colour
		if !s.o.NoLetters {
			key.label = p.Label
		}
		art.kind, art.parts, art.colour, art.label = artStack, p.Parts, p.Colour, key.label
		s.c.group(key, x, y, 52*k+1, art)
	default:
		key.what, key.colour = "disc", cell.Piece.Colour
		art.kind, art.black = artDisc, cell.Piece.Colour == "black"
		s.c.group(key, x, y, 42*k+1, art)
	}
}

// drawHole draws a square that is not part of the board (a Turncoat blank): a dark hollow with
// a dashed rim and a cross, clearly not a piece.
func drawHole(c canvas, k float32) {
	c.circle(0, 0, 38*k, holeFill)
	c.dashRing(0, 0, 38*k, 3*k, 8*k, 6*k, holeEdge)
	c.lines([]float32{-14 * k, -14 * k, 14 * k, 14 * k, 14 * k, -14 * k, -14 * k, 14 * k}, 4*k, false, holeCross)
}

// stackRadii are the radius and width of a Turnover stack's parts, in units.
var stackRadii = map[string][2]float32{"outer": {40, 9}, "inner": {25, 8}, "button": {11, 0}}

// drawStack draws a Turnover stack from above: its parts as concentric rings and a button, each
// on an edge of the other colour, and the kind's letter in the corner.
func drawStack(c canvas, k float32, parts []game.Part, colour, label string) {
	for _, p := range parts {
		rw, ok := stackRadii[p.Name]
		if !ok {
			continue
		}
		fill, edge := stackColours(p.Colour)
		if p.Name == "button" {
			c.circle(0, 0, rw[0]*k, fill)
			c.ring(0, 0, rw[0]*k, 3*k, edge)
			continue
		}
		c.ring(0, 0, rw[0]*k, (rw[1]+4)*k, edge)
		c.ring(0, 0, rw[0]*k, rw[1]*k, fill)
	}
	if label != "" {
		fill, halo := letterWFill, letterWHalo
		if colour == "black" {
			fill, halo = letterBFill, letterBHalo
		}
		c.text(-44*k, -28*k, label, 24*k, anchorStart, fill, halo, 2.5*k)
	}
}

func stackColours(colour string) (fill, edge color.NRGBA) {
	if colour == "black" {
		return stackBlack, stackBEdge
	}
	return stackWhite, stackWEdge
}

// tab draws a Turncoat board's tab above it, in its owner's colour, with its count of black
// pieces beside a black disc.
func (s *scene) tab(gi int, box gridBox) {
	k := s.l.k
	g := &s.p.Board.Grids[gi]
	band := uBand * k
	x, w := box.x-band, box.width(s.l.cell)+2*band
	h := (uTab - 10) * k
	col, ink := tcRed, white
	if g.Owner == game.Second {
		col, ink = tcYellow, tcDark
	}
	s.c.tab(x, s.l.tabY, w, h, 14*k, col)
	count := -1
	for _, t := range s.p.Board.Tallies {
		if t.Grid == gi && t.Name == "black" {
			count = t.Value
		}
	}
	if count < 0 {
		return
	}
	text := strconv.Itoa(count)
	size := 34 * k
	chip := 15 * k
	tw := s.sh.width(text, size)
	total := 2*chip + 10*k + tw
	cx := x + w/2 - total/2
	cy := s.l.tabY + h/2
	// the theme's black face on a light ring, so that it reads on either tab (a by-post "black"
	// is red)
	s.c.circle(cx+chip, cy, chip+2.5*k, white)
	drawDiscAt(s.c, s.th, cx+chip, cy, chip, true)
	s.c.text(cx+2*chip+10*k, cy+0.36*size, text, size, anchorStart, ink, transparent, 0)
}

// footer writes the tallies under the board: each side's discs or Castles, or the pieces
// showing black, each beside a piece of its own.
func (s *scene) footer() {
	k, l := s.l.k, s.l
	size := 34 * k
	chip := 17 * k
	gap, sep := 10*k, 50*k
	type item struct {
		t    game.Tally
		text string
	}
	var items [4]item
	n := 0
	total := float32(0)
	for _, t := range s.p.Board.Tallies {
		if !footerTally(t) || n == len(items) {
			continue
		}
		items[n] = item{t, strconv.Itoa(t.Value)}
		if n > 0 {
			total += sep
		}
		total += 2*chip + gap + s.sh.width(items[n].text, size)
		n++
	}
	x := l.x0 + float32(l.w)/2 - total/2
	for _, it := range items[:n] {
		kind, colour := "disc", "black"
		if it.t.Side.Valid() {
			kind, colour = s.sideChip(it.t.Side)
		}
		s.chip(kind, colour, x+chip, l.footerY, chip)
		x += 2*chip + gap
		s.c.text(x, l.footerY+0.36*size, it.text, size, anchorStart, s.th.fg, transparent, 0)
		x += s.sh.width(it.text, size) + sep
	}
}

// sideChip says how a side is shown beside its name or count: Turncoat's sides by their
// boards' colours ("square", "red" or "yellow"), a side with stacks by a stack of its colour,
// a side with discs by a disc of its colour, and sides that own no pieces (Blocs) by their
// number ("number", "1" or "2"). A side with nothing on the board is shown in the game's piece
// style (game.Info.Pieces), in the colour its opponent's pieces do not show.
func (s *scene) sideChip(side game.Player) (kind, colour string) {
	b := &s.p.Board
	if hasTabs(b) {
		if side == game.Second {
			return "square", "yellow"
		}
		return "square", "red"
	}
	stacks, owned := false, false
	opponent := "" // the colour of the opponent's pieces, where it has some
	for _, g := range b.Grids {
		for _, c := range g.Cells {
			if c.Piece == nil || !c.Piece.Owner.Valid() {
				continue
			}
			owned = true
			if len(c.Piece.Parts) > 0 {
				stacks = true
			}
			if c.Piece.Owner == side {
				if stacks {
					return "stack", c.Piece.Colour
				}
				return "disc", c.Piece.Colour
			}
			opponent = c.Piece.Colour
		}
	}
	switch {
	case stacks || s.p.Info.Pieces == game.Stacks:
		// a side with no stack left: the first side of a game of stacks is White (Turnover)
		return "stack", otherFace(opponent, [2]string{"white", "black"}[side])
	case owned || s.p.Info.Pieces == game.Discs:
		return "disc", otherFace(opponent, [2]string{"black", "white"}[side])
	}
	return "number", strconv.Itoa(int(side) + 1)
}

// otherFace returns the face a side's pieces show when its opponent's show colour: the two
// sides of an Othello piece are black and white. It returns def when colour is neither.
func otherFace(colour, def string) string {
	switch colour {
	case "black":
		return "white"
	case "white":
		return "black"
	}
	return def
}

// chip draws a side's or a count's small piece, of radius r pixels, centred at (x, y).
func (s *scene) chip(kind, colour string, x, y, r float32) {
	c, k := s.c, r/17
	switch kind {
	case "square":
		col := tcRed
		if colour == "yellow" {
			col = tcYellow
		}
		c.rect(x-r*0.85, y-r*0.85, 1.7*r, 1.7*r, 3*k, col)
		c.strokeRect(x-r*0.85, y-r*0.85, 1.7*r, 1.7*r, 3*k, 2*k, color.NRGBA{0, 0, 0, 0x59})
	case "stack":
		fill, edge := stackColours(colour)
		c.ring(x, y, r*0.78, 7*k, edge)
		c.ring(x, y, r*0.78, 4*k, fill)
		c.circle(x, y, r*0.3, fill)
		c.ring(x, y, r*0.3, 2*k, edge)
	case "number":
		c.circle(x, y, r, s.th.page)
		c.ring(x, y, r, 2*k, s.th.coord)
		c.text(x, y+0.36*22*k, colour, 22*k, anchorMiddle, s.th.fg, transparent, 0)
	default:
		c.circle(x, y, r+2.5*k, s.th.felt)
		drawDiscAt(c, s.th, x, y, r, colour == "black")
	}
}

// drawDiscAt draws a disc of radius r pixels centred at (x, y) showing black or white, with its
// edge and, in the themes that have one, the ring that tells the faces apart by more than hue.
func drawDiscAt(c canvas, th *palette, x, y, r float32, black bool) {
	face, edge, mark := th.discW, th.discWEdge, th.markW
	if black {
		face, edge, mark = th.discB, th.discBEdge, th.markB
	}
	c.circle(x, y, r, face)
	c.ring(x, y, r, r*3/40, edge)
	if mark.A > 0 {
		c.ring(x, y, 0.42*r, th.markWidth*r/40, mark)
	}
}

func sidePlayer(i int) game.Player { return game.Player(i) }
