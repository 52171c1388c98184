package play

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/jobs"
)

// Correspondence games. A correspondence time control gives each move a number of days (one of
// CorrespondenceDays), optionally with an increment in days. Its deadlines are durable jobs, not
// timers: the job of a game's deadline is stored with the change that set the clock running, in
// the same transaction (a duplicate is dropped), worked once by one instance, and ends the game
// on time through the table (Tick) as a timer would. A reminder job comes before the deadline (a
// notification, which the notices' service mails), and a notification tells a player it is
// their move. Each notice has a key (its game and the ply or version it is about), so that a
// job tried again after an error notifies once.
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

// correspondence tells the players of correspondence games that it is their move and reminds
// them of their deadlines, and gives them their vacations.
type correspondence struct {
	store        Store
	games        *tables
	do           doer
	notes        Notifier
	now          func() time.Time
	vacationDays int
	log          *slog.Logger
}

// workers adds the workers of the notices' jobs.
func (c *correspondence) workers(ws *river.Workers) {
	jobs.AddWorker(ws, c.workReminder)
	jobs.AddWorker(ws, c.workTurn)
}

// toMove returns the users whose clock runs in a game, with their side.
func toMove(lg *liveGame) map[game.Player]int64 {
	out := map[game.Player]int64{}
	if lg.tb.Over() {
		return out
	}
	c := lg.tb.Clock()
	for _, p := range lg.tb.ToAct().Players() {
		if u := lg.row.Seats[p].UserID; u != 0 && c.Running[p] {
			out[p] = u
		}
	}
	return out
}

// sortedUsers returns the users of a side map, First's first.
func sortedUsers(m map[game.Player]int64) []int64 {
	var out []int64
	for p := game.First; p <= game.Second; p++ {
		if u, ok := m[p]; ok && !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// waiting reads, in game id's actor, who must move and by when, if at says the game is still
// where the job found it; a game gone is no one.
func (c *correspondence) waiting(ctx context.Context, id string, at func(tb *game.Table) bool) (users []int64, d time.Time, kind string, err error) {
	err = c.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		if !at(lg.tb) {
			return nil
		}
		d, _ = lg.tb.Deadline()
		users, kind = sortedUsers(toMove(lg)), lg.row.Kind
		return nil
	})
	if domain.ErrorCode(err) == domain.NotFound {
		err = nil
	}
	return users, d, kind, err
}

// workReminder reminds the player to move of the deadline, if the game is still where it was.
// An error has the job tried again (a reminder stored already is kept once by its key).
func (c *correspondence) workReminder(ctx context.Context, a jobs.Reminder) error {
	users, d, kind, err := c.waiting(ctx, a.Game, func(tb *game.Table) bool { return tb.Version() == a.Version })
	if err != nil || len(users) == 0 {
		return err
	}
	return c.notes.Notify(ctx, reminderNotes(a, kind, users, d, c.now()))
}

// reminderNotes are the reminders of a deadline to the users to move, keyed by the game's
// version the job was made at.
func reminderNotes(a jobs.Reminder, kind string, users []int64, deadline, now time.Time) []domain.Notification {
	left := deadline.Sub(now).Round(time.Minute)
	msg := fmt.Sprintf("Your move in game %s (%s) is due by %s (%v left); without it the game is lost on time.",
		a.Game, kind, deadline.Format("2006-01-02 15:04 MST"), left)
	notes := make([]domain.Notification, 0, len(users))
	for _, u := range users {
		notes = append(notes, domain.Notification{UserID: u, Kind: "reminder", GameID: a.Game,
			Key: fmt.Sprintf("reminder:%s:%d", a.Game, a.Version), Message: msg,
			Words: "note.reminder", Args: map[string]string{"when": deadline.UTC().Format("2006-01-02 15:04 UTC")}})
	}
	return notes
}

// workTurn tells the player to move that it is their move.
func (c *correspondence) workTurn(ctx context.Context, a jobs.Turn) error {
	users, d, _, err := c.waiting(ctx, a.Game, func(tb *game.Table) bool { return tb.Ply() == a.Ply })
	if err != nil || len(users) == 0 {
		return err
	}
	return c.notes.Notify(ctx, turnNotes(a, users, d))
}

// turnNotes are the notices to the users to move, keyed by the ply the job was made at.
func turnNotes(a jobs.Turn, users []int64, deadline time.Time) []domain.Notification {
	notes := make([]domain.Notification, 0, len(users))
	for _, u := range users {
		notes = append(notes, domain.Notification{UserID: u, Kind: "your_move", GameID: a.Game,
			Key:     fmt.Sprintf("your_move:%s:%d", a.Game, a.Ply),
			Message: fmt.Sprintf("Your move in game %s, by %s.", a.Game, deadline.Format("2006-01-02 15:04 MST")),
			Words:   "note.your_move", Args: map[string]string{"when": deadline.UTC().Format("2006-01-02 15:04 UTC")}})
	}
	return notes
}

// vacation returns u's vacation allowance of this year.
func (c *correspondence) vacation(ctx context.Context, u *domain.User) (api.Vacation, error) {
	year := c.now().Year()
	used, err := c.store.VacationUsed(ctx, u.ID, year)
	if err != nil {
		return api.Vacation{}, err
	}
	return api.Vacation{Year: year, Allowance: c.vacationDays, Used: used}, nil
}

// takeVacation takes days of u's yearly vacation: every correspondence game u plays gets that
// many days more on u's clock.
func (c *correspondence) takeVacation(ctx context.Context, u *domain.User, days int) (api.Vacation, error) {
	if days < 1 || days > c.vacationDays {
		return api.Vacation{}, domain.Errorf(domain.BadRequest, "days %d: want 1 to %d", days, c.vacationDays)
	}
	year := c.now().Year()
	used, err := c.store.TakeVacation(ctx, u.ID, year, days, c.vacationDays)
	if errors.Is(err, domain.ErrAllowance) {
		return api.Vacation{}, domain.Errorf(domain.NotAllowed, "%v", err)
	}
	if err != nil {
		return api.Vacation{}, err
	}
	gs, err := c.store.ListGames(ctx, domain.ListFilter{UserID: u.ID, Status: domain.StatusActive, Limit: 1000})
	if err != nil {
		return api.Vacation{}, err
	}
	out := api.Vacation{Year: year, Allowance: c.vacationDays, Used: used, Days: days, Games: []string{}}
	for _, g := range gs {
		if g.Time.Kind != game.Correspondence {
			continue
		}
		for p := game.First; p <= game.Second; p++ {
			if g.Seats[p].UserID != u.ID {
				continue
			}
			if _, err := c.do.do(ctx, g.ID, nil, command{kind: cmdAddTime, side: p, ply: -1, add: time.Duration(days) * day}); err != nil {
				c.log.Warn("vacation time", "game", g.ID, "error", err)
				continue
			}
			out.Games = append(out.Games, g.ID)
		}
	}
	return out, nil
}
