package server_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"turncoat/store"
)

// online reads a presence (or subscribed) message's seats.
func online(m map[string]any) [2]bool {
	a, _ := m["online"].([]any)
	var out [2]bool
	for i := range min(len(a), 2) {
		out[i], _ = a[i].(bool)
	}
	return out
}

// presenceIs waits for a presence message saying want.
func presenceIs(want [2]bool) func(m map[string]any) bool {
	return func(m map[string]any) bool { return m["type"] == "presence" && online(m) == want }
}

// TestPresence checks that the followers of a game learn which seats have a player following
// it: with "subscribed", then a presence message when a player comes or goes; a spectator
// changes nothing.
func TestPresence(t *testing.T) {
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{})
	red, yellow, spectator := h.browser(), h.browser(), h.browser()
	g := red.create(map[string]any{"kind": "reversi", "mode": "online", "side": "first"})
	token := strings.SplitN(g.Invite, "seat=", 2)[1]
	if st := yellow.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusOK {
		t.Fatalf("join: %d", st)
	}
	wr := red.dial()
	wr.send(map[string]any{"type": "subscribe", "game": g.ID, "views": true})
	if got := online(wr.next(ofType("subscribed"))); got != [2]bool{true, false} {
		t.Fatalf("Red alone: subscribed says %v", got)
	}
	wy := yellow.dial()
	wy.send(map[string]any{"type": "subscribe", "game": g.ID})
	if got := online(wy.next(ofType("subscribed"))); got != [2]bool{true, true} {
		t.Fatalf("both: Yellow's subscribed says %v", got)
	}
	wr.next(presenceIs([2]bool{true, true}))
	ws := spectator.dial()
	ws.send(map[string]any{"type": "subscribe", "game": g.ID})
	if got := online(ws.next(ofType("subscribed"))); got != [2]bool{true, true} {
		t.Fatalf("the spectator's subscribed says %v", got)
	}
	wy.send(map[string]any{"type": "unsubscribe", "game": g.ID})
	if got := online(wr.next(ofType("presence"))); got != [2]bool{true, false} {
		t.Fatalf("Red told Yellow left: %v", got)
	}
	if got := online(ws.next(ofType("presence"))); got != [2]bool{true, false} {
		t.Fatalf("the spectator told Yellow left: %v", got)
	}
	wy.send(map[string]any{"type": "subscribe", "game": g.ID})
	wy.next(ofType("subscribed"))
	if got := online(wr.next(ofType("presence"))); got != [2]bool{true, true} {
		t.Fatalf("Red told Yellow is back: %v", got)
	}
	wy.live.CloseNow()
	if got := online(wr.next(ofType("presence"))); got != [2]bool{true, false} {
		t.Fatalf("Red told Yellow's connection closed: %v", got)
	}
}
