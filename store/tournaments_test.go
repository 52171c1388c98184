package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/rating"
	"turncoat/store"
)

func events(from, to int64) []domain.Event {
	var out []domain.Event
	for v := from; v <= to; v++ {
		out = append(out, domain.Event{Version: v, Body: json.RawMessage(fmt.Sprintf(`{"version":%d}`, v))})
	}
	return out
}

// TestTournamentStore checks a tournament's row, checkpoint, operations and events: commits from
// a stale version are refused whole, the operations after the checkpoint are those to replay,
// and a large batch of events is stored.
func TestTournamentStore(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		host, err := s.CreateUser(ctx, "Host", "h", false, now0)
		if err != nil {
			t.Fatal(err)
		}
		row := domain.Tournament{ID: "t1", Title: "March", HostID: host.ID, Game: "reversi", Phase: "subscription", Version: 1,
			Created: now0, NextDeadline: now0.Add(24 * time.Hour)}
		if err := s.CreateTournament(ctx, row, json.RawMessage(`{"v":1}`), events(1, 1)); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateTournament(ctx, row, json.RawMessage(`{}`), nil); !errors.Is(err, domain.ErrConflict) {
			t.Errorf("an id taken: %v", err)
		}
		commit := func(from, to int64, checkpoint string) error {
			c := domain.TournamentChange{ID: "t1", FromVersion: from, Version: to, Phase: "playing", Op: json.RawMessage(fmt.Sprintf(`{"op":%d}`, to)),
				Events: events(from+1, to), Now: now0.Add(time.Duration(to) * time.Minute), NextDeadline: now0.Add(48 * time.Hour)}
			if checkpoint != "" {
				c.Checkpoint = json.RawMessage(checkpoint)
			}
			return s.CommitTournament(ctx, c)
		}
		if err := commit(1, 3, ""); err != nil {
			t.Fatal(err)
		}
		if err := commit(1, 2, ""); !errors.Is(err, domain.ErrConflict) {
			t.Errorf("a stale commit: %v", err)
		}
		if err := commit(3, 4, ""); err != nil {
			t.Fatal(err)
		}
		got, cp, ops, err := s.LoadTournament(ctx, "t1")
		if err != nil || string(cp) != `{"v":1}` || len(ops) != 2 || ops[0].FromVersion != 1 || ops[0].Version != 3 || ops[1].Version != 4 ||
			string(ops[1].Body) != `{"op":4}` || got.Version != 4 || got.HostName != "Host" || got.Phase != "playing" {
			t.Fatalf("load: %+v %s %+v %v", got, cp, ops, err)
		}
		if err := commit(4, 5, `{"v":5}`); err != nil {
			t.Fatal(err)
		}
		if err := commit(5, 20005, ""); err != nil { // a round of a large tournament
			t.Fatal(err)
		}
		_, cp, ops, err = s.LoadTournament(ctx, "t1")
		if err != nil || string(cp) != `{"v":5}` || len(ops) != 1 || ops[0].Version != 20005 {
			t.Fatalf("after a checkpoint: %s %+v %v", cp, ops, err)
		}
		evs, err := s.TournamentEvents(ctx, "t1", 4, 100000)
		if err != nil || len(evs) != 20001 || evs[0].Version != 5 || evs[len(evs)-1].Version != 20005 || string(evs[1].Body) != `{"version":6}` {
			t.Errorf("events: %d %v", len(evs), err)
		}
		if v, err := s.TournamentVersion(ctx, "t1"); v != 20005 || err != nil {
			t.Errorf("version: %d %v", v, err)
		}
		if _, err := s.TournamentVersion(ctx, "nope"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("unknown: %v", err)
		}
		list, err := s.ListTournaments(ctx, domain.TournamentFilter{Due: true})
		if err != nil || len(list) != 1 || !list[0].NextDeadline.Equal(now0.Add(48*time.Hour)) {
			t.Errorf("list: %+v %v", list, err)
		}
	})
}

