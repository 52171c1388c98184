package server_test

import (
	"bytes"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/internal/testenv"
	"turncoat/platform/mail"
	"turncoat/platform/notify"
	"turncoat/store"
)

// readMail is a received mail: its headers (decoded), its parts by media type or content ID.
type readMail struct {
	to, subject, unsubscribe string
	parts                    map[string][]byte
}

func parseMail(t *testing.T, r testenv.Received) readMail {
	t.Helper()
	msg, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	return readMail{to: strings.Join(r.To, ","), subject: msg.Subject, unsubscribe: strings.Trim(msg.Header.Get("List-Unsubscribe"), "<>"), parts: msg.Parts}
}

// mailsTo returns the mails received for an address.
func mailsTo(t *testing.T, srv *testenv.SMTPServer, addr string) []readMail {
	var out []readMail
	for _, r := range srv.Messages() {
		if m := parseMail(t, r); m.to == addr {
			out = append(out, m)
		}
	}
	return out
}

// noticesTo returns the notices' mails received for an address (those with an unsubscribe
// link: an account's own mails have none).
func noticesTo(t *testing.T, srv *testenv.SMTPServer, addr string) []readMail {
	var out []readMail
	for _, m := range mailsTo(t, srv, addr) {
		if m.unsubscribe != "" {
			out = append(out, m)
		}
	}
	return out
}

