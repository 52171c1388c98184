package events

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
	"turncoat/platform/clock"
	"turncoat/platform/internal/memstore"
	"turncoat/platform/jobs"
	"turncoat/platform/play"
)

var _ Store = (*memstore.Store)(nil)

var t0 = time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC)

// gameMaker stands in for the game service: it stores a pairing's game as an online game with
// both seats taken (as play.CreatePaired does) and records what it was asked for. While down,
// it fails as a stopped instance would.
type gameMaker struct {
	st   *memstore.Store
	mu   sync.Mutex
	made []play.Paired
	down bool
}

func (g *gameMaker) CreatePaired(ctx context.Context, p play.Paired) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.down {
		return errors.New("the game service is stopping")
	}
	start, err := games.Registry().New(p.Kind, "")
	if err != nil {
		return err
	}
	if err := g.st.CreateGame(ctx, domain.Game{ID: p.ID, Kind: p.Kind, Start: start.Encode(), Time: p.Time, Mode: domain.ModeOnline,
		Rated: p.Rated, CreatedBy: p.CreatedBy, Created: t0, Status: domain.StatusActive, Outcome: game.InPlay,
		Seats: [2]domain.Seat{{UserID: p.Users[0]}, {UserID: p.Users[1]}}}); err != nil {
		return err
	}
	g.made = append(g.made, p)
	return nil
}

func (g *gameMaker) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.made)
}

// notifier records the notifications the service sends, as the notifications' service stores
// them: one of a key its user already has is left out; while down, it fails and stores nothing.
type notifier struct {
	mu    sync.Mutex
	notes []domain.Notification
	keys  map[[2]string]bool
	down  bool
}

func (n *notifier) Notify(ctx context.Context, notes []domain.Notification) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.down {
		return errors.New("the notifications' store is down")
	}
	if n.keys == nil {
		n.keys = map[[2]string]bool{}
	}
	for _, note := range notes {
		k := [2]string{fmt.Sprint(note.UserID), note.Key}
		if note.Key != "" && n.keys[k] {
			continue
		}
		n.keys[k] = true
		n.notes = append(n.notes, note)
	}
	return nil
}

func (n *notifier) count() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.notes)
}

// fixture is the events service on an in-memory store and a manual clock, with a host and
// players p1, p2, ... (registered users).
type fixture struct {
	st    *memstore.Store
	clk   *clock.Manual
	s     *Service
	games *gameMaker
	notes *notifier
	host  domain.User
	users map[string]domain.User
}

func newFixture(t *testing.T, players int) *fixture {
	t.Helper()
	f := &fixture{st: memstore.New(), clk: clock.NewManual(t0), notes: &notifier{}, users: map[string]domain.User{}}
	f.games = &gameMaker{st: f.st}
	f.s = f.service()
	f.host = f.st.AddUser("Host", "h", t0)
	for i := 1; i <= players; i++ {
		name := fmt.Sprintf("p%d", i)
		f.users[name] = f.st.AddUser(name, "h", t0)
	}
	t.Cleanup(f.s.Close)
	return f
}

// service is another instance of the service on the fixture's store.
func (f *fixture) service() *Service {
	return New(Config{Store: f.st, Registry: games.Registry(), Clock: f.clk, Games: f.games, Notes: f.notes})
}

func (f *fixture) user(name string) *domain.User {
	u := f.users[name]
	return &u
}

// event creates an event and has players p1..pn join it, in that order (their seeds).
func (f *fixture) event(t *testing.T, req api.CreateEvent, players int) string {
	t.Helper()
	if req.Kind == "" {
		req.Kind = "reversi"
	}
	ev, err := f.s.Create(t.Context(), &f.host, req)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= players; i++ {
		if _, err := f.s.Join(t.Context(), f.user(fmt.Sprintf("p%d", i)), ev.ID); err != nil {
			t.Fatal(err)
		}
	}
	return ev.ID
}

