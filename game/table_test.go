package game_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/game/gametest"
)

var t0 = time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)

// seqRand is a deterministic nonce source for tests.
type seqRand struct{ n byte }

func (r *seqRand) Read(b []byte) (int, error) {
	for i := range b {
		r.n++
		b[i] = r.n
	}
	return len(b), nil
}

func newTable(t *testing.T, options string, tc game.TimeControl) *game.Table {
	t.Helper()
	tb, err := game.NewTable(newPennies(t, options), game.TableConfig{Time: tc, Now: t0, Rand: &seqRand{}})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

func mustEvents(t *testing.T, evs []game.Event, err error, kinds ...game.EventKind) []game.Event {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var got []game.EventKind
	for _, e := range evs {
		got = append(got, e.Kind)
	}
	if !reflect.DeepEqual(got, kinds) {
		t.Fatalf("events %v, want %v", got, kinds)
	}
	return evs
}

// TestTableKeepsSelectionsSecret checks that a simultaneous node's selections are held until
// both are in, can be changed, are shown only to their owner, and that the reveal lets the
// opponent check the commitment it received.
func TestTableKeepsSelectionsSecret(t *testing.T) {
	tb := newTable(t, "rounds=2", game.TimeControl{})
	evs, err := tb.Submit(game.First, 1, at(1))
	evs = mustEvents(t, evs, err, game.EventSelection)
	commitment := evs[0].Commitment
	if e := evs[0].For(game.Second); e.Selection != "" || e.Commitment == "" {
		t.Errorf("Second's copy of the event: %+v", e)
	}
	if e := evs[0].For(game.NoPlayer); e.Selection != "" {
		t.Errorf("a spectator's copy shows %q", e.Selection)
	}
	if e := evs[0].For(game.First); e.Selection != "t" {
		t.Errorf("First's copy shows %q", e.Selection)
	}
	if b, _ := json.Marshal(evs[0]); bytes.Contains(b, []byte(`"selection":`)) {
		t.Errorf("the raw event marshals its secret: %s", b)
	}
	if v := tb.View(game.Second, at(1)); v.Own != "" || !v.Submitted[game.First] || v.Submitted[game.Second] || v.Commitments[game.First] != commitment {
		t.Errorf("Second sees %+v: it must see that First selected, and the commitment, not what", v)
	}
	if v := tb.View(game.NoPlayer, at(1)); v.Own != "" || len(v.Legal) != 0 {
		t.Errorf("a spectator sees %q / %v", v.Own, v.Legal)
	}
	if v := tb.View(game.First, at(1)); v.Own != "t" || strings.Join(v.Legal, " ") != "h t" {
		t.Errorf("First's view: own %q legal %v", v.Own, v.Legal)
	}
	evs, err = tb.Submit(game.First, 0, at(2)) // a change of mind
	evs = mustEvents(t, evs, err, game.EventSelection)
	commitment = evs[0].Commitment
	before := tb.Snapshot()
	if _, err := tb.Submit(game.Second, 7, at(3)); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("illegal selection: %v", err)
	}
	if !reflect.DeepEqual(before, tb.Snapshot()) {
		t.Error("a refused selection changed the table")
	}
	evs, err = tb.Submit(game.Second, 0, at(3))
	evs = mustEvents(t, evs, err, game.EventMove)
	r := evs[0].Reveal
	if r == nil || r[game.First].Selection != "h" || r[game.Second].Selection != "h" || evs[0].Move != "h h" {
		t.Fatalf("reveal %+v", evs[0])
	}
	if game.Commit(r[game.First].Nonce, r[game.First].Selection) != commitment {
		t.Error("First's reveal does not match the commitment Second received")
	}
	v := tb.View(game.Second, at(3))
	if len(v.Moves) != 1 || v.Moves[0].Text != "h h" || v.Submitted != [2]bool{} || v.LastMove.Text != "h h" || v.Ply != 1 {
		t.Errorf("after the round: %+v", v)
	}
	mustSubmit(tb, game.First, 1, at(4))
	evs, err = tb.Withdraw(game.First, at(5))
	mustEvents(t, evs, err, game.EventWithdrawn)
	if tb.Pending(game.First) != nil || tb.View(game.Second, at(5)).Submitted[game.First] {
		t.Error("a withdrawn selection is still pending")
	}
	if _, err := tb.Withdraw(game.First, at(5)); !errors.Is(err, game.ErrNotAllowed) {
		t.Errorf("withdrawing nothing: %v", err)
	}
	mustSubmit(tb, game.First, 1, at(6))
	mustSubmit(tb, game.Second, 0, at(7))
	// 1-1: First's tie-break is a sequential ply, played at once.
	if _, err := tb.Submit(game.Second, 0, at(8)); !errors.Is(err, game.ErrNotYourTurn) {
		t.Errorf("Second at First's tie-break: %v", err)
	}
	evs, err = tb.SubmitText(game.First, "t", at(9))
	mustEvents(t, evs, err, game.EventMove, game.EventEnd)
	if o := tb.View(game.NoPlayer, at(9)).Outcome; !o.Over || o.Winner != game.First || o.Ending != game.EndRules {
		t.Errorf("outcome %+v", o)
	}
	var hist []string
	for _, m := range tb.View(game.NoPlayer, at(9)).Moves {
		hist = append(hist, m.Text)
	}
	if got := strings.Join(hist, ", "); got != "h h, t h, t" {
		t.Errorf("history %q", got)
	}
	if tb.Version() != 9 {
		t.Errorf("version %d, want 9 (one per event)", tb.Version())
	}
}

