package play

import (
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
)

// follower is a Follower that encodes what it is pushed, as the server's sockets do.
type follower struct {
	user *domain.User
	got  []*Update
	enc  func(*Update) []byte
}

func (f *follower) User() *domain.User { return f.user }
func (f *follower) Push(u *Update) {
	f.got = append(f.got, u)
	u.Encoded(f.enc)
}

// countViews is a viewer that counts the views it makes.
type countViews struct{ n int }

func (c *countViews) view(lg *liveGame, u *domain.User, as game.Player) api.Game {
	c.n++
	return api.Game{ID: lg.id, View: lg.tb.View(as, t0)}
}

// TestBroadcastEncodesOncePerForm: a broadcast hands the followers who may see the same the
// same update, encoded once for all of them (a side's players, the spectators, a view asked
// for), and a pending selection only to its owner's followers.
func TestBroadcastEncodesOncePerForm(t *testing.T) {
	tb := newTable(t, "turncoat", game.TimeControl{})
	if !tb.ToAct().Simultaneous() {
		t.Fatal("turncoat does not start with a round")
	}
	var buf [64]game.Action
	evs, err := tb.Submit(game.First, tb.State().Legal(game.First, buf[:0])[0], t0)
	if err != nil || len(evs) != 1 || evs[0].Kind != game.EventSelection {
		t.Fatalf("a selection: %v %v", evs, err)
	}
	var encodes atomic.Int32
	enc := func(u *Update) []byte {
		encodes.Add(1)
		b, _ := json.Marshal(u.Event)
		return b
	}
	a, b, c := &domain.User{ID: ann}, &domain.User{ID: bob}, &domain.User{ID: 3}
	lg := &liveGame{id: "g", row: rowOf(domain.ModeOnline, ann, bob), tb: tb, subs: map[Follower]*subscription{}}
	type sub struct {
		f      *follower
		views  bool
		secret bool // sees the selection
		form   string
	}
	subs := []sub{
		{&follower{user: a}, false, true, "first"},
		{&follower{user: a}, false, true, "first"},
		{&follower{user: a}, true, true, "first's view"},
		{&follower{user: b}, false, false, "second"},
		{&follower{user: b}, false, false, "second"},
		{&follower{user: c}, false, false, "public"},
		{&follower{}, false, false, "public"},
		{&follower{}, true, false, "public view"},
		{&follower{user: c}, true, false, "public view"},
	}
	for _, s := range subs {
		s.f.enc = enc
		lg.subs[s.f] = &subscription{viewer: viewerOf(lg.row, s.f.user), views: s.views}
	}
	views := &countViews{}
	(&followers{views: views}).broadcast(lg, evs)
	forms := map[string]*Update{}
	for _, s := range subs {
		if len(s.f.got) != 1 {
			t.Fatalf("%s: %d updates, want 1", s.form, len(s.f.got))
		}
		u := s.f.got[0]
		if (u.Event.Selection != "") != s.secret || u.Event.Commitment == "" || (u.View != nil) != s.views {
			t.Errorf("%s: event %+v, view %v", s.form, u.Event, u.View != nil)
		}
		if prev, ok := forms[s.form]; ok && prev != u {
			t.Errorf("%s: a second update of the same form", s.form)
		}
		forms[s.form] = u
	}
	if len(forms) != 5 || encodes.Load() != 5 || views.n != 2 {
		t.Errorf("%d forms, %d encodings, %d views; want 5, 5 and 2", len(forms), encodes.Load(), views.n)
	}
	// Sent events are not sent again.
	(&followers{views: views}).broadcast(lg, evs)
	for _, s := range subs {
		if len(s.f.got) != 1 {
			t.Errorf("%s: %d updates after the same events again", s.form, len(s.f.got))
		}
	}
}

// TestUpdateEncodedOnce: followers encoding one update at once (sockets' writers) share one
// encoding.
func TestUpdateEncodedOnce(t *testing.T) {
	u := &Update{Kind: UpdateWatchers, Game: "g", Watchers: 3}
	var n atomic.Int32
	enc := func(u *Update) []byte { n.Add(1); return []byte("x") }
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if b := u.Encoded(enc); string(b) != "x" {
				t.Errorf("encoded %q", b)
			}
		})
	}
	wg.Wait()
	if n.Load() != 1 {
		t.Errorf("encoded %d times", n.Load())
	}
}

// BenchmarkBroadcast is a move's broadcast to a game's followers (its two players, one asking
// for views, and spectators), each follower encoding what it gets as the server's sockets do.
func BenchmarkBroadcast(b *testing.B) {
	st, _ := games.Registry().New("reversi", "")
	base, _ := game.NewTable(st, game.TableConfig{Now: t0})
	enc := func(u *Update) []byte {
		m := api.Message{Type: "event", Game: u.Game, Event: &u.Event, View: u.View}
		out, _ := json.Marshal(m)
		return out
	}
	lg := &liveGame{id: "g", row: rowOf(domain.ModeOnline, ann, bob), subs: map[Follower]*subscription{}}
	users := []*domain.User{{ID: ann}, {ID: bob}}
	for i := range 22 {
		var u *domain.User
		if i < 2 {
			u = users[i]
		}
		lg.subs[&discard{user: u, enc: enc}] = &subscription{viewer: viewerOf(lg.row, u), views: i == 0}
	}
	f := &followers{views: &views{now: func() time.Time { return t0 }}}
	b.ReportAllocs()
	for b.Loop() {
		tb := base.Clone()
		evs, _ := tb.SubmitText(game.First, "f5", t0)
		lg.tb = tb
		for _, sub := range lg.subs {
			sub.sent = 0
		}
		f.broadcast(lg, evs)
	}
}

// discard is a follower that encodes what it gets and keeps nothing.
type discard struct {
	user *domain.User
	enc  func(*Update) []byte
}

func (d *discard) User() *domain.User { return d.user }
func (d *discard) Push(u *Update)     { u.Encoded(d.enc) }
