package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/game"
	"turncoat/games"
	"turncoat/store"
)

// TestHotSeatGameToTheEnd plays a whole hot-seat 4x4 Reversi game through the API, taking
// each side's first legal move, and checks the result against the rules engine.
func TestHotSeatGameToTheEnd(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		c := h.browser()
		g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat", "options": map[string]string{"size": "4"}})
		if len(g.You) != 2 {
			t.Fatalf("a hot-seat creator holds both seats: %v", g.You)
		}
		var played []string
		for ply := 0; ; ply++ {
			v := c.game(g.ID).View
			if v.Outcome.Over {
				break
			}
			if len(v.ToAct) != 1 || len(v.Legal) == 0 {
				t.Fatalf("ply %d: to act %v legal %v", ply, v.ToAct, v.Legal)
			}
			var out gameJSON
			if st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": v.Legal[0], "side": v.ToAct[0], "ply": ply}, &out); st != http.StatusOK {
				t.Fatalf("ply %d: %d %s", ply, st, c.received())
			}
			played = append(played, v.Legal[0])
		}
		start, _ := games.Registry().New("reversi", "size=4")
		end, err := game.Replay(start, played)
		if err != nil {
			t.Fatal(err)
		}
		v := c.game(g.ID).View
		want := end.Outcome()
		if !v.Outcome.Over || v.Outcome.Ending != "rules" || !slices.Equal(v.Outcome.Score, want.Score[:]) {
			t.Fatalf("outcome %+v, the rules say %+v", v.Outcome, want)
		}
		if (v.Outcome.Winner == nil) != (want.Winner == game.NoPlayer) {
			t.Fatalf("winner %v, the rules say %v", v.Outcome.Winner, want.Winner)
		}
		// The record exports and the game lists as the player's.
		st, b := c.raw("GET", "/api/games/"+g.ID+"/export?format=ggf", nil)
		if st != http.StatusOK || !strings.Contains(string(b), "(;GM[Othello]") {
			t.Errorf("GGF export: %d %s", st, b)
		}
		var mine []map[string]any
		c.call("GET", "/api/games", nil, &mine)
		if len(mine) != 1 || mine[0]["status"] != "over" {
			t.Errorf("my games: %v", mine)
		}
	})
}

// TestPlayAgainstTheAI makes one move against the AI in every game and waits for its reply.
func TestPlayAgainstTheAI(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		for _, k := range games.Registry().Games() {
			t.Run(k.Name(), func(t *testing.T) {
				c := h.bot()
				g := c.create(map[string]any{"kind": k.Name(), "mode": "ai", "level": 1})
				w := c.dial()
				w.send(map[string]any{"type": "subscribe", "game": g.ID, "after": 0})
				w.next(ofType("subscribed"))
				v := g.View
				st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": v.Legal[0]}, nil)
				if st != http.StatusOK {
					t.Fatalf("move: %d %s", st, c.received())
				}
				// The AI's reply comes as an event: a move by the second side (or the reveal of a
				// simultaneous round).
				w.next(func(m map[string]any) bool {
					e, _ := m["event"].(map[string]any)
					return eventKind("move")(m) && (e["player"] == "second" || e["reveal"] != nil)
				})
				if v := c.game(g.ID).View; v.Ply < 1 || v.Outcome.Over == false && len(v.Legal) == 0 && !v.Submitted[0] {
					t.Fatalf("after the AI's reply: %+v", v)
				}
			})
		}
	})
}

