package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/store"
)

// eachStore runs a test against a fresh SQLite store and a fresh PostgreSQL schema (skipped
// without a server, mandatory in CI): one conformance suite for both.
func eachStore(t *testing.T, f func(t *testing.T, s *store.Store)) {
	t.Run("sqlite", func(t *testing.T) {
		s, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"), store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f(t, s)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn, name := testenv.Postgres(t)
		s, err := store.Open(context.Background(), dsn, store.Options{Channel: name})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f(t, s)
	})
}

var now0 = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

func TestUsersAndSessions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, err := s.CreateUser(ctx, "Ann", "$argon2id$x", false, now0)
		if err != nil || u.ID == 0 {
			t.Fatalf("create: %+v %v", u, err)
		}
		if _, err := s.CreateUser(ctx, "ANN", "h", false, now0); !errors.Is(err, domain.ErrConflict) {
			t.Errorf("a name taken in another case: %v", err)
		}
		got, hash, err := s.UserByName(ctx, " ann ")
		if err != nil || got.ID != u.ID || hash != "$argon2id$x" || got.Guest {
			t.Errorf("by name: %+v %q %v", got, hash, err)
		}
		if _, _, err := s.UserByName(ctx, "nobody"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("unknown name: %v", err)
		}
		if err := s.CreateSession(ctx, "h1", u.ID, now0.Add(time.Hour), now0); err != nil {
			t.Fatal(err)
		}
		if got, err := s.SessionUser(ctx, "h1", now0.Add(time.Minute)); err != nil || got.ID != u.ID {
			t.Errorf("live session: %+v %v", got, err)
		}
		if _, err := s.SessionUser(ctx, "h1", now0.Add(2*time.Hour)); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("expired session: %v", err)
		}
		s.DeleteSession(ctx, "h1")
		if _, err := s.SessionUser(ctx, "h1", now0); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("deleted session: %v", err)
		}
		g, err := s.CreateUser(ctx, "guest-1", "", true, now0)
		if err != nil || !g.Guest {
			t.Fatalf("guest: %+v %v", g, err)
		}
		if err := s.SetPassword(ctx, g.ID, "ann", "h"); !errors.Is(err, domain.ErrConflict) {
			t.Errorf("a guest registering a taken name: %v", err)
		}
		if err := s.SetPassword(ctx, g.ID, "Bob", "h2"); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.UserByID(ctx, g.ID); got.Guest || got.Name != "Bob" {
			t.Errorf("registered guest: %+v", got)
		}
		if err := s.CreateAPIToken(ctx, u.ID, "tok", domain.APIToken{ID: "t1", Name: "bot", Created: now0}, 10); err != nil {
			t.Fatal(err)
		}
		if got, _, err := s.APITokenUser(ctx, "tok"); err != nil || got.ID != u.ID {
			t.Errorf("token: %+v %v", got, err)
		}
	})
}

// newGame stores a new game of kind with two user seats and returns its row and table.
func newGame(t *testing.T, s *store.Store, id, kind, options string, tc game.TimeControl) (domain.Game, *game.Table) {
	t.Helper()
	ctx := context.Background()
	st, err := games.Registry().New(kind, options)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := game.NewTable(st, game.TableConfig{Time: tc, Now: now0})
	if err != nil {
		t.Fatal(err)
	}
	var users [2]int64
	for i := range users {
		u, err := s.CreateUser(ctx, fmt.Sprintf("%s-p%d", id, i), "", true, now0)
		if err != nil {
			t.Fatal(err)
		}
		users[i] = u.ID
	}
	snap := tb.Snapshot()
	g := domain.Game{ID: id, Kind: kind, Start: snap.Start, Time: tc, Mode: "online", Created: now0, Status: domain.StatusActive,
		Meta: domain.MetaOf(snap), Outcome: tb.Outcome(), Seats: [2]domain.Seat{{UserID: users[0]}, {UserID: users[1]}}}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	return g, tb
}

// commit stores what a command did to tb since before.
func commit(s *store.Store, id string, before game.Snapshot, tb *game.Table, evs []game.Event, now time.Time) error {
	after := tb.Snapshot()
	status := domain.StatusActive
	if tb.Over() {
		status = domain.StatusOver
	}
	d, _ := tb.Deadline()
	return s.Commit(context.Background(), domain.Change{GameID: id, FromVersion: before.Version, FromPly: len(before.Moves),
		FromPending: [2]bool{before.Pending[0] != nil, before.Pending[1] != nil},
		Snapshot:    after, Events: evs, Status: status, Outcome: tb.Outcome(), Deadline: d, Now: now})
}

