package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"
	"turncoat/api"

	"github.com/coder/websocket"

	"turncoat/game"
	"turncoat/platform"
)

// handleWS serves a WebSocket: the client subscribes to games and to the lobby, receives their
// events, and may send table commands. Malformed messages get an error message, not a closed
// connection.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) error {
	c := s.newSocket(r)
	if err := s.addConn(c); err != nil {
		return err
	}
	defer s.removeConn(c)
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.Origins})
	if err != nil {
		return nil // Accept has answered
	}
	ws.SetReadLimit(64 << 10)
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	defer cancel()
	written := make(chan struct{})
	go func() {
		defer close(written)
		defer cancel()
		s.wsWriter(ctx, ws, c)
	}()
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			c.close("")
			// The connection counts as open until its close frame is out (a shutdown waits).
			select {
			case <-written:
			case <-time.After(10 * time.Second):
			}
			return nil
		}
		s.wsMessage(ctx, c, data)
	}
}

// wsWriter sends c's messages and pings until the connection ends, then closes it with a code
// that says why (going away when the server stops).
func (s *Server) wsWriter(ctx context.Context, ws *websocket.Conn, c *conn) {
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case b := <-c.send:
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := ws.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				c.close("")
				ws.CloseNow()
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := ws.Ping(pctx)
			cancel()
			if err != nil {
				c.close("")
				ws.CloseNow()
				return
			}
		case <-c.done:
			if c.err != nil {
				wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				ws.Write(wctx, websocket.MessageText, mustJSON(api.Message{Type: "error", Error: errMessage(c.err)}))
				cancel()
			}
			code := websocket.StatusNormalClosure
			switch c.why {
			case whyShutdown:
				code = websocket.StatusGoingAway
			case "":
			default:
				code = websocket.StatusPolicyViolation
			}
			ws.Close(code, c.why)
			return
		case <-ctx.Done():
			ws.CloseNow()
			return
		}
	}
}

const whyShutdown = "the server is shutting down"

// wsMessage handles one client message.
func (s *Server) wsMessage(ctx context.Context, c *conn, data []byte) {
	var m api.ClientMessage
	if s.expired(c) {
		return
	}
	if hasNUL(data) {
		c.push(mustJSON(api.Message{Type: "error", Error: errMessage(errNUL())}))
		return
	}
	if err := json.Unmarshal(data, &m); err != nil {
		c.push(mustJSON(api.Message{Type: "error", Error: errMessage(platform.Errorf(platform.BadJSON, "malformed message: %v", err))}))
		return
	}
	reply := func(err error) {
		e := toErrorJSON(err)
		c.push(mustJSON(api.Message{Type: "error", ID: m.ID, Game: m.Game, Error: &e}))
	}
	switch m.Type {
	case "ping":
		c.push(mustJSON(api.Message{Type: "pong", ID: m.ID}))
	case "subscribe":
		if err := s.mayFollow(c, m.Game); err != nil {
			reply(err)
			return
		}
		after := int64(-1)
		if m.After != nil && *m.After >= 0 {
			var err error
			if after, err = s.catchUp(ctx, m.Game, *m.After, c.pushRoomy(ctx)); err != nil {
				reply(err)
				return
			}
		}
		lg, err := s.live(ctx, m.Game)
		if err != nil {
			reply(err)
			return
		}
		err = s.subscribe(ctx, lg, c, after, m.Views)
		lg.mu.Unlock()
		if err != nil {
			reply(err)
		}
	case "unsubscribe":
		s.unsubscribe(m.Game, c)
	case "lobby":
		s.lobbyMu.Lock()
		s.lobbySubs[c] = true
		s.lobbyMu.Unlock()
		c.mu.Lock()
		c.lobby = true
		c.mu.Unlock()
		if l, err := s.lobby(ctx); err == nil {
			c.push(mustJSON(api.Message{Type: "lobby", Games: l}))
		}
	case "command":
		if c.user == nil {
			reply(platform.Errorf(platform.Unauthorized, "commands need a signed-in connection"))
			return
		}
		cmd, err := commandOf(m.CommandFields, m.Command)
		if err == nil && !validCommand(m.Command) {
			err = platform.Errorf(platform.BadRequest, "unknown command %q", m.Command)
		}
		if err == nil && !s.moveLimits.allow(strconv.FormatInt(c.user.ID, 10), s.now()) {
			err = platform.Errorf(platform.RateLimited, "too many requests; slow down")
		}
		if err != nil {
			reply(err)
			return
		}
		evs, err := s.do(ctx, m.Game, c.user, cmd)
		if err != nil {
			reply(err)
			return
		}
		var v int64
		if n := len(evs); n > 0 {
			v = evs[n-1].Version
		}
		c.push(mustJSON(api.Message{Type: "result", ID: m.ID, Game: m.Game, OK: true, Version: v}))
	default:
		reply(platform.Errorf(platform.BadRequest, "unknown message type %q (want subscribe, unsubscribe, lobby, command or ping)", m.Type))
	}
}