// TestErrors sends bad requests and checks the status, the error code and that nothing changed.
func TestErrors(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	a, b := h.bot(), h.bot()
	g := a.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	before := a.game(g.ID).View.Version
	id := g.ID
	cases := []struct {
		name   string
		c      *client
		method string
		path   string
		body   string
		status int
		code   string
		msg    string
	}{
		{"illegal move", a, "POST", "/api/games/" + id + "/move", `{"move":"a1"}`, 422, "illegal_move", "a1"},
		{"bad notation", a, "POST", "/api/games/" + id + "/move", `{"move":"zz9"}`, 422, "bad_notation", "zz9"},
		{"not your turn", a, "POST", "/api/games/" + id + "/move", `{"move":"f5","side":"second"}`, 409, "not_your_turn", ""},
		{"stale ply", a, "POST", "/api/games/" + id + "/move", `{"move":"f5","ply":3}`, 409, "stale_ply", "ply 0"},
		{"no move", a, "POST", "/api/games/" + id + "/move", `{}`, 400, "bad_request", "move"},
		{"malformed JSON", a, "POST", "/api/games/" + id + "/move", `{"move":`, 400, "bad_json", ""},
		{"unknown field", a, "POST", "/api/games/" + id + "/move", `{"mvoe":"f5"}`, 400, "bad_json", "mvoe"},
		{"bad side", a, "POST", "/api/games/" + id + "/move", `{"move":"f5","side":"third"}`, 400, "bad_request", "third"},
		{"not a player", b, "POST", "/api/games/" + id + "/move", `{"move":"f5"}`, 403, "forbidden", ""},
		{"anonymous", h.browser(), "POST", "/api/games/" + id + "/move", `{"move":"f5"}`, 401, "unauthorized", ""},
		{"unknown game", a, "GET", "/api/games/nosuchgame", ``, 404, "not_found", "nosuchgame"},
		{"unknown kind", a, "POST", "/api/games", `{"kind":"chess","mode":"hotseat"}`, 400, "unknown_kind", "chess"},
		{"bad option", a, "POST", "/api/games", `{"kind":"reversi","mode":"hotseat","options":{"size":"5"}}`, 400, "bad_option", "size"},
		{"unknown option", a, "POST", "/api/games", `{"kind":"reversi","mode":"hotseat","options":{"colour":"red"}}`, 400, "bad_option", "colour"},
		{"bad mode", a, "POST", "/api/games", `{"kind":"reversi","mode":"solo"}`, 400, "bad_request", "solo"},
		{"bad level", a, "POST", "/api/games", `{"kind":"reversi","mode":"ai","level":11}`, 400, "bad_request", "11"},
		{"process engine", a, "POST", "/api/games", `{"kind":"reversi","mode":"ai","engine":"nboard:cmd=/bin/sh"}`, 400, "bad_request", "external program"},
		{"huge engine", a, "POST", "/api/games", `{"kind":"reversi","mode":"ai","engine":"reversi-ab:hash=65536"}`, 400, "bad_request", "cap"},
		{"bad time", a, "POST", "/api/games", `{"kind":"reversi","mode":"hotseat","time":{"kind":"fischer"}}`, 400, "bad_option", "base time"},
		{"rated hot-seat", a, "POST", "/api/games", `{"kind":"reversi","mode":"hotseat","rated":true}`, 400, "bad_request", "unrated"},
		{"bad token", &client{h: h, http: http.DefaultClient, token: "nope"}, "GET", "/api/me", ``, 401, "unauthorized", "token"},
		{"unknown endpoint", a, "GET", "/api/nothing", ``, 404, "not_found", ""},
		{"decline nothing", a, "POST", "/api/games/" + id + "/decline", ``, 409, "not_allowed", ""},
		{"hint for nobody", b, "GET", "/api/games/" + id + "/hint", ``, 403, "forbidden", ""},
		{"export unknown format", a, "GET", "/api/games/" + id + "/export?format=pdf", ``, 400, "bad_request", "pdf"},
		{"too large", a, "POST", "/api/import", `{"text":"` + strings.Repeat("x", 2<<20) + `"}`, 413, "too_large", ""},
		{"bad import", a, "POST", "/api/import", `{"kind":"reversi","text":"f5 f5 f5"}`, 422, "", ""},
	}
	for _, c := range cases {
		st, body := c.c.raw(c.method, c.path, []byte(c.body))
		var e apiError
		json.Unmarshal(body, &e)
		if st != c.status || c.code != "" && e.Error.Code != c.code || !strings.Contains(e.Error.Message, c.msg) || e.Error.Message == "" {
			t.Errorf("%s: %d %s, want %d %s containing %q", c.name, st, body, c.status, c.code, c.msg)
		}
	}
	if v := a.game(g.ID).View; v.Version != before || v.Ply != 0 {
		t.Errorf("refused requests changed the game: version %d ply %d", v.Version, v.Ply)
	}
}

