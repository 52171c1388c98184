package play

import (
	"context"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/rating"
)

// The engine's help in games between people, and what a game's page shows beside the board.
//
// A game between two people (online, both seats taken by people) gives neither player the
// engine's help while it runs, neither hints nor values of its positions, unless it was
// created with hints for both (GameSettings.Hints, never in a rated game); once it is over,
// everyone may analyse it. Games against the AI and hot-seat games always have hints (except
// rated ones, which are online games between people anyway).

// betweenPeople reports whether a game is played online by two different people.
func betweenPeople(row domain.Game) bool {
	a, b := row.Seats[0].UserID, row.Seats[1].UserID
	return row.Mode == domain.ModeOnline && row.Seats[0].AI == "" && row.Seats[1].AI == "" && (a == 0 || b == 0 || a != b)
}

// engineHelp returns nil when the engine may help with a game now, else the error that says
// why not.
func (s *Service) engineHelp(ctx context.Context, row domain.Game, over bool) error {
	if over || !betweenPeople(row) {
		return nil
	}
	gs, err := s.store.GameSettingsOf(ctx, row.ID)
	if err != nil {
		return err
	}
	if gs.Hints && !row.Rated {
		return nil
	}
	return domain.Errorf(domain.Forbidden, "no engine help in a game between people while it runs (it was not created with hints for both): the analysis opens when it ends")
}

// Info is what game id's page shows beside the board, for u: its settings, the players'
// ratings (and their change at the end), its spectators, and its chat as u may use it.
func (s *Service) Info(ctx context.Context, u *domain.User, id string) (api.GameInfo, error) {
	var row domain.Game
	var over bool
	var variant string
	var watchers int
	if err := s.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		row, over, watchers = lg.row, lg.tb.Over(), watcherCount(lg)
		variant = rating.VariantKey(row.Kind, lg.tb.Start().Options())
		return nil
	}); err != nil {
		return api.GameInfo{}, err
	}
	gs, err := s.store.GameSettingsOf(ctx, row.ID)
	if err != nil {
		return api.GameInfo{}, err
	}
	info := api.GameInfo{Hints: gs.Hints && !row.Rated, BetweenPeople: betweenPeople(row), Rated: row.Rated, Watchers: watchers}
	info.EngineHelp = s.engineHelp(ctx, row, over) == nil
	if row.Rated && row.Seats[0].UserID != 0 && row.Seats[1].UserID != 0 {
		var rs [2]api.GameRating
		for i := range rs {
			x, err := s.store.UserRating(ctx, row.Seats[i].UserID, variant)
			if err != nil {
				return api.GameInfo{}, err
			}
			rs[i] = api.GameRating{Rating: Round2(x.Rating.Rating), Deviation: Round2(x.Deviation), Games: x.Games}
		}
		changes, err := s.store.GameRatingChanges(ctx, row.ID)
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
	if info.Chat, err = s.chatInfo(ctx, row, u); err != nil {
		return api.GameInfo{}, err
	}
	return info, nil
}

// About describes the game a notification is about for its reader: the game's kind and the
// reader's opponent in it (nil for an unknown game).
func (s *Service) About(ctx context.Context, readerID int64, gameID string) *api.NotificationAbout {
	row, err := s.store.Game(ctx, gameID)
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
