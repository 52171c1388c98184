package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"turncoat/game"
)

// Host tools. Each takes the time it happens and returns the events it caused; a refused one
// changes nothing.

// Extend adds d to the open round's time, at now (before the round's time has run out).
func (t *Tournament) Extend(now time.Time, d time.Duration) ([]Event, error) {
	if t.phase != PhasePlaying || t.round == nil {
		return nil, fmt.Errorf("%w: no round is open", ErrPhase)
	}
	if d <= 0 {
		return nil, fmt.Errorf("%w: extend by %v: a positive time is wanted", ErrNotAllowed, d)
	}
	r := t.round
	if !now.Before(r.Deadline) {
		return nil, fmt.Errorf("%w: round %d's time ran out at %s; it closes at the next update", ErrRoundClosed, r.Number, stamp(r.Deadline))
	}
	r.Deadline = r.Deadline.Add(d)
	r.Extended += d
	return t.emit(nil, Event{Kind: EventExtended, At: now, Round: r.Number, Side: r.Side, Deadline: r.Deadline,
		Text: fmt.Sprintf("Round %d extended by %v: it closes at %s", r.Number, d, stamp(r.Deadline))}), nil
}

// Replace gives out's seat on board n to in, at now: out must have missed Config.ReplaceAfter
// rounds in a row (two, by default) and must not have posted in the open round. The board, the
// colour and the game's history stay; in's count of misses starts at zero. A reserve who takes
// the seat leaves the reserves.
func (t *Tournament) Replace(now time.Time, n int, out, in string) ([]Event, error) {
	if t.phase != PhasePlaying {
		return nil, fmt.Errorf("%w: players are replaced while the boards are played", ErrPhase)
	}
	b, err := t.board(n)
	if err != nil {
		return nil, err
	}
	if b.Result != nil {
		return nil, fmt.Errorf("%w: Board #%d is over: %s", ErrBoardOver, n, t.describeResult(b.Result))
	}
	side := b.seatOf(out)
	if !side.Valid() || !b.inPlay() {
		return nil, fmt.Errorf("%w: %s holds no seat on Board #%d", ErrPlayer, out, n)
	}
	seat := &b.Seats[side]
	if seat.Misses < t.cfg.ReplaceAfter {
		return nil, fmt.Errorf("%w: %s has missed %d round(s) in a row; a player may be replaced after %d", ErrNotAllowed, out, seat.Misses, t.cfg.ReplaceAfter)
	}
	if b.Post != nil && b.Post.Side == side {
		return nil, fmt.Errorf("%w: %s has posted in round %d and is back", ErrNotAllowed, out, b.Post.Round)
	}
	if err := checkPlayerName(in); err != nil {
		return nil, err
	}
	if k := t.activeBoard(in); k > 0 {
		return nil, fmt.Errorf("%w: %s already plays on Board #%d", ErrPlayer, in, k)
	}
	if i := slices.Index(t.reserves, in); i >= 0 {
		t.reserves = slices.Delete(t.reserves, i, i+1)
	}
	round := 0
	if t.round != nil {
		round = t.round.Number
	}
	seat.Replaced = append(seat.Replaced, Replacement{Out: out, In: in, Round: round, At: now})
	seat.Player = in
	seat.Misses = 0
	return t.emit(nil, Event{Kind: EventReplaced, At: now, Round: round, Board: n, Player: in, Replaced: out, Side: side,
		Text: fmt.Sprintf("Board #%d: %s takes %s's seat (%s)", n, in, out, t.side(side))}), nil
}

// Forfeit ends board n at now with loser forfeiting it, the opponent winning (an adjudication):
// what the host does instead of replacing a player who stopped posting. On a board still waiting
// for its second player, loser is "" (the empty seat) and the player present wins by walkover.
// reason is said in the result ("" for "<loser> forfeited").
func (t *Tournament) Forfeit(now time.Time, n int, loser, reason string) ([]Event, error) {
	if t.phase != PhasePlaying {
		return nil, fmt.Errorf("%w: boards are forfeited while they are played", ErrPhase)
	}
	b, err := t.board(n)
	if err != nil {
		return nil, err
	}
	if b.Result != nil {
		return nil, fmt.Errorf("%w: Board #%d is over: %s", ErrBoardOver, n, t.describeResult(b.Result))
	}
	if b.waiting() {
		if loser != "" {
			return nil, fmt.Errorf("%w: Board #%d waits for a second player: only the empty seat (\"\") can forfeit it", ErrPlayer, n)
		}
		return t.walkover(b, now), nil
	}
	side := b.seatOf(loser)
	if !side.Valid() {
		return nil, fmt.Errorf("%w: %s holds no seat on Board #%d", ErrPlayer, loser, n)
	}
	if reason == "" {
		reason = loser + " forfeited"
	}
	return t.adjudicate(b, side.Other(), reason, now)
}

