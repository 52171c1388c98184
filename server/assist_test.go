package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"turncoat/store"
)

// onlinePair starts an online Reversi game between two guests (a creates it with extra's
// fields, b joins by the invitation) and returns its id.
func onlinePair(t *testing.T, h *harness, extra map[string]any) (a, b *client, id string) {
	t.Helper()
	a, b = h.bot(), h.bot()
	req := map[string]any{"kind": "reversi", "mode": "online", "side": "first"}
	for k, v := range extra {
		req[k] = v
	}
	g := a.create(req)
	token := g.Invite[strings.Index(g.Invite, "seat=")+5:]
	if st := b.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusOK {
		t.Fatalf("join: %d", st)
	}
	return a, b, g.ID
}

type infoJSON struct {
	Hints         bool `json:"hints"`
	EngineHelp    bool `json:"engineHelp"`
	BetweenPeople bool `json:"betweenPeople"`
	Watchers      int  `json:"watchers"`
	Chat          struct {
		Enabled, Read, Write, Off, OpponentOff, Spectators bool
	} `json:"chat"`
}

// TestEngineHelpBetweenPeople: a game between people gives no hint and no engine value while it
// runs, unless created with hints for both (never rated); games against the AI keep their hints;
// a finished game is analysed by anyone.
func TestEngineHelpBetweenPeople(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) { testEngineHelp(t, newHarness(t, dsn, opts)) })
}

func testEngineHelp(t *testing.T, h *harness) {
	a, b, id := onlinePair(t, h, nil)
	var info infoJSON
	a.call("GET", "/api/games/"+id+"/info", nil, &info)
	if info.EngineHelp || !info.BetweenPeople || info.Hints {
		t.Fatalf("a casual game between people: %+v", info)
	}
	if st := a.call("GET", "/api/games/"+id+"/hint?as=first&level=1", nil, nil); st != http.StatusForbidden {
		t.Errorf("a hint in a game between people in play: %d", st)
	}
	if st := b.call("POST", "/api/games/"+id+"/analysis", map[string]any{"ply": 0, "level": 1}, nil); st != http.StatusForbidden {
		t.Errorf("the engine's values of a game between people in play: %d", st)
	}
	var pos struct {
		View struct{ Ply int } `json:"view"`
	}
	if st := b.call("POST", "/api/games/"+id+"/analysis", map[string]any{"ply": 0}, &pos); st != http.StatusOK {
		t.Errorf("a position of a game in play (no engine): %d", st)
	}
	if st := b.call("POST", "/api/games/"+id+"/resign", map[string]any{}, nil); st != http.StatusOK {
		t.Fatalf("resign: %d", st)
	}
	var moves struct {
		Moves []struct{ Move string } `json:"moves"`
	}
	spectator := h.bot()
	if st := spectator.call("POST", "/api/games/"+id+"/analysis", map[string]any{"ply": 0, "level": 1}, &moves); st != http.StatusOK || len(moves.Moves) != 4 {
		t.Errorf("the engine's values of a finished game: %d, %+v", st, moves)
	}

	_, _, id = onlinePair(t, h, map[string]any{"hints": true})
	if st := h.bot().call("POST", "/api/games", map[string]any{"kind": "reversi", "mode": "online", "rated": true, "hints": true}, nil); st != http.StatusBadRequest {
		t.Errorf("a rated game with hints: %d", st)
	}
	c := h.bot()
	c.call("GET", "/api/games/"+id+"/info", nil, &info)
	if !info.EngineHelp || !info.Hints {
		t.Fatalf("a game with hints for both: %+v", info)
	}
	ai := c.create(map[string]any{"kind": "reversi", "mode": "ai", "level": 1})
	if st := c.call("GET", "/api/games/"+ai.ID+"/hint?level=1", nil, nil); st != http.StatusOK {
		t.Errorf("a hint against the AI: %d", st)
	}
}

