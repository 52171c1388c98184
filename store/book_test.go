package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/store"
)

// TestBookGames: a finished game gets one row of the book's, the learned ones come back in
// seq order after a given seq, and a start finds the finished games the book has not seen.
func TestBookGames(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		// three reversi games, two of them finished, and a finished game of another kind
		ids := []string{"r1", "r2", "r3", "b1"}
		for i, id := range ids {
			kind := "reversi"
			if id == "b1" {
				kind = "blocs"
			}
			_, tb := newGame(t, s, id, kind, "", game.TimeControl{})
			if i == 2 {
				continue
			}
			before := tb.Snapshot()
			evs, err := tb.Resign(game.First, now0.Add(time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			if err := commit(s, id, before, tb, evs, now0.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		unseen, err := s.UnlearnedGames(ctx, "reversi", 10)
		if err != nil || !slices.Equal(unseen, []string{"r1", "r2"}) {
			t.Fatalf("unlearned: %v, %v; want r1 and r2", unseen, err)
		}
		if _, err := s.BookGame(ctx, "r1"); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("the book's row of an unseen game: %v", err)
		}
		part := []byte("TCBOOK\x01\x00...")
		if err := s.AddBookGame(ctx, domain.BookGame{GameID: "r1", Moves: "f5d6", Part: part, Learned: now0}); err != nil {
			t.Fatal(err)
		}
		if err := s.AddBookGame(ctx, domain.BookGame{GameID: "r1", Moves: "f5d6", Part: part, Learned: now0}); !errors.Is(err, domain.ErrConflict) {
			t.Fatalf("a second row for a game: %v, want ErrConflict", err)
		}
		if err := s.AddBookGame(ctx, domain.BookGame{GameID: "r2", Moves: "", Reason: "aborted", Learned: now0}); err != nil {
			t.Fatal(err)
		}
		if err := s.AddBookGame(ctx, domain.BookGame{GameID: "x9", Moves: "f5f6", Part: []byte{1, 2}, Learned: now0.Add(time.Second)}); err != nil {
			t.Fatal(err)
		}
		if unseen, err := s.UnlearnedGames(ctx, "reversi", 10); err != nil || len(unseen) != 0 {
			t.Fatalf("unlearned after the rows: %v, %v", unseen, err)
		}
		got, err := s.BookGames(ctx, 0, 10)
		if err != nil || len(got) != 2 || got[0].GameID != "r1" || got[1].GameID != "x9" || got[0].Seq >= got[1].Seq ||
			string(got[0].Part) != string(part) || got[0].Moves != "f5d6" || !got[0].Learned.Equal(now0) {
			t.Fatalf("learned games: %+v, %v", got, err)
		}
		if after, err := s.BookGames(ctx, got[0].Seq, 10); err != nil || len(after) != 1 || after[0].GameID != "x9" {
			t.Fatalf("learned games after %d: %+v, %v", got[0].Seq, after, err)
		}
		if g, err := s.BookGame(ctx, "r2"); err != nil || g.Part != nil || g.Reason != "aborted" {
			t.Fatalf("the passed-over game's row: %+v, %v", g, err)
		}
	})
}
