package aiwork

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// TestFairPoolTurns: with one owner's work filling the queue, another owner's work runs next,
// and no owner holds more than its share of the slots.
func TestFairPoolTurns(t *testing.T) {
	p := newFairPool(2) // two slots, one per owner
	ctx := context.Background()
	var mu sync.Mutex
	var order []string
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
				<-hold
				return nil
			})
		}()
	}
	waitFor := func(n int) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			mu.Lock()
			got := len(order)
			mu.Unlock()
			if got >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d works started", got, n)
			}
			time.Sleep(time.Millisecond)
		}
	}
	for range 4 {
		start("flood")
	}
	waitFor(1)
	time.Sleep(20 * time.Millisecond)
	mu.Lock()
	if len(order) != 1 {
		t.Fatalf("the flooding owner runs %d works at once; its share is one", len(order))
	}
	mu.Unlock()
	start("other")
	waitFor(2) // the free slot goes to the other owner at once
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
	deadline := time.Now().Add(5 * time.Second)
	for {
		p.mu.Lock()
		w := p.waiting
		p.mu.Unlock()
		if w == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d waiting", w)
		}
		time.Sleep(time.Millisecond)
	}
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
