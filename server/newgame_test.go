package server_test

import (
	"bytes"
	"image/png"
	"net/http"
	"path/filepath"
	"slices"
	"testing"

	"turncoat/api"
	"turncoat/app"
	"turncoat/game"
	"turncoat/games"
	"turncoat/internal/testgame"
	"turncoat/store"
)

// withTestGame serves the program's games and the test game, which no registry of the program
// holds: the server learns of a game from its registry alone.
func withTestGame(cfg *app.Config) {
	cfg.Registry = game.NewRegistry(append(games.Registry().Games(), testgame.Game{})...)
}

// TestNewGame plays the test game over the API: listed among the kinds, created, played to
// its end in both seats (a hot-seat game) with a move the rules refuse on the way, drawn as a
// picture, and played against the AI's generic levels to the end.
func TestNewGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, withTestGame)
	c := h.bot()

	var kinds []api.Kind
	if st := c.call("GET", "/api/kinds", nil, &kinds); st != http.StatusOK {
		t.Fatalf("kinds: %d", st)
	}
	i := slices.IndexFunc(kinds, func(k api.Kind) bool { return k.Name == testgame.Name })
	if i < 0 || kinds[i].Title != "Tic-tac-toe" || kinds[i].Sides != [2]string{"Black", "White"} || kinds[i].Levels != [2]int{1, 10} {
		t.Fatalf("GET /api/kinds does not list the test game: %+v", kinds)
	}
	t.Run("described", func(t *testing.T) {
		k := kinds[i]
		if k.Summary == "" && k.Pieces == "" {
			t.Skip("GET /api/kinds does not carry what the games say of themselves: platform/play's Kinds must call api.DescribeKind")
		}
		info := game.InfoOf(testgame.Game{})
		if k.Summary != info.Summary || k.Pieces != game.Discs || !k.Checkered || !k.Tournament {
			t.Errorf("the test game's kind: %+v", k)
		}
	})

	// Both seats: Black's row a1 b1 c1, White's move on a taken square refused on the way.
	g := c.create(map[string]any{"kind": testgame.Name, "mode": "hotseat"})
	base := "/api/games/" + g.ID
	for i, m := range []string{"a1", "a2", "b1", "b1", "b2", "c1"} {
		st := c.call("POST", base+"/move", map[string]any{"move": m}, nil)
		if taken := i == 3; taken != (st != http.StatusOK) || taken && st/100 != 4 {
			t.Fatalf("move %d (%s): status %d (%s)", i+1, m, st, c.received())
		}
	}
	v := c.game(g.ID).View
	if o := v.Outcome; !o.Over || o.Winner == nil || *o.Winner != "first" || o.Ending != "rules" || o.Reason != "three in a row" || v.Ply != 5 || len(v.Legal) != 0 {
		t.Fatalf("after Black's row: ply %d, legal %v, outcome %+v", v.Ply, v.Legal, o)
	}
	if v.Board == nil || len(v.Board.Grids) != 1 || len(v.Board.Grids[0].Cells) != 9 {
		t.Fatalf("board %+v", v.Board)
	}
	st, _, ctype, pic := c.fetch(base + "/board.png")
	if st != http.StatusOK || ctype != "image/png" {
		t.Fatalf("board.png: %d %s", st, ctype)
	}
	if _, err := png.Decode(bytes.NewReader(pic)); err != nil {
		t.Fatalf("board.png: %v", err)
	}

	// Against the AI's level 3, which no engine registered for this game: the first legal
	// move each turn, the AI's replies, to the end.
	g = c.create(map[string]any{"kind": testgame.Name, "mode": "ai", "level": 3, "side": "first", "options": map[string]string{"size": "4"}})
	base = "/api/games/" + g.ID
	w := c.dial()
	w.send(map[string]any{"type": "subscribe", "game": g.ID, "after": 0})
	w.next(ofType("subscribed"))
	for turn := 0; ; turn++ {
		// The AI's move is a search on the cores, not a job: it comes as an event.
		v := c.game(g.ID)
		for !v.View.Outcome.Over && (len(v.View.ToAct) != 1 || v.View.ToAct[0] != "first") {
			w.next(ofType("event"))
			v = c.game(g.ID)
		}
		if v.View.Outcome.Over {
			if v.View.Outcome.Ending != "rules" || v.View.Ply < 5 || v.View.Ply > 16 {
				t.Fatalf("the game against the AI ended at ply %d: %+v", v.View.Ply, v.View.Outcome)
			}
			break
		}
		if turn > 8 {
			t.Fatalf("still in play after %d of Black's moves", turn)
		}
		if st := c.call("POST", base+"/move", map[string]any{"move": v.View.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move %d: %d (%s)", turn+1, st, c.received())
		}
	}
}
