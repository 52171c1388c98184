package game

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"
)

// Table is a game being played: its start, its moves with their times and notation, its current
// state, the selections of a simultaneous node (secret until both are in), the clocks, a draw
// offer, and how the game ended when something outside the rules ended it (a resignation, an
// agreed draw, time...). It is the one core every played game goes through: the server, terminal
// play and engine matches.
//
// Every command takes the time it happens (the table does no I/O and reads no clock) and returns
// the events it caused, each with the table's new version, so a server stores and broadcasts
// exactly those. A command that fails changes nothing, with one exception: a command by a side
// whose time has already run out ends the game on time, and returns that event with its error.
//
// A Table is not safe for concurrent use; servers guard it.
type Table struct {
	game      Game
	start     State
	state     State
	moves     []PlayedMove
	pending   [2]*Selection
	clock     Clock
	drawOffer Player
	takeback  *TakebackRequest
	end       *TableEnd
	version   int64
	created   time.Time
	rand      io.Reader
}

// PlayedMove is one entry of a table's history.
type PlayedMove struct {
	// Move is the actions played.
	Move Move
	// Text is the move in the game's notation (both selections, First's first, at a
	// simultaneous node), computed once when it was played.
	Text string
	// At is when it was played (when the second selection came in, at a simultaneous node).
	At time.Time
	// Clock is each side's time left just after the move.
	Clock [2]time.Duration
	// Selections and Nonces are, at a simultaneous node, each side's selection in notation and
	// the nonce of its commitment (see Selection).
	Selections [2]string
	Nonces     [2]string
}

// Selection is a side's pending selection at a simultaneous node. Only its owner (and storage)
// may see Action and Text before both are in; the opponent sees the Commitment, which the
// reveal lets it check: Commitment = hex(SHA-256(Nonce + ":" + Text)).
type Selection struct {
	Action     Action
	Text       string
	Nonce      string
	Commitment string
	At         time.Time
}

// Commit returns the commitment to a selection: the lowercase hex SHA-256 of nonce, ":" and the
// selection in notation.
func Commit(nonce, text string) string {
	h := sha256.Sum256([]byte(nonce + ":" + text))
	return hex.EncodeToString(h[:])
}

// TableEnd is how a game ended outside its rules (or by a claim the table made for a side).
type TableEnd struct {
	Outcome Outcome
	// By is the side whose command ended it (the resigning side, the side that accepted a draw,
	// the claimant, the side that ran out of time); NoPlayer for an adjudication.
	By Player
	At time.Time
}

// TakebackRequest is a side's standing request to take back the last Moves moves.
type TakebackRequest struct {
	By    Player `json:"by"`
	Moves int    `json:"moves"`
}

// TableConfig sets up a new table.
type TableConfig struct {
	// Time is the time control; the zero value is untimed.
	Time TimeControl
	// Now is when the game starts: the first clocks run from then.
	Now time.Time
	// Rand is the source of the commitments' nonces; nil means crypto/rand.
	Rand io.Reader
	// Held keeps the clocks stopped until Begin (a game waiting for its opponent).
	Held bool
}

// Errors of table commands, for errors.Is (besides ErrIllegal, ErrNotYourTurn, ErrGameOver).
var (
	// ErrNoSuchPlayer marks a command for a side that is neither First nor Second.
	ErrNoSuchPlayer = errors.New("no such player")
	// ErrNotAllowed marks a command the table's state does not allow now (accepting a draw
	// nobody offered, aborting after both sides moved, taking back more plies than were
	// played).
	ErrNotAllowed = errors.New("not allowed now")
)

// NewTable starts a table from s (which it copies).
func NewTable(s State, cfg TableConfig) (*Table, error) {
	if err := cfg.Time.Validate(); err != nil {
		return nil, err
	}
	t := &Table{
		game:      s.Game(),
		start:     s.Clone(),
		state:     s.Clone(),
		clock:     NewClock(cfg.Time, cfg.Now),
		drawOffer: NoPlayer,
		created:   cfg.Now,
		rand:      cfg.Rand,
	}
	if t.rand == nil {
		t.rand = rand.Reader
	}
	if !cfg.Held {
		t.runClocks(cfg.Now)
	}
	return t, nil
}

