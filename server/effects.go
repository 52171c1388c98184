package server

import (
	"context"
	"errors"
	"time"
	"turncoat/platform/jobs"

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

// effects returns the jobs a change of a game calls for: row and work are the game after the
// change, ended whether the change ended it.
func (s *Server) effects(row store.Game, work *game.Table, status platform.Status, ended bool) []store.JobInsert {
	var out []store.JobInsert
	add := func(args river.JobArgs, at time.Time) {
		out = append(out, jobs.At(args, at))
	}
	if d, ok := work.Deadline(); ok && status == platform.StatusActive {
		v := work.Version()
		add(jobs.Deadline{Game: row.ID, Version: v}, d)
		if row.Time.Kind == game.Correspondence {
			now := s.now()
			before := min(s.cfg.ReminderBefore, d.Sub(work.Clock().Since)/2)
			if at := d.Add(-before); at.After(now) {
				add(jobs.Reminder{Game: row.ID, Version: v}, at)
			}
			add(jobs.Turn{Game: row.ID, Ply: work.Ply()}, time.Time{})
		}
	}
	if ended {
		if row.Rated {
			add(jobs.Rate{Game: row.ID}, time.Time{})
		}
		if row.Mode == platform.ModeOnline {
			add(jobs.EventGame{Game: row.ID}, time.Time{})
		}
		if row.Kind == "reversi" {
			add(jobs.Learn{Game: row.ID}, time.Time{})
		}
	}
	return out
}

// workRate rates a finished rated game (once: the store refuses a second update).
func (s *Server) workRate(ctx context.Context, a jobs.Rate) error {
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
func (s *Server) workEventGame(ctx context.Context, a jobs.EventGame) error {
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
func (s *Server) workEventRound(ctx context.Context, a jobs.EventRound) error {
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
