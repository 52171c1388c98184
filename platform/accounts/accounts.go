// Package accounts keeps the players' accounts and credentials: sign-up (names, passwords
// checked against the 10,000 most common, argon2id hashes), log-in (with a back-off per account
// and a dummy hash for names without a password, so that the answers do not tell names apart),
// guests, sessions and API tokens. A credential is stored by the SHA-256 of its secret.
//
// Errors are domain.Error values: BadRequest (a malformed name or token request),
// WeakPassword, NameTaken, BadLogin, LoginBackoff (its cause a *Backoff that says how long to
// wait), Unauthorized (an unknown or malformed bearer token), TokenExpired and SessionExpired,
// TooManyTokens, NotFound (no such token).
package accounts

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/clock"
)

// SessionTTL is how long a session lasts.
const SessionTTL = 30 * 24 * time.Hour

// API tokens: a bounded name, an optional expiry, a bounded number per user.
const (
	maxTokenName = 64
	maxTokenDays = 3650
	maxTokens    = 20
	// ExpiredTokensKept is how long an expired token stays in its owner's list.
	ExpiredTokensKept = 30 * day
	day               = 24 * time.Hour
)

// Service keeps the accounts.
type Service struct {
	store  Store
	clk    clock.Clock
	slots  chan struct{}
	logins loginGuard
	// cost is what hashing a password costs: passwordCost, unless a test lowers it.
	cost argonCost
	att  Attachments
}

// New returns the service.
func New(st Store, clk clock.Clock) *Service {
	if clk == nil {
		clk = clock.Real{}
	}
	return &Service{store: st, clk: clk, slots: make(chan struct{}, max(1, runtime.NumCPU()/2)), cost: passwordCost}
}

func (s *Service) now() time.Time { return s.clk.Now().UTC() }

// Credential is what identified a caller.
type Credential struct {
	// Hash is the SHA-256 of the session's or token's secret: what the store keys it by.
	Hash string
	// Token is set for an API token (else it is a session).
	Token bool
	// Until is when it expires (zero: never).
	Until time.Time
}

// EndedError is what a socket is told when its credential ends.
func (c *Credential) EndedError() *domain.Error {
	if c.Token {
		return domain.Errorf(domain.TokenRevoked, "the API token of this connection was revoked").Words("account.token_revoked")
	}
	return domain.Errorf(domain.SessionEnded, "the session of this connection ended (signed out)").Words("account.session_ended")
}

// ExpiredError is what a caller is told when its credential expired.
func (c *Credential) ExpiredError() *domain.Error {
	if c.Token {
		return domain.Errorf(domain.TokenExpired, "the API token expired").Words("account.token_expired")
	}
	return domain.Errorf(domain.SessionExpired, "the session expired: sign in again").Words("account.session_expired")
}

// Identify finds the caller of a bearer token (an API token or a session's token: an unknown
// one is an error) or, without one, of a session cookie's token (an ended or expired session
// is an anonymous caller). It returns nil for an anonymous caller.
func (s *Service) Identify(ctx context.Context, bearer, cookie string) (*domain.User, *Credential, error) {
	if bearer != "" {
		cr := &Credential{Hash: domain.HashToken(bearer), Token: true}
		u, t, err := s.store.APITokenUser(ctx, cr.Hash)
		cr.Until = t.Expires
		if errors.Is(err, domain.ErrNotFound) {
			cr.Token = false
			u, cr.Until, err = s.store.SessionByHash(ctx, cr.Hash)
		}
		if errors.Is(err, domain.ErrNotFound) {
			return nil, nil, domain.Errorf(domain.Unauthorized, "unknown token (revoked, or signed out)").Words("account.unknown_token")
		}
		if err != nil {
			return nil, nil, err
		}
		if !cr.Until.IsZero() && !s.now().Before(cr.Until) {
			return nil, nil, cr.ExpiredError()
		}
		if err := u.Refused(); err != nil {
			return nil, nil, err
		}
		return &u, cr, nil
	}
	if cookie == "" {
		return nil, nil, nil
	}
	cr := &Credential{Hash: domain.HashToken(cookie)}
	u, until, err := s.store.SessionByHash(ctx, cr.Hash)
	if errors.Is(err, domain.ErrNotFound) || err == nil && !s.now().Before(until) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if err := u.Refused(); err != nil {
		return nil, nil, err
	}
	cr.Until = until
	return &u, cr, nil
}

