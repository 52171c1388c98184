package server

import (
	"net"
	"net/http"
	"strings"
	"time"

	"turncoat/domain"
	"turncoat/platform/accounts"
	"turncoat/platform/ratelimit"
)

// Sessions live in the database by the SHA-256 of their token (platform/accounts); the browser
// holds the token in an HttpOnly, SameSite=Lax cookie. Bots and scripts send a bearer token
// instead (an API token, or the token of a guest session from POST /api/guest).
const sessionCookie = "turncoat_session"

// setSession sets the cookie of a session's token.
func (s *Server) setSession(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: r.TLS != nil || s.cfg.SecureCookies, MaxAge: int(accounts.SessionTTL / time.Second),
	})
}

type ctxKey int

const userKey ctxKey = 0

// identify finds the caller and the credential that identified it: a bearer token (API token
// or session token), else the session cookie. It returns nil for an anonymous caller; a bad
// or expired bearer token is an error.
func (s *Server) identify(r *http.Request) (*domain.User, *credential, error) {
	bearer := ""
	if h := r.Header.Get("Authorization"); h != "" {
		token, ok := strings.CutPrefix(h, "Bearer ")
		if !ok || token == "" {
			return nil, nil, domain.Errorf(domain.Unauthorized, "the Authorization header must be \"Bearer <token>\"")
		}
		bearer = token
	}
	cookie := ""
	if c, err := r.Cookie(sessionCookie); err == nil {
		cookie = c.Value
	}
	return s.accounts.Identify(r.Context(), bearer, cookie)
}

// userOf returns the caller identified by the middleware, or nil.
func userOf(r *http.Request) *domain.User {
	u, _ := r.Context().Value(userKey).(*domain.User)
	return u
}

// requireUser returns the caller; an anonymous browser gets a guest account and session on the
// spot (so a newcomer plays without signing up).
func (s *Server) requireUser(w http.ResponseWriter, r *http.Request) (*domain.User, error) {
	if u := userOf(r); u != nil {
		return u, nil
	}
	if !s.limitIP(r, s.signupLimits) {
		return nil, domain.Errorf(domain.RateLimited, "too many new accounts from this address; try again in a minute")
	}
	u, token, err := s.accounts.Guest(r.Context())
	if err != nil {
		return nil, err
	}
	s.setSession(w, r, token)
	return &u, nil
}

// clientIP is the address of the connection (a proxy's, behind one: see clientAddr).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (s *Server) limitIP(r *http.Request, l *ratelimit.Limiters) bool {
	return l.Allow(s.clientAddr(r), s.now())
}
