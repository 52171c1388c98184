package render

import (
	"bytes"
	"errors"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"strings"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games"
)

// goldenWidth is the golden pictures' width for each grid: small files, every mark visible.
const goldenWidth = 360

// TestGoldenPNG draws every test game's last position in every theme and compares it with its
// golden picture.
func TestGoldenPNG(t *testing.T) {
	for _, g := range loadGames(t) {
		p, err := g.replay.At(Latest)
		if err != nil {
			t.Fatal(err)
		}
		p.Caption = "Ana – Bea"
		for _, th := range []Theme{Classic, ByPost, Contrast} {
			var b bytes.Buffer
			o := Options{Theme: th, Size: goldenWidth * len(p.Board.Grids)}
			if err := EncodePosition(&b, PNG, p, o); err != nil {
				t.Fatalf("%s %s: %v", g.key, th, err)
			}
			checkPNG(t, g.key+"-"+string(th)+".png", b.Bytes())
		}
	}
}

// TestGoldenSVG draws every test game's last position as SVG and compares it with its golden
// document.
func TestGoldenSVG(t *testing.T) {
	for _, g := range loadGames(t) {
		p, err := g.replay.At(Latest)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := EncodePosition(&b, SVG, p, Options{Size: goldenWidth * len(p.Board.Grids)}); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b.Bytes(), []byte("<svg ")) || !bytes.HasSuffix(b.Bytes(), []byte("</svg>\n")) {
			t.Fatalf("%s: not an SVG document: %.80s", g.key, b.String())
		}
		checkSVG(t, g.key+".svg", b.Bytes())
	}
}

// TestGoldenSheet draws four numbered boards with their players on one sheet.
func TestGoldenSheet(t *testing.T) {
	var tiles []Tile
	for i, key := range []string{"reversi6", "reversi6", "reversi6", "reversi6"} {
		r := gameByKey(t, key)
		p, err := r.At(r.Len() - 3 + i)
		if err != nil {
			t.Fatal(err)
		}
		tiles = append(tiles, Tile{Number: 7 + i, Players: [2]string{"Ana", "Bea Long-Surname-Here"}, Position: p})
	}
	tiles[3].Players = [2]string{}
	var b bytes.Buffer
	if err := EncodeSheet(&b, PNG, tiles, Options{Size: 720}); err != nil {
		t.Fatal(err)
	}
	checkPNG(t, "sheet.png", b.Bytes())
	b.Reset()
	if err := EncodeSheet(&b, SVG, tiles, Options{Size: 720}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">#7</text>", ">Ana</text>", ">#10</text>"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the sheet's SVG lacks %q", want)
		}
	}
}

// TestGIF checks a game's GIF frame by frame: one frame per move after the start, each (laid
// over the ones before, as a viewer shows them) the picture of its position; the pauses; and
// that frames after the first carry only what changed.
func TestGIF(t *testing.T) {
	for _, key := range []string{"reversi4", "turncoat"} {
		r := gameByKey(t, key)
		o := Options{Size: 240, MoveDelay: 500 * time.Millisecond}
		var b bytes.Buffer
		if err := EncodeGIF(&b, r, o); err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(&b)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Image) != r.Len()+1 {
			t.Fatalf("%s: %d frames, want %d (the start and one a move)", key, len(g.Image), r.Len()+1)
		}
		if g.LoopCount != 0 {
			t.Errorf("%s: loop count %d, want 0 (for ever)", key, g.LoopCount)
		}
		canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
		for i, fr := range g.Image {
			want := 50
			if i == len(g.Image)-1 {
				want = 300
			}
			if g.Delay[i] != want {
				t.Errorf("%s: frame %d pauses %d cs, want %d", key, i, g.Delay[i], want)
			}
			if i > 0 && fr.Bounds() == canvas.Bounds() {
				t.Errorf("%s: frame %d is the whole picture, want what changed", key, i)
			}
			draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
			p, err := r.At(i)
			if err != nil {
				t.Fatal(err)
			}
			img, err := shared.Image(p, o)
			if err != nil {
				t.Fatal(err)
			}
			if msg := differ(canvas, img, 48, 0.01); msg != "" { // a GIF's palette is the whole game's
				t.Errorf("%s: frame %d: %s", key, i, msg)
			}
		}
	}
}

