package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	apiclient "turncoat/client"
	"turncoat/store"
)

// TestNotificationsInTheirLanguage: a notice is said in its reader's language: listed
// (Accept-Language, or lang), pushed on a socket opened in Spanish, in English unchanged in its
// words; each says in which language it is.
func TestNotificationsInTheirLanguage(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, bob := h.member("Ann"), h.member("Bob")
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		live, err := (&apiclient.Client{Base: h.ts.URL, Token: bob.token, HTTP: bob.http, Lang: "es"}).Dial(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer live.CloseNow()
		g := onlineGame(t, ann, bob, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "correspondence": map[string]any{"days": 3}})
		if st := ann.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": g.View.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d %s", st, ann.received())
		}
		h.settle()

		type note struct{ Kind, Message, Lang string }
		list := func(c *client, path, accept string) []note {
			st, b := c.raw("GET", path, nil, "Accept-Language", accept)
			var n struct{ Notifications []note }
			if json.Unmarshal(b, &n); st != http.StatusOK {
				t.Fatalf("%s: %d %s", path, st, b)
			}
			return n.Notifications
		}
		said := func(got []note, prefix, lang string) {
			t.Helper()
			if len(got) == 0 || got[0].Kind != "your_move" || !strings.HasPrefix(got[0].Message, prefix) || !strings.HasSuffix(got[0].Message, " UTC.") || got[0].Lang != lang {
				t.Errorf("your move in %s: %+v, want %q…", lang, got, prefix)
			}
		}
		said(list(bob, "/api/notifications", "es-ES,es;q=0.9"), "Te toca contra Ann en ", "es")
		said(list(bob, "/api/notifications?lang=pt", "es"), "É a sua vez contra Ann em ", "pt")
		said(list(bob, "/api/notifications", "en"), "Your move against Ann in ", "en")
		for {
			b, err := live.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var m struct {
				Type         string
				Notification note
			}
			if json.Unmarshal(b, &m); m.Type != "notification" {
				continue
			}
			said([]note{m.Notification}, "Te toca contra Ann en ", "es")
			break
		}
	})
}