func mustSubmit(tb *game.Table, p game.Player, a game.Action, now time.Time) ([]game.Event, error) {
	evs, err := tb.Submit(p, a, now)
	if err != nil {
		panic(err)
	}
	return evs, err
}

// TestTableRefusalsChangeNothing checks that every refused command leaves the table exactly as
// it was, with an error that errors.Is recognises.
func TestTableRefusalsChangeNothing(t *testing.T) {
	tb := newTable(t, "rounds=1", game.TimeControl{Kind: game.Fischer, Base: time.Minute})
	for _, c := range []struct {
		name string
		run  func() ([]game.Event, error)
		want error
	}{
		{"no such player", func() ([]game.Event, error) { return tb.Submit(game.Player(5), 0, at(1)) }, game.ErrNoSuchPlayer},
		{"nobody", func() ([]game.Event, error) { return tb.Submit(game.NoPlayer, 0, at(1)) }, game.ErrNoSuchPlayer},
		{"illegal action", func() ([]game.Event, error) { return tb.Submit(game.First, 9, at(1)) }, game.ErrIllegal},
		{"negative action", func() ([]game.Event, error) { return tb.Submit(game.First, -3, at(1)) }, game.ErrIllegal},
		{"bad notation", func() ([]game.Event, error) { return tb.SubmitText(game.First, "x", at(1)) }, game.ErrSyntax},
		{"accept without offer", func() ([]game.Event, error) { return tb.AcceptDraw(game.First, at(1)) }, game.ErrNotAllowed},
		{"decline without offer", func() ([]game.Event, error) { return tb.DeclineDraw(game.Second, at(1)) }, game.ErrNotAllowed},
		{"takeback of nothing", func() ([]game.Event, error) { return tb.Takeback(1, at(1)) }, game.ErrNotAllowed},
		{"takeback of minus one", func() ([]game.Event, error) { return tb.Takeback(-1, at(1)) }, game.ErrNotAllowed},
		{"claim without claims", func() ([]game.Event, error) { return tb.ClaimDraw(game.First, at(1)) }, game.ErrNotAllowed},
		{"withdraw nothing", func() ([]game.Event, error) { return tb.Withdraw(game.Second, at(1)) }, game.ErrNotAllowed},
		{"adjudicate for nobody valid", func() ([]game.Event, error) { return tb.Adjudicate(game.Player(7), "", at(1)) }, game.ErrNoSuchPlayer},
	} {
		before := tb.Snapshot()
		evs, err := c.run()
		if !errors.Is(err, c.want) || len(evs) != 0 {
			t.Errorf("%s: events %v, error %v, want %v", c.name, evs, err, c.want)
		}
		if !reflect.DeepEqual(before, tb.Snapshot()) {
			t.Errorf("%s changed the table", c.name)
		}
	}
	mustSubmit(tb, game.First, 0, at(1))
	mustSubmit(tb, game.Second, 1, at(2)) // the round is played: Second wins 1-0
	if !tb.Over() {
		t.Fatal("the game should be over")
	}
	before := tb.Snapshot()
	for name, run := range map[string]func() ([]game.Event, error){
		"move":   func() ([]game.Event, error) { return tb.Submit(game.First, 0, at(3)) },
		"resign": func() ([]game.Event, error) { return tb.Resign(game.First, at(3)) },
		"offer":  func() ([]game.Event, error) { return tb.OfferDraw(game.First, at(3)) },
		"abort":  func() ([]game.Event, error) { return tb.Abort(game.First, at(3)) },
		"text":   func() ([]game.Event, error) { return tb.SubmitText(game.First, "h", at(3)) },
	} {
		if evs, err := run(); !errors.Is(err, game.ErrGameOver) || len(evs) != 0 {
			t.Errorf("%s after the end: %v %v", name, evs, err)
		}
	}
	if !reflect.DeepEqual(before, tb.Snapshot()) {
		t.Error("commands after the end changed the table")
	}
	if tb.Tick(at(1000)) != nil {
		t.Error("a finished game's clock flagged")
	}
}

