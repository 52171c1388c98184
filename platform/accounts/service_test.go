package accounts

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/clock"
	"turncoat/platform/internal/memstore"
)

var _ Store = (*memstore.Store)(nil)

var t0 = time.Date(2026, 2, 1, 8, 0, 0, 0, time.UTC)

// testCost is argon2id at 64 KiB and one pass: the service's rules, not its hash's strength,
// are under test, and the service's own cost makes a log-in take a second here.
var testCost = argonCost{time: 1, memory: 64, threads: 1}

func newService() (*Service, *memstore.Store, *clock.Manual) {
	st, clk := memstore.New(), clock.NewManual(t0)
	s := New(st, clk)
	s.cost = testCost
	return s, st, clk
}

// TestSignUp: the rules of a new account's name and password, checked before anything is
// hashed or stored; a name is taken whatever its case; the password is kept as an argon2id hash
// and the session by its token's hash.
func TestSignUp(t *testing.T) {
	s, st, _ := newService()
	ctx := t.Context()
	for _, c := range []struct {
		name, pw string
		code     domain.Code
	}{
		{"a", "a fine long passphrase", domain.BadRequest},
		{"ann smith", "a fine long passphrase", domain.BadRequest},
		{"guest-ann", "a fine long passphrase", domain.BadRequest},
		{"ann", "short", domain.BadRequest},
		{"ann", strings.Repeat("x", 257), domain.BadRequest},
		{"ann", "password1", domain.WeakPassword},
		{"ann", "QWERTYUIOP", domain.WeakPassword},
		{"annabelle", " Annabelle ", domain.WeakPassword},
	} {
		if _, _, err := s.SignUp(ctx, nil, api.Credentials{Name: c.name, Password: c.pw}); domain.ErrorCode(err) != c.code {
			t.Errorf("%q/%q: %v, want %s", c.name, c.pw, err, c.code)
		}
	}
	if n := st.Calls("CreateUser"); n != 0 {
		t.Fatalf("refused sign-ups reached the store %d times", n)
	}
	u, token, err := s.SignUp(ctx, nil, api.Credentials{Name: "  Ann ", Password: "correct horse battery"})
	if err != nil || u.Name != "Ann" || u.Guest || token == "" {
		t.Fatalf("sign-up %+v %q %v", u, token, err)
	}
	if h := st.PasswordHash(u.ID); !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") || strings.Contains(h, "correct horse") {
		t.Errorf("stored password hash %q", h)
	}
	if got := st.SessionHashes(); !slices.Equal(got, []string{domain.HashToken(token)}) {
		t.Errorf("sessions stored %v, want only the token's hash", got)
	}
	if _, _, err := s.SignUp(ctx, nil, api.Credentials{Name: "ANN", Password: "another fine passphrase"}); domain.ErrorCode(err) != domain.NameTaken {
		t.Errorf("a name taken in another case: %v", err)
	}
}

// TestGuestSignsUp: a guest gets a guest name and a session; signing up keeps its account (and
// so its games) under the new name; a guest's name cannot log in.
func TestGuestSignsUp(t *testing.T) {
	s, st, _ := newService()
	ctx := t.Context()
	g, token, err := s.Guest(ctx)
	if err != nil || !g.Guest || !strings.HasPrefix(g.Name, "guest-") || token == "" {
		t.Fatalf("guest %+v %v", g, err)
	}
	if _, _, err := s.LogIn(ctx, api.Credentials{Name: g.Name, Password: ""}); domain.ErrorCode(err) != domain.BadLogin {
		t.Errorf("a guest's name logs in: %v", err)
	}
	u, _, err := s.SignUp(ctx, &g, api.Credentials{Name: "Zoe", Password: "a fine long passphrase"})
	if err != nil || u.ID != g.ID || u.Guest || u.Name != "Zoe" {
		t.Fatalf("the guest signed up as %+v: %v", u, err)
	}
	if stored, _ := st.UserByID(ctx, g.ID); stored.Name != "Zoe" || stored.Guest {
		t.Errorf("stored %+v", stored)
	}
	if got, _, err := s.LogIn(ctx, api.Credentials{Name: "zoe", Password: "a fine long passphrase"}); err != nil || got.ID != g.ID {
		t.Errorf("log-in after the sign-up: %+v %v", got, err)
	}
}

