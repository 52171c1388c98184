package turncoat

import (
	"fmt"
	"strings"

	"turncoat/game"
)

// Diagram draws both boards side by side with their square labels, each under its owner's
// name and number of black pieces (the original app's tabs), and the round and mode above.
// The viewer's own board is marked "(you)"; NoPlayer marks neither. B is a piece showing
// black, W white, and '.' a blank.
func (s *State) Diagram(viewer game.Player) string {
	n := s.rules.Size
	var b strings.Builder
	fmt.Fprintf(&b, "Turncoat, round %d (cap %d), mode %s\n", s.round+1, s.rules.Cap, s.rules.Mode)
	if s.Result() != InPlay {
		b.Reset()
		fmt.Fprintf(&b, "Turncoat, after %d rounds, mode %s\n", s.round, s.rules.Mode)
	}
	width := 4 + 2*n // "NN  " then "X " per column
	var heads [2]string
	for p := range 2 {
		heads[p] = fmt.Sprintf("%s: %d black", sideNames[p], s.boards[p].BlackCount())
		if game.Player(p) == viewer {
			heads[p] += " (you)"
		}
	}
	width = max(width, len(heads[0]))
	gap := "    "
	pad := func(text string) string {
		if len(text) < width {
			return text + strings.Repeat(" ", width-len(text))
		}
		return text
	}
	b.WriteString(pad(heads[0]) + gap + heads[1] + "\n")
	var files strings.Builder
	files.WriteString("    ")
	for c := range n {
		files.WriteByte(byte('a' + c))
		files.WriteByte(' ')
	}
	b.WriteString(pad(files.String()) + gap + strings.TrimRight(files.String(), " ") + "\n")
	for r := range n {
		var line [2]string
		for p := range 2 {
			var row strings.Builder
			fmt.Fprintf(&row, "%2d  ", r+1)
			for c := range n {
				bit := uint64(1) << (8*r + c)
				switch {
				case s.boards[p].Black&bit != 0:
					row.WriteString("B ")
				case s.boards[p].Pieces&bit != 0:
					row.WriteString("W ")
				default:
					row.WriteString(". ")
				}
			}
			line[p] = row.String()
		}
		b.WriteString(pad(line[0]) + gap + strings.TrimRight(line[1], " ") + "\n")
	}
	switch {
	case s.Result() != InPlay:
	case s.rules.Mode == WhiteOnly:
		b.WriteString("Select a square showing white on your own board.\n")
	default:
		b.WriteString("Select any piece on your own board.\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}
