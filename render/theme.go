package render

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"unicode/utf8"

	"turncoat/game"
)

// Theme is a board theme of the web UI.
type Theme string

// The board themes. Auto picks the game's own choice for its options (game.Info.Themes: ByPost
// for 6x6 Reversi, as the forum tournaments play it), and Classic for everything else, as the
// UI's "auto" does.
const (
	Auto     Theme = "auto"
	Classic  Theme = "classic"
	ByPost   Theme = "bypost"
	Contrast Theme = "contrast"
)

// Themes lists the themes a request may name.
var Themes = []Theme{Auto, Classic, ByPost, Contrast}

// ParseTheme reads a theme's name: one of Themes, any case, or "by-post", "high-contrast";
// "" is Auto.
func ParseTheme(s string) (Theme, error) {
	switch strings.ToLower(s) {
	case "", "auto":
		return Auto, nil
	case "classic":
		return Classic, nil
	case "bypost", "by-post":
		return ByPost, nil
	case "contrast", "high-contrast":
		return Contrast, nil
	}
	return "", fmt.Errorf("theme %s: want auto, classic, bypost or contrast", quoteShort(s))
}

// For returns the theme a game is drawn in: t itself, or for Auto the game's choice (its
// game.Info) under its options (by name, as game.Options.Map gives them), Classic where the
// game has none or names a theme this package does not draw.
func (t Theme) For(info game.Info, options map[string]string) Theme {
	if t != Auto && t != "" {
		return t
	}
	if th := Theme(info.Theme(options)); palettes[th] != nil {
		return th
	}
	return Classic
}

// palette is a theme's colours, as the UI's style sheet sets them.
type palette struct {
	name                  Theme
	page, fg              color.NRGBA
	felt, feltLine, frame color.NRGBA
	coord                 color.NRGBA
	discB, discBEdge      color.NRGBA
	discW, discWEdge      color.NRGBA
	// markB and markW are the rings that tell the faces apart by more than hue (transparent
	// for none); markWidth their width in board units.
	markB, markW color.NRGBA
	markWidth    float32
	// last marks the last move and the discs it flipped.
	last color.NRGBA
}

// The colours every theme shares: Turnover's squares and stacks, Turncoat's tabs and frames,
// Troll's edges and chain, the marks.
var (
	white        = rgb(0xffffff)
	sqLight      = rgb(0xe9d8b4)
	sqDark       = rgb(0xb98e5f)
	stackWhite   = rgb(0xf3efe3)
	stackWEdge   = rgb(0x3a3a3a)
	stackBlack   = rgb(0x1f1f1f)
	stackBEdge   = rgb(0xd8d8d8)
	letterWFill  = rgb(0xffffff)
	letterWHalo  = rgb(0x333333)
	letterBFill  = rgb(0x111111)
	letterBHalo  = rgb(0xeeeeee)
	tcRed        = rgb(0xd32f2f)
	tcYellow     = rgb(0xf2c200)
	tcRedFrame   = rgb(0xa11d1d)
	tcYellowFrm  = rgb(0xc79c00)
	tcYellowText = rgb(0xb38a00)
	tcDark       = rgb(0x1c1c1c)
	edgeFirst    = rgb(0x0d0d0d)
	edgeSecond   = rgb(0xf4f4f0)
	edgeLine     = rgb(0x111111)
	chainColour  = rgb(0xffcf33)
	checkRed     = rgb(0xe53935)
	lastSquare   = color.NRGBA{0xff, 0xd5, 0x00, 0x59}
	lastSqEdge   = rgb(0xf9a825)
	checkGlow    = color.NRGBA{0xe5, 0x39, 0x35, 0x73}
	holeFill     = color.NRGBA{0, 0, 0, 0x73}
	holeEdge     = color.NRGBA{0, 0, 0, 0x99}
	holeCross    = color.NRGBA{0xff, 0xff, 0xff, 0x59}
	transparent  = color.NRGBA{}
)

var palettes = map[Theme]*palette{
	Classic: {
		name: Classic, page: rgb(0xf6f5f1), fg: rgb(0x1c1c1c),
		felt: rgb(0x2e7d4f), feltLine: rgb(0x1d5a36), frame: rgb(0x5b3a1e), coord: rgb(0x3a3a3a),
		discB: rgb(0x1a1a1a), discBEdge: rgb(0x000000), discW: rgb(0xf4f4f0), discWEdge: rgb(0x555555),
		markWidth: 5, last: rgb(0xe53935),
	},
	ByPost: {
		name: ByPost, page: rgb(0xf6f5f1), fg: rgb(0x1c1c1c),
		felt: rgb(0xe8e0cf), feltLine: rgb(0x8c826e), frame: rgb(0x5a6b7b), coord: rgb(0x3a3a3a),
		discB: rgb(0xd32f2f), discBEdge: rgb(0x7f0000), discW: rgb(0x1e63c4), discWEdge: rgb(0x0b2d63),
		markW: rgb(0xffffff), markWidth: 5, last: rgb(0xffd400),
	},
	Contrast: {
		name: Contrast, page: rgb(0xf6f5f1), fg: rgb(0x1c1c1c),
		felt: rgb(0x0d4d8c), feltLine: rgb(0x06294d), frame: rgb(0x111111), coord: rgb(0x3a3a3a),
		discB: rgb(0x000000), discBEdge: rgb(0xffffff), discW: rgb(0xffffff), discWEdge: rgb(0x000000),
		markB: rgb(0xffffff), markWidth: 8, last: rgb(0xff9f1c),
	},
}

// seeds are the opaque colours a theme draws with: a picture's palette always holds them, so
// that a mark a few pixels wide keeps its colour.
func (p *palette) seeds() []color.NRGBA {
	s := []color.NRGBA{p.page, p.fg, p.felt, p.feltLine, p.frame, p.coord, p.discB, p.discBEdge,
		p.discW, p.discWEdge, p.last, white, sqLight, sqDark, stackWhite, stackWEdge, stackBlack,
		stackBEdge, letterBFill, tcRed, tcYellow, tcRedFrame, tcYellowFrm, tcYellowText, edgeFirst,
		edgeSecond, chainColour, checkRed, lastSqEdge}
	for _, c := range [...]color.NRGBA{p.markB, p.markW} {
		if c.A == 0xff {
			s = append(s, c)
		}
	}
	return s
}

func rgb(v uint32) color.NRGBA {
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// quoteShort quotes s for an error message, cut to a readable length (a query string may
// carry anything, unprintable bytes too).
func quoteShort(s string) string {
	const max = 34 // quoted, with its quotation marks
	q := strconv.Quote(s)
	if len(q) <= max {
		return q
	}
	for cut := min(len(s)-1, max); cut > 0; cut-- {
		if !utf8.RuneStart(s[cut]) {
			continue
		}
		if q = strconv.Quote(s[:cut]); len(q) <= max {
			return q + "…"
		}
	}
	return `""…`
}