// TestLogInBackoff: an account's log-ins back off after five wrong passwords, on the service's
// clock (a manual one here: no waiting); another account is not held back; an unknown name
// backs off the same way; the right password after the wait logs in and starts the count again.
func TestLogInBackoff(t *testing.T) {
	s, st, clk := newService()
	ctx := t.Context()
	const pw = "a fine long passphrase"
	if _, _, err := s.SignUp(ctx, nil, api.Credentials{Name: "Ann", Password: pw}); err != nil {
		t.Fatal(err)
	}
	wrong := api.Credentials{Name: "ann", Password: "not the password"}
	for i := range loginFreeFailures {
		if _, _, err := s.LogIn(ctx, wrong); domain.ErrorCode(err) != domain.BadLogin {
			t.Fatalf("wrong password %d: %v", i+1, err)
		}
	}
	checks := st.Calls("UserByName")
	_, _, err := s.LogIn(ctx, api.Credentials{Name: "ANN", Password: pw})
	var b *Backoff
	if domain.ErrorCode(err) != domain.LoginBackoff || !errors.As(err, &b) || b.Wait != loginFirstWait || !strings.Contains(err.Error(), "1 s") {
		t.Fatalf("after %d failures, the right password: %v", loginFreeFailures, err)
	}
	if st.Calls("UserByName") != checks {
		t.Error("a refused attempt still checked the password")
	}
	// Another account is not held back; an unknown name is held back as a known one.
	if _, _, err := s.LogIn(ctx, api.Credentials{Name: "nobody", Password: "x"}); domain.ErrorCode(err) != domain.BadLogin {
		t.Errorf("another account: %v", err)
	}
	clk.Advance(loginFirstWait)
	if _, _, err := s.LogIn(ctx, wrong); domain.ErrorCode(err) != domain.BadLogin {
		t.Fatalf("after the wait: %v", err)
	}
	if _, _, err := s.LogIn(ctx, wrong); !errors.As(err, &b) || b.Wait != 2*loginFirstWait {
		t.Fatalf("the next wait: %v, want %v", err, 2*loginFirstWait)
	}
	clk.Advance(2 * loginFirstWait)
	u, token, err := s.LogIn(ctx, api.Credentials{Name: "Ann", Password: pw})
	if err != nil || u.Name != "Ann" || token == "" {
		t.Fatalf("the right password after the wait: %+v %v", u, err)
	}
	if _, _, err := s.LogIn(ctx, wrong); domain.ErrorCode(err) != domain.BadLogin {
		t.Errorf("a success did not start the count again: %v", err)
	}
}

