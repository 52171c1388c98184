package game

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// Snapshot is everything a table holds, in a form storage keeps: the start, the moves in
// notation with their times, the pending selections (secret: storage only), the clocks, a draw
// offer, how the game ended outside its rules, and the version. Restore rebuilds the table,
// replaying the moves through the game's rules. Actions are never stored: notation is.
type Snapshot struct {
	Game string `json:"game"`
	// Start is the starting state's canonical encoding (its options included).
	Start   string             `json:"start"`
	Created time.Time          `json:"created"`
	Time    TimeControl        `json:"timeControl"`
	Moves   []SnapshotMove     `json:"moves"`
	Pending [2]*SnapshotChoice `json:"pending"`
	Clock   SnapshotClock      `json:"clock"`
	// DrawOffer is the side whose draw offer stands, or null.
	DrawOffer Player           `json:"drawOffer"`
	Takeback  *TakebackRequest `json:"takeback,omitempty"`
	End       *SnapshotEnd     `json:"end,omitempty"`
	Version   int64            `json:"version"`
}

// SnapshotMove is one move of a snapshot.
type SnapshotMove struct {
	// Move is the move in notation; at a simultaneous node both selections, First's first.
	Move string    `json:"move"`
	At   time.Time `json:"at"`
	// Clock is each side's time left after the move, in nanoseconds.
	Clock [2]time.Duration `json:"clock"`
	// Nonces are a simultaneous round's commitment nonces.
	Nonces [2]string `json:"nonces,omitzero"`
}

// SnapshotChoice is a pending selection of a snapshot.
type SnapshotChoice struct {
	Selection string    `json:"selection"`
	Nonce     string    `json:"nonce"`
	At        time.Time `json:"at"`
}

// SnapshotClock is the clocks of a snapshot (times in nanoseconds).
type SnapshotClock struct {
	Remaining [2]time.Duration `json:"remaining"`
	Running   [2]bool          `json:"running"`
	Since     time.Time        `json:"since"`
	// FirstMoveBy: see Clock.
	FirstMoveBy time.Time `json:"firstMoveBy,omitzero"`
}

