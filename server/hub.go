package server

import (
	"context"
	"encoding/json"
	"sync"
	"time"
	"turncoat/api"

	"turncoat/game"
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

// subscription is what a connection follows of one game.
type subscription struct {
	// viewer is the side whose secrets the connection may see (NoPlayer for a spectator or a
	// hot-seat holder of both seats, whose page knows its own selections).
	viewer game.Player
	// views asks for the viewer's fresh view with every batch of events.
	views bool
	// sent is the version of the last event sent.
	sent int64
}

func newConn(u *store.User) *conn {
	return &conn{send: make(chan []byte, 256), user: u, done: make(chan struct{}), games: map[string]bool{}}
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

// viewerOf returns the side whose secrets u may see in the game.
func viewerOf(row store.Game, u *store.User) game.Player {
	if u == nil {
		return game.NoPlayer
	}
	first, second := row.Seats[0].UserID == u.ID, row.Seats[1].UserID == u.ID
	switch {
	case first && !second:
		return game.First
	case second && !first:
		return game.Second
	}
	return game.NoPlayer
}

// subscribe adds c to lg's followers (lg locked) and sends what it missed since after (-1: no
// backlog), then a "subscribed" message.
func (s *Server) subscribe(ctx context.Context, lg *liveGame, c *conn, after int64, views bool) error {
	sub := &subscription{viewer: viewerOf(lg.row, c.user), views: views, sent: lg.tb.Version()}
	if after >= 0 && after < lg.tb.Version() {
		stored, err := s.store.Events(ctx, lg.id, after, 100000)
		if err != nil {
			return err
		}
		for _, e := range stored {
			var ev game.Event
			if json.Unmarshal(e.Body, &ev) != nil {
				continue
			}
			ev = ev.For(sub.viewer)
			c.push(mustJSON(api.Message{Type: "event", Game: lg.id, Event: &ev}))
		}
	}
	lg.subs[c] = sub
	c.mu.Lock()
	c.games[lg.id] = true
	c.mu.Unlock()
	online, watchers := seatsOnline(lg), watcherCount(lg)
	m := api.Message{Type: "subscribed", Game: lg.id, Version: lg.tb.Version(), Online: &online, Watchers: &watchers}
	if views {
		v := s.gameView(lg, c.user, game.NoPlayer)
		m.View = &v
	}
	c.push(mustJSON(m))
	s.presence(lg)
	return nil
}

// presence tells a game's followers (lg locked) which seats have a player following it, and how
// many spectators follow it, when that changes: the page shows whether the opponent is there.
func (s *Server) presence(lg *liveGame) {
	if online := seatsOnline(lg); online != lg.online {
		lg.online = online
		s.notify(lg, api.Message{Type: "presence", Game: lg.id, Online: &online})
	}
	if watchers := watcherCount(lg); watchers != lg.watchers {
		lg.watchers = watchers
		s.notify(lg, api.Message{Type: "watchers", Game: lg.id, Watchers: &watchers})
	}
}

// seatsOnline returns which seats of a game (lg locked) have a player following it.
func seatsOnline(lg *liveGame) [2]bool {
	var online [2]bool
	for c := range lg.subs {
		if c.user == nil {
			continue
		}
		for p := game.First; p <= game.Second; p++ {
			if lg.row.Seats[p].UserID == c.user.ID {
				online[p] = true
			}
		}
	}
	return online
}

// unsubscribe removes c from a game's followers.
func (s *Server) unsubscribe(id string, c *conn) {
	s.mu.Lock()
	lg := s.games[id]
	s.mu.Unlock()
	if lg != nil {
		lg.mu.Lock()
		if _, ok := lg.subs[c]; ok {
			delete(lg.subs, c)
			s.presence(lg)
		}
		lg.mu.Unlock()
	}
	c.mu.Lock()
	delete(c.games, id)
	c.mu.Unlock()
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

// broadcast sends events to lg's followers (lg locked), each in the form its viewer may see:
// a pending selection reaches only its owner. Events already sent to a follower are skipped.
func (s *Server) broadcast(lg *liveGame, evs []game.Event) {
	if len(lg.subs) == 0 || len(evs) == 0 {
		return
	}
	type key struct {
		v      int64
		viewer game.Player
	}
	cache := map[key][]byte{}
	// Views are shared by the followers who see the same: the same side, and for the side of
	// nobody, the holder of both seats of a hot-seat game apart from the spectators; each
	// carries only the history its follower has not seen (the moves from the first it missed).
	type viewKey struct {
		viewer game.Player
		holder bool
		from   int
	}
	views := map[viewKey]*api.Game{}
	for c, sub := range lg.subs {
		from := -1
		for i := range evs {
			if evs[i].Version > sub.sent {
				from = game.HistoryFrom(evs[i:])
				break
			}
		}
		for i := range evs {
			ev := &evs[i]
			if ev.Version <= sub.sent {
				continue
			}
			k := key{ev.Version, sub.viewer}
			b, ok := cache[k]
			if !ok {
				e := ev.For(sub.viewer)
				b = mustJSON(api.Message{Type: "event", Game: lg.id, Event: &e})
				cache[k] = b
			}
			if sub.views && i == len(evs)-1 {
				vk := viewKey{sub.viewer, c.user != nil && (lg.row.Seats[0].UserID == c.user.ID || lg.row.Seats[1].UserID == c.user.ID), from}
				v, ok := views[vk]
				if !ok {
					gv := s.gameView(lg, c.user, sub.viewer)
					gv.View.Since(from)
					v = &gv
					views[vk] = v
				}
				e := ev.For(sub.viewer)
				b = mustJSON(api.Message{Type: "event", Game: lg.id, Event: &e, View: v})
			}
			c.push(b)
			sub.sent = ev.Version
		}
	}
}

// notify sends a message to every follower of a game (a rematch, a seat taken).
func (s *Server) notify(lg *liveGame, m api.Message) {
	b := mustJSON(m)
	for c := range lg.subs {
		c.push(b)
	}
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
		list, err := s.lobby(context.Background())
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
