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

// TestTurncoatReview: an imported Turncoat record's review through HTTP: both sides' selections
// of each round, exact on a 3x3 board (Red throwing away its forced win a blunder).
func TestTurncoatReview(t *testing.T) {
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		owner := h.browser()
		const text = "size 3\nmode white-and-black\ncap 100\nsetup BBB/BBB/BBW:WWW/WBW/WWW\n1. a1 b2\n"
		var g gameJSON
		if st := owner.call("POST", "/api/import", map[string]any{"kind": "turncoat", "text": text}, &g); st != http.StatusCreated {
			t.Fatalf("import: %d %s", st, owner.received())
		}
		path := "/api/games/" + g.ID + "/review"
		var asked api.GameReview
		if st := owner.call("POST", path, nil, &asked); st != http.StatusAccepted || asked.State != "queued" || asked.Plies != 1 {
			t.Fatalf("asked: %d %+v", st, asked)
		}
		if n := h.settle(); n != 1 {
			t.Errorf("%d jobs worked, want the one review", n)
		}
		var got api.GameReview
		if st := owner.call("GET", path, nil, &got); st != http.StatusOK || got.State != "done" || got.Review == nil || len(got.Review.Moves) != 2 {
			t.Fatalf("after the job: %d %+v", st, got)
		}
		b := got.Review
		red, yellow := b.Moves[0], b.Moves[1]
		if b.What != "turncoat" || b.Unit != "result" || red.Side != 0 || red.Move != "a1" || red.Best != "c3" || red.Class != "blunder" || !red.Exact ||
			yellow.Side != 1 || yellow.Ply != 1 || yellow.Move != "b2" || yellow.Loss != 0 || b.TurningPoint != 1 {
			t.Errorf("the review: %+v", b)
		}
	})
}
