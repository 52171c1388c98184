package server

import (
	"net/http"
	"strconv"

	"turncoat/api"
	"turncoat/domain"
)

// signedIn returns the caller, or Unauthorized.
func signedIn(r *http.Request) (*domain.User, error) {
	u := userOf(r)
	if u == nil {
		return nil, domain.Errorf(domain.Unauthorized, "not signed in")
	}
	return u, nil
}

// handleBlock blocks (on) or unblocks the user {name} for the caller.
func (s *Server) handleBlock(on bool) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		u, err := signedIn(r)
		if err != nil {
			return err
		}
		if err := s.mod.Block(r.Context(), u, r.PathValue("name"), on); err != nil {
			return err
		}
		return s.handleBlocks(w, r)
	}
}

// handleBlocks lists the users the caller blocked.
func (s *Server) handleBlocks(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	out, err := s.mod.Blocks(r.Context(), u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleMute mutes (on) or unmutes the user {name} for the caller.
func (s *Server) handleMute(on bool) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		u, err := signedIn(r)
		if err != nil {
			return err
		}
		if err := s.mod.Mute(r.Context(), u, r.PathValue("name"), on); err != nil {
			return err
		}
		return s.handleMutes(w, r)
	}
}

// handleMutes lists the users the caller muted.
func (s *Server) handleMutes(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	out, err := s.mod.Mutes(r.Context(), u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleReport stores the caller's report of a player, a game or a chat line.
func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	var req api.ReportRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	out, err := s.mod.Report(r.Context(), u, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, out)
	return nil
}

// handleModReports lists the reports (?status=open by default) with their context, for a
// moderator.
func (s *Server) handleModReports(w http.ResponseWriter, r *http.Request) error {
	out, err := s.mod.Reports(r.Context(), userOf(r), r.URL.Query().Get("status"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleModAction does a moderator's action.
func (s *Server) handleModAction(w http.ResponseWriter, r *http.Request) error {
	// Refused before the body is read: a non-moderator hears 403 whatever they send.
	if ok, err := s.mod.IsModerator(r.Context(), userOf(r)); err != nil || !ok {
		if err == nil {
			err = domain.Errorf(domain.Forbidden, "only moderators may do this")
		}
		return err
	}
	var req api.ModAction
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	out, err := s.mod.Act(r.Context(), userOf(r), req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleModLog returns the moderation log (?before= an entry's id), for a moderator.
func (s *Server) handleModLog(w http.ResponseWriter, r *http.Request) error {
	var before int64
	if b := r.URL.Query().Get("before"); b != "" {
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n < 0 {
			return domain.Errorf(domain.BadRequest, "before=%q: want an entry's id", b)
		}
		before = n
	}
	out, err := s.mod.Log(r.Context(), userOf(r), before)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
