package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"turncoat/game"
)

// SnapshotFormat is the version of the snapshot's form; Restore refuses others.
const SnapshotFormat = 1

// Snapshot is the whole state of a tournament in the form storage keeps (its JSON is the wire
// form): the configuration, the subscribers and reserves, every board with its games as
// game.Snapshots, the open round and the closed ones, the ledger and the version. Restore
// rebuilds the tournament from it, checking everything.
type Snapshot struct {
	Format      int             `json:"format"`
	Config      Config          `json:"config"`
	Created     time.Time       `json:"created"`
	Phase       Phase           `json:"phase"`
	Window      time.Time       `json:"window"`
	Subscribers []string        `json:"subscribers"`
	Reserves    []string        `json:"reserves"`
	Boards      []BoardSnapshot `json:"boards"`
	Round       *Round          `json:"round,omitempty"`
	Rounds      []RoundRecord   `json:"rounds"`
	Ledger      []LedgerEntry   `json:"ledger"`
	Version     int64           `json:"version"`
	Ended       time.Time       `json:"ended,omitzero"`
	// Note says why a tournament was cancelled.
	Note string `json:"note,omitempty"`
}

// BoardSnapshot is a board in a snapshot: its record and its games, oldest first (more than one
// only under the forced-pass rule; see Tournament.Games).
type BoardSnapshot struct {
	BoardRecord
	Games []game.Snapshot `json:"games"`
}

// Snapshot returns the tournament's snapshot; it shares nothing with the tournament.
func (t *Tournament) Snapshot() Snapshot {
	s := Snapshot{
		Format: SnapshotFormat, Config: t.cfg, Created: t.created, Phase: t.phase, Window: t.window,
		Subscribers: slices.Clone(t.subscribers), Reserves: slices.Clone(t.reserves),
		Boards: make([]BoardSnapshot, len(t.boards)), Rounds: slices.Clone(t.rounds),
		Ledger: slices.Clone(t.ledger.entries), Version: t.version, Ended: t.ended, Note: t.note,
	}
	if s.Subscribers == nil {
		s.Subscribers = []string{}
	}
	if s.Reserves == nil {
		s.Reserves = []string{}
	}
	if s.Rounds == nil {
		s.Rounds = []RoundRecord{}
	}
	if s.Ledger == nil {
		s.Ledger = []LedgerEntry{}
	}
	if t.round != nil {
		r := *t.round
		s.Round = &r
	}
	for i, b := range t.boards {
		bs := BoardSnapshot{BoardRecord: cloneRecord(b.BoardRecord), Games: make([]game.Snapshot, len(b.tables))}
		for j, tb := range b.tables {
			bs.Games[j] = tb.Snapshot()
		}
		s.Boards[i] = bs
	}
	return s
}

// MarshalJSON writes the tournament's snapshot.
func (t *Tournament) MarshalJSON() ([]byte, error) { return json.Marshal(t.Snapshot()) }

// ErrSnapshot marks a snapshot that does not describe a tournament that could have happened.
var ErrSnapshot = errors.New("invalid tournament snapshot")

// Unmarshal reads a tournament from its snapshot's JSON and restores it (see Restore).
func Unmarshal(reg *game.Registry, data []byte) (*Tournament, error) {
	var s Snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSnapshot, err)
	}
	return Restore(reg, s)
}

