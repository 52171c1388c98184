package tournament

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games"
)

// TestForcedPass: under the forced-pass rule a missed round passes the player's turn: the board
// goes on from the position with the other side to move, in a new table, and the opponent posts
// in the next round.
func TestForcedPass(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	tr := mustNew(t, Config{Missed: MissPasses})
	subscribe(t, tr, 2, rng)
	r, _ := tr.Round()
	evs, err := tr.Advance(r.Deadline, rng)
	if err != nil {
		t.Fatal(err)
	}
	k := kinds(evs)
	if k[EventMissed] != 1 || k[EventForcedPass] != 1 || k[EventRoundOpened] != 1 {
		t.Fatalf("round 1 without a post: %v", k)
	}
	tabs, _ := tr.Games(1)
	if len(tabs) != 2 || tabs[1].Start().ToAct() != game.SecondActs || tabs[1].Ply() != 0 {
		t.Fatalf("after a forced pass: %d tables", len(tabs))
	}
	if !strings.Contains(tr.Summary(), "Red did not post: the turn passes (1 round in a row)") {
		t.Fatalf("summary:\n%s", tr.Summary())
	}
	b, _ := tr.Board(1)
	if b.Plies != 1 || b.ToMove != game.Second || !b.Due {
		t.Fatalf("Board #1 after the forced pass: %+v", b)
	}
	tr = roundTrip(t, tr)
	// Blue moves from the start position: its own first moves.
	l := legal(t, tr, 1)
	r, _ = tr.Round()
	if _, err := tr.Post(r.Opened, b.Seats[game.Second].Player, postText(1, l[0])); err != nil {
		t.Fatal(err)
	}
	if b, _ := tr.Board(1); b.Plies != 2 || b.Seats[game.First].Misses != 1 || b.Seats[game.Second].Misses != 0 {
		t.Fatalf("Board #1 after Blue's move: %+v", b)
	}
	tr = roundTrip(t, tr)
	// A snapshot whose games are split where the rule does not allow it is refused.
	snap := tr.Snapshot()
	snap.Config.Missed = MissCounts
	if _, err := Restore(games.Registry(), snap); !errors.Is(err, ErrSnapshot) {
		t.Errorf("a forced pass without the rule: %v", err)
	}
	// Games whose turns cannot be skipped cannot have the rule.
	if _, _, err := New(games.Registry(), Config{Game: "turnover", Missed: MissPasses}, t0); !errors.Is(err, ErrConfig) {
		t.Errorf("the forced-pass rule for Turnover: %v", err)
	}
}

