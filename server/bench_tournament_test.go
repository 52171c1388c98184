package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/domain"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/platform/accounts"
	"turncoat/platform/tourney"
	"turncoat/store"
	"turncoat/tournament"
)

// BenchmarkTournamentCloseRound closes a round of a 10,000-board play-by-post tournament on the
// server, persistence included: every standing post played on its board (one board misses),
// every board advanced, the next round opened, the operation, its ~20,000 events and a new
// checkpoint of the whole tournament committed, and the round's summary written. The tournament
// is built beforehand (20,000 players paired, round 1's posts standing), stored and loaded,
// outside the timing.
//
//	go test ./server -run XXX -bench TournamentCloseRound -benchtime 3x
func BenchmarkTournamentCloseRound(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchCloseRound(b, filepath.Join(b.TempDir(), "bench.db"), store.Options{}) })
	b.Run("postgres", func(b *testing.B) {
		dsn, name := testenv.Postgres(b)
		benchCloseRound(b, dsn, store.Options{Channel: name})
	})
}

func benchCloseRound(b *testing.B, dsn string, opts store.Options) {
	const boards = 10000
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, opts)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var now time.Time
	srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), Now: func() time.Time { return now }})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	host, err := st.CreateUser(ctx, "Host", "", false, t0)
	if err != nil {
		b.Fatal(err)
	}
	// build stores a tournament in round 1 with every Red's post standing but one, and loads it.
	build := func(id string) {
		rng := rand.New(rand.NewPCG(1, 2))
		t, _, err := tournament.New(games.Registry(), tournament.Config{Title: "Bench"}, t0)
		if err != nil {
			b.Fatal(err)
		}
		for i := range 2 * boards {
			if _, err := t.Subscribe(t0.Add(time.Second), fmt.Sprintf("Player %05d", i)); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := t.Advance(t.SubscriptionCloses(), rng); err != nil {
			b.Fatal(err)
		}
		r, _ := t.Round()
		for _, d := range t.Due()[1:] {
			tb, _ := t.Table(d.Board)
			s := tb.State()
			move := s.FormatAction(d.Side, s.Legal(d.Side, nil)[0])
			if _, err := t.Post(r.Opened, d.Player, tournament.PostText{Board: d.Board, Move: move}.String()); err != nil {
				b.Fatal(err)
			}
		}
		cp, err := json.Marshal(t)
		if err != nil {
			b.Fatal(err)
		}
		deadline, _ := t.NextDeadline()
		row := domain.Tournament{ID: id, Title: "Bench", HostID: host.ID, Game: "reversi", Phase: string(t.Phase()), Version: t.Version(),
			Created: t0, NextDeadline: deadline}
		if err := st.CreateTournament(ctx, row, cp, nil); err != nil {
			b.Fatal(err)
		}
		now = r.Deadline
		// Loaded before the clock runs, as a live tournament is.
		if err := srv.Tourney().Read(ctx, id, func(*tournament.Tournament) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
	var events, summary int
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		id := fmt.Sprintf("bench%d", i)
		build(id)
		b.StartTimer()
		evs, err := srv.Tourney().Do(ctx, id, nil, false, tourney.Operation{Op: tourney.OpAdvance})
		if err != nil || len(evs) < boards {
			b.Fatalf("closing the round: %d events, %v", len(evs), err)
		}
		err = srv.Tourney().Read(ctx, id, func(t *tournament.Tournament) error {
			summary = len(t.Summary())
			if r, _ := t.Round(); r.Number != 2 {
				return fmt.Errorf("round %d open after the close", r.Number)
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		events = len(evs)
	}
	b.ReportMetric(boards, "boards")
	b.ReportMetric(float64(events), "events")
	b.ReportMetric(float64(summary), "summary-bytes")
}
