package ratings

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
	"turncoat/platform/clock"
	"turncoat/platform/internal/memstore"
	"turncoat/platform/jobs"
	"turncoat/rating"
)

var _ Store = (*memstore.Store)(nil)

var t0 = time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)

// fixture is the service on an in-memory store and a manual clock, with three players.
type fixture struct {
	st           *memstore.Store
	clk          *clock.Manual
	s            *Service
	reg          *game.Registry
	ann, bob, cy domain.User
	// variant8 and variant6 are the rating variants of 8x8 and 6x6 Othello.
	variant8, variant6 string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{st: memstore.New(), clk: clock.NewManual(t0), reg: games.Registry()}
	f.s = New(f.st, f.reg, f.clk)
	f.ann, f.bob, f.cy = f.st.AddUser("Ann", "h", t0), f.st.AddUser("Bob", "h", t0), f.st.AddUser("Cy", "h", t0)
	var err error
	if f.variant8, err = f.s.Variant("reversi", nil); err != nil {
		t.Fatal(err)
	}
	if f.variant6, err = f.s.Variant("reversi", map[string]string{"size": "6"}); err != nil {
		t.Fatal(err)
	}
	return f
}

// game stores a finished game of reversi with options between two seats and returns its id.
func (f *fixture) game(t *testing.T, id, options string, mode domain.Mode, rated bool, seats [2]domain.Seat, o game.Outcome) string {
	t.Helper()
	st, err := f.reg.New("reversi", options)
	if err != nil {
		t.Fatal(err)
	}
	status := domain.StatusOver
	if !o.Over {
		status = domain.StatusActive
	}
	if err := f.st.CreateGame(t.Context(), domain.Game{ID: id, Kind: "reversi", Start: st.Encode(), Mode: mode, Rated: rated,
		Created: f.clk.Now(), Status: status, Outcome: o, Seats: seats}); err != nil {
		t.Fatal(err)
	}
	return id
}

func seats(a, b domain.User) [2]domain.Seat {
	return [2]domain.Seat{{UserID: a.ID}, {UserID: b.ID}}
}

// rate works the rating job of a game as the queue would, through the jobs the game's end stores.
func (f *fixture) rate(t *testing.T, id string) error {
	t.Helper()
	return f.s.workRate(t.Context(), jobs.Rate{Game: id})
}

// ratingOf returns a player's rating in a variant (a new player's when they have none).
func (f *fixture) ratingOf(t *testing.T, u domain.User, variant string) (rating.Rating, int) {
	t.Helper()
	rs, err := f.st.Ratings(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Variant == variant {
			return r.Rating, r.Games
		}
	}
	return rating.New(), 0
}

// expected is what Glicko-2 makes of one game between two players' ratings (score for the first).
func expected(t *testing.T, a, b rating.Rating, score float64) (rating.Rating, rating.Rating) {
	t.Helper()
	sys := rating.Default()
	x, err := sys.Update(a, []rating.Result{{Opponent: b, Score: score}})
	if err != nil {
		t.Fatal(err)
	}
	y, err := sys.Update(b, []rating.Result{{Opponent: a, Score: 1 - score}})
	if err != nil {
		t.Fatal(err)
	}
	return x, y
}

