// Package aggregate keeps the service's versioned aggregates in memory (a live game, a
// tournament, a paired event), one actor each: a goroutine that owns the aggregate and runs the
// work sent to it one at a time, in order, from a bounded mailbox. The store is authoritative:
// an aggregate is loaded on first use, changed on a copy that is committed from the version it
// was made on, replaced only once the commit succeeded, and reloaded when another instance
// committed first (the change is then tried again on the fresh state). An actor with nothing to
// do for a while, and nothing that keeps it (followers, timers), is evicted.
package aggregate

import (
	"context"
	"errors"
	"sync"
	"time"

	"turncoat/domain"
)

// Config sets up a cache of aggregates of type T.
type Config[T any] struct {
	// Load reads an aggregate from the store (domain.ErrNotFound, or an error whose code is
	// domain.NotFound, when there is none).
	Load func(ctx context.Context, id string) (T, error)
	// Keep reports whether an idle aggregate must stay in memory (followers, running clocks).
	Keep func(v T) bool
	// Evicted is told of an aggregate leaving memory (to stop its timers).
	Evicted func(v T)
	// Idle is how long an actor waits for work before it may be evicted (default a minute).
	Idle time.Duration
	// Mailbox bounds the work waiting for one actor (default 64): beyond it, Do answers Busy
	// at once rather than queueing without end.
	Mailbox int
	// Retries bounds how often Update tries a change again after a conflict (default 1).
	Retries int
	// Reload, when set, reads an aggregate again after a conflict from the one in memory (to
	// keep what is not stored, such as its followers); Load otherwise.
	Reload func(ctx context.Context, id string, cur T) (T, error)
	// Overflow bounds the posts (see Post) that wait for an actor whose mailbox is full
	// (default the larger of Mailbox and 64). Beyond it, the oldest of them coalesce into one
	// Resync.
	Overflow int
	// Resync, when set, brings an aggregate up to date in its actor in place of the posts
	// dropped beyond Overflow (a post says that something changed elsewhere: reading the
	// aggregate again covers any number of them); by default the aggregate is read again
	// (Reload, else Load), and kept as it was if that fails.
	Resync func(ctx context.Context, id string, v *T)
}

// Cache is the aggregates of one kind held in memory.
type Cache[T any] struct {
	cfg Config[T]

	mu     sync.Mutex
	actors map[string]*actor[T]
	closed bool
	wg     sync.WaitGroup
}

type actor[T any] struct {
	id string
	// mbox holds the work waiting, at most Config.Mailbox items, and one slot more kept for
	// the work that drains overflow.
	mbox   chan work[T]
	loaded bool
	value  T
	// overflow holds, in order, the posts that found the mailbox full, at most
	// Config.Overflow; resync tells that older ones were dropped, to be covered by one
	// Config.Resync. Both are guarded by the cache's lock; while either is set, a drain work
	// waits in the mailbox's kept slot (see Post).
	overflow []work[T]
	resync   bool
}

type work[T any] struct {
	ctx context.Context
	f   func(ctx context.Context, v *T) error
	// done receives f's error (nil for a post: nobody waits for it).
	done chan error
	// drain, instead of f, runs the posts waiting in the actor's overflow (see Post).
	drain bool
}

// ErrBusy is the answer when an aggregate's mailbox is full.
var ErrBusy = domain.Errorf(domain.Busy, "busy: too many requests wait for this; try again in a moment")

// errClosed is the answer once the cache is closed.
var errClosed = domain.Errorf(domain.Unavailable, "the server is shutting down")

// New returns an empty cache.
func New[T any](cfg Config[T]) *Cache[T] {
	if cfg.Idle <= 0 {
		cfg.Idle = time.Minute
	}
	if cfg.Mailbox <= 0 {
		cfg.Mailbox = 64
	}
	if cfg.Retries <= 0 {
		cfg.Retries = 1
	}
	if cfg.Overflow <= 0 {
		cfg.Overflow = max(cfg.Mailbox, 64)
	}
	return &Cache[T]{cfg: cfg, actors: map[string]*actor[T]{}}
}

