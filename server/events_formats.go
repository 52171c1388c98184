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

// eventRoutes registers the paired events' API.
func (s *Server) eventRoutes(handle func(pattern string, h func(w http.ResponseWriter, r *http.Request) error)) {
	handle("POST /api/events", s.handleCreateEvent)
	handle("GET /api/events/{id}", s.handleEvent)
	handle("POST /api/events/{id}/join", s.handleJoinEvent)
	handle("POST /api/events/{id}/start", s.handleStartEvent)
}
