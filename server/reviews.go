package server

import (
	"net/http"

	"turncoat/domain"
)

// handleAskReview answers POST /api/games/{id}/review: the game's review, asked now (202, queued)
// or as it stands when it was asked already (200: asking twice is one review).
func (s *Server) handleAskReview(w http.ResponseWriter, r *http.Request) error {
	if s.reviews == nil {
		return domain.Errorf(domain.NotFound, "this server reviews no games")
	}
	u, err := s.requireUser(w, r)
	if err != nil {
		return err
	}
	if err := s.allowCommand(u); err != nil {
		return err
	}
	out, err := s.reviews.Ask(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	status := http.StatusOK
	if out.State == string(domain.ReviewQueued) {
		status = http.StatusAccepted
	}
	writeJSON(w, status, out)
	return nil
}

// handleReview answers GET /api/games/{id}/review: the game's review as it stands, for anyone
// who opens the game (404 when none was asked).
func (s *Server) handleReview(w http.ResponseWriter, r *http.Request) error {
	if s.reviews == nil {
		return domain.Errorf(domain.NotFound, "this server reviews no games")
	}
	out, err := s.reviews.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
