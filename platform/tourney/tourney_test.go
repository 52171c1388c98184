package tourney

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/games"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
	"turncoat/platform/internal/memstore"
	"turncoat/platform/jobs"
	"turncoat/tournament"
)

var _ Store = (*memstore.Store)(nil)

var t0 = time.Date(2026, 10, 5, 9, 0, 0, 0, time.UTC)

// notifier records the notifications the service sends, as the notifications' service stores
// them: one of a key its user already has is left out; while down, it fails and stores nothing.
type notifier struct {
	mu    sync.Mutex
	notes []domain.Notification
	keys  map[string]bool
	down  bool
}

func (n *notifier) Notify(ctx context.Context, notes []domain.Notification) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.down {
		return errors.New("the notifications' store is down")
	}
	if n.keys == nil {
		n.keys = map[string]bool{}
	}
	for _, note := range notes {
		k := fmt.Sprint(note.UserID, " ", note.Key)
		if note.Key != "" && n.keys[k] {
			continue
		}
		n.keys[k] = true
		n.notes = append(n.notes, note)
	}
	return nil
}

func (n *notifier) all() []domain.Notification {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]domain.Notification(nil), n.notes...)
}

// snooze is the error a job due later than the clock gets (the program's is River's snooze).
type snooze struct{ wait time.Duration }

func (s *snooze) Error() string { return fmt.Sprintf("not yet: %v to go", s.wait) }

// fixture is the tournaments' service on an in-memory store and a manual clock, with a host and
// registered players p1, p2, ...
type fixture struct {
	st    *memstore.Store
	clk   *clock.Manual
	s     *Service
	notes *notifier
	host  domain.User
	users map[string]domain.User
}

func newFixture(t *testing.T, players int) *fixture {
	t.Helper()
	f := &fixture{st: memstore.New(), clk: clock.NewManual(t0), notes: &notifier{}, users: map[string]domain.User{}}
	f.s = f.service(t)
	f.host = f.st.AddUser("Host", "h", t0)
	for i := 1; i <= players; i++ {
		name := fmt.Sprintf("p%d", i)
		f.users[name] = f.st.AddUser(name, "h", t0)
	}
	return f
}

// service is an instance of the service on the fixture's store (a second one is another
// instance, or the program after a restart).
func (f *fixture) service(t *testing.T) *Service {
	s := New(Config{Store: f.st, Registry: games.Registry(), Clock: f.clk, AI: aiwork.New(1, 10*time.Second), Notes: f.notes})
	t.Cleanup(s.Close)
	return s
}

func (f *fixture) user(name string) *domain.User {
	u := f.users[name]
	return &u
}

// notYet is the program's check that a deadline's job is due: a snooze until the clock reaches it.
func (f *fixture) notYet(at time.Time) error {
	if d := at.Sub(f.clk.Now()); d > 0 {
		return &snooze{d}
	}
	return nil
}

// create makes a 6x6 Reversi tournament of rounds and a subscription window of a day each, and
// subscribes players p1..pn.
func (f *fixture) create(t *testing.T, q api.CreateTournament, players int) string {
	t.Helper()
	if q.Game == "" {
		q.Game, q.Options = "reversi", "size=6"
	}
	tv, err := f.s.CreateFor(t.Context(), &f.host, q)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= players; i++ {
		if _, err := f.s.PlayerOp(t.Context(), tv.ID, f.user(fmt.Sprintf("p%d", i)), OpSubscribe); err != nil {
			t.Fatal(err)
		}
	}
	return tv.ID
}

func (f *fixture) view(t *testing.T, id string, u *domain.User) api.Tournament {
	t.Helper()
	tv, err := f.s.View(t.Context(), id, u)
	if err != nil {
		t.Fatal(err)
	}
	return tv
}

