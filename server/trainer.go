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
	// A step may search (a move the book has not valued): it counts as one of the caller's
	// commands, and searches on the caller's share of the AI's cores, as an analysis does.
	u := userOf(r)
	caller := s.aiw.Caller(u, s.clientAddr(r))
	if !s.moveLimits.Allow(caller, s.now()) {
		return domain.Errorf(domain.RateLimited, "too many requests; slow down")
	}
	release, err := s.aiw.Acquire(r.Context(), caller, true)
	if err != nil {
		return err
	}
	defer release()
	out, err := t.Drill(r.Context(), u, req)
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

// handleTrainerAdopt answers POST /api/trainer/adopt: a guest's schedule, kept by its browser,
// taken into the account it signed up as.
func (s *Server) handleTrainerAdopt(w http.ResponseWriter, r *http.Request) error {
	t, err := s.trainerOrNotFound()
	if err != nil {
		return err
	}
	var req api.TrainerAdopt
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u := userOf(r)
	if u != nil && !s.moveLimits.Allow(s.aiw.Caller(u, s.clientAddr(r)), s.now()) {
		return domain.Errorf(domain.RateLimited, "too many requests; slow down")
	}
	out, err := t.Adopt(r.Context(), u, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
