package jobs

import (
	"context"
	"errors"
	"testing"

	"github.com/riverqueue/river"
)

// TestLookup: the work AddWorker registered is found by its kind in its own set of workers, and
// decodes the stored JSON into the arguments its function gets; another set, or another kind,
// has none; arguments that do not decode are an error, not a call with empty ones.
func TestLookup(t *testing.T) {
	var got []Turn
	boom := errors.New("boom")
	ws := river.NewWorkers()
	AddWorker(ws, func(ctx context.Context, a Turn) error {
		got = append(got, a)
		if a.Ply < 0 {
			return boom
		}
		return nil
	})
	w, ok := Lookup(ws, "game_turn")
	if !ok {
		t.Fatal("no work for game_turn")
	}
	if err := w(t.Context(), []byte(`{"game":"g","ply":12}`)); err != nil {
		t.Fatal(err)
	}
	if err := w(t.Context(), []byte(`{"game":"g","ply":-1}`)); !errors.Is(err, boom) {
		t.Errorf("the work's error: %v", err)
	}
	if err := w(t.Context(), []byte(`{"game":7}`)); err == nil {
		t.Error("arguments that do not decode were worked")
	}
	if len(got) != 2 || got[0] != (Turn{Game: "g", Ply: 12}) || got[1].Ply != -1 {
		t.Errorf("worked %+v", got)
	}
	if _, ok := Lookup(ws, "game_rate"); ok {
		t.Error("work for a kind never registered")
	}
	if _, ok := Lookup(river.NewWorkers(), "game_turn"); ok {
		t.Error("work found in another set of workers")
	}
}
