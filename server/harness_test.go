package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"turncoat/app"
	apiclient "turncoat/client"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/platform/accounts"
	"turncoat/platform/booksvc"
	"turncoat/platform/clock"
	"turncoat/store"
)

// harness is a real server on a real store, served by httptest.
type harness struct {
	t     testing.TB
	st    *store.Store
	srv   *app.App
	ts    *httptest.Server
	logs  *testenv.Buffer
	clock *clock.Manual
}

// newClock returns the server's clock in tests: it stands at the real time of the start (so that
// what other parts read, the cookie jar's expiries and the database's own times, stays
// plausible) and moves only by Advance, which fires the server's timers that come due (a live
// clock's flag fall) and makes its durable jobs due (deadlines, reminders, tournament windows),
// which settle then works.
// It starts on a whole millisecond: the databases keep times to the microsecond (PostgreSQL) or
// the millisecond (River on SQLite), and a job stored "now" rounded up past a clock that stands
// still would never come due.
func newClock() *clock.Manual { return clock.NewManual(time.Now().Truncate(time.Millisecond)) }

// onClock runs a server on c: instances that share a database share their time too.
func onClock(c *clock.Manual) func(*app.Config) {
	return func(cfg *app.Config) { cfg.Clock = c }
}

// storeKinds runs f against SQLite and PostgreSQL (skipped without a server, mandatory in CI).
func storeKinds(t *testing.T, f func(t *testing.T, dsn string, opts store.Options)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}) })
	t.Run("postgres", func(t *testing.T) {
		dsn, name := testenv.Postgres(t)
		f(t, dsn, store.Options{Channel: name})
	})
}

func newHarness(t testing.TB, dsn string, opts store.Options, tweak ...func(*app.Config)) *harness {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, opts)
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, st: st, logs: &testenv.Buffer{}}
	bk, err := booksvc.New(booksvc.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	cfg := app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), Log: slog.New(slog.NewTextHandler(h.logs, nil)), Book: bk,
		Clock: newClock(), JobsByHand: true, MaxThink: 20 * time.Second, LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1}
	for _, f := range tweak {
		f(&cfg)
	}
	m, ok := cfg.Clock.(*clock.Manual)
	if !ok {
		t.Fatalf("the harness runs on a manual clock, not %T", cfg.Clock)
	}
	h.clock = m
	h.srv, err = app.New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.ts = httptest.NewServer(h.srv.Handler())
	t.Cleanup(func() {
		h.ts.CloseClientConnections()
		h.ts.Close()
		h.srv.Close()
		st.Close()
	})
	return h
}

// settle works every job due by the server's clock, as plain calls (the harness's server never
// starts its queue: app.Config.JobsByHand): what a deadline, a move or a game's end calls for is
// done when it returns, and what must not happen has had its chance to.
func (h *harness) settle() int {
	h.t.Helper()
	n, err := h.srv.WorkDue(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return n
}

// waitJobs works the jobs due (settle), then checks what they were to do: nothing else works them,
// so there is nothing to wait for.
func (h *harness) waitJobs(t *testing.T, what string, cond func() bool) {
	t.Helper()
	h.settle()
	if !cond() {
		t.Fatalf("%s: not done by the jobs due", what)
	}
}

// client is one browser or bot: a cookie jar, or a bearer token. It talks to the server through
// the API's Go client (api), reading answers as raw bytes and statuses: the tests check the wire.
type client struct {
	h     *harness
	http  *http.Client
	token string
	// seen collects every byte the client received, for the secrecy test.
	mu   sync.Mutex
	seen bytes.Buffer
}

// browser returns a client with a cookie jar and no account yet.
func (h *harness) browser() *client {
	jar, _ := cookiejar.New(nil)
	return &client{h: h, http: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// bot returns a client with a guest's bearer token.
func (h *harness) bot() *client {
	c := &client{h: h, http: &http.Client{Timeout: 30 * time.Second}}
	api := c.api()
	if me, err := api.Guest(context.Background()); err != nil || me.Token == "" {
		h.t.Fatalf("guest: %v %+v", err, me)
	}
	c.token = api.Token
	return c
}

// api is the Go client of the API as this browser or bot.
func (c *client) api() *apiclient.Client {
	return &apiclient.Client{Base: c.h.ts.URL, Token: c.token, HTTP: c.http}
}

func (c *client) record(b []byte) {
	c.mu.Lock()
	c.seen.Write(b)
	c.seen.WriteByte('\n')
	c.mu.Unlock()
}

// received returns what the client has received so far.
func (c *client) received() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seen.String()
}

// raw sends a request and returns the status and body.
func (c *client) raw(method, path string, body []byte, header ...string) (int, []byte) {
	c.h.t.Helper()
	st, b, err := c.api().Raw(context.Background(), method, path, "", body, header...)
	if err != nil {
		c.h.t.Fatal(err)
	}
	c.record(b)
	return st, b
}

// call sends a JSON request and decodes the JSON answer into out (if not nil).
func (c *client) call(method, path string, in any, out any) int {
	c.h.t.Helper()
	var body []byte
	if in != nil {
		body, _ = json.Marshal(in)
	}
	st, b := c.raw(method, path, body)
	if out != nil && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			c.h.t.Fatalf("%s %s: %v\n%s", method, path, err, b)
		}
	}
	return st
}

// apiError is the API's error object.
type apiError struct {
	Error struct {
		Code    string          `json:"code"`
		Message string          `json:"message"`
		View    json.RawMessage `json:"view"`
	} `json:"error"`
}