// TestGamesRoundTrip plays random games of every kind through tables, committing every
// command, and checks that the stored game restores to the same table at every step.
func TestGamesRoundTrip(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		reg := games.Registry()
		rng := rand.New(rand.NewPCG(1, 2))
		for gi, g := range reg.Games() {
			id := fmt.Sprintf("g%d", gi)
			tc := game.TimeControl{Kind: game.Fischer, Base: time.Hour, Increment: time.Second}
			_, tb := newGame(t, s, id, g.Name(), "", tc)
			now := now0
			for step := 0; step < 60 && !tb.Over(); step++ {
				now = now.Add(time.Duration(rng.IntN(5000)) * time.Millisecond)
				before := tb.Snapshot()
				var evs []game.Event
				var err error
				acts := tb.ToAct().Players()
				p := acts[rng.IntN(len(acts))]
				switch r := rng.IntN(10); {
				case r == 0 && tb.Ply() > 0:
					evs, err = tb.Takeback(1, now)
				case r == 1:
					evs, err = tb.OfferDraw(p, now)
				default:
					var buf [512]game.Action
					l := tb.State().Legal(p, buf[:0])
					evs, err = tb.Submit(p, l[rng.IntN(len(l))], now)
				}
				if err != nil {
					continue
				}
				if err := commit(s, id, before, tb, evs, now); err != nil {
					t.Fatalf("%s step %d: %v", id, step, err)
				}
				row, snap, err := s.LoadSnapshot(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				back, err := game.Restore(reg, snap, nil)
				if err != nil {
					t.Fatalf("%s step %d: restore: %v", id, step, err)
				}
				b1, _ := json.Marshal(tb.Snapshot())
				b2, _ := json.Marshal(back.Snapshot())
				if string(b1) != string(b2) {
					t.Fatalf("%s step %d: stored table differs:\n%s\n%s", id, step, b1, b2)
				}
				if row.Version != tb.Version() || row.Ply != tb.Ply() {
					t.Fatalf("row version %d ply %d, table %d %d", row.Version, row.Ply, tb.Version(), tb.Ply())
				}
			}
			evs, err := s.Events(ctx, id, 0, 1000)
			if err != nil || int64(len(evs)) != tb.Version() {
				t.Fatalf("%s: %d events stored, version %d: %v", id, len(evs), tb.Version(), err)
			}
			for i, e := range evs {
				if e.Version != int64(i+1) {
					t.Fatalf("event %d has version %d", i, e.Version)
				}
			}
		}
	})
}

// TestCommitConflicts checks that a stale version and a second move for one ply are refused
// and store nothing, and that many racing commits of one ply let exactly one land.
func TestCommitConflicts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		_, tb := newGame(t, s, "race", "reversi", "", game.TimeControl{})
		before := tb.Snapshot()
		a, b := tb.Clone(), tb.Clone()
		evA, _ := a.SubmitText(game.First, "f5", now0)
		evB, _ := b.SubmitText(game.First, "d3", now0)
		if err := commit(s, "race", before, a, evA, now0); err != nil {
			t.Fatal(err)
		}
		if err := commit(s, "race", before, b, evB, now0); !errors.Is(err, domain.ErrConflict) {
			t.Fatalf("a second move from the same version: %v", err)
		}
		_, snap, _ := s.LoadSnapshot(ctx, "race")
		if len(snap.Moves) != 1 || snap.Moves[0].Move != "f5" {
			t.Fatalf("stored moves %+v", snap.Moves)
		}
		// Many goroutines race for ply 2: exactly one wins.
		base := a.Snapshot()
		var wins, conflicts atomic.Int32
		var wg sync.WaitGroup
		moves := []string{"d6", "f4", "f6"}
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := a.Clone()
				evs, err := c.SubmitText(game.Second, moves[i%3], now0.Add(time.Second))
				if err != nil {
					t.Error(err)
					return
				}
				switch err := commit(s, "race", base, c, evs, now0); {
				case err == nil:
					wins.Add(1)
				case errors.Is(err, domain.ErrConflict):
					conflicts.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if wins.Load() != 1 || conflicts.Load() != 11 {
			t.Fatalf("%d wins and %d conflicts, want 1 and 11", wins.Load(), conflicts.Load())
		}
		_, snap, _ = s.LoadSnapshot(ctx, "race")
		if len(snap.Moves) != 2 {
			t.Fatalf("%d moves stored", len(snap.Moves))
		}
		if evs, _ := s.Events(ctx, "race", 0, 100); len(evs) != 2 {
			t.Fatalf("%d events stored", len(evs))
		}
	})
}

