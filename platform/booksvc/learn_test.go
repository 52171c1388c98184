package booksvc

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"turncoat/domain"
	"turncoat/engine/othello/book"
	"turncoat/game"
	"turncoat/games"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
	"turncoat/platform/internal/memstore"
	"turncoat/platform/jobs"
)

var _ Store = (*memstore.Store)(nil)

var t0 = time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)

// playOut returns the moves of a whole game from start, each side playing its first legal move
// (d3 first on 8x8): a legal game of any length, the same every time.
func playOut(t *testing.T, start game.State) []string {
	t.Helper()
	st := start.Clone()
	var moves []string
	var buf []game.Action
	for st.ToAct() != game.Nobody {
		p := st.ToAct().Single()
		buf = st.Legal(p, buf[:0])
		moves = append(moves, st.FormatAction(p, buf[0]))
		if err := game.Play(st, p, buf[0]); err != nil {
			t.Fatal(err)
		}
	}
	return moves
}

// newService is the book's service over a small empty book (ten plies, leaves valued by a
// search of depth 2: learning a game takes milliseconds), on an in-memory store and a manual
// clock.
func newService(t *testing.T, st *memstore.Store) *Service {
	t.Helper()
	s, err := New(Config{Store: st, Clock: clock.NewManual(t0), Book: book.New(10, 2)})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(t.Context(), aiwork.New(1, time.Minute)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// finished stores a finished game of kind with options and its moves (all of a played-out game
// unless given).
func finished(t *testing.T, st *memstore.Store, id, kind, options string, o game.Outcome, moves ...string) {
	t.Helper()
	start, err := games.Registry().New(kind, options)
	if err != nil {
		t.Fatal(err)
	}
	if moves == nil {
		moves = playOut(t, start)
	}
	if err := st.CreateGame(t.Context(), domain.Game{ID: id, Kind: kind, Start: start.Encode(), Mode: domain.ModeOnline,
		Created: t0, Status: domain.StatusActive, Outcome: game.InPlay}); err != nil {
		t.Fatal(err)
	}
	st.UpdateGame(id, func(g *domain.Game) {
		if o.Over {
			g.Status, g.Outcome = domain.StatusOver, o
		}
	}, moves...)
}

var (
	won     = game.Win(game.First, "board full")
	aborted = game.Outcome{Over: true, Winner: game.NoPlayer, Ending: game.EndAbort, Reason: "aborted"}
)

type learnCase struct {
	name, kind, options string
	outcome             game.Outcome
	moves               []string
	reason              string // "" for learned
}

// TestLearnDecisions: what the learning job makes of each finished game: an 8x8 game from the
// standard start is learned (its part stored); anything else is passed over with its reason, so
// that it is never looked at again.
func TestLearnDecisions(t *testing.T) {
	for _, c := range []learnCase{
		{"a standard game", "reversi", "", won, nil, ""},
		{"a game resigned at move 3", "reversi", "", game.Outcome{Over: true, Winner: game.Second, Ending: game.EndResignation}, []string{"f5", "f6", "e6"}, ""},
		{"aborted", "reversi", "", aborted, []string{"f5"}, "aborted"},
		{"6x6", "reversi", "size=6", won, nil, "not 8x8 Othello from the standard start"},
		{"the parallel start", "reversi", "start=parallel", won, nil, "not 8x8 Othello from the standard start"},
		{"white first", "reversi", "first=white", won, nil, "not 8x8 Othello from the standard start"},
		{"no passing", "reversi", "nomove=end", won, nil, "not 8x8 Othello from the standard start"},
		{"no moves", "reversi", "", game.Outcome{Over: true, Winner: game.NoPlayer, Ending: game.EndAgreement}, []string{}, "no moves"},
		{"an illegal move stored", "reversi", "", won, []string{"f5", "a1"}, "move 2 (a1): "},
		{"another game", "turnover", "", won, []string{}, "not Othello"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := memstore.New()
			s := newService(t, st)
			finished(t, st, "g1", c.kind, c.options, c.outcome, c.moves...)
			if err := s.workLearn(t.Context(), jobs.Learn{Game: "g1"}); err != nil {
				t.Fatal(err)
			}
			row, err := st.BookGame(t.Context(), "g1")
			if err != nil {
				t.Fatalf("nothing stored: %v", err)
			}
			if !row.Learned.Equal(t0) {
				t.Errorf("learned at %v, want the service's clock %v", row.Learned, t0)
			}
			if c.reason == "" {
				if row.Reason != "" || row.Part == nil || !strings.HasPrefix(row.Moves, c.moves0()) {
					t.Errorf("not learned: %+v", row)
				}
				if g := s.Book().Stats().Games; g != 1 {
					t.Errorf("the book holds %d games, want the one learned", g)
				}
				return
			}
			if !strings.HasPrefix(row.Reason, c.reason) || row.Part != nil {
				t.Errorf("passed over with %q (part %d bytes), want %q", row.Reason, len(row.Part), c.reason)
			}
			if g := s.Book().Stats().Games; g != 0 {
				t.Errorf("the book learned a game passed over: %d games", g)
			}
		})
	}
}

// TestLearnOnce: a game is learned once, however often its job runs; a game not over yet or
// gone is left alone; another instance lays the stored part over its own book, once.
func TestLearnOnce(t *testing.T) {
	ctx := t.Context()
	st := memstore.New()
	s := newService(t, st)
	if err := s.workLearn(ctx, jobs.Learn{Game: "gone"}); err != nil {
		t.Errorf("a game gone: %v", err)
	}
	finished(t, st, "g1", "reversi", "", game.InPlay, "f5", "d6")
	if err := s.workLearn(ctx, jobs.Learn{Game: "g1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.BookGame(ctx, "g1"); !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("a game in play was stored: %v", err)
	}
	st.UpdateGame("g1", func(g *domain.Game) { g.Status, g.Outcome = domain.StatusOver, won }, playOut(t, reversiStart(t))...)
	for range 3 {
		if err := s.workLearn(ctx, jobs.Learn{Game: "g1"}); err != nil {
			t.Fatal(err)
		}
	}
	if n := st.Calls("AddBookGame"); n != 1 {
		t.Errorf("stored %d times", n)
	}
	if g := s.Book().Stats().Games; g != 1 {
		t.Errorf("the book counts %d games after three runs, want 1", g)
	}
	other := newService(t, st)
	if g := other.Book().Stats().Games; g != 1 {
		t.Errorf("another instance's book counts %d games, want the one stored", g)
	}
	if err := other.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if g := other.Book().Stats().Games; g != 1 {
		t.Errorf("a second sync laid the part over again: %d games", g)
	}
	// The book keys positions under the board's symmetries: the game's d3 is each first move.
	pos, err := other.Explore(ctx, "", "")
	if err != nil || !pos.InBook || pos.Games != 1 || len(pos.Moves) != 4 || pos.Moves[0].Move != "d3" || pos.Moves[0].Games != 1 || pos.ToMove != "black" {
		t.Errorf("the explorer at the start: %+v %v", pos, err)
	}
	if pos, _ := other.Explore(ctx, "d3 c3 b3", ""); !pos.InBook || pos.Games != 1 {
		t.Errorf("the explorer after three moves of the game: %+v", pos)
	}
	if pos, _ := other.Explore(ctx, "d3 e3", ""); pos.InBook {
		t.Errorf("a line the game did not play is in the book: %+v", pos)
	}
}

func reversiStart(t *testing.T) game.State {
	t.Helper()
	st, err := games.Registry().New("reversi", "")
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestLearnFailures: a failing store is the job's error (the queue retries it) and stores
// nothing; another instance storing the game first is no error.
func TestLearnFailures(t *testing.T) {
	ctx := t.Context()
	st := memstore.New()
	s := newService(t, st)
	finished(t, st, "g1", "reversi", "", won)
	down := errors.New("database down")
	for _, method := range []string{"BookGame", "LoadSnapshot", "AddBookGame"} {
		st.FailNext(method, down)
		if err := s.workLearn(ctx, jobs.Learn{Game: "g1"}); !errors.Is(err, down) {
			t.Errorf("%s failing: %v", method, err)
		}
	}
	if _, err := st.BookGame(ctx, "g1"); !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("stored by failed runs: %v", err)
	}
	st.FailNext("AddBookGame", domain.ErrConflict)
	if err := s.workLearn(ctx, jobs.Learn{Game: "g1"}); err != nil {
		t.Errorf("another instance first: %v", err)
	}
	if err := s.workLearn(ctx, jobs.Learn{Game: "g1"}); err != nil {
		t.Fatal(err)
	}
	if row, err := st.BookGame(ctx, "g1"); err != nil || row.Part == nil {
		t.Errorf("the retry: %+v %v", row, err)
	}
}

// TestEndJobs: every finished game of Othello (of any size: the job decides) calls for its
// learning job, unique by game; another game for none.
func TestEndJobs(t *testing.T) {
	s := newService(t, memstore.New())
	js := s.EndJobs(domain.Game{ID: "g1", Kind: "reversi"})
	if got := memstore.ArgsOf[jobs.Learn](js); len(got) != 1 || got[0].Game != "g1" || !js[0].At.IsZero() {
		t.Errorf("jobs %+v", js)
	}
	if js := s.EndJobs(domain.Game{ID: "g2", Kind: "turncoat"}); len(js) != 0 {
		t.Errorf("another game's jobs %+v", js)
	}
	ws := river.NewWorkers()
	s.Workers(ws)
	if err := river.AddWorkerSafely(ws, &learnWorker{}); err == nil {
		t.Error("Workers registered no worker of the learning job")
	}
}

type learnWorker struct {
	river.WorkerDefaults[jobs.Learn]
}

func (learnWorker) Work(context.Context, *river.Job[jobs.Learn]) error { return nil }

// TestExploreErrors: the explorer's query errors, by code.
func TestExploreErrors(t *testing.T) {
	s := newService(t, memstore.New())
	for _, c := range []struct {
		moves, pos string
		code       domain.Code
	}{
		{"f5 zz", "", domain.BadNotation},
		{"f5 f5", "", domain.IllegalMove},
		{strings.Repeat("f5d6", maxBookMoves+1), "", domain.BadRequest},
		{"", "not a position", domain.BadRequest},
	} {
		if _, err := s.Explore(t.Context(), c.moves, c.pos); domain.ErrorCode(err) != c.code {
			t.Errorf("%.12q/%q: %v, want %s", c.moves, c.pos, err, c.code)
		}
	}
	pos, err := s.Explore(t.Context(), "f5", "")
	if err != nil || pos.InBook || pos.ToMove != "white" || pos.Moves == nil {
		t.Errorf("a position the empty book lacks: %+v %v", pos, err)
	}
}

// moves0 is the first move a case's game is stored with.
func (c learnCase) moves0() string {
	if len(c.moves) > 0 {
		return c.moves[0]
	}
	return "d3"
}