// moved returns the sides that have made a move.
func (t *Table) moved() Actors {
	var a Actors
	for _, m := range t.moves {
		if a |= m.Move.Actors; a == BothAct {
			break
		}
	}
	return a
}

// started reports whether the clocks count: always, except in a Fischer game before both sides
// have made their first move (as on the big chess servers, a side's first move is free, and a
// game whose side does not make it in time is aborted: see FirstMoveWait).
func (t *Table) started() bool {
	return t.clock.Control.Kind != Fischer || t.moved() == BothAct
}

// runClocks runs, at now, the clocks of the sides to act, or, before the clocks start (see
// started), none, with the time by which the side to move must make its first move.
func (t *Table) runClocks(now time.Time) {
	t.clock.FirstMoveBy = time.Time{}
	if t.started() || t.Over() {
		t.clock.run(t.ToAct(), now)
		return
	}
	t.clock.run(Nobody, now)
	t.clock.FirstMoveBy = now.Add(FirstMoveWait(t.clock.Control))
}

// Game returns the game played.
func (t *Table) Game() Game { return t.game }

// State returns a copy of the current state.
func (t *Table) State() State { return t.state.Clone() }

// Start returns a copy of the starting state.
func (t *Table) Start() State { return t.start.Clone() }

// Moves returns the moves played so far.
func (t *Table) Moves() []PlayedMove { return append([]PlayedMove(nil), t.moves...) }

// Ply returns the number of moves played (a simultaneous round is one).
func (t *Table) Ply() int { return len(t.moves) }

// Version returns the table's version: it grows by one with every event.
func (t *Table) Version() int64 { return t.version }

// Created returns when the game started.
func (t *Table) Created() time.Time { return t.created }

// Clock returns the clocks as of their last update (see Clock.Left for the time left now).
func (t *Table) Clock() Clock { return t.clock }

// DrawOffer returns the side whose draw offer stands, or NoPlayer.
func (t *Table) DrawOffer() Player { return t.drawOffer }

// Outcome returns how the game ended, or InPlay.
func (t *Table) Outcome() Outcome {
	if t.end != nil {
		return t.end.Outcome
	}
	return t.state.Outcome()
}

// End returns how the game ended outside its rules, or nil.
func (t *Table) End() *TableEnd {
	if t.end == nil {
		return nil
	}
	e := *t.end
	return &e
}

// Over reports whether the game has ended.
func (t *Table) Over() bool { return t.Outcome().Over }

// ToAct returns who must act now; Nobody once the game is over.
func (t *Table) ToAct() Actors {
	if t.Over() {
		return Nobody
	}
	return t.state.ToAct()
}

// Pending returns p's secret pending selection, or nil; only p (and storage) may see it.
func (t *Table) Pending(p Player) *Selection {
	if !p.Valid() || t.pending[p] == nil {
		return nil
	}
	s := *t.pending[p]
	return &s
}

// Submitted reports which sides have a selection in at a simultaneous node.
func (t *Table) Submitted() [2]bool {
	return [2]bool{t.pending[First] != nil, t.pending[Second] != nil}
}

// Deadline returns when the first running clock runs out (or, before the clocks start, when
// the game is aborted for want of a first move), and false when no clock runs.
func (t *Table) Deadline() (time.Time, bool) {
	if t.Over() {
		return time.Time{}, false
	}
	if !t.clock.FirstMoveBy.IsZero() {
		return t.clock.FirstMoveBy, true
	}
	return t.clock.Deadline()
}

// emit records one event: the version grows and the event carries it.
func (t *Table) emit(e Event) Event {
	t.version++
	e.Version = t.version
	e.Ply = len(t.moves)
	if t.clock.Timed() {
		cv := t.clockView(e.At)
		e.Clock = &cv
	}
	return e
}

// side returns p's name under the game's options ("Black").
func (t *Table) side(p Player) string {
	if !p.Valid() {
		return "nobody"
	}
	return t.game.SideNames(t.state.Options())[p]
}

func checkPlayer(p Player) error {
	if !p.Valid() {
		return fmt.Errorf("%w: %d", ErrNoSuchPlayer, p)
	}
	return nil
}

