package turnover

import "turncoat/game"

// colourNames are the sides' colours, as Board views name them.
var colourNames = [2]string{"white", "black"}

// partNames name a stack's parts, outside in, as Board views do.
var partNames = [3]struct {
	part Kind
	name string
}{{Outer, "outer"}, {Inner, "inner"}, {Button, "button"}}

// BoardView draws the position for a client: one 8x8 grid with rank 8 at the top, as the
// position format and the diagram print it, and files a to h. Each stack is a piece of its
// owner's colour, its kind ("castle", "knight", "queen", "pawn", "bishop", "rook"), its parts
// outside in ("outer", "inner", "button") in their colour (a stack's parts are always its
// owner's: a turnover turns the taken parts over), and its letter (P for a Pawn, the
// knight-letter option for a Knight). A "check" mark is on every Castle that is attacked (spec
// §4.2: each attacked Castle is in check). The tallies are each side's Castles and, under the
// 50-move rule, the plies counted towards it.
func (s *State) BoardView() game.Board {
	p := &s.pos
	n := s.notation()
	g := game.Grid{
		Owner:    game.NoPlayer,
		Rows:     8,
		Cols:     8,
		ColNames: []string{"a", "b", "c", "d", "e", "f", "g", "h"},
		RowNames: []string{"8", "7", "6", "5", "4", "3", "2", "1"},
		Cells:    make([]game.Cell, 0, 64),
	}
	for r := 7; r >= 0; r-- {
		for f := range 8 {
			sq := SquareAt(f, r)
			cell := game.Cell{Coord: sq.String()}
			if c := p.cells[sq]; !c.Empty() {
				k, owner := c.Kind(), c.Owner()
				colour := colourNames[owner]
				piece := &game.Piece{Kind: kindNames[k], Owner: owner, Colour: colour, Label: n.letter(k)}
				if k == Pawn {
					piece.Label = "P"
				}
				for _, pn := range partNames {
					if k&pn.part != 0 {
						piece.Parts = append(piece.Parts, game.Part{Name: pn.name, Colour: colour})
					}
				}
				cell.Piece = piece
				if k == Castle && p.Attacked(sq, owner) {
					g.Marks = append(g.Marks, game.Mark{Coord: cell.Coord, Kind: "check"})
				}
			}
			g.Cells = append(g.Cells, cell)
		}
	}
	b := game.Board{
		Grids: []game.Grid{g},
		Tallies: []game.Tally{
			{Name: "castles", Side: game.First, Grid: 0, Value: p.Castles(game.First)},
			{Name: "castles", Side: game.Second, Grid: 0, Value: p.Castles(game.Second)},
		},
	}
	if s.rules.FiftyMovePlies > 0 {
		b.Tallies = append(b.Tallies, game.Tally{Name: "fifty-move plies", Side: game.NoPlayer, Grid: -1, Value: p.Clock()})
	}
	return b
}

// kindNames are the kinds as Board views name them.
var kindNames = [8]string{Pawn: "pawn", Bishop: "bishop", Knight: "knight", Rook: "rook", Queen: "queen", Castle: "castle"}
