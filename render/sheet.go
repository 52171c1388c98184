package render

import (
	"fmt"
	"io"
	"math"
	"strconv"
)

// A Tile is one board of a sheet: its number, its players and its position.
type Tile struct {
	// Number is the board's number (0: none).
	Number int
	// Players are the names of the first and the second side ("" when unknown).
	Players [2]string
	// Position is the board to draw; its Caption is written when the tile has no number and no
	// players.
	Position Position
}

// MaxTiles bounds the boards of one sheet.
const MaxTiles = 64

// The sheet's measures.
const (
	defaultTileWidth = 400
	sheetGap         = 12 // pixels between tiles and round them
)

var (
	cardColour = white
	cardLine   = rgb(0xd9d6cc)
)

// Sheet writes the boards of tiles on one picture (PNG or SVG), in rows, each under its number
// and its players' names beside their colours: a tournament round's boards as the host posts
// them. o.Size is the sheet's width (0: 400 pixels a column).
func (r *Renderer) Sheet(out io.Writer, f Format, tiles []Tile, o Options) error {
	if err := o.Validate(); err != nil {
		return err
	}
	if len(tiles) == 0 || len(tiles) > MaxTiles {
		return fmt.Errorf("%w: %d boards: a sheet holds 1 to %d", ErrOption, len(tiles), MaxTiles)
	}
	if f != PNG && f != SVG {
		return fmt.Errorf("%w: format %s: a sheet is drawn as png or svg", ErrOption, quoteShort(string(f)))
	}
	grids := 1
	for i := range tiles {
		if err := checkBoard(&tiles[i].Position.Board); err != nil {
			return fmt.Errorf("board %d: %w", i+1, err)
		}
		grids = max(grids, len(tiles[i].Position.Board.Grids))
	}
	cols := int(math.Ceil(math.Sqrt(float64(len(tiles)) / float64(grids))))
	width := o.Size
	if width == 0 {
		width = min(MaxSize, cols*grids*defaultTileWidth+(cols+1)*sheetGap)
	}
	tileW := (width - (cols+1)*sheetGap) / cols
	if tileW < MinSize/2 {
		return fmt.Errorf("%w: size %d: too narrow for %d boards in %d columns", ErrOption, width, len(tiles), cols)
	}
	// Lay the tiles out row by row; a row is as high as its highest tile.
	lays := make([]layout, len(tiles))
	y := sheetGap
	for row := 0; row*cols < len(tiles); row++ {
		h := 0
		for c := 0; c < cols && row*cols+c < len(tiles); c++ {
			i := row*cols + c
			x := sheetGap + c*(tileW+sheetGap)
			lays[i] = layOut(&tiles[i].Position.Board, tileW, float32(x), float32(y), !o.NoCoords, true)
			h = max(h, lays[i].h)
		}
		for c := 0; c < cols && row*cols+c < len(tiles); c++ {
			lays[row*cols+c].h = h
		}
		y += h + sheetGap
	}
	height := y
	draw := func(c canvas, sh *shaper, marks *scene) {
		c.rect(0, 0, float32(width), float32(height), 0, palettes[Classic].page)
		for i := range tiles {
			t, l := &tiles[i], &lays[i]
			th := palettes[o.Theme.For(t.Position.Info, t.Position.Options)]
			c.rect(l.x0, l.y0, float32(l.w), float32(l.h), 8, cardColour)
			c.strokeRect(l.x0, l.y0, float32(l.w), float32(l.h), 8, 1, cardLine)
			s := scene{c: c, th: th, l: l, o: o, p: &t.Position, sh: sh, marks: marks.marks, segs: marks.segs}
			s.heading(t)
			s.draw(false)
			marks.marks, marks.segs = s.marks, s.segs
		}
	}
	if f == SVG {
		var sh shaper
		c := newSVGCanvas()
		draw(c, &sh, &scene{})
		_, err := out.Write(c.document(width, height))
		return err
	}
	w := r.getWork()
	defer r.putWork(w)
	img := rgbaOf(&w.img, width, height)
	w.r.img, w.r.ox, w.r.oy, w.r.sh, w.r.sprites = img, 0, 0, &w.sh, &r.sprites
	w.r.p.reset()
	draw(&w.r, &w.sh, &w.scene)
	th := palettes[o.Theme.For(tiles[0].Position.Info, tiles[0].Position.Options)]
	return w.encodePNG(out, img, th)
}

// heading writes a tile's number and its players beside their colours on the caption's line,
// and leaves the position's own caption out; a tile with neither keeps the caption.
func (s *scene) heading(t *Tile) {
	if t.Number == 0 && t.Players == [2]string{} {
		return
	}
	k, l := s.l.k, s.l
	size := 34 * k
	chip := 14 * k
	gap := 8 * k
	avail := float32(l.w) - 2*uMargin*k
	num := ""
	if t.Number != 0 {
		num = "#" + strconv.Itoa(t.Number)
	}
	// Each name may take half of what the number, the chips and the spaces leave.
	per := max((avail-s.sh.width(num, size)-2*(2*chip+gap)-2*3*gap)/2, 0)
	names := [2]string{s.sh.fit(t.Players[0], size, per), s.sh.fit(t.Players[1], size, per)}
	total := s.sh.width(num, size)
	for p := range 2 {
		if names[p] != "" {
			if total > 0 {
				total += 3 * gap
			}
			total += 2*chip + gap + s.sh.width(names[p], size)
		}
	}
	x := l.x0 + float32(l.w)/2 - total/2
	y := l.captionY
	if num != "" {
		s.c.text(x, y, num, size, anchorStart, s.th.fg, transparent, 0)
		x += s.sh.width(num, size) + 3*gap
	}
	for p := range 2 {
		if names[p] == "" {
			continue
		}
		kind, colour := s.sideChip(sidePlayer(p))
		s.chip(kind, colour, x+chip, y-0.36*size, chip)
		x += 2*chip + gap
		s.c.text(x, y, names[p], size, anchorStart, s.th.fg, transparent, 0)
		x += s.sh.width(names[p], size) + 3*gap
	}
	s.headed = true
}

// EncodeSheet writes tiles on one picture with the package's Renderer.
func EncodeSheet(out io.Writer, f Format, tiles []Tile, o Options) error {
	return shared.Sheet(out, f, tiles, o)
}
