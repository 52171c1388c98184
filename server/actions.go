package server

import (
	"strings"

	"turncoat/game"
)

// actionJSON describes a legal move of a game whose pieces go from one square to another, so a
// client can highlight a picked piece's destinations without knowing the game's notation.
type actionJSON struct {
	// Move is the move in the game's notation (what the client sends back).
	Move string `json:"move"`
	// From and To are the origin and target squares (empty for a move without squares, like a
	// claim).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Class is what the move does on its target: "move", "combine", "turnover", "capture"...
	Class string `json:"class"`
	// Result is the kind of the piece on the target after the move ("queen" after a promotion).
	Result string `json:"result,omitempty"`
}

// actionClasser is a game state that says what each legal move does on its target square
// (Turnover's landing rule).
type actionClasser interface {
	ActionClass(game.Action) string
}

// actionDetails describes p's legal moves in st square by square, for games whose states
// classify their moves and draw one board; nil for the others and at simultaneous nodes. The
// squares come from the board itself: each move is played on a copy, and the origin is the
// square whose stack of p's loses its moving part; the target is the other square that
// changes, or, when the target looks the same before and after (a part absorbed by a promotion),
// the square the notation ends with.
func actionDetails(st game.State, p game.Player) []actionJSON {
	ac, ok := st.(actionClasser)
	bv, ok2 := st.(game.BoardViewer)
	if !ok || !ok2 || !st.ToAct().Has(p) || st.ToAct().Simultaneous() {
		return nil
	}
	before := bv.BoardView()
	if len(before.Grids) != 1 {
		return nil
	}
	cells := before.Grids[0].Cells
	var buf [256]game.Action
	legal := st.Legal(p, buf[:0])
	out := make([]actionJSON, 0, len(legal))
	for _, a := range legal {
		j := actionJSON{Move: st.FormatAction(p, a), Class: ac.ActionClass(a)}
		c := st.Clone()
		if err := c.Apply(a); err == nil {
			if av, ok := c.(game.BoardViewer); ok {
				if grids := av.BoardView().Grids; len(grids) == 1 && len(grids[0].Cells) == len(cells) {
					fillSquares(&j, cells, grids[0].Cells, p)
				}
			}
		}
		out = append(out, j)
	}
	return out
}

// fillSquares finds a move's origin and target by comparing the board before and after it.
func fillSquares(j *actionJSON, before, after []game.Cell, p game.Player) {
	from, to := -1, -1
	for i := range before {
		b, a := before[i].Piece, after[i].Piece
		if samePiece(b, a) {
			continue
		}
		if b != nil && b.Owner == p && (a == nil || len(a.Parts) < len(b.Parts)) && from < 0 {
			from = i
		} else {
			to = i
		}
	}
	if from < 0 {
		return
	}
	j.From = before[from].Coord
	if to < 0 {
		to = squareNamed(before, targetOfText(j.Move, j.From))
	}
	if to >= 0 {
		j.To = before[to].Coord
		if a := after[to].Piece; a != nil {
			j.Result = a.Kind
		}
	}
}

func samePiece(a, b *game.Piece) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.Owner != b.Owner || a.Colour != b.Colour || len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		if a.Parts[i] != b.Parts[i] {
			return false
		}
	}
	return true
}

func squareNamed(cells []game.Cell, name string) int {
	for i, c := range cells {
		if c.Coord == name {
			return i
		}
	}
	return -1
}

// targetOfText reads the target square at the end of a move in a chess-like notation: a square
// ("Qe8", "xRd8.Q+"), or only a rank on the origin's file ("Re1.5").
func targetOfText(text, from string) string {
	t := strings.TrimRight(text, "+#")
	t = strings.TrimSuffix(t, ".Q")
	n := len(t)
	if n == 0 || t[n-1] < '1' || t[n-1] > '9' {
		return ""
	}
	if n >= 2 && t[n-2] >= 'a' && t[n-2] <= 'z' {
		return t[n-2:]
	}
	if from == "" {
		return ""
	}
	return from[:1] + t[n-1:]
}
