package server_test

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
	"turncoat/store"
)

// explorer is GET /api/book's answer.
type explorer struct {
	ToMove string `json:"toMove"`
	InBook bool   `json:"inBook"`
	Games  int    `json:"games"`
	Value  *int   `json:"value"`
	Moves  []struct {
		Move  string `json:"move"`
		Value *int   `json:"value"`
		Games int    `json:"games"`
		Leaf  bool   `json:"leaf"`
	} `json:"moves"`
	Book struct {
		Positions, Games, Plies, Depth int
	} `json:"book"`
}

func (c *client) explore(query string) explorer {
	c.h.t.Helper()
	var e explorer
	if st := c.call("GET", "/api/book?"+query, nil, &e); st != http.StatusOK {
		c.h.t.Fatalf("GET /api/book?%s: %d %s", query, st, c.received())
	}
	return e
}

// TestBookExplorer: the explorer gives a position's book moves with their values and games,
// from the start or from a position, says when a position is out of the book, and refuses bad
// input with a code and a message.
func TestBookExplorer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{})
	c := h.browser()
	shipped, err := book.SharedShipped()
	if err != nil {
		t.Fatal(err)
	}
	st := shipped.Stats()

	e := c.explore("")
	if !e.InBook || e.ToMove != "black" || e.Games != st.Games || len(e.Moves) != 4 || e.Value == nil ||
		e.Book.Positions != st.Positions || e.Book.Plies != shipped.Plies() || e.Book.Depth != shipped.Depth() {
		t.Fatalf("the start: %+v", e)
	}
	for _, m := range e.Moves {
		if !strings.Contains("d3 c4 f5 e6", m.Move) || m.Games != st.Games || m.Value == nil || *m.Value != *e.Value || m.Leaf {
			t.Fatalf("the start's move %+v", m)
		}
	}
	// after f5 d6: the book's answer, the same as a lookup's
	e = c.explore("moves=f5d6")
	bd := reversi.Start(8)
	bd.Play(37)
	bd.Play(43)
	want, _ := shipped.Lookup(bd)
	if !e.InBook || e.ToMove != "black" || e.Games != want.Games || len(e.Moves) != len(want.Moves) {
		t.Fatalf("f5d6: %+v, want %+v", e, want)
	}
	for i, m := range want.Moves {
		got := e.Moves[i]
		if got.Move != reversi.SquareName(m.Square) || got.Games != m.Games || got.Leaf != m.Leaf || got.Value == nil || *got.Value != m.Value {
			t.Fatalf("f5d6, move %d: %+v, want %+v", i, got, m)
		}
	}
	// the same position from a setup, and by moves with spaces and a capital
	pos := strings.ReplaceAll(bd.Text(), "/", "") + " X"
	if e2 := c.explore("pos=" + url.QueryEscape(pos)); !e2.InBook || e2.Games != e.Games || len(e2.Moves) != len(e.Moves) {
		t.Fatalf("pos=%s: %+v", pos, e2)
	}
	if e2 := c.explore("moves=" + url.QueryEscape("F5 d6")); e2.Games != e.Games {
		t.Fatalf("moves=F5 d6: %+v", e2)
	}
	// out of the book
	out, at := leavingGame(t, 1)
	if e := c.explore("moves=" + strings.Join(out[:at+1], "")); e.InBook || e.Moves == nil || len(e.Moves) != 0 || e.Games != 0 {
		t.Fatalf("out of the book: %+v", e)
	}
	// bad input
	for _, bad := range []struct {
		query, code, msg string
		status           int
	}{
		{"moves=zz", "bad_notation", "moves: ", http.StatusUnprocessableEntity},
		{"moves=f5f5", "illegal_move", "f5", http.StatusUnprocessableEntity},
		{"moves=" + strings.Repeat("f5", 300), "bad_request", "at most", http.StatusBadRequest},
		{"pos=XO", "bad_request", "pos: ", http.StatusBadRequest},
		{"pos=" + url.QueryEscape(strings.Repeat("-", 36)+" X"), "bad_request", "pos: ", http.StatusBadRequest},
	} {
		var ae apiError
		if st := c.call("GET", "/api/book?"+bad.query, nil, &ae); st != bad.status || ae.Error.Code != bad.code || !strings.Contains(ae.Error.Message, bad.msg) {
			t.Errorf("%s: %d %+v, want %d %s %q", bad.query[:min(len(bad.query), 30)], st, ae.Error, bad.status, bad.code, bad.msg)
		}
	}
}