// TestTableEndings checks the endings outside the rules.
func TestTableEndings(t *testing.T) {
	t.Run("resign", func(t *testing.T) {
		tb := newTable(t, "", game.TimeControl{})
		evs, err := tb.Resign(game.Second, at(1))
		evs = mustEvents(t, evs, err, game.EventEnd)
		if o := *evs[0].Outcome; o.Winner != game.First || o.Ending != game.EndResignation || tb.ToAct() != game.Nobody {
			t.Errorf("outcome %+v", o)
		}
	})
	t.Run("draw offer accepted", func(t *testing.T) {
		tb := newTable(t, "", game.TimeControl{})
		evs, err := tb.OfferDraw(game.First, at(1))
		mustEvents(t, evs, err, game.EventDrawOffer)
		if tb.View(game.Second, at(1)).DrawOffer != game.First {
			t.Error("the offer is not in the view")
		}
		if _, err := tb.OfferDraw(game.First, at(2)); !errors.Is(err, game.ErrNotAllowed) {
			t.Errorf("a second offer: %v", err)
		}
		if _, err := tb.AcceptDraw(game.First, at(2)); !errors.Is(err, game.ErrNotAllowed) {
			t.Errorf("accepting one's own offer: %v", err)
		}
		evs, err = tb.OfferDraw(game.Second, at(3)) // crossing offers: agreement
		evs = mustEvents(t, evs, err, game.EventEnd)
		if o := *evs[0].Outcome; o.Winner != game.NoPlayer || o.Ending != game.EndAgreement {
			t.Errorf("outcome %+v", o)
		}
	})
	t.Run("draw offer declined, then lapses with a move", func(t *testing.T) {
		tb := newTable(t, "rounds=3", game.TimeControl{})
		tb.OfferDraw(game.First, at(1))
		evs, err := tb.DeclineDraw(game.Second, at(2))
		mustEvents(t, evs, err, game.EventDrawDeclined)
		tb.OfferDraw(game.Second, at(3))
		mustSubmit(tb, game.First, 0, at(4))
		mustSubmit(tb, game.Second, 0, at(5))
		if tb.DrawOffer() != game.NoPlayer {
			t.Error("the offer stands after the offered side moved")
		}
	})
	t.Run("abort", func(t *testing.T) {
		tb := newTable(t, "rounds=3", game.TimeControl{})
		evs, err := tb.Abort(game.Second, at(1))
		evs = mustEvents(t, evs, err, game.EventEnd)
		if o := *evs[0].Outcome; o.Winner != game.NoPlayer || o.Ending != game.EndAbort {
			t.Errorf("outcome %+v", o)
		}
		tb = newTable(t, "rounds=3", game.TimeControl{})
		mustSubmit(tb, game.First, 0, at(1))
		mustSubmit(tb, game.Second, 0, at(2))
		if _, err := tb.Abort(game.Second, at(3)); !errors.Is(err, game.ErrNotAllowed) {
			t.Errorf("abort after both moved: %v", err)
		}
	})
	t.Run("adjudication", func(t *testing.T) {
		tb := newTable(t, "", game.TimeControl{})
		evs, err := tb.Adjudicate(game.Second, "forfeit: missed two rounds", at(1))
		evs = mustEvents(t, evs, err, game.EventEnd)
		if o := *evs[0].Outcome; o.Winner != game.Second || o.Ending != game.EndAdjudication || o.Reason != "forfeit: missed two rounds" {
			t.Errorf("outcome %+v", o)
		}
		if _, err := tb.Takeback(0, at(2)); !errors.Is(err, game.ErrGameOver) {
			t.Errorf("takeback after an adjudication: %v", err)
		}
	})
}

