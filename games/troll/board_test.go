package troll

import (
	"reflect"
	"slices"
	"testing"

	"turncoat/game"
)

func marksOf(g game.Grid, kind string) []string {
	var out []string
	for _, m := range g.Marks {
		if m.Kind == kind {
			out = append(out, m.Coord)
		}
	}
	return out
}

func TestBoardView(t *testing.T) {
	s := NewState(Rules{})
	b := s.BoardView()
	if len(b.Grids) != 1 {
		t.Fatalf("%d grids, want 1", len(b.Grids))
	}
	g := b.Grids[0]
	if g.Rows != 8 || g.Cols != 8 || len(g.Cells) != 64 || g.Owner != game.NoPlayer {
		t.Fatalf("grid %dx%d with %d cells, owner %v", g.Rows, g.Cols, len(g.Cells), g.Owner)
	}
	if !slices.Equal(g.RowNames, []string{"1", "2", "3", "4", "5", "6", "7", "8"}) || g.ColNames[0] != "a" || g.ColNames[7] != "h" {
		t.Errorf("labels %v %v", g.RowNames, g.ColNames)
	}
	// Every cell's coordinate is the square the game's notation names, row by row from the top.
	for i, c := range g.Cells {
		a, err := s.ParseAction(game.First, c.Coord)
		if err != nil || int(a) != i || c.Coord != g.ColNames[i%8]+g.RowNames[i/8] {
			t.Errorf("cell %d is %q, which parses as %d, %v", i, c.Coord, a, err)
		}
	}
	for coord, want := range map[string]*game.Piece{
		"d4": {Kind: "disc", Owner: game.Second, Colour: "white"},
		"e4": {Kind: "disc", Owner: game.First, Colour: "black"},
		"d5": {Kind: "disc", Owner: game.First, Colour: "black"},
		"e5": {Kind: "disc", Owner: game.Second, Colour: "white"},
		"a1": nil,
	} {
		c := g.Cells[int(sq(t, coord))]
		if (c.Piece == nil) != (want == nil) || (want != nil && !reflect.DeepEqual(c.Piece, want)) {
			t.Errorf("%s holds %+v, want %+v", coord, c.Piece, want)
		}
	}
	wantEdges := []game.Edge{{Side: "top", Owner: game.First}, {Side: "bottom", Owner: game.First}, {Side: "left", Owner: game.Second}, {Side: "right", Owner: game.Second}}
	if !slices.Equal(g.Edges, wantEdges) {
		t.Errorf("edges %v, want %v", g.Edges, wantEdges)
	}
	// Black may place without a capture anywhere empty off columns a and h: 60 - 16 squares.
	free := marksOf(g, "free")
	if len(free) != 60-16 || slices.Contains(free, "a3") || !slices.Contains(free, "b1") || slices.Contains(free, "d4") {
		t.Errorf("%d free squares %v", len(free), free)
	}
	if b.Tallies[0] != (game.Tally{Name: "discs", Side: game.First, Grid: 0, Value: 2}) || b.Tallies[1].Value != 2 {
		t.Errorf("tallies %+v", b.Tallies)
	}
	// Under the 1993 rules the corners and the opponent's edges are never free; White's turn.
	s93 := NewState(Rules{Published1993: true, WhiteFirst: true})
	free = marksOf(s93.BoardView().Grids[0], "free")
	if len(free) != 48 || slices.Contains(free, "a1") || slices.Contains(free, "c8") || !slices.Contains(free, "a4") {
		t.Errorf("1993, White to place: %d free squares %v", len(free), free)
	}
	// A won game marks the chain and nothing free.
	w := board(t, Rules{}, []string{
		"..B.....",
		"..B.....",
		"..BB....",
		"...B....",
		"..BB....",
		"..B.....",
		"..B.....",
		"..B...B.",
	}, "W")
	g = w.BoardView().Grids[0]
	chain := marksOf(g, "chain")
	want := []string{"c1", "c2", "c3", "d3", "d4", "c5", "d5", "c6", "c7", "c8"}
	if !slices.Equal(chain, want) || len(marksOf(g, "free")) != 0 {
		t.Errorf("chain %v, want %v; free %v", chain, want, marksOf(g, "free"))
	}
}
