package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"turncoat/app"
	"turncoat/client"
	"turncoat/game"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/platform/accounts"
	"turncoat/store"
)

// These tests run the real server: the built binary (killed and restarted on the same
// database, or stopped with SIGTERM), and the documented curl bot against an in-process one.
// Their timeouts are generous: only a real hang reaches them.

// serverProcess is a running "turncoat serve".
type serverProcess struct {
	t    *testing.T
	cmd  *exec.Cmd
	url  string
	logs *testenv.Buffer
	done chan struct{}
	err  error // the exit status, once done is closed
}

var servingURL = regexp.MustCompile(`msg=serving url=(https?://\S+)`)

// startServer runs the binary on a free port and the given database, and waits for the log
// line that gives its URL.
func startServer(t *testing.T, db string, flags ...string) *serverProcess {
	t.Helper()
	return startServerEnv(t, db, nil, flags...)
}

// startServerEnv is startServer with variables added to the process's environment.
func startServerEnv(t *testing.T, db string, env []string, flags ...string) *serverProcess {
	t.Helper()
	cmd := exec.Command(builtBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, flags...)...)
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serverProcess{t: t, cmd: cmd, logs: &testenv.Buffer{}, done: make(chan struct{})}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.logs.Write([]byte(line + "\n"))
			if m := servingURL.FindStringSubmatch(line); m != nil {
				select {
				case urls <- m[1]:
				default:
				}
			}
		}
		p.err = cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			cmd.Process.Kill()
			<-p.done
		}
	})
	select {
	case p.url = <-urls:
	case <-p.done:
		t.Fatalf("the server exited before serving: %v\n%s", p.err, p.logs.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("the server did not start within 60 s:\n%s", p.logs.String())
	}
	return p
}

// kill ends the process with SIGKILL: no shutdown, no flush.
func (p *serverProcess) kill() {
	p.t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		p.t.Fatal(err)
	}
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		p.t.Fatal("the killed server did not exit")
	}
}

// apiClient calls the API with a bearer token.
type apiClient struct {
	t     *testing.T
	base  string
	token string
	// http, when set, is the client's (a cookie jar's).
	http *http.Client
}

func newGuest(t *testing.T, base string) *apiClient {
	t.Helper()
	api := client.New(base, "")
	me, err := api.Guest(context.Background())
	if err != nil || me.Token == "" {
		t.Fatalf("guest: %v %+v", err, me)
	}
	return &apiClient{t: t, base: base, token: me.Token}
}

// at returns the same player talking to another server (the restarted one).
func (c *apiClient) at(base string) *apiClient { return &apiClient{t: c.t, base: base, token: c.token} }

// api is the API's Go client as this player.
func (c *apiClient) api() *client.Client {
	api := client.New(c.base, c.token)
	if c.http != nil {
		api.HTTP = c.http
	}
	return api
}

// do sends in as JSON (none when nil) through the Go client, decodes the answer into out (when
// not nil) and returns the status and the body, whatever the status.
func (c *apiClient) do(method, path string, in, out any) (int, []byte) {
	c.t.Helper()
	var body []byte
	if in != nil {
		body, _ = json.Marshal(in)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	st, b, err := c.api().Raw(ctx, method, path, "", body)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			c.t.Fatalf("%s %s: %v\n%s", method, path, err, b)
		}
	}
	return st, b
}

// gameResp is the part of a game's JSON these tests read.
type gameResp struct {
	ID     string `json:"id"`
	Invite string `json:"invite"`
	View   struct {
		Version     int64     `json:"version"`
		Ply         int       `json:"ply"`
		ToAct       []string  `json:"toAct"`
		Legal       []string  `json:"legal"`
		Own         string    `json:"own"`
		Submitted   [2]bool   `json:"submitted"`
		Commitments [2]string `json:"commitments"`
		Moves       []struct {
			Text   string `json:"text"`
			Reveal *[2]struct {
				Selection string `json:"selection"`
				Nonce     string `json:"nonce"`
			} `json:"reveal"`
		} `json:"moves"`
		Outcome struct {
			Over bool `json:"over"`
		} `json:"outcome"`
	} `json:"view"`
}

func (c *apiClient) game(id string) (gameResp, []byte) {
	c.t.Helper()
	var g gameResp
	st, b := c.do("GET", "/api/games/"+id, nil, &g)
	if st != http.StatusOK {
		c.t.Fatalf("GET game %s: %d %s", id, st, b)
	}
	return g, b
}

func (c *apiClient) create(req map[string]any) gameResp {
	c.t.Helper()
	var g gameResp
	if st, b := c.do("POST", "/api/games", req, &g); st != http.StatusCreated {
		c.t.Fatalf("create %v: %d %s", req, st, b)
	}
	return g
}

// move posts a move and fails the test unless it is acknowledged.
func (c *apiClient) move(id string, body map[string]any) gameResp {
	c.t.Helper()
	var g gameResp
	if st, b := c.do("POST", "/api/games/"+id+"/move", body, &g); st != http.StatusOK {
		c.t.Fatalf("move %v in %s: %d %s", body, id, st, b)
	}
	return g
}