// TestSessions: a session's token identifies its user, as a cookie or a bearer token, until it
// expires on the clock or ends; an expired or ended cookie is an anonymous caller, an expired
// bearer an error that says so.
func TestSessions(t *testing.T) {
	s, st, clk := newService()
	ctx := t.Context()
	ann := st.AddUser("Ann", "h", t0)
	token, err := s.NewSession(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	u, cr, err := s.Identify(ctx, "", token)
	if err != nil || u == nil || u.ID != ann.ID || cr.Token || cr.Hash != domain.HashToken(token) || !cr.Until.Equal(t0.Add(SessionTTL)) {
		t.Fatalf("by cookie: %+v %+v %v", u, cr, err)
	}
	if u, cr, err := s.Identify(ctx, token, ""); err != nil || u.ID != ann.ID || cr.Token {
		t.Errorf("a session's token as a bearer: %+v %+v %v", u, cr, err)
	}
	if u, cr, err := s.Identify(ctx, "", ""); u != nil || cr != nil || err != nil {
		t.Errorf("nothing: %+v %+v %v", u, cr, err)
	}
	if u, _, err := s.Identify(ctx, "", "forged"); u != nil || err != nil {
		t.Errorf("an unknown cookie: %+v %v", u, err)
	}
	if _, _, err := s.Identify(ctx, "forged", ""); domain.ErrorCode(err) != domain.Unauthorized {
		t.Errorf("an unknown bearer: %v", err)
	}
	clk.Advance(SessionTTL - time.Second)
	if u, _, _ := s.Identify(ctx, "", token); u == nil {
		t.Fatal("a session ended a second early")
	}
	clk.Advance(time.Second)
	if u, _, err := s.Identify(ctx, "", token); u != nil || err != nil {
		t.Errorf("an expired cookie: %+v %v", u, err)
	}
	if _, _, err := s.Identify(ctx, token, ""); domain.ErrorCode(err) != domain.SessionExpired {
		t.Errorf("an expired session's bearer: %v", err)
	}
	if ok, err := s.Exists(ctx, cr); !ok || err != nil {
		t.Errorf("an expired session is still stored until the purge: %v %v", ok, err)
	}
	if err := s.Purge(ctx); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.Exists(ctx, cr); ok {
		t.Error("the purge kept an expired session")
	}

	// Log-outs: one session, then every session of the user.
	t1, _ := s.NewSession(ctx, ann)
	t2, _ := s.NewSession(ctx, ann)
	_, c1, _ := s.Identify(ctx, "", t1)
	if err := s.End(ctx, c1); err != nil {
		t.Fatal(err)
	}
	if u, _, _ := s.Identify(ctx, "", t1); u != nil {
		t.Error("an ended session still identifies")
	}
	if u, _, _ := s.Identify(ctx, "", t2); u == nil {
		t.Error("ending one session ended another")
	}
	if hashes, err := s.EndEverywhere(ctx, ann.ID); err != nil || !slices.Equal(hashes, []string{domain.HashToken(t2)}) {
		t.Errorf("ended everywhere: %v %v", hashes, err)
	}
	if !slices.Equal(st.SessionHashes(), []string{}) {
		t.Errorf("sessions left %v", st.SessionHashes())
	}
	if c1.EndedError().Code != domain.SessionEnded || c1.ExpiredError().Code != domain.SessionExpired {
		t.Errorf("a session's errors: %v, %v", c1.EndedError(), c1.ExpiredError())
	}
}

// TestAPITokens: a registered user's tokens, stored by hash, named and bounded, expiring on the
// clock, listed with their state, at most maxTokens live at once, revoked by id.
func TestAPITokens(t *testing.T) {
	s, st, clk := newService()
	ctx := t.Context()
	ann, bob := st.AddUser("Ann", "h", t0), st.AddUser("Bob", "h", t0)
	guest := st.AddUser("guest-1", "", t0)
	for _, c := range []struct {
		name string
		u    *domain.User
		tok  string
		days int
		code domain.Code
	}{
		{"anonymous", nil, "bot", 0, domain.Unauthorized},
		{"a guest", &guest, "bot", 0, domain.Unauthorized},
		{"a long name", &ann, strings.Repeat("é", maxTokenName+1), 0, domain.BadRequest},
		{"a control character", &ann, "b\tot", 0, domain.BadRequest},
		{"negative days", &ann, "bot", -1, domain.BadRequest},
		{"too many days", &ann, "bot", maxTokenDays + 1, domain.BadRequest},
	} {
		if _, err := s.NewToken(ctx, c.u, c.tok, c.days); domain.ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	forever, err := s.NewToken(ctx, &ann, "  ", 0)
	if err != nil || forever.Name != "token" || forever.Token == "" || !forever.Expires.IsZero() || forever.Expired {
		t.Fatalf("a token for ever: %+v %v", forever, err)
	}
	clk.Advance(time.Minute)
	weekly, err := s.NewToken(ctx, &ann, "ci", 7)
	if err != nil || !weekly.Expires.Equal(t0.Add(time.Minute+7*day)) {
		t.Fatalf("a week's token: %+v %v", weekly, err)
	}
	if _, _, err := st.APITokenUser(ctx, weekly.Token); !errors.Is(err, domain.ErrNotFound) {
		t.Error("a token stored as itself, not by its hash")
	}
	u, cr, err := s.Identify(ctx, weekly.Token, "")
	if err != nil || u.ID != ann.ID || !cr.Token || !cr.Until.Equal(weekly.Expires) {
		t.Fatalf("by token: %+v %+v %v", u, cr, err)
	}
	if cr.EndedError().Code != domain.TokenRevoked {
		t.Errorf("a token's end: %v", cr.EndedError())
	}
	clk.Advance(7 * day)
	if _, _, err := s.Identify(ctx, weekly.Token, ""); domain.ErrorCode(err) != domain.TokenExpired {
		t.Errorf("an expired token: %v", err)
	}
	list, err := s.Tokens(ctx, ann.ID)
	if err != nil || len(list) != 2 || list[0].ID != forever.ID || list[0].Expired || !list[1].Expired || list[1].Token != "" {
		t.Errorf("Ann's tokens %+v %v", list, err)
	}

	// The limit counts live tokens only: the expired one leaves room for one more.
	for i := 2; i <= maxTokens; i++ {
		if _, err := s.NewToken(ctx, &ann, "bot", 0); err != nil {
			t.Fatalf("token %d: %v", i, err)
		}
	}
	if _, err := s.NewToken(ctx, &ann, "bot", 0); domain.ErrorCode(err) != domain.TooManyTokens {
		t.Errorf("token %d: %v", maxTokens+1, err)
	}
	if _, err := s.NewToken(ctx, &bob, "bot", 0); err != nil {
		t.Errorf("another user's first token: %v", err)
	}

	if _, err := s.RevokeToken(ctx, bob.ID, forever.ID); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("revoking another's token: %v", err)
	}
	if h, err := s.RevokeToken(ctx, ann.ID, forever.ID); err != nil || h != domain.HashToken(forever.Token) {
		t.Errorf("revoke: %q %v", h, err)
	}
	if _, _, err := s.Identify(ctx, forever.Token, ""); domain.ErrorCode(err) != domain.Unauthorized {
		t.Errorf("a revoked token: %v", err)
	}

	// An expired token stays listed for ExpiredTokensKept, then the purge drops it.
	clk.Advance(ExpiredTokensKept - time.Second)
	s.Purge(ctx)
	if _, _, err := st.APITokenUser(ctx, domain.HashToken(weekly.Token)); err != nil {
		t.Errorf("purged before its time: %v", err)
	}
	clk.Advance(time.Second)
	s.Purge(ctx)
	if _, _, err := st.APITokenUser(ctx, domain.HashToken(weekly.Token)); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("kept after its time: %v", err)
	}
}