// TestRatingsStore checks that a game is rated once, new players start from the default
// rating, and the leaderboard orders by rating.
func TestRatingsStore(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		g, _ := newGame(t, s, "rg1", "reversi", "size=6", game.TimeControl{})
		users := [2]int64{g.Seats[0].UserID, g.Seats[1].UserID}
		calls := 0
		win := func(before [2]rating.Rating) (*[2]rating.Rating, error) {
			calls++
			if before[0] != rating.New() || before[1] != rating.New() {
				t.Errorf("first game's ratings: %+v", before)
			}
			sys := rating.Default()
			a, _ := sys.Update(before[0], []rating.Result{{Opponent: before[1], Score: rating.Win}})
			b, _ := sys.Update(before[1], []rating.Result{{Opponent: before[0], Score: rating.Loss}})
			return &[2]rating.Rating{a, b}, nil
		}
		ch, applied, err := s.RateGame(ctx, "rg1", "reversi:size=6", users, now0, win)
		if err != nil || !applied || len(ch) != 2 || ch[0].After.Rating <= 1500 || ch[1].After.Rating >= 1500 {
			t.Fatalf("rate: %+v %v %v", ch, applied, err)
		}
		if _, applied, err := s.RateGame(ctx, "rg1", "reversi:size=6", users, now0, win); applied || err != nil || calls != 1 {
			t.Errorf("rated twice: %v %v (%d calls)", applied, err, calls)
		}
		if ok, err := s.GameRated(ctx, "rg1"); !ok || err != nil {
			t.Errorf("rated: %v %v", ok, err)
		}
		board, err := s.Leaderboard(ctx, "reversi:size=6", 10)
		if err != nil || len(board) != 2 || board[0].UserID != users[0] || board[0].Games != 1 || board[0].Deviation >= 350 {
			t.Errorf("leaderboard: %+v %v", board, err)
		}
		if b, _ := s.Leaderboard(ctx, "reversi:size=8", 10); len(b) != 0 {
			t.Errorf("another variant: %+v", b)
		}
		mine, err := s.Ratings(ctx, users[1])
		if err != nil || len(mine) != 1 || mine[0].Variant != "reversi:size=6" || mine[0].Rating.Rating >= 1500 {
			t.Errorf("ratings: %+v %v", mine, err)
		}
		if _, _, err := s.RateGame(ctx, "rg1", "x", [2]int64{users[0], users[0]}, now0, win); err == nil {
			t.Error("a user against themselves was rated")
		}
	})
}