// TestPendingSelectionsSurvive stores a Turncoat selection and restores it.
func TestPendingSelectionsSurvive(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		_, tb := newGame(t, s, "tc", "turncoat", "size=4,seed=3", game.TimeControl{})
		before := tb.Snapshot()
		var buf [64]game.Action
		a := tb.State().Legal(game.Second, buf[:0])[0]
		evs, err := tb.Submit(game.Second, a, now0.Add(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if err := commit(s, "tc", before, tb, evs, now0); err != nil {
			t.Fatal(err)
		}
		_, snap, err := s.LoadSnapshot(context.Background(), "tc")
		if err != nil {
			t.Fatal(err)
		}
		back, err := game.Restore(games.Registry(), snap, nil)
		if err != nil {
			t.Fatal(err)
		}
		if p := back.Pending(game.Second); p == nil || p.Action != a || p.Commitment != tb.Pending(game.Second).Commitment {
			t.Fatalf("restored pending %+v, want %+v", p, tb.Pending(game.Second))
		}
		// The event stored is the public one: it does not hold the selection.
		stored, _ := s.Events(context.Background(), "tc", 0, 10)
		var e game.Event
		json.Unmarshal(stored[0].Body, &e)
		if e.Selection != "" || e.Commitment == "" {
			t.Fatalf("stored event %s", stored[0].Body)
		}
	})
}

func TestSeatsAndLists(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _ := s.CreateUser(ctx, "host", "", true, now0)
		v, _ := s.CreateUser(ctx, "visitor", "", true, now0)
		st, _ := games.Registry().New("reversi", "size=6")
		tb, _ := game.NewTable(st, game.TableConfig{Now: now0})
		snap := tb.Snapshot()
		g := domain.Game{ID: "open1", Kind: "reversi", Start: snap.Start, Mode: "online", Created: now0, Status: domain.StatusOpen,
			Meta: domain.MetaOf(snap), Outcome: game.InPlay, CreatedBy: u.ID, Seats: [2]domain.Seat{{UserID: u.ID}, {}}}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		ai := g
		ai.ID, ai.Mode, ai.Status, ai.AITurn = "ai1", "ai", domain.StatusActive, true
		ai.Seats = [2]domain.Seat{{UserID: u.ID}, {AI: "level=3", Browser: true}}
		if err := s.CreateGame(ctx, ai); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, ai); !errors.Is(err, domain.ErrConflict) {
			t.Errorf("a game id twice: %v", err)
		}
		open, err := s.ListGames(ctx, domain.ListFilter{OpenSeat: true, Status: domain.StatusOpen})
		if err != nil || len(open) != 1 || open[0].ID != "open1" || open[0].Seats[0].UserName != "host" || !open[0].Seats[1].Open() {
			t.Fatalf("open challenges: %+v %v", open, err)
		}
		attn, _ := s.ListGames(ctx, domain.ListFilter{NeedsAttention: true})
		if len(attn) != 1 || attn[0].ID != "ai1" || attn[0].Seats[1].AI != "level=3" || !attn[0].Seats[1].Browser || attn[0].Seats[0].Browser {
			t.Fatalf("games needing attention: %+v", attn)
		}
		// A join is a versioned change that takes the seat (as a move is): the seat must still
		// be open, whatever the version.
		joined := snap
		joined.Version = snap.Version + 1
		join := domain.Change{GameID: "open1", FromVersion: snap.Version, Snapshot: joined, Status: domain.StatusActive,
			Outcome: game.InPlay, Seat: &domain.SeatTaken{Side: 1, UserID: v.ID}, Lobby: true, Now: now0}
		if err := s.Commit(ctx, join); err != nil {
			t.Fatal(err)
		}
		again := join
		again.FromVersion, again.Snapshot.Version, again.Seat = joined.Version, joined.Version+1, &domain.SeatTaken{Side: 1, UserID: u.ID}
		if err := s.Commit(ctx, again); !errors.Is(err, domain.ErrConflict) {
			t.Errorf("a taken seat taken again: %v", err)
		}
		got, _ := s.Game(ctx, "open1")
		if got.Status != domain.StatusActive || got.Seats[1].UserID != v.ID {
			t.Errorf("after joining: %+v", got)
		}
		mine, _ := s.ListGames(ctx, domain.ListFilter{UserID: v.ID})
		if len(mine) != 1 {
			t.Errorf("visitor's games: %+v", mine)
		}
		if n, _ := s.CountGames(ctx, domain.StatusActive); n != 2 {
			t.Errorf("%d active games", n)
		}
		if _, err := s.Game(ctx, "nope"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("unknown game: %v", err)
		}
	})
}

