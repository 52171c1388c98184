package server_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/domain"
	"turncoat/internal/testenv"
	"turncoat/platform/notify"
	"turncoat/store"
)

// member signs a registered user up and returns a client with an API token of theirs.
func (h *harness) member(name string) *client {
	h.t.Helper()
	b := h.browser()
	if st := b.call("POST", "/api/signup", map[string]any{"name": name, "password": "password-" + name}, nil); st != http.StatusCreated {
		h.t.Fatalf("sign up %s: %d %s", name, st, b.received())
	}
	var tok struct{ Token string }
	if st := b.call("POST", "/api/tokens", map[string]any{"name": "test"}, &tok); st != http.StatusCreated || tok.Token == "" {
		h.t.Fatalf("token of %s: %d %s", name, st, b.received())
	}
	return &client{h: h, http: &http.Client{Timeout: 30 * time.Second}, token: tok.Token}
}

// on returns the same user's client against another server.
func (c *client) on(h *harness) *client { return &client{h: h, http: c.http, token: c.token} }

// onlineGame creates an online game by a and joins it with b; a plays first.
func onlineGame(t *testing.T, a, b *client, req map[string]any) gameJSON {
	t.Helper()
	req["mode"], req["side"] = "online", "first"
	g := a.create(req)
	token := strings.SplitN(g.Invite, "seat=", 2)[1]
	if st := b.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusOK {
		t.Fatalf("join: %d %s", st, b.received())
	}
	return a.game(g.ID)
}

type notes struct {
	Notifications []struct {
		ID      int64  `json:"id"`
		Kind    string `json:"kind"`
		Game    string `json:"game"`
		Message string `json:"message"`
		Read    bool   `json:"read"`
	} `json:"notifications"`
	Unread int `json:"unread"`
}

func (c *client) notes(kind string) []string {
	c.h.t.Helper()
	var n notes
	if st := c.call("GET", "/api/notifications", nil, &n); st != http.StatusOK {
		c.h.t.Fatalf("notifications: %d", st)
	}
	var out []string
	for _, x := range n.Notifications {
		if kind == "" || x.Kind == kind {
			out = append(out, x.Message)
		}
	}
	return out
}

type clockJSON struct {
	View struct {
		Clock struct {
			Control struct {
				Kind   string `json:"kind"`
				BaseMs int64  `json:"baseMs"`
			} `json:"control"`
			RemainingMs [2]int64 `json:"remainingMs"`
			Running     [2]bool  `json:"running"`
		} `json:"clock"`
		Outcome struct {
			Over   bool    `json:"over"`
			Winner *string `json:"winner"`
			Ending string  `json:"ending"`
		} `json:"outcome"`
	} `json:"view"`
}

func (c *client) clock(id string) clockJSON {
	c.h.t.Helper()
	var g clockJSON
	if st := c.call("GET", "/api/games/"+id, nil, &g); st != http.StatusOK {
		c.h.t.Fatalf("game %s: %d", id, st)
	}
	return g
}

const day = 24 * time.Hour

// mailbox is a Mailer that keeps what it is given.
type mailbox struct {
	mu    sync.Mutex
	mails []notify.Mail
}

func (m *mailbox) Send(ctx context.Context, mail notify.Mail) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mails = append(m.mails, mail)
	return nil
}

func (m *mailbox) sent() []notify.Mail {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]notify.Mail(nil), m.mails...)
}

