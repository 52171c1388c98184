package server

import (
	"context"
	"net/http"

	"turncoat/api"
	"turncoat/domain"
)

// BookExplorer is the opening book's explorer a game kind adds to the server (Othello's).
type BookExplorer interface {
	// Explore answers the explorer: BadRequest, BadNotation or IllegalMove for a bad query.
	Explore(ctx context.Context, moves, pos string) (api.BookPosition, error)
}

// handleBook answers GET /api/book?moves=f5d6&pos=P: what the opening book knows of the
// position the moves reach from the start (or from pos).
func (s *Server) handleBook(w http.ResponseWriter, r *http.Request) error {
	if s.book == nil {
		return domain.Errorf(domain.NotFound, "this server has no opening book")
	}
	q := r.URL.Query()
	out, err := s.book.Explore(r.Context(), q.Get("moves"), q.Get("pos"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
