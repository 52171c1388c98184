package e2e_test

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
)

// outOfBook returns a move list from the start whose position is out of the shipped opening
// book (random moves, the same every time).
func outOfBook(t *testing.T) string {
	t.Helper()
	shipped, err := book.SharedShipped()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	b := reversi.Start(8)
	var moves []string
	for {
		if _, in := shipped.Lookup(b); !in {
			return strings.Join(moves, "")
		}
		m := b.Moves()
		for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
			m &= m - 1
		}
		sq := bits.TrailingZeros64(m)
		b.Play(sq)
		moves = append(moves, reversi.SquareName(sq))
	}
}

// TestOpeningExplorer: the analysis board shows the opening book's moves of an 8x8 position
// with their values and game counts, plays one when clicked, says when a position is out of
// the book, and hides the explorer on the smaller boards. Screenshots at desktop and phone sizes.
func TestOpeningExplorer(t *testing.T) {
	p := newPage(t)
	dir := shots(t)
	p.open("/analysis?size=8&moves=f5d6")
	p.wait(`document.querySelector("#an-book[data-in-book=yes] ol.book-moves li")`)
	moves := eval[[]string](p, `[...document.querySelectorAll("#an-book li")].map(li => li.dataset.move)`)
	if len(moves) < 3 || moves[0] != "c3" && moves[0] != "c5" && moves[0] != "c4" {
		t.Fatalf("the book's moves after f5 d6: %v", moves)
	}
	if got := eval[string](p, `document.querySelector("#an-book").innerText`); !strings.Contains(got, "Opening book") ||
		!strings.Contains(got, "games reached this position") || !strings.Contains(got, " games") {
		t.Errorf("the explorer reads %q", got)
	}
	// a click plays the move: the board, the URL and the explorer follow
	p.click(`#an-book li[data-move="c3"] button`)
	p.wait(`location.search.includes("moves=f5d6c3") && document.querySelector('#an-book[data-in-book=yes] li[data-move="d3"]')`)
	if n := eval[int](p, `document.querySelectorAll(".board-host .disc").length`); n != 7 {
		t.Errorf("after f5 d6 c3 the board shows %d discs, want 7", n)
	}
	p.wait(`document.querySelector("ol.values li")`)
	p.screenshot(dir, "explorer-en-desktop", 1280, 900)
	p.scrollTo = "#an-book"
	p.screenshot(dir, "explorer-en-phone", 390, 844)
	setLanguage(p, "es")
	p.wait(`document.querySelector("#an-book[data-in-book=yes] li")`)
	if got := eval[string](p, `document.querySelector("#an-book h2").innerText`); got != "Libro de aperturas" {
		t.Errorf("in Spanish the explorer is called %q", got)
	}
	p.scrollTo = "#an-book"
	p.screenshot(dir, "explorer-es-phone", 390, 844)
	setLanguage(p, "en")

	// out of the book
	p.open("/analysis?size=8&moves=" + outOfBook(t))
	p.wait(`document.querySelector("#an-book[data-in-book=no]")`)
	if got := eval[string](p, `document.querySelector("#an-book").innerText`); !strings.Contains(got, "out of the opening book") {
		t.Errorf("out of the book, the explorer reads %q", got)
	}
	// 6x6: no explorer
	p.open("/analysis?size=6")
	p.wait(`document.querySelector("ol.values li")`)
	if !eval[bool](p, `document.querySelector("#an-book").hidden`) {
		t.Error("the explorer shows on 6x6")
	}
}