// TestOnlineSecretSelections plays Turncoat rounds online, with a spectator, and searches
// every byte the opponent and the spectator received before each reveal for the selection: it
// must never be there. After the reveal each side checks the other's commitment.
func TestOnlineSecretSelections(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		red, yellow, spectator := h.browser(), h.browser(), h.browser()
		g := red.create(map[string]any{"kind": "turncoat", "mode": "online", "side": "first", "options": map[string]string{"size": "4"}})
		if g.Invite == "" || g.Status != "open" {
			t.Fatalf("an online game by invitation: %+v", g)
		}
		token := strings.SplitN(g.Invite, "seat=", 2)[1]
		if st := yellow.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusOK {
			t.Fatalf("join: %d %s", st, yellow.received())
		}
		if st := spectator.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusForbidden {
			t.Fatalf("a used invitation: %d", st)
		}
		wr, wy, wsp := red.dial(), yellow.dial(), spectator.dial()
		for _, w := range []*ws{wr, wy, wsp} {
			w.send(map[string]any{"type": "subscribe", "game": g.ID, "after": 0, "views": true})
			w.next(ofType("subscribed"))
		}
		for round := 0; round < 3; round++ {
			v := red.game(g.ID).View
			if v.Outcome.Over {
				break
			}
			sel := v.Legal[len(v.Legal)-1-round%len(v.Legal)]
			// Red selects, then changes its mind: the opponent sees two commitments, never a
			// square.
			red.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": v.Legal[0]}, nil)
			red.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": sel}, nil)
			wy.next(eventKind("selection"))
			wsp.next(eventKind("selection"))
			wy.next(eventKind("selection"))
			if own := red.game(g.ID).View.Own; own != sel {
				t.Fatalf("Red's own view shows %q, want %q", own, sel)
			}
			yv := yellow.game(g.ID).View
			if !yv.Submitted[0] || yv.Own != "" || yv.Commitments[0] == "" {
				t.Fatalf("Yellow's view of Red's selection: %+v", yv)
			}
			spectator.game(g.ID)
			h.srv.Handler() // (no-op: keeps the harness honest about what is public)
			_, metrics := spectator.raw("GET", "/metrics", nil)
			beforeYellow := yellow.received()
			beforeSpectator := spectator.received()
			commitment := yv.Commitments[0]
			ysel := yv.Legal[0]
			var out gameJSON
			if st := yellow.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": ysel}, &out); st != http.StatusOK {
				t.Fatalf("Yellow's selection: %d %s", st, yellow.received())
			}
			wy.next(eventKind("move"))
			wsp.next(eventKind("move"))
			last := out.View.Moves[len(out.View.Moves)-1]
			if last.Reveal == nil || last.Reveal[0].Selection != sel {
				t.Fatalf("the reveal %+v, want Red's %s", last, sel)
			}
			nonce := last.Reveal[0].Nonce
			if game.Commit(nonce, sel) != commitment {
				t.Fatalf("Red's reveal does not match the commitment Yellow received")
			}
			for who, got := range map[string]string{"Yellow": beforeYellow, "the spectator": beforeSpectator, "the metrics": string(metrics), "the log": h.logs.String()} {
				for _, secret := range []string{nonce, `"own":"` + sel + `"`, `"selection":"` + sel + `"`} {
					if strings.Contains(got, secret) {
						t.Fatalf("round %d: %s received %q before the reveal", round, who, secret)
					}
				}
			}
		}
	})
}