// TestCorrespondenceGame plays a correspondence game: days per move, refused controls, the
// your-move notification (stored, and pushed over the WebSocket), a vacation that moves the
// deadline back by its days and is refused beyond the allowance, and the loss on time at the
// deadline, once.
func TestCorrespondenceGame(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		mails := &mailbox{}
		h := newHarness(t, dsn, opts, func(c *app.Config) { c.VacationDays = 10; c.Mailer = mails })
		a, b := h.bot(), h.bot()
		for _, bad := range []map[string]any{
			{"days": 4}, {"days": 0}, {"days": 15}, {"days": 3, "incrementDays": 20},
		} {
			var e apiError
			if st := a.call("POST", "/api/games", map[string]any{"kind": "reversi", "mode": "online", "correspondence": bad}, &e); st != http.StatusBadRequest || e.Error.Code != "bad_option" {
				t.Errorf("correspondence %v: %d %+v", bad, st, e)
			}
		}
		var e apiError
		if st := a.call("POST", "/api/games", map[string]any{"kind": "reversi", "mode": "online",
			"time": map[string]any{"kind": "correspondence", "baseMs": (36 * time.Hour).Milliseconds()}}, &e); st != http.StatusBadRequest {
			t.Errorf("a day and a half per move: %d %+v", st, e)
		}
		g := onlineGame(t, a, b, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "correspondence": map[string]any{"days": 3}})
		c := a.clock(g.ID)
		if c.View.Clock.Control.Kind != "correspondence" || c.View.Clock.Control.BaseMs != (3*day).Milliseconds() || !c.View.Clock.Running[0] {
			t.Fatalf("clock: %+v", c.View.Clock)
		}
		h.waitJobs(t, "the first player's your-move notification", func() bool { return len(a.notes("your_move")) == 1 })
		wb := b.dial()
		wb.send(map[string]any{"type": "ping"})
		wb.next(ofType("pong"))
		if st := a.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": a.game(g.ID).View.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d %s", st, a.received())
		}
		h.settle() // the notice to the player to move is a job
		m := wb.next(ofType("notification"))
		if n, _ := m["notification"].(map[string]any); n["kind"] != "your_move" || n["game"] != g.ID {
			t.Errorf("pushed: %v", m)
		}
		if got := b.notes("your_move"); len(got) != 1 || !strings.HasPrefix(got[0], "Your move against ") {
			t.Errorf("B's notifications: %q", got)
		}

		// Vacation: 4 days more for B, whose clock runs; A's is untouched.
		var vac struct {
			Used, Allowance int
			Games           []string
		}
		h.clock.Advance(day)
		if st := b.call("POST", "/api/vacation", map[string]any{"days": 4}, &vac); st != http.StatusOK || len(vac.Games) != 1 || vac.Games[0] != g.ID {
			t.Fatalf("vacation: %d %+v %s", st, vac, b.received())
		}
		c = a.clock(g.ID)
		left := time.Duration(c.View.Clock.RemainingMs[1]) * time.Millisecond
		if left < 6*day-time.Minute || left > 6*day || c.View.Clock.RemainingMs[0] != (3*day).Milliseconds() {
			t.Errorf("after 1 day and 4 vacation days: %v left, A %v", left, c.View.Clock.RemainingMs[0])
		}
		if st := b.call("POST", "/api/vacation", map[string]any{"days": 7}, &e); st != http.StatusConflict || e.Error.Code != "not_allowed" {
			t.Errorf("beyond the allowance: %d %+v", st, e)
		}
		var info struct {
			Used      int `json:"usedDays"`
			Allowance int `json:"allowanceDays"`
		}
		if b.call("GET", "/api/vacation", nil, &info); info.Used != 4 || info.Allowance != 10 {
			t.Errorf("vacation info: %+v", info)
		}

		// Five days after the move, B's clock (3 + 4 days) has not run out. A day before the
		// deadline B is reminded (a notification and a mail); at seven days the game is lost.
		h.clock.Advance(4 * day)
		h.settle() // the deadline job of before the vacation, due now, has run (and done nothing)
		if c := a.clock(g.ID); c.View.Outcome.Over {
			t.Fatalf("over before the deadline moved back by the vacation: %+v", c.View.Outcome)
		}
		h.clock.Advance(day + time.Hour)
		h.waitJobs(t, "the reminder", func() bool { return len(b.notes("reminder")) == 1 })
		// The mail is a job stored with the notification: worked by the same call.
		h.waitJobs(t, "the reminder's mail", func() bool { return len(mails.sent()) >= 1 })
		if got := mails.sent(); len(got) != 1 || !strings.Contains(got[0].Subject, g.ID) || !strings.HasPrefix(got[0].UserName, "guest-") {
			t.Errorf("mails: %+v", got)
		}
		if got := a.notes("reminder"); len(got) != 0 {
			t.Errorf("A, whose clock does not run, was reminded: %q", got)
		}
		h.clock.Advance(day)
		h.waitJobs(t, "the loss on time", func() bool { return a.clock(g.ID).View.Outcome.Over })
		c = a.clock(g.ID)
		if c.View.Outcome.Ending != "time" || c.View.Outcome.Winner == nil || *c.View.Outcome.Winner != "first" {
			t.Errorf("outcome: %+v", c.View.Outcome)
		}
		h.waitJobs(t, "the game-over notifications", func() bool {
			return len(a.notes("game_over")) == 1 && len(b.notes("game_over")) == 1
		})
		var n notes
		a.call("GET", "/api/notifications?unread=1", nil, &n)
		if n.Unread != len(n.Notifications) || n.Unread < 2 {
			t.Errorf("unread: %+v", n)
		}
		a.call("POST", "/api/notifications/read", map[string]any{}, nil)
		if a.call("GET", "/api/notifications?unread=1", nil, &n); n.Unread != 0 || len(n.Notifications) != 0 {
			t.Errorf("after marking all read: %+v", n)
		}
	})
}

