package server_test

import (
	"net/http"
	"testing"
	"time"

	"turncoat/platform/play"
	"turncoat/store"
)

// TestBrowserAIMoves checks the AI seat's moves a player's page computes with the engine in the
// browser (a game created with browserAI): the server takes one only from the game's player, for
// the AI's seat, in turn, at the ply it names, and legal; it refuses it in every other game (one
// without browserAI, a rated game) and for the player's own seat; and when no move comes in time
// the server's AI moves, so no game waits for a page that is gone.
func TestBrowserAIMoves(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	owner, other := h.bot(), h.bot()
	four := map[string]string{"size": "4"}

	// Not for a hot-seat game nor an engine spec.
	for _, req := range []map[string]any{
		{"kind": "reversi", "mode": "hotseat", "browserAI": true},
		{"kind": "reversi", "mode": "ai", "engine": "reversi-ab:depth=2", "browserAI": true},
	} {
		if st := owner.call("POST", "/api/games", req, nil); st != http.StatusBadRequest {
			t.Errorf("create %v: %d, want 400", req, st)
		}
	}

	g := owner.create(map[string]any{"kind": "reversi", "mode": "ai", "level": 1, "side": "second", "options": four, "browserAI": true})
	if len(g.Seats) != 2 || g.Seats[0].AI == "" {
		t.Fatalf("seats %+v", g.Seats)
	}
	var seen struct {
		Seats []struct {
			Browser bool `json:"browser"`
		} `json:"seats"`
	}
	owner.call("GET", "/api/games/"+g.ID, nil, &seen)
	if !seen.Seats[0].Browser || seen.Seats[1].Browser {
		t.Fatalf("the AI's seat is not marked as the browser's: %+v", seen.Seats)
	}
	// The AI (Black) acts first; its legal moves, from the analysis of the start.
	var start struct {
		View struct {
			Legal []string `json:"legal"`
		} `json:"view"`
	}
	if st := owner.call("POST", "/api/analyze", map[string]any{"kind": "reversi", "options": four}, &start); st != http.StatusOK || len(start.View.Legal) == 0 {
		t.Fatalf("analyze: %d %s", st, owner.received())
	}
	black := start.View.Legal[0]
	path := "/api/games/" + g.ID + "/move"
	refused := []struct {
		name string
		c    *client
		body map[string]any
		want int
		code string
	}{
		{"another player", other, map[string]any{"move": black, "ai": true, "ply": 0}, http.StatusForbidden, "forbidden"},
		{"no ply", owner, map[string]any{"move": black, "ai": true}, http.StatusBadRequest, "bad_request"},
		{"the player's seat as the AI's", owner, map[string]any{"move": black, "ai": true, "ply": 0, "side": "second"}, http.StatusForbidden, "forbidden"},
		{"the AI's seat without ai", owner, map[string]any{"move": black, "ply": 0, "side": "first"}, http.StatusForbidden, "forbidden"},
		{"an illegal move", owner, map[string]any{"move": "a1", "ai": true, "ply": 0}, http.StatusUnprocessableEntity, "illegal_move"},
		{"a stale ply", owner, map[string]any{"move": black, "ai": true, "ply": 3}, http.StatusConflict, "stale_ply"},
		{"ai on another command", owner, map[string]any{"ai": true, "ply": 0}, http.StatusBadRequest, "bad_request"},
	}
	for _, r := range refused {
		p := path
		if r.name == "ai on another command" {
			p = "/api/games/" + g.ID + "/resign"
		}
		var e apiError
		if st := r.c.call("POST", p, r.body, &e); st != r.want || e.Error.Code != r.code {
			t.Errorf("%s: %d %q, want %d %q", r.name, st, e.Error.Code, r.want, r.code)
		}
	}
	var after gameJSON
	if st := owner.call("POST", path, map[string]any{"move": black, "ai": true, "ply": 0}, &after); st != http.StatusOK || after.View.Ply != 1 {
		t.Fatalf("the browser's AI move: %d ply %d %s", st, after.View.Ply, owner.received())
	}
	// Out of turn: White (the player) acts now.
	var e apiError
	if st := owner.call("POST", path, map[string]any{"move": after.View.Legal[0], "ai": true, "ply": 1}, &e); st != http.StatusConflict || e.Error.Code != "not_your_turn" {
		t.Errorf("an AI move out of turn: %d %q", st, e.Error.Code)
	}
	// The player moves; the page sends nothing: the server's AI moves once the wait is over, and
	// not before.
	w := owner.dial()
	w.follow(g.ID)
	if st := owner.call("POST", path, map[string]any{"move": after.View.Legal[0], "ply": 1}, &after); st != http.StatusOK || after.View.Ply != 2 {
		t.Fatalf("the player's move: %d %s", st, owner.received())
	}
	// The server's AI waits on the manual clock for the browser's move: until the clock passes
	// the wait, the game stays at the player's move.
	if v := owner.game(g.ID).View; v.Ply != 2 {
		t.Fatalf("the server's AI moved before the browser's time was over (ply %d)", v.Ply)
	}
	h.clock.Advance(play.DefaultBrowserAIWait)
	w.await(g.ID, 30*time.Second, "the server's AI move after the browser's time", func(v gameJSON) bool { return v.View.Ply > 2 })

	// A game without browserAI: its AI is the server's alone.
	plain := owner.create(map[string]any{"kind": "reversi", "mode": "ai", "level": 1, "side": "first", "options": four})
	var pv gameJSON
	owner.call("POST", "/api/games/"+plain.ID+"/move", map[string]any{"move": plain.View.Legal[0], "ply": 0}, &pv)
	if st := owner.call("POST", "/api/games/"+plain.ID+"/move", map[string]any{"move": "a1", "ai": true, "ply": 1}, &e); st != http.StatusForbidden {
		t.Errorf("an AI move in a game without browserAI: %d", st)
	}

	// A rated game between people has no AI seat to move for.
	a, b := h.member("alice"), h.member("bob")
	rated := onlineGame(t, a, b, map[string]any{"kind": "reversi", "options": four, "rated": true})
	for _, side := range []string{"first", "second"} {
		if st := a.call("POST", "/api/games/"+rated.ID+"/move", map[string]any{"move": rated.View.Legal[0], "ai": true, "ply": 0, "side": side}, &e); st != http.StatusForbidden {
			t.Errorf("an AI move for %s in a rated game: %d", side, st)
		}
	}
}
