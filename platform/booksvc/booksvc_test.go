package booksvc

import (
	"testing"
	"time"

	"turncoat/engine"
	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
	"turncoat/platform/aiwork"
)

// TestAgentsUseServerBook: the server's agents of levels 8-10 play from the service's book (the
// learned games in it), the others from none.
func TestAgentsUseServerBook(t *testing.T) {
	svc, err := New(Config{Book: book.New(10, 4)})
	if err != nil {
		t.Fatal(err)
	}
	aiw := aiwork.New(1, time.Minute)
	aiw.Prepare(svc.PrepareAgent)
	for _, c := range []struct {
		spec string
		want bool
	}{{"5", false}, {"8", true}, {"10", true}, {"reversi-ab:level=9,book=0", false}, {"reversi-ab:level=2,book=1", true}} {
		a, err := aiw.NewAgent(reversi.Game{}, c.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		for {
			u, ok := a.(interface{ Unwrap() engine.Agent })
			if !ok {
				break
			}
			a = u.Unwrap()
		}
		got := a.(*othello.Agent).Book()
		if c.want && got != othello.OpeningBook(svc.Book()) || !c.want && got != nil {
			t.Errorf("%s: book %v, want the server's: %v", c.spec, got, c.want)
		}
	}
}
