package blocs

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"turncoat/game"
)

func TestBoardView(t *testing.T) {
	s, err := Game{}.ParsePosition(game.Options{}, "BW../..../..../...B")
	if err != nil {
		t.Fatal(err)
	}
	b := s.(*State).BoardView()
	if len(b.Grids) != 1 {
		t.Fatalf("%d grids", len(b.Grids))
	}
	g := b.Grids[0]
	if g.Rows != 4 || g.Cols != 4 || len(g.Cells) != 16 || g.Owner != game.NoPlayer ||
		!slices.Equal(g.RowNames, []string{"1", "2", "3", "4"}) || !slices.Equal(g.ColNames, []string{"a", "b", "c", "d"}) {
		t.Fatalf("grid %+v", g)
	}
	for i, c := range g.Cells {
		if c.Coord != g.ColNames[i%4]+g.RowNames[i/4] {
			t.Errorf("cell %d is %q", i, c.Coord)
		}
		sq, err := ParseSquare(c.Coord)
		if err != nil || sq != i {
			t.Errorf("cell %d: %q reads as square %d, %v", i, c.Coord, sq, err)
		}
	}
	black := &game.Piece{Kind: "disc", Owner: game.NoPlayer, Colour: "black"}
	white := &game.Piece{Kind: "disc", Owner: game.NoPlayer, Colour: "white"}
	for coord, want := range map[string]*game.Piece{"a1": black, "b1": white, "c1": nil, "d4": black} {
		sq, _ := ParseSquare(coord)
		if got := g.Cells[sq].Piece; !reflect.DeepEqual(got, want) {
			t.Errorf("%s holds %+v, want %+v", coord, got, want)
		}
	}
	if len(b.Tallies) != 1 || b.Tallies[0] != (game.Tally{Name: "black", Side: game.NoPlayer, Grid: 0, Value: 2}) {
		t.Errorf("tallies %+v", b.Tallies)
	}
}

// TestParsePosition checks the bare rows the solver takes, with and without the player to move.
func TestParsePosition(t *testing.T) {
	second := game.DefaultOptions(optionSpecs)
	second, _ = second.With("first-flip", FirstFlipSecond)
	cases := []struct {
		text    string
		o       game.Options
		encoded string
	}{
		{"BWWB/WBBW/WWWW/BWWB", game.Options{}, "first-flip=continue,seating=same BWWB/WBBW/WWWW/BWWB 1"},
		{"BWWB/WBBW/WWWW/BWWB", second, "first-flip=second,seating=same BWWB/WBBW/WWWW/BWWB 2"},
		{"bwwb/wbbw/wwww/bwwb 2", game.Options{}, "first-flip=continue,seating=same BWWB/WBBW/WWWW/BWWB 2"},
		{"B.../..../..../....", game.Options{}, "first-flip=continue,seating=same B.../..../..../.... 2"},
		{"B.../..../..../.... 2", game.Options{}, "first-flip=continue,seating=same B.../..../..../.... 2"},
		{"B.../..../..../.... 1", game.Options{}, ""},
		{"BWWB/WBBW/WWWW", game.Options{}, ""},
		{"BWWB/WBBW/WWWW/BWWB 3", game.Options{}, ""},
		{"", game.Options{}, ""},
		{"BWWB/WBBW/WWWW/BWWB 1 x", game.Options{}, ""},
	}
	for _, c := range cases {
		s, err := Game{}.ParsePosition(c.o, c.text)
		if c.encoded == "" {
			if !errors.Is(err, game.ErrSyntax) {
				t.Errorf("ParsePosition(%q) = %v, want a syntax error", c.text, err)
			}
			continue
		}
		if err != nil || s.Encode() != c.encoded {
			t.Errorf("ParsePosition(%q) = %v, %v; want %q", c.text, s, err, c.encoded)
		}
	}
	// As "moves --position" reads it: through game.ReadPosition, the legal flips of the board.
	s, err := game.ReadPosition(Game{}, game.DefaultOptions(optionSpecs), "WWWW/WWWW/WWWW/WWWB")
	if err != nil {
		t.Fatal(err)
	}
	if got := len(s.Legal(game.First, nil)); got != 16 {
		t.Errorf("%d flips with d4 black, want 16", got)
	}
	// The encoding still reads.
	if _, err := game.ReadPosition(Game{}, game.Options{}, "first-flip=continue,seating=same BWWB/WBBW/WWWW/BWWB 2"); err != nil {
		t.Errorf("the encoding as a position: %v", err)
	}
}
