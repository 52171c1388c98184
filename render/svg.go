package render

import (
	"encoding/xml"
	"image/color"
	"math"
	"strconv"
	"unicode/utf8"
)

// svgCanvas writes the picture as SVG elements: the pieces once each under <defs>, used where
// they stand. Numbers are written to a hundredth of a pixel.
type svgCanvas struct {
	body, defs []byte
	out        *[]byte // body, or defs while a piece is being defined
	ids        map[spriteKey]int
}

var _ canvas = (*svgCanvas)(nil)

func newSVGCanvas() *svgCanvas {
	c := &svgCanvas{ids: map[spriteKey]int{}}
	c.out = &c.body
	return c
}

// document returns the whole SVG document of a picture w x h pixels.
func (c *svgCanvas) document(w, h int) []byte {
	var b []byte
	b = append(b, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="`...)
	b = strconv.AppendInt(b, int64(w), 10)
	b = append(b, `" height="`...)
	b = strconv.AppendInt(b, int64(h), 10)
	b = append(b, `" viewBox="0 0 `...)
	b = strconv.AppendInt(b, int64(w), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(h), 10)
	b = append(b, `" font-family="Go, 'Go Bold', 'DejaVu Sans', Arial, sans-serif" font-weight="bold">`...)
	if len(c.defs) > 0 {
		b = append(b, "<defs>"...)
		b = append(b, c.defs...)
		b = append(b, "</defs>"...)
	}
	b = append(b, c.body...)
	b = append(b, "</svg>\n"...)
	return b
}

func (c *svgCanvas) num(name string, v float32) {
	b := append(*c.out, ' ')
	b = append(b, name...)
	b = append(b, `="`...)
	b = appendNum(b, v)
	*c.out = append(b, '"')
}

func appendNum(b []byte, v float32) []byte {
	r := math.Round(float64(v)*100) / 100
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.AppendFloat(b, r, 'f', -1, 64)
}

// paint writes a fill or stroke attribute with its opacity when the colour is translucent.
func (c *svgCanvas) paint(attr string, col color.NRGBA) {
	const hex = "0123456789abcdef"
	b := append(*c.out, ' ')
	b = append(b, attr...)
	b = append(b, `="#`...)
	for _, v := range [...]uint8{col.R, col.G, col.B} {
		b = append(b, hex[v>>4], hex[v&15])
	}
	b = append(b, '"')
	if col.A != 0xff {
		b = append(b, ' ')
		b = append(b, attr...)
		b = append(b, `-opacity="`...)
		b = strconv.AppendFloat(b, math.Round(float64(col.A)/255*1000)/1000, 'f', -1, 64)
		b = append(b, '"')
	}
	*c.out = b
}

func (c *svgCanvas) raw(s string) { *c.out = append(*c.out, s...) }

func (c *svgCanvas) rectAttrs(x, y, w, h, rx float32) {
	c.num("x", x)
	c.num("y", y)
	c.num("width", w)
	c.num("height", h)
	if rx > 0 {
		c.num("rx", rx)
	}
}

func (c *svgCanvas) rect(x, y, w, h, rx float32, col color.NRGBA) {
	c.raw("<rect")
	c.rectAttrs(x, y, w, h, rx)
	c.paint("fill", col)
	c.raw("/>")
}

func (c *svgCanvas) frame(x, y, w, h, rx, band float32, col color.NRGBA) {
	c.rect(x, y, w, h, rx, col) // the board covers the middle
}

func (c *svgCanvas) tab(x, y, w, h, rx float32, col color.NRGBA) {
	rx = min(rx, w/2, h)
	b := append(*c.out, `<path d="M`...)
	pt := func(x, y float32) {
		b = appendNum(b, x)
		b = append(b, ',')
		b = appendNum(b, y)
	}
	pt(x, y+h)
	b = append(b, 'V')
	b = appendNum(b, y+rx)
	b = append(b, 'A')
	pt(rx, rx)
	b = append(b, " 0 0 1 "...)
	pt(x+rx, y)
	b = append(b, 'H')
	b = appendNum(b, x+w-rx)
	b = append(b, 'A')
	pt(rx, rx)
	b = append(b, " 0 0 1 "...)
	pt(x+w, y+rx)
	b = append(b, 'V')
	b = appendNum(b, y+h)
	b = append(b, `Z"`...)
	*c.out = b
	c.paint("fill", col)
	c.raw("/>")
}

func (c *svgCanvas) stroke(col color.NRGBA, width float32) {
	c.raw(` fill="none"`)
	c.paint("stroke", col)
	c.num("stroke-width", width)
}

func (c *svgCanvas) dashes(dash, gap float32) {
	b := append(*c.out, ` stroke-dasharray="`...)
	b = appendNum(b, dash)
	b = append(b, ' ')
	b = appendNum(b, gap)
	*c.out = append(b, '"')
}

func (c *svgCanvas) strokeRect(x, y, w, h, rx, width float32, col color.NRGBA) {
	c.raw("<rect")
	c.rectAttrs(x, y, w, h, rx)
	c.stroke(col, width)
	c.raw("/>")
}

func (c *svgCanvas) dashRect(x, y, w, h, width, dash, gap float32, col color.NRGBA) {
	c.raw("<rect")
	c.rectAttrs(x, y, w, h, 0)
	c.stroke(col, width)
	c.dashes(dash, gap)
	c.raw("/>")
}

func (c *svgCanvas) circleAttrs(cx, cy, r float32) {
	c.num("cx", cx)
	c.num("cy", cy)
	c.num("r", r)
}

func (c *svgCanvas) circle(cx, cy, r float32, col color.NRGBA) {
	c.raw("<circle")
	c.circleAttrs(cx, cy, r)
	c.paint("fill", col)
	c.raw("/>")
}

func (c *svgCanvas) ring(cx, cy, r, width float32, col color.NRGBA) {
	c.raw("<circle")
	c.circleAttrs(cx, cy, r)
	c.stroke(col, width)
	c.raw("/>")
}

func (c *svgCanvas) dashRing(cx, cy, r, width, dash, gap float32, col color.NRGBA) {
	c.raw("<circle")
	c.circleAttrs(cx, cy, r)
	c.stroke(col, width)
	c.dashes(dash, gap)
	c.raw("/>")
}

func (c *svgCanvas) lines(s []float32, width float32, round bool, col color.NRGBA) {
	b := append(*c.out, `<path d="`...)
	for i := 0; i+3 < len(s); i += 4 {
		b = append(b, 'M')
		b = appendNum(b, s[i])
		b = append(b, ',')
		b = appendNum(b, s[i+1])
		b = append(b, 'L')
		b = appendNum(b, s[i+2])
		b = append(b, ',')
		b = appendNum(b, s[i+3])
	}
	*c.out = append(b, '"')
	c.stroke(col, width)
	if round {
		c.raw(` stroke-linecap="round" stroke-linejoin="round"`)
	}
	c.raw("/>")
}

func (c *svgCanvas) text(x, y float32, s string, size float32, a anchor, col, halo color.NRGBA, haloW float32) {
	if s == "" {
		return
	}
	c.raw("<text")
	c.num("x", x)
	c.num("y", y)
	c.num("font-size", size)
	switch a {
	case anchorMiddle:
		c.raw(` text-anchor="middle"`)
	case anchorEnd:
		c.raw(` text-anchor="end"`)
	}
	c.paint("fill", col)
	if haloW > 0 && halo.A > 0 {
		c.paint("stroke", halo)
		c.num("stroke-width", 2*haloW)
		c.raw(` stroke-linejoin="round" paint-order="stroke"`)
	}
	c.raw(">")
	*c.out = appendXMLText(*c.out, s)
	c.raw("</text>")
}

// appendXMLText appends s escaped as XML character data (characters XML cannot hold become
// U+FFFD).
func appendXMLText(b []byte, s string) []byte {
	if !utf8.ValidString(s) {
		s = string([]rune(s))
	}
	w := byteAppender{b}
	_ = xml.EscapeText(&w, []byte(s))
	return w.b
}

type byteAppender struct{ b []byte }

func (w *byteAppender) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

func (c *svgCanvas) group(key spriteKey, cx, cy, ext float32, art pieceArt) {
	id, ok := c.ids[key]
	if !ok {
		id = len(c.ids) + 1
		c.ids[key] = id
		c.out = &c.defs
		b := append(c.defs, `<g id="p`...)
		c.defs = append(strconv.AppendInt(b, int64(id), 10), `">`...)
		art.draw(c)
		c.defs = append(c.defs, "</g>"...)
		c.out = &c.body
	}
	b := append(c.body, `<use href="#p`...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, `" xlink:href="#p`...)
	b = strconv.AppendInt(b, int64(id), 10)
	c.body = append(b, '"')
	c.num("x", cx)
	c.num("y", cy)
	c.raw("/>")
}
