package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"turncoat/store"
)

// registered signs up a browser with a name of its own.
func (h *harness) registered(name string) *client {
	h.t.Helper()
	c := h.browser()
	if st := c.call("POST", "/api/signup", map[string]string{"name": name, "password": "correct horse " + name}, nil); st != http.StatusCreated {
		h.t.Fatalf("sign-up %s: %d %s", name, st, c.received())
	}
	return c
}

// withToken returns a client that presents a bearer token and no cookie.
func (h *harness) withToken(token string) *client {
	return &client{h: h, http: &http.Client{Timeout: 30 * time.Second}, token: token}
}

// tokenJSON is an API token as the API describes it.
type tokenJSON struct {
	Token   string    `json:"token"`
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Expires time.Time `json:"expires"`
	Expired bool      `json:"expired"`
}

func (c *client) newToken(req map[string]any) tokenJSON {
	c.h.t.Helper()
	var tok tokenJSON
	if st := c.call("POST", "/api/tokens", req, &tok); st != http.StatusCreated || tok.Token == "" || tok.ID == "" {
		c.h.t.Fatalf("POST /api/tokens %v: %d %s", req, st, c.received())
	}
	return tok
}

// errCode reads the code of an API error answer.
func errCode(b []byte) string {
	var e apiError
	json.Unmarshal(b, &e)
	return e.Error.Code
}

// closedWith waits until a WebSocket closes and reports the code of the last error message it
// received before (empty when none came); it fails when the socket stays open.
func (w *ws) closedWith() string {
	w.c.h.t.Helper()
	timeout := time.After(5 * time.Second)
	code := ""
	for {
		select {
		case m, open := <-w.msgs:
			if !open {
				return code
			}
			if e, ok := m["error"].(map[string]any); ok && m["type"] == "error" {
				code, _ = e["code"].(string)
			}
		case <-timeout:
			w.c.h.t.Fatal("the WebSocket is still open 5 s later")
			return ""
		}
	}
}

// TestLogoutEndsTheSession logs out with a bearer session (a guest's, as a bot has) and with a
// cookie: either way the session no longer works, and a second log-out is harmless.
func TestLogoutEndsTheSession(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		bot := h.bot()
		if st := bot.call("GET", "/api/me", nil, nil); st != http.StatusOK {
			t.Fatalf("me: %d", st)
		}
		if st := bot.call("POST", "/api/logout", nil, nil); st != http.StatusOK {
			t.Fatalf("log-out with a bearer session: %d %s", st, bot.received())
		}
		if st, b := bot.raw("GET", "/api/me", nil); st != http.StatusUnauthorized {
			t.Errorf("the bearer session after log-out: %d %s, want 401", st, b)
		}
		ann := h.registered("ann")
		if st := ann.call("POST", "/api/logout", nil, nil); st != http.StatusOK {
			t.Fatalf("log-out with the cookie: %d", st)
		}
		if st := ann.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("the cookie session after log-out: %d", st)
		}
		if st := ann.call("POST", "/api/logout", nil, nil); st != http.StatusOK {
			t.Errorf("a second log-out: %d", st)
		}
		// Log-out everywhere ends the user's other sessions too.
		bob := h.registered("bob")
		other := h.browser()
		if st := other.call("POST", "/api/login", map[string]string{"name": "bob", "password": "correct horse bob"}, nil); st != http.StatusOK {
			t.Fatalf("log-in: %d", st)
		}
		if st := bob.call("POST", "/api/logout", map[string]any{"everywhere": true}, nil); st != http.StatusOK {
			t.Fatalf("log-out everywhere: %d %s", st, bob.received())
		}
		if st := other.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("another session after log-out everywhere: %d", st)
		}
	})
}

