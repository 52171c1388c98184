package server

import (
	"context"
	"errors"
	"time"
	"turncoat/platform/jobs"

	"turncoat/platform"
	"turncoat/store"
)

// What the end of a game calls for beyond the game service, stored with the end as durable
// jobs (play.Config.EndJobs) and worked here: its rating, the paired event it may belong to
// (its next round, whose games are themselves a job saved with the round), and the opening
// book's learning of it.

// endJobs are the jobs the end of a game calls for beyond the game service.
func (s *Server) endJobs(row store.Game) []store.JobInsert {
	var out []store.JobInsert
	if row.Rated {
		out = append(out, jobs.At(jobs.Rate{Game: row.ID}, time.Time{}))
	}
	if row.Mode == platform.ModeOnline {
		out = append(out, jobs.At(jobs.EventGame{Game: row.ID}, time.Time{}))
	}
	if row.Kind == "reversi" {
		out = append(out, jobs.At(jobs.Learn{Game: row.ID}, time.Time{}))
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