// TestOddPlayerOut: with three players the odd one out plays the house AI, or waits for a
// reserve, who takes the seat when volunteering, or wins by walkover when the host forfeits the
// empty seat.
func TestOddPlayerOut(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	tr := mustNew(t, Config{OddPlayer: OddHouse})
	subscribe(t, tr, 3, rng)
	bs := tr.Boards()
	if len(bs) != 2 || bs[1].Pair[1] != House || bs[1].Status != BoardPlaying {
		t.Fatalf("house: boards %+v", bs)
	}
	// The house posts like anyone, through the server.
	houseSide := bs[1].seatOfInfo(House)
	r, _ := tr.Round()
	if houseSide == game.First {
		due := tr.Due()
		if len(due) != 2 || due[1].Player != House {
			t.Fatalf("due %+v", due)
		}
		if _, err := tr.Post(r.Opened, House, postText(2, legal(t, tr, 2)[0])); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Subscribe(r.Opened, House); err == nil {
		t.Error("subscribed as the house")
	}

	tr = mustNew(t, Config{})
	subscribe(t, tr, 3, rng)
	b, _ := tr.Board(2)
	if b.Status != BoardWaiting || b.Pair[1] != "" {
		t.Fatalf("wait: Board #2 %+v", b)
	}
	if s := tr.Summary(); !strings.Contains(s, "Board #2 — "+b.Pair[0]+" waits for a reserve") {
		t.Fatalf("summary:\n%s", s)
	}
	if _, err := tr.Post(t0.Add(25*time.Hour), b.Pair[0], postText(2, "c2")); !errors.Is(err, ErrNotYourBoard) {
		t.Errorf("a post on a waiting board: %v", err)
	}
	if _, err := tr.Replace(t0.Add(25*time.Hour), 2, b.Pair[0], "R"); !errors.Is(err, ErrPlayer) {
		t.Errorf("replacing on a waiting board: %v", err)
	}
	tr = roundTrip(t, tr)
	if _, err := tr.Volunteer(t0.Add(25*time.Hour), "Reserve", nil); !errors.Is(err, ErrNoRandom) {
		t.Errorf("seating without dice: %v", err)
	}
	evs, err := tr.Volunteer(t0.Add(25*time.Hour), "Reserve", rng)
	if err != nil {
		t.Fatal(err)
	}
	if k := kinds(evs); k[EventReserve] != 1 || k[EventPaired] != 1 || k[EventSeated] != 1 || k[EventDice] < 1 {
		t.Fatalf("a reserve takes the seat: %v", k)
	}
	b, _ = tr.Board(2)
	if b.Status != BoardPlaying || b.Pair[1] != "Reserve" || len(tr.Due()) != 2 {
		t.Fatalf("Board #2 after the reserve %+v, due %v", b, tr.Due())
	}
	tr = roundTrip(t, tr)
	if _, err := tr.Volunteer(t0.Add(25*time.Hour), "Reserve", rng); !errors.Is(err, ErrPlayer) {
		t.Errorf("volunteering twice: %v", err)
	}
	if evs, err := tr.Volunteer(t0.Add(25*time.Hour), "Spare", rng); err != nil || len(evs) != 1 || tr.Reserves()[0] != "Spare" {
		t.Fatalf("a reserve without a board: %v %v", evs, err)
	}

	// Walkover: the host forfeits the empty seat.
	tr = mustNew(t, Config{})
	subscribe(t, tr, 3, rng)
	b, _ = tr.Board(2)
	if _, err := tr.Forfeit(t0.Add(25*time.Hour), 2, b.Pair[0], ""); !errors.Is(err, ErrPlayer) {
		t.Errorf("forfeiting the player present: %v", err)
	}
	evs, err = tr.Forfeit(t0.Add(25*time.Hour), 2, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if k := kinds(evs); k[EventBoardFinished] != 1 || k[EventAward] != 1 {
		t.Fatalf("walkover events %v", k)
	}
	if tr.Ledger().Balance(b.Pair[0]) != Units(150) {
		t.Fatalf("walkover paid %s", tr.Ledger().Balance(b.Pair[0]))
	}
	tr = roundTrip(t, tr)
	if s := tr.Summary(); !strings.Contains(s, b.Pair[0]+" wins by walkover") {
		t.Fatalf("summary:\n%s", s)
	}
}

// seatOfInfo returns the colour player holds on the board.
func (b BoardInfo) seatOfInfo(player string) game.Player {
	for p := game.First; p <= game.Second; p++ {
		if b.Seats[p].Player == player {
			return p
		}
	}
	return game.NoPlayer
}

func TestExtend(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	tr := mustNew(t, Config{RoundLength: 48 * time.Hour})
	subscribe(t, tr, 4, rng)
	r, _ := tr.Round()
	if !r.Deadline.Equal(r.Opened.Add(48 * time.Hour)) {
		t.Fatalf("round %+v", r)
	}
	if _, err := tr.Extend(r.Opened, -time.Hour); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("a negative extension: %v", err)
	}
	evs, err := tr.Extend(r.Opened.Add(time.Hour), 12*time.Hour)
	if err != nil || evs[0].Kind != EventExtended || !evs[0].Deadline.Equal(r.Deadline.Add(12*time.Hour)) {
		t.Fatalf("extend: %v %v", evs, err)
	}
	if evs, _ := tr.Advance(r.Deadline, rng); len(evs) != 0 {
		t.Fatalf("the round closed at its old deadline: %v", kinds(evs))
	}
	tr = roundTrip(t, tr)
	// A post is taken after the old deadline, and refused at the new one.
	b, _ := tr.Board(1)
	if _, err := tr.Post(r.Deadline.Add(time.Hour), b.Seats[0].Player, postText(1, "c2")); err != nil {
		t.Fatal(err)
	}
	b2, _ := tr.Board(2)
	_, err = tr.Post(r.Deadline.Add(12*time.Hour), b2.Seats[0].Player, postText(2, "c2"))
	wantErr(t, "a post at the deadline", err, ErrRoundClosed, "time ran out")
	if _, err := tr.Extend(r.Deadline.Add(12*time.Hour), time.Hour); !errors.Is(err, ErrRoundClosed) {
		t.Errorf("extending after the deadline: %v", err)
	}
	evs, _ = tr.Advance(r.Deadline.Add(12*time.Hour), rng)
	if rec := tr.Rounds()[0]; rec.Extended != 12*time.Hour || rec.Posted != 1 || rec.Missed != 1 || kinds(evs)[EventRoundClosed] != 1 {
		t.Fatalf("round 1's record %+v", rec)
	}
}

func TestCancelled(t *testing.T) {
	tr := mustNew(t, Config{})
	evs := subscribe(t, tr, 1, rand.New(rand.NewPCG(1, 1)))
	if tr.Phase() != PhaseCancelled || len(evs) != 1 || evs[0].Kind != EventCancelled {
		t.Fatalf("one player: phase %s, events %v", tr.Phase(), evs)
	}
	if !strings.Contains(tr.Summary(), "cancelled: 1 player subscribed") {
		t.Errorf("summary %q", tr.Summary())
	}
	if _, ok := tr.NextDeadline(); ok {
		t.Error("a cancelled tournament has a deadline")
	}
	roundTrip(t, tr)
	// One player against the house is a tournament.
	tr = mustNew(t, Config{OddPlayer: OddHouse})
	subscribe(t, tr, 1, rand.New(rand.NewPCG(1, 1)))
	if tr.Phase() != PhasePlaying || len(tr.Boards()) != 1 {
		t.Fatalf("one player and the house: %s", tr.Phase())
	}
}

func TestConfig(t *testing.T) {
	reg := games.Registry()
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Game: "turncoat"}, "simultaneous"},
		{Config{Game: "chess"}, "unknown game"},
		{Config{Options: "size=5"}, "size"},
		{Config{Reward: -1}, "negative"},
		{Config{NoReward: true, Reward: 5}, "without rewards"},
		{Config{RoundLength: time.Second}, "a minute at least"},
		{Config{Sides: [2]string{"Red", "Red"}}, "both called"},
		{Config{Sides: [2]string{"Dark red", "Blue"}}, "single word"},
		{Config{OddPlayer: "kick"}, "odd player"},
		{Config{Missed: "ignore"}, "miss rule"},
		{Config{ReplaceAfter: -1}, "at least 1"},
		{Config{Currency: "a very long currency name"}, "currency"},
	} {
		_, _, _, err := c.cfg.Normalize(reg)
		wantErr(t, c.want, err, ErrConfig, c.want)
	}
	cfg, _, _, err := Config{Game: "reversi", Options: "size=8"}.Normalize(reg)
	if err != nil || cfg.Title != "8x8 Reversi" || cfg.Sides != [2]string{"Red", "Blue"} {
		t.Errorf("8x8: %+v %v", cfg, err)
	}
	cfg, _, _, err = Config{Game: "turnover"}.Normalize(reg)
	if err != nil || cfg.Sides != [2]string{"White", "Black"} || cfg.Title != "Turnover" {
		t.Errorf("turnover: %+v %v", cfg, err)
	}
	cfg, _, _, err = Config{NoReward: true}.Normalize(reg)
	if err != nil || cfg.Reward != 0 {
		t.Errorf("no reward: %+v %v", cfg, err)
	}
}

