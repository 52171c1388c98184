package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
	"turncoat/store"
)

// importedGame returns a hot-seat game's row and the change that stores its moves, played from
// the start as an import plays them.
func importedGame(t *testing.T, s interface {
	CreateUser(context.Context, string, string, bool, time.Time) (domain.User, error)
}, id string, moves ...string) (domain.Game, domain.Change) {
	t.Helper()
	st, err := games.Registry().New("reversi", "")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := game.NewTable(st, game.TableConfig{Now: now0})
	if err != nil {
		t.Fatal(err)
	}
	empty := tb.Snapshot()
	var evs []game.Event
	for _, m := range moves {
		e, err := tb.SubmitText(tb.ToAct().Single(), m, now0)
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e...)
	}
	u, err := s.CreateUser(context.Background(), id+"-owner", "", true, now0)
	if err != nil {
		t.Fatal(err)
	}
	g := domain.Game{ID: id, Kind: "reversi", Start: empty.Start, Mode: domain.ModeHotSeat, CreatedBy: u.ID, Created: now0,
		Status: domain.StatusActive, Meta: domain.MetaOf(empty), Outcome: game.InPlay,
		Seats: [2]domain.Seat{{UserID: u.ID}, {UserID: u.ID}}}
	c := domain.Change{GameID: id, Snapshot: tb.Snapshot(), Events: evs, Status: domain.StatusActive, Outcome: tb.Outcome(), Now: now0}
	return g, c
}

// TestCreateGameWithMoves: an imported game and its moves are stored together, and a change
// that fails part way (a stale version, a second event of one version, another game's moves)
// leaves no game behind, neither its row nor its events.
func TestCreateGameWithMoves(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		g, c := importedGame(t, s, "imported", "f5", "d6", "c3")
		if err := s.CreateGameWithMoves(ctx, g, c); err != nil {
			t.Fatal(err)
		}
		row, snap, err := s.LoadSnapshot(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(snap.Moves) != 3 || snap.Moves[2].Move != "c3" || row.Version != c.Snapshot.Version || row.Ply != 3 {
			t.Fatalf("stored: version %d ply %d moves %+v", row.Version, row.Ply, snap.Moves)
		}
		if evs, err := s.Events(ctx, g.ID, 0, 100); err != nil || len(evs) != 3 {
			t.Fatalf("%d events stored: %v", len(evs), err)
		}
		for _, tc := range []struct {
			name     string
			spoil    func(c *domain.Change)
			conflict bool
		}{
			{"stale", func(c *domain.Change) { c.FromVersion = 5 }, true},
			{"event twice", func(c *domain.Change) { c.Events = append(c.Events, c.Events[len(c.Events)-1]) }, true},
			{"another game", func(c *domain.Change) { c.GameID = "imported" }, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				id := "bad-" + tc.name[:5]
				g, c := importedGame(t, s, id, "f5", "d6")
				tc.spoil(&c)
				err := s.CreateGameWithMoves(ctx, g, c)
				if err == nil || errors.Is(err, domain.ErrConflict) != tc.conflict {
					t.Fatalf("CreateGameWithMoves: %v, want a failure (a conflict: %v)", err, tc.conflict)
				}
				if _, err := s.Game(ctx, id); !errors.Is(err, domain.ErrNotFound) {
					t.Errorf("the game after a failed import: %v, want not found", err)
				}
				if evs, err := s.Events(ctx, id, 0, 100); err != nil || len(evs) != 0 {
					t.Errorf("%d events left: %v", len(evs), err)
				}
			})
		}
	})
}