// leavingGame returns the moves of a game that leaves the shipped book at its ply `at` and
// goes on extra plies: random moves, the same for every call.
func leavingGame(t *testing.T, extra int) (moves []string, at int) {
	t.Helper()
	shipped, _ := book.SharedShipped()
	rng := rand.New(rand.NewPCG(9, 9))
	for {
		b := reversi.Start(8)
		moves, at = nil, -1
		for len(moves) < 40 && (at < 0 || len(moves) < at+extra) {
			m := b.Moves()
			if m == 0 {
				break
			}
			if _, in := shipped.Lookup(b); !in && at < 0 {
				at = len(moves) - 1
				continue
			}
			for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
				m &= m - 1
			}
			sq := bits.TrailingZeros64(m)
			b.Play(sq)
			moves = append(moves, reversi.SquareName(sq))
		}
		if at >= 2 && len(moves) == at+extra {
			return moves, at
		}
	}
}

// TestBookLearnsFinishedGames: a finished 8x8 game is learned (its positions join the book,
// the explorer shows them with one game), the store keeps it across a restart and gives it to
// other instances; a 6x6 game is passed over, with its reason stored.
func TestBookLearnsFinishedGames(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		c := h.browser()
		moves, at := leavingGame(t, 4)
		// the position the game left the book from: its move there is not a book move yet
		before := strings.Join(moves[:at], "")
		for _, m := range c.explore("moves=" + before).Moves {
			if m.Move == moves[at] && !m.Leaf {
				t.Fatalf("%s is a book move after %s before the game", m.Move, before)
			}
		}
		g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
		for _, m := range moves {
			if st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": m}, nil); st != http.StatusOK {
				t.Fatalf("move %s: %d %s", m, st, c.received())
			}
		}
		if st := c.call("POST", "/api/games/"+g.ID+"/resign", nil, nil); st != http.StatusOK {
			t.Fatalf("resign: %d %s", st, c.received())
		}
		small := c.create(map[string]any{"kind": "reversi", "mode": "hotseat", "options": map[string]string{"size": "6"}})
		c.call("POST", "/api/games/"+small.ID+"/move", map[string]any{"move": "c2"}, nil)
		c.call("POST", "/api/games/"+small.ID+"/resign", nil, nil)

		learned := func(c *client) bool {
			for _, m := range c.explore("moves=" + before).Moves {
				if m.Move == moves[at] && !m.Leaf && m.Games == 1 && m.Value != nil {
					return true
				}
			}
			return false
		}
		// Learning is the job each game's end stored.
		h.waitJobs(t, "the 8x8 game learned", func() bool { return learned(c) })
		// every position of the game up to the book's depth is in the book now
		for i := range moves {
			if e := c.explore("moves=" + strings.Join(moves[:i], "")); !e.InBook || e.Games < 1 {
				t.Fatalf("after %d moves: not in the book", i)
			}
		}
		if row, err := h.st.BookGame(context.Background(), small.ID); err != nil || row.Part != nil || row.Reason != "not 8x8 Othello from the standard start" {
			t.Fatalf("the 6x6 game's row: %+v, %v", row, err)
		}
		row, err := h.st.BookGame(context.Background(), g.ID)
		if err != nil || row.Part == nil || row.Moves != strings.Join(moves, "") {
			t.Fatalf("the learned game's row: %+v, %v", row, err)
		}

		// another instance (or the same after a restart) lays the stored game over its book
		h2 := newHarness(t, dsn, opts)
		if !learned(h2.browser()) {
			t.Fatal("a new instance does not have the learned game")
		}
	})
}