// Restore rebuilds a tournament from a snapshot, validating it: the configuration, the phase
// and what it implies, the players' names, each board's dice (ties re-rolled, the higher die
// on Red) and seats (replacements chained from the paired players), each game replayed through
// the game's rules (game.Restore), forced passes only where the rule allows and only between a
// table and the next, results that agree with the games, the standing posts legal where they
// stand, the rounds in order, and the ledger's running balances and awards. Errors wrap
// ErrSnapshot (or the game's own errors) and say what is wrong.
func Restore(reg *game.Registry, s Snapshot) (*Tournament, error) {
	bad := func(format string, args ...any) (*Tournament, error) {
		return nil, fmt.Errorf("%w: %s", ErrSnapshot, fmt.Sprintf(format, args...))
	}
	if s.Format != SnapshotFormat {
		return bad("format %d, want %d", s.Format, SnapshotFormat)
	}
	cfg, g, opts, err := s.Config.Normalize(reg)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	start, err := g.New(opts)
	if err != nil {
		return bad("%v", err)
	}
	t := &Tournament{cfg: cfg, reg: reg, g: g, opts: opts, start: start, created: s.Created, phase: s.Phase,
		window: s.Window, version: s.Version, ended: s.Ended, note: s.Note}
	// The window closes cfg.Window after the creation, or earlier when the host started the
	// tournament at once (Start).
	full := s.Created.Add(cfg.Window)
	if !s.Window.Equal(full) && (s.Phase == PhaseSubscription || s.Window.Before(s.Created) || s.Window.After(full)) {
		return bad("the window closes at %s, not %v after the creation", stamp(s.Window), cfg.Window)
	}
	for _, list := range [][]string{s.Subscribers, s.Reserves} {
		seen := map[string]bool{}
		for _, p := range list {
			if err := checkPlayerName(p); err != nil {
				return bad("%v", err)
			}
			if seen[p] {
				return bad("%s is listed twice", p)
			}
			seen[p] = true
		}
	}
	t.subscribers = slices.Clone(s.Subscribers)
	t.subscribed = make(map[string]bool, len(t.subscribers))
	for _, p := range t.subscribers {
		t.subscribed[p] = true
	}
	t.reserves = slices.Clone(s.Reserves)
	switch s.Phase {
	case PhaseSubscription, PhaseCancelled:
		if len(s.Boards) > 0 || s.Round != nil || len(s.Rounds) > 0 || len(s.Ledger) > 0 {
			return bad("a tournament in phase %s has boards, rounds or awards", s.Phase)
		}
	case PhasePlaying:
		if s.Round == nil {
			return bad("a tournament being played has no open round")
		}
	case PhaseFinished:
		if s.Round != nil {
			return bad("a finished tournament has an open round")
		}
	default:
		return bad("unknown phase %q", s.Phase)
	}
	// Rounds: numbered in order, each colour in turn, times in order.
	var prevClosed time.Time
	for i, r := range s.Rounds {
		if r.Number != i+1 || r.Side != sideOfRound(r.Number) {
			return bad("closed round %d is numbered %d for %s", i+1, r.Number, sideName(cfg, r.Side))
		}
		if r.Deadline.Before(r.Opened) || r.Closed.Before(r.Opened) || r.Closed.After(r.Deadline) || r.Opened.Before(prevClosed) {
			return bad("round %d's times are out of order", r.Number)
		}
		if r.Posted < 0 || r.Missed < 0 || r.Idle < 0 || r.Extended < 0 {
			return bad("round %d has negative counts", r.Number)
		}
		prevClosed = r.Closed
	}
	t.rounds = slices.Clone(s.Rounds)
	if r := s.Round; r != nil {
		if r.Number != len(s.Rounds)+1 || r.Side != sideOfRound(r.Number) {
			return bad("the open round is numbered %d for %s after %d closed rounds", r.Number, sideName(cfg, r.Side), len(s.Rounds))
		}
		if !r.Deadline.Equal(r.Opened.Add(cfg.RoundLength+r.Extended)) || r.Extended < 0 || r.Opened.Before(prevClosed) {
			return bad("the open round's times do not match its length")
		}
		c := *r
		t.round = &c
	}
	// Boards.
	inPlay := map[string]bool{}
	for i, bs := range s.Boards {
		b, err := t.restoreBoard(bs, i+1)
		if err != nil {
			return nil, err
		}
		for _, seat := range b.Seats {
			if seat.Player != "" && seat.Player != House && b.Result == nil {
				inPlay[seat.Player] = true
			}
		}
		t.boards = append(t.boards, b)
	}
	for _, p := range t.reserves {
		if inPlay[p] {
			return bad("reserve %s already plays", p)
		}
	}
	if s.Phase == PhaseFinished {
		for _, b := range t.boards {
			if b.Result == nil {
				return bad("the tournament is finished but Board #%d has no result", b.Number)
			}
		}
	}
	// Ledger: running balances, and the awards of every result.
	t.ledger, err = restoreLedger(s.Ledger)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	awarded := map[[2]int]Amount{}
	for _, e := range s.Ledger {
		if e.Corrects == 0 {
			if e.Board < 1 || e.Board > len(t.boards) {
				return bad("ledger entry %d awards Board #%d, which does not exist", e.Seq, e.Board)
			}
			awarded[[2]int{e.Board, 0}] += e.Amount
			b := t.boards[e.Board-1]
			if b.Result == nil || (e.Player != b.Result.Players[0] && e.Player != b.Result.Players[1]) {
				return bad("ledger entry %d pays %s for Board #%d, which %s did not win or share", e.Seq, e.Player, e.Board, e.Player)
			}
		}
	}
	for _, b := range t.boards {
		if b.Result == nil {
			continue
		}
		want := b.Result.Rewards[0] + b.Result.Rewards[1]
		if got := awarded[[2]int{b.Number, 0}]; got != want {
			return bad("Board #%d's awards add up to %s, its result says %s", b.Number, got, want)
		}
		if want != 0 && want != cfg.Reward {
			return bad("Board #%d paid %s, the reward is %s", b.Number, want, cfg.Reward)
		}
	}
	if s.Version < int64(len(s.Ledger)) {
		return bad("version %d is below the ledger's %d entries", s.Version, len(s.Ledger))
	}
	t.recount()
	return t, nil
}

