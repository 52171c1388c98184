package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// TestRenderCommand draws positions and games from moves and from record files of two games.
func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	writeRecord := func(name, gameName, format string, moves []string) string {
		s, err := games.Registry().New(gameName, "")
		if err != nil {
			t.Fatal(err)
		}
		text, err := game.FormatRecord(format, game.Record{Start: s, Moves: moves, Players: [2]string{"Ana", "Bea"}})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ggf := writeRecord("game.ggf", "reversi", "ggf", strings.Fields("f5 d6 c3 d3 c4 f4 f6"))
	turnover := writeRecord("turnover.txt", "turnover", "", strings.Fields("C.c2 C.a6 C.b3"))

	out := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		args  []string
		file  string
		check func(t *testing.T, data []byte)
	}{
		{[]string{"--moves", "f5 d6 c3", "--out", out("a.png")}, "a.png", pngWidth(480)},
		{[]string{"--moves", "f5 d6 c3", "--ply", "1", "--size", "200", "--theme", "contrast", "--out", out("b.png")}, "b.png", pngWidth(200)},
		{[]string{"--game", "turncoat", "--options", "seed=1", "--moves", "b2 b7 b2 g7", "--out", out("c.png")}, "c.png", pngWidth(960)},
		{[]string{ggf, "--out", out("d.gif")}, "d.gif", gifFrames(8)},
		{[]string{ggf, "--ply", "3", "--out", out("e.gif")}, "e.gif", gifFrames(4)},
		{[]string{"--game", "turnover", turnover, "--ply", "2", "--out", out("f.svg")}, "f.svg", func(t *testing.T, b []byte) {
			if !bytes.HasPrefix(b, []byte("<svg ")) || !bytes.Contains(b, []byte(">Ana – Bea</text>")) {
				t.Errorf("not an SVG with the players: %.120s", b)
			}
		}},
	} {
		code, stdout, stderr := runCLI(t, "", append([]string{"render"}, c.args...)...)
		if code != 0 {
			t.Errorf("%q: exit %d: %s", c.args, code, stderr)
			continue
		}
		if !strings.HasPrefix(stdout, "wrote "+out(c.file)+" (") {
			t.Errorf("%q: stdout %q", c.args, stdout)
		}
		data, err := os.ReadFile(out(c.file))
		if err != nil {
			t.Fatal(err)
		}
		c.check(t, data)
	}
}

func pngWidth(want int) func(t *testing.T, data []byte) {
	return func(t *testing.T, data []byte) {
		t.Helper()
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width != want {
			t.Errorf("a PNG %d pixels wide (%v), want %d", cfg.Width, err, want)
		}
	}
}

func gifFrames(want int) func(t *testing.T, data []byte) {
	return func(t *testing.T, data []byte) {
		t.Helper()
		g, err := gif.DecodeAll(bytes.NewReader(data))
		if err != nil || len(g.Image) != want {
			t.Errorf("a GIF of %d frames (%v), want %d", len(g.Image), err, want)
		}
	}
}

// TestRenderRefusals: bad command lines exit 2 with what is wrong, a failure exits 1, and
// neither touches the file --out names.
func TestRenderRefusals(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.png")
	if err := os.WriteFile(keep, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	record := filepath.Join(dir, "moves.txt")
	if err := os.WriteFile(record, []byte("f5d6c3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "want --out FILE.png, .svg or .gif"},
		{[]string{"--out", filepath.Join(dir, "a.jpg")}, 2, "want a file ending in .png, .svg or .gif"},
		{[]string{"--out", keep, "--size", "5000"}, 2, "--size 5000: want a width from 64 to 2048 pixels"},
		{[]string{"--out", keep, "--theme", "neon"}, 2, `--theme "neon": want auto, classic, bypost or contrast`},
		{[]string{"--out", keep, "--ply", "x"}, 2, `--ply "x": want a number of moves from 0, or last`},
		{[]string{"--out", keep, "--moves", "f5 d6", "--ply", "3"}, 2, "--ply 3: the game has 2 moves"},
		{[]string{"--out", keep, "--moves", "f5 f5"}, 2, "--moves: move 2 (f5): illegal move"},
		{[]string{"--out", keep, "--game", "turncoat", "--options", "seed=1", "--moves", "b2"}, 2, "wants both sides' selections"},
		{[]string{"--out", keep, "--game", "chess"}, 2, `unknown game "chess"`},
		{[]string{"--out", keep, record, "--moves", "f5"}, 2, "give a RECORD, or --position and --moves, not both"},
		{[]string{"--out", keep, record, "--number", "2"}, 2, "--number 2: " + record + " holds 1 games"},
		{[]string{"--out", keep, record, "other"}, 2, "want at most one RECORD"},
		{[]string{"--out", keep, filepath.Join(dir, "none.txt")}, 1, "no such file"},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"render"}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.want)
		}
		if c.code == 2 && !strings.Contains(stderr, `Run "turncoat render --help" for usage.`) {
			t.Errorf("%q: no usage hint in %q", c.args, stderr)
		}
	}
	if b, _ := os.ReadFile(keep); string(b) != "kept" {
		t.Errorf("a refused command changed --out's file: %q", b)
	}
	code, stdout, _ := runCLI(t, "", "render", "--help")
	if code != 0 || !strings.HasPrefix(stdout, "Usage: turncoat render ") || !strings.Contains(stdout, "-theme") {
		t.Errorf("--help: exit %d, %q", code, stdout)
	}
}