// TestListenAcrossInstances checks that a commit through one store reaches another's listener
// (PostgreSQL only: SQLite has one instance).
func TestListenAcrossInstances(t *testing.T) {
	ctx, a, b := twoInstances(t)
	got := make(chan string, 10)
	ready := make(chan struct{}, 1)
	go b.Listen(ctx, func(n store.Notice) { got <- fmt.Sprintf("%s:%d:%v", n.Game, n.Version, n.Lobby) }, nil, func() { ready <- struct{}{} })
	<-ready
	_, tb := newGame(t, a, "n1", "reversi", "", game.TimeControl{})
	before := tb.Snapshot()
	evs, _ := tb.SubmitText(game.First, "f5", now0)
	if err := commit(a, "n1", before, tb, evs, now0); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-got:
		if n != "n1:1:false" {
			t.Errorf("notification %q", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no notification")
	}
	// An open game, offered in the lobby, tells the other instances' lobbies.
	if err := a.CreateGame(ctx, domain.Game{ID: "o1", Kind: "reversi", Start: before.Start, Mode: "online", Created: now0,
		Status: domain.StatusOpen, Meta: domain.MetaOf(before), Seats: [2]domain.Seat{{}, {}}}); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-got:
		if n != "o1:0:true" {
			t.Errorf("notification of an open game %q", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no notification of the open game")
	}
}

// TestMigrationsRaceSafely opens one PostgreSQL schema from several instances at once.
func TestMigrationsRaceSafely(t *testing.T) {
	dsn, name := testenv.Postgres(t)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := store.Open(context.Background(), dsn, store.Options{Channel: name})
			if err != nil {
				t.Error(err)
				return
			}
			s.Close()
		}()
	}
	wg.Wait()
}

// BenchmarkCommitLongGame commits a 10,000-move game as one change (an import's commit): its
// cost must grow with the moves, not with their square.
func BenchmarkCommitLongGame(b *testing.B) {
	const rounds = 10000
	st, err := games.Registry().New("turncoat", fmt.Sprintf("cap=%d", rounds+1))
	if err != nil {
		b.Fatal(err)
	}
	tb, err := game.NewTable(st, game.TableConfig{Now: now0})
	if err != nil {
		b.Fatal(err)
	}
	var evs []game.Event
	for i := range rounds {
		m, err := game.ParseMove(tb.State(), "a1 a1")
		if err != nil {
			b.Fatalf("round %d: %v", i+1, err)
		}
		for _, p := range m.Actors.Players() {
			e, err := tb.Submit(p, m.Actions[p], now0)
			if err != nil {
				b.Fatalf("round %d: %v", i+1, err)
			}
			evs = append(evs, e...)
		}
	}
	snap := tb.Snapshot()
	run := func(b *testing.B, s *store.Store) {
		ctx := context.Background()
		for i := 0; b.Loop(); i++ {
			id := fmt.Sprintf("long%d", i)
			g := domain.Game{ID: id, Kind: "turncoat", Start: snap.Start, Mode: "hotseat", Created: now0, Status: domain.StatusActive,
				Meta: domain.MetaOf(snap)}
			if err := s.CreateGame(ctx, g); err != nil {
				b.Fatal(err)
			}
			if err := s.Commit(ctx, domain.Change{GameID: id, Snapshot: snap, Events: evs, Status: domain.StatusActive, Now: now0}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(rounds), "moves/op")
	}
	b.Run("sqlite", func(b *testing.B) {
		s, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "t.db"), store.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		run(b, s)
	})
	b.Run("postgres", func(b *testing.B) {
		dsn, name := testenv.Postgres(b)
		s, err := store.Open(context.Background(), dsn, store.Options{Channel: name})
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		run(b, s)
	})
}

