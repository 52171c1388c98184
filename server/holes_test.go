package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"

	"turncoat/app"
	"turncoat/internal/testenv"
	"turncoat/server"
	"turncoat/store"
)

// TestBadTextInPathsAndQueries sends invalid UTF-8 and NUL characters in path values and query
// parameters: a 400 on both databases, before the store sees them, and nothing logged as a
// failure.
func TestBadTextInPathsAndQueries(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		c := h.bot()
		g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
		for _, path := range []string{
			"/api/games/%ff%fe",
			"/api/games/%ff%fe/events",
			"/api/games/%ff/stream",
			"/api/games/" + g.ID + "?as=%ff",
			"/api/games/" + g.ID + "/export?format=a%00b",
			"/api/leaderboard?variant=a%00b",
			"/api/leaderboard?variant=%c3%28",
			"/api/tournaments?phase=a%00b",
			"/api/tournaments/%ff",
			"/api/events/%ff",
			"/api/users/%ff",
			"/api/users/a%00b",
			"/api/games?x%ff=1",
			"/api/ws?x=%ff",
		} {
			st, b := c.raw("GET", path, nil)
			if st != http.StatusBadRequest || errCode(b) != "bad_request" {
				t.Errorf("GET %s: %d %s, want 400 bad_request", path, st, b)
			}
		}
		if logs := h.logs.String(); strings.Contains(logs, "level=ERROR") {
			t.Errorf("errors logged:\n%s", logs)
		}
	})
}

// TestLoginBackoffPerAccount fails to log in to one account until it is refused for a while: the
// refusal names the account's back-off (with Retry-After), even the right password waits, other
// accounts from the same address are not touched, an unknown name backs off the same way, and
// the wait ends.
func TestLoginBackoffPerAccount(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		h.registered("ann")
		h.registered("bob")
		c := h.browser()
		login := func(name, pw string) (int, []byte, string) {
			t.Helper()
			req, _ := http.NewRequest("POST", h.ts.URL+"/api/login", strings.NewReader(fmt.Sprintf(`{"name":%q,"password":%q}`, name, pw)))
			resp, err := c.http.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			return resp.StatusCode, b, resp.Header.Get("Retry-After")
		}
		refusedAfter := func(name string) int {
			t.Helper()
			for n := 1; n <= 12; n++ {
				st, b, retry := login(name, "not the password")
				if st == http.StatusUnauthorized {
					continue
				}
				if st != http.StatusTooManyRequests || errCode(b) != "login_backoff" || retry == "" {
					t.Fatalf("attempt %d for %s: %d %s (Retry-After %q)", n, name, st, b, retry)
				}
				return n
			}
			t.Fatalf("12 wrong passwords for %s and no back-off", name)
			return 0
		}
		n := refusedAfter("ann")
		if st, b, _ := login("ann", "correct horse ann"); st != http.StatusTooManyRequests {
			t.Errorf("the right password during the back-off: %d %s", st, b)
		}
		if st, b, _ := login("bob", "correct horse bob"); st != http.StatusOK {
			t.Errorf("another account from the same address: %d %s", st, b)
		}
		if m := refusedAfter("nobody-here"); m != n {
			t.Errorf("an unknown name backs off after %d attempts, a known one after %d", m, n)
		}
		h.clock.Advance(time.Hour)
		if st, b, _ := login("ann", "correct horse ann"); st != http.StatusOK {
			t.Errorf("the right password after the back-off: %d %s", st, b)
		}
		if st, _, _ := login("ann", "not the password"); st != http.StatusUnauthorized {
			t.Errorf("a wrong password after a success: %d, want 401 (the count starts again)", st)
		}
	})
}

// TestLoginTimingUnknownName: a log-in with an unknown name takes as long as one with a known
// name and a wrong password (both check a password hash), so the answer's time does not tell
// which names exist. It compares times, so it runs alone (not in parallel), and at the real
// hashing cost (the harness's cheap one would leave only noise to compare).
func TestLoginTimingUnknownName(t *testing.T) {
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.PasswordHashing = nil })
	const n = 5
	for i := range n {
		h.registered(fmt.Sprintf("known%d", i))
	}
	timed := func(name string) time.Duration {
		start := time.Now()
		if st := h.browser().call("POST", "/api/login", map[string]string{"name": name, "password": "not the password"}, nil); st != http.StatusUnauthorized {
			t.Fatalf("log-in as %s: %d", name, st)
		}
		return time.Since(start)
	}
	var known, unknown []time.Duration
	for i := range n {
		known = append(known, timed(fmt.Sprintf("known%d", i)))
		unknown = append(unknown, timed(fmt.Sprintf("unknown%d", i)))
	}
	slices.Sort(known)
	slices.Sort(unknown)
	k, u := known[n/2], unknown[n/2]
	t.Logf("median log-in time: known name %v, unknown name %v", k, u)
	if u < k*4/10 {
		t.Errorf("the unknown name answers much faster")
	}
}

