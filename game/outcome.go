package game

import "fmt"

// Outcome is how a game ended, or that it has not.
type Outcome struct {
	// Over is false while the game is in play; the other fields are then zero.
	Over bool
	// Winner is the winning side, or NoPlayer for a draw.
	Winner Player
	// Scored tells whether the game has a score (Reversi does, Blocs does not).
	Scored bool
	// Score is each side's score under the game's convention (Reversi: discs, with the
	// empty squares going to the winner).
	Score [2]int
	// Reason says why the game ended, in a few words ("board full", "checkmate").
	Reason string
}

// InPlay is the outcome of a game that is not over.
var InPlay = Outcome{Winner: NoPlayer}

// Win returns the outcome of a game won by p.
func Win(p Player, reason string) Outcome { return Outcome{Over: true, Winner: p, Reason: reason} }

// Draw returns the outcome of a drawn game.
func Draw(reason string) Outcome { return Outcome{Over: true, Winner: NoPlayer, Reason: reason} }

// Reward is p's result as a number: 1 for a win, 0.5 for a draw, 0 for a loss (and 0.5 while the
// game is in play). Search maximises it.
func (o Outcome) Reward(p Player) float64 {
	switch {
	case !o.Over || o.Winner == NoPlayer:
		return 0.5
	case o.Winner == p:
		return 1
	}
	return 0
}

// Margin is p's score minus the opponent's (0 for games without a score).
func (o Outcome) Margin(p Player) int {
	if !o.Scored || !p.Valid() {
		return 0
	}
	return o.Score[p] - o.Score[p.Other()]
}

// Describe says how the game ended with the given side names, e.g. "Black wins 44-20 (board
// full)" or "draw (round cap)".
func (o Outcome) Describe(sides [2]string) string {
	if !o.Over {
		return "in play"
	}
	var s string
	if o.Winner == NoPlayer {
		s = "draw"
	} else {
		s = sides[o.Winner] + " wins"
	}
	if o.Scored {
		s += fmt.Sprintf(" %d-%d", o.Score[First], o.Score[Second])
	}
	if o.Reason != "" {
		s += " (" + o.Reason + ")"
	}
	return s
}
