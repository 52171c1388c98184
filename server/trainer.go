package server

import (
	"net/http"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/trainer"
)

// The opening trainer's endpoints (see package trainer). A drill is stateless: each step posts
// the whole drill, and the server records only its result, in a signed-in account's schedule.

// trainerOrNotFound returns the trainer, or NotFound on a server without an opening book.
func (s *Server) trainerOrNotFound() (*trainer.Service, error) {
	if s.trainer == nil {
		return nil, domain.Errorf(domain.NotFound, "this server has no opening book").Words("trainer.none")
	}
	return s.trainer, nil
}

// handleTrainerOpenings answers GET /api/trainer/openings: the named openings, and the
// caller's repertoire when signed in.
func (s *Server) handleTrainerOpenings(w http.ResponseWriter, r *http.Request) error {
	t, err := s.trainerOrNotFound()
	if err != nil {
		return err
	}
	out, err := t.Openings(r.Context(), userOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleTrainerDrill answers POST /api/trainer/drill: the drill's moves checked, the book's
// reply added.
func (s *Server) handleTrainerDrill(w http.ResponseWriter, r *http.Request) error {
	t, err := s.trainerOrNotFound()
	if err != nil {
		return err
	}
	var req api.Drill
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	out, err := t.Drill(r.Context(), userOf(r), req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleTrainerDue answers GET /api/trainer/due: the caller's schedule of lines.
func (s *Server) handleTrainerDue(w http.ResponseWriter, r *http.Request) error {
	t, err := s.trainerOrNotFound()
	if err != nil {
		return err
	}
	out, err := t.Due(r.Context(), userOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