// inPlay is the preamble of the commands that need a game in play: p is a side, and the game
// has not ended, on time included (the returned events then end it).
func (t *Table) inPlay(p Player, now time.Time) ([]Event, error) {
	if err := checkPlayer(p); err != nil {
		return nil, err
	}
	if evs := t.Tick(now); len(evs) > 0 {
		return evs, fmt.Errorf("%w: %s", ErrGameOver, t.Outcome().Reason)
	}
	if t.Over() {
		return nil, ErrGameOver
	}
	return nil, nil
}

// SubmitText reads p's action in the game's notation and submits it.
func (t *Table) SubmitText(p Player, text string, now time.Time) ([]Event, error) {
	if err := checkPlayer(p); err != nil {
		return nil, err
	}
	if t.Over() {
		return t.Submit(p, NoAction, now) // the right error (and a time loss, if due)
	}
	a, err := t.state.ParseAction(p, text)
	if err != nil {
		return nil, err
	}
	return t.Submit(p, a, now)
}

// Submit takes p's action at now. At a sequential node it is validated and played at once. At a
// simultaneous node it is validated and held secret (replacing p's earlier selection, which a
// side may change until the other's is in) and p's clock stops; when both are in, the round is
// played and both selections are revealed.
func (t *Table) Submit(p Player, a Action, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	if err := CheckLegal(t.state, p, a); err != nil {
		return nil, err
	}
	if !t.state.ToAct().Simultaneous() {
		return t.play(Single(p, a), now, [2]string{}, [2]string{})
	}
	sel, err := t.newSelection(p, a, now)
	if err != nil {
		return nil, err
	}
	other := t.pending[p.Other()]
	if other == nil {
		t.pending[p] = sel
		t.clock.stop(p, now)
		return []Event{t.emit(Event{Kind: EventSelection, Player: p, At: now, Commitment: sel.Commitment, secret: sel.Text})}, nil
	}
	j := Joint{}
	j[p], j[p.Other()] = a, other.Action
	var texts, nonces [2]string
	texts[p], texts[p.Other()] = sel.Text, other.Text
	nonces[p], nonces[p.Other()] = sel.Nonce, other.Nonce
	return t.play(Simultaneous(j), now, texts, nonces)
}

// newSelection makes p's selection with a fresh nonce.
func (t *Table) newSelection(p Player, a Action, now time.Time) (*Selection, error) {
	var b [16]byte
	if _, err := io.ReadFull(t.rand, b[:]); err != nil {
		return nil, fmt.Errorf("drawing a nonce: %w", err)
	}
	nonce := hex.EncodeToString(b[:])
	text := t.state.FormatAction(p, a)
	return &Selection{Action: a, Text: text, Nonce: nonce, Commitment: Commit(nonce, text), At: now}, nil
}

// play applies a validated move to a copy of the state and, if that succeeds, commits it.
func (t *Table) play(m Move, now time.Time, selections, nonces [2]string) ([]Event, error) {
	next := t.state.Clone()
	var err error
	if m.Actors.Simultaneous() {
		err = next.ApplyJoint(m.Actions)
	} else {
		err = next.Apply(m.Actions[m.Actors.Single()])
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrIllegal, err)
	}
	text := FormatMove(t.state, m)
	t.clock.charge(now)
	started := t.started()
	for _, p := range m.Actors.Players() {
		t.clock.Running[p] = false
		if started {
			t.clock.credit(p) // a first move, whose time no clock counted, earns no increment
		}
	}
	t.state = next
	t.pending = [2]*Selection{}
	mover := m.Actors.Single()
	if t.drawOffer.Valid() && m.Actors.Has(t.drawOffer.Other()) {
		t.drawOffer = NoPlayer // the side offered a draw moved instead: declined
	}
	t.takeback = nil // a takeback request is about the position it was made in
	pm := PlayedMove{Move: m, Text: text, At: now, Selections: selections, Nonces: nonces}
	pm.Clock = t.clock.Remaining
	t.moves = append(t.moves, pm)
	t.runClocks(now)
	ev := Event{Kind: EventMove, Player: mover, At: now, Move: text}
	if m.Actors.Simultaneous() {
		ev.Reveal = &[2]Reveal{{selections[First], nonces[First]}, {selections[Second], nonces[Second]}}
	}
	evs := []Event{t.emit(ev)}
	if o := t.Outcome(); o.Over {
		t.clock.run(Nobody, now)
		t.clock.FirstMoveBy = time.Time{}
		evs = append(evs, t.emit(Event{Kind: EventEnd, Player: NoPlayer, At: now, Outcome: &o}))
	}
	return evs, nil
}

