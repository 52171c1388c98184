package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/internal/testenv"
	"turncoat/platform/mail"
	"turncoat/platform/notify"
	"turncoat/store"
)

const accountsPublic = "https://turncoat.example.org"

// mailedServer is a harness whose mail goes to a real SMTP server.
func mailedServer(t *testing.T, dsn string, opts store.Options) (*harness, *testenv.SMTPServer) {
	t.Helper()
	smtpd := testenv.SMTP(t)
	cfg, err := mail.Parse(smtpd.URL + "?from=accounts@turncoat.example.org")
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLS = smtpd.TLS
	h := newHarness(t, dsn, opts, func(c *app.Config) {
		c.Mailer, c.PublicURL = notify.SMTPMailer(mail.New(cfg)), accountsPublic
	})
	return h, smtpd
}

// signedUp signs a browser up and gives it an API token too: the same account through its
// session cookie and through a bot's bearer token.
func signedUp(t *testing.T, h *harness, name, password string) (browser, bot *client) {
	t.Helper()
	browser = h.browser()
	if st := browser.call("POST", "/api/signup", map[string]any{"name": name, "password": password}, nil); st != http.StatusCreated {
		t.Fatalf("sign up %s: %d %s", name, st, browser.received())
	}
	var tok struct{ Token string }
	if st := browser.call("POST", "/api/tokens", map[string]any{"name": "bot"}, &tok); st != http.StatusCreated {
		t.Fatalf("token of %s: %d", name, st)
	}
	return browser, &client{h: h, http: &http.Client{Timeout: 30 * time.Second}, token: tok.Token}
}

var linkRE = regexp.MustCompile(`https://turncoat\.example\.org/(confirm-email|reset-password)\?t=([A-Za-z0-9%]+)`)

// linkIn returns the secret of the last link of a kind mailed to addr.
func linkIn(t *testing.T, smtpd *testenv.SMTPServer, addr, kind string) string {
	t.Helper()
	token := ""
	for _, m := range mailsTo(t, smtpd, addr) {
		for _, l := range linkRE.FindAllStringSubmatch(string(m.parts["text/plain"]), -1) {
			if l[1] == kind {
				token, _ = url.QueryUnescape(l[2])
			}
		}
	}
	if token == "" {
		t.Fatalf("no %s link mailed to %s", kind, addr)
	}
	return token
}

type emailState struct {
	Email, Pending, Lang string
	Confirmed            bool
}

func errorCode(c *client, method, path string, body any) (int, string) {
	var e apiError
	st := c.call(method, path, body, &e)
	return st, e.Error.Code
}

