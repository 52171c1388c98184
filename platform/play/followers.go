package play

import (
	"context"
	"encoding/json"
	"errors"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// subscription is what a follower follows of one game.
type subscription struct {
	// viewer is the side whose secrets the follower may see (NoPlayer for a spectator or a
	// hot-seat holder of both seats, whose page knows its own selections).
	viewer game.Player
	// views asks for the viewer's fresh view with every batch of events.
	views bool
	// sent is the version of the last event sent.
	sent int64
}

// mustJSON encodes a message (the wire types always encode).
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// viewerOf returns the side whose secrets u may see in the game.
func viewerOf(row domain.Game, u *domain.User) game.Player {
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

// ErrGone is CatchUp's answer when the follower left while it caught up.
var ErrGone = errors.New("the client left")

// CatchUp sends the stored events of game id after a version through send, a page at a time,
// before the follower subscribes: a long history never has to fit in a connection's queue.
// Versions only grow (a takeback is an event too), so what comes after the returned version is
// left for Subscribe. Stored events are in their public form.
func (s *Service) CatchUp(ctx context.Context, id string, after int64, send func([]byte) bool) (int64, error) {
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
				return after, ErrGone
			}
			after = e.Version
		}
		if len(stored) < page {
			return after, nil
		}
	}
}

// Subscribe adds f to game id's followers and sends it what it missed since after (-1: no
// backlog), then a "subscribed" message (with the view when views). It reports whether the
// game is over.
func (s *Service) Subscribe(ctx context.Context, id string, f Follower, after int64, views bool) (over bool, err error) {
	err = s.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		sub := &subscription{viewer: viewerOf(lg.row, f.User()), views: views, sent: lg.tb.Version()}
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
				f.Push(mustJSON(api.Message{Type: "event", Game: lg.id, Event: &ev}))
			}
		}
		lg.subs[f] = sub
		online, watchers := seatsOnline(lg), watcherCount(lg)
		m := api.Message{Type: "subscribed", Game: lg.id, Version: lg.tb.Version(), Online: &online, Watchers: &watchers}
		if views {
			v := s.view(lg, f.User(), game.NoPlayer)
			m.View = &v
		}
		f.Push(mustJSON(m))
		s.presence(lg)
		over = lg.tb.Over()
		return nil
	})
	return over, err
}

// Unsubscribe removes f from game id's followers.
func (s *Service) Unsubscribe(ctx context.Context, id string, f Follower) {
	s.games.IfLoaded(ctx, id, func(ctx context.Context, v **liveGame) {
		lg := *v
		if _, ok := lg.subs[f]; ok {
			delete(lg.subs, f)
			s.presence(lg)
		}
	})
}

// presence tells a game's followers which seats have a player following it, and how many
// spectators follow it, when that changes: the page shows whether the opponent is there.
func (s *Service) presence(lg *liveGame) {
	if online := seatsOnline(lg); online != lg.online {
		lg.online = online
		s.notify(lg, api.Message{Type: "presence", Game: lg.id, Online: &online})
	}
	if watchers := watcherCount(lg); watchers != lg.watchers {
		lg.watchers = watchers
		s.notify(lg, api.Message{Type: "watchers", Game: lg.id, Watchers: &watchers})
	}
}

// seatsOnline returns which seats of a game have a player following it.
func seatsOnline(lg *liveGame) [2]bool {
	var online [2]bool
	for f := range lg.subs {
		u := f.User()
		if u == nil {
			continue
		}
		for p := game.First; p <= game.Second; p++ {
			if lg.row.Seats[p].UserID == u.ID {
				online[p] = true
			}
		}
	}
	return online
}

// watcherCount counts a game's spectators: its followers who do not play it, each user once
// and each anonymous follower.
func watcherCount(lg *liveGame) int {
	n := 0
	seen := map[int64]bool{}
	for f := range lg.subs {
		u := f.User()
		switch {
		case u == nil:
			n++
		case lg.row.Seats[0].UserID != u.ID && lg.row.Seats[1].UserID != u.ID && !seen[u.ID]:
			seen[u.ID] = true
			n++
		}
	}
	return n
}

// broadcast sends events to lg's followers, each in the form its viewer may see: a pending
// selection reaches only its owner. Events already sent to a follower are skipped. Messages are
// encoded once for all the followers who see the same; views carry only the history their
// follower has not seen (the moves from the first it missed).
func (s *Service) broadcast(lg *liveGame, evs []game.Event) {
	if len(lg.subs) == 0 || len(evs) == 0 {
		return
	}
	// An event's text is made once for each side that sees it, and a view once for the
	// followers who see the same: the same side, and for the side of nobody, the holder of both
	// seats of a hot-seat game apart from the spectators. A game has a few followers and a move
	// one or two events, so short lists searched in order hold them, on the stack (maps made
	// for every move were a twelfth of what a move allocated).
	type key struct {
		v      int64
		viewer game.Player
	}
	type text struct {
		k key
		b []byte
	}
	var textBuf [8]text
	cache := textBuf[:0]
	type viewKey struct {
		viewer game.Player
		holder bool
		from   int
	}
	type view struct {
		k viewKey
		v *api.Game
	}
	var viewBuf [4]view
	views := viewBuf[:0]
	for f, sub := range lg.subs {
		from := -1
		for i := range evs {
			if evs[i].Version > sub.sent {
				from = game.HistoryFrom(evs[i:])
				break
			}
		}
		u := f.User()
		for i := range evs {
			ev := &evs[i]
			if ev.Version <= sub.sent {
				continue
			}
			k := key{ev.Version, sub.viewer}
			var b []byte
			for _, t := range cache {
				if t.k == k {
					b = t.b
					break
				}
			}
			if b == nil {
				e := ev.For(sub.viewer)
				b = mustJSON(api.Message{Type: "event", Game: lg.id, Event: &e})
				cache = append(cache, text{k, b})
			}
			if sub.views && i == len(evs)-1 {
				vk := viewKey{sub.viewer, u != nil && (lg.row.Seats[0].UserID == u.ID || lg.row.Seats[1].UserID == u.ID), from}
				var v *api.Game
				for _, w := range views {
					if w.k == vk {
						v = w.v
						break
					}
				}
				if v == nil {
					gv := s.view(lg, u, sub.viewer)
					gv.View.Since(from)
					v = &gv
					views = append(views, view{vk, v})
				}
				e := ev.For(sub.viewer)
				b = mustJSON(api.Message{Type: "event", Game: lg.id, Event: &e, View: v})
			}
			f.Push(b)
			sub.sent = ev.Version
		}
	}
}

// notify sends a message to every follower of a game.
func (s *Service) notify(lg *liveGame, m api.Message) {
	b := mustJSON(m)
	for f := range lg.subs {
		f.Push(b)
	}
}

// Events returns game id's events after a version, as u may see them.
func (s *Service) Events(ctx context.Context, u *domain.User, id string, after int64) ([]game.Event, error) {
	var viewer game.Player
	if err := s.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		viewer = viewerOf(lg.row, u)
		return nil
	}); err != nil {
		return nil, err
	}
	stored, err := s.store.Events(ctx, id, after, 10000)
	if err != nil {
		return nil, err
	}
	out := make([]game.Event, 0, len(stored))
	for _, e := range stored {
		var ev game.Event
		if err := json.Unmarshal(e.Body, &ev); err != nil {
			return nil, err
		}
		out = append(out, ev.For(viewer))
	}
	return out, nil
}