// TestCommonPasswordsRefused: a sign-up with one of the most common passwords, or with the
// name as password, is refused with weak_password; a good one is taken.
func TestCommonPasswordsRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{})
	for _, r := range []struct{ name, pw string }{
		{"ann", "password1"},
		{"ann", "PassWord1"},
		{"ann", "iloveyou"},
		{"ann", "qwertyuiop"},
		{"ann", "1q2w3e4r5t"},
		{"dragonfly", "dragonfly"},
		{"dragonfly", "DragonFly"},
	} {
		st, b := h.browser().raw("POST", "/api/signup", fmt.Appendf(nil, `{"name":%q,"password":%q}`, r.name, r.pw))
		if st != http.StatusBadRequest || errCode(b) != "weak_password" {
			t.Errorf("sign-up %s with %q: %d %s, want 400 weak_password", r.name, r.pw, st, b)
		}
	}
	if st := h.browser().call("POST", "/api/signup", map[string]string{"name": "dragonfly", "password": "dragonfly wings"}, nil); st != http.StatusCreated {
		t.Errorf("a good password: %d", st)
	}
}

// TestTrustedProxies: with a trusted proxy the per-address log-in limit counts the client's
// address from X-Forwarded-For (its last untrusted hop, so a client cannot choose it); without
// one the header is ignored.
func TestTrustedProxies(t *testing.T) {
	t.Parallel()
	attempts := func(h *harness, xff string, n int) (codes []string) {
		for i := range n {
			req, _ := http.NewRequest("POST", h.ts.URL+"/api/login", strings.NewReader(fmt.Sprintf(`{"name":"x%d-%d","password":"not the password"}`, len(xff), i)))
			req.Header.Set("X-Forwarded-For", xff)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			codes = append(codes, errCode(b))
		}
		return codes
	}
	slow := func(c *app.Config) { c.LoginRate = 0.001 }
	trusting := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, slow, func(c *app.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	})
	if got := attempts(trusting, "203.0.113.7", 11); got[9] != "bad_login" || got[10] != "rate_limited" {
		t.Fatalf("eleven failures from one address: %v", got)
	}
	if got := attempts(trusting, "203.0.113.8", 1); got[0] != "bad_login" {
		t.Errorf("another client behind the trusted proxy: %v", got)
	}
	if got := attempts(trusting, "203.0.113.9, 203.0.113.7", 1); got[0] != "rate_limited" {
		t.Errorf("a client that forges the first hop: %v", got)
	}
	plain := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, slow)
	attempts(plain, "203.0.113.7", 10)
	if got := attempts(plain, "203.0.113.8", 1); got[0] != "rate_limited" {
		t.Errorf("an untrusted X-Forwarded-For changed the address: %v", got)
	}
}

// TestParseProxies reads the trusted proxies of a command line.
func TestParseProxies(t *testing.T) {
	t.Parallel()
	got, err := server.ParseProxies(" 10.1.2.3/8, 192.168.1.7,::1,")
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32"), netip.MustParsePrefix("::1/128")}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("got %v %v, want %v", got, err, want)
	}
	for _, bad := range []string{"proxy.example", "10.0.0.0/33", "1.2.3"} {
		if _, err := server.ParseProxies(bad); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
}