// TestMailNotices plays a correspondence game between two players who gave their addresses,
// one reading Portuguese, against a real SMTP server (STARTTLS, AUTH) that refuses the first
// mail: the moves go on, the refused mail is sent again by its job; each your-move mail is in
// its player's language with the board inline and the game's link; the unsubscribe link asks on
// GET, stops the kind on POST, and a wrong secret is refused.
func TestMailNotices(t *testing.T) {
	t.Parallel()
	smtpd := testenv.SMTP(t)
	cfg, err := mail.Parse(smtpd.URL + "?from=games@turncoat.example.org")
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLS = smtpd.TLS
	const public = "https://turncoat.example.org"
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{}, func(c *app.Config) {
		c.Mailer, c.PublicURL = notify.SMTPMailer(mail.New(cfg)), public
	})
	ann, bob := h.member("Ann"), h.member("Bob")
	var e apiError
	if st := ann.call("PUT", "/api/me/email", map[string]any{"email": "ann@example.org", "lang": "fr"}, &e); st != http.StatusBadRequest || !strings.Contains(e.Error.Message, "fr") {
		t.Errorf("a language without words: %d %+v", st, e)
	}
	if st := ann.call("PUT", "/api/me/email", map[string]any{"email": "ann@example.org", "lang": "pt"}, nil); st != http.StatusOK {
		t.Fatalf("Ann's address: %d %s", st, ann.received())
	}
	if st := bob.call("PUT", "/api/me/email", map[string]any{"email": "bob@example.org"}, nil); st != http.StatusOK {
		t.Fatalf("Bob's address: %d", st)
	}
	// Both confirm their addresses by the links mailed to them; the mails counted below are the
	// notices'.
	smtpd.Wait(t, 2, 10*time.Second)
	for _, addr := range []string{"ann@example.org", "bob@example.org"} {
		if st := h.browser().call("POST", "/api/email/confirm", map[string]any{"token": linkIn(t, smtpd, addr, "confirm-email")}, nil); st != http.StatusOK {
			t.Fatalf("confirming %s: %d", addr, st)
		}
	}
	const confirmations = 2
	var set struct {
		Email, Lang string
		Off         []string
	}
	if st := ann.call("GET", "/api/me/email", nil, &set); st != http.StatusOK || set.Email != "ann@example.org" || set.Lang != "pt" || set.Off == nil {
		t.Errorf("Ann's mail settings: %d %+v", st, set)
	}
	smtpd.Refuse(1)
	g := onlineGame(t, ann, bob, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "correspondence": map[string]any{"days": 3}})
	// move plays c's first legal move, and works the jobs it stores: the notice to the player
	// to move, and its mail.
	move := func(c *client) {
		t.Helper()
		if st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": c.game(g.ID).View.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d %s", st, c.received())
		}
		h.settle()
	}
	// Ann's your-move mail is refused once, then sent by the job's next attempt, which River
	// schedules a second or so later by the server's clock.
	if n := h.settle(); n < 2 || len(smtpd.Messages()) != confirmations {
		t.Fatalf("the notice's jobs: %d worked, %d mails accepted by a server that refuses", n, len(smtpd.Messages()))
	}
	h.clock.Advance(2 * time.Second)
	h.settle()
	smtpd.Wait(t, confirmations+1, 10*time.Second)
	am := noticesTo(t, smtpd, "ann@example.org")
	if len(am) != 1 {
		t.Fatalf("Ann's mails: %d", len(am))
	}
	m := am[0]
	link := public + "/play/" + g.ID
	if m.subject != "Turncoat: sua vez na partida "+g.ID || !strings.Contains(string(m.parts["text/plain"]), "É a sua vez.") ||
		!strings.Contains(string(m.parts["text/plain"]), link) || !strings.Contains(string(m.parts["text/html"]), `src="cid:board"`) ||
		!strings.Contains(string(m.parts["text/html"]), `href="`+link+`"`) || !strings.HasPrefix(m.unsubscribe, public+"/api/mail/unsubscribe?") {
		t.Errorf("Ann's mail: %q %q\n%s\n%s", m.subject, m.unsubscribe, m.parts["text/plain"], m.parts["text/html"])
	}
	if img, err := png.Decode(bytes.NewReader(m.parts["board"])); err != nil || img.Bounds().Dx() != 480 {
		t.Errorf("the board inline: %v", err)
	}

	move(ann)
	smtpd.Wait(t, confirmations+2, 60*time.Second)
	bm := noticesTo(t, smtpd, "bob@example.org")
	if len(bm) != 1 || bm[0].subject != "Turncoat: your move in game "+g.ID || !strings.Contains(string(bm[0].parts["text/plain"]), "It is your move.") {
		t.Fatalf("Bob's mails: %+v", bm)
	}

	// Bob unsubscribes from your-move mails: GET asks, a wrong secret is refused, POST stops.
	unsub := strings.TrimPrefix(bm[0].unsubscribe, public)
	if st, body := bob.raw("GET", unsub, nil); st != http.StatusOK || !bytes.Contains(body, []byte("<form method=\"post\"")) {
		t.Fatalf("the unsubscribe page: %d %s", st, body)
	}
	if st, _ := h.browser().raw("POST", unsub[:strings.Index(unsub, "&t=")]+"&t=forged", nil); st != http.StatusForbidden {
		t.Errorf("a forged unsubscribe link: %d", st)
	}
	if st, body := h.browser().raw("POST", unsub, nil); st != http.StatusOK || !bytes.Contains(body, []byte("no more mails")) {
		t.Fatalf("unsubscribing: %d %s", st, body)
	}
	move(bob) // Ann's second mail
	smtpd.Wait(t, confirmations+3, 60*time.Second)
	move(ann) // Bob's notice: no mail
	move(bob) // Ann's third mail
	smtpd.Wait(t, confirmations+4, 60*time.Second)
	h.settle() // every mail job has run: one to Bob would be in by now
	if got := len(noticesTo(t, smtpd, "bob@example.org")); got != 1 {
		t.Errorf("Bob got %d mails, unsubscribed after the first", got)
	}
	if got := len(noticesTo(t, smtpd, "ann@example.org")); got != 3 {
		t.Errorf("Ann got %d mails, want 3", got)
	}
	if st := bob.call("GET", "/api/me/email", nil, &set); st != http.StatusOK || len(set.Off) != 1 || set.Off[0] != "your_move" {
		t.Errorf("Bob's mail settings after unsubscribing: %d %+v", st, set)
	}
}