// TestCommitsOfManyGamesTogether races two moves for the first ply of each of many games at
// once (on SQLite they share transactions): each game keeps exactly its winner's move and
// events, whatever the other changes committed with it did.
func TestCommitsOfManyGamesTogether(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		const n = 40
		tables := make([]*game.Table, n)
		for i := range n {
			_, tables[i] = newGame(t, s, fmt.Sprintf("g%d", i), "reversi", "", game.TimeControl{})
		}
		var wins, conflicts atomic.Int32
		var wg sync.WaitGroup
		for i := range n {
			for _, mv := range []string{"f5", "d3"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					before := tables[i].Snapshot()
					c := tables[i].Clone()
					evs, err := c.SubmitText(game.First, mv, now0)
					if err != nil {
						t.Error(err)
						return
					}
					switch err := commit(s, fmt.Sprintf("g%d", i), before, c, evs, now0); {
					case err == nil:
						wins.Add(1)
					case errors.Is(err, domain.ErrConflict):
						conflicts.Add(1)
					default:
						t.Error(err)
					}
				}()
			}
		}
		wg.Wait()
		if wins.Load() != n || conflicts.Load() != n {
			t.Fatalf("%d wins and %d conflicts, want %d each", wins.Load(), conflicts.Load(), n)
		}
		for i := range n {
			id := fmt.Sprintf("g%d", i)
			row, snap, err := s.LoadSnapshot(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(snap.Moves) != 1 || row.Version != snap.Version || row.Ply != 1 {
				t.Errorf("%s: %d moves, row at version %d ply %d, snapshot at %d", id, len(snap.Moves), row.Version, row.Ply, snap.Version)
			}
			if evs, _ := s.Events(ctx, id, 0, 100); len(evs) != 1 {
				t.Errorf("%s: %d events stored", id, len(evs))
			}
		}
	})
}

// TestLogStartsOver writes a few thousand changes to SQLite and checks that its write-ahead
// log starts over (the writer never checkpoints inside a commit: see the store's checkpointer)
// instead of growing with every change, by comparing with a store whose log never may, and
// that every change is there after reopening.
func TestLogStartsOver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	walSize := func(restart int64) int64 {
		path := t.TempDir() + "/t.db"
		s, err := store.Open(ctx, path, store.Options{LogRestartPages: restart})
		if err != nil {
			t.Fatal(err)
		}
		const games, rounds = 40, 60
		tables := make([]*game.Table, games)
		for i := range games {
			_, tables[i] = newGame(t, s, fmt.Sprintf("g%d", i), "reversi", "", game.TimeControl{})
		}
		// In production the checkpointer's passes come while commits keep coming, so that a
		// pass never leaves the log wholly copied when the writer begins (SQLite would then
		// start the log over itself, whatever the store does). Here a pass comes in each
		// round, while a write of another connection of the test's own is under way,
		// committed after the pass (a connection that, like the store's writer, never
		// checkpoints itself: it would copy the whole log back at its commit).
		side, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)&_pragma=wal_autocheckpoint(0)")
		if err != nil {
			t.Fatal(err)
		}
		defer side.Close()
		side.SetMaxOpenConns(1)
		if _, err := side.ExecContext(ctx, `CREATE TABLE beside (n INTEGER)`); err != nil {
			t.Fatal(err)
		}
		passBeside := func(n int) {
			t.Helper()
			tx, err := side.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO beside (n) VALUES (?)`, n); err != nil {
				t.Fatal(err)
			}
			s.CheckpointNow()
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
		}
		var biggest int64
		for r := range rounds {
			for i, tb := range tables {
				if i == games/2 {
					passBeside(r)
				}
				before := tb.Snapshot()
				legal := tb.State().Legal(tb.ToAct().Single(), nil)
				if len(legal) == 0 {
					continue
				}
				evs, err := tb.Submit(tb.ToAct().Single(), legal[(r+i)%len(legal)], now0)
				if err != nil {
					t.Fatal(err)
				}
				if err := commit(s, fmt.Sprintf("g%d", i), before, tb, evs, now0); err != nil {
					t.Fatal(err)
				}
			}
			if fi, err := os.Stat(path + "-wal"); err == nil {
				biggest = max(biggest, fi.Size())
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s, err = store.Open(ctx, path, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for i, tb := range tables {
			if _, snap, err := s.LoadSnapshot(ctx, fmt.Sprintf("g%d", i)); err != nil || snap.Version != tb.Version() {
				t.Fatalf("game %d after reopening: version %d (%v), want %d", i, snap.Version, err, tb.Version())
			}
		}
		return biggest
	}
	never, often := walSize(1<<40), walSize(64)
	t.Logf("log at most %d KB when it never starts over, %d KB when it may past 64 pages", never>>10, often>>10)
	if often*3 > never {
		t.Fatalf("the log grew to %d KB, and to %d KB when it never starts over", often>>10, never>>10)
	}
}
