package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/store"
)

// playing makes an online reversi game of a, joined by b, and returns its id.
func playing(t *testing.T, a, b *client) string {
	t.Helper()
	g := a.create(map[string]any{"kind": "reversi", "mode": "online", "side": "first"})
	token := g.Invite[strings.Index(g.Invite, "seat=")+5:]
	if st := b.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, nil); st != http.StatusOK {
		t.Fatalf("join: %d %s", st, b.received())
	}
	return g.ID
}

// refused checks that a call was refused with a status and a message containing want, and
// returns the message.
func refused(t *testing.T, c *client, method, path string, body any, status int, want string) string {
	t.Helper()
	var e apiError
	if st := c.call(method, path, body, &e); st != status || !strings.Contains(e.Error.Message, want) {
		t.Errorf("%s %s: %d %q, want %d and a message with %q", method, path, st, e.Error.Message, status, want)
	}
	return e.Error.Message
}

// chatLines returns c's read of a game's chat.
func chatLines(t *testing.T, c *client, id string) []map[string]any {
	t.Helper()
	var list []map[string]any
	if st := c.call("GET", "/api/games/"+id+"/chat", nil, &list); st != http.StatusOK {
		t.Fatalf("GET chat: %d", st)
	}
	return list
}

func users(t *testing.T, c *client, path string) []string {
	t.Helper()
	var u struct{ Users []string }
	if st := c.call("GET", path, nil, &u); st != http.StatusOK {
		t.Fatalf("GET %s: %d", path, st)
	}
	return u.Users
}

// TestBlocks: a player blocked by another joins none of the blocker's games, writes nothing to
// them in a game they share and offers them no rematch, each refused with a 403 that says why;
// the blocker is refused the same towards the blocked; the list of blocks; blocking oneself or
// nobody is refused and stores nothing; an unblock lifts it all.
func TestBlocks(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, bob := h.member("Ann"), h.member("Bob")
		shared := playing(t, ann, bob)
		if st := ann.call("PUT", "/api/me/blocks/bob", nil, nil); st != http.StatusOK {
			t.Fatalf("block: %d %s", st, ann.received())
		}
		if got := users(t, ann, "/api/me/blocks"); len(got) != 1 || got[0] != "Bob" {
			t.Errorf("Ann's blocks: %v", got)
		}
		refused(t, ann, "PUT", "/api/me/blocks/Ann", nil, http.StatusBadRequest, "yourself")
		refused(t, ann, "PUT", "/api/me/blocks/Nobody", nil, http.StatusNotFound, "Nobody")
		if got := users(t, ann, "/api/me/blocks"); len(got) != 1 {
			t.Errorf("refused blocks stored something: %v", got)
		}

		// Bob joins none of Ann's open games.
		open := ann.create(map[string]any{"kind": "reversi", "mode": "online", "open": true})
		refused(t, bob, "POST", "/api/games/"+open.ID+"/join", map[string]any{}, http.StatusForbidden, "Ann blocked you")
		if g := ann.game(open.ID); g.Status == "active" {
			t.Error("the blocked player's join seated them")
		}
		// Nor writes in the game they share, nor reads... and Ann cannot write to Bob either.
		refused(t, bob, "POST", "/api/games/"+shared+"/chat", map[string]any{"text": "hi"}, http.StatusForbidden, "Ann blocked you")
		refused(t, ann, "POST", "/api/games/"+shared+"/chat", map[string]any{"text": "hi"}, http.StatusForbidden, "You blocked Bob")
		if n := len(chatLines(t, ann, shared)); n != 0 {
			t.Errorf("refused lines stored: %d", n)
		}
		// No rematch offered to the blocker.
		if st := ann.call("POST", "/api/games/"+shared+"/resign", nil, nil); st != http.StatusOK {
			t.Fatalf("resign: %d %s", st, ann.received())
		}
		refused(t, bob, "POST", "/api/games/"+shared+"/rematch", nil, http.StatusForbidden, "Ann blocked you")

		// Unblocked: all of it again.
		if st := ann.call("DELETE", "/api/me/blocks/Bob", nil, nil); st != http.StatusOK {
			t.Fatalf("unblock: %d", st)
		}
		if got := users(t, ann, "/api/me/blocks"); len(got) != 0 {
			t.Errorf("after the unblock: %v", got)
		}
		if st := bob.call("POST", "/api/games/"+shared+"/rematch", nil, nil); st != http.StatusCreated {
			t.Errorf("rematch after the unblock: %d %s", st, bob.received())
		}
		if st := bob.call("POST", "/api/games/"+open.ID+"/join", map[string]any{}, nil); st != http.StatusOK {
			t.Errorf("join after the unblock: %d %s", st, bob.received())
		}
		// Without an account: 401.
		if st := h.browser().call("PUT", "/api/me/blocks/Ann", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("an anonymous block: %d", st)
		}
	})
}

