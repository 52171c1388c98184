package game

// A Board is a position drawn as grids of cells, so that a client (the web UI, a bot) can draw
// any game without parsing its encoding. Games provide it through [BoardViewer]. Everything in
// it is public: both sides and spectators may see it (a simultaneous node's pending selections
// are never part of it).
type Board struct {
	// Grids are the game's boards: one for most games, Red's and Yellow's for Turncoat.
	Grids []Grid `json:"grids"`
	// Tallies are counts a player reads beside the board: discs per side, black pieces per
	// Turncoat board, pieces in hand.
	Tallies []Tally `json:"tallies,omitempty"`
}

// A Grid is one rectangular board of cells.
type Grid struct {
	// Name says which board this is ("red", "yellow"); empty when the game has one board.
	Name string `json:"name,omitempty"`
	// Owner is the side the board belongs to, where boards belong to sides (Turncoat).
	Owner Player `json:"owner"`
	// Rows and Cols are the grid's size.
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// ColNames label the columns left to right ("a".."h"); RowNames label the rows top to
	// bottom ("1".."8" in Othello, "8".."1" in Turnover, as each game's players print them).
	ColNames []string `json:"colNames"`
	RowNames []string `json:"rowNames"`
	// Cells are the squares row by row, top row first: Rows*Cols of them.
	Cells []Cell `json:"cells"`
	// Edges are sides of the frame a player owns (Troll's owned edges).
	Edges []Edge `json:"edges,omitempty"`
	// Marks are squares to point out (the last move, a winning chain, Troll's free squares).
	Marks []Mark `json:"marks,omitempty"`
}

// A Cell is one square of a grid.
type Cell struct {
	// Coord is the square's name in the game's notation ("d3").
	Coord string `json:"coord"`
	// Hole marks a square that is not part of the board (a Turncoat blank): nothing can stand
	// on it.
	Hole bool `json:"hole,omitempty"`
	// Piece is what stands on the square; nil when it is empty.
	Piece *Piece `json:"piece,omitempty"`
}

// A Piece is what stands on a square: a disc, a Turnover stack.
type Piece struct {
	// Kind is what the piece is: "disc" for the disc games; for Turnover the stack's kind
	// ("castle", "knight", "queen", "pawn", "bishop", "rook").
	Kind string `json:"kind"`
	// Owner is the side it belongs to, NoPlayer where pieces belong to nobody (Blocs, Turncoat's
	// discs, which both players turn).
	Owner Player `json:"owner"`
	// Colour is the face shown: "black" or "white" for discs; the owner's colour for stacks.
	Colour string `json:"colour"`
	// Parts are the pieces a stack is made of, outside in (Turnover: "outer", "inner",
	// "button"), each with its visible colour.
	Parts []Part `json:"parts,omitempty"`
	// Label is a short text for the piece ("C" for a Castle), where the game has one.
	Label string `json:"label,omitempty"`
}

// A Part is one piece of a stack.
type Part struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
}

// An Edge is a side of a grid's frame ("top", "bottom", "left", "right") and who owns it.
type Edge struct {
	Side  string `json:"side"`
	Owner Player `json:"owner"`
}

// A Mark points out a square: Kind says why ("last", "chain", "free", "check").
type Mark struct {
	Coord string `json:"coord"`
	Kind  string `json:"kind"`
}

// A Tally is a count shown beside the board: Name says what is counted ("discs", "black"),
// Side whose it is (NoPlayer for none), and Grid which grid it concerns (-1 for none).
type Tally struct {
	Name  string `json:"name"`
	Side  Player `json:"side"`
	Grid  int    `json:"grid"`
	Value int    `json:"value"`
}

// BoardViewer is a state that draws itself as a [Board].
type BoardViewer interface {
	BoardView() Board
}