// TestAuth checks that a non-participant, a wrong invitation, a cross-origin POST with a
// cookie and an expired session are all refused.
func TestAuth(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	owner := h.browser()
	if st := owner.call("POST", "/api/signup", map[string]string{"name": "ann", "password": "correct horse"}, nil); st != http.StatusCreated {
		t.Fatalf("sign-up: %d %s", st, owner.received())
	}
	if st := h.browser().call("POST", "/api/signup", map[string]string{"name": "ANN", "password": "another one"}, nil); st != http.StatusConflict {
		t.Errorf("a taken name: %d", st)
	}
	if st := h.browser().call("POST", "/api/login", map[string]string{"name": "ann", "password": "wrong password"}, nil); st != http.StatusUnauthorized {
		t.Errorf("a wrong password: %d", st)
	}
	again := h.browser()
	if st := again.call("POST", "/api/login", map[string]string{"name": "ann", "password": "correct horse"}, nil); st != http.StatusOK {
		t.Errorf("log-in: %d", st)
	}
	g := owner.create(map[string]any{"kind": "reversi", "mode": "online", "side": "first"})
	stranger := h.browser()
	if st := stranger.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": "forged"}, nil); st != http.StatusForbidden {
		t.Errorf("a forged invitation: %d", st)
	}
	token := strings.SplitN(g.Invite, "seat=", 2)[1]
	guest := h.browser()
	if st := guest.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusOK {
		t.Fatalf("join: %d", st)
	}
	if st := stranger.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "f5"}, nil); st != http.StatusForbidden {
		t.Errorf("a non-participant's move: %d", st)
	}
	if st := guest.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "f5"}, nil); st != http.StatusConflict {
		t.Errorf("the guest moving for Black: %d", st)
	}
	// A cross-origin POST with the owner's cookie: refused, and nothing played.
	st, _ := owner.raw("POST", "/api/games/"+g.ID+"/move", []byte(`{"move":"f5"}`), "Origin", "http://evil.example", "Sec-Fetch-Site", "cross-site")
	if st != http.StatusForbidden {
		t.Errorf("a cross-origin POST: %d", st)
	}
	if v := owner.game(g.ID).View; v.Ply != 0 {
		t.Errorf("the cross-origin POST played: ply %d", v.Ply)
	}
	if st := owner.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "f5"}, nil); st != http.StatusOK {
		t.Errorf("the owner's own move: %d %s", st, owner.received())
	}
	// Sessions expire.
	h.clock.Advance(31 * 24 * time.Hour)
	if st := owner.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("an expired session: %d", st)
	}
	if st := owner.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "f4"}, nil); st != http.StatusUnauthorized {
		t.Errorf("a move with an expired session: %d", st)
	}
}

// TestRacingMoves sends many moves for one ply at once: exactly one is played.
func TestRacingMoves(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		c := h.bot()
		g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				move := []string{"f5", "e6", "d3", "c4"}[i%4]
				st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": move, "ply": 0}, nil)
				mu.Lock()
				codes[st]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[http.StatusOK] != 1 || codes[http.StatusConflict] != 15 {
			t.Fatalf("statuses %v, want one 200 and fifteen 409", codes)
		}
		if v := c.game(g.ID).View; v.Ply != 1 || len(v.Moves) != 1 {
			t.Fatalf("ply %d after the race", v.Ply)
		}
	})
}

// TestWebSocketResync checks that a reconnecting client gets what it missed, once, and that a
// malformed message gets an error, not a dropped connection.
func TestWebSocketResync(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.bot()
	g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat", "options": map[string]string{"size": "6"}})
	for _, m := range []string{"c2", "b2"} { // Black, then White
		c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": m}, nil)
	}
	w := c.dial()
	w.send(map[string]any{"type": "subscribe", "game": g.ID, "after": 1})
	e := w.next(eventKind("move"))["event"].(map[string]any)
	if e["version"].(float64) != 2 || e["move"] != "b2" {
		t.Fatalf("the missed event: %v", e)
	}
	w.next(ofType("subscribed"))
	w.live.Write(t.Context(), []byte("{not json"))
	if m := w.next(ofType("error")); m["error"].(map[string]any)["code"] != "bad_json" {
		t.Fatalf("error message %v", m)
	}
	w.send(map[string]any{"type": "dance"})
	w.next(ofType("error"))
	// Still connected: a command over the socket works and its event arrives once.
	next := c.game(g.ID).View.Legal[0]
	w.send(map[string]any{"type": "command", "id": "r1", "game": g.ID, "command": "move", "move": next})
	if m := w.next(func(m map[string]any) bool { return m["id"] == "r1" }); m["type"] != "result" || m["version"] != 3.0 {
		t.Fatalf("a move over the socket: %v", m)
	}
	w.send(map[string]any{"type": "command", "id": "r2", "game": g.ID, "command": "move", "move": "c3"})
	if m := w.next(func(m map[string]any) bool { return m["id"] == "r2" }); m["type"] != "error" {
		t.Fatalf("an illegal move over the socket: %v", m)
	}
	// A command from an old position is refused with the game as it is, to catch up from.
	w.send(map[string]any{"type": "command", "id": "r3", "game": g.ID, "command": "move", "move": next, "ply": 2})
	m := w.next(func(m map[string]any) bool { return m["id"] == "r3" })
	e2, _ := m["error"].(map[string]any)
	if v, _ := e2["view"].(map[string]any); m["type"] != "error" || e2["code"] != "stale_ply" || v["view"].(map[string]any)["ply"] != 3.0 {
		t.Fatalf("a stale command over the socket: %v", m)
	}
	w.send(map[string]any{"type": "ping", "id": "p"})
	w.next(ofType("pong"))
	if n := strings.Count(c.received(), `"move":"`+next+`"`); n != 1 {
		t.Fatalf("the event of %s arrived %d times", next, n)
	}
}

