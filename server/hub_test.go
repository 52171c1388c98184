package server

import (
	"fmt"
	"testing"
)

// TestOutbox checks a connection's queue: messages come out in order, a client maxQueued
// behind is disconnected as too slow, and one that reads in time never is.
func TestOutbox(t *testing.T) {
	t.Parallel()
	c := newConn(nil)
	var batch [][]byte
	for round := range 3 {
		for i := range maxQueued {
			c.push(fmt.Appendf(nil, "%d-%d", round, i))
		}
		select {
		case <-c.out.ready:
		default:
			t.Fatal("messages wait without the ready token")
		}
		batch = c.out.take(batch)
		if len(batch) != maxQueued || string(batch[0]) != fmt.Sprintf("%d-0", round) || string(batch[maxQueued-1]) != fmt.Sprintf("%d-%d", round, maxQueued-1) {
			t.Fatalf("round %d: took %d messages, first %q", round, len(batch), batch[0])
		}
		if n := c.out.len(); n != 0 {
			t.Fatalf("%d messages left after take", n)
		}
	}
	select {
	case <-c.done:
		t.Fatal("a client that kept up was disconnected")
	default:
	}
	for i := range maxQueued + 1 {
		c.push(fmt.Appendf(nil, "%d", i))
	}
	select {
	case <-c.done:
	default:
		t.Fatal("a client maxQueued messages behind is still connected")
	}
	if c.why == "" {
		t.Fatal("the disconnection gives no reason")
	}
}