func validCommand(kind string) bool {
	switch kind {
	case cmdMove, cmdWithdraw, cmdResign, cmdDraw, cmdDecline, cmdClaim, cmdAbort, cmdTakeback, cmdAnswer:
		return true
	}
	return false
}

// handleStream streams a game's events as newline-delimited JSON, for bots and scripts: first
// the events after ?after= (default 0: the whole game), then each new one as it happens, until
// the game ends (or the client leaves).
func (s *Server) handleStream(w http.ResponseWriter, r *http.Request) error {
	after, err := afterParam(r)
	if err != nil {
		return err
	}
	rc := http.NewResponseController(w)
	id := r.PathValue("id")
	lg, err := s.live(r.Context(), id)
	if err != nil {
		return err
	}
	lg.mu.Unlock()
	c := s.newSocket(r)
	if err := s.addConn(c); err != nil {
		return err
	}
	defer s.removeConn(c)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	write := func(b []byte) bool {
		if _, err := w.Write(append(b, '\n')); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// The history goes straight to the client, then the rest comes through the subscription.
	if after, err = s.catchUp(r.Context(), id, after, write); err != nil {
		return nil
	}
	if lg, err = s.live(r.Context(), id); err != nil {
		return nil
	}
	err = s.subscribe(r.Context(), lg, c, after, r.URL.Query().Get("views") == "1")
	over := lg.tb.Over()
	lg.mu.Unlock()
	if err != nil {
		s.log.Warn("event stream", "game", id, "error", err)
		return nil
	}
	ping := time.NewTicker(25 * time.Second)
	defer ping.Stop()
	for {
		select {
		case b := <-c.send:
			if !write(b) {
				return nil
			}
			if over || isEnd(b) {
				// Drain what is queued, then end the stream with the game.
				for {
					select {
					case b := <-c.send:
						if !write(b) {
							return nil
						}
					default:
						return nil
					}
				}
			}
		case <-ping.C:
			if !write([]byte(`{"type":"ping"}`)) {
				return nil
			}
		case <-c.done:
			if c.err != nil {
				write(mustJSON(api.Message{Type: "error", Error: errMessage(c.err)}))
			}
			return nil
		case <-r.Context().Done():
			return nil
		}
	}
}

// catchUp sends the stored events of game id after a version through send, a page at a time,
// before the follower subscribes: a long history never has to fit in a connection's queue.
// Versions only grow (a takeback is an event too), so what comes after the returned version is
// left for subscribe. Stored events are in their public form.
func (s *Server) catchUp(ctx context.Context, id string, after int64, send func([]byte) bool) (int64, error) {
	const page = 200
	for {
		stored, err := s.store.Events(ctx, id, after, page)
		if err != nil {
			return after, err
		}
		for _, e := range stored {
			var ev game.Event
			if err := json.Unmarshal(e.Body, &ev); err != nil {
				return after, err
			}
			if !send(mustJSON(api.Message{Type: "event", Game: id, Event: &ev})) {
				return after, errGone
			}
			after = e.Version
		}
		if len(stored) < page {
			return after, nil
		}
	}
}

// errGone: the client left while it was catching up.
var errGone = errors.New("the client left")

// pushRoomy returns a send for catchUp that waits while c's queue is nearly full, leaving room
// for the live messages of what c already follows.
func (c *conn) pushRoomy(ctx context.Context) func([]byte) bool {
	return func(b []byte) bool {
		for len(c.send) >= cap(c.send)-64 {
			select {
			case <-c.done:
				return false
			case <-ctx.Done():
				return false
			case <-time.After(5 * time.Millisecond):
			}
		}
		c.push(b)
		return true
	}
}

// isEnd reports whether a message is a game's end event.
func isEnd(b []byte) bool {
	var m struct {
		Event *struct {
			Kind game.EventKind `json:"kind"`
		} `json:"event"`
	}
	return json.Unmarshal(b, &m) == nil && m.Event != nil && m.Event.Kind == game.EventEnd
}

// addConn and removeConn keep the set of open connections (closed at shutdown); addConn
// refuses one past the caps.
func (s *Server) addConn(c *conn) error {
	if err := s.admitSocket(c); err != nil {
		return err
	}
	s.connWG.Add(1)
	s.connMu.Lock()
	s.conns[c] = true
	s.connMu.Unlock()
	s.metrics.sockets.Inc()
	return nil
}

func (s *Server) removeConn(c *conn) {
	c.close("")
	s.drop(c)
	s.connMu.Lock()
	delete(s.conns, c)
	s.connMu.Unlock()
	s.metrics.sockets.Dec()
	s.releaseSocket(c)
	s.connWG.Done()
}

var errShutdown = errors.New(whyShutdown)