// TestEventStream reads a whole AI game's events as newline-delimited JSON.
func TestEventStream(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.bot()
	g := c.create(map[string]any{"kind": "reversi", "mode": "ai", "level": 1, "side": "second", "options": map[string]string{"size": "4"}})
	req, _ := http.NewRequest("GET", h.ts.URL+"/api/games/"+g.ID+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Fatalf("content type %q", ct)
	}
	dec := json.NewDecoder(resp.Body)
	for {
		var m struct {
			Type  string `json:"type"`
			Event struct {
				Kind   string `json:"kind"`
				Player string `json:"player"`
			} `json:"event"`
		}
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("the stream ended before the game: %v", err)
		}
		if m.Type != "event" || m.Event.Kind != "move" || m.Event.Player != "first" {
			if m.Event.Kind == "end" {
				break
			}
			continue
		}
		// The AI (Black) moved: answer with White's first legal move.
		v := c.game(g.ID).View
		if len(v.Legal) > 0 {
			c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": v.Legal[0]}, nil)
		}
	}
	if v := c.game(g.ID).View; !v.Outcome.Over {
		t.Fatalf("the stream ended with the game in play")
	}
}

// TestClocks checks a loss on time: a move after the flag fell (its timer not yet fired) ends the
// game on time, and the server's own timer ends a game nobody touches. The clocks start after
// both sides' first moves.
func TestClocks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.bot()
	firstMoves := func(id string) {
		t.Helper()
		for _, m := range []string{"f5", "d6"} {
			if st := c.call("POST", "/api/games/"+id+"/move", map[string]any{"move": m}, nil); st != http.StatusOK {
				t.Fatalf("%s: %d %s", m, st, c.received())
			}
		}
	}
	g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat", "time": map[string]any{"kind": "fischer", "baseMs": 60000}})
	firstMoves(g.ID)
	h.clock.Jump(61 * time.Second) // the flag falls; its timer runs late
	var e apiError
	st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "c3"}, &e)
	if st != http.StatusConflict || e.Error.Code != "game_over" {
		t.Fatalf("a move after the flag fell: %d %+v", st, e)
	}
	if v := c.game(g.ID).View; v.Outcome.Ending != "time" || *v.Outcome.Winner != "second" {
		t.Fatalf("outcome %+v", v.Outcome)
	}
	g = c.create(map[string]any{"kind": "reversi", "mode": "hotseat", "time": map[string]any{"kind": "fischer", "baseMs": 300}})
	firstMoves(g.ID)
	w := c.dial()
	w.send(map[string]any{"type": "subscribe", "game": g.ID})
	w.next(ofType("subscribed"))
	h.clock.Advance(time.Second)
	m := w.next(eventKind("end"))
	if o := m["event"].(map[string]any)["outcome"].(map[string]any); o["ending"] != "time" {
		t.Fatalf("the timer's end: %v", o)
	}
}

