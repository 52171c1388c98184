package aiwork

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// watchWaiting has p report each change of its number of waiting requests on the returned
// channel (through the metric's hook, called as the queue changes).
func watchWaiting(p *fairPool) <-chan int {
	ch := make(chan int, 100)
	p.onChange = func(n int) { ch <- n }
	return ch
}

// awaitWaiting reads ch until n requests wait.
func awaitWaiting(t *testing.T, ch <-chan int, n int) {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case w := <-ch:
			if w == n {
				return
			}
		case <-timeout:
			t.Fatalf("%d requests do not wait within 5 s", n)
		}
	}
}

// TestFairPoolTurns: with one owner's work filling the queue, another owner's work runs next,
// and no owner holds more than its share of the slots.
func TestFairPoolTurns(t *testing.T) {
	p := newFairPool(2) // two slots, one per owner
	waiting := watchWaiting(p)
	ctx := context.Background()
	var mu sync.Mutex
	var order []string
	started := make(chan struct{}, 10)
	hold := make(chan struct{})
	var wg sync.WaitGroup
	start := func(key string) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.run(ctx, key, false, func() error {
				mu.Lock()
				order = append(order, key)
				mu.Unlock()
				started <- struct{}{}
				<-hold
				return nil
			})
		}()
	}
	awaitStart := func() {
		t.Helper()
		select {
		case <-started:
		case <-time.After(5 * time.Second):
			t.Fatal("no work started within 5 s")
		}
	}
	for range 4 {
		start("flood")
	}
	// One of the flood's works runs, the three others wait: its share is one slot.
	awaitStart()
	awaitWaiting(t, waiting, 3)
	mu.Lock()
	if len(order) != 1 {
		t.Fatalf("the flooding owner runs %d works at once; its share is one", len(order))
	}
	mu.Unlock()
	start("other")
	awaitStart() // the free slot goes to the other owner at once
	mu.Lock()
	if order[1] != "other" {
		t.Fatalf("order %v: the other owner waited behind the flood", order)
	}
	mu.Unlock()
	close(hold)
	wg.Wait()
	if len(order) != 5 {
		t.Fatalf("order %v", order)
	}
	if len(p.owners) != 0 || p.running != 0 || p.waiting != 0 {
		t.Fatalf("the pool keeps state after all work ended: %d owners, %d running, %d waiting", len(p.owners), p.running, p.waiting)
	}
}

// TestFairPoolRefusesAndCancels: refusable work beyond maxWaiting is refused at once; waiting
// work whose context ends leaves the queue.
func TestFairPoolRefusesAndCancels(t *testing.T) {
	p := newFairPool(1)
	waiting := watchWaiting(p)
	release, err := p.acquire(context.Background(), "a", true)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			r, err := p.acquire(ctx, "a", true)
			if r != nil {
				r()
			}
			errs <- err
		}()
	}
	awaitWaiting(t, waiting, 2)
	if _, err := p.acquire(context.Background(), "a", true); err == nil {
		t.Fatal("a third waiting request of one owner was queued")
	}
	cancel()
	for range 2 {
		if err := <-errs; !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled wait: %v", err)
		}
	}
	release()
	if len(p.owners) != 0 || p.running != 0 || p.waiting != 0 {
		t.Fatalf("the pool keeps state: %d owners, %d running, %d waiting", len(p.owners), p.running, p.waiting)
	}
}
