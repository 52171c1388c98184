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
	"strings"
	"time"

	"github.com/coder/websocket"

	"turncoat/api"
	"turncoat/platform"
)

// Client calls one server as one caller (a bearer token, or none).
type Client struct {
	// Base is the server's URL, such as http://localhost:8080.
	Base string
	// Token is the bearer token sent with every request ("" for none).
	Token string
	// HTTP is the HTTP client (default: one with a five-minute timeout).
	HTTP *http.Client
}

// New returns a client of the server at base as the caller of token.
func New(base, token string) *Client {
	return &Client{Base: strings.TrimRight(base, "/"), Token: token, HTTP: &http.Client{Timeout: 5 * time.Minute}}
}

// Error is an error answer of the server.
type Error struct {
	// Status is the HTTP status.
	Status  int
	Code    platform.Code
	Message string
	// View is the fresh game sent with a stale command.
	View *api.Game
}

func (e *Error) Error() string { return fmt.Sprintf("%s (%s, HTTP %d)", e.Message, e.Code, e.Status) }

// Do sends a request with a body of content type ctype and returns the answer's body; an
// error answer is an *Error.
func (c *Client) Do(ctx context.Context, method, path, ctype string, body []byte) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, rd)
	if err != nil {
		return nil, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 300 {
		var eb api.ErrorBody
		if json.Unmarshal(b, &eb) == nil && eb.Error.Code != "" {
			return nil, &Error{Status: resp.StatusCode, Code: eb.Error.Code, Message: eb.Error.Message, View: eb.Error.View}
		}
		return nil, fmt.Errorf("HTTP %d: %s", resp.StatusCode, strings.TrimSpace(string(b)))
	}
	return b, nil
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

// Live is a WebSocket connection of the live protocol.
type Live struct {
	conn *websocket.Conn
}

// Dial opens the live protocol's WebSocket as the client's caller.
func (c *Client) Dial(ctx context.Context) (*Live, error) {
	u := "ws" + strings.TrimPrefix(c.Base, "http") + "/api/ws"
	opts := &websocket.DialOptions{HTTPClient: c.HTTP}
	if c.Token != "" {
		opts.HTTPHeader = http.Header{"Authorization": {"Bearer " + c.Token}}
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
	return l.conn.Write(ctx, websocket.MessageText, b)
}

// Next waits for the next message.
func (l *Live) Next(ctx context.Context) (api.Message, error) {
	var m api.Message
	_, b, err := l.conn.Read(ctx)
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("a live message: %w", err)
	}
	return m, nil
}

// Close closes the connection.
func (l *Live) Close() error { return l.conn.Close(websocket.StatusNormalClosure, "") }

// CloseNow closes the connection without the closing handshake.
func (l *Live) CloseNow() error { return l.conn.CloseNow() }
