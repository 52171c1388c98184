package server_test

import (
	"bytes"
	"encoding/json"
	"image/gif"
	"image/png"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"turncoat/store"
)

// fetch gets a picture and returns its status, ETag and bytes.
func (c *client) fetch(path string, header ...string) (int, string, string, []byte) {
	c.h.t.Helper()
	req, err := http.NewRequest("GET", c.h.ts.URL+path, nil)
	if err != nil {
		c.h.t.Fatal(err)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.h.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	c.record(b.Bytes())
	return resp.StatusCode, resp.Header.Get("ETag"), resp.Header.Get("Content-Type"), b.Bytes()
}

// TestGameImages draws a game as PNG, SVG and GIF, at its last ply and an earlier one,
// revalidates by ETag, and refuses bad parameters with the API's error object.
func TestGameImages(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	a := h.browser()
	g := a.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	base := "/api/games/" + g.ID
	for i := 0; i < 4; i++ {
		v := a.game(g.ID).View
		if st := a.call("POST", base+"/move", map[string]any{"move": v.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move %d: %d %s", i, st, a.received())
		}
	}
	anon := h.browser()
	st, tag, ctype, latest := anon.fetch(base + "/board.png")
	if st != http.StatusOK || ctype != "image/png" || tag == "" {
		t.Fatalf("board.png: %d %q %q", st, ctype, tag)
	}
	img, err := png.Decode(bytes.NewReader(latest))
	if err != nil || img.Bounds().Dx() != 480 {
		t.Fatalf("board.png does not decode as a 480-pixel PNG: %v %v", err, img)
	}
	if st, tag2, _, body := anon.fetch(base+"/board.png", "If-None-Match", tag); st != http.StatusNotModified || tag2 != tag || len(body) != 0 {
		t.Errorf("revalidation: %d %q (%d bytes), want 304 %q", st, tag2, len(body), tag)
	}
	if st, _, _, body := anon.fetch(base + "/board.png?ply=0&size=240"); st != http.StatusOK || bytes.Equal(body, latest) {
		t.Errorf("ply 0 at 240 px: %d, same as the latest: %v", st, bytes.Equal(body, latest))
	} else if img, err := png.Decode(bytes.NewReader(body)); err != nil || img.Bounds().Dx() != 240 {
		t.Errorf("ply 0 at 240 px: %v %v", err, img)
	}
	if st, _, ctype, body := anon.fetch(base + "/board.svg?theme=high-contrast"); st != http.StatusOK || ctype != "image/svg+xml" || !bytes.HasPrefix(bytes.TrimSpace(body), []byte("<svg")) && !bytes.Contains(body[:min(len(body), 200)], []byte("<svg")) {
		t.Errorf("board.svg: %d %q %.80s", st, ctype, body)
	}
	st, _, ctype, body := anon.fetch(base + "/game.gif?size=200")
	if st != http.StatusOK || ctype != "image/gif" {
		t.Fatalf("game.gif: %d %q %s", st, ctype, body)
	}
	if anim, err := gif.DecodeAll(bytes.NewReader(body)); err != nil || len(anim.Image) != 5 {
		t.Errorf("game.gif: %v, want 5 frames (the start and 4 moves)", err)
	}
	cases := []struct{ path, msg string }{
		{"/board.png?size=5", "size"},
		{"/board.png?size=99999", "size"},
		{"/board.png?ply=99", "ply 99"},
		{"/board.png?ply=-1", "ply"},
		{"/board.png?theme=neon", "neon"},
		{"/board.png?ply=1&ply=2", "ply"},
		{"/game.gif?size=2000", "size"},
		{"/game.gif?ply=2", "ply"},
	}
	for _, c := range cases {
		st, _, _, body := anon.fetch(base + c.path)
		var e apiError
		json.Unmarshal(body, &e)
		if st != http.StatusBadRequest || e.Error.Code != "bad_request" || !strings.Contains(e.Error.Message, c.msg) {
			t.Errorf("%s: %d %s, want 400 bad_request about %q", c.path, st, body, c.msg)
		}
	}
	if st, _, _, _ := anon.fetch("/api/games/nosuchgame/board.png"); st != http.StatusNotFound {
		t.Errorf("an unknown game: %d", st)
	}
}

// TestImageSecrecy draws an online Turncoat game while Red's selection is pending: the pictures
// and their tags are those of the public position, byte for byte, for the opponent, a spectator,
// anyone, and Red too, whatever Red selected.
func TestImageSecrecy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	red, yellow, spectator, anon := h.browser(), h.browser(), h.browser(), h.browser()
	g := red.create(map[string]any{"kind": "turncoat", "mode": "online", "side": "first", "options": map[string]string{"size": "4"}})
	token := strings.SplitN(g.Invite, "seat=", 2)[1]
	if st := yellow.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusOK {
		t.Fatalf("join: %d %s", st, yellow.received())
	}
	spectator.game(g.ID)
	base := "/api/games/" + g.ID
	paths := []string{"/board.png", "/board.svg", "/game.gif", "/board.png?ply=0", "/board.svg?size=300&coords=0"}
	type shot struct{ tag, body string }
	shoot := func() map[string]shot {
		out := map[string]shot{}
		for _, c := range []*client{red, yellow, spectator, anon} {
			for _, p := range paths {
				st, tag, _, body := c.fetch(base + p)
				if st != http.StatusOK {
					t.Fatalf("%s: %d %s", p, st, body)
				}
				if prev, ok := out[p]; ok && (prev.tag != tag || prev.body != string(body)) {
					t.Fatalf("%s differs from one viewer to another", p)
				}
				out[p] = shot{tag, string(body)}
			}
		}
		return out
	}
	public := shoot()
	legal := red.game(g.ID).View.Legal
	if len(legal) < 2 {
		t.Fatalf("Red has %d selections", len(legal))
	}
	for _, sel := range legal[:2] {
		if st := red.call("POST", base+"/move", map[string]any{"move": sel}, nil); st != http.StatusOK {
			t.Fatalf("Red selects %s: %d %s", sel, st, red.received())
		}
		if own := red.game(g.ID).View.Own; own != sel {
			t.Fatalf("the selection %s is not pending (own %q)", sel, own)
		}
		for p, s := range shoot() {
			if s != public[p] {
				t.Errorf("%s with %s pending differs from the public position's picture", p, sel)
			}
		}
	}
	// The round ends: the pictures change (the test can fail).
	if st := yellow.call("POST", base+"/move", map[string]any{"move": yellow.game(g.ID).View.Legal[0]}, nil); st != http.StatusOK {
		t.Fatalf("Yellow selects: %d %s", st, yellow.received())
	}
	if after := shoot(); after["/board.png"] == public["/board.png"] {
		t.Errorf("the picture did not change when the round was played")
	}
}

// TestTournamentImages draws a tournament round's boards on one sheet and each board alone.
func TestTournamentImages(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	host := h.member("Host")
	var tj tournamentJSON
	if st := host.call("POST", "/api/tournaments", map[string]any{"title": "Picture Cup", "options": "size=6", "reward": "150",
		"roundLength": "24h", "window": "24h"}, &tj); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, host.received())
	}
	base := "/api/tournaments/" + tj.ID
	anon := h.browser()
	if st, _, _, body := anon.fetch(base + "/boards.png"); st != http.StatusConflict {
		t.Errorf("a sheet before the boards: %d %s", st, body)
	}
	for _, n := range []string{"Ann", "Bob", "Cid", "Dee"} {
		if st := h.member(n).call("POST", base+"/subscribe", nil, nil); st != http.StatusOK {
			t.Fatalf("%s subscribes: %d", n, st)
		}
	}
	if st := host.call("POST", base+"/start", map[string]any{}, nil); st != http.StatusOK {
		t.Fatalf("start: %d %s", st, host.received())
	}
	st, tag, ctype, sheet := anon.fetch(base + "/boards.png")
	if st != http.StatusOK || ctype != "image/png" {
		t.Fatalf("boards.png: %d %q %s", st, ctype, sheet)
	}
	if _, err := png.Decode(bytes.NewReader(sheet)); err != nil {
		t.Fatal(err)
	}
	if st, _, _, _ := anon.fetch(base+"/boards.png", "If-None-Match", tag); st != http.StatusNotModified {
		t.Errorf("revalidation: %d", st)
	}
	if st, _, ctype, body := anon.fetch(base + "/boards.svg"); st != http.StatusOK || ctype != "image/svg+xml" || !bytes.Contains(body, []byte("Ann")) {
		t.Errorf("boards.svg: %d %q, names in it: %v", st, ctype, bytes.Contains(body, []byte("Ann")))
	}
	for _, n := range []string{"1", "2"} {
		st, _, ctype, body := anon.fetch(base + "/boards/" + n + ".png?size=300")
		if st != http.StatusOK || ctype != "image/png" {
			t.Fatalf("board %s: %d %q %s", n, st, ctype, body)
		}
		if img, err := png.Decode(bytes.NewReader(body)); err != nil || img.Bounds().Dx() != 300 {
			t.Errorf("board %s: %v %v", n, err, img)
		}
	}
	// The summary for the thread shows each board's picture by an absolute URL that loads.
	st, md := anon.raw("GET", base+"/summary?format=markdown", nil)
	pic := regexp.MustCompile(`!\[Board #1\]\((http[^)]+)\)`).FindSubmatch(md)
	if st != http.StatusOK || pic == nil || !strings.HasPrefix(string(pic[1]), h.ts.URL+base+"/boards/1.png?v=") {
		t.Fatalf("the summary in Markdown: %d\n%s", st, md)
	}
	if st, _, ctype, _ := anon.fetch(strings.TrimPrefix(string(pic[1]), h.ts.URL)); st != http.StatusOK || ctype != "image/png" {
		t.Errorf("the summary's picture: %d %q", st, ctype)
	}
	if st, bb := anon.raw("GET", base+"/summary?format=bbcode", nil); st != http.StatusOK || !bytes.Contains(bb, []byte("[img]"+h.ts.URL+base+"/boards/2.png?v=")) {
		t.Errorf("the summary in BBCode: %d\n%s", st, bb)
	}
	if st, body := anon.raw("GET", base+"/summary?format=html", nil); st != http.StatusBadRequest || !bytes.Contains(body, []byte("bbcode")) {
		t.Errorf("the summary in HTML: %d %s", st, body)
	}
	var b boardJSON
	if st := anon.call("GET", base+"/boards/1", nil, &b); st != http.StatusOK || b.Number != 1 {
		t.Errorf("the board's JSON beside its picture: %d %+v", st, b)
	}
	for path, want := range map[string]int{"/boards/9.png": 404, "/boards/x.png": 400, "/boards/1.gif": 400, "/boards/1.png?size=1": 400, "/boards.png?ply=2": 400} {
		if st, _, _, body := anon.fetch(base + path); st != want {
			t.Errorf("%s: %d %s, want %d", path, st, body, want)
		}
	}
}

