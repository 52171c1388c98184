package server_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"turncoat/store"
)

// TestViewsFollowTheirConnection subscribes the holder of both seats of a hot-seat Turncoat
// game and a spectator with views: each event's view must be the one its receiver may see.
// The holder's view shows its pending selection and both seats as its own; the spectator's
// shows neither.
func TestViewsFollowTheirConnection(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	holder, spectator := h.bot(), h.bot()
	g := holder.create(map[string]any{"kind": "turncoat", "mode": "hotseat", "options": map[string]string{"size": "4"}})
	wh, wsp := holder.dial(), spectator.dial()
	for _, w := range []*ws{wh, wsp} {
		w.send(map[string]any{"type": "subscribe", "game": g.ID, "views": true})
		w.next(ofType("subscribed"))
	}
	sel := g.View.Legal[2]
	if st := holder.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": sel, "side": "first"}, nil); st != http.StatusOK {
		t.Fatalf("selection: %d %s", st, holder.received())
	}
	type viewed struct {
		View struct {
			You  []string `json:"you"`
			View struct {
				Own string `json:"own"`
			} `json:"view"`
		} `json:"view"`
	}
	read := func(w *ws) viewed {
		m := w.next(eventKind("selection"))
		b, _ := json.Marshal(m)
		var v viewed
		json.Unmarshal(b, &v)
		return v
	}
	hv, sv := read(wh), read(wsp)
	if !slices.Equal(hv.View.You, []string{"first", "second"}) || hv.View.View.Own != sel {
		t.Errorf("the holder's view with the event: you %v, own %q; want both seats and %s", hv.View.You, hv.View.View.Own, sel)
	}
	if len(sv.View.You) != 0 || sv.View.View.Own != "" {
		t.Errorf("the spectator's view with the event: you %v, own %q; want no seat and no selection", sv.View.You, sv.View.View.Own)
	}
}

// TestResyncLongHistory asks for the whole history of a game with more events than a
// connection's queue holds, over the event stream and over a WebSocket: every event must come,
// once, and the connection stay open.
func TestResyncLongHistory(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.bot()
	g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat", "options": map[string]string{"size": "6"}})
	const events = 600
	for v := 0; v < events; v += 2 {
		if st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "c2"}, nil); st != http.StatusOK {
			t.Fatalf("move: %d", st)
		}
		if st := c.call("POST", "/api/games/"+g.ID+"/takeback", nil, nil); st != http.StatusOK {
			t.Fatalf("takeback: %d", st)
		}
	}
	// The stream: every event, then "subscribed".
	req, _ := http.NewRequest("GET", h.ts.URL+"/api/games/"+g.ID+"/stream?after=0", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(resp.Body)
	var got int
	for sc.Scan() {
		var m struct {
			Type  string
			Event struct{ Version int }
		}
		json.Unmarshal(sc.Bytes(), &m)
		if m.Type == "subscribed" {
			break
		}
		if m.Type == "event" {
			if m.Event.Version != got+1 {
				t.Fatalf("stream: event %d after %d", m.Event.Version, got)
			}
			got++
		}
	}
	resp.Body.Close()
	if got != events {
		t.Errorf("the stream sent %d of %d events before it ended", got, events)
	}
	// The WebSocket: the same, and the socket still answers.
	w := c.dial()
	w.send(map[string]any{"type": "subscribe", "game": g.ID, "after": 0})
	got = 0
	for {
		m, open := <-w.msgs
		if !open {
			t.Fatalf("the WebSocket closed after %d of %d events", got, events)
		}
		if m["type"] == "subscribed" {
			break
		}
		if m["type"] == "event" {
			got++
		}
	}
	if got != events {
		t.Errorf("the WebSocket sent %d of %d events", got, events)
	}
	w.send(map[string]any{"type": "ping", "id": "after"})
	w.next(ofType("pong"))
}

// TestCrossOriginRefusalIsJSON checks that the cross-origin refusal is the API's error object.
func TestCrossOriginRefusalIsJSON(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.browser()
	st, b := c.raw("POST", "/api/games", []byte(`{"kind":"reversi","mode":"hotseat"}`), "Sec-Fetch-Site", "cross-site")
	var e apiError
	if st != http.StatusForbidden || json.Unmarshal(b, &e) != nil || e.Error.Code != "forbidden" || !strings.Contains(e.Error.Message, "cross-origin") {
		t.Fatalf("a cross-origin POST: %d %s", st, b)
	}
}

// TestNULCharacters sends a NUL character where a name, an id, a move or a token name goes:
// PostgreSQL refuses NUL in text, and the answer must be a 400, not an internal error.
func TestNULCharacters(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		c := h.bot()
		g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
		user := h.browser()
		if st := user.call("POST", "/api/signup", map[string]string{"name": "nul", "password": "correct horse"}, nil); st != http.StatusCreated {
			t.Fatalf("sign-up: %d", st)
		}
		for _, r := range []struct {
			c            *client
			method, path string
			body         string
		}{
			{c, "GET", "/api/games/ab%00c", ``},
			{c, "GET", "/api/games/ab%00c/events", ``},
			{h.browser(), "POST", "/api/login", `{"name":"a\u0000b","password":"correct horse"}`},
			{h.browser(), "POST", "/api/signup", `{"name":"a\u0000b","password":"correct horse"}`},
			{user, "POST", "/api/tokens", `{"name":"bot\u0000"}`},
			{c, "POST", "/api/games/" + g.ID + "/move", `{"move":"f5\u0000"}`},
			{c, "POST", "/api/games/" + g.ID + "/join", `{"token":"\u0000"}`},
		} {
			st, b := r.c.raw(r.method, r.path, []byte(r.body))
			var e apiError
			if st != http.StatusBadRequest || json.Unmarshal(b, &e) != nil || e.Error.Code != "bad_request" {
				t.Errorf("%s %s %s: %d %s, want 400 bad_request", r.method, r.path, r.body, st, b)
			}
		}
		w := c.dial()
		w.send(map[string]any{"type": "subscribe", "game": "a\u0000b"})
		if m := w.next(ofType("error")); m["error"].(map[string]any)["code"] != "bad_request" {
			t.Errorf("subscribing to a game id with NUL: %v", m)
		}
		if v := c.game(g.ID).View; v.Ply != 0 {
			t.Errorf("the game moved: ply %d", v.Ply)
		}
	})
}

// TestRefusedRequestsMakeNoGuest: a browser without a session whose game or import is refused
// gets no account and no cookie.
func TestRefusedRequestsMakeNoGuest(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.browser()
	for _, req := range []struct{ path, body string }{
		{"/api/games", `{"kind":"chess","mode":"hotseat"}`},
		{"/api/games", `{"kind":"reversi","mode":"solo"}`},
		{"/api/games", `{"kind":"reversi","mode":"ai","level":12}`},
		{"/api/import", `{"kind":"reversi","text":"f5 f5"}`},
	} {
		if st, _ := c.raw("POST", req.path, []byte(req.body)); st < 400 {
			t.Fatalf("%s %s: %d", req.path, req.body, st)
		}
	}
	u, _ := url.Parse(h.ts.URL)
	if cookies := c.http.Jar.Cookies(u); len(cookies) != 0 {
		t.Errorf("refused requests left a session: %v", cookies)
	}
	if st := c.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("/api/me after refused requests: %d", st)
	}
}
