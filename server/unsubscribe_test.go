package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"turncoat/app"
	"turncoat/store"
)

// confirmLinkRE finds the token of an address's confirmation link in a mail.
var confirmLinkRE = regexp.MustCompile(`/confirm-email\?t=([A-Za-z0-9]+)`)

// unsubscribeLink returns the unsubscribe link of the first mail of a kind.
func (m *mailbox) unsubscribeLink(kind string) string {
	for _, ml := range m.sent() {
		if ml.Kind == kind && ml.Unsubscribe != "" {
			return ml.Unsubscribe
		}
	}
	return ""
}

// TestUnsubscribeLinks answers unsubscribe links on both databases: a link naming no user is
// 403 for anyone and stores nothing; a link's GET stores nothing (not even a secret for a user
// who has none); a link stops only its own kind (its token is the kind's: the your-move link
// with k=game_over is refused); and its POST stops that kind.
func TestUnsubscribeLinks(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		const public = "https://turncoat.example.org"
		box := &mailbox{}
		h := newHarness(t, dsn, opts, func(c *app.Config) { c.Mailer, c.PublicURL = box, public })
		anon := h.browser()
		for _, m := range []string{"GET", "POST"} {
			if st, body := anon.raw(m, "/api/mail/unsubscribe?u=999999&k=your_move&t=AAAA", nil); st != http.StatusForbidden {
				t.Errorf("%s of a link naming no user: %d %s", m, st, body)
			}
		}
		ann, bob := h.member("Ann"), h.member("Bob")
		var me struct{ User struct{ ID int64 } }
		bob.call("GET", "/api/me", nil, &me)
		if me.User.ID == 0 {
			t.Fatalf("Bob's id: %s", bob.received())
		}
		ctx := context.Background()
		bobURL := "/api/mail/unsubscribe?u=" + strconv.FormatInt(me.User.ID, 10) + "&k=your_move&t=AAAA"
		for _, m := range []string{"GET", "POST"} {
			if st, _ := anon.raw(m, bobURL, nil); st != http.StatusForbidden {
				t.Errorf("%s of a forged link for a user without a secret: %d", m, st)
			}
		}
		if sec, err := h.st.MailSecret(ctx, me.User.ID); err != nil || sec != "" {
			t.Errorf("a forged link stored a secret for Bob: %q %v", sec, err)
		}

		for _, c := range []*client{ann, bob} {
			if st := c.call("PUT", "/api/me/email", map[string]any{"email": "x@example.org"}, nil); st != http.StatusOK {
				t.Fatalf("address: %d", st)
			}
		}
		// Each confirms the address by the link mailed to it: only then are notices mailed.
		for _, name := range []string{"Ann", "Bob"} {
			token := ""
			for _, ml := range box.sent() {
				if ml.UserName == name {
					if m := confirmLinkRE.FindStringSubmatch(ml.Body); m != nil {
						token = m[1]
					}
				}
			}
			if token == "" {
				t.Fatalf("no confirmation link mailed to %s: %+v", name, box.sent())
			}
			if st := anon.call("POST", "/api/email/confirm", map[string]any{"token": token}, nil); st != http.StatusOK {
				t.Fatalf("%s confirms: %d %s", name, st, anon.received())
			}
		}
		onlineGame(t, ann, bob, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "correspondence": map[string]any{"days": 3}})
		h.settle()
		link := box.unsubscribeLink("your_move")
		if !strings.HasPrefix(link, public+"/api/mail/unsubscribe?") {
			t.Fatalf("no your-move mail with a link: %+v", box.sent())
		}
		u, _ := url.Parse(strings.TrimPrefix(link, public))
		q := u.Query()
		var annMe struct{ User struct{ ID int64 } }
		if ann.call("GET", "/api/me", nil, &annMe); q.Get("u") != strconv.FormatInt(annMe.User.ID, 10) {
			t.Fatalf("the your-move mail went to user %s, not Ann (%d)", q.Get("u"), annMe.User.ID)
		}
		// The your-move link's token does not stop another kind.
		other := url.Values{"u": {q.Get("u")}, "k": {"game_over"}, "t": {q.Get("t")}}
		if st, _ := anon.raw("POST", "/api/mail/unsubscribe?"+other.Encode(), nil); st != http.StatusForbidden {
			t.Errorf("the your-move link's token stopping game-over mails: %d", st)
		}
		if st, _ := anon.raw("GET", "/api/mail/unsubscribe?"+other.Encode(), nil); st != http.StatusForbidden {
			t.Errorf("the your-move link's token asking about game-over mails: %d", st)
		}
		var set struct{ Off []string }
		// GET asks and stores nothing; POST stops the kind.
		if st, body := anon.raw("GET", u.RequestURI(), nil); st != http.StatusOK || !strings.Contains(string(body), `<form method="post"`) {
			t.Fatalf("the unsubscribe page: %d %s", st, body)
		}
		if ann.call("GET", "/api/me/email", nil, &set); len(set.Off) != 0 {
			t.Errorf("a GET unsubscribed: %v", set.Off)
		}
		if st, _ := anon.raw("POST", u.RequestURI(), nil); st != http.StatusOK {
			t.Fatalf("unsubscribing: %d", st)
		}
		if ann.call("GET", "/api/me/email", nil, &set); len(set.Off) != 1 || set.Off[0] != "your_move" {
			t.Errorf("after the POST: %v", set.Off)
		}
	})
}
