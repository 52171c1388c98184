package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/riverqueue/river"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/jobs"
)

// What follows a change of a game is enqueued as durable jobs in the change's own transaction
// (domain.Change.Jobs), and worked after the game's actor has moved on: a crash between the two
// can never keep the change and lose what it calls for, and nothing needs rescanning at a start.
//
//   - a correspondence game's deadline, the reminder before it, and the notice to the player to
//     move, a job each per move (a few a day);
//   - a live clock's flag fall: the backstop of its instance's timer, one job per game stored
//     with the first change that starts its clock in this actor (flagQueued), which snoozes to
//     the current deadline as the game goes on (a move of a live game stores no job);
//   - once a game ends: what the other services ask for (Config.EndJobs: its rating, its paired
//     event's next round, its learning by the opening book).

// effects returns the jobs a change of a game calls for: row and work are the game after the
// change, ended whether the change ended it, flagQueued whether the game's flag job is stored
// already; it reports whether it adds the flag job.
func (s *Service) effects(row domain.Game, work *game.Table, status domain.Status, ended, flagQueued bool) ([]domain.Job, bool) {
	var out []domain.Job
	add := func(args river.JobArgs, at time.Time) {
		out = append(out, jobs.At(args, at))
	}
	flag := false
	if d, ok := work.Deadline(); ok && status == domain.StatusActive {
		v := work.Version()
		if row.Time.Kind != game.Correspondence && !flagQueued {
			add(jobs.Flag{Game: row.ID}, d)
			flag = true
		}
		if row.Time.Kind == game.Correspondence {
			add(jobs.Deadline{Game: row.ID, Version: v}, d)
			now := s.now()
			before := min(s.cfg.ReminderBefore, d.Sub(work.Clock().Since)/2)
			if at := d.Add(-before); at.After(now) {
				add(jobs.Reminder{Game: row.ID, Version: v}, at)
			}
			add(jobs.Turn{Game: row.ID, Ply: work.Ply()}, time.Time{})
		}
	}
	if ended {
		for _, f := range s.cfg.EndJobs {
			out = append(out, f(row)...)
		}
	}
	return out, flag
}

// Workers adds the workers of the game service's jobs.
func (s *Service) Workers(ws *river.Workers, notYet func(at time.Time) error) {
	jobs.AddWorker(ws, func(ctx context.Context, a jobs.Deadline) error { return s.workDeadline(ctx, a, notYet) })
	jobs.AddWorker(ws, func(ctx context.Context, a jobs.Flag) error { return s.workFlag(ctx, a, notYet) })
	jobs.AddWorker(ws, s.workReminder)
	jobs.AddWorker(ws, s.workTurn)
}

// workDeadline ends a game on time at its deadline, unless a later change moved the deadline
// (a job of its own then covers it).
func (s *Service) workDeadline(ctx context.Context, a jobs.Deadline, notYet func(time.Time) error) error {
	var d time.Time
	stale := false
	err := s.with(ctx, a.Game, func(ctx context.Context, lg *liveGame) error {
		var ok bool
		d, ok = lg.tb.Deadline()
		stale = !ok || lg.tb.Version() != a.Version
		return nil
	})
	if domain.ErrorCode(err) == domain.NotFound {
		return nil
	}
	if err != nil || stale {
		return err
	}
	if err := notYet(d); err != nil {
		return err
	}
	return s.tickOnTime(ctx, a.Game)
}

// tickOnTime ends game id on time if its clock has run out (a tick, as the instance's timer
// does), and tells its players.
func (s *Service) tickOnTime(ctx context.Context, id string) error {
	evs, err := s.do(ctx, id, nil, command{kind: cmdTick, ply: -1})
	if err != nil && !errors.Is(err, game.ErrGameOver) {
		return err
	}
	for _, e := range evs {
		if e.Kind == game.EventEnd && e.Outcome != nil {
			s.noteGameEnd(ctx, id, e.Outcome.Reason)
		}
	}
	return nil
}

// flagIdle is how long a flag job waits to look again at a game whose clock does not run (an
// open challenge, a game held): a change that starts the clock stores no new job.
const flagIdle = time.Hour