// TestMutes: a player who muted another no longer reads their lines, neither in the list nor
// over the WebSocket; the others still do; an unmute shows them again.
func TestMutes(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, bob := h.member("Ann"), h.member("Bob")
		id := playing(t, ann, bob)
		if st := bob.call("PUT", "/api/me/mutes/Ann", nil, nil); st != http.StatusOK {
			t.Fatalf("mute: %d %s", st, bob.received())
		}
		if got := users(t, bob, "/api/me/mutes"); len(got) != 1 || got[0] != "Ann" {
			t.Errorf("Bob's mutes: %v", got)
		}
		refused(t, bob, "PUT", "/api/me/mutes/Bob", nil, http.StatusBadRequest, "yourself")
		bws := bob.dial()
		bws.send(map[string]any{"type": "subscribe", "game": id})
		bws.next(ofType("subscribed"))
		aws := ann.dial()
		aws.send(map[string]any{"type": "subscribe", "game": id})
		aws.next(ofType("subscribed"))

		for _, text := range []string{"you cannot hear me", "nor this"} {
			if st := ann.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": text}, nil); st != http.StatusCreated {
				t.Fatalf("Ann writes: %d %s", st, ann.received())
			}
		}
		if st := bob.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": "hello?"}, nil); st != http.StatusCreated {
			t.Fatalf("Bob writes: %d", st)
		}
		// Bob's socket gets his own line, and none of Ann's before it.
		m := bws.next(ofType("chat"))
		if body := m["chat"].(map[string]any)["body"]; body != "hello?" {
			t.Errorf("Bob's socket got %q before his own line", body)
		}
		aws.next(func(m map[string]any) bool {
			return m["type"] == "chat" && m["chat"].(map[string]any)["body"] == "hello?"
		})
		if n := len(chatLines(t, bob, id)); n != 1 {
			t.Errorf("Bob reads %d lines, want his own only", n)
		}
		if n := len(chatLines(t, ann, id)); n != 3 {
			t.Errorf("Ann reads %d lines, want 3", n)
		}
		bob.call("DELETE", "/api/me/mutes/Ann", nil, nil)
		if n := len(chatLines(t, bob, id)); n != 3 {
			t.Errorf("after the unmute Bob reads %d lines", n)
		}
	})
}

// TestChatLimits: a user writes five lines in ten seconds, in all games together, then hears
// 429 until the time passes; a line of more than 300 characters is 400; a word of the operator's
// filter, whatever its case and only as a whole word, is 400 naming it; nothing refused is
// stored.
func TestChatLimits(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, bob := h.member("Ann"), h.member("Bob")
		one, two := playing(t, ann, bob), playing(t, ann, bob)
		if _, err := app.NewAdmin(h.st).AddWord(context.Background(), "Darn"); err != nil {
			t.Fatal(err)
		}
		post := func(id, text string) int {
			return ann.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": text}, nil)
		}
		refused(t, ann, "POST", "/api/games/"+one+"/chat", map[string]any{"text": "oh DARN it"}, http.StatusBadRequest, `chat: DARN.`)
		if st := post(one, "darned good move"); st != http.StatusCreated {
			t.Errorf("a word containing a filtered one: %d", st)
		}
		refused(t, ann, "POST", "/api/games/"+one+"/chat", map[string]any{"text": strings.Repeat("é", 301)}, http.StatusBadRequest, "300")
		for i := range 4 {
			id := one
			if i%2 == 0 {
				id = two
			}
			if st := post(id, "line"); st != http.StatusCreated {
				t.Fatalf("line %d: %d %s", i+2, st, ann.received())
			}
		}
		refused(t, ann, "POST", "/api/games/"+two+"/chat", map[string]any{"text": "sixth"}, http.StatusTooManyRequests, "5 in 10 seconds")
		if n := len(chatLines(t, ann, one)) + len(chatLines(t, ann, two)); n != 5 {
			t.Errorf("%d lines stored, want the 5 accepted", n)
		}
		h.clock.Advance(10 * time.Second)
		if st := post(two, "later"); st != http.StatusCreated {
			t.Errorf("after ten seconds: %d", st)
		}
		// Bob's own allowance is his.
		if st := bob.call("POST", "/api/games/"+one+"/chat", map[string]any{"text": "hi"}, nil); st != http.StatusCreated {
			t.Errorf("Bob's first line: %d", st)
		}
	})
}

