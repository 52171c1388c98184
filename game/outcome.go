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
	// Ending is what ended the game: its rules, or something outside them (a resignation, an
	// agreed draw, a flag fall...). It is EndNone while the game is in play.
	Ending Ending
	// Reason says why the game ended, in a few words ("board full", "checkmate").
	Reason string
	// Text, when set, says the whole end in a reader's language (who won, the score, why):
	// an adapter writes it for the person it answers; the rules never set it.
	Text string
}

// Ending is what ended a game. Its wire form is its name ("rules", "resignation", ...).
type Ending uint8

// Endings. Only EndRules and EndClaim come from a game's rules; the others are decided at the
// table (see Table).
const (
	// EndNone: the game is in play.
	EndNone Ending = iota
	// EndRules: the game's rules ended it (board full, checkmate, no white left...).
	EndRules
	// EndResignation: a side resigned.
	EndResignation
	// EndAgreement: the sides agreed a draw.
	EndAgreement
	// EndTime: a side's time ran out.
	EndTime
	// EndAbort: the game was called off before it really began; nobody won or lost.
	EndAbort
	// EndAdjudication: a host or arbiter decided the result.
	EndAdjudication
	// EndClaim: a side claimed a draw the rules allow on request (Turnover's threefold
	// repetition).
	EndClaim
	// EndAbandoned: a side left the game for good (its player closed the account, or it was
	// suspended): that side loses.
	EndAbandoned
)

var endingNames = [...]string{"none", "rules", "resignation", "agreement", "time", "abort", "adjudication", "claim", "abandoned"}

// String returns the ending's name as the API shows it.
func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return "unknown"
}

// ParseEnding reads an ending's name.
func ParseEnding(name string) (Ending, error) {
	for i, n := range endingNames {
		if n == name {
			return Ending(i), nil
		}
	}
	return EndNone, fmt.Errorf("%w: unknown ending %q", ErrSyntax, name)
}

// InPlay is the outcome of a game that is not over.
var InPlay = Outcome{Winner: NoPlayer}

// Win returns the outcome of a game won by p
// by the game's rules.
func Win(p Player, reason string) Outcome {
	return Outcome{Over: true, Winner: p, Ending: EndRules, Reason: reason}
}

// Draw returns the outcome of a game drawn by the game's rules.
func Draw(reason string) Outcome {
	return Outcome{Over: true, Winner: NoPlayer, Ending: EndRules, Reason: reason}
}

// Claimed returns the outcome of a draw claimed by a side under a rule that allows it on
// request (Turnover's threefold repetition).
func Claimed(reason string) Outcome {
	return Outcome{Over: true, Winner: NoPlayer, Ending: EndClaim, Reason: reason}
}

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
