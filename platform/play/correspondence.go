package play

import (
	"context"
	"errors"
	"slices"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// Correspondence games. A correspondence time control gives each move a number of days (one of
// CorrespondenceDays), optionally with an increment in days. Its deadlines are durable jobs, not
// timers: the job of a game's deadline is stored with the change that set the clock running, in
// the same transaction (a duplicate is dropped), worked once by one instance, and ends the game
// on time through the table (Tick) as a timer would. A reminder job comes before the deadline (a
// notification, and a mail), and a notification tells a player it is their move.
//
// Vacation: a player has Config.VacationDays days a year. Taking n of them gives the player's
// clock n days more in every correspondence game they play (game.Table.AddTime): their
// deadlines move back by exactly that, while the opponents' clocks are untouched. It is the
// simplest correct way to stop a clock for a while: the table's clock arithmetic stays one
// plain value, the change is a versioned event like any other, and a restart or another
// instance sees it at once.

// CorrespondenceDays are the times per move a correspondence game may have, in days.
var CorrespondenceDays = []int{1, 2, 3, 5, 7, 10, 14}

const day = 24 * time.Hour

// correspondenceTime reads a request's correspondence time control, and checks that a
// correspondence control however given has a time per move of CorrespondenceDays.
func correspondenceTime(req *api.CreateGame) error {
	if c := req.Correspondence; c != nil {
		if req.Time.Kind != game.Untimed {
			return domain.Errorf(domain.BadOption, "give either time or correspondence, not both")
		}
		req.Time = game.TimeControl{Kind: game.Correspondence, Base: time.Duration(c.Days) * day, Increment: time.Duration(c.IncrementDays) * day}
	}
	return CheckCorrespondence(req.Time)
}

// CheckCorrespondence checks that a correspondence time control has a time per move of
// CorrespondenceDays and an increment of whole days (other controls pass).
func CheckCorrespondence(tc game.TimeControl) error {
	if tc.Kind != game.Correspondence {
		return nil
	}
	if tc.Base%day != 0 || !slices.Contains(CorrespondenceDays, int(tc.Base/day)) {
		return domain.Errorf(domain.BadOption, "correspondence: %v per move: want one of %v days", tc.Base, CorrespondenceDays)
	}
	if tc.Increment%day != 0 || tc.Increment < 0 || tc.Increment > 14*day {
		return domain.Errorf(domain.BadOption, "correspondence: an increment of %v: want whole days, 0 to 14", tc.Increment)
	}
	return tc.Validate()
}

// Vacation returns u's vacation allowance of this year.
func (s *Service) Vacation(ctx context.Context, u *domain.User) (api.Vacation, error) {
	year := s.now().Year()
	used, err := s.store.VacationUsed(ctx, u.ID, year)
	if err != nil {
		return api.Vacation{}, err
	}
	return api.Vacation{Year: year, Allowance: s.cfg.VacationDays, Used: used}, nil
}

// TakeVacation takes days of u's yearly vacation: every correspondence game u plays gets that
// many days more on u's clock.
func (s *Service) TakeVacation(ctx context.Context, u *domain.User, days int) (api.Vacation, error) {
	if days < 1 || days > s.cfg.VacationDays {
		return api.Vacation{}, domain.Errorf(domain.BadRequest, "days %d: want 1 to %d", days, s.cfg.VacationDays)
	}
	year := s.now().Year()
	used, err := s.store.TakeVacation(ctx, u.ID, year, days, s.cfg.VacationDays)
	if errors.Is(err, domain.ErrAllowance) {
		return api.Vacation{}, domain.Errorf(domain.NotAllowed, "%v", err)
	}
	if err != nil {
		return api.Vacation{}, err
	}
	gs, err := s.store.ListGames(ctx, domain.ListFilter{UserID: u.ID, Status: domain.StatusActive, Limit: 1000})
	if err != nil {
		return api.Vacation{}, err
	}
	out := api.Vacation{Year: year, Allowance: s.cfg.VacationDays, Used: used, Days: days, Games: []string{}}
	for _, g := range gs {
		if g.Time.Kind != game.Correspondence {
			continue
		}
		for p := game.First; p <= game.Second; p++ {
			if g.Seats[p].UserID != u.ID {
				continue
			}
			if _, err := s.do(ctx, g.ID, nil, command{kind: cmdAddTime, side: p, ply: -1, add: time.Duration(days) * day}); err != nil {
				s.log.Warn("vacation time", "game", g.ID, "error", err)
				continue
			}
			out.Games = append(out.Games, g.ID)
		}
	}
	return out, nil
}