// TestClocksWaitForOpponent: a timed online game's clocks do not run before both seats are
// taken, however long the wait; nor after the join, before both sides' first moves.
func TestClocksWaitForOpponent(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	a := h.bot()
	g := a.create(map[string]any{"kind": "reversi", "mode": "online", "side": "first", "time": map[string]any{"kind": "fischer", "baseMs": 60000, "incrementMs": 0}})
	h.clock.Advance(10 * time.Minute)
	var v struct {
		View struct {
			Clock struct {
				RemainingMs [2]int64 `json:"remainingMs"`
				Running     [2]bool  `json:"running"`
			} `json:"clock"`
		} `json:"view"`
	}
	a.call("GET", "/api/games/"+g.ID, nil, &v)
	if v.View.Clock.RemainingMs != [2]int64{60000, 60000} || v.View.Clock.Running != [2]bool{} {
		t.Fatalf("waiting ten minutes for an opponent: %+v", v.View.Clock)
	}
	b := h.bot()
	token := g.Invite[strings.Index(g.Invite, "seat=")+5:]
	b.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil)
	a.call("GET", "/api/games/"+g.ID, nil, &v)
	if v.View.Clock.RemainingMs[0] != 60000 || v.View.Clock.Running[0] {
		t.Fatalf("after the join (no clock runs before the first moves): %+v", v.View.Clock)
	}
}

// TestChat: the players of a game between people write, as text, within bounds and a rate;
// spectators read only when both players let them; a muted opponent's messages are no longer
// shown; a player who switched the chat off neither reads nor is written to; games against the
// AI have no chat. Messages reach the followers over the WebSocket.
func TestChat(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) { testChat(t, newHarness(t, dsn, opts)) })
}

func testChat(t *testing.T, h *harness) {
	a, b, id := onlinePair(t, h, nil)
	spectator := h.bot()
	bws := b.dial()
	bws.send(map[string]any{"type": "subscribe", "game": id})
	bws.next(ofType("subscribed"))
	sws := spectator.dial()
	sws.send(map[string]any{"type": "subscribe", "game": id})
	sws.next(ofType("subscribed"))
	bws.next(func(m map[string]any) bool { return m["type"] == "watchers" && m["watchers"] == float64(1) })

	post := func(c *client, text string) int {
		return c.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": text}, nil)
	}
	if st := post(a, "<b>good luck</b>\x07"); st != http.StatusCreated {
		t.Fatalf("a player's message: %d", st)
	}
	m := bws.next(ofType("chat"))
	if body := m["chat"].(map[string]any)["body"]; body != "<b>good luck</b>" {
		t.Errorf("the message arrives as %q", body)
	}
	if st := post(a, strings.Repeat("x", 301)); st != http.StatusBadRequest {
		t.Errorf("a message of 301 characters: %d", st)
	}
	if st := post(a, "   "); st != http.StatusBadRequest {
		t.Errorf("an empty message: %d", st)
	}
	if st := post(spectator, "hello"); st != http.StatusForbidden {
		t.Errorf("a spectator writes: %d", st)
	}
	read := func(c *client) int {
		var list []map[string]any
		c.call("GET", "/api/games/"+id+"/chat", nil, &list)
		return len(list)
	}
	if n := read(spectator); n != 0 {
		t.Errorf("a spectator reads %d messages before the players let them", n)
	}
	for _, c := range []*client{a, b} {
		c.call("PUT", "/api/games/"+id+"/chat/settings", map[string]any{"spectators": true}, nil)
	}
	if n := read(spectator); n != 1 {
		t.Errorf("a spectator reads %d messages once both players let them", n)
	}
	// b mutes a.
	b.call("PUT", "/api/games/"+id+"/chat/settings", map[string]any{"muted": true, "spectators": true}, nil)
	post(a, "second")
	if n := read(b); n != 0 {
		t.Errorf("b muted a and still reads %d messages", n)
	}
	if n := read(a); n != 2 {
		t.Errorf("a reads %d of its own messages", n)
	}
	// The rate: a burst, then refusals.
	refused := false
	for range 10 {
		if post(a, "again") == http.StatusTooManyRequests {
			refused = true
			break
		}
	}
	if !refused {
		t.Error("ten messages at once are all accepted")
	}
	// b switches the chat off: a cannot write to b.
	b.call("PUT", "/api/me/chat", map[string]any{"off": true}, nil)
	var info infoJSON
	a.call("GET", "/api/games/"+id+"/info", nil, &info)
	if info.Chat.Write || !info.Chat.OpponentOff {
		t.Errorf("the opponent switched the chat off: %+v", info.Chat)
	}
	// No chat against the AI.
	ai := a.create(map[string]any{"kind": "reversi", "mode": "ai", "level": 1})
	if st := a.call("POST", "/api/games/"+ai.ID+"/chat", map[string]any{"text": "hi"}, nil); st != http.StatusConflict {
		t.Errorf("a message in a game against the AI: %d", st)
	}
}