// Adjudicate ends board n at now with the given winner (a colour, or game.NoPlayer for a draw,
// which shares the reward), by the host's decision.
func (t *Tournament) Adjudicate(now time.Time, n int, winner game.Player, reason string) ([]Event, error) {
	if t.phase != PhasePlaying {
		return nil, fmt.Errorf("%w: boards are adjudicated while they are played", ErrPhase)
	}
	if winner != game.NoPlayer && !winner.Valid() {
		return nil, fmt.Errorf("%w: winner %d is not a colour", ErrPlayer, winner)
	}
	b, err := t.board(n)
	if err != nil {
		return nil, err
	}
	if b.Result != nil {
		return nil, fmt.Errorf("%w: Board #%d is over: %s", ErrBoardOver, n, t.describeResult(b.Result))
	}
	if !b.inPlay() {
		return nil, fmt.Errorf("%w: Board #%d waits for a second player; forfeit the empty seat instead", ErrNotAllowed, n)
	}
	if reason == "" {
		reason = "adjudicated by the host"
	}
	return t.adjudicate(b, winner, reason, now)
}

func (t *Tournament) adjudicate(b *board, winner game.Player, reason string, now time.Time) ([]Event, error) {
	tevs, err := b.live().Adjudicate(winner, reason, now)
	if err != nil {
		return nil, fmt.Errorf("Board #%d: %w", b.Number, err)
	}
	round := 0
	if t.round != nil {
		round = t.round.Number
	}
	b.Last = &LastPlay{Round: round, Side: game.NoPlayer, Kind: LastAdjudged}
	evs := t.finishBoard(nil, b, round, now)
	evs[0].TableEvents = tevs
	t.recount()
	return t.afterHost(evs, now), nil
}

// walkover gives a waiting board to the player present.
func (t *Tournament) walkover(b *board, now time.Time) []Event {
	round := 0
	if t.round != nil {
		round = t.round.Number
	}
	b.Seats[game.First].Player = b.Pair[0]
	o := game.Outcome{Over: true, Winner: game.First, Ending: game.EndAdjudication, Reason: "walkover"}
	b.Result = &Result{Outcome: o, Players: [2]string{b.Pair[0], ""}, Round: round, At: now, Walkover: true}
	b.Last = &LastPlay{Round: round, Side: game.NoPlayer, Kind: LastAdjudged}
	evs := t.emit(nil, Event{Kind: EventBoardFinished, At: now, Round: round, Board: b.Number, Side: game.First, Outcome: &o,
		Text: fmt.Sprintf("Board #%d: %s", b.Number, t.describeResult(b.Result))})
	evs = t.award(evs, b, round, now)
	return t.afterHost(evs, now)
}

// afterHost ends the tournament if the host's decision gave the last board its result, and
// otherwise closes the open round if nobody is left to post in it.
func (t *Tournament) afterHost(evs []Event, now time.Time) []Event {
	evs = t.maybeFinish(evs, now)
	if t.phase == PhasePlaying && t.round != nil && t.due == 0 && t.anyInPlay() {
		evs = t.closeRound(evs, now, true)
	}
	return evs
}

// Seat gives the empty seat of board n, which waits for a reserve, to player at now; rng rolls
// the dice for the colours.
func (t *Tournament) Seat(now time.Time, n int, player string, rng *rand.Rand) ([]Event, error) {
	if t.phase != PhasePlaying {
		return nil, fmt.Errorf("%w: boards are seated while they are played", ErrPhase)
	}
	b, err := t.board(n)
	if err != nil {
		return nil, err
	}
	if !b.waiting() {
		return nil, fmt.Errorf("%w: Board #%d has its players", ErrNotAllowed, n)
	}
	if err := checkPlayerName(player); err != nil {
		return nil, err
	}
	if k := t.activeBoard(player); k > 0 {
		return nil, fmt.Errorf("%w: %s already plays on Board #%d", ErrPlayer, player, k)
	}
	if rng == nil {
		return nil, fmt.Errorf("%w: to roll the dice on Board #%d", ErrNoRandom, n)
	}
	if i := slices.Index(t.reserves, player); i >= 0 {
		t.reserves = slices.Delete(t.reserves, i, i+1)
	}
	return t.seatPair(nil, b, player, now, rng), nil
}

