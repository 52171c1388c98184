package blocs

import (
	"fmt"
	"math/bits"
	"strings"

	"turncoat/game"
)

// Diagram draws the board with its labels (B black, W white, '.' empty) and says what the player
// to move may do; viewer does not change it, as Blocs hides nothing.
func (s *State) Diagram(game.Player) string {
	var b strings.Builder
	seating := "same-side seating"
	if s.rules.Opposite {
		seating = "players seated opposite"
	}
	if s.Placing() {
		fmt.Fprintf(&b, "Blocs, placement %d of %d (%s)\n", bits.OnesCount16(s.filled)+1, Squares, seating)
	} else {
		fmt.Fprintf(&b, "Blocs, flipping (%s)\n", seating)
	}
	b.WriteString("    a b c d\n")
	rows := strings.Split(Text(s.filled, s.black), "/")
	for r, row := range rows {
		fmt.Fprintf(&b, "%2d  %s\n", r+1, strings.Join(strings.Split(row, ""), " "))
	}
	switch {
	case s.ToAct() == game.Nobody:
		b.WriteString(s.Outcome().Describe(sideNames))
	case s.Placing():
		fmt.Fprintf(&b, "%s places a piece on an empty square: Bb3 (black up) or Wb3 (white up).", sideNames[s.turn])
	default:
		corner := "lower-right"
		if s.rules.Corner(s.turn) == UpperLeft {
			corner = "upper-left"
		}
		fmt.Fprintf(&b, "%s turns a rectangle whose %s square shows black: a1-c3, or c3 alone.", sideNames[s.turn], corner)
	}
	return b.String()
}