// Withdraw takes back p's pending selection at a simultaneous node; p's clock runs again.
func (t *Table) Withdraw(p Player, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	if t.pending[p] == nil {
		return nil, fmt.Errorf("%w: %s has no selection to withdraw", ErrNotAllowed, p)
	}
	t.pending[p] = nil
	t.clock.charge(now)
	if t.clock.Timed() && t.clock.FirstMoveBy.IsZero() {
		t.clock.Running[p] = true
	}
	return []Event{t.emit(Event{Kind: EventWithdrawn, Player: p, At: now})}, nil
}

// Tick ends the game on time if a running clock has run out at now: a loss for that side, or a
// draw when its opponent could not win (see Winnable) or both ran out together. It returns the
// events (none when nothing happened).
func (t *Table) Tick(now time.Time) []Event {
	if t.Over() || !t.clock.Timed() {
		return nil
	}
	if by := t.clock.FirstMoveBy; !by.IsZero() {
		if now.Before(by) {
			return nil
		}
		return t.finish(t.noFirstMove(), NoPlayer, by)
	}
	p, both := t.clock.Flagged(now)
	if p == NoPlayer && !both {
		return nil
	}
	var o Outcome
	switch {
	case both:
		o = Outcome{Over: true, Winner: NoPlayer, Ending: EndTime, Reason: "both sides ran out of time"}
	case !canWin(t.state, p.Other()):
		o = Outcome{Over: true, Winner: NoPlayer, Ending: EndTime, Reason: t.side(p) + " ran out of time; " + t.side(p.Other()) + " cannot win"}
	default:
		o = Outcome{Over: true, Winner: p.Other(), Ending: EndTime, Reason: t.side(p) + " ran out of time"}
	}
	flagAt := now
	if d, ok := t.clock.Deadline(); ok && d.Before(now) {
		flagAt = d
	}
	t.clock.run(Nobody, flagAt)
	t.pending = [2]*Selection{}
	t.drawOffer = NoPlayer
	t.takeback = nil
	t.end = &TableEnd{Outcome: o, By: p, At: flagAt}
	return []Event{t.emit(Event{Kind: EventEnd, Player: p, At: flagAt, Outcome: &o})}
}

// Winnable is a state that knows whether a side can still win at all (chess's insufficient
// material): a side that runs out of time against an opponent who cannot win draws.
type Winnable interface {
	CanWin(p Player) bool
}

func canWin(s State, p Player) bool {
	if w, ok := s.(Winnable); ok {
		return w.CanWin(p)
	}
	return true
}

// noFirstMove is the outcome of a game whose side to move did not make its first move in time.
func (t *Table) noFirstMove() Outcome {
	var late []Player
	for _, p := range (t.ToAct() &^ t.moved()).Players() {
		if t.pending[p] == nil {
			late = append(late, p)
		}
	}
	reason := "no first move in time"
	if len(late) == 1 {
		reason = t.side(late[0]) + " did not make a first move in time"
	}
	return Outcome{Over: true, Winner: NoPlayer, Ending: EndAbort, Reason: reason}
}

// finish ends the game outside its rules.
func (t *Table) finish(o Outcome, by Player, now time.Time) []Event {
	t.clock.run(Nobody, now)
	t.clock.FirstMoveBy = time.Time{}
	t.pending = [2]*Selection{}
	t.drawOffer = NoPlayer
	t.takeback = nil
	t.end = &TableEnd{Outcome: o, By: by, At: now}
	return []Event{t.emit(Event{Kind: EventEnd, Player: by, At: now, Outcome: &o})}
}

// Resign ends the game: p loses.
func (t *Table) Resign(p Player, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	o := Outcome{Over: true, Winner: p.Other(), Ending: EndResignation, Reason: t.side(p) + " resigned"}
	return t.finish(o, p, now), nil
}

