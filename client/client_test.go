package client_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/app"
	"turncoat/client"
	"turncoat/domain"
	"turncoat/games"
	"turncoat/platform/accounts"
	"turncoat/platform/booksvc"
	"turncoat/store"
)

// serve runs a real server on a real (SQLite) store and returns its URL.
func serve(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "client.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bk, err := booksvc.New(booksvc.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), Book: bk,
		Log: slog.New(slog.DiscardHandler), LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
		srv.Close()
		st.Close()
	})
	return ts.URL
}

// next reads live messages until one of type typ (failing on an error message).
func next(t *testing.T, ctx context.Context, l *client.Live, typ string) api.Message {
	t.Helper()
	for {
		m, err := l.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for %q: %v", typ, err)
		}
		if m.Type == typ {
			return m
		}
		if m.Type == "error" && typ != "error" {
			t.Fatalf("waiting for %q: error %+v", typ, m.Error)
		}
	}
}

// TestClientPlaysAnOnlineGame drives an online game between two guests through the client alone:
// creation, the invitation, a move over the live protocol that the other side sees as an event,
// a move over HTTP, and the typed errors of moves out of turn, on a stale position (with the
// game as it stands), illegal, and of an unknown game; a takeback asked and accepted.
func TestClientPlaysAnOnlineGame(t *testing.T) {
	base := serve(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	black, white := client.New(base, ""), client.New(base, "")
	for _, c := range []*client.Client{black, white} {
		if me, err := c.Guest(ctx); err != nil || c.Token == "" || me.Token != c.Token {
			t.Fatalf("guest: %v (token %q, me %+v)", err, c.Token, me)
		}
	}
	g, err := black.CreateGame(ctx, api.CreateGame{Kind: "reversi", Mode: domain.ModeOnline, Side: "first"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != domain.StatusOpen || !strings.Contains(g.Invite, "seat=") {
		t.Fatalf("a new online game: status %q, invite %q", g.Status, g.Invite)
	}
	token := g.Invite[strings.Index(g.Invite, "seat=")+5:]
	if g, err = white.Join(ctx, g.ID, api.Join{Token: token}); err != nil {
		t.Fatal(err)
	}
	if g.Status != domain.StatusActive || len(g.You) != 1 || g.You[0] != "second" {
		t.Fatalf("joined: status %q, you %v", g.Status, g.You)
	}

	bl, err := black.Dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer bl.CloseNow()
	wl, err := white.Dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer wl.Close()
	for _, l := range []*client.Live{bl, wl} {
		if err := l.Send(ctx, api.ClientMessage{Type: "subscribe", Game: g.ID}); err != nil {
			t.Fatal(err)
		}
		next(t, ctx, l, "subscribed")
	}

	// Black moves over the live protocol: a result for black, the move's event for white.
	if err := bl.Send(ctx, api.ClientMessage{Type: "command", ID: "m1", Game: g.ID, Command: "move", CommandFields: api.Command{Move: "f5"}}); err != nil {
		t.Fatal(err)
	}
	if r := next(t, ctx, bl, "result"); r.ID != "m1" || !r.OK || r.Version < 1 {
		t.Fatalf("the move's result: %+v", r)
	}
	if e := next(t, ctx, wl, "event"); e.Event == nil || e.Game != g.ID || !strings.Contains(e.Event.Move, "f5") {
		t.Fatalf("white's event: %+v", e)
	}

	// Errors come back typed, with the API's code and the HTTP status.
	var ae *client.Error
	_, err = black.Command(ctx, g.ID, "move", api.Command{Move: "d6"})
	if !errors.As(err, &ae) || ae.Code != domain.NotYourTurn || ae.Status != http.StatusConflict {
		t.Fatalf("black out of turn: %v", err)
	}
	stale := 0
	_, err = white.Command(ctx, g.ID, "move", api.Command{Move: "d6", Ply: &stale})
	if !errors.As(err, &ae) || ae.Code != domain.StalePly || ae.View == nil || ae.View.View.Ply != 1 {
		t.Fatalf("white on a stale ply: %v (view %+v)", err, ae)
	}
	_, err = white.Command(ctx, g.ID, "move", api.Command{Move: "a1"})
	if !errors.As(err, &ae) || ae.Code != domain.IllegalMove || ae.Status != http.StatusUnprocessableEntity {
		t.Fatalf("white's illegal move: %v", err)
	}
	if _, err = white.Game(ctx, "nosuchgame"); !errors.As(err, &ae) || ae.Code != domain.NotFound {
		t.Fatalf("an unknown game: %v", err)
	}

	// White moves over HTTP; black sees it live, and both read the same game.
	one := 1
	g, err = white.Command(ctx, g.ID, "move", api.Command{Move: "d6", Ply: &one})
	if err != nil {
		t.Fatal(err)
	}
	if e := next(t, ctx, bl, "event"); e.Event == nil || !strings.Contains(e.Event.Move, "d6") {
		t.Fatalf("black's event: %+v", e)
	}
	bg, err := black.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if bg.View.Ply != 2 || g.View.Ply != 2 || bg.View.Version != g.View.Version {
		t.Fatalf("after two moves: black reads ply %d version %d, white ply %d version %d", bg.View.Ply, bg.View.Version, g.View.Ply, g.View.Version)
	}

	// White asks to take its move back; black accepts ("answer" is the takeback's answer).
	if g, err = white.Command(ctx, g.ID, "takeback", api.Command{}); err != nil || g.View.Ply != 2 {
		t.Fatalf("white's takeback request: %v (ply %d)", err, g.View.Ply)
	}
	if g, err = black.Command(ctx, g.ID, "answer", api.Command{Accept: true}); err != nil || g.View.Ply != 1 {
		t.Fatalf("black accepts the takeback: %v (ply %d)", err, g.View.Ply)
	}

	// Raw answers whatever the status, for callers that read answers themselves.
	st, body, err := black.Raw(ctx, "GET", "/api/games/nosuchgame", "", nil)
	if err != nil || st != http.StatusNotFound || !strings.Contains(string(body), `"not_found"`) {
		t.Fatalf("raw 404: %d %s %v", st, body, err)
	}
}

// TestAnswerError reads the API's error object, and anything else as a plain error.
func TestAnswerError(t *testing.T) {
	var ae *client.Error
	err := client.AnswerError(409, []byte(`{"error":{"code":"stale_ply","message":"the game has moved on"}}`))
	if !errors.As(err, &ae) || ae.Code != domain.StalePly || ae.Status != 409 || ae.Message != "the game has moved on" {
		t.Fatalf("an API error: %#v", err)
	}
	err = client.AnswerError(502, []byte("bad gateway\n"))
	if errors.As(err, &ae) || err.Error() != "HTTP 502: bad gateway" {
		t.Fatalf("a proxy's error: %#v", err)
	}
}

// FuzzAnswerError: any answer body gives an error (never nil, never a panic), typed exactly
// when the body holds an error code.
func FuzzAnswerError(f *testing.F) {
	f.Add(409, []byte(`{"error":{"code":"stale_ply","message":"m","view":{"id":"x"}}}`))
	f.Add(500, []byte(`{"error":{"code":""}}`))
	f.Add(404, []byte(`not json`))
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		err := client.AnswerError(status, body)
		if err == nil {
			t.Fatal("no error")
		}
		var ae *client.Error
		if errors.As(err, &ae) && (ae.Code == "" || ae.Status != status) {
			t.Fatalf("typed error without a code or with another status: %#v", ae)
		}
		_ = err.Error()
	})
}
