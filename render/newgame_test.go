package render

import (
	"bytes"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/internal/testgame"
)

// TestNewGame draws the test game, which this package knows nothing of: its board checkered
// and its default theme by options because its Info says so, its sides' chips as discs even
// before a disc is placed, its winning line marked from its board's chain marks.
func TestNewGame(t *testing.T) {
	replay := func(options string, moves ...string) Replay {
		t.Helper()
		start, err := game.NewRegistry(testgame.Game{}).New(testgame.Name, options)
		if err != nil {
			t.Fatal(err)
		}
		r, err := RecordReplay(game.Record{Start: start, Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	won := replay("", "a1", "a2", "b1", "b2", "c1")
	for _, c := range []struct {
		name      string
		r         Replay
		ply       int
		theme     Theme
		chips     [2]string // First's and Second's, kind and colour
		chain     string
		checkered bool
	}{
		{"start", replay(""), 0, Classic, [2]string{"disc black", "disc white"}, "", true},
		{"4x4 start", replay("size=4"), 0, Contrast, [2]string{"disc black", "disc white"}, "", true},
		{"first=white", replay("first=white", "b2"), 1, Classic, [2]string{"disc white", "disc black"}, "", true},
		{"won", won, Latest, Classic, [2]string{"disc black", "disc white"}, "a1 b1 c1", true},
		{"before the win", won, 4, Classic, [2]string{"disc black", "disc white"}, "", true},
	} {
		p, err := c.r.At(c.ply)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := Auto.For(p.Info, p.Options); got != c.theme {
			t.Errorf("%s: theme %s, want %s", c.name, got, c.theme)
		}
		s := scene{p: &p}
		if s.checkered() != c.checkered {
			t.Errorf("%s: checkered %v, want %v", c.name, s.checkered(), c.checkered)
		}
		for side := range 2 {
			kind, colour := s.sideChip(sidePlayer(side))
			if got := kind + " " + colour; got != c.chips[side] {
				t.Errorf("%s: side %d's chip %q, want %q", c.name, side, got, c.chips[side])
			}
		}
		s.computeMarks(0)
		var chain []string
		for i, m := range s.marks {
			if m&markChain != 0 {
				chain = append(chain, p.Board.Grids[0].Cells[i].Coord)
			}
		}
		if got := strings.Join(chain, " "); got != c.chain {
			t.Errorf("%s: chain %q, want %q", c.name, got, c.chain)
		}
		// The pictures draw: the SVG with the checkered squares' colours, the PNG whole.
		var svg, png bytes.Buffer
		if err := EncodePosition(&svg, SVG, p, Options{}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.Contains(svg.String(), "#b98e5f") {
			t.Errorf("%s: the SVG has no dark square", c.name)
		}
		if err := EncodePosition(&png, PNG, p, Options{Size: 200}); err != nil || !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")) {
			t.Errorf("%s: PNG %.8q: %v", c.name, png.Bytes(), err)
		}
	}
	// The whole game as a GIF, and the Info a hand-made position lacks: no checkered board.
	var gif bytes.Buffer
	if err := EncodeGIF(&gif, won, Options{Size: 200}); err != nil || !bytes.HasPrefix(gif.Bytes(), []byte("GIF8")) {
		t.Errorf("GIF %.6q: %v", gif.Bytes(), err)
	}
	p, _ := won.At(Latest)
	p.Info = game.Info{}
	if s := (scene{p: &p}); s.checkered() {
		t.Error("a position without the game's Info is drawn checkered")
	}
}