// TestAPITokens makes, lists, uses and revokes API tokens: a bounded name, an optional expiry, a
// per-user count limit, a clear error for each refusal, and no token readable from the list.
func TestAPITokens(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann := h.registered("ann")
		for _, r := range []struct {
			body map[string]any
			st   int
			code string
		}{
			{map[string]any{"name": strings.Repeat("x", 65)}, http.StatusBadRequest, "bad_request"},
			{map[string]any{"name": strings.Repeat("é", 200000)}, http.StatusBadRequest, "bad_request"},
			{map[string]any{"name": "b\u0007ot"}, http.StatusBadRequest, "bad_request"},
			{map[string]any{"name": "bot", "expiresInDays": -1}, http.StatusBadRequest, "bad_request"},
			{map[string]any{"name": "bot", "expiresInDays": 100000}, http.StatusBadRequest, "bad_request"},
		} {
			b, _ := json.Marshal(r.body)
			st, out := ann.raw("POST", "/api/tokens", b)
			if st != r.st || errCode(out) != r.code {
				t.Errorf("POST /api/tokens %.80s: %d %.200s, want %d %s", b, st, out, r.st, r.code)
			}
		}
		forever := ann.newToken(map[string]any{"name": "forever"})
		month := ann.newToken(map[string]any{"name": "a month", "expiresInDays": 30})
		if !forever.Expires.IsZero() || month.Expires.Sub(month.Created) != 30*24*time.Hour {
			t.Errorf("expiries: %v and %v (created %v)", forever.Expires, month.Expires, month.Created)
		}
		var list []tokenJSON
		if st := ann.call("GET", "/api/tokens", nil, &list); st != http.StatusOK || len(list) != 2 {
			t.Fatalf("GET /api/tokens: %d %+v", st, list)
		}
		for _, tok := range list {
			if tok.Token != "" || tok.ID == "" || tok.Name == "" {
				t.Errorf("a listed token: %+v", tok)
			}
		}
		if strings.Contains(ann.received(), forever.Token[:10]+`"`) {
			t.Errorf("the list shows a token")
		}
		bot := h.withToken(forever.Token)
		if st := bot.call("GET", "/api/me", nil, nil); st != http.StatusOK {
			t.Fatalf("a new token: %d", st)
		}
		// Another user can neither list nor revoke ann's tokens.
		bob := h.registered("bob")
		var bobs []tokenJSON
		if st := bob.call("GET", "/api/tokens", nil, &bobs); st != http.StatusOK || len(bobs) != 0 {
			t.Errorf("bob's list: %d %+v", st, bobs)
		}
		if st, b := bob.raw("DELETE", "/api/tokens/"+forever.ID, nil); st != http.StatusNotFound || errCode(b) != "not_found" {
			t.Errorf("bob revoking ann's token: %d %s", st, b)
		}
		if st := h.browser().call("GET", "/api/tokens", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("an anonymous list: %d", st)
		}
		// The owner's log-out leaves the tokens; a revoke ends one at once.
		if st := ann.call("POST", "/api/logout", nil, nil); st != http.StatusOK {
			t.Fatal("log-out")
		}
		if st := bot.call("GET", "/api/me", nil, nil); st != http.StatusOK {
			t.Errorf("a token after its owner's browser logged out: %d", st)
		}
		if st := bot.call("DELETE", "/api/tokens/"+forever.ID, nil, nil); st != http.StatusOK {
			t.Fatalf("revoking: %d %s", st, bot.received())
		}
		if st, b := bot.raw("GET", "/api/me", nil); st != http.StatusUnauthorized || errCode(b) != "unauthorized" {
			t.Errorf("a revoked token: %d %s", st, b)
		}
		// An expired token says so.
		monthly := h.withToken(month.Token)
		h.clock.Advance(31 * 24 * time.Hour)
		if st, b := monthly.raw("GET", "/api/me", nil); st != http.StatusUnauthorized || errCode(b) != "token_expired" {
			t.Errorf("an expired token: %d %s", st, b)
		}
		// The count limit: expired tokens do not count.
		carol := h.registered("carol")
		n := 0
		for ; n < 100; n++ {
			st, b := carol.raw("POST", "/api/tokens", []byte(`{"name":"bot"}`))
			if st == http.StatusCreated {
				continue
			}
			if st != http.StatusConflict || errCode(b) != "too_many_tokens" {
				t.Fatalf("token %d: %d %s", n+1, st, b)
			}
			break
		}
		if n == 100 || n < 5 {
			t.Fatalf("a user made %d tokens", n)
		}
		var carols []tokenJSON
		carol.call("GET", "/api/tokens", nil, &carols)
		if st := carol.call("DELETE", "/api/tokens/"+carols[0].ID, nil, nil); st != http.StatusOK {
			t.Fatalf("revoking: %d", st)
		}
		if st := carol.call("POST", "/api/tokens", map[string]any{"name": "one more"}, nil); st != http.StatusCreated {
			t.Errorf("a token after a revoke: %d", st)
		}
	})
}