// TestRateJob: the rating job of a finished rated game between two accounts updates both
// players once, by the game's result; anything else is left alone, recorded or not as the rule
// says.
func TestRateJob(t *testing.T) {
	fresh := rating.New()
	winFirst, loseSecond := expected(t, fresh, fresh, rating.Win)
	loseFirst, winSecond := expected(t, fresh, fresh, rating.Loss)
	drawn, _ := expected(t, fresh, fresh, rating.Draw)
	abort := game.Outcome{Over: true, Winner: game.NoPlayer, Ending: game.EndAbort, Reason: "aborted"}
	for _, c := range []struct {
		name     string
		mode     domain.Mode
		seats    func(f *fixture) [2]domain.Seat
		outcome  game.Outcome
		recorded bool // the store holds the game as rated (with or without a change)
		first    rating.Rating
		second   rating.Rating
	}{
		{"first wins", domain.ModeOnline, func(f *fixture) [2]domain.Seat { return seats(f.ann, f.bob) }, game.Win(game.First, "board full"),
			true, winFirst, loseSecond},
		{"second wins on time", domain.ModeOnline, func(f *fixture) [2]domain.Seat { return seats(f.ann, f.bob) },
			game.Outcome{Over: true, Winner: game.Second, Ending: game.EndTime}, true, loseFirst, winSecond},
		{"draw", domain.ModeOnline, func(f *fixture) [2]domain.Seat { return seats(f.ann, f.bob) }, game.Draw("32-32"), true, drawn, drawn},
		{"aborted: recorded, unrated", domain.ModeOnline, func(f *fixture) [2]domain.Seat { return seats(f.ann, f.bob) }, abort,
			true, fresh, fresh},
		{"still in play", domain.ModeOnline, func(f *fixture) [2]domain.Seat { return seats(f.ann, f.bob) }, game.InPlay, false, fresh, fresh},
		{"against the AI", domain.ModeAI, func(f *fixture) [2]domain.Seat { return [2]domain.Seat{{UserID: f.ann.ID}, {AI: "level=3"}} },
			game.Win(game.First, ""), false, fresh, fresh},
		{"hot seat", domain.ModeHotSeat, func(f *fixture) [2]domain.Seat { return seats(f.ann, f.ann) }, game.Win(game.First, ""), false, fresh, fresh},
		{"one account on both seats", domain.ModeOnline, func(f *fixture) [2]domain.Seat { return seats(f.ann, f.ann) }, game.Win(game.First, ""),
			false, fresh, fresh},
		{"an open seat", domain.ModeOnline, func(f *fixture) [2]domain.Seat { return [2]domain.Seat{{UserID: f.ann.ID}, {}} },
			game.Win(game.First, ""), false, fresh, fresh},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			sts := c.seats(f)
			id := f.game(t, "g1", "", c.mode, true, sts, c.outcome)
			if err := f.rate(t, id); err != nil {
				t.Fatal(err)
			}
			if _, ok := f.st.GameRated(id); ok != c.recorded {
				t.Errorf("recorded %v, want %v", ok, c.recorded)
			}
			got1, n1 := f.ratingOf(t, f.ann, f.variant8)
			if got1 != c.first {
				t.Errorf("first player %+v, want %+v", got1, c.first)
			}
			if sts[1].UserID == f.bob.ID {
				got2, n2 := f.ratingOf(t, f.bob, f.variant8)
				if got2 != c.second {
					t.Errorf("second player %+v, want %+v", got2, c.second)
				}
				if rated := c.first != fresh; n1 != b2i(rated) || n2 != b2i(rated) {
					t.Errorf("games counted %d and %d, want %d", n1, n2, b2i(rated))
				}
			}
			// A second run of the job (a retry, a second instance) changes nothing.
			if err := f.rate(t, id); err != nil {
				t.Fatal(err)
			}
			if again, _ := f.ratingOf(t, f.ann, f.variant8); again != got1 {
				t.Errorf("a second run moved the rating from %+v to %+v", got1, again)
			}
		})
	}
	if winFirst.Rating <= fresh.Rating || loseSecond.Rating >= fresh.Rating || drawn.Rating != fresh.Rating || drawn.Deviation >= fresh.Deviation {
		t.Errorf("Glicko-2 itself: win %+v, loss %+v, draw %+v", winFirst, loseSecond, drawn)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestRatingsAccumulate: a player's second game is rated from the ratings the first left, and
// the changes stored with the game say before and after.
func TestRatingsAccumulate(t *testing.T) {
	f := newFixture(t)
	f.rate(t, f.game(t, "g1", "", domain.ModeOnline, true, seats(f.ann, f.bob), game.Win(game.First, "")))
	annAfter1, _ := f.ratingOf(t, f.ann, f.variant8)
	cyBefore, _ := f.ratingOf(t, f.cy, f.variant8)
	f.clk.Advance(time.Hour)
	if err := f.rate(t, f.game(t, "g2", "", domain.ModeOnline, true, seats(f.cy, f.ann), game.Win(game.First, ""))); err != nil {
		t.Fatal(err)
	}
	wantCy, wantAnn := expected(t, cyBefore, annAfter1, rating.Win)
	changes, ok := f.st.GameRated("g2")
	if !ok || len(changes) != 2 || changes[0].UserID != f.cy.ID || changes[1].Before != annAfter1 || changes[1].After != wantAnn || changes[0].After != wantCy {
		t.Fatalf("changes of g2: %+v", changes)
	}
	rs, err := f.st.Ratings(t.Context(), f.ann.ID)
	if err != nil || len(rs) != 1 || rs[0].Games != 2 || !rs[0].Updated.Equal(t0.Add(time.Hour)) {
		t.Errorf("Ann's ratings %+v %v", rs, err)
	}
}

// TestVariantsApart: 6x6 and 8x8 Othello are rated apart, each game in its own variant.
func TestVariantsApart(t *testing.T) {
	f := newFixture(t)
	if f.variant6 == f.variant8 || !strings.Contains(f.variant6, "size=6") || !strings.Contains(f.variant8, "size=8") {
		t.Fatalf("variants %q and %q", f.variant6, f.variant8)
	}
	f.rate(t, f.game(t, "g8", "", domain.ModeOnline, true, seats(f.ann, f.bob), game.Win(game.First, "")))
	f.rate(t, f.game(t, "g6a", "size=6", domain.ModeOnline, true, seats(f.ann, f.bob), game.Win(game.Second, "")))
	f.rate(t, f.game(t, "g6b", "size=6", domain.ModeOnline, true, seats(f.bob, f.ann), game.Win(game.First, "")))
	u, list, err := f.s.Player(t.Context(), "ann")
	if err != nil || u.ID != f.ann.ID || len(list) != 2 {
		t.Fatalf("Ann: %+v %+v %v", u, list, err)
	}
	// The most played first: two 6x6 games lost, one 8x8 game won.
	if list[0].Variant != f.variant6 || list[0].Games != 2 || list[0].Rating >= 1500 || list[1].Variant != f.variant8 || list[1].Games != 1 || list[1].Rating <= 1500 {
		t.Errorf("Ann's ratings %+v", list)
	}
	text := (rating.Rating{Rating: list[0].Rating, Deviation: list[0].Deviation}).String()
	if list[0].Text != text || list[0].Rating != math.Round(list[0].Rating*100)/100 {
		t.Errorf("the wire form %+v", list[0])
	}
}

// TestEndJobs: a rated game's end stores its rating job, unique by game; an unrated one none.
func TestEndJobs(t *testing.T) {
	f := newFixture(t)
	if js := f.s.EndJobs(domain.Game{ID: "g1", Rated: false}); len(js) != 0 {
		t.Errorf("an unrated game's jobs %+v", js)
	}
	js := f.s.EndJobs(domain.Game{ID: "g1", Rated: true})
	if err := f.st.InsertJobs(append(js, f.s.EndJobs(domain.Game{ID: "g1", Rated: true})...)...); err != nil {
		t.Fatal(err)
	}
	if got := memstore.ArgsOf[jobs.Rate](f.st.Jobs()); len(got) != 1 || got[0].Game != "g1" || !js[0].At.IsZero() {
		t.Errorf("stored %+v (from %+v)", got, js)
	}
	ws := river.NewWorkers()
	f.s.Workers(ws)
	if err := river.AddWorkerSafely(ws, &rateWorker{}); err == nil {
		t.Error("Workers registered no worker of the rating job")
	}
}

type rateWorker struct {
	river.WorkerDefaults[jobs.Rate]
}

func (rateWorker) Work(context.Context, *river.Job[jobs.Rate]) error { return nil }

// TestRateJobErrors: a game gone or of an unknown kind is dropped (a retry would fail alike); a
// failing store is the job's error, retried later, and the retry rates the game once.
func TestRateJobErrors(t *testing.T) {
	f := newFixture(t)
	if err := f.rate(t, "nope"); err != nil {
		t.Errorf("a game gone: %v", err)
	}
	if err := f.st.CreateGame(t.Context(), domain.Game{ID: "odd", Kind: "chess", Mode: domain.ModeOnline, Rated: true, Status: domain.StatusOver,
		Outcome: game.Win(game.First, ""), Seats: seats(f.ann, f.bob)}); err != nil {
		t.Fatal(err)
	}
	if err := f.rate(t, "odd"); err != nil {
		t.Errorf("an unknown kind: %v", err)
	}
	id := f.game(t, "g1", "", domain.ModeOnline, true, seats(f.ann, f.bob), game.Win(game.First, ""))
	down := errors.New("database down")
	f.st.FailNext("RateGame", down)
	if err := f.rate(t, id); !errors.Is(err, down) {
		t.Fatalf("a failing store: %v", err)
	}
	if _, ok := f.st.GameRated(id); ok {
		t.Fatal("rated by a failed run")
	}
	f.st.FailNext("Game", down)
	if err := f.rate(t, id); !errors.Is(err, down) {
		t.Fatalf("a failing read: %v", err)
	}
	if err := f.rate(t, id); err != nil {
		t.Fatal(err)
	}
	if _, n := f.ratingOf(t, f.ann, f.variant8); n != 1 {
		t.Errorf("%d games rated after the retries, want 1", n)
	}
}

// TestLeaderboard: ranks from 1, the best first, only players with a rated game, the limit
// checked.
func TestLeaderboard(t *testing.T) {
	f := newFixture(t)
	f.rate(t, f.game(t, "g1", "", domain.ModeOnline, true, seats(f.ann, f.bob), game.Win(game.First, "")))
	f.rate(t, f.game(t, "g2", "", domain.ModeOnline, true, seats(f.ann, f.cy), game.Win(game.First, "")))
	f.rate(t, f.game(t, "g3", "", domain.ModeOnline, true, seats(f.bob, f.cy), game.Outcome{Over: true, Winner: game.NoPlayer, Ending: game.EndAbort}))
	board, err := f.s.Leaderboard(t.Context(), f.variant8, 10)
	if err != nil || len(board) != 3 {
		t.Fatalf("leaderboard %+v %v", board, err)
	}
	if board[0].Player != "Ann" || board[0].Rank != 1 || board[2].Rank != 3 || board[0].Games != 2 {
		t.Errorf("leaderboard %+v", board)
	}
	for i := 1; i < len(board); i++ {
		if board[i].Rating > board[i-1].Rating {
			t.Errorf("rank %d above rank %d", board[i].Rank, board[i-1].Rank)
		}
	}
	if top, _ := f.s.Leaderboard(t.Context(), f.variant8, 1); len(top) != 1 || top[0].Player != "Ann" {
		t.Errorf("top one %+v", top)
	}
	if none, err := f.s.Leaderboard(t.Context(), f.variant6, 10); err != nil || none == nil || len(none) != 0 {
		t.Errorf("a variant nobody played: %#v %v", none, err)
	}
	for _, limit := range []int{0, -1, 1001} {
		if _, err := f.s.Leaderboard(t.Context(), f.variant8, limit); domain.ErrorCode(err) != domain.BadRequest {
			t.Errorf("limit %d: %v", limit, err)
		}
	}
}

// TestPlayerAndVariantErrors: the errors callers see, by code.
func TestPlayerAndVariantErrors(t *testing.T) {
	f := newFixture(t)
	if _, _, err := f.s.Player(t.Context(), "nobody"); domain.ErrorCode(err) != domain.NotFound {
		t.Errorf("no such player: %v", err)
	}
	if _, list, err := f.s.Player(t.Context(), "Cy"); err != nil || len(list) != 0 || list == nil {
		t.Errorf("a player without games: %#v %v", list, err)
	}
	if _, err := f.s.Variant("chess", nil); domain.ErrorCode(err) != domain.UnknownKind {
		t.Errorf("an unknown game: %v", err)
	}
	if _, err := f.s.Variant("reversi", map[string]string{"size": "7"}); domain.ErrorCode(err) != domain.BadOption {
		t.Errorf("a bad option: %v", err)
	}
	// A default written out gives the key of the default left out.
	if v, err := f.s.Variant("reversi", map[string]string{"size": "8"}); err != nil || v != f.variant8 {
		t.Errorf("the default written out: %q %v, want %q", v, err, f.variant8)
	}
}
