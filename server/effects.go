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
// (platform/events works that job), and the opening book's learning of it.

// endJobs are the jobs the end of a game calls for beyond the game service.
func (s *Server) endJobs(row store.Game) []store.JobInsert {
	var out []store.JobInsert
	if row.Rated {
		out = append(out, jobs.At(jobs.Rate{Game: row.ID}, time.Time{}))
	}
	if row.Mode == platform.ModeOnline {
		out = append(out, jobs.At(jobs.EventGame{Game: row.ID}, time.Time{}))
	}
	if s.cfg.Book != nil && row.Kind == s.cfg.Book.Kind() {
		out = append(out, s.cfg.Book.EndJobs(row)...)
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
