// Package client is the Go client of Turncoat's API and live protocol, with the wire types of
// package api: what the CLI's remote commands, the load test and the tests use to talk to a
// server as any program would.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"

	"turncoat/api"
	"turncoat/domain"
)

// Client calls one server as one caller (a bearer token, or none).
type Client struct {
	// Base is the server's URL, such as http://localhost:8080.
	Base string
	// Token is the bearer token sent with every request ("" for none).
	Token string
	// HTTP is the HTTP client (default: one with a five-minute timeout).
	HTTP *http.Client
	// Lang, when set, is the language the server's messages are wanted in (en, pt, es): sent
	// as Accept-Language with every request and the live connection's upgrade.
	Lang string
}

// New returns a client of the server at base as the caller of token.
func New(base, token string) *Client {
	return &Client{Base: strings.TrimRight(base, "/"), Token: token, HTTP: &http.Client{Timeout: 5 * time.Minute}}
}

// Error is an error answer of the server.
type Error struct {
	// Status is the HTTP status.
	Status  int
	Code    domain.Code
	Message string
	// View is the fresh game sent with a stale command.
	View *api.Game
}

func (e *Error) Error() string { return fmt.Sprintf("%s (%s, HTTP %d)", e.Message, e.Code, e.Status) }

// Raw sends a request with a body of content type ctype and further headers (pairs of name
// and value), and returns the answer's status and body whatever the status: for callers that
// read answers themselves, such as tests checking statuses. Only a failure to get an answer is
// an error.
func (c *Client) Raw(ctx context.Context, method, path, ctype string, body []byte, header ...string) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	if c.Lang != "" {
		req.Header.Set("Accept-Language", c.Lang)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, nil, err
	}
	return resp.StatusCode, b, nil
}

// Do sends a request with a body of content type ctype and returns the answer's body; an
// error answer is an *Error.
func (c *Client) Do(ctx context.Context, method, path, ctype string, body []byte) ([]byte, error) {
	status, b, err := c.Raw(ctx, method, path, ctype, body)
	if err != nil {
		return nil, err
	}
	if status >= 300 {
		return nil, AnswerError(status, b)
	}
	return b, nil
}

// AnswerError is the error of an error answer: an *Error when the body is the API's error
// object, a plain error with the status and body otherwise.
func AnswerError(status int, body []byte) error {
	var eb api.ErrorBody
	if json.Unmarshal(body, &eb) == nil && eb.Error.Code != "" {
		return &Error{Status: status, Code: eb.Error.Code, Message: eb.Error.Message, View: eb.Error.View}
	}
	return fmt.Errorf("HTTP %d: %s", status, strings.TrimSpace(string(body)))
}

// JSON sends in as JSON (none when nil) and decodes the answer into out (unless nil).
func (c *Client) JSON(ctx context.Context, method, path string, in, out any) error {
	var body []byte
	ctype := ""
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return err
		}
		ctype = "application/json"
	}
	b, err := c.Do(ctx, method, path, ctype, body)
	if err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s %s: the answer: %w", method, path, err)
	}
	return nil
}

// Guest makes a guest account and becomes it (its session's token is the client's from then).
func (c *Client) Guest(ctx context.Context) (api.Me, error) {
	var me api.Me
	if err := c.JSON(ctx, "POST", "/api/guest", struct{}{}, &me); err != nil {
		return me, err
	}
	c.Token = me.Token
	return me, nil
}

// CreateGame creates a game.
func (c *Client) CreateGame(ctx context.Context, req api.CreateGame) (api.Game, error) {
	var g api.Game
	err := c.JSON(ctx, "POST", "/api/games", req, &g)
	return g, err
}

// Join takes an open seat of a game.
func (c *Client) Join(ctx context.Context, id string, req api.Join) (api.Game, error) {
	var g api.Game
	err := c.JSON(ctx, "POST", "/api/games/"+id+"/join", req, &g)
	return g, err
}

// Game returns a game as the caller sees it.
func (c *Client) Game(ctx context.Context, id string) (api.Game, error) {
	var g api.Game
	err := c.JSON(ctx, "GET", "/api/games/"+id, nil, &g)
	return g, err
}

// Command runs one of a game's commands (move, pass, resign, draw, takeback, ...) with its
// fields; a command made on a position the game has left is an *Error of code StalePly whose
// View is the game as it now stands.
func (c *Client) Command(ctx context.Context, id, command string, f api.Command) (api.Game, error) {
	var g api.Game
	if command == "answer" { // the answer to a takeback request
		command = "takeback/answer"
	}
	err := c.JSON(ctx, "POST", "/api/games/"+url.PathEscape(id)+"/"+command, f, &g)
	return g, err
}

// Live is a WebSocket connection of the live protocol.
type Live struct {
	conn *websocket.Conn
}

// Dial opens the live protocol's WebSocket as the client's caller.
func (c *Client) Dial(ctx context.Context) (*Live, error) {
	u := "ws" + strings.TrimPrefix(c.Base, "http") + "/api/ws"
	opts := &websocket.DialOptions{HTTPClient: c.HTTP}
	opts.HTTPHeader = http.Header{}
	if c.Token != "" {
		opts.HTTPHeader.Set("Authorization", "Bearer "+c.Token)
	}
	if c.Lang != "" {
		opts.HTTPHeader.Set("Accept-Language", c.Lang)
	}
	conn, _, err := websocket.Dial(ctx, u, opts)
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(16 << 20)
	return &Live{conn: conn}, nil
}

// Send sends a message.
func (l *Live) Send(ctx context.Context, m api.ClientMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return l.Write(ctx, b)
}

// Write sends one text frame as it is (a test's malformed message included).
func (l *Live) Write(ctx context.Context, frame []byte) error {
	return l.conn.Write(ctx, websocket.MessageText, frame)
}

// Next waits for the next message.
func (l *Live) Next(ctx context.Context) (api.Message, error) {
	var m api.Message
	b, err := l.Read(ctx)
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("a live message: %w", err)
	}
	return m, nil
}

// Read waits for the next frame and returns it undecoded.
func (l *Live) Read(ctx context.Context) ([]byte, error) {
	_, b, err := l.conn.Read(ctx)
	return b, err
}

// Close closes the connection.
func (l *Live) Close() error { return l.conn.Close(websocket.StatusNormalClosure, "") }

// CloseNow closes the connection without the closing handshake.
func (l *Live) CloseNow() error { return l.conn.CloseNow() }
