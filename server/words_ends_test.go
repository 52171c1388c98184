package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	apiclient "turncoat/client"
	"turncoat/store"
)

// TestEndInTheirLanguage: a game's end is said in the reader's language: the answer to the
// command that ended it (Accept-Language), a game read with lang, and the live end on each
// socket in its own language (the same update, encoded once per language).
func TestEndInTheirLanguage(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, bob := h.member("Ann"), h.member("Bob")
		g := onlineGame(t, ann, bob, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}})
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		type outcome struct {
			Over bool
			Text string
		}
		type msg struct {
			Type  string
			Event struct{ Outcome *outcome }
			View  *struct{ View struct{ Outcome outcome } }
		}
		dial := func(c *client, lang string) *apiclient.Live {
			live, err := (&apiclient.Client{Base: h.ts.URL, Token: c.token, HTTP: c.http, Lang: lang}).Dial(ctx)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { live.CloseNow() })
			if err := live.Write(ctx, []byte(`{"type":"subscribe","game":"`+g.ID+`","views":true}`)); err != nil {
				t.Fatal(err)
			}
			for {
				b, err := live.Read(ctx)
				if err != nil {
					t.Fatal(err)
				}
				var m msg
				if json.Unmarshal(b, &m); m.Type == "subscribed" {
					return live
				}
			}
		}
		es, en := dial(bob, "es-ES,es;q=0.9"), dial(ann, "en")

		st, b := ann.raw("POST", "/api/games/"+g.ID+"/resign", nil, "Accept-Language", "es")
		var v struct{ View struct{ Outcome outcome } }
		if json.Unmarshal(b, &v); st != http.StatusOK || v.View.Outcome.Text != "Negras abandonó: victoria de Blancas." {
			t.Errorf("the resignation's answer in Spanish: %d %q", st, v.View.Outcome.Text)
		}
		for _, c := range []struct {
			live *apiclient.Live
			want string
		}{{es, "Negras abandonó: victoria de Blancas."}, {en, "Black resigned: White wins."}} {
			for {
				b, err := c.live.Read(ctx)
				if err != nil {
					t.Fatal(err)
				}
				var m msg
				json.Unmarshal(b, &m)
				if m.Type != "event" || m.Event.Outcome == nil {
					continue
				}
				if m.Event.Outcome.Text != c.want || m.View == nil || m.View.View.Outcome.Text != c.want {
					t.Errorf("the live end: %s, want %q", b, c.want)
				}
				break
			}
		}
		st, b = bob.raw("GET", "/api/games/"+g.ID+"?lang=pt", nil, "Accept-Language", "es")
		if json.Unmarshal(b, &v); st != http.StatusOK || v.View.Outcome.Text != "Pretas desistiu: vitória de Brancas." {
			t.Errorf("the game in Portuguese: %d %q", st, v.View.Outcome.Text)
		}
	})
}
