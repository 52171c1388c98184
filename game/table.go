package game

import "fmt"

// Table is a game being played: its start, its moves, its current state and, at a simultaneous
// node, the selections submitted so far. A selection stays secret until both are in: View shows
// each side only its own. A Table is not safe for concurrent use; servers guard it.
type Table struct {
	start     State
	state     State
	moves     []Move
	pending   Joint
	submitted [2]bool
}

// NewTable starts a table from s (which it copies).
func NewTable(s State) *Table {
	return &Table{start: s.Clone(), state: s.Clone(), pending: Joint{NoAction, NoAction}}
}

// State returns a copy of the current state.
func (t *Table) State() State { return t.state.Clone() }

// Start returns a copy of the starting state.
func (t *Table) Start() State { return t.start.Clone() }

// Moves returns the moves played so far.
func (t *Table) Moves() []Move { return append([]Move(nil), t.moves...) }

// Submit takes p's action. At a sequential node it is validated and played at once. At a
// simultaneous node it is validated and held (replacing p's earlier selection) until the other
// side's is in; then the joint move is played. played reports whether a move was played.
func (t *Table) Submit(p Player, a Action) (played bool, err error) {
	if err := CheckLegal(t.state, p, a); err != nil {
		return false, err
	}
	if !t.state.ToAct().Simultaneous() {
		if err := t.state.Apply(a); err != nil {
			return false, err
		}
		t.moves = append(t.moves, Single(p, a))
		return true, nil
	}
	t.pending[p] = a
	t.submitted[p] = true
	if !t.submitted[First] || !t.submitted[Second] {
		return false, nil
	}
	j := t.pending
	if err := t.state.ApplyJoint(j); err != nil {
		return false, fmt.Errorf("joint move rejected: %w", err)
	}
	t.moves = append(t.moves, Simultaneous(j))
	t.pending = Joint{NoAction, NoAction}
	t.submitted = [2]bool{}
	return true, nil
}

// Withdraw takes back p's pending selection at a simultaneous node.
func (t *Table) Withdraw(p Player) {
	if p.Valid() {
		t.pending[p] = NoAction
		t.submitted[p] = false
	}
}

// Pending returns p's secret pending selection, or NoAction; only p (and storage) may see it.
func (t *Table) Pending(p Player) Action {
	if !p.Valid() {
		return NoAction
	}
	return t.pending[p]
}

// View is what one side (or a spectator) may see of a table.
type View struct {
	// Viewer is the side this view is for; NoPlayer for a spectator.
	Viewer Player
	// State is the canonical encoding of the current state (all of Turncoat's games show the
	// whole position to both sides).
	State string
	// ToAct is who must act now.
	ToAct Actors
	// Submitted tells which sides have a selection in at a simultaneous node; the selection
	// itself is shown only to its owner, in Own.
	Submitted [2]bool
	// Own is the viewer's own pending selection in notation, or "".
	Own string
	// Moves is the history in the game's notation.
	Moves []string
	// Outcome is the result once the game is over.
	Outcome Outcome
}

// View returns what viewer may see.
func (t *Table) View(viewer Player) View {
	v := View{
		Viewer:    viewer,
		State:     t.state.Encode(),
		ToAct:     t.state.ToAct(),
		Submitted: t.submitted,
		Outcome:   t.state.Outcome(),
	}
	if viewer.Valid() && t.submitted[viewer] {
		v.Own = t.state.FormatAction(viewer, t.pending[viewer])
	}
	s := t.start.Clone()
	for _, m := range t.moves {
		v.Moves = append(v.Moves, FormatMove(s, m))
		if err := PlayMove(s, m); err != nil {
			break // cannot happen: every stored move was validated
		}
	}
	return v
}
