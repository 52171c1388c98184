package server

import (
	"net/http"

	"turncoat/api"
)

// The paired events' endpoints: the events themselves are platform/events'.

func (s *Server) handleCreateEvent(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateEvent
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	v, err := s.events.Create(r.Context(), u, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, v)
	return nil
}

func (s *Server) handleJoinEvent(w http.ResponseWriter, r *http.Request) error {
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	v, err := s.events.Join(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) handleStartEvent(w http.ResponseWriter, r *http.Request) error {
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	v, err := s.events.Start(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) handleEvent(w http.ResponseWriter, r *http.Request) error {
	v, err := s.events.View(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}
