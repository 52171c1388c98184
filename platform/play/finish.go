package play

import (
	"context"
	"errors"
	"fmt"
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
//     move, a job each per move (a few a day; see correspondence);
//   - a live clock's flag fall: the backstop of its instance's timer, one job per game stored
//     with the first change that starts its clock in this actor (flagQueued), which snoozes to
//     the current deadline as the game goes on (a move of a live game stores no job);
//   - once a game ends: what the other services ask for (Config.EndJobs: its rating, its paired
//     event's next round, its learning by the opening book).

// finisher plans the jobs a change calls for, and ends games on time: at a correspondence
// deadline, and at a live clock's flag fall its timer missed; it tells the players how the game
// ended.
type finisher struct {
	games          *tables
	store          Store
	do             doer
	notes          Notifier
	now            func() time.Time
	reminderBefore time.Duration
	endJobs        []func(row domain.Game) []domain.Job
}

// jobs returns the jobs a change of a game calls for: row and work are the game after the
// change, ended whether the change ended it, flagQueued whether the game's flag job is stored
// already; it reports whether it adds the flag job.
func (f *finisher) jobs(row domain.Game, work *game.Table, status domain.Status, ended, flagQueued bool) ([]domain.Job, bool) {
	var out []domain.Job
	flag := false
	if d, ok := work.Deadline(); ok && status == domain.StatusActive {
		v := work.Version()
		if row.Time.Kind != game.Correspondence && !flagQueued {
			out = append(out, jobs.At(jobs.Flag{Game: row.ID}, d))
			flag = true
		}
		if row.Time.Kind == game.Correspondence {
			out = append(out, jobs.At(jobs.Deadline{Game: row.ID, Version: v}, d))
			if at, ok := reminderAt(d, work.Clock().Since, f.reminderBefore, f.now()); ok {
				out = append(out, jobs.At(jobs.Reminder{Game: row.ID, Version: v}, at))
			}
			out = append(out, jobs.At(jobs.Turn{Game: row.ID, Ply: work.Ply()}, time.Time{}))
		}
	}
	if ended {
		for _, fn := range f.endJobs {
			out = append(out, fn(row)...)
		}
	}
	return out, flag
}

// reminderAt is when the player to move is reminded of a deadline: before it by before, but by
// no more than half the time the player had (since: when their clock started); ok is false when
// that time has passed already (a reminder then would come late, or at once after the move).
func reminderAt(deadline, since time.Time, before time.Duration, now time.Time) (at time.Time, ok bool) {
	at = deadline.Add(-min(before, deadline.Sub(since)/2))
	return at, at.After(now)
}

// workers adds the workers of the jobs that end games on time.
func (f *finisher) workers(ws *river.Workers, notYet func(at time.Time) error) {
	jobs.AddWorker(ws, func(ctx context.Context, a jobs.Deadline) error { return f.workDeadline(ctx, a, notYet) })
	jobs.AddWorker(ws, func(ctx context.Context, a jobs.Flag) error { return f.workFlag(ctx, a, notYet) })
}

// workDeadline ends a game on time at its deadline, unless a later change moved the deadline
// (a job of its own then covers it).
func (f *finisher) workDeadline(ctx context.Context, a jobs.Deadline, notYet func(time.Time) error) error {
	var d time.Time
	stale := false
	err := f.games.with(ctx, a.Game, func(ctx context.Context, lg *liveGame) error {
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
	return f.tickOnTime(ctx, a.Game)
}

// tickOnTime ends game id on time if its clock has run out (a tick, as the instance's timer
// does), and tells its players.
func (f *finisher) tickOnTime(ctx context.Context, id string) error {
	evs, err := f.do.do(ctx, id, nil, command{kind: cmdTick, ply: -1})
	if err != nil && !errors.Is(err, game.ErrGameOver) {
		return err
	}
	for _, e := range evs {
		if e.Kind == game.EventEnd && e.Outcome != nil {
			return f.noteEnd(ctx, id, e.Outcome.Reason)
		}
	}
	return nil
}

// flagIdle is how long a flag job waits to look again at a game whose clock does not run (an
// open challenge, a game held): a change that starts the clock stores no new job.
const flagIdle = time.Hour

// workFlag is a live clock's backstop: at the deadline it ends the game on time (by a tick, as
// the instance's timer would); before it, or while the clock does not run, it snoozes.
func (f *finisher) workFlag(ctx context.Context, a jobs.Flag, notYet func(time.Time) error) error {
	var d time.Time
	var running, over bool
	err := f.games.with(ctx, a.Game, func(ctx context.Context, lg *liveGame) error {
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
	if err := f.tickOnTime(ctx, a.Game); err != nil {
		return err
	}
	if _, still := f.deadlineOf(ctx, a.Game); still {
		// the tick did not end it (a clock moved meanwhile): look again at the new deadline
		return river.JobSnooze(time.Second)
	}
	return nil
}

// deadlineOf returns a game's running deadline, if any.
func (f *finisher) deadlineOf(ctx context.Context, id string) (time.Time, bool) {
	var d time.Time
	ok := false
	f.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		if !lg.tb.Over() {
			d, ok = lg.tb.Deadline()
		}
		return nil
	})
	return d, ok
}

// noteEnd tells both players of a game how it ended on time; an error has the job that ended it
// tried again, and the notices' keys keep them single.
func (f *finisher) noteEnd(ctx context.Context, id, reason string) error {
	row, err := f.store.Game(ctx, id)
	if err != nil {
		return err
	}
	return f.notes.Notify(ctx, endNotes(row, reason))
}

// endNotes are the notices of a game's end on time to its players (one to a player who held
// both seats), keyed by the game: a game ends once.
func endNotes(row domain.Game, reason string) []domain.Notification {
	var notes []domain.Notification
	for _, seat := range row.Seats {
		if seat.UserID != 0 && (len(notes) == 0 || notes[0].UserID != seat.UserID) {
			notes = append(notes, domain.Notification{UserID: seat.UserID, Kind: "game_over", GameID: row.ID,
				Key: "game_over:" + row.ID, Message: fmt.Sprintf("Game %s is over: %s.", row.ID, reason),
				Words: "note.game_over_time"})
		}
	}
	return notes
}
