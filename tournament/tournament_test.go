package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games"
)

var t0 = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

func mustNew(tb testing.TB, cfg Config) *Tournament {
	tb.Helper()
	tr, evs, err := New(games.Registry(), cfg, t0)
	if err != nil {
		tb.Fatal(err)
	}
	if len(evs) != 1 || evs[0].Kind != EventCreated || evs[0].Version != 1 {
		tb.Fatalf("creation events %+v", evs)
	}
	return tr
}

func player(i int) string { return fmt.Sprintf("Player %02d", i) }

// subscribe subscribes n players an hour apart and closes the window.
func subscribe(tb testing.TB, tr *Tournament, n int, rng *rand.Rand) []Event {
	tb.Helper()
	for i := 1; i <= n; i++ {
		if _, err := tr.Subscribe(t0.Add(time.Duration(i)*time.Minute), player(i)); err != nil {
			tb.Fatal(err)
		}
	}
	evs, err := tr.Advance(tr.SubscriptionCloses(), rng)
	if err != nil {
		tb.Fatal(err)
	}
	return evs
}

// kinds counts events by kind.
func kinds(evs []Event) map[EventKind]int {
	m := map[EventKind]int{}
	for _, e := range evs {
		m[e.Kind]++
	}
	return m
}

// checkVersions checks that events carry consecutive versions ending at the tournament's.
func checkVersions(tb testing.TB, tr *Tournament, evs []Event) {
	tb.Helper()
	for i, e := range evs {
		if want := tr.Version() - int64(len(evs)-1-i); e.Version != want {
			tb.Fatalf("event %d (%s) has version %d, want %d", i, e.Kind, e.Version, want)
		}
	}
}

// legal returns side's legal moves on board n in notation.
func legal(tb testing.TB, tr *Tournament, n int) []string {
	tb.Helper()
	tab, err := tr.Table(n)
	if err != nil {
		tb.Fatal(err)
	}
	s := tab.State()
	p := s.ToAct().Single()
	var out []string
	for _, a := range s.Legal(p, nil) {
		out = append(out, s.FormatAction(p, a))
	}
	return out
}

func postText(board int, move string) string {
	return PostText{Board: board, Move: move, Pass: move == "pass"}.String()
}

// wantErr checks that err wraps target and says every one of words.
func wantErr(tb testing.TB, what string, err, target error, words ...string) {
	tb.Helper()
	if !errors.Is(err, target) {
		tb.Fatalf("%s: error %v, want %v", what, err, target)
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			tb.Errorf("%s: error %q does not say %q", what, err, w)
		}
	}
}

// roundTrip stores the tournament as JSON and restores it: the restored one must store to the
// same JSON. It returns the restored tournament, so that tests go on with it.
func roundTrip(tb testing.TB, tr *Tournament) *Tournament {
	tb.Helper()
	data, err := json.Marshal(tr)
	if err != nil {
		tb.Fatal(err)
	}
	back, err := Unmarshal(games.Registry(), data)
	if err != nil {
		tb.Fatalf("restore: %v", err)
	}
	again, _ := json.Marshal(back)
	if string(again) != string(data) {
		tb.Fatalf("the restored tournament stores differently:\n%s\n%s", data, again)
	}
	if back.due != tr.due {
		tb.Fatalf("restored: %d players due, want %d", back.due, tr.due)
	}
	return back
}

// drawnScript finds, by seeded random play from the 6x6 start, a game that opens with d5, has a
// pass in the middle and ends in a draw: a script for a board that must end in a shared reward.
func drawnScript(tb testing.TB) []string {
	tb.Helper()
	reg := games.Registry()
	rng := rand.New(rand.NewPCG(2026, 17))
	for range 200000 {
		s, _ := reg.New("reversi", "size=6")
		moves := []string{"d5"}
		d5, _ := s.ParseAction(game.First, "d5")
		if err := game.Play(s, game.First, d5); err != nil {
			tb.Fatal(err)
		}
		midPass := false
		for !s.Outcome().Over {
			p := s.ToAct().Single()
			l := s.Legal(p, nil)
			a := l[rng.IntN(len(l))]
			text := s.FormatAction(p, a)
			if text == "pass" {
				midPass = true
			}
			_ = s.Apply(a)
			moves = append(moves, text)
		}
		if o := s.Outcome(); o.Winner == game.NoPlayer && midPass && moves[len(moves)-1] != "pass" {
			return moves
		}
	}
	tb.Fatal("no drawn game with a pass found")
	return nil
}