// waitFor reads the game's event stream until ok holds of the game (within 60 s): the server
// says when the game changes (an AI's move above all), and each line it sends is a look.
func (c *apiClient) waitFor(id string, what string, ok func(gameResp) bool) gameResp {
	c.t.Helper()
	g, _ := c.game(id)
	if ok(g) {
		return g
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// From the version seen: what changed since comes first.
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+"/api/games/"+id+"/stream?after="+strconv.FormatInt(g.View.Version, 10), nil)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("game %s's stream: %v", id, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("game %s's stream: %d", id, resp.StatusCode)
	}
	lines := bufio.NewScanner(resp.Body)
	lines.Buffer(nil, 16<<20)
	for {
		more := lines.Scan()
		if g, _ = c.game(id); ok(g) {
			return g
		}
		if !more {
			c.t.Fatalf("game %s: %s did not happen within 60 s, or before its stream ended (%v; at ply %d, to act %v)",
				id, what, lines.Err(), g.View.Ply, g.View.ToAct)
		}
	}
}

// TestServeSurvivesSIGKILL plays a hot-seat Reversi game, an online Turncoat game with Red's
// selection pending and a game against the AI through the real binary, kills it with SIGKILL
// right after the last acknowledgement, restarts it on the same database, and checks that
// every acknowledged move and the pending selection are there (the same view for each seat
// holder, the same commitment), and that the AI game goes on.
func TestServeSurvivesSIGKILL(t *testing.T) {
	db := filepath.Join(t.TempDir(), "crash.db")
	p := startServer(t, db)
	red, yellow := newGuest(t, p.url), newGuest(t, p.url)

	// Hot-seat Reversi: ten acknowledged moves.
	hot := red.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	for ply := 0; ply < 10; ply++ {
		g, _ := red.game(hot.ID)
		red.move(hot.ID, map[string]any{"move": g.View.Legal[0], "side": g.View.ToAct[0], "ply": ply})
	}

	// Online Turncoat: two rounds, then Red's selection, pending.
	tc := red.create(map[string]any{"kind": "turncoat", "mode": "online", "side": "first", "options": map[string]string{"size": "6"}})
	invite := strings.SplitN(tc.Invite, "seat=", 2)
	if len(invite) != 2 {
		t.Fatalf("no invitation: %+v", tc)
	}
	if st, b := yellow.do("POST", "/api/games/"+tc.ID+"/join", map[string]string{"token": invite[1]}, nil); st != http.StatusOK {
		t.Fatalf("join: %d %s", st, b)
	}
	for round := 0; round < 2; round++ {
		g, _ := red.game(tc.ID)
		red.move(tc.ID, map[string]any{"move": g.View.Legal[round], "ply": round})
		g, _ = yellow.game(tc.ID)
		yellow.move(tc.ID, map[string]any{"move": g.View.Legal[len(g.View.Legal)-1], "ply": round})
	}
	g, _ := red.game(tc.ID)
	secret := g.View.Legal[3]
	red.move(tc.ID, map[string]any{"move": secret, "ply": 2})

	// Against the AI: the AI's first reply, then one more move of ours, acknowledged just
	// before the kill (the AI may or may not have answered it).
	ai := red.create(map[string]any{"kind": "reversi", "mode": "ai", "level": 1, "side": "first"})
	red.move(ai.ID, map[string]any{"move": ai.View.Legal[0], "ply": 0})
	g = red.waitFor(ai.ID, "the AI's reply", func(g gameResp) bool { return g.View.Ply == 2 })
	red.move(ai.ID, map[string]any{"move": g.View.Legal[0], "ply": 2})

	_, hotBefore := red.game(hot.ID)
	redBefore, redBytes := red.game(tc.ID)
	yellowBefore, yellowBytes := yellow.game(tc.ID)
	if redBefore.View.Own != secret || yellowBefore.View.Own != "" || redBefore.View.Commitments[0] == "" {
		t.Fatalf("before the kill: Red sees own %q, Yellow own %q, commitment %q", redBefore.View.Own, yellowBefore.View.Own, redBefore.View.Commitments[0])
	}
	p.kill()

	q := startServer(t, db)
	red2, yellow2 := red.at(q.url), yellow.at(q.url)
	if _, b := red2.game(hot.ID); !bytes.Equal(b, hotBefore) {
		t.Errorf("the hot-seat game changed across the crash:\nbefore %s\nafter  %s", hotBefore, b)
	}
	if _, b := red2.game(tc.ID); !bytes.Equal(b, redBytes) {
		t.Errorf("Red's view of the Turncoat game changed across the crash:\nbefore %s\nafter  %s", redBytes, b)
	}
	if _, b := yellow2.game(tc.ID); !bytes.Equal(b, yellowBytes) {
		t.Errorf("Yellow's view of the Turncoat game changed across the crash:\nbefore %s\nafter  %s", yellowBytes, b)
	}
	// The pending selection is the one committed to: Yellow's selection reveals it, and it
	// matches the commitment Yellow saw before the crash.
	yg, _ := yellow2.game(tc.ID)
	after := yellow2.move(tc.ID, map[string]any{"move": yg.View.Legal[0], "ply": 2})
	last := after.View.Moves[len(after.View.Moves)-1]
	if last.Reveal == nil || last.Reveal[0].Selection != secret {
		t.Fatalf("the round after the restart reveals %+v, want Red's %s", last.Reveal, secret)
	}
	if got := game.Commit(last.Reveal[0].Nonce, secret); got != yellowBefore.View.Commitments[0] {
		t.Fatalf("the revealed selection does not match the commitment made before the crash")
	}
	// The AI game goes on: the AI answers (resumed if it had not), and answers again.
	g = red2.waitFor(ai.ID, "the AI's reply after the restart", func(g gameResp) bool { return g.View.Ply == 4 })
	red2.move(ai.ID, map[string]any{"move": g.View.Legal[0], "ply": 4})
	red2.waitFor(ai.ID, "the AI's next reply", func(g gameResp) bool { return g.View.Ply == 6 || g.View.Outcome.Over })
}

