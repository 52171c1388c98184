package server

import (
	"context"
	"net/http"

	"turncoat/domain"
	"turncoat/platform/accounts"
)

// Credentials. A caller is identified by a session (its cookie, or its token as a bearer) or by
// an API token. The credential that identified a request travels with it, and with every socket
// it opens: ending the credential (a log-out, a revoke, its expiry) closes those sockets, on
// every instance (the store tells the others), with an error that says why.

// credential is what identified a caller.
type credential = accounts.Credential

const credKey ctxKey = 1

// credOf returns the credential that identified the request, or nil.
func credOf(r *http.Request) *credential {
	c, _ := r.Context().Value(credKey).(*credential)
	return c
}

// handleToken makes an API token for a registered user's bots: {"name": ..., "expiresInDays":
// N} (0 or absent: it does not expire).
func (s *Server) handleToken(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil || u.Guest {
		return domain.Errorf(domain.Unauthorized, "sign in with a registered account to make API tokens")
	}
	var req struct {
		Name          string `json:"name"`
		ExpiresInDays int    `json:"expiresInDays"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	tok, err := s.accounts.NewToken(r.Context(), u, req.Name, req.ExpiresInDays)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, tok)
	return nil
}

// handleTokens lists the caller's API tokens (never the tokens themselves).
func (s *Server) handleTokens(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "not signed in")
	}
	out, err := s.accounts.Tokens(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleRevokeToken revokes one of the caller's API tokens: it stops working at once, and the
// sockets it opened are closed.
func (s *Server) handleRevokeToken(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "not signed in")
	}
	hash, err := s.accounts.RevokeToken(r.Context(), u.ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	s.CredentialEnded(hash)
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
		if err := s.endCredential(ctx, &credential{Hash: domain.HashToken(c.Value)}); err != nil {
			return err
		}
	}
	if u := userOf(r); u != nil && req.Everywhere {
		hashes, err := s.accounts.EndEverywhere(ctx, u.ID)
		if err != nil {
			return err
		}
		for _, h := range hashes {
			s.CredentialEnded(h)
		}
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
	return nil
}

// endCredential ends a session or revokes a token, and closes its sockets.
func (s *Server) endCredential(ctx context.Context, cr *credential) error {
	if err := s.accounts.End(ctx, cr); err != nil {
		return err
	}
	s.CredentialEnded(cr.Hash)
	return nil
}

// CredentialEnded closes this instance's sockets opened with the session or token of a hash
// (called for this instance's own ends, and for every instance's through the store).
func (s *Server) CredentialEnded(hash string) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for c := range s.conns {
		if c.cred != nil && c.cred.Hash == hash {
			c.end(c.cred.EndedError())
		}
	}
}

// RecheckCredentials closes the sockets whose credential is gone from the store: after the
// listener reconnects, since what was ended meanwhile was not heard.
func (s *Server) RecheckCredentials(ctx context.Context) {
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
		if checked[cr.Hash] {
			continue
		}
		checked[cr.Hash] = true
		if ok, err := s.accounts.Exists(ctx, cr); err == nil && !ok {
			s.CredentialEnded(cr.Hash)
		}
	}
}
