package server

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/clock"
	"turncoat/platform/play"
)

// conn is one client that follows games live: a WebSocket or an event stream. Messages go
// through its outbox, written by one goroutine; a client too slow to keep up is disconnected
// (it reconnects and asks for what it missed) rather than slowing everyone.
type conn struct {
	out  outbox
	user *domain.User
	done chan struct{}
	once sync.Once
	// why is the reason the server closed the connection; err, when set, is told the client.
	why string
	err *domain.Error
	// cred is the credential that opened the connection, addr the caller's address, expiry
	// the timer that closes it when the credential expires.
	cred   *credential
	addr   string
	expiry clock.Timer
	// lang is the language of the person's messages (the upgrade's lang parameter or
	// Accept-Language).
	lang string

	mu    sync.Mutex
	games map[string]bool
	lobby bool
}

func newConn(u *domain.User) *conn {
	return &conn{out: outbox{ready: make(chan struct{}, 1)}, user: u, done: make(chan struct{}), games: map[string]bool{}}
}

// maxQueued is how many messages a client may lag behind before it is disconnected.
const maxQueued = 256

// outbox is a connection's queue of messages to write. A channel of maxQueued slots would hold
// them too, but its buffer (6 KB of pointers) would be allocated, and scanned by every garbage
// collection, for each of thousands of idle sockets; the outbox's slices grow only as far as
// the client actually lags.
type outbox struct {
	mu   sync.Mutex
	msgs [][]byte
	// ready holds a token while messages wait.
	ready chan struct{}
}

// put queues a message; false when maxQueued wait already.
func (q *outbox) put(b []byte) bool {
	q.mu.Lock()
	if len(q.msgs) >= maxQueued {
		q.mu.Unlock()
		return false
	}
	q.msgs = append(q.msgs, b)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
	return true
}

// take returns the waiting messages, in order, and keeps buf (emptied) for the next ones:
// the writer and the outbox swap two slices.
func (q *outbox) take(buf [][]byte) [][]byte {
	clear(buf)
	q.mu.Lock()
	msgs := q.msgs
	q.msgs = buf[:0]
	q.mu.Unlock()
	return msgs
}

// len returns how many messages wait.
func (q *outbox) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.msgs)
}

// User returns the connection's user (play.Follower).
func (c *conn) User() *domain.User { return c.user }

// Push queues a game's update, encoded once for all the connections it goes to (play.Follower).
func (c *conn) Push(u *play.Update) { c.push(encodeFor(u, c.lang)) }

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
		return
	default:
	}
	if !c.out.put(b) {
		c.close("too slow: the client did not read its messages")
	}
}

// end closes the connection for a reason the client is told (an error message first).
func (c *conn) end(e *domain.Error) {
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

// LobbyChanged sends the lobby's open challenges to its followers, at most every 200 ms.
func (s *Server) LobbyChanged() {
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