// NewSession stores a session for u and returns its token.
func (s *Service) NewSession(ctx context.Context, u domain.User) (string, error) {
	token := rand.Text()
	now := s.now()
	if err := s.store.CreateSession(ctx, domain.HashToken(token), u.ID, now.Add(SessionTTL), now); err != nil {
		return "", err
	}
	return token, nil
}

// SignUp makes a registered account (a guest who signs up keeps its games) and a session of it.
func (s *Service) SignUp(ctx context.Context, guest *domain.User, c api.Credentials) (domain.User, string, error) {
	c.Name = strings.TrimSpace(c.Name)
	if err := ValidName(c.Name); err != nil {
		return domain.User{}, "", err
	}
	if err := validPassword(c.Name, c.Password); err != nil {
		return domain.User{}, "", err
	}
	held, err := s.store.NameHeld(ctx, c.Name, s.now())
	if err != nil {
		return domain.User{}, "", err
	}
	if held {
		return domain.User{}, "", domain.Errorf(domain.NameTaken, "the name %q is taken", c.Name).Words("name_taken.name", "name", c.Name)
	}
	hash, err := s.hashPassword(ctx, c.Password)
	if err != nil {
		return domain.User{}, "", err
	}
	var u domain.User
	if guest != nil && guest.Guest {
		err = s.store.SetPassword(ctx, guest.ID, c.Name, hash)
		u = *guest
		u.Name, u.Guest = c.Name, false
	} else {
		u, err = s.store.CreateUser(ctx, c.Name, hash, false, s.now())
	}
	if errors.Is(err, domain.ErrConflict) {
		return domain.User{}, "", domain.Errorf(domain.NameTaken, "the name %q is taken", c.Name).Words("name_taken.name", "name", c.Name)
	}
	if err != nil {
		return domain.User{}, "", err
	}
	token, err := s.NewSession(ctx, u)
	return u, token, err
}

// Backoff is the cause of a LoginBackoff error: how long the account waits.
type Backoff struct{ Wait time.Duration }

func (b *Backoff) Error() string { return fmt.Sprintf("back off for %v", b.Wait) }

// LogIn checks a name and password and makes a session.
func (s *Service) LogIn(ctx context.Context, c api.Credentials) (domain.User, string, error) {
	key := domain.NameKey(c.Name)
	wait, ok := s.logins.begin(key, s.now())
	if !ok {
		secs := int((wait + time.Second - 1) / time.Second)
		e := domain.Errorf(domain.LoginBackoff, "too many wrong passwords for this account: try again in %d s", secs).Words("account.login_backoff", "seconds", strconv.Itoa(secs))
		e.Err = &Backoff{Wait: wait}
		return domain.User{}, "", e
	}
	u, ok, err := s.checkLogin(ctx, c)
	s.logins.end(key, ok, s.now())
	if err != nil {
		return domain.User{}, "", err
	}
	if !ok {
		return domain.User{}, "", domain.Errorf(domain.BadLogin, "wrong name or password").Words("account.bad_login")
	}
	if err := u.Refused(); err != nil {
		return domain.User{}, "", err
	}
	token, err := s.NewSession(ctx, u)
	return u, token, err
}

// Guest makes a guest account and a session of it.
func (s *Service) Guest(ctx context.Context) (domain.User, string, error) {
	u, err := s.store.CreateUser(ctx, "guest-"+strings.ToLower(rand.Text()[:8]), "", true, s.now())
	if err != nil {
		return u, "", err
	}
	token, err := s.NewSession(ctx, u)
	return u, token, err
}

// checkLogin checks a name and password. A name without a password (unknown, or a guest's)
// checks a dummy hash all the same, so that the answer takes as long either way.
func (s *Service) checkLogin(ctx context.Context, c api.Credentials) (domain.User, bool, error) {
	u, hash, err := s.store.UserByName(ctx, c.Name)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return u, false, err
	}
	known := err == nil && hash != ""
	if !known {
		hash = s.cost.dummyHash()
	}
	ok, err := s.checkPassword(ctx, c.Password, hash)
	return u, ok && known, err
}

// End ends a session or revokes a token.
func (s *Service) End(ctx context.Context, cr *Credential) error {
	if cr.Token {
		return s.store.DeleteAPITokenByHash(ctx, cr.Hash)
	}
	return s.store.EndSession(ctx, cr.Hash)
}

