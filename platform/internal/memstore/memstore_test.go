package memstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
	"turncoat/platform/accounts"
	"turncoat/platform/booksvc"
	"turncoat/platform/events"
	"turncoat/platform/internal/memstore"
	"turncoat/platform/jobs"
	ratingsvc "turncoat/platform/ratings"
	"turncoat/platform/reviews"
	"turncoat/platform/tourney"
	"turncoat/rating"
	"turncoat/store"
)

// ports is what the in-memory store stands in for: the store ports of the services whose unit
// tests use it, as each service declares its own.
type ports interface {
	accounts.Store
	ratingsvc.Store
	events.Store
	tourney.Store
	booksvc.Store
	reviews.Store
	// CreateGame stores the games the tests rate and follow (the game service's, whose tests run
	// on the real store).
	CreateGame(ctx context.Context, g domain.Game, jobs ...domain.Job) error
}

var (
	_ ports = (*memstore.Store)(nil)
	_ ports = (*store.Store)(nil)
)

var now0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// TestConformance makes the same calls on a SQLite store and on the in-memory one and checks
// both give the same answers: the fake's semantics are the store's, not a guess at them. (Jobs
// are left out here: SQLite stores them through the queue; TestJobsUnique covers the fake's.)
func TestConformance(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(t *testing.T, s ports)
	}{
		{"users", users}, {"credentials", credentials}, {"ratings", ratings}, {"events", pairedEvents},
		{"tournaments", tournaments}, {"book", bookGames}, {"accounts", accountLinks},
		{"reviews", gameReviews},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Run("memory", func(t *testing.T) { c.f(t, memstore.New()) })
			t.Run("sqlite", func(t *testing.T) {
				s, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "t.db"), store.Options{})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				c.f(t, s)
			})
		})
	}
}

func mustUser(t *testing.T, s ports, name string) domain.User {
	t.Helper()
	u, err := s.CreateUser(t.Context(), name, "hash-"+name, false, now0)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func users(t *testing.T, s ports) {
	ctx := t.Context()
	ann := mustUser(t, s, "Ann")
	if ann.ID == 0 || ann.Name != "Ann" || ann.Guest || !ann.Created.Equal(now0) {
		t.Errorf("created %+v", ann)
	}
	if _, err := s.CreateUser(ctx, "ANN", "h", false, now0); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("a name taken in another case: %v", err)
	}
	got, hash, err := s.UserByName(ctx, " ann ")
	if err != nil || got.ID != ann.ID || hash != "hash-Ann" {
		t.Errorf("by name: %+v %q %v", got, hash, err)
	}
	if _, _, err := s.UserByName(ctx, "nobody"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown name: %v", err)
	}
	g, err := s.CreateUser(ctx, "guest-x", "", true, now0)
	if err != nil || !g.Guest {
		t.Fatalf("guest %+v %v", g, err)
	}
	if _, hash, _ := s.UserByName(ctx, "guest-x"); hash != "" {
		t.Errorf("a guest's hash %q", hash)
	}
	if err := s.SetPassword(ctx, g.ID, "ann", "h"); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("a guest taking a name taken: %v", err)
	}
	if err := s.SetPassword(ctx, 999, "Zed", "h"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("no such user: %v", err)
	}
	if err := s.SetPassword(ctx, g.ID, "Bob", "hb"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.UserByID(ctx, g.ID); got.Guest || got.Name != "Bob" {
		t.Errorf("registered guest %+v", got)
	}
	if _, _, err := s.UserByName(ctx, "guest-x"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("the guest's old name still names it: %v", err)
	}
	ids, err := s.UserIDs(ctx, []string{"ANN", "Bob", "nobody"})
	if err != nil || len(ids) != 2 || ids["ANN"] != ann.ID || ids["Bob"] != g.ID {
		t.Errorf("UserIDs %v %v", ids, err)
	}
}

