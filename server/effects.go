package server

import (
	"time"
	"turncoat/platform/jobs"

	"turncoat/domain"
)

// What the end of a game calls for beyond the game service, stored with the end as durable
// jobs (play.Config.EndJobs) and worked here: its rating, the paired event it may belong to
// (platform/events works that job), and the opening book's learning of it.

// endJobs are the jobs the end of a game calls for beyond the game service.
func (s *Server) endJobs(row domain.Game) []domain.Job {
	var out []domain.Job
	out = append(out, s.ratings.EndJobs(row)...)
	if row.Mode == domain.ModeOnline {
		out = append(out, jobs.At(jobs.EventGame{Game: row.ID}, time.Time{}))
	}
	if s.cfg.Book != nil && row.Kind == s.cfg.Book.Kind() {
		out = append(out, s.cfg.Book.EndJobs(row)...)
	}
	return out
}
