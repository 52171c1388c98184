package trainer

import (
	"context"
	"testing"

	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
)

// TestSearchAgreesWithTheBook: the search that values a move the book has not gives the book's
// best moves outside it about the values the book's own engine gave them (the same depth, from
// the mover's side): its sign and scale are the book's.
func TestSearchAgreesWithTheBook(t *testing.T) {
	b, err := book.SharedShipped()
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Book: b})
	checked := 0
	for _, line := range []string{"f5d6c3d3c4", "f5d6c3d3c4f4c5b3c2", "f5f6e6d6c5e3d3", "f5d6c5f4e3c6d3f6e6d7"} {
		rec, err := reversi.ParseMoveList(line, reversi.Start(8))
		if err != nil {
			t.Fatal(err)
		}
		bd, _ := rec.Replay()
		e, _ := b.Lookup(bd)
		for _, m := range e.Moves {
			if !m.Leaf {
				continue
			}
			checked++
			v, err := s.search(context.Background(), bd, m.Square)
			if err != nil {
				t.Fatal(err)
			}
			if d := v - m.Value; d < -4 || d > 4 {
				t.Errorf("after %s, %s: the search says %d, the book %d", line, reversi.SquareName(m.Square), v, m.Value)
			}
		}
	}
	if checked < 3 {
		t.Fatalf("only %d leaves checked", checked)
	}
}