func credentials(t *testing.T, s ports) {
	ctx := t.Context()
	ann, bob := mustUser(t, s, "Ann"), mustUser(t, s, "Bob")
	if err := s.CreateSession(ctx, "s1", ann.ID, now0.Add(time.Hour), now0); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, "s2", ann.ID, now0.Add(2*time.Hour), now0); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, "s3", bob.ID, now0.Add(time.Minute), now0); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, "s4", 999, now0.Add(time.Minute), now0); err == nil {
		t.Error("a session of nobody stored")
	}
	u, until, err := s.SessionByHash(ctx, "s1")
	if err != nil || u.ID != ann.ID || !until.Equal(now0.Add(time.Hour)) {
		t.Errorf("session %+v %v %v", u, until, err)
	}
	if err := s.EndSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionByHash(ctx, "s1"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("ended session: %v", err)
	}
	if hashes, err := s.EndUserSessions(ctx, ann.ID); err != nil || !slices.Equal(hashes, []string{"s2"}) {
		t.Errorf("ended everywhere: %v %v", hashes, err)
	}

	tok := func(id string, created, expires time.Time) domain.APIToken {
		return domain.APIToken{ID: id, Name: "bot " + id, Created: created, Expires: expires}
	}
	if err := s.CreateAPIToken(ctx, ann.ID, "h1", tok("t1", now0, time.Time{}), 2); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateAPIToken(ctx, ann.ID, "h2", tok("t2", now0.Add(time.Second), now0.Add(time.Hour)), 2); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateAPIToken(ctx, ann.ID, "h3", tok("t3", now0.Add(time.Minute), time.Time{}), 2); !errors.Is(err, domain.ErrLimit) {
		t.Errorf("a third token within a limit of two: %v", err)
	}
	// At the expiry of t2, it no longer counts.
	if err := s.CreateAPIToken(ctx, ann.ID, "h3", tok("t3", now0.Add(time.Hour), time.Time{}), 2); err != nil {
		t.Errorf("a token in the place of an expired one: %v", err)
	}
	u, at, err := s.APITokenUser(ctx, "h2")
	if err != nil || u.ID != ann.ID || at.ID != "t2" || !at.Expires.Equal(now0.Add(time.Hour)) {
		t.Errorf("token user %+v %+v %v", u, at, err)
	}
	list, err := s.APITokens(ctx, ann.ID)
	if err != nil || len(list) != 3 || list[0].ID != "t1" || list[2].ID != "t3" {
		t.Errorf("tokens %+v %v", list, err)
	}
	if none, err := s.APITokens(ctx, bob.ID); err != nil || none == nil || len(none) != 0 {
		t.Errorf("no tokens: %#v %v", none, err)
	}
	if _, err := s.DeleteAPIToken(ctx, bob.ID, "t1"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("revoking another's token: %v", err)
	}
	if h, err := s.DeleteAPIToken(ctx, ann.ID, "t1"); err != nil || h != "h1" {
		t.Errorf("revoke: %q %v", h, err)
	}
	if err := s.DeleteAPITokenByHash(ctx, "h3"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.APITokenUser(ctx, "h3"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("logged-out token: %v", err)
	}
	// Purge: Bob's session expired; t2 expired an hour ago is kept for two.
	if err := s.DeleteExpiredCredentials(ctx, now0.Add(2*time.Hour), 2*time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionByHash(ctx, "s3"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("an expired session survived the purge: %v", err)
	}
	if _, _, err := s.APITokenUser(ctx, "h2"); err != nil {
		t.Errorf("a token expired less than keep ago was purged: %v", err)
	}
	if err := s.DeleteExpiredCredentials(ctx, now0.Add(3*time.Hour), 2*time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.APITokenUser(ctx, "h2"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("a token expired keep ago survived: %v", err)
	}
}

// newGame stores an online game of reversi between two users.
func newGame(t *testing.T, s ports, id string, users [2]int64) domain.Game {
	t.Helper()
	st, err := games.Registry().New("reversi", "")
	if err != nil {
		t.Fatal(err)
	}
	g := domain.Game{ID: id, Kind: "reversi", Start: st.Encode(), Mode: domain.ModeOnline, Rated: true, Created: now0,
		Status: domain.StatusActive, Outcome: game.InPlay, Meta: domain.Meta{DrawOffer: game.NoPlayer},
		Seats: [2]domain.Seat{{UserID: users[0]}, {UserID: users[1]}}}
	if err := s.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	return g
}

func ratings(t *testing.T, s ports) {
	ctx := t.Context()
	ann, bob, cy := mustUser(t, s, "Ann"), mustUser(t, s, "Bob"), mustUser(t, s, "Cy")
	newGame(t, s, "g1", [2]int64{ann.ID, bob.ID})
	newGame(t, s, "g2", [2]int64{bob.ID, cy.ID})
	newGame(t, s, "g3", [2]int64{ann.ID, cy.ID})
	if err := s.CreateGame(ctx, domain.Game{ID: "g1", Kind: "reversi"}); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("a game id taken: %v", err)
	}
	g, err := s.Game(ctx, "g1")
	if err != nil || g.Seats[0].UserName != "Ann" || g.Seats[1].UserName != "Bob" || g.Status != domain.StatusActive || !g.Created.Equal(now0) {
		t.Errorf("game %+v %v", g, err)
	}
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("no game: %v", err)
	}
	if row, snap, err := s.LoadSnapshot(ctx, "g1"); err != nil || row.ID != "g1" || snap.Game != "reversi" || snap.Start != g.Start ||
		snap.Moves == nil || len(snap.Moves) != 0 || snap.DrawOffer != game.NoPlayer {
		t.Errorf("snapshot %+v %+v %v", row, snap, err)
	}

	win := func(before [2]rating.Rating) (*[2]rating.Rating, error) {
		a, b := before[0], before[1]
		a.Rating, b.Rating = a.Rating+10, b.Rating-10
		a.Deviation, b.Deviation = a.Deviation-1, b.Deviation-1
		return &[2]rating.Rating{a, b}, nil
	}
	users := [2]int64{ann.ID, bob.ID}
	if _, _, err := s.RateGame(ctx, "g1", "v", [2]int64{ann.ID, ann.ID}, now0, win); err == nil {
		t.Error("a game rated against oneself")
	}
	if _, _, err := s.RateGame(ctx, "g1", "v", users, now0, func([2]rating.Rating) (*[2]rating.Rating, error) {
		return nil, errors.New("boom")
	}); err == nil {
		t.Error("a failed update reported no error")
	}
	if _, _, err := s.RateGame(ctx, "g1", "v", users, now0, func(b [2]rating.Rating) (*[2]rating.Rating, error) {
		b[0].Deviation = -1
		return &b, nil
	}); err == nil {
		t.Error("an invalid rating stored")
	}
	// Neither failure stored anything: the game is rated now, from a new player's rating.
	changes, applied, err := s.RateGame(ctx, "g1", "v", users, now0, win)
	if err != nil || !applied || len(changes) != 2 || changes[0].Before != rating.New() || changes[0].After.Rating != rating.New().Rating+10 {
		t.Fatalf("rate: %+v %v %v", changes, applied, err)
	}
	if changes, applied, err := s.RateGame(ctx, "g1", "v", users, now0, win); err != nil || applied || changes != nil {
		t.Errorf("a second rating of a game: %+v %v %v", changes, applied, err)
	}
	if _, _, err := s.RateGame(ctx, "nope", "v", users, now0, win); err == nil {
		t.Error("an unknown game rated")
	}
	// An unrated record (an abort) stores the game as seen and changes nobody.
	if changes, applied, err := s.RateGame(ctx, "g3", "v", [2]int64{ann.ID, cy.ID}, now0, func([2]rating.Rating) (*[2]rating.Rating, error) {
		return nil, nil
	}); err != nil || !applied || changes != nil {
		t.Errorf("an unrated record: %+v %v %v", changes, applied, err)
	}
	if _, applied, _ := s.RateGame(ctx, "g3", "v", [2]int64{ann.ID, cy.ID}, now0, win); applied {
		t.Error("a game recorded unrated was rated after")
	}
	if _, _, err := s.RateGame(ctx, "g2", "w", [2]int64{bob.ID, cy.ID}, now0.Add(time.Hour), win); err != nil {
		t.Fatal(err)
	}
	// In v: Ann 1510 (d-1), Bob 1490; Cy has only an unrated record there. In w: Bob 1510, Cy 1490.
	board, err := s.Leaderboard(ctx, "v", 10)
	if err != nil || len(board) != 2 || board[0].UserName != "Ann" || board[1].UserName != "Bob" || board[0].Games != 1 || !board[0].Updated.Equal(now0) {
		t.Errorf("leaderboard v: %+v %v", board, err)
	}
	if one, _ := s.Leaderboard(ctx, "v", 1); len(one) != 1 || one[0].UserName != "Ann" {
		t.Errorf("leaderboard of one: %+v", one)
	}
	mine, err := s.Ratings(ctx, bob.ID)
	if err != nil || len(mine) != 2 || mine[0].Variant != "v" || mine[1].Variant != "w" || mine[1].Rating.Rating != rating.New().Rating+10 {
		t.Errorf("Bob's ratings %+v %v", mine, err)
	}
	if cys, _ := s.Ratings(ctx, cy.ID); len(cys) != 1 || cys[0].Variant != "w" {
		t.Errorf("Cy's ratings (an unrated record is no rating): %+v", cys)
	}
}

