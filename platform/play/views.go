package play

import (
	"context"
	"strconv"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// views makes the games as their users see them: the seats, which of them the user holds, the
// position with its secrets for the user's side alone, the clocks.
type views struct {
	games *tables
	now   func() time.Time
}

// view is the game as u sees it; as picks the side of a hot-seat holder.
func (v *views) view(lg *liveGame, u *domain.User, as game.Player) api.Game {
	names := lg.tb.Game().SideNames(lg.tb.State().Options())
	j := api.Game{ID: lg.id, Kind: lg.row.Kind, Mode: lg.row.Mode, Status: lg.row.Status, Rated: lg.row.Rated,
		Created: lg.row.Created, RematchOf: lg.row.RematchOf, Rematch: lg.row.Rematch, You: []string{}}
	for p := game.First; p <= game.Second; p++ {
		seat := lg.row.Seats[p]
		sj := api.Seat{Side: p, Name: names[p], Player: seat.UserName, AI: seat.AI, Open: seat.Open(), Browser: seat.Browser}
		if u != nil && seat.UserID == u.ID {
			sj.You = true
			j.You = append(j.You, p.String())
		}
		j.Seats[p] = sj
	}
	viewer := viewSide(lg.row, u, lg.tb.ToAct(), as)
	at := v.now()
	if lg.row.Status == domain.StatusOpen {
		at = lg.row.Created // no clock runs before both seats are taken (games offered before they were held)
	}
	j.View = lg.tb.View(viewer, at)
	if lg.row.Status == domain.StatusOpen && j.View.Clock != nil {
		j.View.Clock.Running = [2]bool{}
	}
	if len(j.View.Legal) > 0 {
		j.Actions = actionDetails(lg.tb.State(), viewer)
	}
	return j
}

// viewSide is the side whose view u gets of a game: the seat u holds; for the holder of both
// seats, as when given, else the side alone to act (First at a simultaneous node); nobody's
// (the public view) for anyone else.
func viewSide(row domain.Game, u *domain.User, toAct game.Actors, as game.Player) game.Player {
	var held []game.Player
	for p := game.First; p <= game.Second; p++ {
		if u != nil && row.Seats[p].UserID == u.ID {
			held = append(held, p)
		}
	}
	switch {
	case len(held) == 1:
		return held[0]
	case len(held) == 2 && as.Valid():
		return as
	case len(held) == 2 && toAct.Single() != game.NoPlayer:
		return toAct.Single()
	case len(held) == 2:
		return game.First
	}
	return game.NoPlayer
}

// game returns game id as u sees it (as: the side of a hot-seat holder), its history from move
// from on.
func (v *views) game(ctx context.Context, u *domain.User, id string, as game.Player, from int) (api.Game, error) {
	var g api.Game
	err := v.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		g = v.view(lg, u, as)
		return nil
	})
	g.View.Since(from)
	return g, err
}

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

// Round2 rounds a rating to two decimals, as clients read it.
func Round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}