// TestServeGracefulShutdown sends SIGTERM while a WebSocket and an event stream are open:
// the socket is closed with 1001 (going away), the stream ends, and the process exits 0.
func TestServeGracefulShutdown(t *testing.T) {
	p := startServer(t, filepath.Join(t.TempDir(), "stop.db"))
	c := newGuest(t, p.url)
	g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat"})

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	hdr := http.Header{"Authorization": {"Bearer " + c.token}}
	ws, err := c.api().Dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	sub, _ := json.Marshal(map[string]any{"type": "subscribe", "game": g.ID})
	if err := ws.Write(ctx, sub); err != nil {
		t.Fatal(err)
	}
	if b, err := ws.Read(ctx); err != nil || !strings.Contains(string(b), `"subscribed"`) {
		t.Fatalf("subscribing: %v %s", err, b)
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", p.url+"/api/games/"+g.ID+"/stream", nil)
	req.Header = hdr
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	streamEnded := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, stream.Body)
		streamEnded <- err
	}()

	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for err == nil { // messages still queued (presence) come first
		_, err = ws.Read(ctx)
	}
	if code := websocket.CloseStatus(err); code != websocket.StatusGoingAway {
		t.Fatalf("the socket closed with %v (%v), want 1001 going away", code, err)
	}
	select {
	case err := <-streamEnded:
		if err != nil {
			t.Errorf("the event stream ended with %v, want a clean end", err)
		}
	case <-ctx.Done():
		t.Fatal("the event stream stayed open after SIGTERM")
	}
	select {
	case <-p.done:
	case <-ctx.Done():
		t.Fatalf("the server did not exit within 60 s of SIGTERM:\n%s", p.logs.String())
	}
	var exit *exec.ExitError
	if p.err != nil {
		if errors.As(p.err, &exit) {
			t.Fatalf("exit status %d after SIGTERM, want 0:\n%s", exit.ExitCode(), p.logs.String())
		}
		t.Fatal(p.err)
	}
	if !strings.Contains(p.logs.String(), "msg=stopped") {
		t.Errorf("no \"stopped\" in the log:\n%s", p.logs.String())
	}
	t.Logf("stopped %v after SIGTERM", time.Since(start).Round(time.Millisecond))
}

// TestCurlBot runs the documented bot (docs/examples/curl-bot.sh) against an in-process server:
// it must play whole games against the AI with curl and jq alone. The script knows no kind: it
// acts on the view's legal moves and whose turn it is. So it plays one kind of each of the two
// ways a turn goes (Turncoat's simultaneous selections, Blocs' single moves), which covers what
// it does; a jq process for each event costs about a second a move here.
func TestCurlBot(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two whole games; skipped with -short")
	}
	for _, tool := range []string{"bash", "curl", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("the curl bot needs %s: %v", tool, err)
		}
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "docs", "examples", "curl-bot.sh"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "bot.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	kinds := []string{`turncoat:{"size":"4"}`, "blocs"}
	runCtx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(runCtx, "bash", append([]string{script, ts.URL}, kinds...)...)
	var out testenv.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("the bot failed: %v\n%s", err, out.String())
	}
	for _, k := range kinds {
		name := strings.SplitN(k, ":", 2)[0]
		if !regexp.MustCompile(`(?m)^== ` + name + ` over after \d+ moves: `).MatchString(out.String()) {
			t.Errorf("no finished %s game in the bot's output:\n%s", name, out.String())
		}
	}
	if strings.Contains(out.String(), "refused") {
		t.Errorf("the bot had a move refused:\n%s", out.String())
	}
}

// TestServeMailFlags refuses a bad --smtp or --public-url, and --smtp without --public-url,
// before opening anything.
func TestServeMailFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--smtp", "http://mail.example.org"}, "want smtp://"},
		{[]string{"--smtp", "smtp://u:pw@mail.example.org"}, "needs --public-url"},
		{[]string{"--public-url", "turncoat.example.org"}, "absolute http or https URL"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"serve", "--db", filepath.Join(t.TempDir(), "x.db")}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "pw@") {
			t.Errorf("%v: exit %d %q, want a usage error about %q", c.args, code, errOut, c.want)
		}
	}
}
