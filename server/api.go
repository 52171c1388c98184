package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"turncoat/api"
	"turncoat/platform/accounts"

	"turncoat/domain"
)

// wrap is every API handler's middleware: identify the caller, time the request, turn a
// returned error into the API's error object.
func (s *Server) wrap(pattern string, h func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		defer func() { s.metrics.observe(pattern, rec.status, time.Since(start)) }()
		if err := checkText(r); err != nil {
			s.writeError(rec, r, err)
			return
		}
		u, cred, err := s.identify(r)
		if err != nil {
			s.writeError(rec, r, err)
			return
		}
		if u != nil {
			r = r.WithContext(context.WithValue(context.WithValue(r.Context(), userKey, u), credKey, cred))
			if u.Guest {
				s.aiw.NoteGuest(u.ID, s.clientAddr(r))
			}
		}
		if err := h(rec, r); err != nil {
			s.writeError(rec, r, err)
		}
	})
}

func (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) error {
	if !s.limitIP(r, s.loginLimits) {
		return domain.Errorf(domain.RateLimited, "too many attempts; try again in a minute")
	}
	var c api.Credentials
	if err := decodeJSON(w, r, &c); err != nil {
		return err
	}
	u, token, err := s.accounts.SignUp(r.Context(), userOf(r), c)
	if err != nil {
		return err
	}
	s.setSession(w, r, token)
	writeJSON(w, http.StatusCreated, api.Me{User: userWire(u)})
	return nil
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) error {
	if !s.limitIP(r, s.loginLimits) {
		return domain.Errorf(domain.RateLimited, "too many attempts; try again in a minute")
	}
	var c api.Credentials
	if err := decodeJSON(w, r, &c); err != nil {
		return err
	}
	u, token, err := s.accounts.LogIn(r.Context(), c)
	var wait *accounts.Backoff
	if errors.As(err, &wait) {
		w.Header().Set("Retry-After", strconv.Itoa(int((wait.Wait+time.Second-1)/time.Second)))
	}
	if err != nil {
		return err
	}
	if c, err := r.Cookie(sessionCookie); err == nil {
		// a new token at every log-in
		s.endCredential(r.Context(), &credential{Hash: domain.HashToken(c.Value)})
	}
	s.setSession(w, r, token)
	writeJSON(w, http.StatusOK, api.Me{User: userWire(u)})
	return nil
}

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "not signed in")
	}
	me := api.Me{User: userWire(*u)}
	if s.mod != nil {
		var err error
		if me.Moderator, err = s.mod.IsModerator(r.Context(), u); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, me)
	return nil
}

// handleGuest makes a guest account and returns the bearer token of its session: how a bot
// or a script with curl starts.
func (s *Server) handleGuest(w http.ResponseWriter, r *http.Request) error {
	if !s.limitIP(r, s.signupLimits) {
		return domain.Errorf(domain.RateLimited, "too many new accounts from this address; try again in a minute")
	}
	u, token, err := s.accounts.Guest(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, api.Me{User: userWire(u), Token: token})
	return nil
}