// TestWholeTournament runs a 6x6 tournament of 16 players as the source runs it, on the
// injectable clock: the subscription window, the pairing, the dice and their re-rolls,
// alternating colour rounds, early closes, refused out-of-turn and second posts, edits before and
// after a close, missed rounds and a replacement, a forfeit, passes, results, a shared reward on
// a drawn board, and ledger balances that sum to the payouts. After every round the tournament
// is stored as JSON, restored, and play goes on with the restored copy.
func TestWholeTournament(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	tr := mustNew(t, Config{})
	cfg := tr.Config()
	if cfg.Game != "reversi" || cfg.Options != "size=6,start=diagonal,first=black,nomove=pass" || cfg.RoundLength != 24*time.Hour ||
		cfg.Window != 24*time.Hour || cfg.Reward != Units(150) || cfg.Currency != "WRZ$" || cfg.Sides != [2]string{"Red", "Blue"} ||
		cfg.Title != "6x6 Reversi" || cfg.OddPlayer != OddWaits || cfg.Missed != MissCounts || cfg.ReplaceAfter != 2 {
		t.Fatalf("defaults %+v", cfg)
	}

	// Subscription window.
	for i := 1; i <= 16; i++ {
		evs, err := tr.Subscribe(t0.Add(time.Duration(i)*time.Hour), player(i))
		if err != nil || len(evs) != 1 || evs[0].Kind != EventSubscribed {
			t.Fatalf("subscribe %d: %v %v", i, evs, err)
		}
	}
	_, err := tr.Subscribe(t0.Add(17*time.Hour), player(3))
	wantErr(t, "subscribing twice", err, ErrPlayer, "already subscribed")
	_, err = tr.Subscribe(t0.Add(17*time.Hour), "house")
	wantErr(t, "subscribing as the house", err, ErrName, "house AI")
	if _, err := tr.Unsubscribe(t0.Add(18*time.Hour), player(16)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Subscribe(t0.Add(19*time.Hour), player(16)); err != nil {
		t.Fatal(err)
	}
	_, err = tr.Post(t0.Add(20*time.Hour), player(1), "Board #1\nD 5")
	wantErr(t, "a post before the start", err, ErrPhase, "subscription closes at 2026-03-03 12:00 UTC")
	if evs, err := tr.Advance(t0.Add(24*time.Hour-time.Nanosecond), rng); err != nil || len(evs) != 0 {
		t.Fatalf("advance before the window closes: %v %v", evs, err)
	}
	if _, err := tr.Advance(t0.Add(24*time.Hour), nil); !errors.Is(err, ErrNoRandom) || tr.Phase() != PhaseSubscription {
		t.Fatalf("closing the window without dice: %v, phase %s", err, tr.Phase())
	}
	_, err = tr.Subscribe(t0.Add(24*time.Hour), "Latecomer")
	wantErr(t, "a subscription after the window", err, ErrPhase, "subscription closed")

	// The window closes (the server was late: it advances an hour after): pairing and dice,
	// all dated at the window's close.
	closeAt := t0.Add(24 * time.Hour)
	evs, err := tr.Advance(closeAt.Add(time.Hour), rng)
	if err != nil {
		t.Fatal(err)
	}
	checkVersions(t, tr, evs)
	k := kinds(evs)
	if k[EventPaired] != 8 || k[EventSeated] != 8 || k[EventRoundOpened] != 1 || tr.Phase() != PhasePlaying {
		t.Fatalf("pairing events %v, phase %s", k, tr.Phase())
	}
	for _, e := range evs {
		if !e.At.Equal(closeAt) {
			t.Fatalf("%s event at %v, want the window's close %v", e.Kind, e.At, closeAt)
		}
	}
	boards := tr.Boards()
	seen := map[string]bool{}
	rolls, rerolled := 0, 0
	for _, b := range boards {
		for _, p := range b.Pair {
			if seen[p] || p == "" {
				t.Fatalf("Board #%d: player %q paired twice or missing", b.Number, p)
			}
			seen[p] = true
		}
		rolls += len(b.Rolls)
		if len(b.Rolls) > 1 {
			rerolled++
		}
		for i, r := range b.Rolls {
			if r.Tie() != (i < len(b.Rolls)-1) {
				t.Fatalf("Board #%d: rolls %v: only ties are rolled again", b.Number, b.Rolls)
			}
		}
		last := b.Rolls[len(b.Rolls)-1]
		red := b.Pair[0]
		if last[1] > last[0] {
			red = b.Pair[1]
		}
		if b.Seats[game.First].Player != red || b.Status != BoardPlaying || b.ToMove != game.First {
			t.Fatalf("Board #%d: rolls %v of %v, Red is %s", b.Number, b.Rolls, b.Pair, b.Seats[game.First].Player)
		}
	}
	if len(seen) != 16 || k[EventDice] != rolls {
		t.Fatalf("%d players paired, %d dice events for %d rolls", len(seen), k[EventDice], rolls)
	}
	if rerolled == 0 {
		t.Fatal("no board re-rolled a tie: pick another seed for this test")
	}
	r, _ := tr.Round()
	if r.Number != 1 || r.Side != game.First || !r.Deadline.Equal(closeAt.Add(24*time.Hour)) {
		t.Fatalf("round 1: %+v", r)
	}
	if s := tr.Summary(); !strings.Contains(s, "6x6 Reversi — Round 1 — only Reds post") || !strings.Contains(s, "Dice: ") ||
		!strings.Contains(s, "(tie)") || !strings.Contains(s, "  A B C D E F\n1  . . . . . .\n") {
		t.Fatalf("the first summary:\n%s", s)
	}
	tr = roundTrip(t, tr)

	red := func(n int) string { return boards[n-1].Seats[game.First].Player }
	blue := func(n int) string { return boards[n-1].Seats[game.Second].Player }
	now := closeAt.Add(time.Hour)

	// Round 1, only Reds post: out of turn, wrong board, pass with moves, illegal move.
	_, err = tr.Post(now, blue(1), "Board #1\nD 5")
	wantErr(t, "Blue in Red's round", err, ErrNotYourRound, "Round 1 — only Reds post", "you play Blue on Board #1")
	_, err = tr.Post(now, red(1), "Board #2\nD 5")
	wantErr(t, "another board", err, ErrNotYourBoard, "Board #2 is not yours", "you play on Board #1")
	_, err = tr.Post(now, "Stranger", "Board #2\nD 5")
	wantErr(t, "a stranger", err, ErrNotYourBoard, "Stranger has no board")
	_, err = tr.Post(now, red(1), "Board #9\nD 5")
	wantErr(t, "no such board", err, ErrNoSuchBoard, "boards 1 to 8")
	_, err = tr.Post(now, red(1), "Board #1\nPass - no moves available")
	wantErr(t, "a pass with moves", err, ErrPassRefused, "you can play C 2, B 3, E 4, D 5")
	if !errors.Is(err, game.ErrIllegal) {
		t.Errorf("a refused pass is an illegal move too: %v", err)
	}
	_, err = tr.Post(now, red(1), "Board #1\nA 1")
	wantErr(t, "an illegal move", err, game.ErrIllegal, "Board #1", "a1")
	_, err = tr.Post(now, red(1), "Board #1")
	wantErr(t, "a post without a move", err, ErrPostFormat, "no move")
	v := tr.Version()
	if evs, err := tr.Post(now, red(1), "Board #1\nc 2"); err != nil || len(evs) != 1 || evs[0].Kind != EventPost || evs[0].Move != "c2" {
		t.Fatalf("Red's post: %v %v", evs, err)
	}
	if tr.Version() != v+1 {
		t.Fatalf("refused posts changed the version: %d, want %d", tr.Version(), v+1)
	}
	_, err = tr.Post(now.Add(time.Minute), red(1), "Board #1\nB 3")
	wantErr(t, "a second post", err, ErrSecondPost, "you already posted C 2 for Board #1 in round 1", "edit")
	if evs, err := tr.Edit(now.Add(2*time.Minute), red(1), 1, "Board #1\nD5"); err != nil || evs[0].Kind != EventPostChanged {
		t.Fatalf("an edit before the close: %v %v", evs, err)
	}
	_, err = tr.Edit(now.Add(2*time.Minute), red(2), 1, "Board #2\nD5")
	wantErr(t, "an edit without a post", err, ErrNoPost)
	tr = roundTrip(t, tr) // with a standing, edited post
	if b, _ := tr.Board(1); b.Post == nil || b.Post.Move != "d5" || b.Post.Edits != 1 || !b.Post.At.Equal(now) || b.Due {
		t.Fatalf("Board #1's post after the edit: %+v", b.Post)
	}

	// The other Reds post; the last post closes the round at once.
	script := drawnScript(t)
	agent := func(n int) string { // the scripted draw on Board #1, random moves elsewhere
		if n == 1 {
			tab, _ := tr.Table(1)
			return script[tab.Ply()]
		}
		l := legal(t, tr, n)
		return l[rng.IntN(len(l))]
	}
	for n := 2; n <= 8; n++ {
		at := now.Add(time.Duration(n) * 10 * time.Minute)
		evs, err := tr.Post(at, red(n), postText(n, agent(n)))
		if err != nil {
			t.Fatal(err)
		}
		checkVersions(t, tr, evs)
		closed := kinds(evs)[EventRoundClosed] == 1
		if closed != (n == 8) {
			t.Fatalf("post %d: round closed %v", n, closed)
		}
		if n == 8 {
			if r, _ := tr.Round(); r.Number != 2 || r.Side != game.Second || !r.Deadline.Equal(at.Add(24*time.Hour)) || !r.Opened.Equal(at) {
				t.Fatalf("round 2 after the early close: %+v", r)
			}
			if rec := tr.Rounds()[0]; !rec.Early || rec.Posted != 8 || rec.Missed != 0 || !rec.Closed.Equal(at) {
				t.Fatalf("round 1's record %+v", rec)
			}
		}
	}
	if tab, _ := tr.Table(1); tab.Moves()[0].Text != "d5" {
		t.Fatalf("Board #1 played %s, want the edited d5", tab.Moves()[0].Text)
	}
	_, err = tr.Edit(now.Add(2*time.Hour), red(1), 1, "Board #1\nC 2")
	wantErr(t, "an edit after the close", err, ErrRoundClosed, "round 1 closed at", "can no longer be changed")
	if s := tr.Summary(); !strings.Contains(s, "Round 2 — only Blues post") || !strings.Contains(s, "Red played D 5") ||
		!strings.Contains(s, "Round 1 (Reds) closed") {
		t.Fatalf("round 2's summary:\n%s", s)
	}
	tr = roundTrip(t, tr)

	// Rounds 2 to 5: the Blues of Boards #2 and #3 miss their rounds 2 and 4. Board #2's Blue is
	// replaced; Board #3 is forfeited.
	misses := map[int]bool{2: true, 3: true}
	var playRound func(skip map[int]bool) []Event
	playRound = func(skip map[int]bool) []Event {
		t.Helper()
		r, _ := tr.Round()
		var all []Event
		for i, d := range tr.Due() {
			if skip[d.Board] {
				continue
			}
			evs, err := tr.Post(r.Opened.Add(time.Duration(i+1)*time.Minute), d.Player, postText(d.Board, agent(d.Board)))
			if err != nil {
				t.Fatalf("round %d, Board #%d: %v", r.Number, d.Board, err)
			}
			all = append(all, evs...)
		}
		if cur, ok := tr.Round(); ok && cur.Number == r.Number {
			if evs, err := tr.Advance(cur.Deadline.Add(-time.Nanosecond), rng); err != nil || len(evs) != 0 {
				t.Fatalf("round %d closed before its time: %v %v", r.Number, evs, err)
			}
			evs, err := tr.Advance(cur.Deadline, rng)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, evs...)
		}
		return all
	}
	evs = playRound(misses) // round 2
	if k := kinds(evs); k[EventMissed] != 2 || k[EventRoundClosed] != 1 {
		t.Fatalf("round 2: %v", k)
	}
	rec := tr.Rounds()[1]
	if rec.Early || rec.Missed != 2 || rec.Posted != 6 {
		t.Fatalf("round 2's record %+v", rec)
	}
	r, _ = tr.Round()
	_, err = tr.Replace(r.Opened, 2, blue(2), "Reserve A")
	wantErr(t, "replacing after one miss", err, ErrNotAllowed, "missed 1 round(s) in a row", "after 2")
	// Round 3: Board #2's Red cannot post while the board waits for Blue's move.
	_, err = tr.Post(r.Opened, red(2), postText(2, "a1"))
	wantErr(t, "a Red whose board waits", err, ErrNotYourRound, "Board #2 waits for Blue's move")
	for _, d := range tr.Due() {
		if d.Board == 2 || d.Board == 3 {
			t.Fatalf("round 3: Board #%d is due though it waits for Blue", d.Board)
		}
	}
	evs = playRound(nil) // round 3: everyone who can post does: an early close
	if rec := tr.Rounds()[2]; !rec.Early || rec.Idle != 2 {
		t.Fatalf("round 3's record %+v", rec)
	}
	tr = roundTrip(t, tr)
	evs = playRound(misses) // round 4: the second misses
	if b, _ := tr.Board(2); b.Seats[game.Second].Misses != 2 || b.Seats[game.Second].Missed != 2 {
		t.Fatalf("Board #2's Blue seat %+v", b.Seats[game.Second])
	}
	r, _ = tr.Round()
	before, _ := tr.Board(2)
	evs, err = tr.Replace(r.Opened, 2, blue(2), "Reserve A")
	if err != nil || len(evs) != 1 || evs[0].Kind != EventReplaced || evs[0].Replaced != blue(2) {
		t.Fatalf("replacement: %v %v", evs, err)
	}
	after, _ := tr.Board(2)
	if after.Seats[game.Second].Player != "Reserve A" || after.Seats[game.Second].Misses != 0 || after.Plies != before.Plies ||
		after.State != before.State || after.Seats[game.First].Player != before.Seats[game.First].Player || len(after.Seats[game.Second].Replaced) != 1 {
		t.Fatalf("Board #2 after the replacement %+v", after)
	}
	_, err = tr.Post(r.Opened, blue(2), postText(2, "a1"))
	wantErr(t, "the replaced player", err, ErrNotYourBoard)
	evs, err = tr.Forfeit(r.Opened, 3, blue(3), "")
	if err != nil {
		t.Fatal(err)
	}
	if k := kinds(evs); k[EventBoardFinished] != 1 || k[EventAward] != 1 {
		t.Fatalf("forfeit events %v", k)
	}
	if b, _ := tr.Board(3); b.Status != BoardFinished || b.Result.Outcome.Winner != game.First ||
		b.Result.Outcome.Ending != game.EndAdjudication || b.Result.Rewards[game.First] != Units(150) {
		t.Fatalf("Board #3 after the forfeit %+v", b.Result)
	}
	_, err = tr.Forfeit(r.Opened, 3, red(3), "")
	wantErr(t, "a finished board", err, ErrBoardOver)
	tr = roundTrip(t, tr)
	if s := tr.Summary(); !strings.Contains(s, "Reserve A replaces "+blue(2)) || !strings.Contains(s, "Red wins ("+blue(3)+" forfeited)") {
		t.Fatalf("the summary after the host's decisions:\n%s", s)
	}

	// Play on to the end, restoring after every round. Reserve A posts for Board #2's Blue.
	passes, reservePosted := 0, false
	for rounds := 0; tr.Phase() == PhasePlaying; rounds++ {
		if rounds > 80 {
			t.Fatal("the tournament does not end")
		}
		evs = playRound(nil)
		for _, e := range evs {
			if e.Kind == EventPost && e.Move == "pass" {
				passes++
			}
			if e.Kind == EventPost && e.Player == "Reserve A" {
				reservePosted = true
			}
		}
		tr = roundTrip(t, tr)
	}
	if passes == 0 || !reservePosted {
		t.Fatalf("passes %d, reserve posted %v", passes, reservePosted)
	}
	if tr.Phase() != PhaseFinished {
		t.Fatalf("phase %s", tr.Phase())
	}
	_, err = tr.Post(t0.AddDate(0, 1, 0), red(1), "Board #1\nD 5")
	wantErr(t, "a post after the end", err, ErrPhase, "over")

	// Results and the ledger: a winner gets 150, a draw shares it, and the balances add up to
	// what was paid.
	want := map[string]Amount{}
	var paid Amount
	for _, b := range tr.Boards() {
		res := b.Result
		if res == nil {
			t.Fatalf("Board #%d has no result", b.Number)
		}
		switch w := res.Outcome.Winner; {
		case w.Valid():
			want[res.Players[w]] += Units(150)
		default:
			want[res.Players[0]] += Units(75)
			want[res.Players[1]] += Units(75)
		}
		paid += Units(150)
	}
	if b, _ := tr.Board(1); b.Result.Outcome.Winner != game.NoPlayer || b.Result.Rewards != [2]Amount{Units(75), Units(75)} {
		t.Fatalf("Board #1 (the scripted draw): %+v", b.Result)
	}
	l := tr.Ledger()
	if l.Total() != paid || paid != Units(8*150) {
		t.Fatalf("ledger total %s, paid %s", l.Total(), paid)
	}
	var sum Amount
	for p, bal := range l.Balances() {
		if bal != want[p] {
			t.Errorf("%s's balance %s, want %s", p, bal, want[p])
		}
		sum += bal
	}
	if sum != paid {
		t.Errorf("balances add up to %s, paid %s", sum, paid)
	}
	running := map[string]Amount{}
	for _, e := range l.Entries() {
		running[e.Player] += e.Amount
		if e.Balance != running[e.Player] {
			t.Errorf("entry %d: balance %s, running sum %s", e.Seq, e.Balance, running[e.Player])
		}
	}
	// A correction is a new entry; the past stays as it was.
	entries := l.Entries()
	end := t0.AddDate(0, 2, 0)
	evs, err = tr.Correct(end, 1, -Units(10), "paid in error")
	if err != nil || evs[0].Entry.Corrects != 1 || evs[0].Entry.Seq != len(entries)+1 {
		t.Fatalf("correction: %v %v", evs, err)
	}
	l = tr.Ledger()
	if !slices.Equal(l.Entries()[:len(entries)], entries) || l.Total() != paid-Units(10) ||
		l.Balance(entries[0].Player) != want[entries[0].Player]-Units(10) {
		t.Fatalf("after the correction: total %s, entries changed %v", l.Total(), !slices.Equal(l.Entries()[:len(entries)], entries))
	}
	if _, err := tr.Correct(end, 99, Units(1), "x"); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("correcting a missing entry: %v", err)
	}
	tr = roundTrip(t, tr)
	s := tr.Summary()
	for _, w := range []string{"6x6 Reversi — final results", "Board #1 — " + red(1) + " (Red) vs " + blue(1) + " (Blue)", "draw 18-18", "Standings\n  1. ", "75 WRZ$"} {
		if !strings.Contains(s, w) {
			t.Errorf("the final summary does not say %q:\n%s", w, s)
		}
	}
}

