package server_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"turncoat/app"
	"turncoat/domain"
	"turncoat/games"
	"turncoat/platform/accounts"
	"turncoat/store"
)

// The fuzz targets drive every request body parser through the real handler, on one server
// and one SQLite store per fuzz run (reused across inputs), and check what every answer must
// be: never a 5xx; on a 4xx, a JSON error object with a code and a message; and a refused
// request changes nothing stored. Their seed corpora are small, so "go test" runs them fast;
// "go test -fuzz=FuzzCreateBody ./server/" searches.

// fuzzServer is the server of one fuzz run.
type fuzzServer struct {
	tb    testing.TB
	st    *store.Store
	db    *sql.DB // a reader of the same SQLite file, for fingerprints of what is stored
	ts    *httptest.Server
	http  *http.Client
	token string // a guest's bearer token
}

func newFuzzServer(tb testing.TB) *fuzzServer {
	ctx := context.Background()
	path := filepath.Join(tb.TempDir(), "fuzz.db")
	st, err := store.Open(ctx, path, store.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), MaxThink: 50 * time.Millisecond,
		AIWorkers: 1, LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1})
	if err != nil {
		tb.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		tb.Fatal(err)
	}
	fs := &fuzzServer{tb: tb, st: st, db: db, ts: httptest.NewServer(srv.Handler()), http: &http.Client{Timeout: time.Minute}}
	tb.Cleanup(func() {
		fs.ts.CloseClientConnections()
		fs.ts.Close()
		srv.Close()
		db.Close()
		st.Close()
	})
	fs.token = fs.guest()
	return fs
}

// guest returns a new guest's bearer token.
func (fs *fuzzServer) guest() string {
	var out struct{ Token string }
	st, b := fs.do("POST", "/api/guest", "", nil)
	if st != http.StatusCreated || json.Unmarshal(b, &out) != nil || out.Token == "" {
		fs.tb.Fatalf("guest: %d %s", st, b)
	}
	return out.Token
}

