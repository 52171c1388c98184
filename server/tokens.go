package server

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"strings"
	"time"
	"turncoat/api"
	"turncoat/platform"
	"unicode"
	"unicode/utf8"

	"turncoat/store"
)

// Credentials. A caller is identified by a session (its cookie, or its token as a bearer) or by
// an API token. The credential that identified a request travels with it, and with every socket
// it opens: ending the credential (a log-out, a revoke, its expiry) closes those sockets, on
// every instance (the store tells the others), with an error that says why.

// credential is what identified a caller.
type credential struct {
	// hash is the SHA-256 of the session's or token's secret: what the store keys it by.
	hash string
	// token is set for an API token (else it is a session).
	token bool
	// until is when it expires (zero: never).
	until time.Time
}

const credKey ctxKey = 1

// credOf returns the credential that identified the request, or nil.
func credOf(r *http.Request) *credential {
	c, _ := r.Context().Value(credKey).(*credential)
	return c
}

// API tokens: a bounded name, an optional expiry, a bounded number per user.
const (
	maxTokenName = 64
	maxTokenDays = 3650
	maxTokens    = 20
	// expiredTokensKept is how long an expired token stays in its owner's list.
	expiredTokensKept = 30 * day
	day               = 24 * time.Hour
)

// endedError is what a socket is told when its credential ends.
func (c *credential) endedError() *platform.Error {
	if c.token {
		return platform.Errorf(platform.TokenRevoked, "the API token of this connection was revoked")
	}
	return platform.Errorf(platform.SessionEnded, "the session of this connection ended (signed out)")
}

// expiredError is what a caller is told when its credential expired.
func (c *credential) expiredError() *platform.Error {
	if c.token {
		return platform.Errorf(platform.TokenExpired, "the API token expired")
	}
	return platform.Errorf(platform.SessionExpired, "the session expired: sign in again")
}

// handleToken makes an API token for a registered user's bots: {"name": ..., "expiresInDays":
// N} (0 or absent: it does not expire).
func (s *Server) handleToken(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil || u.Guest {
		return platform.Errorf(platform.Unauthorized, "sign in with a registered account to make API tokens")
	}
	var req struct {
		Name          string `json:"name"`
		ExpiresInDays int    `json:"expiresInDays"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	name := strings.TrimSpace(req.Name)
	if name == "" {
		name = "token"
	}
	if n := utf8.RuneCountInString(name); n > maxTokenName {
		return platform.Errorf(platform.BadRequest, "a token's name has at most %d characters (this one has %d)", maxTokenName, n)
	}
	if strings.ContainsFunc(name, unicode.IsControl) {
		return platform.Errorf(platform.BadRequest, "a token's name has no control characters")
	}
	if req.ExpiresInDays < 0 || req.ExpiresInDays > maxTokenDays {
		return platform.Errorf(platform.BadRequest, "expiresInDays %d: want 1 to %d, or 0 for a token that does not expire", req.ExpiresInDays, maxTokenDays)
	}
	now := s.now()
	t := store.APIToken{ID: strings.ToLower(rand.Text()[:12]), Name: name, Created: now}
	if req.ExpiresInDays > 0 {
		t.Expires = now.Add(time.Duration(req.ExpiresInDays) * day)
	}
	token := rand.Text()
	err := s.store.CreateAPIToken(r.Context(), u.ID, hashToken(token), t, maxTokens)
	if errors.Is(err, store.ErrLimit) {
		return platform.Errorf(platform.TooManyTokens, "an account holds at most %d API tokens: revoke one first", maxTokens)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, tokenWire(t, token, s.now()))
	return nil
}

// handleTokens lists the caller's API tokens (never the tokens themselves).
func (s *Server) handleTokens(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "not signed in")
	}
	list, err := s.store.APITokens(r.Context(), u.ID)
	if err != nil {
		return err
	}
	now := s.now()
	out := make([]api.Token, len(list))
	for i, t := range list {
		out[i] = tokenWire(t, "", now)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleRevokeToken revokes one of the caller's API tokens: it stops working at once, and the
// sockets it opened are closed.
func (s *Server) handleRevokeToken(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "not signed in")
	}
	hash, err := s.store.DeleteAPIToken(r.Context(), u.ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	s.credentialEnded(hash)
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
	return nil
}

// handleLogout ends the credentials the request presents: the session of its cookie, and the
// session or API token of its bearer token (a bot logging out revokes its token); with
// {"everywhere": true}, every session of the user. Their sockets are closed.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Everywhere bool `json:"everywhere"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	ctx := r.Context()
	if cr := credOf(r); cr != nil {
		if err := s.endCredential(ctx, cr); err != nil {
			return err
		}
	}
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
		if err := s.endCredential(ctx, &credential{hash: hashToken(c.Value)}); err != nil {
			return err
		}
	}
	if u := userOf(r); u != nil && req.Everywhere {
		hashes, err := s.store.EndUserSessions(ctx, u.ID)
		if err != nil {
			return err
		}
		for _, h := range hashes {
			s.credentialEnded(h)
		}
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
	return nil
}

// endCredential ends a session or revokes a token, and closes its sockets.
func (s *Server) endCredential(ctx context.Context, cr *credential) error {
	var err error
	if cr.token {
		err = s.store.DeleteAPITokenByHash(ctx, cr.hash)
	} else {
		err = s.store.EndSession(ctx, cr.hash)
	}
	if err != nil {
		return err
	}
	s.credentialEnded(cr.hash)
	return nil
}

// credentialEnded closes this instance's sockets opened with the session or token of a hash
// (called for this instance's own ends, and for every instance's through the store).
func (s *Server) credentialEnded(hash string) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for c := range s.conns {
		if c.cred != nil && c.cred.hash == hash {
			c.end(c.cred.endedError())
		}
	}
}

// recheckCredentials closes the sockets whose credential is gone from the store: after the
// listener reconnects, since what was ended meanwhile was not heard.
func (s *Server) recheckCredentials(ctx context.Context) {
	s.connMu.Lock()
	var creds []*credential
	for c := range s.conns {
		if c.cred != nil {
			creds = append(creds, c.cred)
		}
	}
	s.connMu.Unlock()
	checked := map[string]bool{}
	for _, cr := range creds {
		if checked[cr.hash] {
			continue
		}
		checked[cr.hash] = true
		var err error
		if cr.token {
			_, _, err = s.store.APITokenUser(ctx, cr.hash)
		} else {
			_, _, err = s.store.SessionByHash(ctx, cr.hash)
		}
		if errors.Is(err, store.ErrNotFound) {
			s.credentialEnded(cr.hash)
		}
	}
}

// startAuth starts listening to the credentials other instances end, and the hourly purge of
// expired sessions and tokens.
func (s *Server) startAuth(ctx context.Context) {
	listening := make(chan struct{})
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		first := true
		s.store.ListenEnded(ctx, s.credentialEnded, func() {
			if first {
				first = false
				close(listening)
				return
			}
			s.recheckCredentials(ctx)
		})
	}()
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(time.Hour)
		defer t.Stop()
		for {
			if err := s.store.DeleteExpiredCredentials(ctx, s.now(), expiredTokensKept); err != nil && ctx.Err() == nil {
				s.log.Warn("purging expired sessions and tokens", "error", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	if s.store.Postgres() {
		select {
		case <-listening:
		case <-time.After(10 * time.Second):
			s.log.Warn("not yet listening to the sessions and tokens other instances end")
		}
	}
}
