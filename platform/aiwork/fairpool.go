package aiwork

import (
	"context"
	"sync"

	"turncoat/domain"
)

// fairPool shares the cores the AI may use between the people who ask for it: AI moves, hints,
// analyses, the tournaments' house AI and the opening book's learning all run under it. At most
// slots searches run at once, and at most perOwner of one owner (a user, or the address of a
// guest, since guests are free to make), so one owner's flood of level-10 work always leaves a
// core to the others. Waiting work is served owner by owner in turn, each owner's own work in
// the order it came. Work that can be refused (a hint, an analysis) is refused at once when its
// owner already has maxWaiting of it waiting, rather than queued without end; an AI move is
// never refused (there is one per game at most, and games are limited when made).
type fairPool struct {
	slots, perOwner, maxWaiting int

	mu      sync.Mutex
	running int
	owners  map[string]*owner
	// turn lists the owners with waiting work, in the order they are served.
	turn []*owner
	// onChange reports the number of waiting requests (a metric).
	onChange func(waiting int)
	waiting  int
	// busy is the refusal of refusable work (errBusy when nil).
	busy func() error
}

type owner struct {
	key      string
	running  int
	waiting  []*ticket
	refusals int // waiting tickets that may be refused
	inTurn   bool
}

type ticket struct {
	ready     chan struct{}
	granted   bool
	refusable bool
}

func newFairPool(slots int) *fairPool {
	return &fairPool{slots: max(1, slots), perOwner: max(1, slots/2), maxWaiting: 2, owners: map[string]*owner{}}
}

// errBusy is the answer to refusable work whose owner has enough of it waiting already.
func errBusy() error {
	return domain.Errorf(domain.RateLimited, "the AI is already working on your earlier requests; try again when they are answered")
}

// acquire waits for a slot for owner's work; release it with the returned function. It returns
// errBusy at once for refusable work when the owner has maxWaiting requests waiting, and
// ctx's error when ctx ends first.
func (p *fairPool) acquire(ctx context.Context, key string, refusable bool) (func(), error) {
	p.mu.Lock()
	o := p.owners[key]
	if o == nil {
		o = &owner{key: key}
		p.owners[key] = o
	}
	if p.running < p.slots && o.running < p.perOwner && len(o.waiting) == 0 {
		p.grant(o)
		p.mu.Unlock()
		return p.releaser(o), nil
	}
	if refusable && o.refusals >= p.maxWaiting {
		p.forget(o)
		p.mu.Unlock()
		if p.busy != nil {
			return nil, p.busy()
		}
		return nil, errBusy()
	}
	t := &ticket{ready: make(chan struct{}), refusable: refusable}
	o.waiting = append(o.waiting, t)
	if refusable {
		o.refusals++
	}
	if !o.inTurn {
		o.inTurn = true
		p.turn = append(p.turn, o)
	}
	p.changed(+1)
	p.mu.Unlock()

	select {
	case <-t.ready:
		return p.releaser(o), nil
	case <-ctx.Done():
		p.mu.Lock()
		if t.granted {
			p.mu.Unlock()
			p.releaser(o)() // granted as ctx ended: give the slot on
			return nil, ctx.Err()
		}
		for i, w := range o.waiting {
			if w == t {
				o.waiting = append(o.waiting[:i], o.waiting[i+1:]...)
				break
			}
		}
		if refusable {
			o.refusals--
		}
		p.changed(-1)
		p.forget(o)
		p.mu.Unlock()
		return nil, ctx.Err()
	}
}

// releaser returns the function that gives o's slot back, once.
func (p *fairPool) releaser(o *owner) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			p.mu.Lock()
			p.running--
			o.running--
			p.dispatch()
			p.forget(o)
			p.mu.Unlock()
		})
	}
}

// grant counts a slot as o's (p locked).
func (p *fairPool) grant(o *owner) {
	p.running++
	o.running++
}

// dispatch hands free slots to waiting work, owner by owner in turn (p locked).
func (p *fairPool) dispatch() {
	for p.running < p.slots && len(p.turn) > 0 {
		served := false
		for i := 0; i < len(p.turn) && p.running < p.slots; {
			o := p.turn[i]
			if len(o.waiting) == 0 {
				o.inTurn = false
				p.turn = append(p.turn[:i], p.turn[i+1:]...)
				p.forget(o)
				continue
			}
			if o.running >= p.perOwner {
				i++
				continue
			}
			t := o.waiting[0]
			o.waiting = o.waiting[1:]
			if t.refusable {
				o.refusals--
			}
			t.granted = true
			p.grant(o)
			p.changed(-1)
			close(t.ready)
			served = true
			// o goes to the back of the turn: the others are served first.
			p.turn = append(p.turn[:i], p.turn[i+1:]...)
			if len(o.waiting) > 0 {
				p.turn = append(p.turn, o)
			} else {
				o.inTurn = false
			}
		}
		if !served {
			return
		}
	}
}

// forget drops an owner with nothing running or waiting (p locked).
func (p *fairPool) forget(o *owner) {
	if o.running == 0 && len(o.waiting) == 0 && !o.inTurn {
		delete(p.owners, o.key)
	}
}

func (p *fairPool) changed(d int) {
	p.waiting += d
	if p.onChange != nil {
		p.onChange(p.waiting)
	}
}

// run runs f under a slot of owner's; see acquire.
func (p *fairPool) run(ctx context.Context, key string, refusable bool, f func() error) error {
	release, err := p.acquire(ctx, key, refusable)
	if err != nil {
		return err
	}
	defer release()
	return f()
}

// Fair is the fair pool for CPU work other than the AI's (the adapter's pictures): at most
// slots at once, at most half of them one owner's, waiting work served owner by owner in turn;
// an owner with maxWaiting requests waiting already is refused at once with busy's error.
type Fair struct{ p *fairPool }

// NewFair returns a fair pool of slots (at least 1).
func NewFair(slots, maxWaiting int, busy func() error) *Fair {
	p := newFairPool(slots)
	p.maxWaiting, p.busy = max(1, maxWaiting), busy
	return &Fair{p: p}
}

// Acquire waits for a slot of owner's share; the returned function gives it back (once). It
// fails at once when owner has maxWaiting requests waiting, and with ctx's error when ctx
// ends first.
func (f *Fair) Acquire(ctx context.Context, owner string) (func(), error) {
	return f.p.acquire(ctx, owner, true)
}

// OnWaiting reports the number of waiting requests to fn at each change (a metric, a test's
// hook); set it before the pool is used.
func (f *Fair) OnWaiting(fn func(n int)) { f.p.onChange = fn }