// endEvents counts a game's end events.
func endEvents(t *testing.T, c *client, id string) (ends int, reasons []string) {
	t.Helper()
	var evs []struct {
		Kind    string `json:"kind"`
		Outcome *struct {
			Ending string `json:"ending"`
		} `json:"outcome"`
	}
	if st := c.call("GET", "/api/games/"+id+"/events", nil, &evs); st != http.StatusOK {
		t.Fatalf("events: %d", st)
	}
	for _, e := range evs {
		if e.Kind == "end" {
			ends++
			reasons = append(reasons, e.Outcome.Ending)
		}
	}
	return ends, reasons
}

// TestDeadlineOnceAcrossInstances runs two servers on one PostgreSQL schema, both following a
// correspondence game: when its deadline passes, exactly one instance ends it on time (one end
// event, one notification each).
func TestDeadlineOnceAcrossInstances(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		if !store.IsPostgres(dsn) {
			t.Skip("one instance on SQLite")
		}
		shared := newClock()
		a := newHarness(t, dsn, opts, onClock(shared))
		b := newHarness(t, dsn, opts, onClock(shared))
		p1, p2 := a.bot(), a.bot()
		var ids []string
		for range 3 {
			g := onlineGame(t, p1, p2, map[string]any{"kind": "reversi", "correspondence": map[string]any{"days": 1}})
			ids = append(ids, g.ID)
			p1.on(b).clock(g.ID) // B holds the game in memory too
		}
		shared.Advance(day + time.Minute)
		// Both instances work the jobs due at once, as two started queues would: each job is
		// taken by one of them.
		var wg sync.WaitGroup
		worked := make([]int, 2)
		for i, h := range []*harness{a, b} {
			wg.Go(func() {
				n, err := h.srv.WorkDue(context.Background())
				if err != nil {
					t.Error(err)
				}
				worked[i] = n
			})
		}
		wg.Wait()
		if worked[0]+worked[1] < len(ids) {
			t.Errorf("the instances worked %v jobs, fewer than the %d deadlines", worked, len(ids))
		}
		// B hears of the ends A committed (or A of B's) through the database.
		for _, id := range ids {
			testenv.Eventually(t, 10*time.Second, "the loss on time of "+id+" seen by B", func() bool { return p1.on(b).clock(id).View.Outcome.Over })
		}
		a.waitJobs(t, "the notifications", func() bool { return len(p2.notes("game_over")) == len(ids) })
		b.settle() // every job due has run: a second processing, if there were one, shows now
		for _, id := range ids {
			if n, reasons := endEvents(t, p1, id); n != 1 || reasons[0] != "time" {
				t.Errorf("game %s: %d end events %v, want one on time", id, n, reasons)
			}
		}
		if got := p1.notes("game_over"); len(got) != len(ids) {
			t.Errorf("first player's game-over notifications: %d, want %d: %q", len(got), len(ids), got)
		}
	})
}

// TestRestartResumesDeadline stops the server of a correspondence game and starts another on the
// same store: the deadline stored as a job by the first is worked by the second.
func TestRestartResumesDeadline(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		shared := newClock()
		h := newHarness(t, dsn, opts, onClock(shared))
		a, b := h.bot(), h.bot()
		g := onlineGame(t, a, b, map[string]any{"kind": "reversi", "correspondence": map[string]any{"days": 2}})
		h.ts.Close()
		h.srv.Close()
		h2 := newHarness(t, dsn, opts, onClock(shared))
		shared.Advance(2*day + time.Minute)
		h2.waitJobs(t, "the loss on time after the restart", func() bool { return a.on(h2).clock(g.ID).View.Outcome.Over })
		if n, _ := endEvents(t, a.on(h2), g.ID); n != 1 {
			t.Errorf("%d end events", n)
		}
	})
}

type ratingJSON struct {
	Rank      int     `json:"rank"`
	Player    string  `json:"player"`
	Variant   string  `json:"variant"`
	Rating    float64 `json:"rating"`
	Deviation float64 `json:"deviation"`
	Games     int     `json:"games"`
	Text      string  `json:"text"`
}

