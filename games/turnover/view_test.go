package turnover

import (
	"reflect"
	"slices"
	"testing"

	"turncoat/game"
)

func TestBoardView(t *testing.T) {
	// White: Castle a1 (attacked by the bishop on h8), Knight e1; Black: Castle a8, bishop h8,
	// pawn d5; the clock at 7.
	s := newState(t, Standard, "c6b/8/8/3p4/8/8/8/C3N3 w 7 20")
	b := s.BoardView()
	if len(b.Grids) != 1 {
		t.Fatalf("%d grids", len(b.Grids))
	}
	g := b.Grids[0]
	if g.Rows != 8 || g.Cols != 8 || len(g.Cells) != 64 || g.Owner != game.NoPlayer {
		t.Fatalf("grid %dx%d, %d cells", g.Rows, g.Cols, len(g.Cells))
	}
	if !slices.Equal(g.RowNames, []string{"8", "7", "6", "5", "4", "3", "2", "1"}) || !slices.Equal(g.ColNames, []string{"a", "b", "c", "d", "e", "f", "g", "h"}) {
		t.Errorf("labels %v %v", g.RowNames, g.ColNames)
	}
	for i, c := range g.Cells {
		sq, ok := parseSquare(c.Coord)
		if !ok || c.Coord != g.ColNames[i%8]+g.RowNames[i/8] || sq.File() != i%8 || sq.Rank() != 7-i/8 {
			t.Errorf("cell %d is %q", i, c.Coord)
		}
	}
	cell := func(coord string) game.Cell {
		sq, _ := parseSquare(coord)
		return g.Cells[8*(7-sq.Rank())+sq.File()]
	}
	white := func(n string) game.Part { return game.Part{Name: n, Colour: "white"} }
	black := func(n string) game.Part { return game.Part{Name: n, Colour: "black"} }
	for coord, want := range map[string]*game.Piece{
		"a1": {Kind: "castle", Owner: game.First, Colour: "white", Label: "C", Parts: []game.Part{white("outer"), white("inner"), white("button")}},
		"e1": {Kind: "knight", Owner: game.First, Colour: "white", Label: "K", Parts: []game.Part{white("outer"), white("inner")}},
		"a8": {Kind: "castle", Owner: game.Second, Colour: "black", Label: "C", Parts: []game.Part{black("outer"), black("inner"), black("button")}},
		"h8": {Kind: "bishop", Owner: game.Second, Colour: "black", Label: "B", Parts: []game.Part{black("inner")}},
		"d5": {Kind: "pawn", Owner: game.Second, Colour: "black", Label: "P", Parts: []game.Part{black("outer")}},
		"e4": nil,
	} {
		if got := cell(coord).Piece; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", coord, got, want)
		}
	}
	if want := []game.Mark{{Coord: "a1", Kind: "check"}}; !reflect.DeepEqual(g.Marks, want) {
		t.Errorf("marks %+v, want %+v (a1 attacked along the diagonal, a8 not)", g.Marks, want)
	}
	wantTallies := []game.Tally{
		{Name: "castles", Side: game.First, Grid: 0, Value: 1},
		{Name: "castles", Side: game.Second, Grid: 0, Value: 1},
		{Name: "fifty-move plies", Side: game.NoPlayer, Grid: -1, Value: 7},
	}
	if !reflect.DeepEqual(b.Tallies, wantTallies) {
		t.Errorf("tallies %+v, want %+v", b.Tallies, wantTallies)
	}
	// The knight-letter option labels the Knight; the zigzag start has 16 Castles and no check.
	r := Standard
	r.KnightLetter = 'N'
	if got := newState(t, r, "c7/8/8/8/8/8/8/C3N3 w").BoardView().Grids[0].Cells[60].Piece.Label; got != "N" {
		t.Errorf("knight-letter=N: label %q", got)
	}
	z := NewState(Standard, StartPosition(SetupZigzag)).BoardView()
	if z.Grids[0].Cells[0].Piece == nil || z.Grids[0].Cells[0].Coord != "a8" || len(z.Grids[0].Marks) != 0 || z.Tallies[0].Value != 8 {
		t.Errorf("zigzag: a8 %+v, marks %v, tallies %v", z.Grids[0].Cells[0], z.Grids[0].Marks, z.Tallies)
	}
}
