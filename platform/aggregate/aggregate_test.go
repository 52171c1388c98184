package aggregate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"turncoat/domain"
)

// counter is a versioned aggregate for the tests: its store is a map guarded by a lock, and a
// commit from a stale version conflicts.
type counter struct {
	version int64
	n       int
}

type counterStore struct {
	mu    sync.Mutex
	rows  map[string]counter
	loads atomic.Int64
}

func (s *counterStore) load(_ context.Context, id string) (counter, error) {
	s.loads.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.rows[id]
	if !ok {
		return counter{}, domain.ErrNotFound
	}
	return c, nil
}

func (s *counterStore) commit(id string, from int64, next counter) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rows[id].version != from {
		return fmt.Errorf("%w: at %d, not %d", domain.ErrConflict, s.rows[id].version, from)
	}
	s.rows[id] = next
	return nil
}

func increment(s *counterStore, id string) func(ctx context.Context, cur counter) (counter, func(context.Context) error, error) {
	return func(ctx context.Context, cur counter) (counter, func(context.Context) error, error) {
		next := counter{version: cur.version + 1, n: cur.n + 1}
		return next, func(context.Context) error { return s.commit(id, cur.version, next) }, nil
	}
}

// TestUpdatesAreSerialAndRetried: many concurrent updates of one aggregate each apply once; a
// change committed meanwhile by "another instance" is picked up by a reload and the update is
// tried again on it.
func TestUpdatesAreSerialAndRetried(t *testing.T) {
	st := &counterStore{rows: map[string]counter{"a": {}}}
	c := New(Config[counter]{Load: st.load, Mailbox: 1000})
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Update(ctx, "a", increment(st, "a")); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	// Another instance moves the store on; the cache's copy is stale.
	st.mu.Lock()
	st.rows["a"] = counter{version: 500, n: 1000}
	st.mu.Unlock()
	got, err := c.Update(ctx, "a", increment(st, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if got.n != 1001 || st.rows["a"].n != 1001 {
		t.Fatalf("after the conflict: %+v, stored %+v", got, st.rows["a"])
	}
	if st.loads.Load() != 2 {
		t.Errorf("%d loads, want 2 (the first, and the reload after the conflict)", st.loads.Load())
	}
}

// TestBusyAndNotFound: a full mailbox answers Busy at once; a missing aggregate is the load's
// error, and the actor loads again next time.
func TestBusyAndNotFound(t *testing.T) {
	st := &counterStore{rows: map[string]counter{"a": {}}}
	c := New(Config[counter]{Load: st.load, Mailbox: 2})
	ctx := context.Background()
	block := make(chan struct{})
	started := make(chan struct{})
	go c.Do(ctx, "a", func(context.Context, *counter) error { close(started); <-block; return nil })
	<-started
	// Two works wait behind the blocked one: posts, which are in the mailbox when Post
	// returns (as a Do's work is before Do waits for it).
	ran := make(chan struct{}, 2)
	for range 2 {
		c.Post(ctx, "a", func(context.Context, *counter) { ran <- struct{}{} })
	}
	c.mu.Lock()
	waiting := len(c.actors["a"].mbox)
	c.mu.Unlock()
	if waiting != 2 {
		t.Fatalf("%d works wait, want 2", waiting)
	}
	if err := c.Do(ctx, "a", func(context.Context, *counter) error { return nil }); !errors.Is(err, ErrBusy) {
		t.Fatalf("a full mailbox: %v, want busy", err)
	}
	close(block)
	<-ran
	<-ran
	if err := c.Do(ctx, "nope", func(context.Context, *counter) error { return nil }); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("a missing aggregate: %v", err)
	}
	st.mu.Lock()
	st.rows["nope"] = counter{n: 7}
	st.mu.Unlock()
	var n int
	if err := c.Do(ctx, "nope", func(_ context.Context, v *counter) error { n = v.n; return nil }); err != nil || n != 7 {
		t.Errorf("made meanwhile: %v, %d", err, n)
	}
}

// TestEviction: an idle actor leaves unless Keep holds it; Evicted is told.
func TestEviction(t *testing.T) {
	st := &counterStore{rows: map[string]counter{"a": {}, "b": {n: 1}}}
	evicted := make(chan int, 2)
	c := New(Config[counter]{Load: st.load, Idle: 20 * time.Millisecond,
		Keep:    func(v counter) bool { return v.n == 1 },
		Evicted: func(v counter) { evicted <- v.n }})
	ctx := context.Background()
	for _, id := range []string{"a", "b"} {
		if err := c.Do(ctx, id, func(context.Context, *counter) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	// Evicted is told once the actor has left (under the lock that Len takes).
	select {
	case n := <-evicted:
		if n != 0 {
			t.Fatalf("the kept aggregate was evicted")
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("Evicted was not told within 5 s; %d aggregates in memory", c.Len())
	}
	if n := c.Len(); n != 1 {
		t.Fatalf("%d aggregates in memory, want the kept one", n)
	}
	select {
	case <-evicted:
		t.Error("the kept aggregate was evicted")
	default:
	}
}

// TestPost: Post returns at once, runs nothing for an aggregate not in memory, and runs its
// work even when the actor's mailbox is full (later, not dropped).
func TestPost(t *testing.T) {
	st := &counterStore{rows: map[string]counter{"a": {}, "b": {}}}
	c := New(Config[counter]{Load: st.load, Mailbox: 1})
	ctx := context.Background()
	var ran atomic.Int32
	c.Post(ctx, "b", func(context.Context, *counter) { ran.Add(1) }) // not in memory: nothing
	block := make(chan struct{})
	started := make(chan struct{})
	go c.Do(ctx, "a", func(context.Context, *counter) error { close(started); <-block; return nil })
	<-started
	done := make(chan struct{})
	last := make(chan struct{})
	go func() {
		for i := range 3 {
			c.Post(ctx, "a", func(context.Context, *counter) {
				if ran.Add(1); i == 2 {
					close(last)
				}
			})
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Post waited for a busy actor")
	}
	close(block)
	<-last // the posts run in order: the last one runs last
	if ran.Load() != 3 {
		t.Fatalf("%d posts ran, want 3 (and none for the aggregate not in memory)", ran.Load())
	}
}

// TestPostOverflow: posts to an actor whose mailbox is full wait in its overflow, in order,
// with no goroutine each; beyond the overflow's bound the oldest coalesce into one resync,
// which runs before the posts kept. Do still answers Busy on a full mailbox.
func TestPostOverflow(t *testing.T) {
	for _, tc := range []struct {
		name              string
		mailbox, overflow int
		posts             int
		want              []string
	}{
		{"room", 4, 2, 3, []string{"p0", "p1", "p2"}},
		{"full", 2, 3, 5, []string{"p0", "p1", "p2", "p3", "p4"}},
		{"beyond", 2, 3, 9, []string{"p0", "p1", "resync", "p6", "p7", "p8"}},
		{"one", 1, 1, 4, []string{"p0", "resync", "p3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &counterStore{rows: map[string]counter{"a": {}}}
			var ran []string // appended in the actor only
			c := New(Config[counter]{Load: st.load, Mailbox: tc.mailbox, Overflow: tc.overflow,
				Resync: func(context.Context, string, *counter) { ran = append(ran, "resync") }})
			ctx := context.Background()
			block := make(chan struct{})
			started := make(chan struct{})
			held := make(chan error, 1)
			go func() {
				held <- c.Do(ctx, "a", func(context.Context, *counter) error { close(started); <-block; return nil })
			}()
			<-started
			last := make(chan struct{})
			for i := range tc.posts {
				c.Post(ctx, "a", func(context.Context, *counter) {
					if ran = append(ran, fmt.Sprintf("p%d", i)); i == tc.posts-1 {
						close(last)
					}
				})
			}
			c.mu.Lock()
			a := c.actors["a"]
			queued, spilled := len(a.mbox), len(a.overflow)
			c.mu.Unlock()
			if queued > tc.mailbox+1 || spilled > tc.overflow {
				t.Errorf("%d works and %d posts wait, want at most %d and %d", queued, spilled, tc.mailbox+1, tc.overflow)
			}
			if full := tc.posts >= tc.mailbox; full {
				if err := c.Do(ctx, "a", func(context.Context, *counter) error { return nil }); !errors.Is(err, ErrBusy) {
					t.Errorf("Do on a full mailbox: %v, want busy", err)
				}
			}
			close(block)
			if err := <-held; err != nil {
				t.Fatal(err)
			}
			<-last // the last post is always kept, and runs last
			got := slices.Clone(ran)
			if !slices.Equal(got, tc.want) {
				t.Errorf("ran %v, want %v", got, tc.want)
			}
		})
	}
}

// TestPostResyncDefault: without a Resync, the posts dropped beyond the bound become a reload
// of the aggregate from the store.
func TestPostResyncDefault(t *testing.T) {
	st := &counterStore{rows: map[string]counter{"a": {n: 1}}}
	c := New(Config[counter]{Load: st.load, Mailbox: 1, Overflow: 1})
	ctx := context.Background()
	block := make(chan struct{})
	started := make(chan struct{})
	go c.Do(ctx, "a", func(context.Context, *counter) error { close(started); <-block; return nil })
	<-started
	st.mu.Lock()
	st.rows["a"] = counter{version: 1, n: 7} // changed elsewhere
	st.mu.Unlock()
	var n int
	last := make(chan struct{})
	for i := range 3 {
		c.Post(ctx, "a", func(_ context.Context, v *counter) {
			if i == 2 {
				n = v.n
				close(last)
			}
		})
	}
	close(block)
	<-last
	if n != 7 || st.loads.Load() != 2 {
		t.Errorf("after the resync: n %d after %d loads, want 7 after 2", n, st.loads.Load())
	}
}

// TestUpdateCancelledWhileWorking: an Update whose context ends while its change runs waits
// for the change and its commit, and returns what they did: the caller's value is never
// written by the actor after Update has returned (run with -race).
func TestUpdateCancelledWhileWorking(t *testing.T) {
	st := &counterStore{rows: map[string]counter{"a": {}}}
	c := New(Config[counter]{Load: st.load})
	ctx, cancel := context.WithCancel(context.Background())
	inChange := make(chan struct{})
	release := make(chan struct{})
	go func() {
		<-inChange
		cancel()
		close(release)
	}()
	v, err := c.Update(ctx, "a", func(_ context.Context, cur counter) (counter, func(context.Context) error, error) {
		close(inChange)
		<-release
		next := counter{version: cur.version + 1, n: cur.n + 1}
		return next, func(context.Context) error { return st.commit("a", cur.version, next) }, nil
	})
	if err != nil || v != (counter{version: 1, n: 1}) {
		t.Errorf("Update: %+v, %v; want the change committed: {version:1 n:1}, nil", v, err)
	}
	if stored := st.rows["a"]; stored != v {
		t.Errorf("stored %+v, Update returned %+v", stored, v)
	}
}

// TestIfLoadedCancelledWhileQueued: an IfLoaded whose context ends while its work waits behind
// another in the actor still waits for f, and reports it ran: the caller reads what f wrote as
// soon as IfLoaded returns, so f must never write it later (it did: a chat notice the listener
// gave up on at shutdown, under the race detector).
func TestIfLoadedCancelledWhileQueued(t *testing.T) {
	// In a bubble, synctest.Wait returns once every goroutine is blocked: the actor on the
	// busy work, the IfLoaded on its answer.
	synctest.Test(t, func(t *testing.T) {
		st := &counterStore{rows: map[string]counter{"a": {n: 3}}}
		c := New(Config[counter]{Load: st.load})
		release := make(chan struct{})
		go c.Do(context.Background(), "a", func(context.Context, *counter) error {
			<-release
			return nil
		})
		synctest.Wait()
		ctx, cancel := context.WithCancel(context.Background())
		var seen atomic.Int64
		returned := make(chan bool, 1)
		go func() {
			returned <- c.IfLoaded(ctx, "a", func(_ context.Context, v *counter) { seen.Store(int64(v.n)) })
		}()
		synctest.Wait()
		// The IfLoaded's work waits in the mailbox (the actor is busy) when its context ends.
		cancel()
		synctest.Wait()
		select {
		case ran := <-returned:
			t.Fatalf("IfLoaded returned %v while its work still waited in the mailbox", ran)
		default:
		}
		close(release)
		if ran := <-returned; !ran || seen.Load() != 3 {
			t.Errorf("IfLoaded: ran %v, f saw n=%d; want true after f saw 3", ran, seen.Load())
		}
		// The bubble ends once its goroutines have: the actor leaves when idle (the bubble's
		// clock moves on while all wait).
		c.Close()
		c.wg.Wait()
	})
}
