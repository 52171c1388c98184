package server_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"turncoat/app"
	"turncoat/store"
)

var metaTag = regexp.MustCompile(`<meta (?:property|name)="([^"]+)" content="([^"]*)">`)

// tagsOf returns a page's preview tags by name.
func tagsOf(page string) map[string]string {
	out := map[string]string{}
	for _, m := range metaTag.FindAllStringSubmatch(page, -1) {
		out[m[1]] = m[2]
	}
	return out
}

// TestLinkPreviews reads the Open Graph and Twitter card tags the server writes into a game's,
// a tournament's and a player's page: titles, players, result, the board's picture by an
// absolute URL under --public-url (the picture loads), none on other pages; a Turncoat game's
// tags are the same whatever selection is pending.
func TestLinkPreviews(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	files := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><html><head><meta charset=\"utf-8\">\n<title>Turncoat</title>\n</head><body></body></html>")}}
	const public = "https://turncoat.example.org/tc"
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{}, func(c *app.Config) { c.Web, c.PublicURL = files, public })
	ann := h.member("Ann")
	g := ann.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	for i := 0; i < 3; i++ {
		ann.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": ann.game(g.ID).View.Legal[0]}, nil)
	}
	ann.call("POST", "/api/games/"+g.ID+"/resign", map[string]any{}, nil)
	anon := h.browser()
	st, page := anon.raw("GET", "/play/"+g.ID, nil)
	tags := tagsOf(string(page))
	if st != http.StatusOK || !strings.Contains(tags["og:title"], "Ann") || !strings.Contains(tags["og:title"], "Reversi") ||
		!strings.Contains(tags["og:description"], "won") || !strings.Contains(tags["og:description"], "after 2 moves by Black and 1 by White.") ||
		tags["twitter:card"] != "summary_large_image" ||
		tags["og:url"] != public+"/play/"+g.ID || !strings.Contains(string(page), "<title>Ann (") {
		t.Fatalf("the game page's tags: %d %v\n%s", st, tags, page)
	}
	img, ok := strings.CutPrefix(tags["og:image"], public)
	if !ok || tags["twitter:image"] != tags["og:image"] {
		t.Fatalf("og:image %q, twitter:image %q: want an absolute URL under %s", tags["og:image"], tags["twitter:image"], public)
	}
	if st, _, ctype, _ := anon.fetch(strings.ReplaceAll(img, "&amp;", "&")); st != http.StatusOK || ctype != "image/png" {
		t.Errorf("the preview's picture %s: %d %q", img, st, ctype)
	}
	if st, page := anon.raw("GET", "/play/nosuchgame", nil); st != http.StatusOK || strings.Contains(string(page), "og:") {
		t.Errorf("an unknown game's page: %d\n%s", st, page)
	}
	if _, page := anon.raw("GET", "/lobby", nil); strings.Contains(string(page), "og:") {
		t.Errorf("the lobby has a game's preview:\n%s", page)
	}

	host := h.member("Host")
	var tj tournamentJSON
	if st := host.call("POST", "/api/tournaments", map[string]any{"title": "Preview <Cup>", "options": "size=6", "reward": "150",
		"roundLength": "24h", "window": "24h"}, &tj); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, host.received())
	}
	for _, n := range []string{"Bob", "Cid"} {
		h.member(n).call("POST", "/api/tournaments/"+tj.ID+"/subscribe", nil, nil)
	}
	ann.call("POST", "/api/tournaments/"+tj.ID+"/subscribe", nil, nil)
	h.member("Dee").call("POST", "/api/tournaments/"+tj.ID+"/subscribe", nil, nil)
	if st := host.call("POST", "/api/tournaments/"+tj.ID+"/start", map[string]any{}, nil); st != http.StatusOK {
		t.Fatalf("start: %d %s", st, host.received())
	}
	_, page = anon.raw("GET", "/tournament/"+tj.ID, nil)
	tags = tagsOf(string(page))
	if tags["og:title"] != "Preview &lt;Cup&gt;" || !strings.Contains(tags["og:description"], "Host") || !strings.HasPrefix(tags["og:image"], public+"/api/tournaments/"+tj.ID+"/boards.png") {
		t.Errorf("the tournament page's tags: %v", tags)
	}

	_, page = anon.raw("GET", "/players/Ann", nil)
	tags = tagsOf(string(page))
	if !strings.HasPrefix(tags["og:title"], "Ann") || !strings.HasPrefix(tags["og:image"], public+"/api/games/") {
		t.Errorf("the player page's tags: %v", tags)
	}

	// Without --public-url the request's host starts the links.
	h2 := newHarness(t, t.TempDir()+"/t.db", store.Options{}, func(c *app.Config) { c.Web = files })
	b := h2.browser()
	g2 := b.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	_, page = b.raw("GET", "/play/"+g2.ID, nil)
	if tags := tagsOf(string(page)); !strings.HasPrefix(tags["og:image"], h2.ts.URL+"/api/games/"+g2.ID+"/board.png") {
		t.Errorf("og:image without a public URL: %q, want it under %s", tags["og:image"], h2.ts.URL)
	}

	// A Turncoat game's tags while a selection is pending are those before it.
	red, yellow := h.browser(), h.browser()
	tg := red.create(map[string]any{"kind": "turncoat", "mode": "online", "side": "first", "options": map[string]string{"size": "4"}})
	token := strings.SplitN(tg.Invite, "seat=", 2)[1]
	if st := yellow.call("POST", "/api/games/"+tg.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusOK {
		t.Fatalf("join: %d", st)
	}
	_, before := anon.raw("GET", "/play/"+tg.ID, nil)
	sel := red.game(tg.ID).View.Legal[1]
	if st := red.call("POST", "/api/games/"+tg.ID+"/move", map[string]any{"move": sel}, nil); st != http.StatusOK {
		t.Fatalf("select: %d", st)
	}
	for _, c := range []*client{red, yellow, anon} {
		if _, during := c.raw("GET", "/play/"+tg.ID, nil); string(during) != string(before) {
			t.Errorf("the page's tags changed with a pending selection:\n%s\n%s", before, during)
		}
	}
}
