package server

import (
	"context"
	"encoding/json"
	"sync"
	"time"
	"turncoat/api"

	"turncoat/platform"
	"turncoat/store"
)

// conn is one client that follows games live: a WebSocket or an event stream. Messages go
// through a buffered channel written by one goroutine; a client too slow to keep up is
// disconnected (it reconnects and asks for what it missed) rather than slowing everyone.
type conn struct {
	send chan []byte
	user *store.User
	done chan struct{}
	once sync.Once
	// why is the reason the server closed the connection; err, when set, is told the client.
	why string
	err *platform.Error
	// cred is the credential that opened the connection, addr the caller's address, expiry
	// the timer that closes it when the credential expires.
	cred   *credential
	addr   string
	expiry *time.Timer

	mu    sync.Mutex
	games map[string]bool
	lobby bool
}

func newConn(u *store.User) *conn {
	return &conn{send: make(chan []byte, 256), user: u, done: make(chan struct{}), games: map[string]bool{}}
}

// User returns the connection's user (play.Follower).
func (c *conn) User() *store.User { return c.user }

// Push queues a message (play.Follower).
func (c *conn) Push(b []byte) { c.push(b) }

// unsubscribe stops c following game id.
func (s *Server) unsubscribe(id string, c *conn) {
	s.play.Unsubscribe(context.Background(), id, c)
	c.mu.Lock()
	delete(c.games, id)
	c.mu.Unlock()
}

// push queues a message; a full queue closes the connection.
func (c *conn) push(b []byte) {
	select {
	case <-c.done:
	case c.send <- b:
	default:
		c.close("too slow: the client did not read its messages")
	}
}

// end closes the connection for a reason the client is told (an error message first).
func (c *conn) end(e *platform.Error) {
	c.once.Do(func() {
		c.why, c.err = string(e.Code), e
		close(c.done)
	})
}

func (c *conn) close(why string) {
	c.once.Do(func() {
		c.why = why
		close(c.done)
	})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// drop removes a closed connection from everything it followed.
func (s *Server) drop(c *conn) {
	c.mu.Lock()
	ids := make([]string, 0, len(c.games))
	for id := range c.games {
		ids = append(ids, id)
	}
	c.mu.Unlock()
	for _, id := range ids {
		s.unsubscribe(id, c)
	}
	s.lobbyMu.Lock()
	delete(s.lobbySubs, c)
	s.lobbyMu.Unlock()
}

// lobbyChanged sends the lobby's open challenges to its followers, at most every 200 ms.
func (s *Server) lobbyChanged() {
	s.lobbyMu.Lock()
	defer s.lobbyMu.Unlock()
	if s.lobbyPending || len(s.lobbySubs) == 0 {
		return
	}
	s.lobbyPending = true
	time.AfterFunc(200*time.Millisecond, func() {
		s.lobbyMu.Lock()
		s.lobbyPending = false
		subs := make([]*conn, 0, len(s.lobbySubs))
		for c := range s.lobbySubs {
			subs = append(subs, c)
		}
		s.lobbyMu.Unlock()
		list, err := s.play.Lobby(context.Background())
		if err != nil {
			s.log.Warn("lobby", "error", err)
			return
		}
		b := mustJSON(api.Message{Type: "lobby", Games: list})
		for _, c := range subs {
			c.push(b)
		}
	})
}