// BenchmarkGameImageCached asks a game's 480-pixel PNG again and again over HTTP: the cost of
// an endpoint answering from its cache (the game's actor read, the lookup, the bytes); the
// drawing itself is measured in package render.
func BenchmarkGameImageCached(b *testing.B) { benchGameImage(b, "/board.png", false) }

// BenchmarkGameImageNotModified is BenchmarkGameImageCached revalidated by its ETag (a 304).
func BenchmarkGameImageNotModified(b *testing.B) { benchGameImage(b, "/board.png", true) }

// BenchmarkGameJSONReference asks the same game's JSON (GET /api/games/{id}): the reference the
// pictures' endpoint compares with.
func BenchmarkGameJSONReference(b *testing.B) { benchGameImage(b, "", false) }

func benchGameImage(b *testing.B, suffix string, revalidate bool) {
	h := newHarness(b, b.TempDir()+"/t.db", store.Options{})
	a := h.browser()
	g := a.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	for i := 0; i < 20; i++ {
		v := a.game(g.ID).View
		a.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": v.Legal[0]}, nil)
	}
	path := h.ts.URL + "/api/games/" + g.ID + suffix
	resp, err := http.Get(path)
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	tag := resp.Header.Get("ETag")
	want := http.StatusOK
	if revalidate {
		want = http.StatusNotModified
	}
	client := &http.Client{}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		req, _ := http.NewRequest("GET", path, nil)
		if revalidate {
			req.Header.Set("If-None-Match", tag)
		}
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		buf.Reset()
		buf.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			b.Fatalf("%d, want %d", resp.StatusCode, want)
		}
	}
}