type reportJSON struct {
	ID       int64  `json:"id"`
	Reporter string `json:"reporter"`
	User     string `json:"user"`
	Game     string `json:"game"`
	Message  int64  `json:"message"`
	Category string `json:"category"`
	Reason   string `json:"reason"`
	Status   string `json:"status"`
	Summary  *struct {
		ID      string   `json:"id"`
		Kind    string   `json:"kind"`
		Players []string `json:"players"`
	} `json:"summary"`
	Lines []struct {
		ID       int64  `json:"id"`
		Body     string `json:"body"`
		Hidden   bool   `json:"hidden"`
		Reported bool   `json:"reported"`
	} `json:"lines"`
}

type logJSON struct {
	Moderator string     `json:"moderator"`
	Action    string     `json:"action"`
	User      string     `json:"user"`
	Reason    string     `json:"reason"`
	Until     *time.Time `json:"until"`
	Created   time.Time  `json:"created"`
}

// TestModeration: a player reports a chat line (bad reports refused, storing nothing); a
// moderator, named by the operator, reads it with the lines around it and the game's summary,
// hides it (every reader, and the sockets, see it hidden, without its text), mutes its author
// (403 with the mute's end, until it ends), warns them (a notice), resolves the report, and the
// log shows each action; everyone else hears 403 on every moderation endpoint.
func TestModeration(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, bob, mod := h.member("Ann"), h.member("Bob"), h.member("Mo")
		id := playing(t, ann, bob)
		ctx := context.Background()

		// Not yet a moderator: 403 everywhere, and /api/me says so.
		for _, c := range []struct{ method, path string }{{"GET", "/api/moderation/reports"}, {"GET", "/api/moderation/log"},
			{"POST", "/api/moderation/actions"}} {
			if st := mod.call(c.method, c.path, map[string]any{"action": "warn", "user": "Bob", "reason": "x"}, nil); st != http.StatusForbidden {
				t.Errorf("a player's %s %s: %d", c.method, c.path, st)
			}
		}
		var me struct{ Moderator bool }
		if mod.call("GET", "/api/me", nil, &me); me.Moderator {
			t.Error("/api/me says moderator before the operator named one")
		}
		if _, err := app.NewAdmin(h.st).SetModerator(ctx, "mo", true); err != nil {
			t.Fatal(err)
		}
		if mod.call("GET", "/api/me", nil, &me); !me.Moderator {
			t.Error("/api/me does not say moderator")
		}

		var lines []int64
		for _, text := range []string{"good luck", "you are an idiot", "sorry", "gg"} {
			c := bob
			if text == "sorry" {
				c = ann
			}
			var m struct{ ID int64 }
			if st := c.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": text}, &m); st != http.StatusCreated {
				t.Fatalf("chat: %d", st)
			}
			lines = append(lines, m.ID)
		}
		bad := lines[1]

		// Bad reports: refused, nothing stored.
		for _, c := range []struct {
			body   map[string]any
			status int
			want   string
		}{
			{map[string]any{"message": bad, "category": "rude", "reason": "insult"}, http.StatusBadRequest, "category"},
			{map[string]any{"message": bad, "category": "abuse", "reason": "  "}, http.StatusBadRequest, "reason"},
			{map[string]any{"message": bad, "category": "abuse", "reason": strings.Repeat("x", 501)}, http.StatusBadRequest, "500"},
			{map[string]any{"message": 999999, "category": "abuse", "reason": "insult"}, http.StatusNotFound, "999999"},
			{map[string]any{"user": "Ann", "category": "abuse", "reason": "me"}, http.StatusBadRequest, "yourself"},
			{map[string]any{"user": "Nobody", "category": "abuse", "reason": "who"}, http.StatusNotFound, "Nobody"},
		} {
			refused(t, ann, "POST", "/api/reports", c.body, c.status, c.want)
		}
		var open []reportJSON
		if mod.call("GET", "/api/moderation/reports", nil, &open); len(open) != 0 {
			t.Fatalf("refused reports stored: %+v", open)
		}
		var rep reportJSON
		if st := ann.call("POST", "/api/reports", map[string]any{"message": bad, "category": "abuse", "reason": "an insult"}, &rep); st != http.StatusCreated {
			t.Fatalf("report: %d %s", st, ann.received())
		}
		if rep.User != "Bob" || rep.Game != id || rep.Status != "open" {
			t.Errorf("the report: %+v", rep)
		}
		// A report of a game names the opponent by default.
		if st := ann.call("POST", "/api/reports", map[string]any{"game": id, "category": "cheating", "reason": "engine moves"}, &rep); st != http.StatusCreated || rep.User != "Bob" {
			t.Errorf("a game's report: %d %+v", st, rep)
		}

		// The moderator reads the reports with their context.
		if st := mod.call("GET", "/api/moderation/reports", nil, &open); st != http.StatusOK || len(open) != 2 {
			t.Fatalf("open reports: %d %+v", st, open)
		}
		r := open[0]
		if r.Summary == nil || r.Summary.ID != id || len(r.Summary.Players) != 2 || len(r.Lines) != 4 {
			t.Fatalf("the report's context: %+v", r)
		}
		if !r.Lines[1].Reported || r.Lines[1].Body != "you are an idiot" || r.Lines[0].Reported {
			t.Errorf("the reported line in its context: %+v", r.Lines)
		}

		// Hide the line: the players' sockets see it hidden, the lists show it without its text.
		aws := ann.dial()
		aws.send(map[string]any{"type": "subscribe", "game": id})
		aws.next(ofType("subscribed"))
		act := func(body map[string]any) int { return mod.call("POST", "/api/moderation/actions", body, nil) }
		if st := act(map[string]any{"action": "hide", "report": r.ID, "reason": "insult"}); st != http.StatusOK {
			t.Fatalf("hide: %d %s", st, mod.received())
		}
		// (On PostgreSQL the lines written before the subscription may still come through it.)
		m := aws.next(func(m map[string]any) bool {
			return m["type"] == "chat" && m["chat"].(map[string]any)["hidden"] == true
		})
		if c := m["chat"].(map[string]any); c["body"] != "" || c["id"] != float64(bad) {
			t.Errorf("the hidden line on the socket: %v", c)
		}
		for _, c := range []*client{ann, bob} {
			l := chatLines(t, c, id)
			if l[1]["hidden"] != true || l[1]["body"] != "" || l[0]["hidden"] != nil {
				t.Errorf("the lines after the hide: %v", l)
			}
		}

		// Mute Bob for ten minutes: he is told until when.
		refused(t, mod, "POST", "/api/moderation/actions", map[string]any{"action": "mute", "user": "Bob", "reason": "insults", "minutes": 0},
			http.StatusBadRequest, "minutes")
		refused(t, mod, "POST", "/api/moderation/actions", map[string]any{"action": "mute", "user": "Bob", "minutes": 10},
			http.StatusBadRequest, "reason")
		refused(t, mod, "POST", "/api/moderation/actions", map[string]any{"action": "fly", "user": "Bob", "reason": "x"},
			http.StatusBadRequest, "action")
		refused(t, mod, "POST", "/api/moderation/actions", map[string]any{"action": "warn", "user": "Nobody", "reason": "x"},
			http.StatusNotFound, "Nobody")
		if st := act(map[string]any{"action": "mute", "user": "Bob", "reason": "insults", "minutes": 10, "report": r.ID}); st != http.StatusOK {
			t.Fatalf("mute: %d %s", st, mod.received())
		}
		until := h.clock.Now().Add(10 * time.Minute).UTC().Format("2006-01-02 15:04 UTC")
		refused(t, bob, "POST", "/api/games/"+id+"/chat", map[string]any{"text": "why"}, http.StatusForbidden, until)
		h.clock.Advance(11 * time.Minute)
		if st := bob.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": "sorry"}, nil); st != http.StatusCreated {
			t.Errorf("after the mute's end: %d %s", st, bob.received())
		}
		// Muted again, then the mute lifted.
		act(map[string]any{"action": "mute", "user": "Bob", "reason": "again", "minutes": 60})
		act(map[string]any{"action": "unmute", "user": "Bob"})
		if st := bob.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": "thanks"}, nil); st != http.StatusCreated {
			t.Errorf("after the unmute: %d %s", st, bob.received())
		}
		// A warning is a notice to Bob.
		if st := act(map[string]any{"action": "warn", "user": "Bob", "reason": "be civil"}); st != http.StatusOK {
			t.Fatalf("warn: %d %s", st, mod.received())
		}
		var notes struct {
			Notifications []struct{ Kind, Message string }
		}
		bob.call("GET", "/api/notifications", nil, &notes)
		if len(notes.Notifications) == 0 || notes.Notifications[0].Kind != "warning" || !strings.Contains(notes.Notifications[0].Message, "be civil") {
			t.Errorf("Bob's notices: %s", bob.received())
		}
		// Resolved once, not twice; dismissed the other.
		if st := act(map[string]any{"action": "resolve", "report": r.ID, "reason": "hidden and muted"}); st != http.StatusOK {
			t.Errorf("resolve: %d %s", st, mod.received())
		}
		refused(t, mod, "POST", "/api/moderation/actions", map[string]any{"action": "resolve", "report": r.ID}, http.StatusConflict, "closed")
		act(map[string]any{"action": "dismiss", "report": open[1].ID})
		if mod.call("GET", "/api/moderation/reports", nil, &open); len(open) != 0 {
			t.Errorf("open reports after resolving both: %+v", open)
		}
		var all []reportJSON
		if mod.call("GET", "/api/moderation/reports?status=all", nil, &all); len(all) != 2 || all[0].Status != "resolved" || all[1].Status != "dismissed" {
			t.Errorf("all reports: %+v", all)
		}
		// The log: who, what, whom, why, when, the newest first.
		var log []logJSON
		mod.call("GET", "/api/moderation/log", nil, &log)
		var got []string
		for _, e := range log {
			got = append(got, e.Action)
			if e.Moderator != "Mo" || e.Created.IsZero() {
				t.Errorf("a log entry: %+v", e)
			}
		}
		if want := "dismiss resolve warn unmute mute mute hide"; strings.Join(got, " ") != want {
			t.Errorf("the log's actions: %v, want %s", got, want)
		}
		if log[2].User != "Bob" || log[2].Reason != "be civil" || log[5].Until == nil {
			t.Errorf("the log: %+v", log)
		}
		// Taken back by the operator: 403 again.
		if _, err := app.NewAdmin(h.st).SetModerator(ctx, "Mo", false); err != nil {
			t.Fatal(err)
		}
		if st := mod.call("GET", "/api/moderation/log", nil, nil); st != http.StatusForbidden {
			t.Errorf("a former moderator reads the log: %d", st)
		}
	})
}

