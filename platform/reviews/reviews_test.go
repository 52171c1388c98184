package reviews

import (
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/games"
	"turncoat/platform/aiwork"
	"turncoat/platform/internal/memstore"
	"turncoat/platform/jobs"
)

var now0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

type fixture struct {
	t   *testing.T
	st  *memstore.Store
	svc *Service
	u   domain.User
}

func newFixture(t *testing.T, cfg Config) *fixture {
	st := memstore.New()
	cfg.Store, cfg.Registry, cfg.AI = st, games.Registry(), aiwork.New(2, time.Minute)
	return &fixture{t: t, st: st, svc: New(cfg), u: st.AddUser("ana", "hash", now0)}
}

// game stores a game of kind (options) with moves, over or in play, of a mode.
func (f *fixture) game(id, kind, options string, mode domain.Mode, over bool, moves ...string) {
	f.t.Helper()
	start, err := games.Registry().New(kind, options)
	if err != nil {
		f.t.Fatal(err)
	}
	row := domain.Game{ID: id, Kind: kind, Start: start.Encode(), Mode: mode, CreatedBy: f.u.ID, Created: now0, Status: domain.StatusActive,
		Seats: [2]domain.Seat{{UserID: f.u.ID}, {UserID: f.u.ID}}}
	if mode == domain.ModeAI {
		row.Seats[1] = domain.Seat{AI: "level=1"}
	}
	if err := f.st.CreateGame(f.t.Context(), row); err != nil {
		f.t.Fatal(err)
	}
	f.st.UpdateGame(id, func(g *domain.Game) {
		if over {
			g.Status = domain.StatusOver
		}
	}, moves...)
}

// work works the review jobs stored since the last call, in order.
func (f *fixture) work() int {
	f.t.Helper()
	n := 0
	for _, a := range memstore.ArgsOf[jobs.Review](f.st.TakeJobs()) {
		if err := f.svc.work(f.t.Context(), a); err != nil {
			f.t.Fatal(err)
		}
		n++
	}
	return n
}

// TestAskAndWork: a finished game's review is asked once (asking again gives it back and
// stores no job), worked by its job, and read by anyone; a hot-seat game played on since is
// reviewed anew, and the older job then does nothing.
func TestAskAndWork(t *testing.T) {
	f := newFixture(t, Config{})
	ctx := t.Context()
	f.game("g1", "reversi", "size=4", domain.ModeHotSeat, true, "a2", "a3", "a4", "a1", "c1", "pass", "d4")
	if r, err := f.svc.Get(ctx, "g1"); err != nil || r.State != StateNone {
		t.Fatalf("before asking: %+v %v", r, err)
	}
	r, err := f.svc.Ask(ctx, &f.u, "g1")
	if err != nil || r.State != "queued" || r.Plies != 7 {
		t.Fatalf("asked: %+v %v", r, err)
	}
	if _, err := f.svc.Ask(ctx, nil, "g1"); err != nil {
		t.Fatal(err)
	}
	if n := f.work(); n != 1 {
		t.Fatalf("%d jobs for two askings", n)
	}
	got, err := f.svc.Get(ctx, "g1")
	if err != nil || got.State != "done" || got.Review == nil || len(got.Review.Moves) != 6 {
		t.Fatalf("worked: %+v %v", got, err)
	}
	if m := got.Review.Moves[1]; m.Move != "a3" || m.Class != "blunder" || m.Best != "a1" || got.Review.TurningPoint != 2 {
		t.Errorf("White's blunder: %+v, turning point %d", m, got.Review.TurningPoint)
	}

	// A hot-seat game still in play, played on after its review was asked.
	f.game("g2", "reversi", "size=4", domain.ModeHotSeat, false, "a2", "a3")
	if _, err := f.svc.Ask(ctx, &f.u, "g2"); err != nil {
		t.Fatal(err)
	}
	stale := memstore.ArgsOf[jobs.Review](f.st.TakeJobs())
	f.st.UpdateGame("g2", nil, "a2", "a3", "a4")
	again, err := f.svc.Ask(ctx, &f.u, "g2")
	if err != nil || again.Plies != 3 || again.State != "queued" {
		t.Fatalf("asked after a move: %+v %v", again, err)
	}
	for _, a := range stale {
		if err := f.svc.work(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if r, _ := f.svc.Get(ctx, "g2"); r.State != "queued" {
		t.Errorf("the stale job changed the review: %+v", r)
	}
	f.work()
	if r, _ := f.svc.Get(ctx, "g2"); r.State != "done" || len(r.Review.Moves) != 3 {
		t.Errorf("the review of three moves: %+v", r)
	}
}

// TestAskRefused: no review of a game in play (but a hot-seat game's, for its holder), none of
// a game without an engine that values moves one side at a time, none of a game that does not
// exist.
func TestAskRefused(t *testing.T) {
	f := newFixture(t, Config{})
	ctx := t.Context()
	f.game("ai", "reversi", "", domain.ModeAI, false, "f5")
	f.game("hs", "reversi", "", domain.ModeHotSeat, false, "f5")
	other := f.st.AddUser("bea", "hash", now0)
	for _, c := range []struct {
		id   string
		u    *domain.User
		code domain.Code
	}{
		{"ai", &f.u, domain.NotAllowed},
		{"hs", &other, domain.NotAllowed},
		{"hs", nil, domain.NotAllowed},
		{"nosuch", &f.u, domain.NotFound},
	} {
		_, err := f.svc.Ask(ctx, c.u, c.id)
		if domain.ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.id, err, c.code)
		}
	}
	if n := len(f.st.Jobs()); n != 0 {
		t.Errorf("%d jobs stored by refused askings", n)
	}
}