// restoreBoard checks and rebuilds board n.
func (t *Tournament) restoreBoard(bs BoardSnapshot, n int) (*board, error) {
	bad := func(format string, args ...any) (*board, error) {
		return nil, fmt.Errorf("%w: Board #%d: %s", ErrSnapshot, n, fmt.Sprintf(format, args...))
	}
	if bs.Number != n {
		return bad("numbered %d", bs.Number)
	}
	b := &board{BoardRecord: cloneRecord(bs.BoardRecord)}
	if err := checkName(b.Pair[0]); err != nil {
		return bad("paired player: %v", err)
	}
	if b.Pair[1] == "" {
		// Waiting for a reserve, or given to the player present by walkover.
		if len(bs.Games) > 0 || len(b.Rolls) > 0 || b.Post != nil || b.Seats[1].Player != "" {
			return bad("a board without its second player has dice, games or a post")
		}
		if r := b.Result; r != nil {
			if !r.Walkover || b.Seats[0].Player != b.Pair[0] || r.Players != [2]string{b.Pair[0], ""} || r.Outcome.Winner != game.First {
				return bad("a board without its second player can only be won by walkover by the player present")
			}
			if r.Rewards[1] != 0 || r.Rewards[0] != 0 && r.Rewards[0] != t.cfg.Reward {
				return bad("a walkover pays %s", r.Rewards[0])
			}
		} else if b.Seats[0].Player != "" {
			return bad("a waiting board has a seated player")
		}
		return b, nil
	}
	if err := checkName(b.Pair[1]); err != nil || b.Pair[0] == b.Pair[1] {
		return bad("paired players %q and %q", b.Pair[0], b.Pair[1])
	}
	if b.Result != nil && b.Result.Walkover {
		return bad("a walkover on a board with two players")
	}
	// Dice: ties re-rolled, the last roll decides, the higher die plays First.
	if len(b.Rolls) == 0 {
		return bad("no dice were rolled")
	}
	for i, r := range b.Rolls {
		if r[0] < 1 || r[0] > 6 || r[1] < 1 || r[1] > 6 {
			return bad("roll %d shows %d and %d", i+1, r[0], r[1])
		}
		if r.Tie() != (i < len(b.Rolls)-1) {
			return bad("roll %d: only ties are rolled again, and the last roll decides", i+1)
		}
	}
	lastRoll := b.Rolls[len(b.Rolls)-1]
	red := 0
	if lastRoll[1] > lastRoll[0] {
		red = 1
	}
	for p := game.First; p <= game.Second; p++ {
		seat := b.Seats[p]
		holder := b.Pair[red]
		if p == game.Second {
			holder = b.Pair[1-red]
		}
		for i, rp := range seat.Replaced {
			if rp.Out != holder || checkName(rp.In) != nil {
				return bad("%s's replacement %d takes the seat from %s, who did not hold it", t.side(p), i+1, rp.Out)
			}
			holder = rp.In
		}
		if seat.Player != holder {
			return bad("%s's seat is held by %q; the dice and replacements give it to %q", t.side(p), seat.Player, holder)
		}
		if seat.Misses < 0 || seat.Missed < seat.Misses {
			return bad("%s's seat has %d misses in a row of %d", t.side(p), seat.Misses, seat.Missed)
		}
	}
	if b.Seats[0].Player == b.Seats[1].Player {
		return bad("%s holds both seats", b.Seats[0].Player)
	}
	// Games: the first from the game's start, each next one from the previous one's position
	// with the turn passed (the forced-pass rule).
	if len(bs.Games) == 0 {
		return bad("a seated board has no game")
	}
	for i, gs := range bs.Games {
		tb, err := game.Restore(t.reg, gs, nil)
		if err != nil {
			return nil, fmt.Errorf("%w: Board #%d game %d: %w", ErrSnapshot, n, i+1, err)
		}
		if tb.Game().Name() != t.g.Name() || !tb.Start().Options().Equal(t.opts) {
			return bad("game %d is %s %s, the tournament plays %s %s", i+1, tb.Game().Name(), tb.Start().Options(), t.g.Name(), t.opts)
		}
		if c := tb.Clock(); c.Timed() {
			return bad("game %d has clocks; the rounds keep the time", i+1)
		}
		want := t.start.Encode()
		if i > 0 {
			prev := b.tables[i-1]
			if t.cfg.Missed != MissPasses || prev.Over() {
				return bad("game %d follows a forced pass the rules do not allow", i+1)
			}
			next, err := skipTurn(prev.State())
			if err != nil {
				return bad("game %d: %v", i+1, err)
			}
			want = next.Encode()
		}
		if got := tb.Start().Encode(); got != want {
			return bad("game %d starts from %s, not %s", i+1, got, want)
		}
		b.tables = append(b.tables, tb)
	}
	live := b.live()
	if r := b.Result; r != nil {
		if !live.Over() {
			return bad("a result while the game is in play")
		}
		o := live.Outcome()
		if r.Outcome.Winner != o.Winner || r.Outcome.Ending != o.Ending || r.Outcome.Score != o.Score {
			return bad("the result %q does not match the game's %q", r.Outcome.Describe(t.cfg.Sides), o.Describe(t.cfg.Sides))
		}
		if r.Players != [2]string{b.Seats[0].Player, b.Seats[1].Player} {
			return bad("the result names %v, the seats %s and %s", r.Players, b.Seats[0].Player, b.Seats[1].Player)
		}
		for p := range r.Rewards {
			if r.Rewards[p] < 0 {
				return bad("a negative reward")
			}
		}
		if b.Post != nil {
			return bad("a post on a finished board")
		}
	} else if live.Over() {
		return bad("the game is over but the board has no result")
	}
	if p := b.Post; p != nil {
		if err := t.checkRestoredPost(b, p); err != nil {
			return bad("post: %v", err)
		}
	}
	return b, nil
}