func pairedEvents(t *testing.T, s ports) {
	ctx := t.Context()
	ann := mustUser(t, s, "Ann")
	e := domain.PairedEvent{ID: "e1", HostID: ann.ID, Format: "swiss", Status: "signup", Version: 1, State: json.RawMessage(`{"a":1}`), Created: now0}
	if err := s.CreatePairedEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	if err := s.CreatePairedEvent(ctx, e); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("an event id taken: %v", err)
	}
	got, err := s.PairedEventByID(ctx, "e1")
	if err != nil || got.Version != 1 || string(got.State) != `{"a":1}` || !got.Updated.Equal(now0) || got.Status != "signup" {
		t.Errorf("event %+v %v", got, err)
	}
	if _, err := s.PairedEventByID(ctx, "nope"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("no event: %v", err)
	}
	next := e
	next.Version, next.State, next.Status = 2, json.RawMessage(`{"a":2}`), "running"
	if err := s.SavePairedEvent(ctx, next, 1, []string{"x1", "x2"}, now0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.SavePairedEvent(ctx, next, 1, nil, now0); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("a save from a stale version: %v", err)
	}
	next.Version = 3
	if err := s.SavePairedEvent(ctx, next, 2, []string{"x2"}, now0); err == nil || errors.Is(err, domain.ErrConflict) {
		t.Errorf("a game mapped twice: %v", err)
	}
	if got, _ := s.PairedEventByID(ctx, "e1"); got.Version != 2 || string(got.State) != `{"a":2}` || got.Status != "running" || !got.Updated.Equal(now0.Add(time.Minute)) {
		t.Errorf("after the saves: %+v", got)
	}
	if id, err := s.PairedEventOfGame(ctx, "x2"); err != nil || id != "e1" {
		t.Errorf("event of a game: %q %v", id, err)
	}
	if _, err := s.PairedEventOfGame(ctx, "x9"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("a game of no event: %v", err)
	}
}