// TestMarks checks what each game's last move marks: Othello's placed disc and the discs it
// flipped, Turncoat's two selections on both boards, Turnover's origin and target (a stack that
// moves is not placed), Troll's chain.
func TestMarks(t *testing.T) {
	marked := func(p Position, grid int, bit uint8) []string {
		s := scene{p: &p}
		s.computeMarks(grid)
		var out []string
		for i, m := range s.marks {
			if m&bit != 0 {
				out = append(out, p.Board.Grids[grid].Cells[i].Coord)
			}
		}
		return out
	}
	start, err := games.Registry().New("reversi", "")
	if err != nil {
		t.Fatal(err)
	}
	rev, err := RecordReplay(game.Record{Start: start, Moves: []string{"d3", "c5"}})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := rev.At(1)
	turncoat, _ := gameByKey(t, "turncoat").At(1)
	turnover, _ := gameByKey(t, "turnover").At(Latest)
	troll, _ := gameByKey(t, "troll").At(Latest)
	p0, _ := rev.At(0)
	for _, c := range []struct {
		name string
		p    Position
		grid int
		bit  uint8
		want string
	}{
		{"reversi placed", p, 0, markPlaced, "d3"},
		{"reversi flipped", p, 0, markFlipped, "d4"},
		{"reversi last", p, 0, markLast, "d3"},
		{"reversi start", p0, 0, markPlaced | markFlipped | markLast, ""},
		{"turncoat red's board", turncoat, 0, markLast, "b2 b7"},
		{"turncoat yellow's board", turncoat, 1, markLast, "b2 b7"},
		{"turncoat placed", turncoat, 0, markPlaced, ""},
		{"turnover last", turnover, 0, markLast, "a6 a5"},
		{"turnover placed", turnover, 0, markPlaced | markFlipped, ""},
		{"turnover check", turnover, 0, markCheck, "a1"},
		{"troll chain", troll, 0, markChain, "a2 b2 c2 d2 e2 e3 e4 g4 c5 d5 e5 f5 g5 h5 g6 g7"},
	} {
		if got := strings.Join(marked(c.p, c.grid, c.bit), " "); got != c.want {
			t.Errorf("%s: marked %q, want %q", c.name, got, c.want)
		}
	}
}

// TestSecrecy plays a Turncoat game at a table and draws its public position while one side's
// selection is pending: every byte of every picture is the same as without it. Revealing the
// round changes them, so the comparison can fail.
func TestSecrecy(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	newTable := func() *game.Table {
		s, err := games.Registry().New("turncoat", "seed=1")
		if err != nil {
			t.Fatal(err)
		}
		tb, err := game.NewTable(s, game.TableConfig{Now: now, Rand: bytes.NewReader(make([]byte, 1<<12))})
		if err != nil {
			t.Fatal(err)
		}
		for _, round := range [][2]string{{"b2", "b7"}, {"b2", "g7"}} {
			for p := game.First; p <= game.Second; p++ {
				if _, err := tb.SubmitText(p, round[p], now); err != nil {
					t.Fatal(err)
				}
			}
		}
		return tb
	}
	pictures := func(tb *game.Table) map[string][]byte {
		out := map[string][]byte{}
		p, err := TablePosition(tb, Latest)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []Format{PNG, SVG} {
			b, err := Bytes(f, p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			out[string(f)] = b
		}
		var b bytes.Buffer
		if err := EncodeGIF(&b, TableReplay(tb), Options{Size: 320}); err != nil {
			t.Fatal(err)
		}
		out["gif"] = b.Bytes()
		b.Reset()
		if err := EncodeSheet(&b, PNG, []Tile{{Number: 1, Players: [2]string{"Ana", "Bea"}, Position: p}}, Options{}); err != nil {
			t.Fatal(err)
		}
		out["sheet"] = b.Bytes()
		return out
	}
	plain := newTable()
	pending := newTable()
	// Red selects f1, which would turn pieces on both boards: a selection that shows.
	if _, err := pending.SubmitText(game.First, "f1", now); err != nil {
		t.Fatal(err)
	}
	if pending.Pending(game.First) == nil || !pending.Submitted()[game.First] {
		t.Fatal("Red's selection is not pending")
	}
	want := pictures(plain)
	for f, b := range pictures(pending) {
		if !bytes.Equal(b, want[f]) {
			t.Errorf("%s: a pending selection changes the picture", f)
		}
	}
	if _, err := pending.SubmitText(game.Second, "f5", now); err != nil {
		t.Fatal(err)
	}
	for f, b := range pictures(pending) {
		if bytes.Equal(b, want[f]) {
			t.Errorf("%s: the revealed round does not change the picture", f)
		}
	}
}

// TestSizes draws every game at the smallest, an odd and the largest width: the picture is as
// wide as asked.
func TestSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("the largest pictures take a moment")
	}
	for _, g := range loadGames(t) {
		p, err := g.replay.At(Latest)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{MinSize, 333, MaxSize} {
			b, err := Bytes(PNG, p, Options{Size: size, Theme: Contrast})
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != size || cfg.Height < size/3 || cfg.Height > 2*size {
				t.Errorf("%s at %d: %dx%d", g.key, size, cfg.Width, cfg.Height)
			}
		}
	}
}