// TestNotificationsStore checks notifications, read marks, e-mail settings and the vacation
// allowance.
func TestNotificationsStore(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _ := s.CreateUser(ctx, "Ann", "h", false, now0)
		o, _ := s.CreateUser(ctx, "Bob", "h", false, now0)
		notes, err := s.AddNotifications(ctx, []domain.Notification{
			{UserID: u.ID, Kind: "turn", GameID: "g1", Message: "your move"},
			{UserID: u.ID, Kind: "round", TournamentID: "t1", Message: "round 2"},
			{UserID: o.ID, Kind: "turn", Message: "yours"},
		}, now0, nil)
		if err != nil || len(notes) != 3 || notes[0].ID == 0 || notes[1].ID <= notes[0].ID {
			t.Fatalf("add: %+v %v", notes, err)
		}
		list, err := s.Notifications(ctx, u.ID, 0, false, 10)
		if err != nil || len(list) != 2 || list[0].Kind != "round" || list[1].GameID != "g1" || list[0].Read {
			t.Fatalf("list: %+v %v", list, err)
		}
		if n, err := s.MarkRead(ctx, u.ID, []int64{notes[0].ID, notes[2].ID}, now0); n != 1 || err != nil {
			t.Errorf("mark one (another's id ignored): %d %v", n, err)
		}
		if n, _ := s.UnreadCount(ctx, u.ID); n != 1 {
			t.Errorf("unread: %d", n)
		}
		if unread, _ := s.Notifications(ctx, u.ID, 0, true, 10); len(unread) != 1 || unread[0].ID != notes[1].ID {
			t.Errorf("unread list: %+v", unread)
		}
		if n, _ := s.MarkRead(ctx, u.ID, nil, now0); n != 1 {
			t.Errorf("mark all: %d", n)
		}
		if got, err := s.NotificationByID(ctx, notes[2].ID); err != nil || got.UserID != o.ID {
			t.Errorf("by id: %+v %v", got, err)
		}
		// A key is unique per user: a retried notice stores nothing, in one call or the next,
		// and what follows it (its mail) is asked for only for the notices stored.
		var then []string
		follow := func(n domain.Notification) []domain.Job { then = append(then, n.Key); return nil }
		keyed, err := s.AddNotifications(ctx, []domain.Notification{
			{UserID: o.ID, Kind: "your_move", GameID: "g2", Key: "your_move:g2:4", Message: "your move"},
			{UserID: o.ID, Kind: "your_move", GameID: "g2", Key: "your_move:g2:4", Message: "your move"},
			{UserID: u.ID, Kind: "your_move", GameID: "g2", Key: "your_move:g2:4", Message: "your move"},
		}, now0, follow)
		if err != nil || len(keyed) != 2 || keyed[0].UserID != o.ID || keyed[1].UserID != u.ID || len(then) != 2 {
			t.Fatalf("keyed notices: %+v %v, followed %v", keyed, err, then)
		}
		again, err := s.AddNotifications(ctx, []domain.Notification{
			{UserID: o.ID, Kind: "your_move", GameID: "g2", Key: "your_move:g2:4", Message: "your move"},
		}, now0, follow)
		if err != nil || len(again) != 0 || len(then) != 2 {
			t.Fatalf("a notice stored again: %+v %v, followed %v", again, err, then)
		}
		if got, err := s.NotificationByID(ctx, keyed[0].ID); err != nil || got.Key != "your_move:g2:4" {
			t.Fatalf("the stored key: %+v %v", got, err)
		}
		if e, _ := s.Email(ctx, u.ID); e != "" {
			t.Errorf("no address yet: %q", e)
		}
		s.SetEmail(ctx, u.ID, "ann@example.org")
		s.SetEmail(ctx, u.ID, "ann@example.net")
		if e, _ := s.Email(ctx, u.ID); e != "ann@example.net" {
			t.Errorf("address: %q", e)
		}
		if used, err := s.TakeVacation(ctx, u.ID, 2026, 20, 30); used != 20 || err != nil {
			t.Errorf("vacation: %d %v", used, err)
		}
		if used, err := s.TakeVacation(ctx, u.ID, 2026, 11, 30); !errors.Is(err, domain.ErrAllowance) || used != 20 {
			t.Errorf("beyond the allowance: %d %v", used, err)
		}
		if used, _ := s.VacationUsed(ctx, u.ID, 2026); used != 20 {
			t.Errorf("used after a refusal: %d", used)
		}
		if used, err := s.TakeVacation(ctx, u.ID, 2027, 30, 30); used != 30 || err != nil {
			t.Errorf("a new year: %d %v", used, err)
		}
		ids, err := s.UserIDs(ctx, []string{"ann", "Bob", "Nobody"})
		if err != nil || len(ids) != 2 || ids["ann"] != u.ID || ids["Bob"] != o.ID {
			t.Errorf("ids: %v %v", ids, err)
		}
	})
}

type pingArgs struct {
	N int `json:"n"`
}

func (pingArgs) Kind() string { return "ping" }

type pingWorker struct {
	river.WorkerDefaults[pingArgs]
	worked *atomic.Int64
	done   chan struct{} // told of each job worked, if not nil
}

func (w *pingWorker) Work(ctx context.Context, j *river.Job[pingArgs]) error {
	w.worked.Add(int64(j.Args.N))
	if w.done != nil {
		w.done <- struct{}{}
	}
	return nil
}

// TestJobs checks the durable queue on both databases: River's tables migrate beside ours (twice
// is harmless), a unique job is inserted once, and a job is worked.
func TestJobs(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		var worked atomic.Int64
		done := make(chan struct{}, 10)
		ws := river.NewWorkers()
		river.AddWorker(ws, &pingWorker{worked: &worked, done: done})
		cfg := &river.Config{Queues: map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 1}}, Workers: ws,
			Logger: slog.New(slog.DiscardHandler)}
		for range 2 {
			j, err := s.NewJobs(ctx, cfg, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			if err := j.Stop(ctx); err != nil {
				t.Log(err) // never started
			}
		}
		j, err := s.NewJobs(ctx, cfg, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		unique := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
		if ok, err := j.Insert(ctx, pingArgs{N: 1}, unique); !ok || err != nil {
			t.Fatalf("insert: %v %v", ok, err)
		}
		if ok, err := j.Insert(ctx, pingArgs{N: 1}, unique); ok || err != nil {
			t.Errorf("a duplicate: %v %v", ok, err)
		}
		if err := j.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer j.Stop(ctx)
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("the job not worked within 20 s of the queue's start")
		}
		if worked.Load() != 1 {
			t.Errorf("worked %d", worked.Load())
		}
	})
}