// FuzzImageQuery asks the games' pictures with any query string: the answer is a picture of a
// bounded width, or a 4xx with the API's error object; never a failure of the server.
func FuzzImageQuery(f *testing.F) {
	for _, s := range []struct {
		path  uint8
		query string
	}{
		{0, "ply=0&size=64"}, {0, "size=2048&theme=contrast"}, {1, "coords=0&letters=off"}, {2, "size=120"},
		{0, "ply=last"}, {0, "ply=99999"}, {0, "size=1e3"}, {2, "ply=1"}, {0, "theme=%ff"}, {1, "size=&size="}, {3, "size=200"},
	} {
		f.Add(s.path, s.query)
	}
	fs := newFuzzServer(f)
	gs := newFuzzGames(fs)
	paths := []string{"/board.png", "/board.svg", "/game.gif", "/board.png"}
	f.Fuzz(func(t *testing.T, which uint8, query string) {
		id := gs.live(int(which) % len(gs.ids))
		path := "/api/games/" + id + paths[int(which)%len(paths)] + "?" + query
		if _, err := url.ParseRequestURI(path); err != nil || strings.ContainsFunc(query, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '#' }) {
			return // not a request line a client sends (the HTTP server refuses it before the API)
		}
		st, b := fs.do("GET", path, "", nil)
		checkAnswer(t, "GET "+path, st, b)
		if st != http.StatusOK {
			return
		}
		var w int
		switch {
		case bytes.HasPrefix(b, []byte("\x89PNG")):
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("GET %s: %v", path, err)
			}
			w = cfg.Width
		case bytes.HasPrefix(b, []byte("GIF8")):
			cfg, err := gif.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("GET %s: %v", path, err)
			}
			w = cfg.Width
		case bytes.Contains(b[:min(len(b), 300)], []byte("<svg")):
			return
		default:
			t.Fatalf("GET %s: 200 with %.40q", path, b)
		}
		if w < 64 || w > 2048 {
			t.Fatalf("GET %s: %d pixels wide", path, w)
		}
	})
}