// TestStart: the host starts a tournament before its window ends: the players are paired, the
// dice rolled and round 1 opens at once; the window is then closed. Too few players, or a start
// after the start, are refused and change nothing.
func TestStart(t *testing.T) {
	tr := mustNew(t, Config{Window: 24 * time.Hour, RoundLength: 10 * time.Minute})
	rng := rand.New(rand.NewPCG(1, 2))
	if _, err := tr.Subscribe(t0.Add(time.Minute), player(1)); err != nil {
		t.Fatal(err)
	}
	v := tr.Version()
	if _, err := tr.Start(t0.Add(2*time.Minute), rng); !errors.Is(err, ErrNotAllowed) || tr.Version() != v {
		t.Fatalf("a start with one player: %v (version %d, was %d)", err, tr.Version(), v)
	}
	for i := 2; i <= 4; i++ {
		if _, err := tr.Subscribe(t0.Add(time.Duration(i)*time.Minute), player(i)); err != nil {
			t.Fatal(err)
		}
	}
	at := t0.Add(5 * time.Minute)
	evs, err := tr.Start(at, rng)
	if err != nil {
		t.Fatal(err)
	}
	checkVersions(t, tr, evs)
	k := kinds(evs)
	if k[EventPaired] != 2 || k[EventSeated] != 2 || k[EventRoundOpened] != 1 || k[EventDice] < 2 {
		t.Fatalf("the start's events: %v", k)
	}
	r, ok := tr.Round()
	if !ok || r.Number != 1 || !r.Opened.Equal(at) || !r.Deadline.Equal(at.Add(10*time.Minute)) || !tr.SubscriptionCloses().Equal(at) {
		t.Fatalf("round %+v (open %v), window closes %v", r, ok, tr.SubscriptionCloses())
	}
	if _, err := tr.Subscribe(at.Add(time.Minute), player(5)); !errors.Is(err, ErrPhase) {
		t.Fatalf("a subscription after the start: %v", err)
	}
	if _, err := tr.Start(at.Add(time.Minute), rng); !errors.Is(err, ErrPhase) {
		t.Fatalf("a second start: %v", err)
	}
	// The snapshot keeps the started tournament.
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Unmarshal(games.Registry(), b)
	if err != nil {
		t.Fatal(err)
	}
	if back.Version() != tr.Version() || !back.SubscriptionCloses().Equal(at) || len(back.Boards()) != 2 {
		t.Fatalf("restored: version %d, window %v, %d boards", back.Version(), back.SubscriptionCloses(), len(back.Boards()))
	}
}