// TestPasswordCost: the service hashes at RFC 9106's low-memory setting, and its dummy hash
// costs as much (an unknown name answers as slowly as a known one); a stored hash is checked at
// the cost it says, so that the cost can change without locking anyone out.
func TestPasswordCost(t *testing.T) {
	if got := New(memstore.New(), nil).cost; got != (argonCost{time: 3, memory: 64 * 1024, threads: 2}) {
		t.Errorf("the service's cost %+v", got)
	}
	if d := passwordCost.dummyHash(); !strings.HasPrefix(d, "$argon2id$v=19$m=65536,t=3,p=2$") || d != passwordCost.dummyHash() {
		t.Errorf("the dummy hash %q", d)
	}
	s, _, _ := newService()
	h, err := s.hashPassword(t.Context(), "a fine long passphrase")
	if err != nil {
		t.Fatal(err)
	}
	s.cost = argonCost{time: 2, memory: 128, threads: 1}
	if ok, err := s.checkPassword(t.Context(), "a fine long passphrase", h); !ok || err != nil {
		t.Errorf("a hash of the old cost: %v %v", ok, err)
	}
	if ok, _ := s.checkPassword(t.Context(), "a fine long passphrasf", h); ok {
		t.Error("a wrong password passed")
	}
	if _, err := s.checkPassword(t.Context(), "x", "$bcrypt$..."); err == nil {
		t.Error("an unknown hash passed unnoticed")
	}
	s.SetHashCost(CheapHashing)
	if h, err := s.hashPassword(t.Context(), "a fine long passphrase"); err != nil || !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("a hash at the cheap cost: %q %v", h, err)
	}
	if d := s.cost.dummyHash(); !strings.HasPrefix(d, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("the dummy hash does not follow the cost: %q", d)
	}
}
