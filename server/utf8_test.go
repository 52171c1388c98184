package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"turncoat/store"
)

// TestBadUTF8InBodies sends JSON bodies and WebSocket messages whose strings are not UTF-8 (a
// raw byte that starts no character, a lone surrogate escaped): each is refused with 400
// bad_request (on the socket: an error message, the connection kept) and stores nothing, where
// they used to be taken with replacement characters.
func TestBadUTF8InBodies(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann := h.member("Ann")
		for _, body := range []string{
			"{\"email\":\"a\xff@example.org\"}",
			`{"email":"a\ud800@example.org"}`,
			`{"email":"a\udc00\ud800@example.org"}`,
			"{\"email\":\"a@example.org\",\"lang\":\"p\xc3\"}",
		} {
			st, b := ann.raw("PUT", "/api/me/email", []byte(body))
			var e apiError
			if st != http.StatusBadRequest || json.Unmarshal(b, &e) != nil || e.Error.Code != "bad_request" {
				t.Errorf("PUT /api/me/email %q: %d %s, want 400 bad_request", body, st, b)
			}
		}
		var set struct{ Email string }
		if ann.call("GET", "/api/me/email", nil, &set); set.Email != "" {
			t.Errorf("a refused address was stored: %q", set.Email)
		}
		// A pair of surrogates escaped is one character, and welcome.
		if st := ann.call("PUT", "/api/me/email", nil, nil); st != http.StatusOK {
			t.Errorf("an empty body: %d", st)
		}
		if st, b := ann.raw("POST", "/api/tokens", []byte(`{"name":"bot \ud83d\ude00"}`)); st != http.StatusCreated {
			t.Errorf("a token named with an escaped pair of surrogates: %d %s", st, b)
		}
		if st, b := ann.raw("POST", "/api/tokens", []byte("{\"name\":\"bot\xed\xa0\x80\"}")); st != http.StatusBadRequest {
			t.Errorf("a token named with a surrogate's bytes: %d %s", st, b)
		}

		w := ann.dial()
		for _, frame := range []string{"{\"type\":\"ping\",\"id\":\"\xff\"}", `{"type":"ping","id":"\udfff"}`} {
			if err := w.live.Write(context.Background(), []byte(frame)); err != nil {
				t.Fatal(err)
			}
			m := w.next(func(m map[string]any) bool { return m["type"] == "error" || m["type"] == "pong" })
			if e, _ := m["error"].(map[string]any); m["type"] != "error" || e["code"] != "bad_request" {
				t.Errorf("the frame %q: %v, want an error bad_request", frame, m)
			}
		}
		w.send(map[string]any{"type": "ping", "id": "ok"})
		if m := w.next(ofType("pong")); m["id"] != "ok" {
			t.Errorf("the socket after the refusals: %v", m)
		}
	})
}
