package play

import (
	"context"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/rating"
)

// chatInfo tells how a user may use a game's chat (see chatRoom).
type chatInfo interface {
	info(ctx context.Context, row domain.Game, u *domain.User) (api.ChatInfo, error)
}

// lists answers the lists of games (a player's, a profile's, the lobby's) and what a game's
// page and a notification show about a game beside the board.
type lists struct {
	store Store
	reg   *game.Registry
	games *tables
	chat  chatInfo
}

// summaries lists games as u sees them.
func (l *lists) summaries(gs []domain.Game, u *domain.User) []api.Summary {
	out := make([]api.Summary, 0, len(gs))
	for _, g := range gs {
		sum := api.Summary{ID: g.ID, Kind: g.Kind, Mode: g.Mode, Status: g.Status, Rated: g.Rated, Time: g.Time.String(),
			Ply: g.Ply, Updated: g.Updated, Outcome: g.Outcome, Clock: g.Time}
		var names [2]string
		if kind, err := l.reg.Lookup(g.Kind); err == nil {
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

// myGames lists u's last hundred games, marking those where u must act.
func (l *lists) myGames(ctx context.Context, u *domain.User) ([]api.Summary, error) {
	if u == nil {
		return []api.Summary{}, nil
	}
	gs, err := l.store.ListGames(ctx, domain.ListFilter{UserID: u.ID, Limit: 100})
	if err != nil {
		return nil, err
	}
	sums := l.summaries(gs, u)
	l.markYourMove(ctx, u, gs, sums)
	return sums, nil
}

// recent lists a player's last twenty games as a profile shows them, with the rated games'
// ratings and changes.
func (l *lists) recent(ctx context.Context, userID int64, viewer *domain.User) ([]api.Summary, error) {
	gs, err := l.store.ListGames(ctx, domain.ListFilter{UserID: userID, Limit: 20})
	if err != nil {
		return nil, err
	}
	recent := l.summaries(gs, viewer)
	if err := l.ratedResults(ctx, gs, recent); err != nil {
		return nil, err
	}
	return recent, nil
}

// markYourMove marks the games of u's list in play where u must act (and has not yet: a
// selection made at a simultaneous node waits for the opponent).
func (l *lists) markYourMove(ctx context.Context, u *domain.User, rows []domain.Game, sums []api.Summary) {
	for i, g := range rows {
		if g.Status != domain.StatusActive || g.Outcome.Over || g.Mode == domain.ModeHotSeat {
			continue
		}
		l.games.with(ctx, g.ID, func(ctx context.Context, lg *liveGame) error {
			for _, p := range lg.tb.ToAct().Players() {
				if lg.row.Seats[p].UserID == u.ID && lg.tb.Pending(p) == nil {
					sums[i].YourMove = true
				}
			}
			return nil
		})
	}
}

// lobby lists the open challenges (with their challengers' ratings) and the games in play that
// can be watched.
func (l *lists) lobby(ctx context.Context) (*api.Lobby, error) {
	open, err := l.store.ListGames(ctx, domain.ListFilter{Status: domain.StatusOpen, OpenSeat: true, Limit: 100})
	if err != nil {
		return nil, err
	}
	live, err := l.store.ListGames(ctx, domain.ListFilter{Status: domain.StatusActive, Mode: domain.ModeOnline, Limit: 50})
	if err != nil {
		return nil, err
	}
	challenges := l.summaries(open, nil)
	if err := l.challengeRatings(ctx, open, challenges); err != nil {
		return nil, err
	}
	return &api.Lobby{Challenges: challenges, Live: l.summaries(live, nil)}, nil
}

// challengeRatings fills in the lobby's challenges the ratings of their challengers in the
// game's variant.
func (l *lists) challengeRatings(ctx context.Context, rows []domain.Game, sums []api.Summary) error {
	for i, g := range rows {
		kind, err := l.reg.Lookup(g.Kind)
		if err != nil {
			continue
		}
		start, err := kind.Decode(g.Start)
		if err != nil {
			continue
		}
		variant := rating.Key(kind, start.Options())
		for p, seat := range g.Seats {
			if seat.UserID == 0 {
				continue
			}
			r, err := l.store.UserRating(ctx, seat.UserID, variant)
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
func (l *lists) ratedResults(ctx context.Context, rows []domain.Game, sums []api.Summary) error {
	for i, g := range rows {
		if !g.Rated || !g.Outcome.Over {
			continue
		}
		changes, err := l.store.GameRatingChanges(ctx, g.ID)
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

// info is what game id's page shows beside the board, for u: its settings, the players'
// ratings (and their change at the end), its spectators, and its chat as u may use it.
func (l *lists) info(ctx context.Context, u *domain.User, id string) (api.GameInfo, error) {
	var row domain.Game
	var over bool
	var variant string
	var watchers int
	if err := l.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		row, over, watchers = lg.row, lg.tb.Over(), watcherCount(lg)
		variant = rating.Key(lg.tb.Game(), lg.tb.Start().Options())
		return nil
	}); err != nil {
		return api.GameInfo{}, err
	}
	gs, err := l.store.GameSettingsOf(ctx, row.ID)
	if err != nil {
		return api.GameInfo{}, err
	}
	info := api.GameInfo{Hints: gs.Hints && !row.Rated, BetweenPeople: betweenPeople(row), Rated: row.Rated, Watchers: watchers}
	info.EngineHelp = engineHelp(ctx, l.store, row, over) == nil
	if row.Rated && row.Seats[0].UserID != 0 && row.Seats[1].UserID != 0 {
		var rs [2]api.GameRating
		for i := range rs {
			x, err := l.store.UserRating(ctx, row.Seats[i].UserID, variant)
			if err != nil {
				return api.GameInfo{}, err
			}
			rs[i] = api.GameRating{Rating: Round2(x.Rating.Rating), Deviation: Round2(x.Deviation), Games: x.Games}
		}
		changes, err := l.store.GameRatingChanges(ctx, row.ID)
		if err != nil {
			return api.GameInfo{}, err
		}
		for _, c := range changes {
			for i := range rs {
				if row.Seats[i].UserID == c.UserID {
					d := Round2(c.After.Rating - c.Before.Rating)
					rs[i] = api.GameRating{Rating: Round2(c.Before.Rating), Deviation: Round2(c.Before.Deviation), Games: rs[i].Games, Change: &d}
				}
			}
		}
		info.Ratings = &rs
	}
	if info.Chat, err = l.chat.info(ctx, row, u); err != nil {
		return api.GameInfo{}, err
	}
	return info, nil
}

// about describes the game a notification is about for its reader: the game's kind and the
// reader's opponent in it (nil for an unknown game).
func (l *lists) about(ctx context.Context, readerID int64, gameID string) *api.NotificationAbout {
	row, err := l.store.Game(ctx, gameID)
	if err != nil {
		return nil
	}
	about := &api.NotificationAbout{Kind: row.Kind}
	for p, seat := range row.Seats {
		if seat.UserID == readerID {
			other := row.Seats[1-p]
			about.Opponent = other.UserName
			if other.AI != "" {
				about.Opponent = "AI"
			}
		}
	}
	return about
}