// TestModeratorClosesAccount: a moderator closes an account and reinstates it, each logged; a reason is
// required, the name must exist and nobody else may. The account's suspension itself (no
// log-in, play or chat) is the accounts service's.
func TestModeratorClosesAccount(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	bob, mod := h.member("Bob"), h.member("Mo")
	if st := bob.call("POST", "/api/moderation/actions", map[string]any{"action": "close", "user": "Mo", "reason": "x"}, nil); st != http.StatusForbidden {
		t.Errorf("a player closes an account: %d", st)
	}
	if _, err := app.NewAdmin(h.st).SetModerator(context.Background(), "Mo", true); err != nil {
		t.Fatal(err)
	}
	refused(t, mod, "POST", "/api/moderation/actions", map[string]any{"action": "close", "user": "Bob"}, http.StatusBadRequest, "reason")
	refused(t, mod, "POST", "/api/moderation/actions", map[string]any{"action": "close", "user": "Nobody", "reason": "spam"}, http.StatusNotFound, "Nobody")
	refused(t, mod, "POST", "/api/moderation/actions", map[string]any{"action": "close", "user": "Mo", "reason": "spam"}, http.StatusBadRequest, "themselves")
	var e apiError
	st := mod.call("POST", "/api/moderation/actions", map[string]any{"action": "close", "user": "Bob", "reason": "spam"}, &e)
	if st != http.StatusOK {
		t.Fatalf("close: %d %s", st, mod.received())
	}
	if st := bob.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("a closed account's session still works: %d", st)
	}
	if st := h.browser().call("POST", "/api/login", map[string]any{"name": "Bob", "password": "password-Bob"}, nil); st == http.StatusOK {
		t.Error("a closed account logs in")
	}
	if st := mod.call("POST", "/api/moderation/actions", map[string]any{"action": "reinstate", "user": "Bob"}, nil); st != http.StatusOK {
		t.Fatalf("reinstate: %d %s", st, mod.received())
	}
	if st := h.browser().call("POST", "/api/login", map[string]any{"name": "Bob", "password": "password-Bob"}, nil); st != http.StatusOK {
		t.Errorf("a reinstated account's log-in: %d", st)
	}
	var log []logJSON
	mod.call("GET", "/api/moderation/log", nil, &log)
	if len(log) != 2 || log[0].Action != "reinstate" || log[1].Action != "close" || log[1].Reason != "spam" {
		t.Errorf("the log: %+v", log)
	}
}