// TestConfirmEmail: an address given waits for the link mailed to it (in the user's language);
// no notice is mailed to it meanwhile; the link's page only asks (GET is the web UI's), a POST
// of its secret confirms it once; a new address waits while the confirmed one keeps the mails;
// confirmation mails are rate-limited; bad addresses store nothing.
func TestConfirmEmail(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h, smtpd := mailedServer(t, dsn, opts)
		ann, _ := signedUp(t, h, "Ann", "violet-tables-9")
		bob := h.member("Bob")
		if st, code := errorCode(ann, "PUT", "/api/me/email", map[string]any{"email": "not an address"}); st != http.StatusBadRequest || code != "bad_request" {
			t.Errorf("a bad address: %d %s", st, code)
		}
		if st := ann.call("PUT", "/api/me/email", map[string]any{"email": "ann@example.org", "lang": "pt"}, nil); st != http.StatusOK {
			t.Fatalf("Ann's address: %d %s", st, ann.received())
		}
		var set emailState
		if st := ann.call("GET", "/api/me/email", nil, &set); st != http.StatusOK || set.Email != "" || set.Confirmed || set.Pending != "ann@example.org" {
			t.Fatalf("a pending address: %d %+v", st, set)
		}
		smtpd.Wait(t, 1, 10*time.Second)
		am := mailsTo(t, smtpd, "ann@example.org")
		if len(am) != 1 || am[0].subject != "Turncoat: confirme seu endereço" {
			t.Fatalf("the confirmation mail: %+v", am)
		}
		token := linkIn(t, smtpd, "ann@example.org", "confirm-email")

		// A correspondence game: Bob moves, the notice to Ann is not mailed to a pending address.
		g := onlineGame(t, bob, ann, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "correspondence": map[string]any{"days": 3}})
		if st := bob.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": bob.game(g.ID).View.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d", st)
		}
		h.settle()
		if n := len(mailsTo(t, smtpd, "ann@example.org")); n != 1 {
			t.Errorf("mails to a pending address: %d, want the confirmation alone", n)
		}

		// The link's page is the web UI's; the API confirms on POST only, once.
		if st, code := errorCode(h.browser(), "POST", "/api/email/confirm", map[string]any{"token": "forged"}); st != http.StatusBadRequest || code != "link_invalid" {
			t.Errorf("a forged link: %d %s", st, code)
		}
		var conf struct{ Email string }
		if st := h.browser().call("POST", "/api/email/confirm", map[string]any{"token": token}, &conf); st != http.StatusOK || conf.Email != "ann@example.org" {
			t.Fatalf("confirming: %d %+v", st, conf)
		}
		if st, code := errorCode(h.browser(), "POST", "/api/email/confirm", map[string]any{"token": token}); st != http.StatusBadRequest || code != "link_invalid" {
			t.Errorf("a link used twice: %d %s", st, code)
		}
		if st := ann.call("GET", "/api/me/email", nil, &set); st != http.StatusOK || set.Email != "ann@example.org" || !set.Confirmed || set.Pending != "" || set.Lang != "pt" {
			t.Fatalf("a confirmed address: %d %+v", st, set)
		}
		// Now Bob's next move is mailed to Ann (after her reply).
		if st := ann.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": ann.game(g.ID).View.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d", st)
		}
		if st := bob.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": bob.game(g.ID).View.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d", st)
		}
		h.settle()
		smtpd.Wait(t, 2, 10*time.Second)
		if am := mailsTo(t, smtpd, "ann@example.org"); len(am) != 2 || !strings.Contains(am[1].subject, "sua vez") {
			t.Errorf("Ann's mails once confirmed: %+v", am)
		}

		// A new address waits; the confirmed one stays until it is confirmed. Its link expires.
		if st := ann.call("PUT", "/api/me/email", map[string]any{"email": "ann@new.example.org"}, &set); st != http.StatusOK || set.Email != "ann@example.org" || set.Pending != "ann@new.example.org" {
			t.Fatalf("a new address: %d %+v", st, set)
		}
		smtpd.Wait(t, 3, 10*time.Second)
		newToken := linkIn(t, smtpd, "ann@new.example.org", "confirm-email")
		h.clock.Advance(25 * time.Hour)
		if st, code := errorCode(h.browser(), "POST", "/api/email/confirm", map[string]any{"token": newToken}); st != http.StatusBadRequest || code != "link_invalid" {
			t.Errorf("an expired link: %d %s", st, code)
		}
		if st := ann.call("GET", "/api/me/email", nil, &set); set.Email != "ann@example.org" || set.Pending != "" {
			t.Errorf("after the link expired: %d %+v", st, set)
		}
		// Five confirmation mails an hour, then 429.
		for i := range 6 {
			want := http.StatusOK
			if i == 5 {
				want = http.StatusTooManyRequests
			}
			if st := ann.call("PUT", "/api/me/email", map[string]any{"email": "ann@third.example.org"}, nil); st != want {
				t.Fatalf("confirmation mail %d: %d, want %d", i+1, st, want)
			}
		}
		// Clearing drops both.
		if st := ann.call("PUT", "/api/me/email", map[string]any{"email": ""}, &set); st != http.StatusOK || set.Email != "" || set.Pending != "" {
			t.Errorf("cleared: %d %+v", st, set)
		}
	})
}