// TestRatings checks that a rated game updates both players' ratings in its variant (shown on
// profiles and leaderboards with deviations) and an unrated one does not, and that games against
// the AI and hot-seat games cannot be rated.
func TestRatings(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		a, b := h.bot(), h.bot()
		var me struct{ User struct{ Name string } }
		a.call("GET", "/api/me", nil, &me)
		an := me.User.Name
		b.call("GET", "/api/me", nil, &me)
		bn := me.User.Name
		for _, mode := range []string{"ai", "hotseat"} {
			var e apiError
			if st := a.call("POST", "/api/games", map[string]any{"kind": "reversi", "mode": mode, "rated": true}, &e); st != http.StatusBadRequest {
				t.Errorf("a rated %s game: %d %+v", mode, st, e)
			}
		}
		profile := func(name string) []ratingJSON {
			var p struct {
				Ratings []ratingJSON `json:"ratings"`
				Recent  []struct {
					ID string `json:"id"`
				} `json:"recent"`
			}
			if st := a.call("GET", "/api/users/"+name, nil, &p); st != http.StatusOK {
				t.Fatalf("profile of %s: %d", name, st)
			}
			return p.Ratings
		}
		// An unrated game: nothing changes.
		g := onlineGame(t, a, b, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}})
		if st := b.call("POST", "/api/games/"+g.ID+"/resign", nil, nil); st != http.StatusOK {
			t.Fatalf("resign: %d", st)
		}
		if r := profile(an); len(r) != 0 {
			t.Errorf("ratings after an unrated game: %+v", r)
		}
		// A rated 6x6 game, won by A.
		g = onlineGame(t, a, b, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "rated": true})
		if st := b.call("POST", "/api/games/"+g.ID+"/resign", nil, nil); st != http.StatusOK {
			t.Fatalf("resign: %d", st)
		}
		h.waitJobs(t, "the rated game's ratings (a job stored with its end)", func() bool { return len(profile(an)) == 1 })
		ra, rb := profile(an), profile(bn)
		if len(ra) != 1 || len(rb) != 1 || ra[0].Variant != rb[0].Variant || !strings.HasPrefix(ra[0].Variant, "reversi:size=6") ||
			ra[0].Rating <= 1500 || rb[0].Rating >= 1500 || ra[0].Deviation >= 350 || ra[0].Games != 1 || !strings.Contains(ra[0].Text, "±") {
			t.Fatalf("after a rated win: %+v / %+v", ra, rb)
		}
		// An 8x8 game is another variant.
		g = onlineGame(t, a, b, map[string]any{"kind": "reversi", "rated": true})
		a.call("POST", "/api/games/"+g.ID+"/resign", nil, nil)
		h.waitJobs(t, "the 8x8 game's ratings", func() bool { return len(profile(an)) == 2 })
		var lb struct {
			Variant string       `json:"variant"`
			Players []ratingJSON `json:"players"`
		}
		if st := a.call("GET", "/api/leaderboard?game=reversi&options=size=6", nil, &lb); st != http.StatusOK || len(lb.Players) != 2 ||
			lb.Players[0].Player != an || lb.Players[0].Rank != 1 || lb.Players[1].Player != bn || lb.Variant != ra[0].Variant {
			t.Errorf("6x6 leaderboard: %d %+v", st, lb)
		}
		var lb8 struct {
			Players []ratingJSON `json:"players"`
		}
		if a.call("GET", "/api/leaderboard?variant="+strings.ReplaceAll(profile(bn)[0].Variant, ",", "%2C"), nil, &lb8); len(lb8.Players) != 2 {
			t.Errorf("leaderboard by variant key: %+v", lb8)
		}
		if st := a.call("GET", "/api/leaderboard", nil, nil); st != http.StatusBadRequest {
			t.Errorf("no variant: %d", st)
		}
		if st := a.call("GET", "/api/users/nobody-here", nil, nil); st != http.StatusNotFound {
			t.Errorf("unknown profile: %d", st)
		}
	})
}

// TestRestartResumesLiveClock stops the server of a live game whose clock runs and starts
// another on the same store that nobody asks about the game: the flag job the first stored
// (one for the game, not one a move) ends it on time all the same.
func TestRestartResumesLiveClock(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		shared := newClock()
		h := newHarness(t, dsn, opts, onClock(shared))
		a, b := h.bot(), h.bot()
		g := onlineGame(t, a, b, map[string]any{"kind": "reversi", "time": map[string]any{"kind": "fischer", "baseMs": 60000, "incrementMs": 1000}})
		for _, m := range []struct {
			c    *client
			move string
		}{{a, "f5"}, {b, "d6"}, {a, "c3"}} {
			if st := m.c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": m.move}, nil); st != http.StatusOK {
				t.Fatalf("%s: %d %s", m.move, st, m.c.received())
			}
		}
		h.ts.Close()
		h.srv.Close()
		h2 := newHarness(t, dsn, opts, onClock(shared))
		shared.Advance(2 * time.Minute)
		ctx := context.Background()
		h2.waitJobs(t, "the loss on time after the restart", func() bool {
			row, err := h2.st.Game(ctx, g.ID)
			return err == nil && row.Status == domain.StatusOver
		})
		if v := a.on(h2).game(g.ID).View; v.Outcome.Ending != "time" || *v.Outcome.Winner != "first" {
			t.Errorf("outcome %+v, want Second's loss on time", v.Outcome)
		}
		if n, _ := endEvents(t, a.on(h2), g.ID); n != 1 {
			t.Errorf("%d end events", n)
		}
	})
}