func (f *fixture) version(t *testing.T, id string) int64 {
	t.Helper()
	v, err := f.st.TournamentVersion(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// advance works the deadline jobs stored so far, as the queue would at the clock's time: those
// due run, the others snooze (and are kept for a later call).
func (f *fixture) advance(t *testing.T) {
	t.Helper()
	for _, a := range memstore.ArgsOf[jobs.Advance](f.st.Jobs()) {
		err := f.s.workAdvance(t.Context(), a, f.notYet)
		var sn *snooze
		if err != nil && !errors.As(err, &sn) {
			t.Fatal(err)
		}
	}
}

// legal returns a legal move of board n's side to move, in notation.
func (f *fixture) legal(t *testing.T, id string, n int) string {
	t.Helper()
	b, err := f.s.Board(t.Context(), id, n)
	if err != nil || b.View == nil || len(b.View.Legal) == 0 {
		t.Fatalf("board %d: %+v %v", n, b, err)
	}
	return b.View.Legal[0]
}

// post has the player due on board n post a legal move.
func (f *fixture) post(t *testing.T, id string, n int) api.OpResult {
	t.Helper()
	b, err := f.s.Board(t.Context(), id, n)
	if err != nil {
		t.Fatal(err)
	}
	player := b.Seats[b.ToMove].Player
	res, err := f.s.Post(t.Context(), id, f.user(player), tournament.PostText{Board: n, Move: f.legal(t, id, n)}.String(), false, 0)
	if err != nil {
		t.Fatalf("%s's post on board %d: %v", player, n, err)
	}
	return res
}

// TestCreate: a tournament's request is checked (a registered host, durations, the game); a
// valid one is stored with its checkpoint, and the end of its subscription window is a job
// stored with it.
func TestCreate(t *testing.T) {
	f := newFixture(t, 0)
	ctx := t.Context()
	guest := f.st.AddUser("guest-1", "", t0)
	for _, c := range []struct {
		name string
		u    *domain.User
		q    api.CreateTournament
		code domain.Code
	}{
		{"anonymous", nil, api.CreateTournament{}, domain.Unauthorized},
		{"a guest", &guest, api.CreateTournament{}, domain.Forbidden},
		{"a bad round length", &f.host, api.CreateTournament{RoundLength: "soon"}, domain.BadOption},
		{"a window of 61 days", &f.host, api.CreateTournament{Window: "1464h"}, domain.BadOption},
		{"a game of simultaneous moves", &f.host, api.CreateTournament{Game: "turncoat"}, domain.BadOption},
		{"an unknown game", &f.host, api.CreateTournament{Game: "chess"}, domain.BadOption},
	} {
		if _, err := f.s.CreateFor(ctx, c.u, c.q); domain.ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if n := f.st.Calls("CreateTournament"); n != 0 {
		t.Fatalf("refused requests reached the store %d times", n)
	}
	tv, err := f.s.CreateFor(ctx, &f.host, api.CreateTournament{Title: "Autumn Cup", Game: "reversi", Options: "size=6", Window: "48h", RoundLength: "12h"})
	if err != nil {
		t.Fatal(err)
	}
	window := t0.Add(48 * time.Hour)
	if tv.Title != "Autumn Cup" || tv.Host != "Host" || tv.Phase != string(tournament.PhaseSubscription) || !tv.SubscriptionCloses.Equal(window) ||
		!tv.NextDeadline.Equal(window) || tv.You == nil || !tv.You.Host || tv.Config.RoundLength != 12*time.Hour {
		t.Errorf("created %+v", tv)
	}
	row, cp, ops, err := f.st.LoadTournament(ctx, tv.ID)
	if err != nil || row.Version != tv.Version || row.CheckpointVersion != row.Version || len(cp) == 0 || len(ops) != 0 || row.HostID != f.host.ID {
		t.Errorf("stored %+v %d-byte checkpoint %+v %v", row, len(cp), ops, err)
	}
	js := f.st.Jobs()
	if got := memstore.ArgsOf[jobs.Advance](js); len(got) != 1 || got[0] != (jobs.Advance{Tournament: tv.ID, At: window.UnixNano()}) || !js[0].At.Equal(window) {
		t.Errorf("jobs %+v", js)
	}
	if list, err := f.s.List(ctx, string(tournament.PhaseSubscription)); err != nil || len(list) != 1 || list[0].ID != tv.ID || list[0].Host != "Host" {
		t.Errorf("list %+v %v", list, err)
	}
	if list, _ := f.s.List(ctx, string(tournament.PhasePlaying)); len(list) != 0 {
		t.Errorf("list of another phase %+v", list)
	}
	if _, err := f.s.View(ctx, "nope", nil); domain.ErrorCode(err) != domain.NotFound {
		t.Errorf("no tournament: %v", err)
	}
}

// TestSubscriptions: players subscribe and unsubscribe in the window, once each, as registered
// accounts; their operations are logged without a checkpoint each, and replay to the same
// state on another instance.
func TestSubscriptions(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	id := f.create(t, api.CreateTournament{}, 2)
	if _, err := f.s.PlayerOp(ctx, id, f.user("p1"), OpSubscribe); domain.ErrorCode(err) != domain.NotAllowed {
		t.Errorf("subscribing twice: %v", err)
	}
	guest := f.st.AddUser("guest-2", "", t0)
	if _, err := f.s.PlayerOp(ctx, id, &guest, OpSubscribe); domain.ErrorCode(err) != domain.Forbidden {
		t.Errorf("a guest subscribing: %v", err)
	}
	if _, err := f.s.PlayerOp(ctx, id, f.user("p3"), OpUnsubscribe); domain.ErrorCode(err) != domain.NotAllowed {
		t.Errorf("unsubscribing without a subscription: %v", err)
	}
	res, err := f.s.PlayerOp(ctx, id, f.user("p2"), OpUnsubscribe)
	if err != nil || len(res.Events) != 1 || res.Events[0].Kind != tournament.EventUnsubscribed || res.Version != f.version(t, id) {
		t.Fatalf("unsubscribe: %+v %v", res, err)
	}
	tv := f.view(t, id, f.user("p1"))
	if len(tv.Subscribers) != 1 || tv.Subscribers[0] != "p1" || tv.You.Host {
		t.Errorf("after the unsubscription %+v", tv)
	}
	row, _, ops, _ := f.st.LoadTournament(ctx, id)
	if len(ops) != 3 || row.CheckpointVersion >= row.Version {
		t.Errorf("%d operations after the checkpoint at %d (version %d), want the three players' operations", len(ops), row.CheckpointVersion, row.Version)
	}
	// Another instance (or a restart) replays the log on the checkpoint.
	if other := f.service(t).s(t, id); len(other.Subscribers) != 1 || other.Version != tv.Version {
		t.Errorf("replayed %+v, want %+v", other, tv)
	}
	// Each operation stores the window's job again: unique, it is stored once.
	if got := memstore.ArgsOf[jobs.Advance](f.st.Jobs()); len(got) != 1 || f.st.Duplicates() != 3 {
		t.Errorf("deadline jobs %+v, %d duplicates dropped", got, f.st.Duplicates())
	}
	f.clk.Set(t0.Add(tournament.DefaultWindow))
	if _, err := f.s.PlayerOp(ctx, id, f.user("p3"), OpSubscribe); domain.ErrorCode(err) != domain.WrongPhase {
		t.Errorf("subscribing after the window: %v", err)
	}
}

// s is the tournament as an instance sees it (anonymous).
func (s *Service) s(t *testing.T, id string) api.Tournament {
	t.Helper()
	tv, err := s.View(t.Context(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tv
}

// TestDeadlines: the window's end is a job due at its deadline: run early it snoozes and changes
// nothing; at the deadline it pairs the players, opens round 1 and stores the round's notices
// and the round's deadline as jobs; run again it changes nothing. A round nobody posts in
// closes at its deadline, counting the miss; the board then waits for the player who missed, so
// round 2 (the other colour's) has nobody to post and closes at once, and round 3 opens.
func TestDeadlines(t *testing.T) {
	f := newFixture(t, 2)
	id := f.create(t, api.CreateTournament{}, 2)
	window := t0.Add(tournament.DefaultWindow)
	v := f.version(t, id)
	f.clk.Set(window.Add(-time.Second))
	err := f.s.workAdvance(t.Context(), jobs.Advance{Tournament: id, At: window.UnixNano()}, f.notYet)
	var sn *snooze
	if !errors.As(err, &sn) || sn.wait != time.Second || f.version(t, id) != v {
		t.Fatalf("early: %v, version %d (was %d)", err, f.version(t, id), v)
	}
	f.clk.Set(window)
	f.st.TakeJobs()
	f.advance(t)
	tv := f.view(t, id, nil)
	roundEnd := window.Add(tournament.DefaultRoundLength)
	if tv.Phase != string(tournament.PhasePlaying) || tv.Boards != 1 || tv.Round == nil || tv.Round.Number != 1 || !tv.Round.Deadline.Equal(roundEnd) {
		t.Fatalf("at the window's end: %+v", tv)
	}
	js := f.st.TakeJobs()
	if r := memstore.ArgsOf[jobs.Round](js); len(r) != 1 || r[0] != (jobs.Round{Tournament: id, Round: 1}) {
		t.Errorf("round jobs %+v", js)
	}
	if a := memstore.ArgsOf[jobs.Advance](js); len(a) != 1 || a[0].At != roundEnd.UnixNano() {
		t.Errorf("deadline jobs %+v", js)
	}
	// A host's or the clock's operation writes a checkpoint.
	if row, _, ops, _ := f.st.LoadTournament(t.Context(), id); row.CheckpointVersion != row.Version || len(ops) != 0 {
		t.Errorf("no checkpoint after the pairing: %+v, %d operations", row, len(ops))
	}
	v = f.version(t, id)
	f.advance(t) // the window's job again, and the round's early
	if f.version(t, id) != v {
		t.Error("a deadline's job run again changed the tournament")
	}
	f.clk.Set(roundEnd)
	f.advance(t)
	tv = f.view(t, id, nil)
	if tv.ClosedRounds != 2 || tv.Round == nil || tv.Round.Number != 3 || !tv.Round.Opened.Equal(roundEnd) {
		t.Fatalf("at round 1's deadline: %+v", tv)
	}
	boards, _ := f.s.Boards(t.Context(), id)
	if misses := boards[0].Seats[0].Misses; misses != 1 {
		t.Errorf("first's misses %d, want 1: %+v", misses, boards[0])
	}
	if err := f.s.workAdvance(t.Context(), jobs.Advance{Tournament: "gone", At: 0}, f.notYet); err != nil {
		t.Errorf("a tournament gone: %v", err)
	}
}

// TestRoundNotices: a round's job tells each registered player who must post, once, with the
// board and the deadline; a job of a round no longer open tells nobody; a failure to tell is the
// job's error.
func TestRoundNotices(t *testing.T) {
	f := newFixture(t, 4)
	id := f.create(t, api.CreateTournament{Title: "Cup"}, 4)
	f.clk.Set(t0.Add(tournament.DefaultWindow))
	f.advance(t)
	due := map[string]int{}
	boards, _ := f.s.Boards(t.Context(), id)
	for _, b := range boards {
		if b.Due {
			due[b.Seats[b.ToMove].Player] = b.Number
		}
	}
	if len(due) != 2 {
		t.Fatalf("due %v", due)
	}
	f.notes.down = true
	if err := f.s.workRound(t.Context(), jobs.Round{Tournament: id, Round: 1}); err == nil {
		t.Error("the job succeeded without telling the players")
	}
	f.notes.down = false
	for range 2 {
		if err := f.s.workRound(t.Context(), jobs.Round{Tournament: id, Round: 1}); err != nil {
			t.Fatal(err)
		}
	}
	notes := f.notes.all()
	if len(notes) != 2 {
		t.Fatalf("notes %+v", notes)
	}
	deadline := t0.Add(tournament.DefaultWindow + tournament.DefaultRoundLength).Format("2006-01-02 15:04 MST")
	for _, n := range notes {
		var name string
		for p, u := range f.users {
			if u.ID == n.UserID {
				name = p
			}
		}
		want := fmt.Sprintf("Post your move for Board #%d by %s.", due[name], deadline)
		if due[name] == 0 || n.Kind != "tournament_round" || n.TournamentID != id || !strings.HasPrefix(n.Message, "Cup: ") || !strings.Contains(n.Message, want) {
			t.Errorf("note %+v to %s, want %q", n, name, want)
		}
	}
	for _, r := range []jobs.Round{{Tournament: id, Round: 2}, {Tournament: "gone", Round: 1}} {
		if err := f.s.workRound(t.Context(), r); err != nil {
			t.Errorf("%+v: %v", r, err)
		}
	}
	if n := len(f.notes.all()); n != 2 {
		t.Errorf("%d notes after jobs of no open round", n)
	}
}

// TestPostsAndHostTools: posts in the open round (one each, editable until the round closes),
// the round closing early once everyone due has posted, and the host's tools (the host's only).
func TestPostsAndHostTools(t *testing.T) {
	f := newFixture(t, 4)
	ctx := t.Context()
	id := f.create(t, api.CreateTournament{}, 4)
	f.clk.Set(t0.Add(tournament.DefaultWindow))
	f.advance(t)
	boards, _ := f.s.Boards(ctx, id)
	first, other := boards[0], boards[1]
	poster := f.user(first.Seats[first.ToMove].Player)
	waiting := f.user(first.Seats[1-first.ToMove].Player)
	move := f.legal(t, id, first.Number)
	text := tournament.PostText{Board: first.Number, Move: move}.String()
	if _, err := f.s.Post(ctx, id, waiting, text, false, 0); domain.ErrorCode(err) != domain.NotYourRound {
		t.Errorf("a post of the colour not due: %v", err)
	}
	if _, err := f.s.Post(ctx, id, poster, tournament.PostText{Board: other.Number, Move: move}.String(), false, 0); domain.ErrorCode(err) != domain.NotYourBoard {
		t.Errorf("a post on another's board: %v", err)
	}
	if _, err := f.s.Post(ctx, id, poster, "hello", false, 0); domain.ErrorCode(err) != domain.BadPost {
		t.Errorf("a post without a board: %v", err)
	}
	if _, err := f.s.Post(ctx, id, poster, text, false, 3); domain.ErrorCode(err) != domain.BadRequest {
		t.Errorf("a new post for another round: %v", err)
	}
	if res, err := f.s.Post(ctx, id, poster, text, false, 0); err != nil || len(res.Events) != 1 || res.Events[0].Kind != tournament.EventPost {
		t.Fatalf("the post: %+v %v", res, err)
	}
	if _, err := f.s.Post(ctx, id, poster, text, false, 0); domain.ErrorCode(err) != domain.SecondPost {
		t.Errorf("a second post: %v", err)
	}
	if res, err := f.s.Post(ctx, id, poster, text, true, 0); err != nil || res.Events[0].Kind != tournament.EventPostChanged {
		t.Errorf("an edit of the open round's post: %+v %v", res, err)
	}
	// The host's tools.
	if _, err := f.s.HostOp(ctx, id, poster, OpExtend, api.HostAction{Duration: "12h"}); domain.ErrorCode(err) != domain.Forbidden {
		t.Errorf("a player extending the round: %v", err)
	}
	if _, err := f.s.HostOp(ctx, id, &f.host, OpExtend, api.HostAction{}); domain.ErrorCode(err) != domain.BadRequest {
		t.Errorf("an extension without a duration: %v", err)
	}
	if _, err := f.s.HostOp(ctx, id, &f.host, OpAdjudicate, api.HostAction{Board: 1}); domain.ErrorCode(err) != domain.BadRequest {
		t.Errorf("an adjudication without a winner: %v", err)
	}
	f.st.TakeJobs()
	if _, err := f.s.HostOp(ctx, id, &f.host, OpExtend, api.HostAction{Duration: "12h"}); err != nil {
		t.Fatal(err)
	}
	newEnd := t0.Add(tournament.DefaultWindow + tournament.DefaultRoundLength + 12*time.Hour)
	if a := memstore.ArgsOf[jobs.Advance](f.st.TakeJobs()); len(a) != 1 || a[0].At != newEnd.UnixNano() {
		t.Errorf("the extended round's deadline job %+v, want at %v", a, newEnd)
	}
	if tv := f.view(t, id, nil); !tv.Round.Deadline.Equal(newEnd) {
		t.Errorf("the round's deadline %v, want %v", tv.Round.Deadline, newEnd)
	}
	// The other board's post closes the round at once: round 2 opens, its notices a job.
	f.post(t, id, other.Number)
	tv := f.view(t, id, poster)
	if tv.ClosedRounds != 1 || tv.Round.Number != 2 || tv.You.Due || tv.You.Board != first.Number {
		t.Errorf("after every post %+v (you %+v)", tv, tv.You)
	}
	if r := memstore.ArgsOf[jobs.Round](f.st.TakeJobs()); len(r) != 1 || r[0].Round != 2 {
		t.Errorf("round jobs %+v", r)
	}
	if _, err := f.s.Post(ctx, id, poster, text, true, 1); domain.ErrorCode(err) != domain.RoundClosed {
		t.Errorf("an edit after the round closed: %v", err)
	}
	evs, err := f.s.Events(ctx, id, 0)
	if err != nil || len(evs) == 0 || !strings.Contains(string(evs[len(evs)-1]), `"round_opened"`) {
		t.Errorf("events %d %v", len(evs), err)
	}
	if _, err := f.s.Events(ctx, "nope", 0); domain.ErrorCode(err) != domain.NotFound {
		t.Errorf("events of no tournament: %v", err)
	}
}

// TestInstancesAndFailures: an instance reads what another stored before each operation; a
// commit that loses a race is made again on the fresh state, once; a commit that fails stores
// nothing, and the instance forgets what it held.
func TestInstancesAndFailures(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	id := f.create(t, api.CreateTournament{}, 1)
	other := f.service(t)
	if _, err := other.PlayerOp(ctx, id, f.user("p2"), OpSubscribe); err != nil {
		t.Fatal(err)
	}
	if tv := f.view(t, id, nil); len(tv.Subscribers) != 2 {
		t.Errorf("the first instance missed the other's subscription: %+v", tv.Subscribers)
	}
	ops := len(f.st.TournamentOps(id))
	f.st.FailNext("CommitTournament", fmt.Errorf("%w: another instance first", domain.ErrConflict))
	if _, err := f.s.PlayerOp(ctx, id, f.user("p3"), OpSubscribe); err != nil {
		t.Fatalf("a subscription whose first commit lost a race: %v", err)
	}
	if n := len(f.st.TournamentOps(id)); n != ops+1 {
		t.Errorf("%d operations stored, want one more than %d", n, ops)
	}
	down := errors.New("database down")
	f.st.FailNext("CommitTournament", down)
	if _, err := f.s.PlayerOp(ctx, id, f.user("p3"), OpUnsubscribe); !errors.Is(err, down) {
		t.Fatalf("a failed commit: %v", err)
	}
	if tv := f.view(t, id, nil); len(tv.Subscribers) != 3 {
		t.Errorf("after a failed unsubscription: %v", tv.Subscribers)
	}
}

// TestHouseAI: with the house as the odd player's opponent, the house AI posts its move as soon
// as it is due, on the fair pool, through the same operation as a player's post; the tournament
// then waits for the player.
func TestHouseAI(t *testing.T) {
	f := newFixture(t, 1)
	ctx := t.Context()
	id := f.create(t, api.CreateTournament{OddPlayer: string(tournament.OddHouse)}, 1)
	if _, err := f.s.HostOp(ctx, id, &f.host, OpStart, api.HostAction{}); err != nil {
		t.Fatal(err)
	}
	housePosts := func() int {
		n := 0
		for _, op := range f.st.TournamentOps(id) {
			if strings.Contains(string(op.Body), `"player":"House"`) {
				n++
			}
		}
		return n
	}
	for round := 1; round <= 2 && housePosts() == 0; round++ {
		f.s.wg.Wait() // the house's search runs beside the operation that made it due
		if housePosts() > 0 {
			break
		}
		f.post(t, id, 1) // the player was due first
	}
	f.s.wg.Wait()
	if n := housePosts(); n != 1 {
		t.Fatalf("the house posted %d times", n)
	}
	boards, _ := f.s.Boards(ctx, id)
	b := boards[0]
	if b.Seats[b.ToMove].Player == tournament.House || !b.Due || b.Plies == 0 {
		t.Errorf("after the house's move: %+v", b)
	}
	tv := f.view(t, id, f.user("p1"))
	if !tv.You.Due || !tv.You.Player {
		t.Errorf("the player is not due after the house's move: %+v", tv.You)
	}
}

// TestWorkers: the service registers the workers of both its jobs.
func TestWorkers(t *testing.T) {
	f := newFixture(t, 0)
	ws := river.NewWorkers()
	f.s.Workers(ws, f.notYet)
	if err := river.AddWorkerSafely(ws, &fakeWorker[jobs.Advance]{}); err == nil {
		t.Error("no worker of the deadline job")
	}
	if err := river.AddWorkerSafely(ws, &fakeWorker[jobs.Round]{}); err == nil {
		t.Error("no worker of the round job")
	}
}

type fakeWorker[T river.JobArgs] struct{ river.WorkerDefaults[T] }

func (fakeWorker[T]) Work(context.Context, *river.Job[T]) error { return nil }

// TestErrorCodes: the tournament package's errors reach callers with their codes.
func TestErrorCodes(t *testing.T) {
	for _, c := range []struct {
		err  error
		code domain.Code
	}{
		{tournament.ErrPostFormat, domain.BadPost},
		{fmt.Errorf("x: %w", tournament.ErrSecondPost), domain.SecondPost},
		{tournament.ErrNoSuchBoard, domain.NotFound},
		{tournament.ErrPhase, domain.WrongPhase},
		{tournament.ErrConfig, domain.BadOption},
		{tournament.ErrBoardOver, domain.GameOver},
		{domain.Errorf(domain.Forbidden, "no"), domain.Forbidden},
		{errors.New("other"), domain.Internal},
	} {
		if got := domain.ErrorCode(tournamentError(c.err)); got != c.code {
			t.Errorf("%v: %s, want %s", c.err, got, c.code)
		}
	}
	if tournamentError(nil) != nil {
		t.Error("nil is an error")
	}
}
