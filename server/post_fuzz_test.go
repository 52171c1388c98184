package server_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/domain"
	"turncoat/games"
	"turncoat/platform/accounts"
	"turncoat/store"
	"turncoat/tournament"
)

// FuzzTournamentPost sends arbitrary bodies, as JSON, as forum text and with other content
// types, to the post endpoint of a tournament in its first round, for the player whose post is
// due: the server never fails (no 5xx, always a JSON answer), and a refused post stores nothing.
// The function keeps a server between inputs, so minimizing takes long: run it with
// -fuzzminimizetime=1x.
func FuzzTournamentPost(f *testing.F) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(f.TempDir(), "fuzz.db"), store.Options{})
	if err != nil {
		f.Fatal(err)
	}
	var offset atomic.Int64
	srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1,
		Now: func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	h := srv.Handler()
	tokens := map[string]string{}
	for _, name := range []string{"Host", "Ann", "Bob"} {
		u, err := st.CreateUser(ctx, name, "", false, time.Now())
		if err != nil {
			f.Fatal(err)
		}
		tok := rand.Text()
		if err := st.CreateSession(ctx, domain.HashToken(tok), u.ID, time.Now().Add(365*24*time.Hour), time.Now()); err != nil {
			f.Fatal(err)
		}
		tokens[name] = tok
	}
	call := func(who, method, path, ctype string, body []byte) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tokens[who])
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	w := call("Host", "POST", "/api/tournaments", "application/json", []byte(`{"options": "size=6"}`))
	var tj struct{ ID string }
	if err := json.Unmarshal(w.Body.Bytes(), &tj); err != nil || w.Code != http.StatusCreated {
		f.Fatalf("create: %d %s", w.Code, w.Body)
	}
	base := "/api/tournaments/" + tj.ID
	for _, p := range []string{"Ann", "Bob"} {
		if w := call(p, "POST", base+"/subscribe", "", nil); w.Code != http.StatusOK {
			f.Fatalf("subscribe: %d %s", w.Code, w.Body)
		}
	}
	offset.Store(int64(25 * time.Hour))
	if w := call("Host", "POST", base+"/advance", "", nil); w.Code != http.StatusOK {
		f.Fatalf("advance: %d %s", w.Code, w.Body)
	}
	var b tournament.BoardInfo
	json.Unmarshal(call("Host", "GET", base+"/boards/1", "", nil).Body.Bytes(), &b)
	red := b.Seats[0].Player
	if red == "" {
		f.Fatalf("board 1: %+v", b)
	}

	for _, seed := range []struct {
		ctype byte
		body  string
	}{
		{1, "Board #1\nD 3"}, {1, "board 1: c4"}, {1, "Peacock wrote:\nBoard #1\nPass - no moves available"}, {1, ""}, {1, "\xff\xfe"},
		{0, `{"board": 1, "move": "c4"}`}, {0, `{"text": "Board #1\nE 3"}`}, {0, `{"board": -1, "move": "c4"}`}, {0, `{"board": 1}`},
		{0, `{"board": 1, "move": "c4", "text": "x"}`}, {0, `{"round": 5, "board": 1, "move": "c4"}`}, {0, `{"board": 1e99}`},
		{0, `[]`}, {0, `{"board": 1, "move": "c4"}{}`}, {0, `{"extra": 1}`}, {2, "Board #1\nD 3"}, {3, strings.Repeat("x", 5000)},
	} {
		f.Add(seed.ctype, seed.body)
	}
	ctypes := []string{"application/json", "text/plain; charset=utf-8", "", "application/x-www-form-urlencoded"}
	f.Fuzz(func(t *testing.T, ctype byte, body string) {
		before, err := st.TournamentVersion(ctx, tj.ID)
		if err != nil {
			t.Fatal(err)
		}
		w := call(red, "POST", base+"/posts", ctypes[int(ctype)%len(ctypes)], []byte(body))
		if w.Code >= 500 {
			t.Fatalf("%q: %d %s", body, w.Code, w.Body)
		}
		var answer map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil {
			t.Fatalf("%q: the answer is not JSON: %s", body, w.Body)
		}
		after, _ := st.TournamentVersion(ctx, tj.ID)
		if w.Code != http.StatusOK {
			if e, _ := answer["error"].(map[string]any); e == nil || e["code"] == "" || e["message"] == "" {
				t.Fatalf("%q: a refusal without a code and a message: %s", body, w.Body)
			}
			if after != before {
				t.Fatalf("%q: refused (%d) but the tournament moved from version %d to %d", body, w.Code, before, after)
			}
		} else if after <= before {
			t.Fatalf("%q: taken but nothing stored", body)
		}
	})
}