// Correct writes a correction of ledger entry seq: a new entry of amount (negative to take
// back) for the same player, at now, with the host's reason. Past entries never change.
func (t *Tournament) Correct(now time.Time, seq int, amount Amount, reason string) ([]Event, error) {
	if seq < 1 || seq > t.ledger.Len() {
		return nil, fmt.Errorf("%w: the ledger has no entry %d", ErrNotAllowed, seq)
	}
	if amount == 0 || reason == "" {
		return nil, fmt.Errorf("%w: a correction needs an amount and a reason", ErrNotAllowed)
	}
	old := t.ledger.entries[seq-1]
	e := t.ledger.append(LedgerEntry{At: now, Player: old.Player, Amount: amount, Board: old.Board, Round: old.Round,
		Reason: reason, Corrects: seq})
	return t.emit(nil, Event{Kind: EventAward, At: now, Board: e.Board, Player: e.Player, Side: game.NoPlayer, Entry: &e,
		Text: fmt.Sprintf("Correction of entry %d: %s %s %s (%s); balance %s %s", seq, e.Player, e.Amount, t.cfg.Currency, reason, e.Balance, t.cfg.Currency)}), nil
}

// BoardStatus says where a board stands.
type BoardStatus string

// Board statuses.
const (
	BoardWaiting  BoardStatus = "waiting"
	BoardPlaying  BoardStatus = "playing"
	BoardFinished BoardStatus = "finished"
)

// BoardInfo is what the host sees of a board.
type BoardInfo struct {
	BoardRecord
	Status BoardStatus `json:"status"`
	// ToMove is the colour whose move it is (null when the board is not in play).
	ToMove game.Player `json:"toMove"`
	// Due tells that the player to move must still post in the open round.
	Due bool `json:"due"`
	// Plies counts the moves played, forced passes included.
	Plies int `json:"plies"`
	// State is the position's canonical encoding (empty while the board waits).
	State string `json:"state,omitempty"`
}

// Boards lists every board.
func (t *Tournament) Boards() []BoardInfo {
	out := make([]BoardInfo, len(t.boards))
	for i, b := range t.boards {
		out[i] = t.info(b)
	}
	return out
}

// Board returns board n.
func (t *Tournament) Board(n int) (BoardInfo, error) {
	b, err := t.board(n)
	if err != nil {
		return BoardInfo{}, err
	}
	return t.info(b), nil
}

func (t *Tournament) info(b *board) BoardInfo {
	bi := BoardInfo{BoardRecord: cloneRecord(b.BoardRecord), ToMove: b.toMove(), Plies: b.plies()}
	switch {
	case b.Result != nil:
		bi.Status = BoardFinished
	case b.waiting():
		bi.Status = BoardWaiting
	default:
		bi.Status = BoardPlaying
	}
	if lt := b.live(); lt != nil {
		bi.State = lt.State().Encode()
	}
	bi.Due = t.round != nil && b.Post == nil && bi.ToMove == t.round.Side
	return bi
}

// cloneRecord copies a record so that callers cannot change the tournament through it.
func cloneRecord(r BoardRecord) BoardRecord {
	c := r
	c.Rolls = slices.Clone(r.Rolls)
	for p := range c.Seats {
		c.Seats[p].Replaced = slices.Clone(r.Seats[p].Replaced)
	}
	if r.Post != nil {
		p := *r.Post
		c.Post = &p
	}
	if r.Last != nil {
		l := *r.Last
		c.Last = &l
	}
	if r.Result != nil {
		res := *r.Result
		c.Result = &res
	}
	return c
}

// Due is a player who must still post in the open round.
type Due struct {
	Board  int         `json:"board"`
	Player string      `json:"player"`
	Side   game.Player `json:"side"`
}

// Due lists the players who must still post in the open round, by board (the house AI among
// them: the server posts its moves).
func (t *Tournament) Due() []Due {
	if t.round == nil {
		return nil
	}
	var out []Due
	for _, b := range t.boards {
		if b.Post == nil && b.toMove() == t.round.Side {
			out = append(out, Due{Board: b.Number, Player: b.Seats[t.round.Side].Player, Side: t.round.Side})
		}
	}
	return out
}

// Table returns a copy of board n's table in play (for a view of the game), or an error while
// the board waits for its players.
func (t *Tournament) Table(n int) (*game.Table, error) {
	b, err := t.board(n)
	if err != nil {
		return nil, err
	}
	if b.live() == nil {
		return nil, fmt.Errorf("%w: Board #%d waits for a second player", ErrNotAllowed, n)
	}
	return b.live().Clone(), nil
}

// Games returns copies of all of board n's tables, oldest first: one, or more when the
// forced-pass rule passed a turn (each forced pass starts a table from the position with the
// turn passed).
func (t *Tournament) Games(n int) ([]*game.Table, error) {
	b, err := t.board(n)
	if err != nil {
		return nil, err
	}
	out := make([]*game.Table, len(b.tables))
	for i, tb := range b.tables {
		out[i] = tb.Clone()
	}
	return out, nil
}