// TestBrowserHeaders checks the security headers of pages, assets and API answers.
func TestBrowserHeaders(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html><title>Turncoat</title><script type="module" src="/app.js"></script>`)},
		"app.js":     {Data: []byte(`export const x = 1;`)},
	}
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.Web = files })
	for _, path := range []string{"/", "/play/abc", "/app.js", "/api/kinds", "/api/nowhere", "/api/games/nothing"} {
		resp, err := http.Get(h.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		hd := resp.Header
		csp := hd.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("%s: Content-Security-Policy %q allows unsafe sources", path, csp)
		}
		for k, v := range map[string]string{"X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"} {
			if hd.Get(k) != v {
				t.Errorf("%s: %s %q, want %q", path, k, hd.Get(k), v)
			}
		}
	}
}

// dialStatus opens a WebSocket and returns the HTTP status of a refusal (0 when it opened) and
// the error code of its body.
func dialStatus(t *testing.T, c *client) (int, string, *websocket.Conn) {
	t.Helper()
	hdr := http.Header{}
	hdr.Set("Authorization", "Bearer "+c.token)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(c.h.ts.URL, "http")+"/api/ws", &websocket.DialOptions{HTTPHeader: hdr})
	if err == nil {
		t.Cleanup(func() { conn.CloseNow() })
		return 0, "", conn
	}
	if resp == nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, errCode(b), nil
}

// TestSocketCaps opens WebSockets and event streams past the caps per user and per address, and
// subscribes one socket to more games than it may follow: each refusal is a clear error, and a
// closed socket makes room again.
func TestSocketCaps(t *testing.T) {
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) {
		c.SocketsPerAddress, c.SocketsPerUser, c.GamesPerSocket = 4, 2, 2
	})
	one, two := h.bot(), h.bot()
	var open []*websocket.Conn
	for i := range 2 {
		st, _, conn := dialStatus(t, one)
		if st != 0 {
			t.Fatalf("socket %d of a user: %d", i+1, st)
		}
		open = append(open, conn)
	}
	if st, code, _ := dialStatus(t, one); st != http.StatusTooManyRequests || code != "too_many_sockets" {
		t.Errorf("a user's third socket: %d %s, want 429 too_many_sockets", st, code)
	}
	g := one.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	if st, code, _ := dialStatus(t, two); st != 0 {
		t.Fatalf("another user's first socket: %d %s", st, code)
	}
	req, _ := http.NewRequest("GET", h.ts.URL+"/api/games/"+g.ID+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+two.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("an event stream within the caps: %d", resp.StatusCode)
	}
	// The stream is closed now (the server counts it out when its handler returns); one more
	// socket fills the address's four.
	testenv.Eventually(t, 5*time.Second, "the fourth socket of the address, once the stream is counted out", func() bool {
		st, _, _ := dialStatus(t, two)
		return st == 0
	})
	three := h.bot()
	if st, code, _ := dialStatus(t, three); st != http.StatusTooManyRequests || code != "too_many_sockets" {
		t.Errorf("a fifth socket from the address: %d %s, want 429 too_many_sockets", st, code)
	}
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var b []byte
	if resp.StatusCode != http.StatusOK {
		b, _ = io.ReadAll(resp.Body)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || errCode(b) != "too_many_sockets" {
		t.Errorf("an event stream past the caps: %d %s", resp.StatusCode, b)
	}
	open[0].Close(websocket.StatusNormalClosure, "")
	// The server counts the socket out once its handler has seen the close.
	testenv.Eventually(t, 5*time.Second, "room made by a closed socket", func() bool {
		st, _, _ := dialStatus(t, three)
		return st == 0
	})

	// One socket follows at most two games.
	h2 := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.GamesPerSocket = 2 })
	c := h2.bot()
	var ids []string
	for range 3 {
		ids = append(ids, c.create(map[string]any{"kind": "reversi", "mode": "hotseat"}).ID)
	}
	w := c.dial()
	for _, id := range ids[:2] {
		w.send(map[string]any{"type": "subscribe", "game": id})
		w.next(ofType("subscribed"))
	}
	w.send(map[string]any{"type": "subscribe", "game": ids[0]})
	w.next(ofType("subscribed"))
	w.send(map[string]any{"type": "subscribe", "game": ids[2]})
	m := w.next(func(m map[string]any) bool { return m["type"] == "error" || m["type"] == "subscribed" })
	if e, _ := m["error"].(map[string]any); e == nil || e["code"] != "too_many_subscriptions" {
		t.Errorf("a third game: %v, want too_many_subscriptions", m)
	}
	w.send(map[string]any{"type": "unsubscribe", "game": ids[0]})
	w.send(map[string]any{"type": "subscribe", "game": ids[2]})
	w.next(ofType("subscribed"))
}

// TestEngineWorkerPolicy: the browser's engine's worker, alone, may compile WebAssembly (its
// policy says 'wasm-unsafe-eval'); the pages keep theirs.
func TestEngineWorkerPolicy(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"index.html":       {Data: []byte(`<!doctype html><title>Turncoat</title><script type="module" src="/app.js"></script>`)},
		"app.js":           {Data: []byte(`export const x = 1;`)},
		"engine/worker.js": {Data: []byte(`self.onmessage = () => {};`)},
	}
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.Web = files })
	for path, wasm := range map[string]bool{"/engine/worker.js": true, "/app.js": false, "/": false} {
		resp, err := http.Get(h.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		csp := resp.Header.Get("Content-Security-Policy")
		if got := strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'"); got != wasm || strings.Contains(csp, "'unsafe-") {
			t.Errorf("%s: Content-Security-Policy %q: WebAssembly allowed %v, want %v (and never unsafe-inline or unsafe-eval)", path, csp, got, wasm)
		}
	}
}