// workFlag is a live clock's backstop: at the deadline it ends the game on time (by a tick, as
// the instance's timer would); before it, or while the clock does not run, it snoozes.
func (s *Service) workFlag(ctx context.Context, a jobs.Flag, notYet func(time.Time) error) error {
	var d time.Time
	var running, over bool
	err := s.with(ctx, a.Game, func(ctx context.Context, lg *liveGame) error {
		over = lg.tb.Over()
		d, running = lg.tb.Deadline()
		running = running && lg.row.Status == domain.StatusActive
		return nil
	})
	if domain.ErrorCode(err) == domain.NotFound {
		return nil
	}
	if err != nil || over {
		return err
	}
	if !running {
		return river.JobSnooze(flagIdle)
	}
	if err := notYet(d); err != nil {
		return err
	}
	if err := s.tickOnTime(ctx, a.Game); err != nil {
		return err
	}
	if _, still := s.deadlineOf(ctx, a.Game); still {
		// the tick did not end it (a clock moved meanwhile): look again at the new deadline
		return river.JobSnooze(time.Second)
	}
	return nil
}

// deadlineOf returns a game's running deadline, if any.
func (s *Service) deadlineOf(ctx context.Context, id string) (time.Time, bool) {
	var d time.Time
	ok := false
	s.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		if !lg.tb.Over() {
			d, ok = lg.tb.Deadline()
		}
		return nil
	})
	return d, ok
}

// noteGameEnd tells both players of a game how it ended on time.
func (s *Service) noteGameEnd(ctx context.Context, id, reason string) {
	row, err := s.store.Game(ctx, id)
	if err != nil {
		return
	}
	var notes []domain.Notification
	for _, seat := range row.Seats {
		if seat.UserID != 0 && (len(notes) == 0 || notes[0].UserID != seat.UserID) {
			notes = append(notes, domain.Notification{UserID: seat.UserID, Kind: "game_over", GameID: id,
				Message: fmt.Sprintf("Game %s is over: %s.", id, reason)})
		}
	}
	s.cfg.Notes.Notify(ctx, notes)
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

// workReminder reminds the player to move of the deadline, if the game is still where it was.
func (s *Service) workReminder(ctx context.Context, a jobs.Reminder) error {
	var d time.Time
	var who map[game.Player]int64
	var kind string
	if err := s.with(ctx, a.Game, func(ctx context.Context, lg *liveGame) error {
		if lg.tb.Version() != a.Version {
			return nil
		}
		d, _ = lg.tb.Deadline()
		who, kind = toMove(lg), lg.row.Kind
		return nil
	}); err != nil {
		return nil
	}
	for _, u := range sortedUsers(who) {
		left := d.Sub(s.now()).Round(time.Minute)
		msg := fmt.Sprintf("Your move in game %s (%s) is due by %s (%v left); without it the game is lost on time.",
			a.Game, kind, d.Format("2006-01-02 15:04 MST"), left)
		s.cfg.Notes.Notify(ctx, []domain.Notification{{UserID: u, Kind: "reminder", GameID: a.Game, Message: msg}})
		s.cfg.Notes.Mail(ctx, u, "Turncoat: your move in game "+a.Game, msg)
	}
	return nil
}

// workTurn tells the player to move that it is their move.
func (s *Service) workTurn(ctx context.Context, a jobs.Turn) error {
	var d time.Time
	var who map[game.Player]int64
	if err := s.with(ctx, a.Game, func(ctx context.Context, lg *liveGame) error {
		if lg.tb.Ply() != a.Ply {
			return nil
		}
		d, _ = lg.tb.Deadline()
		who = toMove(lg)
		return nil
	}); err != nil {
		return nil
	}
	var notes []domain.Notification
	for _, u := range sortedUsers(who) {
		notes = append(notes, domain.Notification{UserID: u, Kind: "your_move", GameID: a.Game,
			Message: fmt.Sprintf("Your move in game %s, by %s.", a.Game, d.Format("2006-01-02 15:04 MST"))})
	}
	s.cfg.Notes.Notify(ctx, notes)
	return nil
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