// Abandon ends the game because p left it for good (its player's account closed): p loses.
func (t *Table) Abandon(p Player, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	o := Outcome{Over: true, Winner: p.Other(), Ending: EndAbandoned, Reason: t.side(p) + " abandoned the game"}
	return t.finish(o, p, now), nil
}

// OfferDraw offers a draw from p. If the opponent's offer stands, it is accepted instead. An
// offer stands until the opponent accepts, declines or moves.
func (t *Table) OfferDraw(p Player, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	switch t.drawOffer {
	case p.Other():
		return t.AcceptDraw(p, now)
	case p:
		return nil, fmt.Errorf("%w: %s's draw offer already stands", ErrNotAllowed, p)
	}
	t.drawOffer = p
	return []Event{t.emit(Event{Kind: EventDrawOffer, Player: p, At: now})}, nil
}

// AcceptDraw accepts the opponent's standing draw offer: the game is drawn by agreement.
func (t *Table) AcceptDraw(p Player, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	if t.drawOffer != p.Other() {
		return nil, fmt.Errorf("%w: %s has not offered a draw", ErrNotAllowed, p.Other())
	}
	o := Outcome{Over: true, Winner: NoPlayer, Ending: EndAgreement, Reason: "draw agreed"}
	return t.finish(o, p, now), nil
}

// DeclineDraw declines the opponent's standing draw offer.
func (t *Table) DeclineDraw(p Player, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	if t.drawOffer != p.Other() {
		return nil, fmt.Errorf("%w: %s has not offered a draw", ErrNotAllowed, p.Other())
	}
	t.drawOffer = NoPlayer
	return []Event{t.emit(Event{Kind: EventDrawDeclined, Player: p, At: now})}, nil
}

// DrawClaimer is a state whose rules let a side claim a draw on request, whoever is to move
// (Turnover's threefold repetition). The claim is made through Table.ClaimDraw, so the side not
// to move can claim too.
type DrawClaimer interface {
	// CanClaimDraw reports whether p may claim a draw now.
	CanClaimDraw(p Player) bool
	// ClaimDraw ends the game in a draw claimed by p (its Outcome then says EndClaim), or says
	// why p may not.
	ClaimDraw(p Player) error
}

// CanClaimDraw reports whether p may claim a draw now.
func (t *Table) CanClaimDraw(p Player) bool {
	c, ok := t.state.(DrawClaimer)
	return ok && p.Valid() && !t.Over() && c.CanClaimDraw(p)
}

// ClaimDraw claims a draw for p under the game's rules.
func (t *Table) ClaimDraw(p Player, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	if _, ok := t.state.(DrawClaimer); !ok {
		return nil, fmt.Errorf("%w: %s has no draw claims", ErrNotAllowed, t.game.Title())
	}
	next := t.state.Clone()
	if err := next.(DrawClaimer).ClaimDraw(p); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotAllowed, err)
	}
	o := next.Outcome()
	if !o.Over {
		return nil, fmt.Errorf("%w: the claim did not end the game", ErrNotAllowed)
	}
	t.state = next
	return t.finish(o, p, now), nil
}

// Abort calls the game off before it really began, while at least one side has not moved yet:
// nobody wins or loses.
func (t *Table) Abort(p Player, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil {
		return evs, err
	}
	var moved Actors
	for _, m := range t.moves {
		moved |= m.Move.Actors
	}
	if moved == BothAct {
		return nil, fmt.Errorf("%w: both sides have moved; the game can no longer be aborted", ErrNotAllowed)
	}
	o := Outcome{Over: true, Winner: NoPlayer, Ending: EndAbort, Reason: "aborted by " + t.side(p)}
	return t.finish(o, p, now), nil
}

// Adjudicate ends the game with the given winner (NoPlayer for a draw) by a host's or an
// arbiter's decision.
func (t *Table) Adjudicate(winner Player, reason string, now time.Time) ([]Event, error) {
	if winner != NoPlayer && !winner.Valid() {
		return nil, fmt.Errorf("%w: %d", ErrNoSuchPlayer, winner)
	}
	if t.Over() {
		return nil, ErrGameOver
	}
	if reason == "" {
		reason = "adjudicated"
	}
	o := Outcome{Over: true, Winner: winner, Ending: EndAdjudication, Reason: reason}
	return t.finish(o, NoPlayer, now), nil
}