func (f *fixture) start(t *testing.T, id string) api.PairedEvent {
	t.Helper()
	ev, err := f.s.Start(t.Context(), &f.host, id)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func (f *fixture) view(t *testing.T, id string) api.PairedEvent {
	t.Helper()
	ev, err := f.s.View(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func (f *fixture) version(t *testing.T, id string) int64 {
	t.Helper()
	row, err := f.st.PairedEventByID(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return row.Version
}

// end finishes a game with an outcome and works the job its end stores, as the queue would.
func (f *fixture) end(t *testing.T, gameID string, o game.Outcome) {
	t.Helper()
	f.st.UpdateGame(gameID, func(g *domain.Game) { g.Status, g.Outcome = domain.StatusOver, o })
	if err := f.s.workGame(t.Context(), jobs.EventGame{Game: gameID}); err != nil {
		t.Fatal(err)
	}
}

// roundJobs returns the event-round jobs stored since the last call.
func (f *fixture) roundJobs() []domain.Job {
	var out []domain.Job
	for _, j := range f.st.TakeJobs() {
		if _, ok := j.Args.(jobs.EventRound); ok {
			out = append(out, j)
		}
	}
	return out
}

func lastRound(ev api.PairedEvent) api.EventRound { return ev.RoundList[len(ev.RoundList)-1] }

// TestCreateRules: an event's format, rounds, game, options and time are checked before anything
// is stored; a valid one is stored open for signup at version 1.
func TestCreateRules(t *testing.T) {
	f := newFixture(t, 0)
	for _, c := range []struct {
		name string
		req  api.CreateEvent
		code domain.Code
	}{
		{"no format", api.CreateEvent{Kind: "reversi"}, domain.BadRequest},
		{"rounds for a round robin", api.CreateEvent{Format: RoundRobin, Kind: "reversi", Rounds: 3}, domain.BadRequest},
		{"rounds for a knockout", api.CreateEvent{Format: Knockout, Kind: "reversi", Rounds: 1}, domain.BadRequest},
		{"a Swiss event without rounds", api.CreateEvent{Format: Swiss, Kind: "reversi"}, domain.BadRequest},
		{"a Swiss event of too many rounds", api.CreateEvent{Format: Swiss, Kind: "reversi", Rounds: MaxPlayers + 1}, domain.BadRequest},
		{"an unknown game", api.CreateEvent{Format: RoundRobin, Kind: "chess"}, domain.UnknownKind},
		{"a bad option", api.CreateEvent{Format: RoundRobin, Kind: "reversi", Options: map[string]string{"size": "7"}}, domain.BadOption},
		{"an unknown option", api.CreateEvent{Format: RoundRobin, Kind: "reversi", Options: map[string]string{"colour": "red"}}, domain.BadOption},
		{"a bad time", api.CreateEvent{Format: RoundRobin, Kind: "reversi", Time: game.TimeControl{Kind: game.Fischer, Base: -time.Second}}, domain.BadOption},
		{"both time and correspondence", api.CreateEvent{Format: RoundRobin, Kind: "reversi", Time: game.TimeControl{Kind: game.Fischer, Base: time.Minute},
			Correspondence: &api.Correspondence{Days: 3}}, domain.BadOption},
		{"four days a move", api.CreateEvent{Format: RoundRobin, Kind: "reversi", Correspondence: &api.Correspondence{Days: 4}}, domain.BadOption},
	} {
		if _, err := f.s.Create(t.Context(), &f.host, c.req); domain.ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if n := f.st.Calls("CreatePairedEvent"); n != 0 {
		t.Fatalf("refused events reached the store %d times", n)
	}
	ev, err := f.s.Create(t.Context(), &f.host, api.CreateEvent{Format: Swiss, Kind: "reversi", Options: map[string]string{"size": "6"},
		Correspondence: &api.Correspondence{Days: 3, IncrementDays: 1}, Rated: true, Rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Status != statusSignup || ev.Host != "Host" || ev.Rounds != 3 || !ev.Rated || ev.Time.Kind != game.Correspondence ||
		ev.Time.Base != 3*day || ev.Time.Increment != day || len(ev.Players) != 0 || len(ev.RoundList) != 0 {
		t.Errorf("created %+v", ev)
	}
	row, err := f.st.PairedEventByID(t.Context(), ev.ID)
	if err != nil || row.Version != 1 || row.Status != statusSignup || row.HostID != f.host.ID || row.Format != Swiss || !row.Created.Equal(t0) {
		t.Errorf("stored %+v %v", row, err)
	}
	if got := f.view(t, ev.ID); got.ID != ev.ID || got.Options["size"] != "6" {
		t.Errorf("viewed %+v", got)
	}
	if _, err := f.s.View(t.Context(), "nope"); domain.ErrorCode(err) != domain.NotFound {
		t.Errorf("no event: %v", err)
	}
}

// TestSignupRules: who may join and start, and when.
func TestSignupRules(t *testing.T) {
	f := newFixture(t, MaxPlayers+1)
	ctx := t.Context()
	id := f.event(t, api.CreateEvent{Format: RoundRobin}, 1)
	if _, err := f.s.Join(ctx, f.user("p1"), id); domain.ErrorCode(err) != domain.Conflict {
		t.Errorf("joining twice: %v", err)
	}
	if _, err := f.s.Start(ctx, &f.host, id); domain.ErrorCode(err) != domain.Conflict {
		t.Errorf("starting with one player: %v", err)
	}
	if _, err := f.s.Join(ctx, f.user("p2"), id); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Start(ctx, f.user("p1"), id); domain.ErrorCode(err) != domain.Forbidden {
		t.Errorf("a player starting: %v", err)
	}
	f.start(t, id)
	if _, err := f.s.Join(ctx, f.user("p3"), id); domain.ErrorCode(err) != domain.Conflict {
		t.Errorf("joining after the start: %v", err)
	}
	if _, err := f.s.Start(ctx, &f.host, id); domain.ErrorCode(err) != domain.Conflict {
		t.Errorf("starting twice: %v", err)
	}
	if _, err := f.s.Join(ctx, f.user("p1"), "nope"); domain.ErrorCode(err) != domain.NotFound {
		t.Errorf("joining no event: %v", err)
	}

	full := f.event(t, api.CreateEvent{Format: Knockout}, MaxPlayers)
	if _, err := f.s.Join(ctx, f.user(fmt.Sprintf("p%d", MaxPlayers+1)), full); domain.ErrorCode(err) != domain.Conflict {
		t.Errorf("player %d: %v", MaxPlayers+1, err)
	}
	// A Swiss event of n players has fewer than n rounds (n made even), so no one meets twice.
	swiss := f.event(t, api.CreateEvent{Format: Swiss, Rounds: 4}, 4)
	if _, err := f.s.Start(ctx, &f.host, swiss); domain.ErrorCode(err) != domain.Conflict {
		t.Errorf("4 rounds of 4 players: %v", err)
	}
	if ev := f.view(t, swiss); ev.Status != statusSignup {
		t.Errorf("a refused start changed the event: %+v", ev)
	}
}

// TestRoundRobin: a round robin of four plays three rounds, everyone meeting everyone once. Each
// round's games are made once its pairing is saved, with the job that makes them stored in the
// same save; a round is paired when its last game ends, exactly once, however often the game's
// job runs.
func TestRoundRobin(t *testing.T) {
	f := newFixture(t, 4)
	id := f.event(t, api.CreateEvent{Format: RoundRobin, Rated: true, Options: map[string]string{"size": "6"}}, 4)
	f.st.TakeJobs()
	ev := f.start(t, id)
	if ev.Status != statusRunning || ev.Rounds != 3 || len(ev.RoundList) != 1 || len(ev.RoundList[0].Pairings) != 2 {
		t.Fatalf("started %+v", ev)
	}
	met := map[[2]string]int{}
	for round := 1; round <= 3; round++ {
		js := f.roundJobs()
		if got := memstore.ArgsOf[jobs.EventRound](js); len(got) != 1 || got[0] != (jobs.EventRound{Event: id, Round: round}) ||
			!js[0].At.Equal(f.clk.Now().Add(RoundCheckDelay)) {
			t.Fatalf("round %d: jobs %+v", round, js)
		}
		rd := lastRound(ev)
		if rd.Number != round || len(rd.Pairings) != 2 {
			t.Fatalf("round %d: %+v", round, rd)
		}
		if n := f.games.count(); n != 2*round {
			t.Fatalf("round %d: %d games made, want %d", round, n, 2*round)
		}
		for _, p := range rd.Pairings {
			pair := p.Players
			slices.Sort(pair[:])
			met[pair]++
			g, err := f.st.Game(t.Context(), p.Game)
			if err != nil || g.Seats[0].UserName != p.Players[0] || g.Seats[1].UserName != p.Players[1] || !g.Rated || g.CreatedBy != f.host.ID {
				t.Fatalf("round %d: the game of %v: %+v %v", round, p.Players, g, err)
			}
			if eid, err := f.st.PairedEventOfGame(t.Context(), p.Game); err != nil || eid != id {
				t.Errorf("game %s belongs to %q %v", p.Game, eid, err)
			}
		}
		// The first game ends: its result is recorded, and the round waits for the other.
		before := f.version(t, id)
		f.end(t, rd.Pairings[0].Game, game.Win(game.First, ""))
		if err := f.s.workGame(t.Context(), jobs.EventGame{Game: rd.Pairings[0].Game}); err != nil {
			t.Fatal(err)
		}
		ev = f.view(t, id)
		if v := f.version(t, id); v != before+1 || len(ev.RoundList) != round || lastRound(ev).Pairings[0].Result == nil ||
			lastRound(ev).Pairings[0].Ending != "rules" || lastRound(ev).Pairings[1].Result != nil {
			t.Fatalf("round %d after its first game (version %d, was %d): %+v", round, v, before, lastRound(ev))
		}
		// The second game ends: the next round is paired (or the event finishes), once.
		f.clk.Advance(time.Hour)
		f.end(t, rd.Pairings[1].Game, game.Draw(""))
		v := f.version(t, id)
		for range 2 {
			if err := f.s.workGame(t.Context(), jobs.EventGame{Game: rd.Pairings[1].Game}); err != nil {
				t.Fatal(err)
			}
		}
		if again := f.version(t, id); again != v {
			t.Fatalf("round %d: the game's job ran again and saved the event (%d to %d)", round, v, again)
		}
		ev = f.view(t, id)
	}
	if ev.Status != statusFinished || len(ev.RoundList) != 3 || f.games.count() != 6 || len(f.roundJobs()) != 0 {
		t.Fatalf("finished %+v (%d games)", ev, f.games.count())
	}
	if len(met) != 6 {
		t.Errorf("pairs met %v: want each of the six once", met)
	}
	for pair, n := range met {
		if n != 1 {
			t.Errorf("%v met %d times", pair, n)
		}
	}
	var points float64
	for _, s := range ev.Standings {
		points += s.Points
		if s.Games != 3 {
			t.Errorf("%s played %d games", s.Player, s.Games)
		}
	}
	if points != 6 {
		t.Errorf("standings share %v points of six games: %+v", points, ev.Standings)
	}
	// Each made game told both its players, once.
	if n := f.notes.count(); n != 12 {
		t.Errorf("%d notifications, want 12", n)
	}
	for _, p := range f.games.made {
		if p.Kind != "reversi" || p.Options["size"] != "6" || !p.Rated || p.Users[0] == 0 || p.Users[1] == 0 {
			t.Errorf("a game made as %+v", p)
		}
	}
}

// TestRoundRobinOdd: with an odd number of players one sits each round out: a bye, scored at
// once, with no game.
func TestRoundRobinOdd(t *testing.T) {
	f := newFixture(t, 3)
	id := f.event(t, api.CreateEvent{Format: RoundRobin}, 3)
	ev := f.start(t, id)
	if ev.Rounds != 3 {
		t.Fatalf("%d rounds for three players, want 3", ev.Rounds)
	}
	byes := map[string]int{}
	for round := 1; round <= 3; round++ {
		rd := lastRound(ev)
		var playing []api.EventPairing
		for _, p := range rd.Pairings {
			if p.Players[1] == "" {
				if p.Game != "" || p.Result == nil {
					t.Errorf("round %d: a bye %+v", round, p)
				}
				byes[p.Players[0]]++
				continue
			}
			playing = append(playing, p)
		}
		if len(playing) != 1 {
			t.Fatalf("round %d: %+v", round, rd)
		}
		f.end(t, playing[0].Game, game.Win(game.Second, ""))
		ev = f.view(t, id)
	}
	if ev.Status != statusFinished || len(byes) != 3 || f.games.count() != 3 {
		t.Errorf("finished %+v, byes %v", ev, byes)
	}
}

// TestSwiss: a Swiss event plays its rounds, never pairing two players twice, and finishes.
func TestSwiss(t *testing.T) {
	f := newFixture(t, 6)
	id := f.event(t, api.CreateEvent{Format: Swiss, Rounds: 3}, 6)
	ev := f.start(t, id)
	met := map[[2]string]bool{}
	for round := 1; round <= 3; round++ {
		rd := lastRound(ev)
		if rd.Number != round || len(rd.Pairings) != 3 {
			t.Fatalf("round %d: %+v", round, rd)
		}
		for i, p := range rd.Pairings {
			pair := p.Players
			slices.Sort(pair[:])
			if met[pair] {
				t.Errorf("round %d: %v meet again", round, pair)
			}
			met[pair] = true
			f.end(t, p.Game, game.Win(game.Player(i%2), ""))
		}
		ev = f.view(t, id)
	}
	if ev.Status != statusFinished || len(ev.RoundList) != 3 || ev.Standings[0].Points < 2 {
		t.Errorf("finished %+v", ev)
	}
}

// TestKnockout: a knockout's winners go through; on a draw the higher seed (who played First)
// does; the final's winner is the champion.
func TestKnockout(t *testing.T) {
	f := newFixture(t, 4)
	id := f.event(t, api.CreateEvent{Format: Knockout}, 4)
	ev := f.start(t, id)
	if ev.Rounds != 2 || ev.Bracket == nil || len(lastRound(ev).Pairings) != 2 {
		t.Fatalf("started %+v", ev)
	}
	semis := lastRound(ev).Pairings
	f.end(t, semis[0].Game, game.Draw("32-32"))
	f.end(t, semis[1].Game, game.Win(game.Second, ""))
	ev = f.view(t, id)
	got := ev.RoundList[0].Pairings
	if got[0].Advanced != semis[0].Players[0] || got[1].Advanced != semis[1].Players[1] {
		t.Fatalf("advanced %q and %q from %+v", got[0].Advanced, got[1].Advanced, semis)
	}
	final := lastRound(ev)
	if final.Number != 2 || len(final.Pairings) != 1 {
		t.Fatalf("the final %+v", final)
	}
	finalists := []string{final.Pairings[0].Players[0], final.Pairings[0].Players[1]}
	slices.Sort(finalists)
	want := []string{semis[0].Players[0], semis[1].Players[1]}
	slices.Sort(want)
	if !slices.Equal(finalists, want) {
		t.Errorf("finalists %v, want %v", finalists, want)
	}
	f.end(t, final.Pairings[0].Game, game.Win(game.First, ""))
	ev = f.view(t, id)
	if ev.Status != statusFinished || ev.Champion != final.Pairings[0].Players[0] {
		t.Errorf("champion %q (status %s), want %q", ev.Champion, ev.Status, final.Pairings[0].Players[0])
	}
}

// TestRoundJobMakesMissingGames: when an instance stops before it makes a round's games (they
// are made after the save), the round's job makes the missing ones, once; a game made already
// (by an attempt that stopped before its notices) is left as it is; every game's players are
// told once, however often the job runs; a failure to tell them is the job's error (retried).
func TestRoundJobMakesMissingGames(t *testing.T) {
	f := newFixture(t, 4)
	id := f.event(t, api.CreateEvent{Format: RoundRobin}, 4)
	f.st.TakeJobs()
	f.games.down = true
	ev := f.start(t, id)
	f.games.down = false
	if n := f.games.count(); n != 0 {
		t.Fatalf("%d games made while the game service was down", n)
	}
	rd := lastRound(ev)
	// One of the two was made meanwhile (another instance's job, say).
	if err := f.games.CreatePaired(t.Context(), play.Paired{ID: rd.Pairings[0].Game, Kind: "reversi",
		Users: [2]int64{f.users[rd.Pairings[0].Players[0]].ID, f.users[rd.Pairings[0].Players[1]].ID}}); err != nil {
		t.Fatal(err)
	}
	js := f.roundJobs()
	if len(js) != 1 {
		t.Fatalf("jobs %+v", js)
	}
	job := memstore.ArgsOf[jobs.EventRound](js)[0]
	f.notes.down = true
	if err := f.s.workRound(t.Context(), job); err == nil {
		t.Error("the job succeeded without telling the players")
	}
	f.notes.down = false
	for range 2 {
		if err := f.s.workRound(t.Context(), job); err != nil {
			t.Fatal(err)
		}
	}
	if n := f.games.count(); n != 2 {
		t.Errorf("%d games after the round's job ran three times, want 2", n)
	}
	if f.games.made[1].ID != rd.Pairings[1].Game {
		t.Errorf("the job made %+v, want game %s", f.games.made[1], rd.Pairings[1].Game)
	}
	if n := f.notes.count(); n != 4 {
		t.Errorf("%d notifications, want both games' players told once: 4", n)
	}
	// A job of an event or a round that is not there does nothing.
	for _, a := range []jobs.EventRound{{Event: "nope", Round: 1}, {Event: id, Round: 0}, {Event: id, Round: 2}} {
		if err := f.s.workRound(t.Context(), a); err != nil {
			t.Errorf("%+v: %v", a, err)
		}
	}
	if n := f.games.count(); n != 2 {
		t.Errorf("%d games", n)
	}
}

// TestGameJobs: a game of no event, or one still in play, moves nothing; a failing store is
// the job's error (retried).
func TestGameJobs(t *testing.T) {
	f := newFixture(t, 2)
	id := f.event(t, api.CreateEvent{Format: RoundRobin}, 2)
	ev := f.start(t, id)
	if err := f.s.workGame(t.Context(), jobs.EventGame{Game: "not-an-event-game"}); err != nil {
		t.Errorf("a game of no event: %v", err)
	}
	g := lastRound(ev).Pairings[0].Game
	v := f.version(t, id)
	if err := f.s.workGame(t.Context(), jobs.EventGame{Game: g}); err != nil {
		t.Fatal(err)
	}
	if f.version(t, id) != v {
		t.Error("a game in play moved its event on")
	}
	f.st.UpdateGame(g, func(r *domain.Game) { r.Status, r.Outcome = domain.StatusOver, game.Win(game.First, "") })
	down := errors.New("database down")
	f.st.FailNext("PairedEventOfGame", down)
	if err := f.s.workGame(t.Context(), jobs.EventGame{Game: g}); !errors.Is(err, down) {
		t.Errorf("a failing store: %v", err)
	}
	if err := f.s.workGame(t.Context(), jobs.EventGame{Game: g}); err != nil {
		t.Fatal(err)
	}
	if ev := f.view(t, id); ev.Status != statusFinished || ev.Standings[0].Points != 1 {
		t.Errorf("after the retry %+v", ev)
	}
}

// TestTwoInstances: two instances change one event; the one whose copy is stale is refused by
// the store (a save from an old version), reloads and applies its change again: nothing is lost.
func TestTwoInstances(t *testing.T) {
	f := newFixture(t, 3)
	id := f.event(t, api.CreateEvent{Format: RoundRobin}, 0)
	other := f.service()
	t.Cleanup(other.Close)
	if _, err := other.Join(t.Context(), f.user("p1"), id); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Join(t.Context(), f.user("p2"), id); err != nil {
		t.Fatal(err)
	}
	ev, err := other.Join(t.Context(), f.user("p3"), id) // its copy is at p1's version
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ev.Players, []string{"p1", "p2", "p3"}) || f.version(t, id) != 4 {
		t.Errorf("players %v at version %d", ev.Players, f.version(t, id))
	}
	if n := f.st.Calls("SavePairedEvent"); n != 4 {
		t.Errorf("%d saves, want 4 (one refused as stale)", n)
	}
}

// TestWorkers: the service registers the workers of both its jobs.
func TestWorkers(t *testing.T) {
	f := newFixture(t, 0)
	ws := river.NewWorkers()
	f.s.Workers(ws)
	if err := river.AddWorkerSafely(ws, &fakeWorker[jobs.EventGame]{}); err == nil {
		t.Error("no worker of the game-end job")
	}
	if err := river.AddWorkerSafely(ws, &fakeWorker[jobs.EventRound]{}); err == nil {
		t.Error("no worker of the round job")
	}
}

type fakeWorker[T river.JobArgs] struct{ river.WorkerDefaults[T] }

func (fakeWorker[T]) Work(context.Context, *river.Job[T]) error { return nil }

// TestNotices: a made game's players are told their side and opponent.
func TestNotices(t *testing.T) {
	f := newFixture(t, 2)
	id := f.event(t, api.CreateEvent{Format: RoundRobin}, 2)
	ev := f.start(t, id)
	p := lastRound(ev).Pairings[0]
	if len(f.notes.notes) != 2 {
		t.Fatalf("notes %+v", f.notes.notes)
	}
	for i, n := range f.notes.notes {
		want := fmt.Sprintf("round 1: you play %s against %s (game %s)", []string{"First", "Second"}[i], p.Players[1-i], p.Game)
		if n.UserID != f.users[p.Players[i]].ID || n.Kind != "event_game" || n.GameID != p.Game || !strings.Contains(n.Message, want) {
			t.Errorf("note %d: %+v, want %q", i, n, want)
		}
	}
}