// Do runs f on aggregate id in its actor, loading it first if it is not in memory, and returns
// f's error (or the load's). f may replace *v. It answers ErrBusy at once when the actor's
// mailbox is full. Once the work is in the mailbox Do waits for f, even if ctx ends meanwhile:
// f gets ctx, so its own calls end with it (a change half made is never left), and what f
// writes of the caller's variables is the caller's to read once Do returns (had Do left on
// ctx's end, f would write them while the caller read them). The wait is bounded by the works
// ahead in the mailbox.
func (c *Cache[T]) Do(ctx context.Context, id string, f func(ctx context.Context, v *T) error) error {
	w := work[T]{ctx: ctx, f: f, done: make(chan error, 1)}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return errClosed
	}
	a := c.actors[id]
	if a == nil {
		a = &actor[T]{id: id, mbox: make(chan work[T], c.cfg.Mailbox+1)}
		c.actors[id] = a
		c.wg.Add(1)
		go c.run(a)
	}
	// The send is made under the lock, and the actor leaves only under it with an empty
	// mailbox: no work is ever sent to an actor that has gone. Only the actor takes from the
	// mailbox meanwhile, so a send below Mailbox never blocks, and the last slot stays free
	// for a drain (see Post).
	if len(a.mbox) >= c.cfg.Mailbox {
		c.mu.Unlock()
		return ErrBusy
	}
	a.mbox <- w
	c.mu.Unlock()
	return <-w.done
}

// Update changes aggregate id: change gets the current value and returns the next one with the
// commit that stores it (made from the current value's version); the next value replaces the
// current only once commit succeeds (a commit may finish its work on next, in the actor, once
// stored: tell followers, set timers). A commit that fails with domain.ErrConflict (another
// instance came first) reloads the aggregate and runs change again, up to Config.Retries times;
// a change that has nothing to commit returns a nil commit. It returns the value after (the
// zero value with an error).
func (c *Cache[T]) Update(ctx context.Context, id string, change func(ctx context.Context, cur T) (next T, commit func(context.Context) error, err error)) (T, error) {
	var out T
	err := c.Do(ctx, id, func(ctx context.Context, v *T) error {
		for attempt := 0; ; attempt++ {
			next, commit, err := change(ctx, *v)
			if err != nil {
				return err
			}
			if commit == nil {
				out = *v
				return nil
			}
			err = commit(ctx)
			if err == nil {
				*v = next
				out = next
				return nil
			}
			if !errors.Is(err, domain.ErrConflict) || attempt >= c.cfg.Retries {
				return err
			}
			var fresh T
			var lerr error
			if c.cfg.Reload != nil {
				fresh, lerr = c.cfg.Reload(ctx, id, *v)
			} else {
				fresh, lerr = c.cfg.Load(ctx, id)
			}
			if lerr != nil {
				return lerr
			}
			*v = fresh
		}
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}

// run is an actor's loop.
func (c *Cache[T]) run(a *actor[T]) {
	defer c.wg.Done()
	idle := time.NewTimer(c.cfg.Idle)
	defer idle.Stop()
	for {
		select {
		case w := <-a.mbox:
			c.serve(a, w)
			if !idle.Stop() {
				select {
				case <-idle.C:
				default:
				}
			}
			idle.Reset(c.cfg.Idle)
		case <-idle.C:
			if c.leave(a) {
				return
			}
			idle.Reset(c.cfg.Idle)
		}
	}
}

// serve runs one piece of work, loading the aggregate first when needed. A load that fails
// leaves the actor empty: the next work loads again.
func (c *Cache[T]) serve(a *actor[T], w work[T]) {
	if w.drain {
		// The overflow is taken before loading: a load that fails drops the posts rather
		// than leaving them to wait for a drain that has gone.
		c.mu.Lock()
		posts, resync := a.overflow, a.resync
		a.overflow, a.resync = nil, false
		c.mu.Unlock()
		w.f = func(ctx context.Context, v *T) error {
			if resync {
				c.resync(ctx, a.id, v)
			}
			for _, p := range posts {
				p.f(p.ctx, v)
			}
			return nil
		}
	}
	if !a.loaded {
		v, err := c.cfg.Load(w.ctx, a.id)
		if err != nil {
			if w.done != nil {
				w.done <- err
			}
			return
		}
		a.value, a.loaded = v, true
	}
	err := w.f(w.ctx, &a.value)
	if w.done != nil {
		w.done <- err
	}
}

// leave evicts an idle actor unless its aggregate must stay or work came meanwhile; it reports
// whether the actor has gone.
func (c *Cache[T]) leave(a *actor[T]) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(a.mbox) > 0 || a.loaded && c.cfg.Keep != nil && c.cfg.Keep(a.value) && !c.closed {
		return false
	}
	delete(c.actors, a.id)
	if a.loaded && c.cfg.Evicted != nil {
		c.cfg.Evicted(a.value)
	}
	return true
}

// Len returns the number of aggregates in memory.
func (c *Cache[T]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.actors)
}

