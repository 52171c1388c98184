package book

import (
	"context"
	"testing"

	"turncoat/games/reversi"
)

// TestShipped: the shipped book reads, is whole (no leaf waits for an evaluation), holds the
// WTHOR games' openings (all of them reach its start), and Shipped gives copies: learning into
// one changes neither the shared book nor the next copy.
func TestShipped(t *testing.T) {
	b, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	st := b.Stats()
	if st.Positions < 10000 || st.Pending != 0 || st.Plies != 30 || st.Deepest > 30 || b.Depth() != 8 || st.Games < 100000 || st.FewestGames < 10 {
		t.Fatalf("the shipped book: %+v, depth %d", st, b.Depth())
	}
	start, _ := b.Lookup(reversi.Start(8))
	if len(start.Moves) != 4 || start.Value < -4 || start.Value > 4 {
		t.Fatalf("the start: %+v", start)
	}
	for _, m := range start.Moves {
		if m.Value != start.Value || m.Games != start.Games || m.Leaf {
			t.Fatalf("the start's moves differ: %+v", start.Moves)
		}
	}
	checkNegamax(t, b)
	shared, _ := SharedShipped()
	before := shared.Len()
	if _, _, err := b.Learn(context.Background(), randomGames(1, 97)[0], &greedy{}); err != nil {
		t.Fatal(err)
	}
	again, _ := Shipped()
	if b.Len() == before || shared.Len() != before || again.Len() != before {
		t.Fatalf("positions: %d learnt into, %d shared, %d a new copy; the shipped %d", b.Len(), shared.Len(), again.Len(), before)
	}
}