// canWinPennies is pennies where Second can never win (for the time-loss draw rule).
type canWinPennies struct{ game.State }

func (c canWinPennies) CanWin(p game.Player) bool { return p == game.First }
func (c canWinPennies) Clone() game.State         { return canWinPennies{c.State.Clone()} }

// TestTableClocks checks Fischer and correspondence clocks: charging, increments, both clocks
// at a simultaneous node, loss on time from Tick or from a late command, and the draw when the
// opponent cannot win.
func TestTableClocks(t *testing.T) {
	fischer := game.TimeControl{Kind: game.Fischer, Base: 10 * time.Second, Increment: 2 * time.Second}
	tb := newTable(t, "rounds=3", fischer)
	c := tb.Clock()
	if c.Running != [2]bool{false, false} {
		t.Fatalf("no clock runs before both sides' first moves: %+v", c)
	}
	if d, ok := tb.Deadline(); !ok || !d.Equal(at(30)) {
		t.Fatalf("deadline %v, want the first move's at 30 s", d)
	}
	// The first round is free: no clock counts it, nor gives its increment.
	mustSubmit(tb, game.First, 0, at(3))
	mustSubmit(tb, game.Second, 0, at(5))
	c = tb.Clock()
	if c.Remaining != [2]time.Duration{10 * time.Second, 10 * time.Second} || c.Running != [2]bool{true, true} {
		t.Fatalf("both clocks must run at a simultaneous node after the first round: %+v", c)
	}
	mustSubmit(tb, game.First, 0, at(8))
	if c := tb.Clock(); c.Running != [2]bool{false, true} || c.Left(game.First, at(9)) != 7*time.Second {
		t.Fatalf("after First's selection: %+v", c)
	}
	mustSubmit(tb, game.Second, 0, at(10))
	c = tb.Clock()
	if c.Remaining != [2]time.Duration{9 * time.Second, 7 * time.Second} || c.Running != [2]bool{true, true} {
		t.Fatalf("after the round (3 s and 5 s used, 2 s back each): %+v", c)
	}
	if tb.Tick(at(16)) != nil {
		t.Fatal("no clock has run out at 16 s")
	}
	if d, ok := tb.Deadline(); !ok || !d.Equal(at(17)) {
		t.Fatalf("deadline %v, want Second's at 17 s", d)
	}
	// Second submits after its time ran out: the game ends on time instead.
	evs, err := tb.Submit(game.Second, 1, at(17.5))
	if !errors.Is(err, game.ErrGameOver) || len(evs) != 1 || evs[0].Kind != game.EventEnd {
		t.Fatalf("a late selection: %v %v", evs, err)
	}
	if o := tb.Outcome(); o.Winner != game.First || o.Ending != game.EndTime || !evs[0].At.Equal(at(17)) {
		t.Errorf("outcome %+v at %v", o, evs[0].At)
	}

	// Second runs out, but cannot win... it is First who runs out against a Second who
	// cannot win here: a draw.
	s := canWinPennies{newPennies(t, "rounds=3")}
	tb, err = game.NewTable(s, game.TableConfig{Time: fischer, Now: t0, Rand: &seqRand{}})
	if err != nil {
		t.Fatal(err)
	}
	mustSubmit(tb, game.First, 0, at(1))
	mustSubmit(tb, game.Second, 0, at(1))
	mustSubmit(tb, game.Second, 0, at(2))
	evs = tb.Tick(at(12))
	if len(evs) != 1 || tb.Outcome().Winner != game.NoPlayer || tb.Outcome().Ending != game.EndTime {
		t.Errorf("First out of time against a side that cannot win: %+v", tb.Outcome())
	}

	// Correspondence: the clock is set back to the time per move after each move.
	day := 24 * time.Hour
	tb = newTable(t, "rounds=3", game.TimeControl{Kind: game.Correspondence, Base: 3 * day})
	mustSubmit(tb, game.First, 0, t0.Add(2*day))
	mustSubmit(tb, game.Second, 0, t0.Add(day))
	if c := tb.Clock(); c.Remaining != [2]time.Duration{3 * day, 3 * day} {
		t.Errorf("correspondence clocks after a move: %+v", c.Remaining)
	}
	if evs := tb.Tick(t0.Add(5*day + time.Second)); len(evs) != 1 {
		t.Errorf("nobody moved for 3 days: %v", evs)
	}

	if _, err := game.NewTable(newPennies(t, ""), game.TableConfig{Time: game.TimeControl{Kind: game.Fischer}}); !errors.Is(err, game.ErrOption) {
		t.Errorf("a Fischer clock without time: %v", err)
	}
}

