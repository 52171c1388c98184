package game

// Stepper is a state whose moves play out in stages that players watch one by one: a Turncoat
// round turns each board at its owner's square, then, unless that ended the game, at the other
// player's. Comparing the boards before and after such a move shows only what changed in all:
// a piece turned twice shows no change, and nothing tells which stage turned which piece. Steps
// returns the stages of move m from this state, each with the cells it changed, so that a
// client plays them in order without the rules. It does not change the state, and returns nil
// for a move that is not legal here.
type Stepper interface {
	Steps(m Move) []Step
}

// A Step is one stage of a move (see Stepper): the grid of the board it happens on, the square
// it starts from, who caused it, and the cells it changed, as they are after it.
type Step struct {
	Grid  int    `json:"grid"`
	Coord string `json:"coord,omitempty"`
	By    Player `json:"by"`
	Cells []Cell `json:"cells"`
}

// lastSteps returns the stages of the table's last move when its game plays moves in stages,
// replaying the history to the position before it (a few microseconds for the only such game,
// whose rounds are few and cheap); nil otherwise.
func (t *Table) lastSteps() []Step {
	n := len(t.moves)
	if _, ok := t.state.(Stepper); !ok || n == 0 {
		return nil
	}
	s := t.start.Clone()
	for _, m := range t.moves[:n-1] {
		if PlayMove(s, m.Move) != nil {
			return nil
		}
	}
	st, ok := s.(Stepper)
	if !ok {
		return nil
	}
	return st.Steps(t.moves[n-1].Move)
}