// TestFirstMoves: a timed online game's clocks do not run until both sides have made their first
// move (and the first moves earn no increment); either player may abort the game while a side
// has not moved (unrated, nobody wins), not after; a side that does not make its first move in
// time has the server abort the game.
func TestFirstMoves(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	a, b := h.bot(), h.bot()
	live := map[string]any{"kind": "fischer", "baseMs": 60000, "incrementMs": 2000}
	move := func(c *client, id, m string) {
		t.Helper()
		if st := c.call("POST", "/api/games/"+id+"/move", map[string]any{"move": m}, nil); st != http.StatusOK {
			t.Fatalf("%s: %d %s", m, st, c.received())
		}
	}
	clock := func(id string) (rem [2]int64, running [2]bool, first int64) {
		t.Helper()
		var v struct {
			View struct {
				Clock struct {
					RemainingMs [2]int64 `json:"remainingMs"`
					Running     [2]bool  `json:"running"`
					FirstMoveMs int64    `json:"firstMoveMs"`
				} `json:"clock"`
			} `json:"view"`
		}
		a.call("GET", "/api/games/"+id, nil, &v)
		return v.View.Clock.RemainingMs, v.View.Clock.Running, v.View.Clock.FirstMoveMs
	}

	// Black thinks 20 s over its first move, White 10 s: neither clock counts them.
	g := onlineGame(t, a, b, map[string]any{"kind": "reversi", "time": live, "rated": true})
	h.clock.Advance(20 * time.Second)
	move(a, g.ID, "f5")
	if rem, running, first := clock(g.ID); rem != [2]int64{60000, 60000} || running != [2]bool{} || first != 30000 {
		t.Fatalf("after Black's first move: %v %v %d", rem, running, first)
	}
	// White, yet to move, may abort.
	var e apiError
	h.clock.Advance(10 * time.Second)
	move(b, g.ID, "d6")
	if rem, running, first := clock(g.ID); rem != [2]int64{60000, 60000} || running != [2]bool{true, false} || first != 0 {
		t.Fatalf("after both first moves: %v %v %d", rem, running, first)
	}
	if st := a.call("POST", "/api/games/"+g.ID+"/abort", nil, &e); st != http.StatusConflict || e.Error.Code != "not_allowed" {
		t.Fatalf("an abort after both sides moved: %d %+v", st, e)
	}
	h.clock.Advance(5 * time.Second)
	move(a, g.ID, "c3")
	if rem, _, _ := clock(g.ID); rem != [2]int64{57000, 60000} {
		t.Fatalf("after Black's second move (5 s, 2 s back): %v", rem)
	}

	// Abort at move 0, by the side not to move; and by the side yet to move after the other's
	// first move.
	for _, tc := range []struct {
		name  string
		moves []string
		by    *client
	}{{"before any move", nil, b}, {"before White's first move", []string{"f5"}, b}, {"Black, before White's first move", []string{"f5"}, a}} {
		g := onlineGame(t, a, b, map[string]any{"kind": "reversi", "time": live, "rated": true})
		for _, m := range tc.moves {
			move(a, g.ID, m)
		}
		if st := tc.by.call("POST", "/api/games/"+g.ID+"/abort", nil, nil); st != http.StatusOK {
			t.Fatalf("%s: abort %d %s", tc.name, st, tc.by.received())
		}
		if v := a.game(g.ID).View; v.Outcome.Ending != "abort" || v.Outcome.Winner != nil {
			t.Fatalf("%s: outcome %+v", tc.name, v.Outcome)
		}
	}

	// Nobody moves: the server aborts the game when the first move's wait is over.
	g = onlineGame(t, a, b, map[string]any{"kind": "reversi", "time": live})
	w := a.dial()
	w.send(map[string]any{"type": "subscribe", "game": g.ID})
	w.next(ofType("subscribed"))
	h.clock.Advance(31 * time.Second)
	m := w.next(eventKind("end"))
	if o := m["event"].(map[string]any)["outcome"].(map[string]any); o["ending"] != "abort" || o["winner"] != nil ||
		!strings.Contains(fmt.Sprint(o["reason"]), "did not make a first move") {
		t.Fatalf("no first move: %v", o)
	}
}

// TestLobbyAndRematch opens a challenge, accepts it from the lobby, resigns, and plays the
// rematch with colours swapped.
func TestLobbyAndRematch(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	a, b := h.bot(), h.bot()
	w := b.dial()
	w.send(map[string]any{"type": "lobby"})
	w.next(ofType("lobby"))
	g := a.create(map[string]any{"kind": "reversi", "mode": "online", "open": true, "side": "first", "options": map[string]string{"size": "6"}})
	m := w.next(func(m map[string]any) bool {
		return m["type"] == "lobby" && strings.Contains(fmt.Sprint(m["games"]), g.ID)
	})
	_ = m
	if st := b.call("POST", "/api/games/"+g.ID+"/join", nil, nil); st != http.StatusOK {
		t.Fatalf("accepting the challenge: %d %s", st, b.received())
	}
	if st := b.call("POST", "/api/games/"+g.ID+"/resign", nil, nil); st != http.StatusOK {
		t.Fatalf("resign: %d", st)
	}
	var r gameJSON
	if st := b.call("POST", "/api/games/"+g.ID+"/rematch", nil, &r); st != http.StatusCreated {
		t.Fatalf("rematch: %d %s", st, b.received())
	}
	if len(r.You) != 1 || r.You[0] != "first" || r.Status != "active" {
		t.Fatalf("the rematch swaps colours: %+v", r)
	}
	var again gameJSON
	a.call("POST", "/api/games/"+g.ID+"/rematch", nil, &again)
	if again.ID != r.ID {
		t.Fatalf("a second rematch request made another game: %s and %s", again.ID, r.ID)
	}
}

