package turnover

import (
	"reflect"
	"slices"
	"testing"
	"time"

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

// TestForfeits: the moves that lose at once are the last Castle's moves that leave its side
// without one (spec §4.3: moving the last Castle resigns), for either side; not a move of one
// of two Castles, not the last Castle's pawn making a new Castle on a Queen, not its capture of
// the opponent's last Castle (a draw). Each answer agrees with the outcome after the move, and
// a table's view lists the losing moves to the side to move only.
func TestForfeits(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		losing    []string // as from-to squares, in order
	}{
		{"the last Castle moved", "4c3/8/8/8/8/8/7P/C7 w", []string{"a1a2", "a1a3"}},
		{"Black's last Castle moved", "c7/p7/8/8/8/8/8/4C3 b", []string{}},
		{"Black's last Castle free", "c7/8/8/8/8/8/7P/4C3 b", []string{"a8a6", "a8a7"}},
		{"one of two Castles", "4c3/8/8/8/8/8/8/C6C w", []string{}},
		{"a new Castle on a Queen", "4c3/8/8/8/8/8/1Q6/C7 w", []string{"a1a2", "a1a3"}},
		{"terra arrasada", "4c3/3C4/8/8/8/8/8/8 w", []string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newState(t, Standard, c.fen)
			p := s.ToAct().Single()
			var buf [256]game.Action
			legal := s.Legal(p, buf[:0])
			if len(legal) == 0 {
				t.Fatal("no legal move")
			}
			got, want := []string{}, []string{}
			for _, a := range legal {
				sq := coordinate(a)
				if s.Forfeits(p, a) {
					got = append(got, sq)
				}
				if s.Forfeits(p.Other(), a) {
					t.Errorf("%s forfeits for the side not to move", sq)
				}
				after := s.Clone()
				if err := after.Apply(a); err != nil {
					t.Fatal(err)
				}
				if o := after.Outcome(); o.Over && o.Winner == p.Other() {
					want = append(want, sq)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, c.losing) || !slices.Equal(want, c.losing) {
				t.Errorf("losing moves %v, the outcomes say %v, want %v", got, want, c.losing)
			}
			tb, err := game.NewTable(s, game.TableConfig{})
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			for _, sq := range c.losing {
				a, err := parseCoordinate(sq)
				if err != nil {
					t.Fatal(err)
				}
				texts = append(texts, s.FormatAction(p, a))
			}
			slices.Sort(texts)
			if v := tb.View(p, time.Time{}); !slices.Equal(slices.Sorted(slices.Values(v.Losing)), texts) {
				t.Errorf("the mover's view lists %q as losing, want %q", v.Losing, texts)
			}
			for _, viewer := range []game.Player{p.Other(), game.NoPlayer} {
				if v := tb.View(viewer, time.Time{}); len(v.Losing) != 0 {
					t.Errorf("viewer %v sees losing moves %q", viewer, v.Losing)
				}
			}
		})
	}
}