// Takeback takes back the last n moves (a simultaneous round is one): the position, the clocks
// and the history return to what they were after the move before them; pending selections and
// a draw offer are cleared. A game over by its rules may be taken back; one ended outside them
// (resignation, agreement, time...) may not.
func (t *Table) Takeback(n int, now time.Time) ([]Event, error) {
	if t.end != nil {
		return nil, fmt.Errorf("%w: the game ended by %s", ErrGameOver, t.end.Outcome.Ending)
	}
	if n < 1 || n > len(t.moves) {
		return nil, fmt.Errorf("%w: cannot take back %d moves of %d", ErrNotAllowed, n, len(t.moves))
	}
	keep := len(t.moves) - n
	s := t.start.Clone()
	for i, m := range t.moves[:keep] {
		if err := PlayMove(s, m.Move); err != nil {
			return nil, fmt.Errorf("replaying move %d: %w", i+1, err)
		}
	}
	t.state = s
	t.moves = t.moves[:keep:keep]
	t.pending = [2]*Selection{}
	t.drawOffer = NoPlayer
	t.takeback = nil
	t.clock.charge(now)
	if keep > 0 {
		t.clock.Remaining = t.moves[keep-1].Clock
	} else {
		t.clock.Remaining = [2]time.Duration{t.clock.Control.Base, t.clock.Control.Base}
	}
	t.runClocks(now)
	return []Event{t.emit(Event{Kind: EventTakeback, Player: NoPlayer, At: now, Plies: n})}, nil
}

// TakebackRequested returns the standing takeback request, or nil.
func (t *Table) TakebackRequested() *TakebackRequest {
	if t.takeback == nil {
		return nil
	}
	r := *t.takeback
	return &r
}

// RequestTakeback asks, for p, to take back the last n moves; the opponent answers with
// AnswerTakeback. The request lapses when a move is played. (Where no consent is needed — a
// hot-seat game, a game against the AI — call Takeback directly.)
func (t *Table) RequestTakeback(p Player, n int, now time.Time) ([]Event, error) {
	if err := checkPlayer(p); err != nil {
		return nil, err
	}
	if t.end != nil {
		return nil, fmt.Errorf("%w: the game ended by %s", ErrGameOver, t.end.Outcome.Ending)
	}
	if n < 1 || n > len(t.moves) {
		return nil, fmt.Errorf("%w: cannot take back %d moves of %d", ErrNotAllowed, n, len(t.moves))
	}
	if t.takeback != nil {
		return nil, fmt.Errorf("%w: %s's takeback request stands", ErrNotAllowed, t.side(t.takeback.By))
	}
	t.takeback = &TakebackRequest{By: p, Moves: n}
	return []Event{t.emit(Event{Kind: EventTakebackRequest, Player: p, At: now, Plies: n})}, nil
}

// AnswerTakeback accepts or declines, for p, the opponent's takeback request.
func (t *Table) AnswerTakeback(p Player, accept bool, now time.Time) ([]Event, error) {
	if err := checkPlayer(p); err != nil {
		return nil, err
	}
	r := t.takeback
	if r == nil || r.By != p.Other() {
		return nil, fmt.Errorf("%w: %s has not asked for a takeback", ErrNotAllowed, t.side(p.Other()))
	}
	if !accept {
		t.takeback = nil
		return []Event{t.emit(Event{Kind: EventTakebackDeclined, Player: p, At: now, Plies: r.Moves})}, nil
	}
	return t.Takeback(r.Moves, now)
}

// Clone returns an independent copy of the table (sharing only its nonce source).
func (t *Table) Clone() *Table {
	c := *t
	c.start = t.start.Clone()
	c.state = t.state.Clone()
	c.moves = append([]PlayedMove(nil), t.moves...)
	for p := range c.pending {
		if s := t.pending[p]; s != nil {
			cs := *s
			c.pending[p] = &cs
		}
	}
	if t.end != nil {
		e := *t.end
		c.end = &e
	}
	if t.takeback != nil {
		r := *t.takeback
		c.takeback = &r
	}
	return &c
}
