package render

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The pictures' letters are the Go font's bold, embedded in the program: every picture looks
// the same on every machine. (An SVG names it first and falls back to the reader's sans-serif.)
var boldFont = sync.OnceValue(func() *sfnt.Font {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		panic("render: the embedded Go font does not parse: " + err.Error())
	}
	return f
})

// shaper lays out text in the Go font. It is not safe for concurrent use (its buffer is not).
type shaper struct {
	buf sfnt.Buffer
}

// glyphs calls f with each glyph of s at size pixels and its pen position from the start.
func (sh *shaper) glyphs(s string, size float32, f func(g sfnt.GlyphIndex, x float32)) float32 {
	fnt := boldFont()
	ppem := fixed.Int26_6(size * 64)
	var pen fixed.Int26_6
	prev := sfnt.GlyphIndex(0)
	for i, r := range s {
		g, err := fnt.GlyphIndex(&sh.buf, r)
		if err != nil {
			continue
		}
		if i > 0 && prev != 0 {
			if k, err := fnt.Kern(&sh.buf, prev, g, ppem, font.HintingNone); err == nil {
				pen += k
			}
		}
		if f != nil {
			f(g, float32(pen)/64)
		}
		adv, err := fnt.GlyphAdvance(&sh.buf, g, ppem, font.HintingNone)
		if err == nil {
			pen += adv
		}
		prev = g
	}
	return float32(pen) / 64
}

// width returns the advance of s at size pixels.
func (sh *shaper) width(s string, size float32) float32 {
	return sh.glyphs(s, size, nil)
}

// fit returns s, or as much of it as fits in w pixels at size followed by an ellipsis.
func (sh *shaper) fit(s string, size, w float32) string {
	if sh.width(s, size) <= w {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		t := string(r[:n]) + "…"
		if sh.width(t, size) <= w {
			return t
		}
	}
	return ""
}

func fixedSize(size float32) fixed.Int26_6 { return fixed.Int26_6(size * 64) }
