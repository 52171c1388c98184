package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"turncoat/api"
	"turncoat/engine/review"
	"turncoat/games/reversi"
	"turncoat/platform/reviews"
	"turncoat/store"
)

// TestGameReview: an imported record's review is asked with one POST (asking twice is one
// review, one job), computed by the durable job, and shared: anyone's GET gives the engine's
// review of the record. A game in play is not reviewed until it ends, and a game without a
// review says so.
func TestGameReview(t *testing.T) {
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		owner, other := h.browser(), h.browser()
		const text = "a2a3a4a1c1pad4" // 4x4: White's a3 throws the game away
		var g gameJSON
		if st := owner.call("POST", "/api/import", map[string]any{"kind": "reversi", "options": map[string]string{"size": "4"}, "text": text}, &g); st != http.StatusCreated {
			t.Fatalf("import: %d %s", st, owner.received())
		}
		path := "/api/games/" + g.ID + "/review"
		var none api.GameReview
		if st := other.call("GET", path, nil, &none); st != http.StatusOK || none.State != "none" {
			t.Fatalf("before asking: %d %+v", st, none)
		}
		var unknown apiError
		if st := other.call("GET", "/api/games/nosuchgame/review", nil, &unknown); st != http.StatusNotFound || unknown.Error.Code != "not_found" {
			t.Errorf("no such game: %d %+v", st, unknown)
		}
		var asked, again api.GameReview
		if st := owner.call("POST", path, nil, &asked); st != http.StatusAccepted || asked.State != "queued" || asked.Plies != 7 {
			t.Fatalf("asked: %d %+v", st, asked)
		}
		if st := other.call("POST", path, nil, &again); st != http.StatusAccepted || again.State != "queued" {
			t.Fatalf("asked again: %d %+v", st, again)
		}
		if n := h.settle(); n != 1 {
			t.Errorf("%d jobs worked, want the one review", n)
		}
		var got api.GameReview
		if st := other.call("GET", path, nil, &got); st != http.StatusOK || got.State != "done" || got.Review == nil {
			t.Fatalf("after the job: %d %+v", st, got)
		}
		rec, err := reversi.ParseMoveList(text, reversi.Start(4))
		if err != nil {
			t.Fatal(err)
		}
		want, err := review.Othello(context.Background(), rec, review.OthelloConfig{})
		if err != nil {
			t.Fatal(err)
		}
		wb, _ := json.Marshal(reviews.Body(want))
		gb, _ := json.Marshal(got.Review)
		if string(wb) != string(gb) {
			t.Errorf("the review:\n got %s\nwant %s", gb, wb)
		}
		if got.Review.Moves[1].Class != "blunder" || got.Review.Moves[1].Best == "" || !got.Review.Moves[1].Exact || got.Review.TurningPoint != 2 {
			t.Errorf("White's a3: %+v, turning point %d", got.Review.Moves[1], got.Review.TurningPoint)
		}
		if st := owner.call("POST", path, nil, &again); st != http.StatusOK || again.State != "done" {
			t.Errorf("asked once done: %d %+v", st, again)
		}
		if n := h.settle(); n != 0 {
			t.Errorf("asking a done review worked %d jobs", n)
		}

		// Practise from here: a game against the AI from the position before White's blunder,
		// White to move, the player White.
		var before struct {
			View struct {
				State string `json:"state"`
			} `json:"view"`
		}
		if st := owner.call("POST", "/api/games/"+g.ID+"/analysis", map[string]any{"ply": 1}, &before); st != http.StatusOK {
			t.Fatalf("the position before ply 2: %d", st)
		}
		live := owner.create(map[string]any{"kind": "reversi", "options": map[string]string{"size": "4"}, "mode": "ai", "level": 1,
			"side": "second", "position": before.View.State})
		if live.View.State != before.View.State || len(live.View.ToAct) != 1 || live.View.ToAct[0] != "second" || live.You[0] != "second" {
			t.Errorf("practise from here: %+v", live.View)
		}
		var bad apiError
		if st := owner.call("POST", "/api/games", map[string]any{"kind": "reversi", "mode": "online", "position": before.View.State}, &bad); st != http.StatusBadRequest {
			t.Errorf("an online game from a position: %d %+v", st, bad)
		}

		// A game against the AI in play: the review waits for its end.
		var refused apiError
		if st := owner.call("POST", "/api/games/"+live.ID+"/review", nil, &refused); st != http.StatusForbidden && st != http.StatusConflict && st != http.StatusUnprocessableEntity {
			t.Errorf("a game in play: %d %+v", st, refused)
		}
		if refused.Error.Code != "not_allowed" {
			t.Errorf("a game in play: %+v", refused)
		}
	})
}