// TestRestoreRejects tampers with a stored tournament in every way Restore checks; each must be
// refused, and the untouched snapshot restores.
func TestRestoreRejects(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	tr := mustNew(t, Config{})
	subscribe(t, tr, 6, rng)
	// Round 1: Boards #1 and #2 move, #3 misses; round 2 missed by all; forfeit #3.
	r, _ := tr.Round()
	for n := 1; n <= 2; n++ {
		b, _ := tr.Board(n)
		if _, err := tr.Post(r.Opened, b.Seats[0].Player, postText(n, legal(t, tr, n)[0])); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Advance(r.Deadline, rng); err != nil {
		t.Fatal(err)
	}
	b3, _ := tr.Board(3)
	r, _ = tr.Round()
	if _, err := tr.Forfeit(r.Opened, 3, b3.Seats[0].Player, ""); err != nil {
		t.Fatal(err)
	}
	b1, _ := tr.Board(1)
	if _, err := tr.Post(r.Opened, b1.Seats[1].Player, postText(1, legal(t, tr, 1)[0])); err != nil {
		t.Fatal(err)
	}
	good := tr.Snapshot()
	if _, err := Restore(games.Registry(), good); err != nil {
		t.Fatalf("the untouched snapshot: %v", err)
	}
	for _, c := range []struct {
		name   string
		tamper func(s *Snapshot)
	}{
		{"format", func(s *Snapshot) { s.Format = 2 }},
		{"phase", func(s *Snapshot) { s.Phase = "paused" }},
		{"no open round", func(s *Snapshot) { s.Round = nil }},
		{"round number", func(s *Snapshot) { s.Round.Number = 5 }},
		{"round length", func(s *Snapshot) { s.Round.Deadline = s.Round.Deadline.Add(time.Hour) }},
		{"closed round colour", func(s *Snapshot) { s.Rounds[0].Side = game.Second }},
		{"window", func(s *Snapshot) { s.Window = s.Window.Add(time.Hour) }},
		{"subscriber twice", func(s *Snapshot) { s.Subscribers = append(s.Subscribers, s.Subscribers[0]) }},
		{"board number", func(s *Snapshot) { s.Boards[1].Number = 7 }},
		{"last roll a tie", func(s *Snapshot) { s.Boards[0].Rolls = []Roll{{3, 3}} }},
		{"a die of 7", func(s *Snapshot) { s.Boards[0].Rolls = []Roll{{7, 1}} }},
		{"a tie not re-rolled", func(s *Snapshot) { s.Boards[0].Rolls = append([]Roll{{2, 5}}, s.Boards[0].Rolls...) }},
		{"seats against the dice", func(s *Snapshot) {
			s.Boards[0].Seats[0].Player, s.Boards[0].Seats[1].Player = s.Boards[0].Seats[1].Player, s.Boards[0].Seats[0].Player
		}},
		{"a seat from nowhere", func(s *Snapshot) { s.Boards[1].Seats[1].Player = "Intruder" }},
		{"an illegal move", func(s *Snapshot) { s.Boards[0].Games[0].Moves[0].Move = "a1" }},
		{"a game of another size", func(s *Snapshot) {
			tab, _ := game.NewTable(mustState(t, "size=8"), game.TableConfig{Now: t0})
			s.Boards[1].Games[0] = tab.Snapshot()
		}},
		{"a forced pass under the miss rule", func(s *Snapshot) { s.Boards[1].Games = append(s.Boards[1].Games, s.Boards[1].Games[0]) }},
		{"no game", func(s *Snapshot) { s.Boards[1].Games = nil }},
		{"a result removed", func(s *Snapshot) { s.Boards[2].Result = nil }},
		{"a result on a board in play", func(s *Snapshot) { s.Boards[1].Result = s.Boards[2].Result }},
		{"a result's winner changed", func(s *Snapshot) { w := &s.Boards[2].Result.Outcome.Winner; *w = w.Other() }},
		{"a post by the wrong player", func(s *Snapshot) { s.Boards[0].Post.Player = s.Boards[0].Seats[0].Player }},
		{"a post of an illegal move", func(s *Snapshot) { s.Boards[0].Post.Move = "a1" }},
		{"a post in another round", func(s *Snapshot) { s.Boards[0].Post.Round = 1 }},
		{"a post of the other colour", func(s *Snapshot) { s.Boards[0].Post.Side = game.First }},
		{"a ledger balance", func(s *Snapshot) { s.Ledger[0].Balance++ }},
		{"a ledger amount", func(s *Snapshot) { s.Ledger[0].Amount++; s.Ledger[0].Balance++ }},
		{"a ledger entry removed", func(s *Snapshot) { s.Ledger = nil }},
		{"a ledger entry for a board in play", func(s *Snapshot) { s.Ledger[0].Board = 1 }},
		{"a ledger number", func(s *Snapshot) { s.Ledger[0].Seq = 2 }},
		{"a finished tournament with boards in play", func(s *Snapshot) { s.Phase = PhaseFinished; s.Round = nil; s.Boards[0].Post = nil }},
		{"a reserve who plays", func(s *Snapshot) { s.Reserves = []string{s.Boards[0].Seats[0].Player} }},
	} {
		data, _ := json.Marshal(good)
		var s Snapshot
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		c.tamper(&s)
		if _, err := Restore(games.Registry(), s); !errors.Is(err, ErrSnapshot) {
			t.Errorf("%s: error %v, want ErrSnapshot", c.name, err)
		}
	}
	if _, err := Unmarshal(games.Registry(), []byte("{not json")); !errors.Is(err, ErrSnapshot) {
		t.Errorf("bad JSON: %v", err)
	}
}

func mustState(t *testing.T, options string) game.State {
	t.Helper()
	s, err := games.Registry().New("reversi", options)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMustPass plays two-player tournaments at random until a player has no move: a square is
// then refused with the advice to pass, and the pass is taken.
func TestMustPass(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for range 200 {
		tr := mustNew(t, Config{})
		subscribe(t, tr, 2, rng)
		for tr.Phase() == PhasePlaying {
			r, _ := tr.Round()
			due := tr.Due()
			if len(due) != 1 {
				t.Fatalf("due %v", due)
			}
			l := legal(t, tr, 1)
			if len(l) == 1 && l[0] == "pass" {
				_, err := tr.Post(r.Opened, due[0].Player, postText(1, "a1"))
				wantErr(t, "a move without moves", err, game.ErrIllegal, "you have no move", PassText)
				evs, err := tr.Post(r.Opened, due[0].Player, "Board #1\nPass - no moves available")
				if err != nil || evs[0].Move != "pass" || kinds(evs)[EventRoundClosed] != 1 {
					t.Fatalf("the pass: %v %v", evs, err)
				}
				if s := tr.Summary(); !strings.Contains(s, " passed (no moves available)") {
					t.Fatalf("summary after a pass:\n%s", s)
				}
				return
			}
			if _, err := tr.Post(r.Opened, due[0].Player, postText(1, l[rng.IntN(len(l))])); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no pass in 200 games")
}

// TestHostTools: seating a chosen reserve, adjudicating a draw (the reward shared), and what the
// host may not do.
func TestHostTools(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	tr := mustNew(t, Config{})
	subscribe(t, tr, 5, rng)
	now := tr.SubscriptionCloses().Add(time.Minute)
	if _, err := tr.Seat(now, 1, "Someone", rng); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("seating a full board: %v", err)
	}
	b1, _ := tr.Board(1)
	if _, err := tr.Seat(now, 3, b1.Seats[0].Player, rng); !errors.Is(err, ErrPlayer) {
		t.Errorf("seating a player who plays: %v", err)
	}
	if _, err := tr.Adjudicate(now, 3, game.NoPlayer, ""); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("adjudicating a waiting board: %v", err)
	}
	if _, err := tr.Seat(now, 3, "Chosen", nil); !errors.Is(err, ErrNoRandom) {
		t.Errorf("seating without dice: %v", err)
	}
	evs, err := tr.Seat(now, 3, "Chosen", rng)
	if err != nil || kinds(evs)[EventSeated] != 1 {
		t.Fatalf("seat: %v %v", evs, err)
	}
	evs, err = tr.Adjudicate(now, 2, game.NoPlayer, "agreed by both players")
	if err != nil {
		t.Fatal(err)
	}
	if k := kinds(evs); k[EventBoardFinished] != 1 || k[EventAward] != 2 || len(evs[0].TableEvents) != 1 {
		t.Fatalf("a drawn adjudication: %v", k)
	}
	b2, _ := tr.Board(2)
	l := tr.Ledger()
	if b2.Result.Rewards != [2]Amount{Units(75), Units(75)} || l.Balance(b2.Seats[0].Player) != Units(75) || l.Balance(b2.Seats[1].Player) != Units(75) {
		t.Fatalf("the shared reward: %+v", b2.Result)
	}
	if _, err := tr.Adjudicate(now, 2, game.First, ""); !errors.Is(err, ErrBoardOver) {
		t.Errorf("adjudicating twice: %v", err)
	}
	if _, err := tr.Adjudicate(now, 9, game.First, ""); !errors.Is(err, ErrNoSuchBoard) {
		t.Errorf("adjudicating a missing board: %v", err)
	}
	if _, err := tr.Forfeit(now, 1, "Nobody", ""); !errors.Is(err, ErrPlayer) {
		t.Errorf("forfeiting a stranger: %v", err)
	}
	roundTrip(t, tr)
}
