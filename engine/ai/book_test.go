package ai

import (
	"context"
	"testing"
	"time"

	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/game"
	"turncoat/games/reversi"
)

// TestLevelsPlayFromBook: levels 8-10 (and reversi-ab with book=1) get the shipped book and
// play its best moves at once; the others, and reversi-ab with book=0, have none.
func TestLevelsPlayFromBook(t *testing.T) {
	g := reversi.Game{}
	shipped, err := book.SharedShipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		spec string
		book bool
	}{
		{"7", false}, {"8", true}, {"9", true}, {"10", true},
		{"reversi-ab:level=10", true}, {"reversi-ab:level=10,book=0", false}, {"reversi-ab:level=3,book=1", true},
	} {
		a, err := Parse(g, c.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		oa := a.(*othello.Agent)
		if (oa.Book() != nil) != c.book {
			t.Fatalf("%s: book %v, want %v", c.spec, oa.Book() != nil, c.book)
		}
		if !c.book {
			continue
		}
		// in the book, the move comes at once and is one of the book's best
		s := reversi.NewState(reversi.Standard)
		for _, sq := range []int{37, 43} { // f5 d6
			if err := game.Play(s, s.ToAct().Single(), game.Action(sq)); err != nil {
				t.Fatal(err)
			}
		}
		e, ok := shipped.Lookup(s.Board())
		if !ok {
			t.Fatal("f5d6 is not in the shipped book")
		}
		t0 := time.Now()
		mv, err := a.Choose(context.Background(), s, game.First)
		if err != nil {
			t.Fatal(err)
		}
		best := false
		for _, m := range e.Moves {
			best = best || (m.Square == int(mv) && m.Value == e.Value)
		}
		if !best || time.Since(t0) > 100*time.Millisecond {
			t.Fatalf("%s: played %s in %v; the book's moves %+v", c.spec, reversi.SquareName(int(mv)), time.Since(t0), e.Moves)
		}
	}
}