// checkRestoredPost checks that a standing post could have been taken.
func (t *Tournament) checkRestoredPost(b *board, p *Post) error {
	r := t.round
	switch {
	case r == nil || p.Round != r.Number:
		return fmt.Errorf("for round %d, which is not open", p.Round)
	case p.Side != r.Side || b.toMove() != p.Side:
		return fmt.Errorf("by %s, who does not post now", t.side(p.Side))
	case b.Seats[p.Side].Player != p.Player:
		return fmt.Errorf("by %s, who does not hold %s's seat", p.Player, t.side(p.Side))
	case p.At.Before(r.Opened) || !p.At.Before(r.Deadline) || p.Edits < 0:
		return fmt.Errorf("made at %s, outside the round", stamp(p.At))
	}
	s := b.live().State()
	a, err := s.ParseAction(p.Side, p.Move)
	if err != nil {
		return err
	}
	if err := game.CheckLegal(s, p.Side, a); err != nil {
		return err
	}
	if s.FormatAction(p.Side, a) != p.Move {
		return fmt.Errorf("move %q is not in the game's notation", p.Move)
	}
	return nil
}

// sideName names a colour under cfg, or says it is none.
func sideName(cfg Config, p game.Player) string {
	if !p.Valid() {
		return "no colour"
	}
	return cfg.Sides[p] + "s"
}
