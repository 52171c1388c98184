package server

import (
	"turncoat/game"
)

// actionJSON describes a legal move of a game whose pieces go from one square to another, so a
// client can highlight a picked piece's destinations without knowing the game's notation.
type actionJSON struct {
	// Move is the move in the game's notation (what the client sends back).
	Move string `json:"move"`
	game.MoveDescription
}

// actionDetails describes p's legal moves in st square by square, for games whose states
// describe their moves (game.MoveDescriber); nil for the others and at simultaneous nodes.
func actionDetails(st game.State, p game.Player) []actionJSON {
	md, ok := st.(game.MoveDescriber)
	if !ok || !st.ToAct().Has(p) || st.ToAct().Simultaneous() {
		return nil
	}
	var buf [256]game.Action
	legal := st.Legal(p, buf[:0])
	out := make([]actionJSON, 0, len(legal))
	for _, a := range legal {
		out = append(out, actionJSON{Move: st.FormatAction(p, a), MoveDescription: md.DescribeAction(p, a)})
	}
	return out
}
