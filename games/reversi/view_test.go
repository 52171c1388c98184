package reversi

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"turncoat/game"
)

func TestBoardViewStart(t *testing.T) {
	for _, c := range []struct {
		size         int
		white, black []string // the centre discs of the standard start
		cols, rows   string
	}{
		{8, []string{"d4", "e5"}, []string{"e4", "d5"}, "abcdefgh", "12345678"},
		{6, []string{"c3", "d4"}, []string{"d3", "c4"}, "abcdef", "123456"},
		{4, []string{"b2", "c3"}, []string{"c2", "b3"}, "abcd", "1234"},
	} {
		s := NewState(Rules{Size: c.size, Start: StartDiagonal, NoMove: NoMovePass})
		v := s.BoardView()
		if len(v.Grids) != 1 {
			t.Fatalf("%dx%d: %d grids, want 1", c.size, c.size, len(v.Grids))
		}
		g := v.Grids[0]
		if g.Rows != c.size || g.Cols != c.size || len(g.Cells) != c.size*c.size || g.Name != "" || g.Owner != game.NoPlayer {
			t.Fatalf("%dx%d: grid %dx%d with %d cells, name %q, owner %v", c.size, c.size, g.Rows, g.Cols, len(g.Cells), g.Name, g.Owner)
		}
		if strings.Join(g.ColNames, "") != c.cols || strings.Join(g.RowNames, "") != c.rows {
			t.Errorf("%dx%d: columns %q, rows %q", c.size, c.size, g.ColNames, g.RowNames)
		}
		// row 1 first, a1 top left: cell r*size+c is the square of column c, row r+1
		if g.Cells[0].Coord != "a1" || g.Cells[1].Coord != "b1" || g.Cells[c.size].Coord != "a2" || g.Cells[len(g.Cells)-1].Coord != SquareName(8*(c.size-1)+c.size-1) {
			t.Errorf("%dx%d: coordinates %q %q %q %q", c.size, c.size, g.Cells[0].Coord, g.Cells[1].Coord, g.Cells[c.size].Coord, g.Cells[len(g.Cells)-1].Coord)
		}
		at := map[string]*game.Piece{}
		for _, cell := range g.Cells {
			if cell.Hole {
				t.Errorf("%dx%d: %s is a hole", c.size, c.size, cell.Coord)
			}
			at[cell.Coord] = cell.Piece
		}
		for _, sq := range c.white {
			if p := at[sq]; p == nil || !reflect.DeepEqual(*p, game.Piece{Kind: "disc", Owner: game.Second, Colour: "white"}) {
				t.Errorf("%dx%d: %s holds %+v, want White's disc", c.size, c.size, sq, p)
			}
		}
		for _, sq := range c.black {
			if p := at[sq]; p == nil || !reflect.DeepEqual(*p, game.Piece{Kind: "disc", Owner: game.First, Colour: "black"}) {
				t.Errorf("%dx%d: %s holds %+v, want Black's disc", c.size, c.size, sq, p)
			}
		}
		pieces := 0
		for _, p := range at {
			if p != nil {
				pieces++
			}
		}
		if pieces != 4 {
			t.Errorf("%dx%d: %d discs, want 4", c.size, c.size, pieces)
		}
		want := []game.Tally{{Name: "discs", Side: game.First, Grid: -1, Value: 2}, {Name: "discs", Side: game.Second, Grid: -1, Value: 2}}
		if len(v.Tallies) != 2 || v.Tallies[0] != want[0] || v.Tallies[1] != want[1] {
			t.Errorf("%dx%d: tallies %+v, want %+v", c.size, c.size, v.Tallies, want)
		}
	}
}

// TestBoardViewRandomGames checks the view against the board's text at every ply of random
// games of each size.
func TestBoardViewRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 30 {
		size := Sizes[i%3]
		s := NewState(Rules{Size: size, Start: StartDiagonal, NoMove: NoMovePass})
		var buf []game.Action
		for {
			v := s.BoardView()
			text := strings.ReplaceAll(s.board.Text(), "/", "")
			black, white, _ := s.board.Counts()
			for k, cell := range v.Grids[0].Cells {
				want := "-"
				if cell.Piece != nil {
					want = map[string]string{"black": "X", "white": "O"}[cell.Piece.Colour]
				}
				if text[k:k+1] != want {
					t.Fatalf("%s: cell %d (%s) shows %q, the board %q", s.Encode(), k, cell.Coord, want, text[k:k+1])
				}
			}
			if v.Tallies[0].Value != black || v.Tallies[1].Value != white {
				t.Fatalf("%s: tallies %+v, discs %d-%d", s.Encode(), v.Tallies, black, white)
			}
			p := s.ToAct().Single()
			if p == game.NoPlayer {
				break
			}
			buf = s.Legal(p, buf)
			if err := game.Play(s, p, buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