// gameJSON is the part of a game's JSON the tests read.
type gameJSON struct {
	ID     string   `json:"id"`
	Status string   `json:"status"`
	Mode   string   `json:"mode"`
	You    []string `json:"you"`
	Invite string   `json:"invite"`
	Seats  []struct {
		Player string `json:"player"`
		AI     string `json:"ai"`
		Open   bool   `json:"open"`
	} `json:"seats"`
	View struct {
		Version     int64     `json:"version"`
		Ply         int       `json:"ply"`
		State       string    `json:"state"`
		ToAct       []string  `json:"toAct"`
		Legal       []string  `json:"legal"`
		Own         string    `json:"own"`
		Submitted   [2]bool   `json:"submitted"`
		Commitments [2]string `json:"commitments"`
		Viewer      *string   `json:"viewer"`
		Moves       []struct {
			Text   string `json:"text"`
			Reveal *[2]struct {
				Selection string `json:"selection"`
				Nonce     string `json:"nonce"`
			} `json:"reveal"`
		} `json:"moves"`
		Outcome struct {
			Over   bool    `json:"over"`
			Winner *string `json:"winner"`
			Ending string  `json:"ending"`
			Reason string  `json:"reason"`
			Score  []int   `json:"score"`
		} `json:"outcome"`
		Board *struct {
			Grids []struct {
				Cells []struct {
					Coord string `json:"coord"`
				} `json:"cells"`
			} `json:"grids"`
		} `json:"board"`
	} `json:"view"`
}

func (c *client) game(id string, as ...string) gameJSON {
	c.h.t.Helper()
	path := "/api/games/" + id
	if len(as) > 0 {
		path += "?as=" + as[0]
	}
	var g gameJSON
	if st := c.call("GET", path, nil, &g); st != http.StatusOK {
		c.h.t.Fatalf("GET %s: %d", path, st)
	}
	return g
}

func (c *client) create(req map[string]any) gameJSON {
	c.h.t.Helper()
	var g gameJSON
	if st := c.call("POST", "/api/games", req, &g); st != http.StatusCreated {
		c.h.t.Fatalf("create %v: %d (%s)", req, st, c.received())
	}
	return g
}

// ws is a WebSocket client that records every frame it receives.
type ws struct {
	c    *client
	live *apiclient.Live
	msgs chan map[string]any
}

func (c *client) dial() *ws {
	c.h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	live, err := c.api().Dial(ctx)
	if err != nil {
		c.h.t.Fatal(err)
	}
	w := &ws{c: c, live: live, msgs: make(chan map[string]any, 1000)}
	go func() {
		for {
			b, err := live.Read(context.Background())
			if err != nil {
				close(w.msgs)
				return
			}
			c.record(b)
			var m map[string]any
			json.Unmarshal(b, &m)
			w.msgs <- m
		}
	}()
	c.h.t.Cleanup(func() { live.CloseNow() })
	return w
}

func (w *ws) send(m map[string]any) {
	w.c.h.t.Helper()
	b, _ := json.Marshal(m)
	if err := w.live.Write(context.Background(), b); err != nil {
		w.c.h.t.Fatal(err)
	}
}

// next waits for the next message that satisfies ok.
func (w *ws) next(ok func(m map[string]any) bool) map[string]any {
	w.c.h.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, open := <-w.msgs:
			if !open {
				w.c.h.t.Fatal("the WebSocket closed")
			}
			if ok(m) {
				return m
			}
		case <-timeout:
			w.c.h.t.Fatal("no such WebSocket message within 10 s")
		}
	}
}

// await reads w's messages until the client's view of game id, which w follows, satisfies ok,
// failing after within: for what no job does and no call of the test's returns with, an AI's
// move or selection above all (a search, real work on the cores). The view is read again at
// each message, whatever it is, so that none is missed between a look and the next message.
func (w *ws) await(id string, within time.Duration, what string, ok func(gameJSON) bool) gameJSON {
	w.c.h.t.Helper()
	timeout := time.NewTimer(within)
	defer timeout.Stop()
	for {
		v := w.c.game(id)
		if ok(v) {
			return v
		}
		select {
		case _, open := <-w.msgs:
			if !open {
				w.c.h.t.Fatalf("%s: the WebSocket closed", what)
			}
		case <-timeout.C:
			w.c.h.t.Fatalf("%s: not within %v", what, within)
		}
	}
}

// follow subscribes w to game id (from its start: what happened before comes first).
func (w *ws) follow(id string) {
	w.send(map[string]any{"type": "subscribe", "game": id, "after": 0})
}

func ofType(t string) func(m map[string]any) bool {
	return func(m map[string]any) bool { return m["type"] == t }
}

func eventKind(kind string) func(m map[string]any) bool {
	return func(m map[string]any) bool {
		e, _ := m["event"].(map[string]any)
		return m["type"] == "event" && e != nil && e["kind"] == kind
	}
}

// TestMain runs four tests at once unless -parallel says otherwise: the tests wait on sockets,
// timers and databases far more than on the cores.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", "4")
	}
	os.Exit(m.Run())
}

// notUnderRace skips t under the race detector: t checks what single requests answer (their
// words, bounds, pictures and files), not goroutines meeting, and the run without the detector
// (CI runs both) covers it at a fraction of the cost.
func notUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("checks single requests' answers; run without the race detector")
	}
}