// TestFirstMoveWait checks a Fischer game's first moves: no clock runs until both sides have
// made theirs, and a side that does not make its own within the wait aborts the game (nobody
// wins); a game whose sides both moved in time keeps its clocks from then on.
func TestFirstMoveWait(t *testing.T) {
	fischer := game.TimeControl{Kind: game.Fischer, Base: 5 * time.Minute}
	wait := game.FirstMoveWait(fischer) // 75 s
	if wait != 75*time.Second || game.FirstMoveWait(game.TimeControl{Kind: game.Fischer, Base: time.Minute}) != 30*time.Second ||
		game.FirstMoveWait(game.TimeControl{Kind: game.Fischer, Base: time.Hour}) != 2*time.Minute {
		t.Fatalf("first move waits: %v", wait)
	}
	tb := newTable(t, "rounds=3", fischer)
	mustSubmit(tb, game.First, 0, at(10))
	if evs := tb.Tick(at(74)); evs != nil {
		t.Fatalf("a tick within the wait: %v", evs)
	}
	// A snapshot keeps the wait.
	snap, err := json.Marshal(tb.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	var back game.Snapshot
	if err := json.Unmarshal(snap, &back); err != nil {
		t.Fatal(err)
	}
	again, err := game.Restore(game.NewRegistry(penniesGame{}), back, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := again.Deadline(); !ok || !d.Equal(at(75)) {
		t.Fatalf("the restored table's deadline %v, want the first move's at 75 s", d)
	}
	evs := again.Tick(at(80))
	o := again.Outcome()
	if len(evs) != 1 || o.Ending != game.EndAbort || o.Winner != game.NoPlayer || !evs[0].At.Equal(at(75)) ||
		!strings.Contains(o.Reason, "did not make a first move") {
		t.Fatalf("no first move in time: %+v %v", o, evs)
	}
	if c := again.Clock(); c.Left(game.First, at(80)) != 5*time.Minute || c.Left(game.Second, at(80)) != 5*time.Minute {
		t.Errorf("nobody's time was counted: %+v", c)
	}
}

// TestTableTakeback checks that a takeback restores the position, history and clocks, clears a
// pending selection, and reopens a game its rules had ended.
func TestTableTakeback(t *testing.T) {
	tb := newTable(t, "rounds=3", game.TimeControl{Kind: game.Fischer, Base: time.Minute})
	var states []string
	var clocks [][2]time.Duration
	for i := range 2 {
		states = append(states, tb.State().Encode())
		clocks = append(clocks, tb.Clock().Remaining)
		mustSubmit(tb, game.First, 0, at(float64(2*i+1)))
		mustSubmit(tb, game.Second, game.Action(i%2), at(float64(2*i+2)))
	}
	mustSubmit(tb, game.First, 1, at(5))
	evs, err := tb.Takeback(1, at(6))
	evs = mustEvents(t, evs, err, game.EventTakeback)
	if evs[0].Plies != 1 || evs[0].Ply != 1 || tb.Ply() != 1 || tb.Pending(game.First) != nil {
		t.Errorf("after taking back one move: %+v, ply %d", evs[0], tb.Ply())
	}
	if got := tb.State().Encode(); got != states[1] {
		t.Errorf("state %q, want %q", got, states[1])
	}
	if c := tb.Clock(); c.Remaining != tb.Moves()[0].Clock || !c.Running[game.First] || !c.Running[game.Second] {
		t.Errorf("clocks %+v, want those after move 1 running", c)
	}
	mustSubmit(tb, game.First, 0, at(7))
	evs, err = tb.Takeback(1, at(8))
	mustEvents(t, evs, err, game.EventTakeback)
	if got := tb.State().Encode(); got != states[0] || tb.Clock().Remaining != clocks[0] {
		t.Errorf("back at the start: %q %v", got, tb.Clock().Remaining)
	}

	tb = newTable(t, "rounds=1", game.TimeControl{})
	mustSubmit(tb, game.First, 0, at(1))
	mustSubmit(tb, game.Second, 1, at(2))
	if !tb.Over() {
		t.Fatal("one round ends the game")
	}
	if _, err := tb.Takeback(1, at(3)); err != nil || tb.Over() || tb.ToAct() != game.BothAct {
		t.Errorf("taking back the last move of a game its rules ended: %v, over %v", err, tb.Over())
	}
}

// TestTakebackRequest checks a takeback by consent: asked, declined, asked again, accepted;
// and that a move lets a request lapse.
func TestTakebackRequest(t *testing.T) {
	tb := newTable(t, "rounds=3", game.TimeControl{})
	mustSubmit(tb, game.First, 0, at(1))
	mustSubmit(tb, game.Second, 1, at(2))
	if _, err := tb.AnswerTakeback(game.Second, true, at(3)); !errors.Is(err, game.ErrNotAllowed) {
		t.Errorf("answering no request: %v", err)
	}
	evs, err := tb.RequestTakeback(game.First, 1, at(3))
	mustEvents(t, evs, err, game.EventTakebackRequest)
	if v := tb.View(game.Second, at(3)); v.Takeback == nil || v.Takeback.By != game.First || v.Takeback.Moves != 1 {
		t.Errorf("the request is not in the view: %+v", v.Takeback)
	}
	if _, err := tb.AnswerTakeback(game.First, true, at(4)); !errors.Is(err, game.ErrNotAllowed) {
		t.Errorf("answering one's own request: %v", err)
	}
	evs, err = tb.AnswerTakeback(game.Second, false, at(4))
	mustEvents(t, evs, err, game.EventTakebackDeclined)
	tb.RequestTakeback(game.First, 1, at(5))
	evs, err = tb.AnswerTakeback(game.Second, true, at(6))
	mustEvents(t, evs, err, game.EventTakeback)
	if tb.Ply() != 0 || tb.TakebackRequested() != nil {
		t.Errorf("after the accepted takeback: ply %d, request %+v", tb.Ply(), tb.TakebackRequested())
	}
	mustSubmit(tb, game.First, 0, at(7))
	mustSubmit(tb, game.Second, 1, at(8))
	tb.RequestTakeback(game.Second, 1, at(9))
	mustSubmit(tb, game.First, 0, at(10))
	mustSubmit(tb, game.Second, 1, at(11))
	if tb.TakebackRequested() != nil {
		t.Error("a takeback request outlived the next move")
	}
}

// TestTableSnapshotRestore plays random games (selections, withdrawals, offers, takebacks,
// endings, late moves) and checks at every step that the snapshot, through JSON, restores to a
// table with the same snapshot, the same view for both sides and a spectator, and the same
// future.
func TestTableSnapshotRestore(t *testing.T) {
	reg := game.NewRegistry(penniesGame{})
	rng := rand.New(rand.NewPCG(3, 4))
	for g := range 200 {
		tc := []game.TimeControl{{}, {Kind: game.Fischer, Base: 20 * time.Second, Increment: time.Second}}[g%2]
		tb := newTable(t, "rounds=4", tc)
		now := t0
		for step := 0; step < 30 && !tb.Over(); step++ {
			now = now.Add(time.Duration(rng.IntN(3000)) * time.Millisecond)
			p := game.Player(rng.IntN(2))
			switch r := rng.IntN(20); {
			case r < 12:
				tb.Submit(p, game.Action(rng.IntN(3)), now)
			case r < 14:
				tb.Withdraw(p, now)
			case r < 16:
				tb.OfferDraw(p, now)
			case r < 17:
				tb.DeclineDraw(p, now)
			case r < 18:
				switch rng.IntN(3) {
				case 0:
					tb.Takeback(1+rng.IntN(2), now)
				case 1:
					tb.RequestTakeback(p, 1+rng.IntN(2), now)
				default:
					tb.AnswerTakeback(p, rng.IntN(2) == 0, now)
				}
			case r < 19:
				tb.Resign(p, now)
			default:
				tb.Tick(now)
			}
			gametest.CheckRestore(t, reg, tb, now)
		}
	}
}

// TestRestoreRefusesBadSnapshots checks that Restore validates what it is given.
func TestRestoreRefusesBadSnapshots(t *testing.T) {
	reg := game.NewRegistry(penniesGame{})
	tb := newTable(t, "rounds=2", game.TimeControl{})
	mustSubmit(tb, game.First, 0, at(1))
	mustSubmit(tb, game.Second, 1, at(2))
	mustSubmit(tb, game.First, 1, at(3))
	good := tb.Snapshot()
	if _, err := game.Restore(reg, good, nil); err != nil {
		t.Fatalf("the good snapshot: %v", err)
	}
	for name, mutate := range map[string]func(s *game.Snapshot){
		"unknown game":        func(s *game.Snapshot) { s.Game = "chess" },
		"bad start":           func(s *game.Snapshot) { s.Start = "nonsense" },
		"illegal move":        func(s *game.Snapshot) { s.Moves[0].Move = "h x" },
		"sequential move":     func(s *game.Snapshot) { s.Moves[0].Move = "h" },
		"bad nonce":           func(s *game.Snapshot) { s.Moves[0].Nonces[0] = "zz" },
		"pending of nobody":   func(s *game.Snapshot) { s.Pending[1] = &game.SnapshotChoice{Selection: "q", Nonce: s.Pending[0].Nonce} },
		"negative clock":      func(s *game.Snapshot) { s.Clock.Remaining[0] = -1 },
		"running untimed":     func(s *game.Snapshot) { s.Clock.Running[0] = true },
		"version too low":     func(s *game.Snapshot) { s.Version = 0 },
		"both pending":        func(s *game.Snapshot) { s.Pending[1] = &game.SnapshotChoice{Selection: "h", Nonce: s.Pending[0].Nonce} },
		"unknown ending":      func(s *game.Snapshot) { s.End = &game.SnapshotEnd{Ending: game.EndRules} },
		"claim without rules": func(s *game.Snapshot) { s.End = &game.SnapshotEnd{Ending: game.EndClaim, By: game.First} },
	} {
		var s game.Snapshot
		b, _ := json.Marshal(good)
		json.Unmarshal(b, &s)
		mutate(&s)
		if _, err := game.Restore(reg, s, nil); err == nil {
			t.Errorf("%s: restored", name)
		}
	}
}
