package server

import (
	"turncoat/api"
	"turncoat/game"
)

// actionDetails describes p's legal moves in st square by square, for games whose states
// describe their moves (game.MoveDescriber); nil for the others and at simultaneous nodes.
func actionDetails(st game.State, p game.Player) []api.Action {
	md, ok := st.(game.MoveDescriber)
	if !ok || !st.ToAct().Has(p) || st.ToAct().Simultaneous() {
		return nil
	}
	var buf [256]game.Action
	legal := st.Legal(p, buf[:0])
	out := make([]api.Action, 0, len(legal))
	for _, a := range legal {
		out = append(out, api.Action{Move: st.FormatAction(p, a), MoveDescription: md.DescribeAction(p, a)})
	}
	return out
}