func tournaments(t *testing.T, s ports) {
	ctx := t.Context()
	ann := mustUser(t, s, "Ann")
	row := domain.Tournament{ID: "t1", Title: "Cup", HostID: ann.ID, Game: "reversi", Phase: "subscription", Version: 2, Created: now0,
		NextDeadline: now0.Add(time.Hour)}
	ev := func(v int64) domain.Event {
		return domain.Event{Version: v, Body: json.RawMessage(fmt.Sprintf(`{"v":%d}`, v))}
	}
	if err := s.CreateTournament(ctx, row, json.RawMessage(`"cp2"`), []domain.Event{ev(1), ev(2)}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTournament(ctx, row, json.RawMessage(`"cp2"`), nil); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("a tournament id taken: %v", err)
	}
	change := func(from, to int64, cp string) domain.TournamentChange {
		c := domain.TournamentChange{ID: "t1", FromVersion: from, Version: to, Phase: "playing", Op: json.RawMessage(`"op"`),
			Events: []domain.Event{ev(to)}, Now: now0.Add(time.Duration(to) * time.Minute)}
		if cp != "" {
			c.Checkpoint = json.RawMessage(cp)
		}
		return c
	}
	if err := s.CommitTournament(ctx, change(2, 3, "")); err != nil {
		t.Fatal(err)
	}
	if err := s.CommitTournament(ctx, change(2, 4, "")); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("a commit from a stale version: %v", err)
	}
	if err := s.CommitTournament(ctx, change(3, 3, "")); err == nil {
		t.Error("a commit that does not move the version on")
	}
	got, cp, ops, err := s.LoadTournament(ctx, "t1")
	if err != nil || got.Version != 3 || got.HostName != "Ann" || got.CheckpointVersion != 2 || string(cp) != `"cp2"` || len(ops) != 1 ||
		ops[0].FromVersion != 2 || ops[0].Version != 3 || got.Phase != "playing" || !got.NextDeadline.IsZero() || !got.Updated.Equal(now0.Add(3*time.Minute)) {
		t.Errorf("load: %+v %s %+v %v", got, cp, ops, err)
	}
	if err := s.CommitTournament(ctx, change(3, 4, `"cp4"`)); err != nil {
		t.Fatal(err)
	}
	if got, cp, ops, _ := s.LoadTournament(ctx, "t1"); got.CheckpointVersion != 4 || string(cp) != `"cp4"` || len(ops) != 0 {
		t.Errorf("after a checkpoint: %+v %s %+v", got, cp, ops)
	}
	if v, err := s.TournamentVersion(ctx, "t1"); err != nil || v != 4 {
		t.Errorf("version %d %v", v, err)
	}
	if _, err := s.TournamentVersion(ctx, "nope"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("no tournament: %v", err)
	}
	if _, _, _, err := s.LoadTournament(ctx, "nope"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("no tournament to load: %v", err)
	}
	evs, err := s.TournamentEvents(ctx, "t1", 1, 2)
	if err != nil || len(evs) != 2 || evs[0].Version != 2 || evs[1].Version != 3 {
		t.Errorf("events %+v %v", evs, err)
	}
	row2 := row
	row2.ID, row2.Phase, row2.NextDeadline, row2.Created = "t2", "subscription", time.Time{}, now0.Add(time.Hour)
	if err := s.CreateTournament(ctx, row2, json.RawMessage(`"x"`), nil); err != nil {
		t.Fatal(err)
	}
	list, err := s.ListTournaments(ctx, domain.TournamentFilter{})
	if err != nil || len(list) != 2 || list[0].ID != "t2" || list[1].HostName != "Ann" {
		t.Errorf("list %+v %v", list, err)
	}
	if list, _ := s.ListTournaments(ctx, domain.TournamentFilter{Phase: "playing"}); len(list) != 1 || list[0].ID != "t1" {
		t.Errorf("list of a phase %+v", list)
	}
	if list, _ := s.ListTournaments(ctx, domain.TournamentFilter{Due: true}); len(list) != 0 {
		t.Errorf("list of the due %+v", list)
	}
}