// EndEverywhere ends every session of a user and returns their hashes.
func (s *Service) EndEverywhere(ctx context.Context, userID int64) ([]string, error) {
	return s.store.EndUserSessions(ctx, userID)
}

// Exists reports whether a credential is still stored.
func (s *Service) Exists(ctx context.Context, cr *Credential) (bool, error) {
	var err error
	if cr.Token {
		_, _, err = s.store.APITokenUser(ctx, cr.Hash)
	} else {
		_, _, err = s.store.SessionByHash(ctx, cr.Hash)
	}
	if errors.Is(err, domain.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Purge deletes the expired sessions and the tokens expired for a while.
func (s *Service) Purge(ctx context.Context) error {
	return s.store.DeleteExpiredCredentials(ctx, s.now(), ExpiredTokensKept)
}

// NewToken makes an API token for a registered user's bots, named name, expiring after days
// (0: never). It returns the token with its secret, shown this once.
func (s *Service) NewToken(ctx context.Context, u *domain.User, name string, days int) (api.Token, error) {
	if u == nil || u.Guest {
		return api.Token{}, domain.Errorf(domain.Unauthorized, "sign in with a registered account to make API tokens").Words("token.registered")
	}
	name = strings.TrimSpace(name)
	if name == "" {
		name = "token"
	}
	if n := utf8.RuneCountInString(name); n > maxTokenName {
		return api.Token{}, domain.Errorf(domain.BadRequest, "a token's name has at most %d characters (this one has %d)", maxTokenName, n).Words("token.name_long", "max", strconv.Itoa(maxTokenName), "n", strconv.Itoa(n))
	}
	if strings.ContainsFunc(name, unicode.IsControl) {
		return api.Token{}, domain.Errorf(domain.BadRequest, "a token's name has no control characters").Words("token.name_control")
	}
	if days < 0 || days > maxTokenDays {
		return api.Token{}, domain.Errorf(domain.BadRequest, "expiresInDays %d: want 1 to %d, or 0 for a token that does not expire", days, maxTokenDays).Words("token.days", "days", strconv.Itoa(days), "max", strconv.Itoa(maxTokenDays))
	}
	now := s.now()
	t := domain.APIToken{ID: strings.ToLower(rand.Text()[:12]), Name: name, Created: now}
	if days > 0 {
		t.Expires = now.Add(time.Duration(days) * day)
	}
	token := rand.Text()
	err := s.store.CreateAPIToken(ctx, u.ID, domain.HashToken(token), t, maxTokens)
	if errors.Is(err, domain.ErrLimit) {
		return api.Token{}, domain.Errorf(domain.TooManyTokens, "an account holds at most %d API tokens: revoke one first", maxTokens).Words("token.too_many", "max", strconv.Itoa(maxTokens))
	}
	if err != nil {
		return api.Token{}, err
	}
	return TokenWire(t, token, now), nil
}

// Tokens lists a user's API tokens (never the tokens themselves).
func (s *Service) Tokens(ctx context.Context, userID int64) ([]api.Token, error) {
	list, err := s.store.APITokens(ctx, userID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]api.Token, len(list))
	for i, t := range list {
		out[i] = TokenWire(t, "", now)
	}
	return out, nil
}

// RevokeToken revokes one of a user's API tokens and returns its hash.
func (s *Service) RevokeToken(ctx context.Context, userID int64, id string) (string, error) {
	return s.store.DeleteAPIToken(ctx, userID, id)
}

// ValidName checks a player's name: 2-24 letters, digits, '-', '_' or '.'.
func ValidName(name string) error {
	if n := len([]rune(name)); n < 2 || n > 24 {
		return domain.Errorf(domain.BadRequest, "a name has 2 to 24 characters").Words("name.length")
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("-_.", r) {
			return domain.Errorf(domain.BadRequest, "a name has letters, digits, '-', '_' and '.' only").Words("name.chars")
		}
	}
	if strings.HasPrefix(strings.ToLower(name), "guest-") {
		return domain.Errorf(domain.BadRequest, "names starting with guest- are for guests").Words("name.guest")
	}
	return nil
}

func validPassword(name, pw string) error {
	if len(pw) < 8 || len(pw) > 256 {
		return domain.Errorf(domain.BadRequest, "a password has 8 to 256 characters").Words("password.length")
	}
	return weakPassword(name, pw)
}

// Passwords are hashed with argon2id (RFC 9106's low-memory setting, two lanes for two cores)
// and stored as PHC strings, so the parameters can change later.
const (
	argonTime    = 3
	argonMemory  = 64 * 1024
	argonThreads = 2
	argonKeyLen  = 32
)

// argonCost is the cost of one argon2id hash. The service hashes at passwordCost; its unit tests
// hash at a small cost, since a hash of 64 MiB takes a second of a busy test machine's core and
// a log-in's back-off alone needs half a dozen. A stored hash says its own cost (PHC), so a
// check costs what the hash did.
type argonCost struct {
	time, memory uint32
	threads      uint8
}

var passwordCost = argonCost{time: argonTime, memory: argonMemory, threads: argonThreads}

// HashCost is what hashing one password with argon2id costs: its passes, its memory in KiB and
// its lanes.
type HashCost struct {
	Passes, MemoryKiB uint32
	Lanes             uint8
}

// CheapHashing protects nothing: it is for tests of what the server does with accounts (their
// flows, not their hashes' strength), where a 64 MiB hash for every sign-up and log-in would
// take most of their time. Hashes already stored keep their own cost (PHC).
var CheapHashing = HashCost{Passes: 1, MemoryKiB: 64, Lanes: 1}

// SetHashCost changes what hashing a new password costs (and what the dummy check of an
// unknown name costs, so that it keeps matching). Call it before serving.
func (s *Service) SetHashCost(c HashCost) {
	s.cost = argonCost{time: max(1, c.Passes), memory: max(8, c.MemoryKiB), threads: max(1, c.Lanes)}
}

// acquire takes a hashing slot (argon2id takes 64 MiB a hash: their number is bounded).
func (s *Service) acquire(ctx context.Context) error {
	select {
	case s.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Service) release() { <-s.slots }

func (s *Service) hashPassword(ctx context.Context, pw string) (string, error) {
	if err := s.acquire(ctx); err != nil {
		return "", err
	}
	defer s.release()
	salt := make([]byte, 16)
	rand.Read(salt)
	c := s.cost
	return c.phc(salt, argon2.IDKey([]byte(pw), salt, c.time, c.memory, c.threads, argonKeyLen)), nil
}

func (s *Service) checkPassword(ctx context.Context, pw, phc string) (bool, error) {
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
	if err := s.acquire(ctx); err != nil {
		return false, err
	}
	defer s.release()
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// passwords.txt is the 10,000 most common passwords, one a line, lowercase, most common first:
// the head of zxcvbn's ranking of Mark Burnett's public ten-million-password data set (MIT
// licence). A sign-up may not use one of them, in any case.
//
//go:embed passwords.txt
var commonPasswordsText string

var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	m := make(map[string]struct{}, 10000)
	for _, p := range strings.Split(commonPasswordsText, "\n") {
		if p != "" {
			m[p] = struct{}{}
		}
	}
	return m
})

// weakPassword refuses a password that is the name or one of the most common passwords.
func weakPassword(name, pw string) error {
	if strings.EqualFold(strings.TrimSpace(pw), strings.TrimSpace(name)) {
		return domain.Errorf(domain.WeakPassword, "a password may not be the name").Words("password.is_name")
	}
	if _, ok := commonPasswords()[strings.ToLower(pw)]; ok {
		return domain.Errorf(domain.WeakPassword, "this password is one of the 10,000 most common ones: choose another").Words("password.common")
	}
	return nil
}

// dummyHash is a password hash that matches no password, checked for names without a password
// (unknown, or guests) so that a log-in takes as long whether the name exists or not: it costs
// what the service's own hashes cost.
func (c argonCost) dummyHash() string {
	salt, key := dummySecret()
	return c.phc(salt, key)
}

var dummySecret = sync.OnceValues(func() ([]byte, []byte) {
	salt, key := make([]byte, 16), make([]byte, argonKeyLen)
	rand.Read(salt)
	rand.Read(key)
	return salt, key
})

// phc writes an argon2id hash of cost c as a PHC string.
func (c argonCost) phc(salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=19$m=%d,t=%d,p=%d$%s$%s", c.memory, c.time, c.threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// TokenWire is an API token as the API shows it (secret only when just made).
func TokenWire(t domain.APIToken, secret string, now time.Time) api.Token {
	return api.Token{Token: secret, ID: t.ID, Name: t.Name, Created: t.Created, Expires: t.Expires, Expired: t.Expired(now)}
}
