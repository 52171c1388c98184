package server

import (
	"context"
	"net/http"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine"
	"turncoat/platform/aiwork"
)

// BookService is an opening book a game kind adds to the server (Othello's): the durable jobs
// at the end of its games and their workers, the agents that play from it, and its explorer.
// The server starts it and closes it.
type BookService interface {
	// Kind is the game kind the book is of.
	Kind() string
	// Start makes the book current; ai is the server's AI work, whose share of the cores the
	// book's own evaluations take.
	Start(ctx context.Context, ai *aiwork.Work) error
	// EndJobs are the jobs the end of a game calls for.
	EndJobs(row domain.Game) []domain.Job
	Workers(ws *river.Workers)
	// PrepareAgent has an agent the server makes play from the book.
	PrepareAgent(a engine.Agent)
	// Explore answers the explorer: BadRequest, BadNotation or IllegalMove for a bad query.
	Explore(ctx context.Context, moves, pos string) (api.BookPosition, error)
	Close()
}

// handleBook answers GET /api/book?moves=f5d6&pos=P: what the opening book knows of the
// position the moves reach from the start (or from pos).
func (s *Server) handleBook(w http.ResponseWriter, r *http.Request) error {
	if s.cfg.Book == nil {
		return domain.Errorf(domain.NotFound, "this server has no opening book")
	}
	q := r.URL.Query()
	out, err := s.cfg.Book.Explore(r.Context(), q.Get("moves"), q.Get("pos"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// startBook makes the opening book current, if the server has one.
func (s *Server) startBook(ctx context.Context) error {
	if s.cfg.Book == nil {
		return nil
	}
	return s.cfg.Book.Start(ctx, s.aiw)
}