// do sends a request with a bearer token (none when token is "") and returns the status and
// body.
func (fs *fuzzServer) do(method, path, token string, body []byte) (int, []byte) {
	req, err := http.NewRequest(method, fs.ts.URL+path, bytes.NewReader(body))
	if err != nil {
		fs.tb.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := fs.http.Do(req)
	if err != nil {
		fs.tb.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// create makes a game for the fuzz guest and returns its id and invitation.
func (fs *fuzzServer) create(req string) (id, invite string) {
	var g struct{ ID, Invite string }
	st, b := fs.do("POST", "/api/games", fs.token, []byte(req))
	if st != http.StatusCreated || json.Unmarshal(b, &g) != nil {
		fs.tb.Fatalf("create %s: %d %s", req, st, b)
	}
	return g.ID, g.Invite
}

// mustDo sends a request that must succeed.
func (fs *fuzzServer) mustDo(method, path, token, body string) {
	if st, b := fs.do(method, path, token, []byte(body)); st >= 300 {
		fs.tb.Fatalf("%s %s %s: %d %s", method, path, body, st, b)
	}
}

// checkAnswer checks a status and body: no 5xx, and a 4xx is the API's error object.
func checkAnswer(t *testing.T, what string, status int, body []byte) {
	t.Helper()
	if status >= 500 {
		t.Fatalf("%s: status %d: %s", what, status, body)
	}
	if status < 400 {
		return
	}
	var e struct {
		Error *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error == nil || e.Error.Code == "" || e.Error.Message == "" {
		t.Fatalf("%s: status %d without the API's error object: %s", what, status, body)
	}
}

// countsSQL fingerprints what exists: accounts, sessions, tokens, games and seats (none of
// which the background work of AI seats and clocks changes).
const countsSQL = `SELECT (SELECT COUNT(*) FROM users), (SELECT COALESCE(SUM(LENGTH(name) + LENGTH(COALESCE(pass_hash, '')) + guest), 0) FROM users),
	(SELECT COUNT(*) FROM sessions), (SELECT COUNT(*) FROM api_tokens), (SELECT COUNT(*) FROM games),
	(SELECT COUNT(*) FROM seats), (SELECT COUNT(*) FROM seats WHERE user_id IS NOT NULL)`

// stateSQL fingerprints the games' state: versions, statuses, moves, pending selections,
// events.
const stateSQL = `SELECT (SELECT COALESCE(SUM(version), 0) FROM games), (SELECT COALESCE(SUM(ply), 0) FROM games),
	(SELECT COALESCE(SUM(LENGTH(meta) + LENGTH(status)), 0) FROM games), (SELECT COUNT(*) FROM moves),
	(SELECT COUNT(*) FROM pending), (SELECT COALESCE(SUM(LENGTH(selection) + LENGTH(nonce)), 0) FROM pending),
	(SELECT COUNT(*) FROM events)`

func (fs *fuzzServer) fingerprint(query string) string {
	rows, err := fs.db.Query(query)
	if err != nil {
		fs.tb.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if !rows.Next() {
		fs.tb.Fatal("no fingerprint row")
	}
	if err := rows.Scan(ptrs...); err != nil {
		fs.tb.Fatal(err)
	}
	return fmt.Sprint(vals...)
}

// stored returns everything stored of a game: its row and its table's snapshot.
func (fs *fuzzServer) stored(id string) string {
	row, snap, err := fs.st.LoadSnapshot(context.Background(), id)
	if err != nil {
		fs.tb.Fatal(err)
	}
	b, _ := json.Marshal([]any{row, snap})
	return string(b)
}

// over reports whether a game has ended.
func (fs *fuzzServer) over(id string) bool {
	row, err := fs.st.Game(context.Background(), id)
	if err != nil {
		fs.tb.Fatal(err)
	}
	return row.Status == domain.StatusOver
}

func FuzzCreateBody(f *testing.F) {
	for _, s := range []string{
		``,
		`{"kind":"reversi","mode":"hotseat"}`,
		`{"kind":"reversi","mode":"ai","level":3,"side":"second","options":{"size":"6","start":"parallel"}}`,
		`{"kind":"turncoat","mode":"online","open":true,"options":{"size":"4","seed":"7"},"time":{"kind":"fischer","baseMs":60000,"incrementMs":2000}}`,
		`{"kind":"turnover","mode":"ai","engine":"turnover-ab:depth=2"}`,
		`{"kind":"blocs","mode":"online","side":"random","rated":true,"time":{"kind":"correspondence","baseMs":86400000}}`,
		`{"kind":"troll","mode":"hotseat","options":{"rules":"x"}}`,
		`{"kind":"reversi","mode":"ai","engine":"nboard:cmd=/bin/sh"}`,
		`{"kind":"chess"}`,
		`{"kind":"reversi","mode":"hotseat","time":{"kind":"fischer","baseMs":-1}}`,
		`{"kind":"reversi","mode":"hotseat","extra":1}`,
		`{"kind":"reversi","mode":"ai","side":"second","position":"size=4,start=diagonal,first=black,nomove=pass ----/XXX-/-XO-/---- O","options":{"size":"4"}}`,
		`{"kind":"reversi","mode":"hotseat","position":"---------------------------XO------OX--------------------------- X"}`,
		`{"kind":"reversi","mode":"online","position":"x"}`,
		`{"kind":"turnover","mode":"ai","position":"8/8/8/8/8/8/8/8 w"}`,
		`{"kind":"blocs","mode":"hotseat","position":""}`,
		`[1,2]`,
		`{"kind":"reversi"} {}`,
	} {
		f.Add([]byte(s))
	}
	fs := newFuzzServer(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		before := fs.fingerprint(countsSQL)
		st, b := fs.do("POST", "/api/games", fs.token, body)
		checkAnswer(t, "POST /api/games "+string(body), st, b)
		if st >= 400 {
			if after := fs.fingerprint(countsSQL); after != before {
				t.Fatalf("a refused create (%d %s) changed what is stored: %s -> %s", st, b, before, after)
			}
			return
		}
		var g struct{ ID string }
		if st != http.StatusCreated || json.Unmarshal(b, &g) != nil || g.ID == "" {
			t.Fatalf("create: %d %s", st, b)
		}
	})
}

// commandPaths are the command endpoints, all with the same body.
var commandPaths = []string{"move", "withdraw", "resign", "draw", "decline", "claim", "abort", "takeback", "takeback/answer"}

// fuzzGames are the games the command targets play in: a hot-seat Reversi game two moves in, a
// hot-seat Turncoat game with First's selection pending, and an online Reversi game against
// another player, each replaced by a fresh one when a command ends it.
type fuzzGames struct {
	fs  *fuzzServer
	ids [3]string
}

func newFuzzGames(fs *fuzzServer) *fuzzGames {
	g := &fuzzGames{fs: fs}
	for i := range g.ids {
		g.refresh(i)
	}
	return g
}

func (g *fuzzGames) refresh(i int) {
	fs := g.fs
	switch i {
	case 0:
		id, _ := fs.create(`{"kind":"reversi","mode":"hotseat","options":{"size":"6"}}`)
		fs.mustDo("POST", "/api/games/"+id+"/move", fs.token, `{"move":"c2"}`)
		fs.mustDo("POST", "/api/games/"+id+"/move", fs.token, `{"move":"b2"}`)
		g.ids[i] = id
	case 1:
		id, _ := fs.create(`{"kind":"turncoat","mode":"hotseat","options":{"size":"4","seed":"3"}}`)
		fs.mustDo("POST", "/api/games/"+id+"/move", fs.token, `{"move":"b2","side":"first"}`)
		g.ids[i] = id
	case 2:
		id, invite := fs.create(`{"kind":"reversi","mode":"online","side":"first"}`)
		token := strings.SplitN(invite, "seat=", 2)[1]
		fs.mustDo("POST", "/api/games/"+id+"/join", fs.guest(), `{"token":"`+token+`"}`)
		fs.mustDo("POST", "/api/games/"+id+"/move", fs.token, `{"move":"f5"}`)
		g.ids[i] = id
	}
}

// live returns game i, replaced first if it has ended.
func (g *fuzzGames) live(i int) string {
	if g.fs.over(g.ids[i]) {
		g.refresh(i)
	}
	return g.ids[i]
}

func FuzzCommandBody(f *testing.F) {
	for _, s := range []struct {
		cmd, game uint8
		body      string
	}{
		{0, 0, `{"move":"b1"}`},
		{0, 0, `{"move":"a1","side":"second","ply":2}`},
		{0, 1, `{"move":"c3","side":"second","ply":0}`},
		{0, 1, `{"move":"zz9","side":"first"}`},
		{0, 2, `{"move":"d6"}`},
		{1, 1, `{"side":"first"}`},
		{2, 2, ``},
		{3, 2, `{}`},
		{4, 0, `{"side":"first"}`},
		{5, 0, `{"side":"third"}`},
		{6, 2, `{"ply":-1}`},
		{7, 0, `{"moves":2}`},
		{7, 2, `{"moves":1}`},
		{8, 2, `{"accept":true}`},
		{0, 0, `{"move":"b1","extra":true}`},
		{0, 0, `{"move":`},
	} {
		f.Add(s.cmd, s.game, []byte(s.body))
	}
	fs := newFuzzServer(f)
	gs := newFuzzGames(fs)
	f.Fuzz(func(t *testing.T, cmd, which uint8, body []byte) {
		id := gs.live(int(which) % len(gs.ids))
		before, beforeAll := fs.stored(id), fs.fingerprint(stateSQL)
		path := "/api/games/" + id + "/" + commandPaths[int(cmd)%len(commandPaths)]
		st, b := fs.do("POST", path, fs.token, body)
		checkAnswer(t, "POST "+path+" "+string(body), st, b)
		if st >= 400 {
			if after := fs.stored(id); after != before {
				t.Fatalf("a refused command (%d %s) changed the game:\n%s\n%s", st, b, before, after)
			}
			if after := fs.fingerprint(stateSQL); after != beforeAll {
				t.Fatalf("a refused command (%d %s) changed what is stored: %s -> %s", st, b, beforeAll, after)
			}
		}
	})
}

func FuzzImportBody(f *testing.F) {
	for _, s := range []string{
		`{"kind":"reversi","text":"f5 d6 c3 d3 c4"}`,
		`{"text":"(;GM[Othello]PC[x]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)"}`,
		`{"kind":"reversi","format":"moves","text":"f5f5"}`,
		`{"kind":"reversi","options":{"size":"6"},"text":"c2 b2"}`,
		`{"kind":"turncoat","text":"size 4\nseed 7\n1. b2 c3\n"}`,
		`{"kind":"blocs","text":"1. a1 b2"}`,
		`{"kind":"turnover","format":"text","text":"1. e4"}`,
		`{"kind":"troll","format":"ggf","text":"(;"}`,
		`{"kind":"nosuch","text":""}`,
		`{"text":""}`,
	} {
		f.Add([]byte(s))
	}
	fs := newFuzzServer(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		before := fs.fingerprint(countsSQL) + fs.fingerprint(stateSQL)
		st, b := fs.do("POST", "/api/import", fs.token, body)
		checkAnswer(t, "POST /api/import "+string(body), st, b)
		if st >= 400 {
			if after := fs.fingerprint(countsSQL) + fs.fingerprint(stateSQL); after != before {
				t.Fatalf("a refused import (%d %s) changed what is stored: %s -> %s", st, b, before, after)
			}
		}
	})
}

// FuzzAccountBody fuzzes the bodies of sign-up and log-in (anonymous), API tokens (a
// registered user) and joining a game (a guest, at a game by invitation and an open
// challenge).
func FuzzAccountBody(f *testing.F) {
	for _, s := range []struct {
		endpoint uint8
		body     string
	}{
		{0, `{"name":"ann","password":"correct horse"}`},
		{0, `{"name":"guest-1","password":"correct horse"}`},
		{0, `{"name":"a","password":"x"}`},
		{0, `{"name":"  Zoë.2 ","password":"correct horse"}`},
		{1, `{"name":"fuzz","password":"correct horse"}`},
		{1, `{"name":"fuzz","password":"wrong password"}`},
		{1, `{"name":"","password":""}`},
		{2, `{"name":"my bot"}`},
		{2, `{}`},
		{3, `{"token":"forged"}`},
		{4, ``},
		{1, `{"name":1}`},
	} {
		f.Add(s.endpoint, []byte(s.body))
	}
	fs := newFuzzServer(f)
	st, b := fs.do("POST", "/api/signup", "", []byte(`{"name":"fuzz","password":"correct horse"}`))
	if st != http.StatusCreated {
		f.Fatalf("sign-up: %d %s", st, b)
	}
	var user struct{ Token string }
	if st, b := fs.do("POST", "/api/login", "", []byte(`{"name":"fuzz","password":"correct horse"}`)); st != http.StatusOK {
		f.Fatalf("log-in: %d %s", st, b)
	}
	// The registered user's bearer token, for /api/tokens.
	if st, b := fs.do("POST", "/api/tokens", fs.loginToken("fuzz", "correct horse"), []byte(`{"name":"setup"}`)); st != http.StatusCreated || json.Unmarshal(b, &user) != nil {
		f.Fatalf("token: %d %s", st, b)
	}
	invited, _ := fs.create(`{"kind":"reversi","mode":"online","side":"first"}`)
	f.Fuzz(func(t *testing.T, endpoint uint8, body []byte) {
		var method, path, token string
		switch endpoint % 5 {
		case 0:
			method, path = "POST", "/api/signup"
		case 1:
			method, path = "POST", "/api/login"
		case 2:
			method, path, token = "POST", "/api/tokens", user.Token
		case 3:
			method, path, token = "POST", "/api/games/"+invited+"/join", fs.token
		case 4:
			// An open challenge: anyone may take the seat, so a join that is not refused
			// changes the game; a fresh challenge each time.
			id, _ := fs.create(`{"kind":"blocs","mode":"online","open":true}`)
			method, path, token = "POST", "/api/games/"+id+"/join", fs.guest()
		}
		before := fs.fingerprint(countsSQL) + fs.fingerprint(stateSQL)
		st, b := fs.do(method, path, token, body)
		checkAnswer(t, method+" "+path+" "+string(body), st, b)
		if st >= 400 {
			if after := fs.fingerprint(countsSQL) + fs.fingerprint(stateSQL); after != before {
				t.Fatalf("a refused %s (%d %s) changed what is stored: %s -> %s", path, st, b, before, after)
			}
		}
	})
}

// loginToken logs in and returns the session's token from its cookie (a session token is also
// a bearer token).
func (fs *fuzzServer) loginToken(name, password string) string {
	body, _ := json.Marshal(map[string]string{"name": name, "password": password})
	resp, err := fs.http.Post(fs.ts.URL+"/api/login", "application/json", bytes.NewReader(body))
	if err != nil {
		fs.tb.Fatal(err)
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == "turncoat_session" {
			return c.Value
		}
	}
	fs.tb.Fatalf("log-in %s: %d, no session cookie", name, resp.StatusCode)
	return ""
}

// FuzzWebSocketMessage sends each input as a client message on one signed-in WebSocket ("$G1"
// and "$G2" stand for a hot-seat Reversi game and a hot-seat Turncoat game with a pending
// selection). Every answer must be a message, never a dropped connection; an error message
// carries a code and a message, never an internal error; and unless a command was accepted,
// nothing stored changes.
func FuzzWebSocketMessage(f *testing.F) {
	for _, s := range []string{
		`{"type":"ping","id":"x"}`,
		`{"type":"subscribe","game":"$G1","after":0,"views":true}`,
		`{"type":"subscribe","game":"$G2","after":-3}`,
		`{"type":"unsubscribe","game":"$G1"}`,
		`{"type":"lobby"}`,
		`{"type":"command","id":"c","game":"$G1","command":"move","move":"b1","ply":2}`,
		`{"type":"command","game":"$G1","command":"takeback","moves":1}`,
		`{"type":"command","game":"$G2","command":"move","move":"a1","side":"second"}`,
		`{"type":"command","game":"$G2","command":"withdraw","side":"first"}`,
		`{"type":"command","game":"$G1","command":"tick"}`,
		`{"type":"command","game":"$G1","command":"adjudicate"}`,
		`{"type":"subscribe","game":"nosuch"}`,
		`{"type":"dance"}`,
		`{"type":"command","id":7}`,
		`{not json`,
		`null`,
	} {
		f.Add([]byte(s))
	}
	fs := newFuzzServer(f)
	gs := newFuzzGames(fs)
	ctx := context.Background()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(fs.ts.URL, "http")+"/api/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + fs.token}}})
	if err != nil {
		f.Fatal(err)
	}
	conn.SetReadLimit(64 << 20)
	f.Cleanup(func() { conn.CloseNow() })
	var seq int
	f.Fuzz(func(t *testing.T, msg []byte) {
		if len(msg) > 32<<10 {
			return // over the server's message limit, which ends the connection by design
		}
		g1, g2 := gs.live(0), gs.live(1)
		msg = bytes.ReplaceAll(bytes.ReplaceAll(msg, []byte("$G1"), []byte(g1)), []byte("$G2"), []byte(g2))
		before := fs.stored(g1) + fs.stored(g2) + fs.fingerprint(countsSQL) + fs.fingerprint(stateSQL)
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		seq++
		sync := fmt.Sprintf("sync-%d", seq)
		if err := conn.Write(wctx, websocket.MessageText, msg); err != nil {
			t.Fatalf("writing %q: %v", msg, err)
		}
		if err := conn.Write(wctx, websocket.MessageText, []byte(`{"type":"ping","id":"`+sync+`"}`)); err != nil {
			t.Fatalf("after %q: %v", msg, err)
		}
		accepted := false
		for {
			_, b, err := conn.Read(wctx)
			if err != nil {
				t.Fatalf("after %q the connection ended: %v", msg, err)
			}
			var m struct {
				Type  string `json:"type"`
				ID    string `json:"id"`
				OK    bool   `json:"ok"`
				Error *struct {
					Code    string `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("after %q: a message that is not JSON: %s", msg, b)
			}
			switch m.Type {
			case "error":
				if m.Error == nil || m.Error.Code == "" || m.Error.Message == "" || m.Error.Code == "internal" || m.Error.Code == "unavailable" {
					t.Fatalf("after %q: error message %s", msg, b)
				}
			case "result":
				accepted = accepted || m.OK
			}
			if m.Type == "pong" && m.ID == sync {
				break
			}
		}
		if !accepted {
			if after := fs.stored(g1) + fs.stored(g2) + fs.fingerprint(countsSQL) + fs.fingerprint(stateSQL); after != before {
				t.Fatalf("a refused message %q changed what is stored:\n%s\n%s", msg, before, after)
			}
		}
	})
}