// TestTakebackByConsent asks the opponent online, who accepts.
func TestTakebackByConsent(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	a, b := h.bot(), h.bot()
	g := a.create(map[string]any{"kind": "reversi", "mode": "online", "open": true, "side": "first"})
	b.call("POST", "/api/games/"+g.ID+"/join", nil, nil)
	a.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "f5"}, nil)
	a.call("POST", "/api/games/"+g.ID+"/takeback", nil, nil)
	if v := b.game(g.ID).View; v.Ply != 1 {
		t.Fatalf("an online takeback needs consent: ply %d", v.Ply)
	}
	if st := b.call("POST", "/api/games/"+g.ID+"/takeback/answer", map[string]any{"accept": true}, nil); st != http.StatusOK {
		t.Fatalf("accepting: %d %s", st, b.received())
	}
	if v := a.game(g.ID).View; v.Ply != 0 {
		t.Fatalf("after the accepted takeback: ply %d", v.Ply)
	}
}

// TestImport imports a move list and continues it.
func TestImport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.bot()
	var g gameJSON
	if st := c.call("POST", "/api/import", map[string]any{"kind": "reversi", "text": "f5 d6 c3 d3 c4"}, &g); st != http.StatusCreated {
		t.Fatalf("import: %d %s", st, c.received())
	}
	if g.View.Ply != 5 || g.Mode != "hotseat" {
		t.Fatalf("imported game: %+v", g.View)
	}
	if st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": g.View.Legal[0]}, nil); st != http.StatusOK {
		t.Fatalf("continuing it: %d", st)
	}
}

// TestTwoInstances runs two servers on one PostgreSQL schema: a move made through one reaches
// the other's WebSocket within a second.
func TestTwoInstances(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		if !store.IsPostgres(dsn) {
			t.Skip("one instance on SQLite")
		}
		a := newHarness(t, dsn, opts)
		b := newHarness(t, dsn, opts)
		c := a.bot()
		g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
		// The same player, connected to instance B.
		cb := &client{h: b, http: c.http, token: c.token}
		w := cb.dial()
		w.send(map[string]any{"type": "subscribe", "game": g.ID})
		w.next(ofType("subscribed"))
		start := time.Now()
		c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "f5"}, nil)
		w.next(eventKind("move"))
		if d := time.Since(start); d > time.Second {
			t.Errorf("the move reached the other instance after %v", d)
		}
		// And B, which had the game in memory, plays on from the fresh position.
		wa := c.dial()
		wa.send(map[string]any{"type": "subscribe", "game": g.ID, "after": c.game(g.ID).View.Version})
		wa.next(ofType("subscribed"))
		start = time.Now()
		if st := cb.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "d6"}, nil); st != http.StatusOK {
			t.Fatalf("a move through B: %d %s", st, cb.received())
		}
		// A learns of B's move through the notification (its followers hear of it once A has
		// reloaded the game): within the second the issue promises.
		wa.next(eventKind("move"))
		if d := time.Since(start); d > time.Second {
			t.Errorf("B's move reached A after %v", d)
		}
		if ply := c.game(g.ID).View.Ply; ply != 2 {
			t.Fatalf("A sees ply %d after B's move", ply)
		}
	})
}

// TestRestartResumesAI stops a server while the AI is to move and starts another on the same
// store: the AI's move is played.
func TestRestartResumesAI(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := newHarness(t, dir+"/t.db", store.Options{}, func(c *app.Config) { c.AIWorkers = 1 })
	c := h.bot()
	g := c.create(map[string]any{"kind": "reversi", "mode": "ai", "level": 1, "side": "second"})
	h.srv.Close() // the AI may or may not have moved
	h2 := newHarness(t, dir+"/t.db", store.Options{})
	c2 := &client{h: h2, http: c.http, token: c.token}
	// The AI's move, made before the stop or after the restart, comes as an event: caught up
	// with (before "subscribed") or pushed.
	w := c2.dial()
	w.send(map[string]any{"type": "subscribe", "game": g.ID, "after": 0})
	w.next(eventKind("move"))
	if v := c2.game(g.ID).View; v.Ply < 1 {
		t.Fatalf("after the AI's move, ply %d", v.Ply)
	}
}