// TestPasswordReset: a forgotten password's link goes to the confirmed address (asked by name or
// address, the same answer for accounts that do not exist), works once and for 30 minutes, sets
// a password that is not common, and ends every session and API token of the account.
func TestPasswordReset(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h, smtpd := mailedServer(t, dsn, opts)
		ann, annBot := signedUp(t, h, "Ann", "violet-tables-9")
		ws := annBot.dial()
		if st := ann.call("PUT", "/api/me/email", map[string]any{"email": "ann@example.org"}, nil); st != http.StatusOK {
			t.Fatal(st)
		}
		smtpd.Wait(t, 1, 10*time.Second)
		if st := h.browser().call("POST", "/api/email/confirm", map[string]any{"token": linkIn(t, smtpd, "ann@example.org", "confirm-email")}, nil); st != http.StatusOK {
			t.Fatal(st)
		}
		stranger := h.browser()
		answer := func(who string) string {
			st, body := stranger.raw("POST", "/api/password/forgot", mustJSON(map[string]any{"who": who}))
			if st != http.StatusOK {
				t.Fatalf("forgot %q: %d %s", who, st, body)
			}
			return string(body)
		}
		known, unknown := answer("Ann"), answer("Nobody")
		if known != unknown || answer("nobody@example.org") != known {
			t.Errorf("the answers tell accounts apart: %s / %s", known, unknown)
		}
		if st, code := errorCode(stranger, "POST", "/api/password/forgot", map[string]any{"who": " "}); st != http.StatusBadRequest || code != "bad_request" {
			t.Errorf("an empty who: %d %s", st, code)
		}
		smtpd.Wait(t, 2, 10*time.Second)
		if am := mailsTo(t, smtpd, "ann@example.org"); len(am) != 2 || am[1].subject != "Turncoat: set a new password" {
			t.Fatalf("the reset mail: %+v", am)
		}
		first := linkIn(t, smtpd, "ann@example.org", "reset-password")
		// By address: a second link; a third ask in the hour still answers, a fourth mails nothing.
		answer("ann@example.org")
		smtpd.Wait(t, 3, 10*time.Second)
		token := linkIn(t, smtpd, "ann@example.org", "reset-password")
		answer("Ann")
		smtpd.Wait(t, 4, 10*time.Second)
		answer("Ann")
		h.settle()
		if n := len(mailsTo(t, smtpd, "ann@example.org")); n != 4 {
			t.Errorf("reset mails in an hour: %d, want 3 (and the confirmation)", n-1)
		}
		_ = first

		if st, code := errorCode(stranger, "POST", "/api/password/reset", map[string]any{"token": token, "password": "password"}); st != http.StatusBadRequest || code != "weak_password" {
			t.Errorf("a common password: %d %s", st, code)
		}
		if st, code := errorCode(stranger, "POST", "/api/password/reset", map[string]any{"token": "forged", "password": "green-kettle-41"}); st != http.StatusBadRequest || code != "link_invalid" {
			t.Errorf("a forged link: %d %s", st, code)
		}
		if st := stranger.call("POST", "/api/password/reset", map[string]any{"token": token, "password": "green-kettle-41"}, nil); st != http.StatusOK {
			t.Fatalf("reset: %d %s", st, stranger.received())
		}
		if st, code := errorCode(stranger, "POST", "/api/password/reset", map[string]any{"token": token, "password": "green-kettle-42"}); st != http.StatusBadRequest || code != "link_invalid" {
			t.Errorf("a link used twice: %d %s", st, code)
		}
		// Every session and token ended, the socket closed; the old password is gone.
		if st := ann.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("the session after a reset: %d", st)
		}
		if st := annBot.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("the API token after a reset: %d", st)
		}
		if code := ws.closedWith(); code != "token_revoked" {
			t.Errorf("the API token's socket closed with %q, want token_revoked", code)
		}
		if st := h.browser().call("POST", "/api/login", map[string]any{"name": "Ann", "password": "violet-tables-9"}, nil); st != http.StatusUnauthorized {
			t.Errorf("the old password: %d", st)
		}
		if st := h.browser().call("POST", "/api/login", map[string]any{"name": "Ann", "password": "green-kettle-41"}, nil); st != http.StatusOK {
			t.Errorf("the new password: %d", st)
		}
		// The other links expired with the reset; a fresh one expires after 30 minutes.
		if st, code := errorCode(stranger, "POST", "/api/password/reset", map[string]any{"token": first, "password": "green-kettle-43"}); code != "link_invalid" {
			t.Errorf("an older link after a reset: %d %s", st, code)
		}
		h.clock.Advance(2 * time.Hour)
		answer("Ann")
		smtpd.Wait(t, 5, 10*time.Second)
		late := linkIn(t, smtpd, "ann@example.org", "reset-password")
		h.clock.Advance(31 * time.Minute)
		if st, code := errorCode(stranger, "POST", "/api/password/reset", map[string]any{"token": late, "password": "green-kettle-44"}); code != "link_invalid" {
			t.Errorf("an expired link: %d %s", st, code)
		}
	})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestChangePasswordAndLogoutAll: a new password, given the old one, ends the other sessions and
