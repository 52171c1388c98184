package render

import (
	"bufio"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

var update = flag.Bool("update", false, "write the golden pictures anew (then look at them)")

// testGame is one game of testdata/games.txt.
type testGame struct {
	key    string
	replay Replay
}

// loadGames reads testdata/games.txt, replaying each game.
func loadGames(t testing.TB) []testGame {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "games.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []testGame
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			t.Fatalf("games.txt: %q: want 4 fields separated by tabs", line)
		}
		s, err := games.Registry().New(fields[1], fields[2])
		if err != nil {
			t.Fatalf("games.txt: %s: %v", fields[0], err)
		}
		rec := game.Record{Start: s, Moves: strings.Split(fields[3], ";")}
		r, err := RecordReplay(rec)
		if err != nil {
			t.Fatalf("games.txt: %s: %v", fields[0], err)
		}
		out = append(out, testGame{key: fields[0], replay: r})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func gameByKey(t testing.TB, key string) Replay {
	t.Helper()
	for _, g := range loadGames(t) {
		if g.key == key {
			return g.replay
		}
	}
	t.Fatalf("no game %q in testdata/games.txt", key)
	return Replay{}
}

// Pixels may differ this much in a channel (the rasteriser's floating point may round
// otherwise on another processor), and this share of them may differ more.
const (
	channelTolerance = 24
	pixelShare       = 0.002
)

// golden returns the golden file's bytes to compare got with, or writes got as the golden file
// with -update (and returns false: nothing to compare).
func golden(t *testing.T, name string, got []byte) ([]byte, bool) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return nil, false
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it, then look at it)", err)
	}
	return want, true
}

// checkPNG compares a PNG with its golden file (or writes it with -update).
func checkPNG(t *testing.T, name string, got []byte) {
	t.Helper()
	want, ok := golden(t, name, got)
	if !ok {
		return
	}
	gi, err := png.Decode(strings.NewReader(string(got)))
	if err != nil {
		t.Fatalf("%s: the picture made does not decode: %v", name, err)
	}
	wi, err := png.Decode(strings.NewReader(string(want)))
	if err != nil {
		t.Fatalf("%s: the golden picture does not decode: %v", name, err)
	}
	if msg := differ(gi, wi, channelTolerance, pixelShare); msg != "" {
		bad := filepath.Join(t.TempDir(), name)
		_ = os.WriteFile(bad, got, 0o644)
		t.Errorf("%s: %s (the picture made is at %s)", name, msg, bad)
	}
}

// differ says how a and b differ beyond the tolerances (channel, in a channel's 0-255; share, of
// the pixels), "" when they do not.
func differ(a, b image.Image, channel int, share float64) string {
	if a.Bounds() != b.Bounds() {
		return "size " + a.Bounds().String() + ", want " + b.Bounds().String()
	}
	bad, r := 0, a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			for _, d := range [...][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
				if diff := int(d[0]>>8) - int(d[1]>>8); diff > channel || diff < -channel {
					bad++
					break
				}
			}
		}
	}
	if float64(bad) > share*float64(r.Dx()*r.Dy()) {
		return strconv.Itoa(bad) + " pixels differ"
	}
	return ""
}

var svgNumber = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)

// checkSVG compares an SVG document with its golden file: the same text, numbers within a
// twentieth of a pixel.
func checkSVG(t *testing.T, name string, got []byte) {
	t.Helper()
	want, ok := golden(t, name, got)
	if !ok {
		return
	}
	g, w := string(got), string(want)
	if gs, ws := svgNumber.ReplaceAllString(g, "#"), svgNumber.ReplaceAllString(w, "#"); gs != ws {
		i := 0
		for i < len(gs) && i < len(ws) && gs[i] == ws[i] {
			i++
		}
		from := max(i-80, 0)
		t.Errorf("%s: the document differs from the golden one (numbers as #):\n got …%.200s\nwant …%.200s", name, gs[from:], ws[from:])
		return
	}
	gn, wn := svgNumber.FindAllString(g, -1), svgNumber.FindAllString(w, -1)
	for i := range gn {
		a, _ := strconv.ParseFloat(gn[i], 64)
		b, _ := strconv.ParseFloat(wn[i], 64)
		if a-b > 0.05 || b-a > 0.05 {
			t.Errorf("%s: number %d is %s, want %s", name, i, gn[i], wn[i])
			return
		}
	}
}
