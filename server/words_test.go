package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	apiclient "turncoat/client"
	"turncoat/internal/words"
	"turncoat/store"
)

// TestErrorsInTheirLanguage: the server writes its refusals in the person's language, the
// page's (Accept-Language, or lang) — a move out of turn in Spanish, in Portuguese by lang, in
// English with the service's own sentence; text that is not UTF-8 in Spanish; a socket opened
// in Portuguese gets its errors in Portuguese. Content-Language says which.
func TestErrorsInTheirLanguage(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, bob := h.member("Ann"), h.member("Bob")
		g := onlineGame(t, ann, bob, map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}})
		move := []byte(`{"move":"` + ann.game(g.ID).View.Legal[0] + `"}`)
		say := func(lang, key string) string {
			s, ok := words.Say(lang, key, nil)
			if !ok {
				t.Fatalf("no %s in the catalogue", key)
			}
			return s
		}
		for _, c := range []struct {
			path, accept, lang, want string
		}{
			{"/api/games/" + g.ID + "/move", "es-ES,es;q=0.9", "es", say("es", "code.not_your_turn")},
			{"/api/games/" + g.ID + "/move?lang=pt", "es", "pt", say("pt", "code.not_your_turn")},
			{"/api/games/" + g.ID + "/move", "en-GB", "en", ""},
		} {
			st, b := bob.raw("POST", c.path, move, "Accept-Language", c.accept)
			var e apiError
			if st != http.StatusConflict || json.Unmarshal(b, &e) != nil || e.Error.Code != "not_your_turn" {
				t.Fatalf("%s out of turn: %d %s", c.path, st, b)
			}
			if c.want != "" && e.Error.Message != c.want || c.want == "" && (e.Error.Message == "" || e.Error.Message == say("es", "code.not_your_turn")) {
				t.Errorf("%s in %s: %q, want %q", c.path, c.accept, e.Error.Message, c.want)
			}
		}
		st, b := ann.raw("PUT", "/api/me/email", []byte("{\"email\":\"a\xff@example.org\"}"), "Accept-Language", "es")
		var e apiError
		if json.Unmarshal(b, &e); st != http.StatusBadRequest || e.Error.Message != "El texto no está en UTF-8." {
			t.Errorf("bad UTF-8 in Spanish: %d %s", st, b)
		}
		resp, err := http.Get(h.ts.URL + "/api/mail/unsubscribe?u=999999&k=your_move&t=AAAA&lang=es")
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden || resp.Header.Get("Content-Language") != "es" || e.Error.Message != say("es", "unsubscribe.invalid") {
			t.Errorf("a link not valid, in Spanish: %d %q %q", resp.StatusCode, resp.Header.Get("Content-Language"), e.Error.Message)
		}

		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		live, err := (&apiclient.Client{Base: h.ts.URL, Token: bob.token, HTTP: bob.http, Lang: "pt-BR"}).Dial(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer live.CloseNow()
		if err := live.Write(ctx, []byte(`{"type":"command","id":"1","game":"`+g.ID+`","command":"move","move":"`+ann.game(g.ID).View.Legal[0]+`"}`)); err != nil {
			t.Fatal(err)
		}
		for {
			b, err := live.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var m struct {
				Type  string
				Error struct{ Code, Message string }
			}
			json.Unmarshal(b, &m)
			if m.Type != "error" {
				continue
			}
			if m.Error.Code != "not_your_turn" || m.Error.Message != say("pt", "code.not_your_turn") {
				t.Errorf("a command out of turn on a Portuguese socket: %s", b)
			}
			break
		}
	})
}