// TestDefaultWidth: a board is DefaultSize wide, Turncoat's two boards twice that.
func TestDefaultWidth(t *testing.T) {
	for key, want := range map[string]int{"reversi8": DefaultSize, "turncoat": 2 * DefaultSize} {
		p, err := gameByKey(t, key).At(Latest)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Bytes(PNG, p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width != want {
			t.Errorf("%s: %d pixels wide, want %d", key, cfg.Width, want)
		}
	}
}

// TestRefusals: bad options, plies, formats and boards are errors that say why, never panics.
func TestRefusals(t *testing.T) {
	r := gameByKey(t, "reversi4")
	p, err := r.At(Latest)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, c := range []struct {
		name string
		err  error
		is   error
		text string
	}{
		{"small", shared.PNG(&out, p, Options{Size: MinSize - 1}), ErrOption, "size 63: want a width from 64 to 2048 pixels"},
		{"large", shared.SVG(&out, p, Options{Size: MaxSize + 1}), ErrOption, "size 2049"},
		{"theme", shared.PNG(&out, p, Options{Theme: "neon"}), ErrOption, `theme "neon": want auto, classic, bypost or contrast`},
		{"delay", shared.GIF(&out, r, Options{MoveDelay: -time.Second}), ErrOption, "move delay -1s"},
		{"gif as position", shared.Encode(&out, GIF, p, Options{}), ErrOption, "a position is drawn as png or svg"},
		{"ply", func() error { _, err := r.At(6); return err }(), ErrPly, "ply 6: the game has 5 moves"},
		{"no tiles", shared.Sheet(&out, PNG, nil, Options{}), ErrOption, "0 boards"},
		{"bad board", shared.PNG(&out, Position{Board: game.Board{Grids: []game.Grid{{Rows: 2, Cols: 2}}}}, Options{}), nil, "grid 0 is 2x2 with 0 squares"},
		{"no board", shared.PNG(&out, Position{}, Options{}), nil, "a board of 0 grids"},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if c.is != nil && !errors.Is(c.err, c.is) {
			t.Errorf("%s: %v is not %v", c.name, c.err, c.is)
		}
		if !strings.Contains(c.err.Error(), c.text) {
			t.Errorf("%s: %q does not say %q", c.name, c.err, c.text)
		}
	}
	if out.Len() != 0 {
		t.Errorf("refused pictures wrote %d bytes", out.Len())
	}
}

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]Format{"a.png": PNG, "B.SVG": SVG, "dir/game.gif": GIF} {
		if f, err := FormatOf(name); err != nil || f != want {
			t.Errorf("FormatOf(%q) = %q, %v; want %q", name, f, err, want)
		}
	}
	for _, name := range []string{"a.jpg", "png", ""} {
		if _, err := FormatOf(name); !errors.Is(err, ErrOption) {
			t.Errorf("FormatOf(%q): %v, want an option error", name, err)
		}
	}
}

// TestThemeFor: Auto is the by-post theme for 6x6 Othello only, as in the UI, as the game's
// Info says; a theme the renderer does not draw falls back to the classic one.
func TestThemeFor(t *testing.T) {
	unknown := game.Info{Themes: []game.ThemeHint{{Theme: "neon"}}}
	for _, c := range []struct {
		t    Theme
		game string
		info *game.Info // instead of the game's
		opts map[string]string
		want Theme
	}{
		{Auto, "reversi", nil, map[string]string{"size": "6"}, ByPost},
		{Auto, "reversi", nil, map[string]string{"size": "8"}, Classic},
		{"", "turncoat", nil, nil, Classic},
		{Auto, "turncoat", nil, map[string]string{"size": "6"}, Classic},
		{Contrast, "reversi", nil, map[string]string{"size": "6"}, Contrast},
		{Auto, "", &game.Info{}, map[string]string{"size": "6"}, Classic},
		{Auto, "", &unknown, nil, Classic},
	} {
		info := c.info
		if info == nil {
			g, err := games.Registry().Lookup(c.game)
			if err != nil {
				t.Fatal(err)
			}
			i := game.InfoOf(g)
			info = &i
		}
		if got := c.t.For(*info, c.opts); got != c.want {
			t.Errorf("%q.For(%s %v) = %q, want %q", c.t, c.game, c.opts, got, c.want)
		}
	}
}