func bookGames(t *testing.T, s ports) {
	ctx := t.Context()
	if _, err := s.BookGame(ctx, "g1"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("an unseen game: %v", err)
	}
	if err := s.AddBookGame(ctx, domain.BookGame{GameID: "g1", Moves: "f5", Part: []byte{1, 2}, Learned: now0}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddBookGame(ctx, domain.BookGame{GameID: "g2", Reason: "aborted", Learned: now0}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddBookGame(ctx, domain.BookGame{GameID: "g1", Reason: "again"}); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("a game stored twice: %v", err)
	}
	if err := s.AddBookGame(ctx, domain.BookGame{GameID: "g3", Moves: "d3", Part: []byte{3}, Learned: now0}); err != nil {
		t.Fatal(err)
	}
	g, err := s.BookGame(ctx, "g2")
	if err != nil || g.Reason != "aborted" || g.Part != nil || !g.Learned.Equal(now0) {
		t.Errorf("a game passed over: %+v %v", g, err)
	}
	learned, err := s.BookGames(ctx, 0, 10)
	if err != nil || len(learned) != 2 || learned[0].GameID != "g1" || learned[1].GameID != "g3" || learned[0].Seq >= learned[1].Seq ||
		string(learned[1].Part) != "\x03" {
		t.Fatalf("learned %+v %v", learned, err)
	}
	if after, _ := s.BookGames(ctx, learned[0].Seq, 10); len(after) != 1 || after[0].GameID != "g3" {
		t.Errorf("after the first: %+v", after)
	}
}

// gameReviews: a review is asked once per game and moves; asking again finds it; a failed one,
// or one of other moves, is asked anew (one attempt more, a job of its own); an update of a
// review asked anew since is a conflict.
func gameReviews(t *testing.T, s ports) {
	ctx := t.Context()
	if st, ok := s.(*store.Store); ok {
		// the review's job is stored with it: the SQLite store inserts through the queue
		cfg := &river.Config{Workers: river.NewWorkers(), Logger: slog.New(slog.DiscardHandler)}
		jobs.AddWorker(cfg.Workers, func(context.Context, jobs.Review) error { return nil })
		if _, err := st.NewJobs(ctx, cfg, slog.New(slog.DiscardHandler)); err != nil {
			t.Fatal(err)
		}
	}
	job := func(r domain.GameReview) domain.Job {
		return jobs.At(jobs.Review{Game: r.GameID, Plies: r.Plies, Attempt: r.Attempt}, time.Time{})
	}
	if _, err := s.GameReview(ctx, "g1"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("no review asked: %v", err)
	}
	ask := func(plies int, at time.Time) domain.GameReview {
		t.Helper()
		r, err := s.AskReview(ctx, domain.GameReview{GameID: "g1", Plies: plies, State: domain.ReviewQueued, Total: plies, Asked: at}, job)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	first := ask(10, now0)
	if first.Attempt != 0 || first.State != domain.ReviewQueued || !first.Asked.Equal(now0) {
		t.Errorf("asked: %+v", first)
	}
	if again := ask(10, now0.Add(time.Minute)); !again.Asked.Equal(now0) || again.Attempt != 0 {
		t.Errorf("asked twice: %+v", again)
	}
	done := first
	done.State, done.Done, done.Result, done.Updated = domain.ReviewDone, 10, []byte(`{"unit":"discs"}`), now0.Add(time.Second)
	if err := s.UpdateReview(ctx, done); err != nil {
		t.Fatal(err)
	}
	got, err := s.GameReview(ctx, "g1")
	if err != nil || got.State != domain.ReviewDone || string(got.Result) != `{"unit":"discs"}` || got.Done != 10 || !got.Updated.Equal(now0.Add(time.Second)) {
		t.Errorf("done: %+v %v", got, err)
	}
	if again := ask(10, now0.Add(time.Minute)); again.State != domain.ReviewDone {
		t.Errorf("asked after it was done: %+v", again)
	}
	played := ask(12, now0.Add(time.Hour))
	if played.Attempt != 1 || played.Plies != 12 || played.State != domain.ReviewQueued || played.Result != nil {
		t.Errorf("asked after more moves: %+v", played)
	}
	if err := s.UpdateReview(ctx, done); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("a stale update: %v", err)
	}
	failed := played
	failed.State, failed.Error = domain.ReviewFailed, "too long"
	if err := s.UpdateReview(ctx, failed); err != nil {
		t.Fatal(err)
	}
	if retry := ask(12, now0.Add(2*time.Hour)); retry.Attempt != 2 || retry.State != domain.ReviewQueued || retry.Error != "" {
		t.Errorf("asked after a failure: %+v", retry)
	}
}

type arg struct {
	Game string `json:"game"`
	N    int    `json:"n"`
}

func (arg) Kind() string { return "test_arg" }

type other struct {
	Game string `json:"game"`
}

func (other) Kind() string { return "test_other" }

// TestJobsUnique: a job is unique by its kind and arguments, whatever its time, stored only with
// a change that is stored, and kept unique once taken (worked).
func TestJobsUnique(t *testing.T) {
	ctx := t.Context()
	s := memstore.New()
	ann := s.AddUser("Ann", "h", now0)
	e := domain.PairedEvent{ID: "e1", HostID: ann.ID, Version: 1, State: json.RawMessage(`{}`)}
	if err := s.CreatePairedEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	e.Version = 2
	j1 := domain.JobAt(arg{Game: "a", N: 1}, now0)
	if err := s.SavePairedEvent(ctx, e, 1, nil, now0, j1, domain.JobAt(arg{Game: "a", N: 1}, now0.Add(time.Hour)), domain.JobAt(other{Game: "a"}, time.Time{})); err != nil {
		t.Fatal(err)
	}
	if err := s.SavePairedEvent(ctx, e, 1, nil, now0, domain.JobAt(arg{Game: "stale"}, now0)); !errors.Is(err, domain.ErrConflict) {
		t.Fatal(err)
	}
	taken := s.TakeJobs()
	if len(taken) != 2 || taken[0] != j1 || s.Duplicates() != 1 {
		t.Fatalf("stored %+v (%d duplicates)", taken, s.Duplicates())
	}
	if err := s.InsertJobs(j1, domain.JobAt(arg{Game: "a", N: 2}, now0)); err != nil {
		t.Fatal(err)
	}
	if next := s.TakeJobs(); len(next) != 1 || next[0].Args != (arg{Game: "a", N: 2}) {
		t.Errorf("after a take: %+v", next)
	}
	if got := memstore.ArgsOf[arg](s.Jobs()); !slices.Equal(got, []arg{{"a", 1}, {"a", 2}}) {
		t.Errorf("ArgsOf %+v", got)
	}
	s.FailNext("SavePairedEvent", errors.New("down"))
	e.Version = 3
	if err := s.SavePairedEvent(ctx, e, 2, nil, now0, domain.JobAt(arg{Game: "lost"}, now0)); err == nil || s.Calls("SavePairedEvent") != 3 {
		t.Errorf("FailNext: %v, %d calls", err, s.Calls("SavePairedEvent"))
	}
	if len(s.TakeJobs()) != 0 {
		t.Error("a failed save stored its job")
	}
}

// accountLinks: a new address's link makes the older expire; a link confirms once and before it
// expires; a reset sets the password and ends every credential; closing renames, holds the old
// name and ends the credentials; a suspension shows on the user and is lifted.
func accountLinks(t *testing.T, s ports) {
	ctx := t.Context()
	ann := mustUser(t, s, "Ann")
	link := func(hash, purpose, email string, at time.Time) {
		t.Helper()
		if err := s.AddAccountLink(ctx, domain.AccountLink{Hash: hash, UserID: ann.ID, Purpose: purpose, Email: email, Created: at, Expires: at.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	link("e1", domain.LinkEmail, "a@example.org", now0)
	link("e2", domain.LinkEmail, "b@example.org", now0.Add(time.Minute))
	if p, err := s.PendingEmail(ctx, ann.ID, now0.Add(2*time.Minute)); err != nil || p.Email != "b@example.org" {
		t.Errorf("pending: %+v %v", p, err)
	}
	if n, err := s.RecentLinks(ctx, ann.ID, "", domain.LinkEmail, now0.Add(-time.Minute)); err != nil || n != 2 {
		t.Errorf("recent links: %d %v", n, err)
	}
	if _, err := s.ConfirmEmail(ctx, "e1", now0.Add(2*time.Minute)); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("a replaced link: %v", err)
	}
	if _, err := s.ConfirmEmail(ctx, "e2", now0.Add(2*time.Hour)); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("an expired link: %v", err)
	}
	if l, err := s.ConfirmEmail(ctx, "e2", now0.Add(2*time.Minute)); err != nil || l.Email != "b@example.org" {
		t.Fatalf("confirm: %+v %v", l, err)
	}
	if _, err := s.ConfirmEmail(ctx, "e2", now0.Add(3*time.Minute)); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("a link used twice: %v", err)
	}
	if set, err := s.MailSettings(ctx, ann.ID); err != nil || set.Email != "b@example.org" {
		t.Errorf("the confirmed address: %+v %v", set, err)
	}
	if us, err := s.UsersByEmail(ctx, "b@example.org"); err != nil || len(us) != 1 || us[0].ID != ann.ID {
		t.Errorf("users by address: %+v %v", us, err)
	}
	if err := s.CreateSession(ctx, "s1", ann.ID, now0.Add(time.Hour), now0); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, "s2", ann.ID, now0.Add(time.Hour), now0); err != nil {
		t.Fatal(err)
	}
	if ended, err := s.EndCredentials(ctx, ann.ID, "s1", false); err != nil || !slices.Equal(ended, []string{"s2"}) {
		t.Errorf("end but s1: %v %v", ended, err)
	}
	link("r1", domain.LinkReset, "b@example.org", now0)
	if _, ended, err := s.ResetPassword(ctx, "r1", "new-hash", now0.Add(time.Minute)); err != nil || !slices.Equal(ended, []string{"s1"}) {
		t.Errorf("reset: %v %v", ended, err)
	}
	if _, hash, err := s.UserByName(ctx, "Ann"); err != nil || hash != "new-hash" {
		t.Errorf("the reset password: %q %v", hash, err)
	}
	if ended, err := s.SuspendUser(ctx, ann.ID, "spam", now0); err != nil || len(ended) != 0 {
		t.Errorf("suspend: %v %v", ended, err)
	}
	if u, err := s.UserByID(ctx, ann.ID); err != nil || !u.Suspended || u.SuspendReason != "spam" {
		t.Errorf("suspended: %+v %v", u, err)
	}
	if err := s.ReinstateUser(ctx, ann.ID); err != nil {
		t.Fatal(err)
	}
	if ended, err := s.CloseUser(ctx, ann.ID, "closed-abc123", now0.Add(90*24*time.Hour), now0); err != nil || len(ended) != 0 {
		t.Errorf("close: %v %v", ended, err)
	}
	if u, err := s.UserByID(ctx, ann.ID); err != nil || !u.Closed || u.Suspended || u.Name != "closed-abc123" {
		t.Errorf("closed: %+v %v", u, err)
	}
	if held, err := s.NameHeld(ctx, "ann", now0.Add(time.Hour)); err != nil || !held {
		t.Errorf("the held name: %v %v", held, err)
	}
	if held, _ := s.NameHeld(ctx, "ann", now0.Add(91*24*time.Hour)); held {
		t.Error("the name held after 91 days")
	}
	if _, err := s.CloseUser(ctx, ann.ID, "closed-abc124", now0, now0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("closing twice: %v", err)
	}
	if set, err := s.MailSettings(ctx, ann.ID); err != nil || set.Email != "" {
		t.Errorf("the address after closing: %+v %v", set, err)
	}
}