// TestReviewBounded: a review that outlasts its time bound fails saying so (the job ends, no
// retry); asking again queues it anew.
func TestReviewBounded(t *testing.T) {
	f := newFixture(t, Config{Time: time.Nanosecond})
	ctx := t.Context()
	f.game("tr", "troll", "", domain.ModeHotSeat, true, firstMoves(t, "troll", 4)...)
	if _, err := f.svc.Ask(ctx, &f.u, "tr"); err != nil {
		t.Fatal(err)
	}
	f.work()
	r, err := f.svc.Get(ctx, "tr")
	if err != nil || r.State != "failed" || r.Error == "" {
		t.Fatalf("after the bound: %+v %v", r, err)
	}
	again, err := f.svc.Ask(ctx, &f.u, "tr")
	if err != nil || again.State != "queued" || f.work() != 1 {
		t.Errorf("asked again: %+v %v", again, err)
	}
}

// TestOtherGames: Turnover, Blocs and Troll are reviewed by their engines, each in its unit and
// with its source said.
func TestOtherGames(t *testing.T) {
	f := newFixture(t, Config{})
	ctx := t.Context()
	for _, c := range []struct {
		kind, unit, source string
	}{
		{"turnover", "pawns", "engine"},
		{"blocs", "result", "grundy"},
		{"troll", "winrate", "mcts"},
	} {
		f.game(c.kind, c.kind, "", domain.ModeHotSeat, true, firstMoves(t, c.kind, 4)...)
		if _, err := f.svc.Ask(ctx, &f.u, c.kind); err != nil {
			t.Fatal(err)
		}
		f.work()
		r, err := f.svc.Get(ctx, c.kind)
		if err != nil || r.State != "done" || r.Review == nil {
			t.Fatalf("%s: %+v %v", c.kind, r, err)
		}
		if b := r.Review; b.Unit != c.unit || len(b.Moves) != 4 || b.Moves[0].Source != c.source && !b.Moves[0].Exact {
			t.Errorf("%s: unit %s, %d moves, first %+v", c.kind, b.Unit, len(b.Moves), b.Moves[0])
		}
	}
}

// firstMoves are n legal moves of kind from its start (the first legal one each time).
func firstMoves(t *testing.T, kind string, n int) []string {
	t.Helper()
	s, err := games.Registry().New(kind, "")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for range n {
		p := s.ToAct().Single()
		a := s.Legal(p, nil)[0]
		out = append(out, s.FormatAction(p, a))
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestTurncoat: a Turncoat game is reviewed round by round, both sides' selections: on a 3x3
// board exactly, Red's thrown forced win a blunder; on the 8x8 board by SM-MCTS estimates.
func TestTurncoat(t *testing.T) {
	f := newFixture(t, Config{TurncoatIterations: 300})
	ctx := t.Context()
	f.game("small", "turncoat", "size=3,setup=BBB/BBB/BBW:WWW/WBW/WWW", domain.ModeHotSeat, true, "a1 b2")
	f.game("big", "turncoat", "seed=7", domain.ModeHotSeat, true, "a1 b2", "c3 c3")
	for _, id := range []string{"small", "big"} {
		if _, err := f.svc.Ask(ctx, &f.u, id); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
	if n := f.work(); n != 2 {
		t.Fatalf("%d jobs worked", n)
	}
	small, err := f.svc.Get(ctx, "small")
	if err != nil || small.State != "done" || small.Review == nil || len(small.Review.Moves) != 2 {
		t.Fatalf("small: %+v %v", small, err)
	}
	if red := small.Review.Moves[0]; red.Ply != 1 || red.Side != 0 || red.Class != "blunder" || !red.Exact || red.Source != "solver" || red.Best != "c3" {
		t.Errorf("Red's thrown win: %+v", red)
	}
	if b := small.Review; b.Unit != "result" || b.Moves[1].Side != 1 || b.Moves[1].Ply != 1 {
		t.Errorf("unit %s, Yellow's %+v", b.Unit, b.Moves[1])
	}
	big, err := f.svc.Get(ctx, "big")
	if err != nil || big.State != "done" || big.Review == nil || len(big.Review.Moves) != 4 {
		t.Fatalf("big: %+v %v", big, err)
	}
	for _, m := range big.Review.Moves {
		if m.Exact || m.Source != "mcts" || m.Loss < 0 {
			t.Errorf("8x8, estimated: %+v", m)
		}
	}
	if big.Review.Unit != "winrate" {
		t.Errorf("8x8 unit %s", big.Review.Unit)
	}
}
