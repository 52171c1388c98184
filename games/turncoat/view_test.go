package turncoat

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
)

func TestBoardView(t *testing.T) {
	s, err := NewState(Rules{Size: 3, Cap: 100, Setup: "BW./WWW/WWB:WW./WBW/WWW"})
	if err != nil {
		t.Fatal(err)
	}
	b := s.BoardView()
	if len(b.Grids) != 2 {
		t.Fatalf("%d grids, want Red's and Yellow's", len(b.Grids))
	}
	black := &game.Piece{Kind: "disc", Owner: game.NoPlayer, Colour: "black"}
	white := &game.Piece{Kind: "disc", Owner: game.NoPlayer, Colour: "white"}
	for p, want := range []struct {
		name  string
		cells map[string]*game.Piece
		black int
	}{
		{"red", map[string]*game.Piece{"a1": black, "b1": white, "c3": black, "b2": white}, 2},
		{"yellow", map[string]*game.Piece{"a1": white, "b2": black, "c3": white}, 1},
	} {
		g := b.Grids[p]
		if g.Name != want.name || g.Owner != game.Player(p) || g.Rows != 3 || g.Cols != 3 || len(g.Cells) != 9 {
			t.Fatalf("grid %d: %q owned by %v, %dx%d, %d cells", p, g.Name, g.Owner, g.Rows, g.Cols, len(g.Cells))
		}
		if !slices.Equal(g.RowNames, []string{"1", "2", "3"}) || !slices.Equal(g.ColNames, []string{"a", "b", "c"}) {
			t.Errorf("labels %v %v", g.RowNames, g.ColNames)
		}
		for i, c := range g.Cells {
			a, err := s.ParseAction(game.Player(p), c.Coord)
			if err != nil || c.Coord != g.ColNames[i%3]+g.RowNames[i/3] || int(a) != 8*(i/3)+i%3 {
				t.Errorf("%s cell %d is %q (action %d, %v)", g.Name, i, c.Coord, a, err)
			}
		}
		hole := g.Cells[2] // c1 is blank on both boards
		if !hole.Hole || hole.Piece != nil || hole.Coord != "c1" {
			t.Errorf("%s c1: %+v, want a hole", g.Name, hole)
		}
		for coord, piece := range want.cells {
			sq, _ := ParseSquare(coord, 3)
			c := g.Cells[3*(sq/8)+sq%8]
			if c.Hole || !reflect.DeepEqual(c.Piece, piece) {
				t.Errorf("%s %s: %+v, want %+v", g.Name, coord, c.Piece, piece)
			}
		}
		if tl := b.Tallies[p]; tl != (game.Tally{Name: "black", Side: game.Player(p), Grid: p, Value: want.black}) {
			t.Errorf("tally %d: %+v, want %d black", p, tl, want.black)
		}
	}
	// The full board: 64 cells a1 to h8.
	big, _ := NewState(Rules{Size: 8, Cap: 100, Seed: 42})
	g := big.BoardView().Grids[0]
	if len(g.Cells) != 64 || g.Cells[63].Coord != "h8" || g.RowNames[7] != "8" {
		t.Errorf("8x8: %d cells, last %q", len(g.Cells), g.Cells[63].Coord)
	}
}

// TestIllegalReasons checks that an illegal selection's error says which rule it breaks.
func TestIllegalReasons(t *testing.T) {
	wb, _ := NewState(Rules{Size: 3, Cap: 100, Setup: "BW./WWW/WWB"})
	wo, _ := NewState(Rules{Size: 3, Cap: 100, Mode: WhiteOnly, Setup: "BW./WWW/WWB"})
	cases := []struct {
		name string
		s    *State
		p    game.Player
		a    game.Action
		want string
	}{
		{"a blank", wb, game.First, 2, "c1 is blank: a blank holds no piece and can never be selected"},
		{"a blank for Yellow", wb, game.Second, 2, "c1 is blank"},
		{"black in white-only mode", wo, game.Second, 0, "a1 shows black on Yellow's board; in white-only mode only a piece showing white may be selected"},
		{"off the board", wb, game.First, 3, "not a square of the 3x3 board"},
		{"no square at all", wb, game.First, 64, "not a square of the 3x3 board"},
	}
	for _, c := range cases {
		err := game.CheckLegal(c.s, c.p, c.a)
		if !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an illegal selection saying %q", c.name, err, c.want)
		}
		j := game.Joint{1, 1} // b1: selectable by both in either mode
		j[c.p] = c.a
		if err := c.s.Clone().ApplyJoint(j); !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ApplyJoint = %v, want the same reason", c.name, err)
		}
	}
	if why := wb.ExplainIllegal(game.First, 0); why != "" {
		t.Errorf("a1 in white-and-black mode: %q", why)
	}
	over, _ := NewState(Rules{Size: 3, Cap: 100, Setup: "BBB/BBB/BBB:WWW/WWW/WWW"})
	if why := over.ExplainIllegal(game.First, 2); why != "" {
		t.Errorf("a finished game explains %q", why)
	}
}
