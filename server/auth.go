package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
	"turncoat/api"
	"turncoat/platform"
	"turncoat/platform/ratelimit"
	"unicode"

	"golang.org/x/crypto/argon2"

	"turncoat/store"
)

// Sessions live in the database by the SHA-256 of their token; the browser holds the token in
// an HttpOnly, SameSite=Lax cookie. Bots and scripts send a bearer token instead (an API token,
// or the token of a guest session from POST /api/guest).
const (
	sessionCookie = "turncoat_session"
	sessionTTL    = 30 * 24 * time.Hour
)

// hashToken returns the hex SHA-256 of a token: what the store keeps.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// Passwords are hashed with argon2id (RFC 9106's low-memory setting, two lanes for two cores)
// and stored as PHC strings, so the parameters can change later.
const (
	argonTime    = 3
	argonMemory  = 64 * 1024
	argonThreads = 2
	argonKeyLen  = 32
)

func (s *Server) hashPassword(ctx context.Context, pw string) (string, error) {
	if err := s.hashSlots.acquire(ctx); err != nil {
		return "", err
	}
	defer s.hashSlots.release()
	salt := make([]byte, 16)
	rand.Read(salt)
	return phc(salt, argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)), nil
}

func (s *Server) checkPassword(ctx context.Context, pw, phc string) (bool, error) {
	var m, t uint32
	var p uint8
	parts := strings.Split(phc, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("unknown password hash")
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, err
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil {
		return false, errors.New("malformed password hash")
	}
	if err := s.hashSlots.acquire(ctx); err != nil {
		return false, err
	}
	defer s.hashSlots.release()
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// semaphore bounds concurrent work (argon2id takes 64 MiB a hash).
type semaphore chan struct{}

func (s semaphore) acquire(ctx context.Context) error {
	select {
	case s <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s semaphore) release() { <-s }

// validName checks a player's name: 2-24 letters, digits, '-', '_' or '.'.
func validName(name string) error {
	if n := len([]rune(name)); n < 2 || n > 24 {
		return platform.Errorf(platform.BadRequest, "a name has 2 to 24 characters")
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("-_.", r) {
			return platform.Errorf(platform.BadRequest, "a name has letters, digits, '-', '_' and '.' only")
		}
	}
	if strings.HasPrefix(strings.ToLower(name), "guest-") {
		return platform.Errorf(platform.BadRequest, "names starting with guest- are for guests")
	}
	return nil
}

func validPassword(name, pw string) error {
	if len(pw) < 8 || len(pw) > 256 {
		return platform.Errorf(platform.BadRequest, "a password has 8 to 256 characters")
	}
	return weakPassword(name, pw)
}

// newSession stores a session for u and sets its cookie; it returns the token.
func (s *Server) newSession(ctx context.Context, w http.ResponseWriter, r *http.Request, u store.User) (string, error) {
	token := rand.Text()
	now := s.now()
	if err := s.store.CreateSession(ctx, hashToken(token), u.ID, now.Add(sessionTTL), now); err != nil {
		return "", err
	}
	if w != nil {
		http.SetCookie(w, &http.Cookie{
			Name: sessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
			Secure: r.TLS != nil || s.cfg.SecureCookies, MaxAge: int(sessionTTL / time.Second),
		})
	}
	return token, nil
}

type ctxKey int

const userKey ctxKey = 0

// identify finds the caller and the credential that identified it: a bearer token (API token
// or session token), else the session cookie. It returns nil for an anonymous caller; a bad
// or expired bearer token is an error.
func (s *Server) identify(r *http.Request) (*store.User, *credential, error) {
	ctx := r.Context()
	if h := r.Header.Get("Authorization"); h != "" {
		token, ok := strings.CutPrefix(h, "Bearer ")
		if !ok || token == "" {
			return nil, nil, platform.Errorf(platform.Unauthorized, "the Authorization header must be \"Bearer <token>\"")
		}
		cr := &credential{hash: hashToken(token), token: true}
		u, t, err := s.store.APITokenUser(ctx, cr.hash)
		cr.until = t.Expires
		if errors.Is(err, store.ErrNotFound) {
			cr.token = false
			u, cr.until, err = s.store.SessionByHash(ctx, cr.hash)
		}
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil, platform.Errorf(platform.Unauthorized, "unknown token (revoked, or signed out)")
		}
		if err != nil {
			return nil, nil, err
		}
		if !cr.until.IsZero() && !s.now().Before(cr.until) {
			return nil, nil, cr.expiredError()
		}
		return &u, cr, nil
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil, nil, nil
	}
	cr := &credential{hash: hashToken(c.Value)}
	u, until, err := s.store.SessionByHash(ctx, cr.hash)
	if errors.Is(err, store.ErrNotFound) || err == nil && !s.now().Before(until) {
		return nil, nil, nil // an ended or expired session: the caller is anonymous again
	}
	if err != nil {
		return nil, nil, err
	}
	cr.until = until
	return &u, cr, nil
}

// checkLogin checks a name and password. A name without a password (unknown, or a guest's)
// checks a dummy hash all the same, so that the answer takes as long either way.
func (s *Server) checkLogin(ctx context.Context, c api.Credentials) (store.User, bool, error) {
	u, hash, err := s.store.UserByName(ctx, c.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return u, false, err
	}
	known := err == nil && hash != ""
	if !known {
		hash = dummyHash()
	}
	ok, err := s.checkPassword(ctx, c.Password, hash)
	return u, ok && known, err
}

// userOf returns the caller identified by the middleware, or nil.
func userOf(r *http.Request) *store.User {
	u, _ := r.Context().Value(userKey).(*store.User)
	return u
}

// requireUser returns the caller; an anonymous browser gets a guest account and session on the
// spot (so a newcomer plays without signing up).
func (s *Server) requireUser(w http.ResponseWriter, r *http.Request) (*store.User, error) {
	if u := userOf(r); u != nil {
		return u, nil
	}
	if !s.limitIP(r, s.signupLimits) {
		return nil, platform.Errorf(platform.RateLimited, "too many new accounts from this address; try again in a minute")
	}
	u, err := s.store.CreateUser(r.Context(), "guest-"+strings.ToLower(rand.Text()[:8]), "", true, s.now())
	if err != nil {
		return nil, err
	}
	if _, err := s.newSession(r.Context(), w, r, u); err != nil {
		return nil, err
	}
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
