package play

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"turncoat/domain"
	"turncoat/game"
)

// followers keeps the clients following games live (sockets, event streams: Follower) and
// tells them, in typed updates they encode, each event in the form their side may see, who
// follows the game, and its chat. A follower gets what it missed from the store before it joins
// a game's followers, and again after a reload.
type followers struct {
	games *tables
	store Store
	views viewer
	log   *slog.Logger
}

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

// eventUpdate is the update of one stored event (in its public form).
func eventUpdate(id string, e domain.Event, viewer game.Player) (*Update, error) {
	u := &Update{Kind: UpdateEvent, Game: id}
	if err := json.Unmarshal(e.Body, &u.Event); err != nil {
		return nil, err
	}
	u.Event = u.Event.For(viewer)
	return u, nil
}

// catchUp sends the stored events of game id after a version through send, a page at a time
// (see Service.CatchUp).
func (f *followers) catchUp(ctx context.Context, id string, after int64, send func(*Update) bool) (int64, error) {
	const page = 200
	for {
		stored, err := f.store.Events(ctx, id, after, page)
		if err != nil {
			return after, err
		}
		for _, e := range stored {
			u, err := eventUpdate(id, e, game.NoPlayer)
			if err != nil {
				return after, err
			}
			if !send(u) {
				return after, ErrGone
			}
			after = e.Version
		}
		if len(stored) < page {
			return after, nil
		}
	}
}

// subscribe adds fl to game id's followers and sends it what it missed since after (-1: no
// backlog), then a subscribed update (with the view when views). It reports whether the game
// is over.
func (f *followers) subscribe(ctx context.Context, id string, fl Follower, after int64, views bool) (over bool, err error) {
	err = f.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		sub := &subscription{viewer: viewerOf(lg.row, fl.User()), views: views, sent: lg.tb.Version()}
		if after >= 0 && after < lg.tb.Version() {
			stored, err := f.store.Events(ctx, lg.id, after, 100000)
			if err != nil {
				return err
			}
			for _, e := range stored {
				if u, err := eventUpdate(lg.id, e, sub.viewer); err == nil {
					fl.Push(u)
				}
			}
		}
		lg.subs[fl] = sub
		u := &Update{Kind: UpdateSubscribed, Game: lg.id, Version: lg.tb.Version(), Online: seatsOnline(lg), Watchers: watcherCount(lg)}
		if views {
			v := f.views.view(lg, fl.User(), game.NoPlayer)
			u.View = &v
		}
		fl.Push(u)
		f.presence(lg)
		over = lg.tb.Over()
		return nil
	})
	return over, err
}

// unsubscribe removes fl from game id's followers.
func (f *followers) unsubscribe(ctx context.Context, id string, fl Follower) {
	f.games.ifLoaded(ctx, id, func(ctx context.Context, lg *liveGame) {
		if _, ok := lg.subs[fl]; ok {
			delete(lg.subs, fl)
			f.presence(lg)
		}
	})
}

// presence tells a game's followers which seats have a player following it, and how many
// spectators follow it, when that changes: the page shows whether the opponent is there.
func (f *followers) presence(lg *liveGame) {
	if online := seatsOnline(lg); online != lg.online {
		lg.online = online
		pushAll(lg, &Update{Kind: UpdatePresence, Game: lg.id, Online: online})
	}
	if watchers := watcherCount(lg); watchers != lg.watchers {
		lg.watchers = watchers
		pushAll(lg, &Update{Kind: UpdateWatchers, Game: lg.id, Watchers: watchers})
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
// selection reaches only its owner. Events already sent to a follower are skipped. The
// followers who see the same get the same update, encoded once for all of them; views carry
// only the history their follower has not seen (the moves from the first it missed).
func (f *followers) broadcast(lg *liveGame, evs []game.Event) {
	if len(lg.subs) == 0 || len(evs) == 0 {
		return
	}
	// An event's update is made once for each side that sees it, and one with a view once for
	// the followers who see the same view: the same side, and for the side of nobody, the
	// holder of both seats of a hot-seat game apart from the spectators. A game has a few
	// followers and a move one or two events, so short lists searched in order hold them, on
	// the stack (maps made for every move were a twelfth of what a move allocated).
	type key struct {
		v      int64
		viewer game.Player
	}
	type plain struct {
		k key
		u *Update
	}
	var plainBuf [8]plain
	plains := plainBuf[:0]
	type viewKey struct {
		viewer game.Player
		holder bool
		from   int
	}
	type viewed struct {
		k viewKey
		u *Update
	}
	var viewedBuf [4]viewed
	vieweds := viewedBuf[:0]
	last := len(evs) - 1
	for fl, sub := range lg.subs {
		from := -1
		for i := range evs {
			if evs[i].Version > sub.sent {
				from = game.HistoryFrom(evs[i:])
				break
			}
		}
		user := fl.User()
		for i := range evs {
			ev := &evs[i]
			if ev.Version <= sub.sent {
				continue
			}
			var u *Update
			if sub.views && i == last {
				vk := viewKey{sub.viewer, user != nil && (lg.row.Seats[0].UserID == user.ID || lg.row.Seats[1].UserID == user.ID), from}
				for _, w := range vieweds {
					if w.k == vk {
						u = w.u
						break
					}
				}
				if u == nil {
					gv := f.views.view(lg, user, sub.viewer)
					gv.View.Since(from)
					u = &Update{Kind: UpdateEvent, Game: lg.id, Event: ev.For(sub.viewer), View: &gv}
					vieweds = append(vieweds, viewed{vk, u})
				}
			} else {
				k := key{ev.Version, sub.viewer}
				for _, t := range plains {
					if t.k == k {
						u = t.u
						break
					}
				}
				if u == nil {
					u = &Update{Kind: UpdateEvent, Game: lg.id, Event: ev.For(sub.viewer)}
					plains = append(plains, plain{k, u})
				}
			}
			fl.Push(u)
			sub.sent = ev.Version
		}
	}
}

// pushAll sends an update to every follower of a game.
func pushAll(lg *liveGame, u *Update) {
	for fl := range lg.subs {
		fl.Push(u)
	}
}

// pushTo sends an update, if game id is in memory, to those of its followers whose user may
// see it.
func (f *followers) pushTo(ctx context.Context, id string, u *Update, may func(*domain.User) bool) {
	f.games.ifLoaded(ctx, id, func(ctx context.Context, lg *liveGame) {
		for fl := range lg.subs {
			if may(fl.User()) {
				fl.Push(u)
			}
		}
	})
}

// events returns game id's events after a version, as u may see them.
func (f *followers) events(ctx context.Context, u *domain.User, id string, after int64) ([]game.Event, error) {
	row, err := f.games.row(ctx, id)
	if err != nil {
		return nil, err
	}
	viewer := viewerOf(row, u)
	stored, err := f.store.Events(ctx, id, after, 10000)
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

// pushBacklog sends each follower the stored events it has not seen (after a reload).
func (f *followers) pushBacklog(ctx context.Context, lg *liveGame) {
	var from int64 = 1 << 62
	for _, sub := range lg.subs {
		from = min(from, sub.sent)
	}
	if len(lg.subs) == 0 || from >= lg.tb.Version() {
		return
	}
	stored, err := f.store.Events(ctx, lg.id, from, 10000)
	if err != nil {
		f.log.Warn("reading events", "game", lg.id, "error", err)
		return
	}
	evs := make([]game.Event, 0, len(stored))
	for _, e := range stored {
		var ev game.Event
		if json.Unmarshal(e.Body, &ev) == nil {
			evs = append(evs, ev)
		}
	}
	f.broadcast(lg, evs)
}
