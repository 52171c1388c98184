package server

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"turncoat/game"
	"turncoat/platform"
	"turncoat/store"
)

// What follows a change of a game is enqueued as durable jobs in the change's own transaction
// (store.Change.Jobs), and worked after the game's lock is released: a crash between the two can
// never keep the change and lose what it calls for, and nothing needs rescanning at a start.
//
//   - a correspondence game's deadline, the reminder before it, and the notice to the player to
//     move (each unique by game and version);
//   - a live clock's flag fall, as a backstop for the instance's timer (which fires on time
//     while the instance lives);
//   - once a game ends: its rating (rated games), the paired event it belongs to (its next
//     round), and the opening book's learning of it (Othello).

// rateArgs: rate a finished rated game.
type rateArgs struct {
	Game string `json:"game"`
}

func (rateArgs) Kind() string { return "game_rate" }

// eventGameArgs: a finished online game moves the paired event it may belong to on.
type eventGameArgs struct {
	Game string `json:"game"`
}

func (eventGameArgs) Kind() string { return "event_game_ended" }

// eventRoundArgs: create the games of a paired event's round (saved with the round).
type eventRoundArgs struct {
	Event string `json:"event"`
	Round int    `json:"round"`
}

func (eventRoundArgs) Kind() string { return "event_round_games" }

// uniqueAt returns the options of a job unique by its arguments, to run at at (now when zero).
func uniqueAt(at time.Time) *river.InsertOpts {
	o := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
	if !at.IsZero() {
		o.ScheduledAt = at
	}
	return o
}

// effects returns the jobs a change of a game calls for: row and work are the game after the
// change, ended whether the change ended it.
func (s *Server) effects(row store.Game, work *game.Table, status platform.Status, ended bool) []store.JobInsert {
	var jobs []store.JobInsert
	add := func(args river.JobArgs, at time.Time) {
		jobs = append(jobs, store.JobInsert{Args: args, Opts: uniqueAt(at)})
	}
	if d, ok := work.Deadline(); ok && status == platform.StatusActive {
		v := work.Version()
		add(deadlineArgs{Game: row.ID, Version: v}, d)
		if row.Time.Kind == game.Correspondence {
			now := s.now()
			before := min(s.cfg.ReminderBefore, d.Sub(work.Clock().Since)/2)
			if at := d.Add(-before); at.After(now) {
				add(reminderArgs{Game: row.ID, Version: v}, at)
			}
			add(turnArgs{Game: row.ID, Ply: work.Ply()}, time.Time{})
		}
	}
	if ended {
		if row.Rated {
			add(rateArgs{Game: row.ID}, time.Time{})
		}
		if row.Mode == platform.ModeOnline {
			add(eventGameArgs{Game: row.ID}, time.Time{})
		}
		if row.Kind == "reversi" {
			add(learnArgs{Game: row.ID}, time.Time{})
		}
	}
	return jobs
}

// workRate rates a finished rated game (once: the store refuses a second update).
func (s *Server) workRate(ctx context.Context, a rateArgs) error {
	row, err := s.store.Game(ctx, a.Game)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	kind, err := s.reg.Lookup(row.Kind)
	if err != nil {
		return nil
	}
	start, err := kind.Decode(row.Start)
	if err != nil {
		return nil
	}
	return s.rateGame(ctx, row, start, row.Outcome)
}

// workEventGame moves on the paired event a finished game belongs to, if any.
func (s *Server) workEventGame(ctx context.Context, a eventGameArgs) error {
	eid, err := s.store.PairedEventOfGame(ctx, a.Game)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.changeEvent(ctx, eid, func(e *pairedEvent) (bool, error) { return s.refreshEvent(ctx, e) })
	return err
}

// workEventRound creates the games of an event's round that do not exist yet.
func (s *Server) workEventRound(ctx context.Context, a eventRoundArgs) error {
	row, err := s.store.PairedEventByID(ctx, a.Event)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	e, err := decodeEvent(row)
	if err != nil {
		return err
	}
	if a.Round < 1 || a.Round > len(e.Played) {
		return nil
	}
	r := e.Played[a.Round-1]
	for _, p := range r.Pairings {
		if p.Game == "" || p.Result != nil {
			continue
		}
		if _, err := s.store.Game(ctx, p.Game); !errors.Is(err, store.ErrNotFound) {
			continue // made already (or another error: the next attempt says)
		}
		if err := s.createEventGame(ctx, e, r.Number, p); err != nil && !errors.Is(err, store.ErrConflict) {
			return err
		}
	}
	return nil
}