// Each runs f on every aggregate in memory, each in its own actor (a shutdown stopping their
// timers, a reload after a lost notification connection); errors are f's to report.
func (c *Cache[T]) Each(ctx context.Context, f func(ctx context.Context, id string, v *T)) {
	c.mu.Lock()
	ids := make([]string, 0, len(c.actors))
	for id := range c.actors {
		ids = append(ids, id)
	}
	c.mu.Unlock()
	for _, id := range ids {
		c.IfLoaded(ctx, id, func(ctx context.Context, v *T) { f(ctx, id, v) })
	}
}

// IfLoaded runs f on aggregate id in its actor only if it is in memory and loaded (a change
// another instance made, to follow); it reports whether f ran.
func (c *Cache[T]) IfLoaded(ctx context.Context, id string, f func(ctx context.Context, v *T)) bool {
	c.mu.Lock()
	_, ok := c.actors[id]
	c.mu.Unlock()
	if !ok {
		return false
	}
	ran := false
	c.Do(ctx, id, func(ctx context.Context, v *T) error {
		f(ctx, v)
		ran = true
		return nil
	})
	return ran
}

// Post runs f on aggregate id in its actor, later, if it is in memory: it returns at once (a
// notification listener must not wait for each actor in turn). Posts are notices that the
// aggregate changed elsewhere (reload, resync), so none is refused: a post that finds the
// mailbox full waits in the actor's overflow, in order after the posts before it, and the
// actor runs the overflow when it comes to the drain work the first of them put in the
// mailbox's kept slot (work that Do sent meanwhile may then run after them). No goroutine
// waits for room, and an actor holds at most Mailbox+1 works and Overflow posts: beyond that
// the oldest posts waiting are dropped, and one Config.Resync runs in their place before the
// posts kept.
func (c *Cache[T]) Post(ctx context.Context, id string, f func(ctx context.Context, v *T)) {
	w := work[T]{ctx: ctx, f: func(ctx context.Context, v *T) error { f(ctx, v); return nil }}
	c.mu.Lock()
	defer c.mu.Unlock()
	a, ok := c.actors[id]
	if !ok || c.closed {
		return
	}
	spilling := len(a.overflow) > 0 || a.resync
	if !spilling && len(a.mbox) < c.cfg.Mailbox {
		a.mbox <- w
		return
	}
	if !spilling {
		// No drain is in the mailbox (none without overflow), so its kept slot is free.
		a.mbox <- work[T]{ctx: context.WithoutCancel(ctx), drain: true}
	}
	if len(a.overflow) >= c.cfg.Overflow {
		n := copy(a.overflow, a.overflow[1:])
		clear(a.overflow[n:])
		a.overflow = a.overflow[:n]
		a.resync = true
	}
	a.overflow = append(a.overflow, w)
}

// resync brings aggregate id up to date in place of posts dropped (see Config.Resync).
func (c *Cache[T]) resync(ctx context.Context, id string, v *T) {
	if c.cfg.Resync != nil {
		c.cfg.Resync(ctx, id, v)
		return
	}
	var fresh T
	var err error
	if c.cfg.Reload != nil {
		fresh, err = c.cfg.Reload(ctx, id, *v)
	} else {
		fresh, err = c.cfg.Load(ctx, id)
	}
	if err == nil {
		*v = fresh
	}
}

// Close stops taking work; the actors leave as they go idle (Evicted told of each). It waits
// for nothing: a shutdown's own timeout bounds the work in flight.
func (c *Cache[T]) Close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
}
