package play

import (
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games"
)

// TestMoveLimitDrawsALongGame: a game still in play at maxGameMoves (here a Turncoat game whose
// cap is beyond the limit, which only an older server could have made; its seed fixed, as some
// starts leave a1 blank) is drawn by adjudication then, and not a move before.
func TestMoveLimitDrawsALongGame(t *testing.T) {
	now := time.Unix(0, 0).UTC()
	st, err := games.Registry().New("turncoat", "cap=5000,seed=42")
	if err != nil {
		t.Fatal(err)
	}
	if checkBound(st) == nil {
		t.Fatal("a Turncoat cap of 5,000 rounds passes the bound")
	}
	tb, err := game.NewTable(st, game.TableConfig{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for tb.Ply() < maxGameMoves {
		if evs := moveLimit(tb, now); len(evs) > 0 {
			t.Fatalf("the limit ended the game at ply %d", tb.Ply())
		}
		m, err := game.ParseMove(tb.State(), "a1 a1")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m.Actors.Players() {
			if _, err := tb.Submit(p, m.Actions[p], now); err != nil {
				t.Fatal(err)
			}
		}
	}
	if tb.Over() {
		t.Fatal("the game ended by its rules before the limit")
	}
	evs := moveLimit(tb, now)
	if len(evs) != 1 || evs[0].Kind != game.EventEnd || !tb.Over() || tb.Outcome().Winner != game.NoPlayer {
		t.Fatalf("at %d moves: events %+v, outcome %+v", tb.Ply(), evs, tb.Outcome())
	}
}