// keeps this one (and the API tokens); log out everywhere ends every session and token.
func TestChangePasswordAndLogoutAll(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, annBot := signedUp(t, h, "Ann", "violet-tables-9")
		other := h.browser()
		if st := other.call("POST", "/api/login", map[string]any{"name": "Ann", "password": "violet-tables-9"}, nil); st != http.StatusOK {
			t.Fatal(st)
		}
		if st, code := errorCode(ann, "POST", "/api/me/password", map[string]any{"old": "wrong-one-123", "password": "green-kettle-41"}); st != http.StatusUnauthorized || code != "bad_login" {
			t.Errorf("a wrong old password: %d %s", st, code)
		}
		if st, code := errorCode(ann, "POST", "/api/me/password", map[string]any{"old": "violet-tables-9", "password": "12345678"}); st != http.StatusBadRequest || code != "weak_password" {
			t.Errorf("a common new password: %d %s", st, code)
		}
		if st := ann.call("POST", "/api/me/password", map[string]any{"old": "violet-tables-9", "password": "green-kettle-41"}, nil); st != http.StatusOK {
			t.Fatalf("change: %d %s", st, ann.received())
		}
		if st := ann.call("GET", "/api/me", nil, nil); st != http.StatusOK {
			t.Errorf("this session after a change: %d", st)
		}
		if st := other.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("another session after a change: %d", st)
		}
		if st := annBot.call("GET", "/api/me", nil, nil); st != http.StatusOK {
			t.Errorf("the API token after a change: %d", st)
		}
		if st := h.browser().call("POST", "/api/login", map[string]any{"name": "Ann", "password": "green-kettle-41"}, nil); st != http.StatusOK {
			t.Errorf("the new password: %d", st)
		}
		if st := ann.call("POST", "/api/me/logout-all", nil, nil); st != http.StatusOK {
			t.Fatalf("logout-all: %d", st)
		}
		if st := ann.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("this session after log out everywhere: %d", st)
		}
		if st := annBot.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("the API token after log out everywhere: %d", st)
		}
	})
}

// TestCloseAccount: closing asks the password; the live game ends as abandoned (Ann loses), the
// game stays under an anonymous name, nothing signs in as Ann, the name stays held; the data is
// taken before.
func TestCloseAccount(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, annBot := signedUp(t, h, "Ann", "violet-tables-9")
		bob := h.member("Bob")
		g := onlineGame(t, annBot, bob, map[string]any{"kind": "reversi"})
		if st := annBot.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": annBot.game(g.ID).View.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d", st)
		}
		if st := annBot.call("POST", "/api/games/"+g.ID+"/chat", map[string]any{"text": "good luck"}, nil); st != http.StatusOK && st != http.StatusCreated {
			t.Fatalf("chat: %d %s", st, annBot.received())
		}
		st, body := ann.raw("GET", "/api/me/export", nil)
		var data struct {
			Account struct{ Name string }
			Games   []struct {
				ID    string
				Texts map[string]string
			}
			Chat []struct{ Game, Text string }
		}
		if err := json.Unmarshal(body, &data); st != http.StatusOK || err != nil || data.Account.Name != "Ann" || len(data.Games) != 1 ||
			!strings.Contains(data.Games[0].Texts["ggf"], "(;GM[Othello]") || len(data.Chat) != 1 || data.Chat[0].Text != "good luck" {
			t.Errorf("the data: %d %v %s", st, err, body)
		}

		if st, code := errorCode(ann, "POST", "/api/me/close", map[string]any{"password": "wrong-one-123"}); st != http.StatusUnauthorized || code != "bad_login" {
			t.Errorf("closing with a wrong password: %d %s", st, code)
		}
		if st := ann.call("POST", "/api/me/close", map[string]any{"password": "violet-tables-9"}, nil); st != http.StatusOK {
			t.Fatalf("close: %d %s", st, ann.received())
		}
		h.settle()
		v := bob.game(g.ID)
		if !v.View.Outcome.Over || v.View.Outcome.Ending != "abandoned" || v.View.Outcome.Winner == nil || *v.View.Outcome.Winner != "second" {
			t.Errorf("the game after Ann closed: %+v", v.View.Outcome)
		}
		if n := v.Seats[0].Player; !strings.HasPrefix(n, "closed-") {
			t.Errorf("Ann's seat: %q", n)
		}
		for _, c := range []*client{ann, annBot} {
			if st := c.call("GET", "/api/me", nil, nil); st != http.StatusUnauthorized {
				t.Errorf("a credential after closing: %d", st)
			}
		}
		if st, code := errorCode(h.browser(), "POST", "/api/login", map[string]any{"name": "Ann", "password": "violet-tables-9"}); code != "bad_login" {
			t.Errorf("log-in after closing: %d %s", st, code)
		}
		if st, code := errorCode(h.browser(), "POST", "/api/signup", map[string]any{"name": "ann", "password": "violet-tables-9"}); code != "name_taken" {
			t.Errorf("the held name: %d %s", st, code)
		}
		h.clock.Advance(91 * 24 * time.Hour)
		if st := h.browser().call("POST", "/api/signup", map[string]any{"name": "Ann", "password": "violet-tables-9"}, nil); st != http.StatusCreated {
			t.Errorf("the name after 91 days: %d", st)
		}
	})
}
