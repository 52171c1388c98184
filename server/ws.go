package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"time"

	"turncoat/api"

	"github.com/coder/websocket"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/play"
)

// writeTimeout is how long a message may take to write before its client counts as gone.
const writeTimeout = 10 * time.Second

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
	// The connection's end closes the socket, which cuts off a read or write in progress. Reads
	// and writes themselves get a context that is never done: the WebSocket library arms a
	// context.AfterFunc for each call given one that can be, and with a timeout per write that
	// made a tenth of what a move allocated under load (see wsWriter's watchdog).
	stop := context.AfterFunc(ctx, func() { ws.CloseNow() })
	defer stop()
	rw := context.WithoutCancel(ctx)
	written := make(chan struct{})
	go func() {
		defer close(written)
		defer cancel()
		s.wsWriter(ctx, rw, ws, c)
	}()
	for {
		// A message is read into a pooled buffer, not a new one each (wsMessage keeps none of
		// it): a socket's messages were a twentieth of what a move allocated.
		_, r, err := ws.Reader(rw)
		var buf *bytes.Buffer
		if err == nil {
			buf = messageBuffers.Get().(*bytes.Buffer)
			buf.Reset()
			if _, err = buf.ReadFrom(r); err != nil {
				messageBuffers.Put(buf)
			}
		}
		if err != nil {
			c.close("")
			// The connection counts as open until its close frame is out (a shutdown waits).
			select {
			case <-written:
			case <-time.After(10 * time.Second):
			}
			return nil
		}
		s.wsMessage(ctx, c, buf.Bytes())
		messageBuffers.Put(buf)
	}
}

// messageBuffers hold the sockets' messages as they are read.
var messageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// wsWriter sends c's messages and pings until the connection ends (ctx), then closes it with a
// code that says why (going away when the server stops). Messages are written with rw, a
// context that is never done; a write that takes longer than writeTimeout (a client that
// stopped reading) is cut off by a watchdog timer, one per connection, rearmed without
// allocating.
func (s *Server) wsWriter(ctx, rw context.Context, ws *websocket.Conn, c *conn) {
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	watchdog := time.AfterFunc(writeTimeout, func() { ws.CloseNow() })
	watchdog.Stop()
	defer watchdog.Stop()
	var batch [][]byte
	for {
		select {
		case <-c.out.ready:
			batch = c.out.take(batch)
			for _, b := range batch {
				watchdog.Reset(writeTimeout)
				err := ws.Write(rw, websocket.MessageText, b)
				if !watchdog.Stop() && err == nil {
					err = errors.New("write timed out")
				}
				if err != nil {
					c.close("")
					ws.CloseNow()
					return
				}
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := ws.Ping(pctx)
			cancel()
			if err != nil {
				c.close("")
				ws.CloseNow()
				return
			}
		case <-c.done:
			if c.err != nil {
				wctx, cancel := context.WithTimeout(ctx, writeTimeout)
				ws.Write(wctx, websocket.MessageText, mustJSON(api.Message{Type: "error", Error: errMessage(c.err, c.lang)}))
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
	// A message that is not UTF-8, holds a NUL or is not JSON gets an error message and the
	// connection stays open (as for any other refused message); nothing of it is acted on.
	if err := unmarshalJSON(data, &m, false); err != nil {
		c.push(mustJSON(api.Message{Type: "error", Error: errMessage(err, c.lang)}))
		return
	}
	reply := func(err error) {
		e, _ := toErrorJSON(err, c.lang)
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
			if after, err = s.play.CatchUp(ctx, m.Game, *m.After, c.pushRoomy(ctx)); err != nil {
				reply(err)
				return
			}
		}
		if _, err := s.play.Subscribe(ctx, m.Game, c, after, m.Views); err != nil {
			reply(err)
			return
		}
		c.mu.Lock()
		c.games[m.Game] = true
		c.mu.Unlock()
	case "unsubscribe":
		s.unsubscribe(m.Game, c)
	case "lobby":
		s.lobbyMu.Lock()
		s.lobbySubs[c] = true
		s.lobbyMu.Unlock()
		c.mu.Lock()
		c.lobby = true
		c.mu.Unlock()
		if l, err := s.play.Lobby(ctx); err == nil {
			c.push(mustJSON(api.Message{Type: "lobby", Games: l}))
		}
	case "command":
		if c.user == nil {
			reply(domain.Errorf(domain.Unauthorized, "commands need a signed-in connection"))
			return
		}
		if err := s.allowCommand(c.user); err != nil {
			reply(err)
			return
		}
		v, err := s.play.Act(ctx, c.user, m.Game, m.Command, m.CommandFields)
		if err != nil {
			reply(err)
			return
		}
		c.push(mustJSON(api.Message{Type: "result", ID: m.ID, Game: m.Game, OK: true, Version: v}))
	default:
		reply(domain.Errorf(domain.BadRequest, "unknown message type %q (want subscribe, unsubscribe, lobby, command or ping)", m.Type))
	}
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
	if _, err := s.play.Game(r.Context(), userOf(r), id, game.NoPlayer, 0); err != nil {
		return err // no such game: a 404 before the stream starts
	}
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
	if after, err = s.play.CatchUp(r.Context(), id, after, func(u *play.Update) bool { return write(encodeFor(u, c.lang)) }); err != nil {
		return nil
	}
	over, err := s.play.Subscribe(r.Context(), id, c, after, r.URL.Query().Get("views") == "1")
	if err == nil {
		c.mu.Lock()
		c.games[id] = true
		c.mu.Unlock()
	}
	if err != nil {
		s.log.Warn("event stream", "game", id, "error", err)
		return nil
	}
	ping := time.NewTicker(25 * time.Second)
	defer ping.Stop()
	var batch [][]byte
	for {
		select {
		case <-c.out.ready:
			batch = c.out.take(batch)
			for _, b := range batch {
				if !write(b) {
					return nil
				}
				over = over || isEnd(b)
			}
			if over {
				// Write what is queued still, then end the stream with the game.
				for _, b := range c.out.take(batch) {
					if !write(b) {
						return nil
					}
				}
				return nil
			}
		case <-ping.C:
			if !write([]byte(`{"type":"ping"}`)) {
				return nil
			}
		case <-c.done:
			if c.err != nil {
				write(mustJSON(api.Message{Type: "error", Error: errMessage(c.err, c.lang)}))
			}
			return nil
		case <-r.Context().Done():
			return nil
		}
	}
}

// pushRoomy returns a send for catchUp that waits while c's queue is nearly full, leaving room
// for the live messages of what c already follows.
func (c *conn) pushRoomy(ctx context.Context) func(*play.Update) bool {
	return func(u *play.Update) bool {
		for c.out.len() >= maxQueued-64 {
			select {
			case <-c.done:
				return false
			case <-ctx.Done():
				return false
			case <-time.After(5 * time.Millisecond):
			}
		}
		c.push(encodeFor(u, c.lang))
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
