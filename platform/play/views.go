package play

import (
	"context"
	"strconv"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/rating"
)

// view is the game as u sees it; as picks the side of a hot-seat holder.
func (s *Service) view(lg *liveGame, u *domain.User, as game.Player) api.Game {
	names := lg.tb.Game().SideNames(lg.tb.State().Options())
	j := api.Game{ID: lg.id, Kind: lg.row.Kind, Mode: lg.row.Mode, Status: lg.row.Status, Rated: lg.row.Rated,
		Created: lg.row.Created, RematchOf: lg.row.RematchOf, Rematch: lg.row.Rematch, You: []string{}}
	var held []game.Player
	for p := game.First; p <= game.Second; p++ {
		seat := lg.row.Seats[p]
		sj := api.Seat{Side: p, Name: names[p], Player: seat.UserName, AI: seat.AI, Open: seat.Open()}
		if u != nil && seat.UserID == u.ID {
			sj.You = true
			held = append(held, p)
			j.You = append(j.You, p.String())
		}
		j.Seats[p] = sj
	}
	viewer := game.NoPlayer
	switch {
	case len(held) == 1:
		viewer = held[0]
	case len(held) == 2 && as.Valid():
		viewer = as
	case len(held) == 2:
		viewer = lg.tb.ToAct().Single()
		if viewer == game.NoPlayer {
			viewer = game.First
		}
	}
	at := s.now()
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

// Game returns game id as u sees it (as: the side of a hot-seat holder), its history from move
// from on.
func (s *Service) Game(ctx context.Context, u *domain.User, id string, as game.Player, from int) (api.Game, error) {
	var v api.Game
	err := s.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		v = s.view(lg, u, as)
		return nil
	})
	v.View.Since(from)
	return v, err
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

// Summaries lists games as u sees them.
func (s *Service) Summaries(gs []domain.Game, u *domain.User) []api.Summary {
	out := make([]api.Summary, 0, len(gs))
	for _, g := range gs {
		sum := api.Summary{ID: g.ID, Kind: g.Kind, Mode: g.Mode, Status: g.Status, Rated: g.Rated, Time: g.Time.String(),
			Ply: g.Ply, Updated: g.Updated, Outcome: g.Outcome, Clock: g.Time}
		var names [2]string
		if kind, err := s.reg.Lookup(g.Kind); err == nil {
			if st, err := kind.Decode(g.Start); err == nil {
				names = kind.SideNames(st.Options())
				sum.Options = st.Options().String()
			}
		}
		for p := game.First; p <= game.Second; p++ {
			seat := g.Seats[p]
			sum.Seats[p] = api.Seat{Side: p, Name: names[p], Player: seat.UserName, AI: seat.AI, Open: seat.Open(),
				You: u != nil && seat.UserID == u.ID}
		}
		out = append(out, sum)
	}
	return out
}

// MyGames lists u's last hundred games, marking those where u must act.
func (s *Service) MyGames(ctx context.Context, u *domain.User) ([]api.Summary, error) {
	if u == nil {
		return []api.Summary{}, nil
	}
	gs, err := s.store.ListGames(ctx, domain.ListFilter{UserID: u.ID, Limit: 100})
	if err != nil {
		return nil, err
	}
	sums := s.Summaries(gs, u)
	s.markYourMove(ctx, u, gs, sums)
	return sums, nil
}

// Recent lists a player's last twenty games as a profile shows them, with the rated games'
// ratings and changes.
func (s *Service) Recent(ctx context.Context, userID int64, viewer *domain.User) ([]api.Summary, error) {
	gs, err := s.store.ListGames(ctx, domain.ListFilter{UserID: userID, Limit: 20})
	if err != nil {
		return nil, err
	}
	recent := s.Summaries(gs, viewer)
	if err := s.ratedResults(ctx, gs, recent); err != nil {
		return nil, err
	}
	return recent, nil
}

// markYourMove marks the games of u's list in play where u must act (and has not yet: a
// selection made at a simultaneous node waits for the opponent).
func (s *Service) markYourMove(ctx context.Context, u *domain.User, rows []domain.Game, sums []api.Summary) {
	for i, g := range rows {
		if g.Status != domain.StatusActive || g.Outcome.Over || g.Mode == domain.ModeHotSeat {
			continue
		}
		s.with(ctx, g.ID, func(ctx context.Context, lg *liveGame) error {
			for _, p := range lg.tb.ToAct().Players() {
				if lg.row.Seats[p].UserID == u.ID && lg.tb.Pending(p) == nil {
					sums[i].YourMove = true
				}
			}
			return nil
		})
	}
}

// Lobby lists the open challenges (with their challengers' ratings) and the games in play that
// can be watched.
func (s *Service) Lobby(ctx context.Context) (*api.Lobby, error) {
	open, err := s.store.ListGames(ctx, domain.ListFilter{Status: domain.StatusOpen, OpenSeat: true, Limit: 100})
	if err != nil {
		return nil, err
	}
	live, err := s.store.ListGames(ctx, domain.ListFilter{Status: domain.StatusActive, Mode: domain.ModeOnline, Limit: 50})
	if err != nil {
		return nil, err
	}
	challenges := s.Summaries(open, nil)
	if err := s.challengeRatings(ctx, open, challenges); err != nil {
		return nil, err
	}
	return &api.Lobby{Challenges: challenges, Live: s.Summaries(live, nil)}, nil
}

// challengeRatings fills in the lobby's challenges the ratings of their challengers in the
// game's variant.
func (s *Service) challengeRatings(ctx context.Context, rows []domain.Game, sums []api.Summary) error {
	for i, g := range rows {
		kind, err := s.reg.Lookup(g.Kind)
		if err != nil {
			continue
		}
		start, err := kind.Decode(g.Start)
		if err != nil {
			continue
		}
		variant := rating.VariantKey(g.Kind, start.Options())
		for p, seat := range g.Seats {
			if seat.UserID == 0 {
				continue
			}
			r, err := s.store.UserRating(ctx, seat.UserID, variant)
			if err != nil {
				return err
			}
			sums[i].Ratings[p] = &api.GameRating{Rating: Round2(r.Rating.Rating), Deviation: Round2(r.Deviation), Games: r.Games}
		}
	}
	return nil
}

// ratedResults fills in the rated games of a list the players' ratings before each game, with
// the game's change.
func (s *Service) ratedResults(ctx context.Context, rows []domain.Game, sums []api.Summary) error {
	for i, g := range rows {
		if !g.Rated || !g.Outcome.Over {
			continue
		}
		changes, err := s.store.GameRatingChanges(ctx, g.ID)
		if err != nil {
			return err
		}
		for _, c := range changes {
			for p, seat := range g.Seats {
				if seat.UserID == c.UserID {
					d := Round2(c.After.Rating - c.Before.Rating)
					sums[i].Ratings[p] = &api.GameRating{Rating: Round2(c.Before.Rating), Deviation: Round2(c.Before.Deviation), Change: &d}
				}
			}
		}
	}
	return nil
}

// Round2 rounds a rating to two decimals, as clients read it.
func Round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}