// SnapshotEnd is how a game ended outside its rules.
type SnapshotEnd struct {
	Ending Ending    `json:"ending"`
	Winner Player    `json:"winner"`
	By     Player    `json:"by"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// Snapshot returns the table's snapshot.
func (t *Table) Snapshot() Snapshot {
	s := Snapshot{
		Game:      t.game.Name(),
		Start:     t.start.Encode(),
		Created:   t.created,
		Time:      t.clock.Control,
		Moves:     make([]SnapshotMove, len(t.moves)),
		Clock:     SnapshotClock{Remaining: t.clock.Remaining, Running: t.clock.Running, Since: t.clock.Since, FirstMoveBy: t.clock.FirstMoveBy},
		DrawOffer: t.drawOffer,
		Version:   t.version,
	}
	for i, m := range t.moves {
		s.Moves[i] = SnapshotMove{Move: m.Text, At: m.At, Clock: m.Clock, Nonces: m.Nonces}
	}
	for p := range t.pending {
		if c := t.pending[p]; c != nil {
			s.Pending[p] = &SnapshotChoice{Selection: c.Text, Nonce: c.Nonce, At: c.At}
		}
	}
	if r := t.takeback; r != nil {
		c := *r
		s.Takeback = &c
	}
	if e := t.end; e != nil {
		s.End = &SnapshotEnd{Ending: e.Outcome.Ending, Winner: e.Outcome.Winner, By: e.By, Reason: e.Outcome.Reason, At: e.At}
	}
	return s
}

// Restore rebuilds a table from a snapshot, validating it: the game must be known, the start
// must decode, every move must be legal where it stands, pending selections must be legal at a
// simultaneous node, and the rest consistent. rnd is the source of future nonces (nil for
// crypto/rand).
func Restore(reg *Registry, snap Snapshot, rnd io.Reader) (*Table, error) {
	bad := func(format string, args ...any) (*Table, error) {
		return nil, fmt.Errorf("%w: snapshot: %s", ErrSyntax, fmt.Sprintf(format, args...))
	}
	g, err := reg.Lookup(snap.Game)
	if err != nil {
		return nil, err
	}
	start, err := g.Decode(snap.Start)
	if err != nil {
		return nil, fmt.Errorf("snapshot start: %w", err)
	}
	if err := snap.Time.Validate(); err != nil {
		return nil, err
	}
	t, err := NewTable(start, TableConfig{Time: snap.Time, Now: snap.Created, Rand: rnd})
	if err != nil {
		return nil, err
	}
	s := t.state
	for i, sm := range snap.Moves {
		m, err := ParseMove(s, sm.Move)
		if err == nil {
			err = CheckMove(s, m)
		}
		if err != nil {
			return nil, fmt.Errorf("snapshot move %d (%s): %w", i+1, sm.Move, err)
		}
		text := FormatMove(s, m)
		pm := PlayedMove{Move: m, Text: text, At: sm.At, Clock: sm.Clock}
		if m.Actors.Simultaneous() {
			for p := First; p <= Second; p++ {
				if !validNonce(sm.Nonces[p]) {
					return bad("move %d: bad nonce %q", i+1, sm.Nonces[p])
				}
				pm.Selections[p] = s.FormatAction(p, m.Actions[p])
			}
			pm.Nonces = sm.Nonces
		}
		for p := range sm.Clock {
			if sm.Clock[p] < 0 {
				return bad("move %d: negative clock", i+1)
			}
		}
		if err := PlayMove(s, m); err != nil {
			return nil, fmt.Errorf("snapshot move %d (%s): %w", i+1, sm.Move, err)
		}
		t.moves = append(t.moves, pm)
	}
	for p := First; p <= Second; p++ {
		c := snap.Pending[p]
		if c == nil {
			continue
		}
		if !s.ToAct().Simultaneous() || s.Outcome().Over {
			return bad("a pending selection where nobody selects")
		}
		a, err := s.ParseAction(p, c.Selection)
		if err == nil {
			err = CheckLegal(s, p, a)
		}
		if err != nil {
			return nil, fmt.Errorf("snapshot pending selection of %s: %w", p, err)
		}
		if !validNonce(c.Nonce) {
			return bad("pending selection of %s: bad nonce", p)
		}
		text := s.FormatAction(p, a)
		t.pending[p] = &Selection{Action: a, Text: text, Nonce: c.Nonce, Commitment: Commit(c.Nonce, text), At: c.At}
	}
	if t.pending[First] != nil && t.pending[Second] != nil {
		return bad("both selections pending: the round should have been played")
	}
	if snap.DrawOffer != NoPlayer && !snap.DrawOffer.Valid() {
		return bad("bad draw offer")
	}
	t.drawOffer = snap.DrawOffer
	if r := snap.Takeback; r != nil {
		if !r.By.Valid() || r.Moves < 1 || r.Moves > len(t.moves) {
			return bad("bad takeback request")
		}
		c := *r
		t.takeback = &c
	}
	for p := range snap.Clock.Remaining {
		if snap.Clock.Remaining[p] < 0 {
			return bad("negative clock")
		}
	}
	t.clock.Remaining = snap.Clock.Remaining
	t.clock.Running = snap.Clock.Running
	t.clock.Since = snap.Clock.Since
	t.clock.FirstMoveBy = snap.Clock.FirstMoveBy
	if !t.clock.Timed() && (t.clock.Running != [2]bool{}) {
		return bad("clocks run in an untimed game")
	}
	if !t.clock.FirstMoveBy.IsZero() && (t.clock.Control.Kind != Fischer || t.clock.Running != [2]bool{}) {
		return bad("a first move's wait with running clocks")
	}
	if e := snap.End; e != nil {
		if s.Outcome().Over {
			return bad("an ending outside the rules after the rules ended the game")
		}
		o := Outcome{Over: true, Winner: e.Winner, Ending: e.Ending, Reason: e.Reason}
		switch e.Ending {
		case EndClaim:
			c, ok := s.(DrawClaimer)
			if !ok || !e.By.Valid() {
				return bad("a draw claim in a game without claims")
			}
			if err := c.ClaimDraw(e.By); err != nil {
				return nil, fmt.Errorf("snapshot draw claim: %w", err)
			}
			o = s.Outcome()
		case EndResignation, EndAgreement, EndTime, EndAbort, EndAdjudication, EndAbandoned:
			if e.Winner != NoPlayer && !e.Winner.Valid() || e.By != NoPlayer && !e.By.Valid() {
				return bad("bad ending players")
			}
		default:
			return bad("ending %q is not an ending outside the rules", e.Ending)
		}
		t.end = &TableEnd{Outcome: o, By: e.By, At: e.At}
		if t.pending != [2]*Selection{} {
			return bad("a pending selection in a finished game")
		}
	}
	if snap.Version < int64(len(snap.Moves)) {
		return bad("version %d below the %d moves", snap.Version, len(snap.Moves))
	}
	t.version = snap.Version
	return t, nil
}

// CheckMove validates m against s without applying it.
func CheckMove(s State, m Move) error {
	acts := s.ToAct()
	if acts == Nobody {
		return ErrGameOver
	}
	if m.Actors != acts {
		return fmt.Errorf("%w: the move is for %s", ErrNotYourTurn, describeActors(m.Actors))
	}
	for _, p := range m.Actors.Players() {
		if err := CheckLegal(s, p, m.Actions[p]); err != nil {
			return err
		}
	}
	return nil
}

func validNonce(n string) bool {
	b, err := hex.DecodeString(n)
	return err == nil && len(b) == 16 && hex.EncodeToString(b) == n
}

// UnmarshalJSON reads a snapshot; a missing drawOffer means none (not First, Player's zero).
func (s *Snapshot) UnmarshalJSON(b []byte) error {
	type plain Snapshot
	p := plain{DrawOffer: NoPlayer}
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*s = Snapshot(p)
	return nil
}

// UnmarshalJSON reads an ending; missing players mean none (not First, Player's zero).
func (e *SnapshotEnd) UnmarshalJSON(b []byte) error {
	type plain SnapshotEnd
	p := plain{Winner: NoPlayer, By: NoPlayer}
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*e = SnapshotEnd(p)
	return nil
}