// TestSocketsEndWithTheirCredential opens WebSockets and event streams with a bearer session,
// an API token and a cookie, then ends each credential: its sockets are told why and closed, and
// the others stay open.
func TestSocketsEndWithTheirCredential(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		bot := h.bot()
		g := bot.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
		ann := h.registered("ann")
		tok := ann.newToken(map[string]any{"name": "bot"})
		annBot := h.withToken(tok.Token)
		viaSession, viaToken, viaCookie := bot.dial(), annBot.dial(), ann.dial()
		for _, w := range []*ws{viaSession, viaToken, viaCookie} {
			w.send(map[string]any{"type": "subscribe", "game": g.ID})
			w.next(ofType("subscribed"))
		}
		stream := openStream(t, h, bot, g.ID)

		if st := bot.call("POST", "/api/logout", nil, nil); st != http.StatusOK {
			t.Fatal("log-out")
		}
		if code := viaSession.closedWith(); code != "session_ended" {
			t.Errorf("the bearer session's socket closed with %q, want session_ended", code)
		}
		if code := stream.endsWith(t); code != "session_ended" {
			t.Errorf("the bearer session's event stream ended with %q, want session_ended", code)
		}
		if st := ann.call("DELETE", "/api/tokens/"+tok.ID, nil, nil); st != http.StatusOK {
			t.Fatal("revoke")
		}
		if code := viaToken.closedWith(); code != "token_revoked" {
			t.Errorf("the token's socket closed with %q, want token_revoked", code)
		}
		// The cookie's socket was untouched by both.
		viaCookie.send(map[string]any{"type": "ping", "id": "p"})
		viaCookie.next(ofType("pong"))
		if st := ann.call("POST", "/api/logout", nil, nil); st != http.StatusOK {
			t.Fatal("log-out")
		}
		if code := viaCookie.closedWith(); code != "session_ended" {
			t.Errorf("the cookie's socket closed with %q, want session_ended", code)
		}

		// A socket whose token expires is closed at the expiry, on the server's clock, without
		// acting.
		tok2 := h.registered("bob").newToken(map[string]any{"name": "day", "expiresInDays": 1})
		w := h.withToken(tok2.Token).dial()
		w.send(map[string]any{"type": "ping", "id": "p"})
		w.next(ofType("pong"))
		h.clock.Advance(25 * time.Hour)
		if code := w.closedWith(); code != "token_expired" {
			t.Errorf("the expired token's socket closed with %q, want token_expired", code)
		}
		if v := h.browser().game(g.ID).View; v.Ply != 0 {
			t.Errorf("a move through an ended credential was played: ply %d", v.Ply)
		}
	})
}

// TestSocketsEndOnEveryInstance ends a session and revokes a token on instance A while their
// sockets are open on instance B: B closes them within a second.
func TestSocketsEndOnEveryInstance(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		if !store.IsPostgres(dsn) {
			t.Skip("one instance on SQLite")
		}
		a := newHarness(t, dsn, opts)
		b := newHarness(t, dsn, opts)
		bot := a.bot()
		ann := a.registered("ann")
		tok := ann.newToken(map[string]any{"name": "bot"})
		onB := (&client{h: b, http: bot.http, token: bot.token}).dial()
		tokenOnB := b.withToken(tok.Token).dial()
		for _, w := range []*ws{onB, tokenOnB} {
			w.send(map[string]any{"type": "ping", "id": "p"})
			w.next(ofType("pong"))
		}
		start := time.Now()
		if st := bot.call("POST", "/api/logout", nil, nil); st != http.StatusOK {
			t.Fatal("log-out")
		}
		if st := ann.call("DELETE", "/api/tokens/"+tok.ID, nil, nil); st != http.StatusOK {
			t.Fatal("revoke")
		}
		if code := onB.closedWith(); code != "session_ended" {
			t.Errorf("B's socket of the ended session closed with %q", code)
		}
		if code := tokenOnB.closedWith(); code != "token_revoked" {
			t.Errorf("B's socket of the revoked token closed with %q", code)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("B closed the sockets %v after the change", d)
		}
	})
}

// stream is an NDJSON event stream being read.
type stream struct {
	lines chan map[string]any
}

func openStream(t *testing.T, h *harness, c *client, id string) *stream {
	t.Helper()
	req, _ := http.NewRequest("GET", h.ts.URL+"/api/games/"+id+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := (&http.Client{}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("stream: %d", resp.StatusCode)
	}
	s := &stream{lines: make(chan map[string]any, 1000)}
	go func() {
		defer resp.Body.Close()
		defer close(s.lines)
		dec := json.NewDecoder(resp.Body)
		for {
			var m map[string]any
			if dec.Decode(&m) != nil {
				return
			}
			s.lines <- m
		}
	}()
	t.Cleanup(func() { resp.Body.Close() })
	return s
}

// endsWith waits for the stream to end and returns the code of its last error line.
func (s *stream) endsWith(t *testing.T) string {
	t.Helper()
	timeout := time.After(5 * time.Second)
	code := ""
	for {
		select {
		case m, open := <-s.lines:
			if !open {
				return code
			}
			if e, ok := m["error"].(map[string]any); ok {
				code, _ = e["code"].(string)
			}
		case <-timeout:
			t.Fatal("the event stream is still open 5 s later")
			return ""
		}
	}
}
