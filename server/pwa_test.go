package server_test

import (
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"turncoat/app"
	"turncoat/game"
	"turncoat/games"
	"turncoat/store"
	"turncoat/web"
)

// TestInstallableApp checks what a browser installs the app from: the manifest (standalone,
// started and scoped at the root, icons of 192 and 512 pixels and a maskable one), each icon a
// square PNG of its size (the maskable one opaque to its corners, as a launcher's mask may show
// them), and the service worker, served at the root with the UI's version and a list of files
// that are all there.
func TestInstallableApp(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.Web = web.Files() })
	get := func(path string) (*http.Response, []byte) {
		t.Helper()
		resp, err := http.Get(h.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, resp.StatusCode, b)
		}
		return resp, b
	}

	resp, body := get("/manifest.webmanifest")
	if ct := resp.Header.Get("Content-Type"); ct != "application/manifest+json" {
		t.Errorf("manifest's type %q", ct)
	}
	var m struct {
		Name, ShortName, StartURL, Scope, Display string
		Icons                                     []struct{ Src, Sizes, Type, Purpose string }
	}
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	// encoding/json matches the fields case-insensitively but not through underscores.
	var raw map[string]any
	json.Unmarshal(body, &raw)
	m.ShortName, m.StartURL = raw["short_name"].(string), raw["start_url"].(string)
	if m.Name == "" || m.ShortName == "" || m.StartURL != "/" || m.Scope != "/" || m.Display != "standalone" || raw["theme_color"] == nil {
		t.Errorf("manifest: %s", body)
	}
	sizes := map[string]bool{}
	for _, ic := range m.Icons {
		sizes[ic.Sizes+" "+ic.Purpose] = true
		_, b := get(ic.Src)
		img, err := png.Decode(strings.NewReader(string(b)))
		if err != nil {
			t.Fatalf("%s: %v", ic.Src, err)
		}
		if got := img.Bounds(); fmt.Sprintf("%dx%d", got.Dx(), got.Dy()) != ic.Sizes {
			t.Errorf("%s is %v, the manifest says %s", ic.Src, got, ic.Sizes)
		}
		if ic.Purpose == "maskable" {
			for _, p := range [][2]int{{0, 0}, {img.Bounds().Dx() - 1, img.Bounds().Dy() - 1}} {
				if _, _, _, a := img.At(p[0], p[1]).RGBA(); a != 0xffff {
					t.Errorf("%s: the maskable icon is not opaque at %v", ic.Src, p)
				}
			}
		}
	}
	for _, want := range []string{"192x192 any", "512x512 any", "512x512 maskable"} {
		if !sizes[want] {
			t.Errorf("no icon %s in %v", want, sizes)
		}
	}

	resp, body = get("/sw.js")
	if ct := resp.Header.Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Errorf("worker's type %q", ct)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("worker's Cache-Control %q: a browser must see a deploy's new worker", cc)
	}
	head := regexp.MustCompile(`self\.turncoatWorker = (\{.*\});`).FindSubmatch(body)
	if head == nil {
		t.Fatalf("the worker names no version and files:\n%.300s", body)
	}
	var w struct {
		Version string
		Files   []string
	}
	if err := json.Unmarshal(head[1], &w); err != nil {
		t.Fatal(err)
	}
	_, page := get("/")
	if !strings.Contains(string(page), "/v/"+w.Version+"/app.js") || !strings.Contains(string(page), `rel="manifest"`) {
		t.Errorf("the page does not name the worker's version %s and the manifest", w.Version)
	}
	kept := map[string]bool{}
	for _, f := range w.Files {
		kept[f] = true
		get(f) // every file the worker keeps is there
	}
	for _, f := range []string{"/", "/api/kinds", "/manifest.webmanifest", "/v/" + w.Version + "/app.js", "/v/" + w.Version + "/i18n/pt.json", "/v/" + w.Version + "/board/turncoat.js"} {
		if !kept[f] {
			t.Errorf("the worker does not keep %s", f)
		}
	}
}

// finishedRecord plays a game of kind under options to its end, always the first legal move (a
// pass where a side has none), and returns its moves in the game's notation.
func finishedRecord(t *testing.T, kind string, options map[string]string) []string {
	t.Helper()
	g, err := games.Registry().Lookup(kind)
	if err != nil {
		t.Fatal(err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), options)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(o)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for !s.Outcome().Over {
		p := s.ToAct().Single()
		a := s.Legal(p, nil)[0]
		moves = append(moves, s.FormatAction(p, a))
		if err := game.Play(s, p, a); err != nil {
			t.Fatal(err)
		}
	}
	return moves
}

// TestUploadOfflineGames uploads games played on a device without the network, as the offline
// page does (an import that asks for a finished game): a finished record becomes a finished
// hot-seat game of the uploader's, casual, never rated; a record that stops before the end is
// refused in the uploader's language, and makes no game.
func TestUploadOfflineGames(t *testing.T) {
	t.Parallel()
	moves := finishedRecord(t, "reversi", map[string]string{"size": "4"})
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		c := h.bot()
		var g gameJSON
		var raw map[string]any
		body := map[string]any{"kind": "reversi", "options": map[string]string{"size": "4"}, "format": "moves", "text": strings.Join(moves, " "), "finished": true}
		if st := c.call("POST", "/api/import", body, &g); st != http.StatusCreated {
			t.Fatalf("upload: %d %s", st, c.received())
		}
		c.call("GET", "/api/games/"+g.ID, nil, &raw)
		if g.Status != "over" || g.Mode != "hotseat" || raw["rated"] != false || g.View.Ply != len(moves) {
			t.Fatalf("uploaded game: status %s, mode %s, rated %v, ply %d of %d", g.Status, g.Mode, raw["rated"], g.View.Ply, len(moves))
		}
		var mine []map[string]any
		c.call("GET", "/api/games", nil, &mine)
		if len(mine) != 1 || mine[0]["id"] != g.ID {
			t.Fatalf("the uploader's games: %v", mine)
		}

		body["text"] = strings.Join(moves[:len(moves)-1], " ")
		st, b := c.raw("POST", "/api/import", mustJSON(body), "Accept-Language", "pt")
		if st != http.StatusUnprocessableEntity || !strings.Contains(string(b), "bad_record") || !strings.Contains(string(b), "partida terminada") {
			t.Fatalf("an unfinished upload: %d %s", st, b)
		}
		c.call("GET", "/api/games", nil, &mine)
		if len(mine) != 1 {
			t.Fatalf("a refused upload made a game: %v", mine)
		}
	})
}