// TestChatReachesEveryInstance: with two instances on one PostgreSQL, a chat line posted through
// A reaches a socket on B, and so does its hiding by a moderator through A.
func TestChatReachesEveryInstance(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		if !store.IsPostgres(dsn) {
			t.Skip("one instance on SQLite")
		}
		clk := newClock()
		a := newHarness(t, dsn, opts, onClock(clk))
		b := newHarness(t, dsn, opts, onClock(clk))
		ann, mod := a.member("Ann"), a.member("Mo")
		bob := b.member("Bob")
		id := playing(t, ann, &client{h: a, http: bob.http, token: bob.token})
		if _, err := app.NewAdmin(a.st).SetModerator(context.Background(), "Mo", true); err != nil {
			t.Fatal(err)
		}
		wb := bob.dial()
		wb.send(map[string]any{"type": "subscribe", "game": id})
		wb.next(ofType("subscribed"))
		wa := ann.dial()
		wa.send(map[string]any{"type": "subscribe", "game": id})
		wa.next(ofType("subscribed"))

		var line struct{ ID int64 }
		if st := ann.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": "hello from A"}, &line); st != http.StatusCreated {
			t.Fatalf("chat through A: %d %s", st, ann.received())
		}
		m := within(t, wb, "the chat line", ofType("chat"))
		if c := m["chat"].(map[string]any); c["body"] != "hello from A" {
			t.Errorf("B's socket got %v", c)
		}
		// A's own socket gets it once.
		wa.next(ofType("chat"))
		if st := mod.call("POST", "/api/moderation/actions", map[string]any{"action": "hide", "message": line.ID, "reason": "test"}, nil); st != http.StatusOK {
			t.Fatalf("hide through A: %d %s", st, mod.received())
		}
		m = within(t, wb, "the hidden line", ofType("chat"))
		if c := m["chat"].(map[string]any); c["hidden"] != true || c["body"] != "" {
			t.Errorf("B's socket got the hide as %v", c)
		}
		// A's socket: the hide next, not the line a second time.
		if c := wa.next(ofType("chat"))["chat"].(map[string]any); c["hidden"] != true {
			t.Errorf("A's socket's next line is %v, want the hide", c)
		}
		// A line through B reaches A.
		if st := bob.call("POST", "/api/games/"+id+"/chat", map[string]any{"text": "hello from B"}, nil); st != http.StatusCreated {
			t.Fatalf("chat through B: %d", st)
		}
		within(t, wa, "B's line", func(m map[string]any) bool {
			b, _ := json.Marshal(m)
			return m["type"] == "chat" && strings.Contains(string(b), "hello from B")
		})
	})
}
