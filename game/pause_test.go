package game_test

import (
	"errors"
	"testing"
	"time"

	"turncoat/game"
)

// TestTableAddTime checks that added time moves the deadline back by exactly the time added,
// only for that side, survives a snapshot, and that a side out of time loses instead.
func TestTableAddTime(t *testing.T) {
	day := 24 * time.Hour
	tc := game.TimeControl{Kind: game.Correspondence, Base: 3 * day}
	tb := newTable(t, "rounds=3", tc)
	before, _ := tb.Deadline()
	evs, err := tb.AddTime(game.First, 5*day, t0.Add(day))
	mustEvents(t, evs, err, game.EventTimeAdded)
	if evs[0].Player != game.First || evs[0].Clock == nil || evs[0].Clock.RemainingMs[game.First] != (7*day).Milliseconds() ||
		evs[0].Clock.RemainingMs[game.Second] != (2*day).Milliseconds() {
		t.Errorf("event: %+v clock %+v", evs[0], evs[0].Clock)
	}
	if got, _ := tb.Deadline(); !got.Equal(before) {
		t.Errorf("the deadline is Second's, unchanged: %v, want %v", got, before)
	}
	if evs := tb.Tick(t0.Add(3*day + time.Second)); len(evs) != 1 || tb.Outcome().Winner != game.First {
		t.Errorf("Second, who got no time, runs out after 3 days: %v %+v", evs, tb.Outcome())
	}

	tb = newTable(t, "rounds=3", tc)
	if _, err := tb.AddTime(game.Second, 2*day, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.AddTime(game.First, 2*day, t0); err != nil {
		t.Fatal(err)
	}
	if d, _ := tb.Deadline(); !d.Equal(t0.Add(5 * day)) {
		t.Errorf("deadline after two days more each: %v", d)
	}
	back, err := game.Restore(game.NewRegistry(penniesGame{}), tb.Snapshot(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := back.Deadline(); !d.Equal(t0.Add(5*day)) || back.Version() != 2 {
		t.Errorf("restored: deadline %v version %d", d, back.Version())
	}
	if evs := tb.Tick(t0.Add(5*day - time.Second)); len(evs) != 0 {
		t.Errorf("a tick before the new deadline: %v", evs)
	}

	// Refusals change nothing.
	v := tb.Version()
	for _, c := range []struct {
		p    game.Player
		d    time.Duration
		want error
	}{
		{game.First, 0, game.ErrNotAllowed},
		{game.First, -day, game.ErrNotAllowed},
		{game.First, game.MaxAddedTime + 1, game.ErrNotAllowed},
		{game.NoPlayer, day, game.ErrNoSuchPlayer},
	} {
		if evs, err := tb.AddTime(c.p, c.d, t0.Add(day)); !errors.Is(err, c.want) || len(evs) != 0 {
			t.Errorf("AddTime(%v, %v): %v %v, want %v", c.p, c.d, evs, err, c.want)
		}
	}
	if tb.Version() != v {
		t.Errorf("refusals changed the version: %d, want %d", tb.Version(), v)
	}
	untimed := newTable(t, "rounds=3", game.TimeControl{})
	if _, err := untimed.AddTime(game.First, day, t0); !errors.Is(err, game.ErrNotAllowed) {
		t.Errorf("untimed: %v", err)
	}

	// Out of time: no time comes back, the game is lost on time.
	evs, err = tb.AddTime(game.First, day, t0.Add(6*day))
	if !errors.Is(err, game.ErrGameOver) || len(evs) != 1 || evs[0].Kind != game.EventEnd || tb.Outcome().Ending != game.EndTime {
		t.Errorf("adding time after the flag fell: %v %v %+v", evs, err, tb.Outcome())
	}
	if _, err := tb.AddTime(game.First, day, t0.Add(7*day)); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("a game over: %v", err)
	}
}
