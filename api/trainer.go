package api

import "time"

// TrainerOpenings lists what the opening trainer drills (GET /api/trainer/openings): the named
// openings, and for a signed-in account its repertoire (the lines of its own finished 8x8
// games, as far as the book knows them).
type TrainerOpenings struct {
	Openings   []TrainerLine `json:"openings"`
	Repertoire []TrainerLine `json:"repertoire"`
	// Margin is how many discs below the book's best a move may be and still count as right.
	Margin int `json:"margin"`
	// Plies is how deep the book goes: a drill ends there at the latest.
	Plies int `json:"plies"`
	// Schedule tells whether the caller keeps a schedule of its drills (a registered account).
	Schedule bool `json:"schedule"`
}

// TrainerLine is a line to drill: its moves from the start (the book's opponent plays its
// side of them, and the player is asked to play theirs), its opening's name, and for a
// repertoire line the colour the account played and how many of its games took it.
type TrainerLine struct {
	Name  string `json:"name"`
	Line  string `json:"line"`
	Color string `json:"color,omitempty"`
	Games int    `json:"games,omitempty"`
}

// Drill is one step of a drill (POST /api/trainer/drill): the line drilled, the colour the
// player plays, the moves played so far (the player's and the book's replies, as the previous
// step returned them), and the seed that picks the book's replies. The server keeps nothing
// of a drill but its result in the account's schedule: each step sends the whole drill.
type Drill struct {
	// Line is the line drilled (a move list from the start; "" drills from the start).
	Line string `json:"line"`
	// Color is the player's: "black" or "white".
	Color string `json:"color"`
	// Moves are the drill's moves so far, from the start (the line's first moves included).
	Moves string `json:"moves"`
	// Seed picks the book's replies among its moves, weighted by how often they were played:
	// the same seed and moves give the same reply.
	Seed uint64 `json:"seed"`
	// Plies ends the drill after that many moves from the start (0: at the book's depth).
	Plies int `json:"plies,omitempty"`
}

// DrillStep is the answer to a drill's step: the moves with the book's reply added, the
// check of every move of the player's, and whether the drill is over.
type DrillStep struct {
	// Moves are the drill's moves, the book's reply (if any) last.
	Moves []string `json:"moves"`
	// Reply is the book's reply played this step ("" when none).
	Reply string `json:"reply,omitempty"`
	// Checks are the player's moves judged, in order; the last is the move just played.
	Checks []MoveCheck `json:"checks"`
	// ToMove is the colour to move next ("" when the drill is over).
	ToMove string `json:"toMove,omitempty"`
	// Done tells that the drill is over; End says why: "left" (the player's move left the
	// book), "book" (the book has no more moves along this line), "plies" (the drill's or
	// the book's depth is reached).
	Done bool   `json:"done"`
	End  string `json:"end,omitempty"`
	// Right tells, when done, whether every move of the player's was right.
	Right bool `json:"right"`
	// Ply is the number of moves played; Plies where the drill ends at the latest.
	Ply   int `json:"ply"`
	Plies int `json:"plies"`
	// Opening names the opening the moves have reached ("" before any named one).
	Opening string `json:"opening"`
	// Seed is the drill's seed, to send back with the next step.
	Seed uint64 `json:"seed"`
	// Schedule is the line's place in the account's schedule once the drill is over (signed-in
	// accounts only).
	Schedule *TrainerDueLine `json:"schedule,omitempty"`
}

// MoveCheck judges a move of the player's against the opening book.
type MoveCheck struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
	// InBook tells whether the move is one of the book's moves (its position is in the book).
	InBook bool `json:"inBook"`
	// Best is the book's best move there and BestValue its value, in discs for the player.
	Best      string `json:"best"`
	BestValue int    `json:"bestValue"`
	// Value is the move's value in discs for the player; Source says where it comes from:
	// "book" (the book's negamax, or its valued best move outside the book) or "engine" (a
	// short search of the position after a move the book does not have).
	Value  int    `json:"value"`
	Source string `json:"source"`
	// Cost is how many discs the move gives away against the book's best (0 or more).
	Cost int `json:"cost"`
	// LineMove is the drilled line's move there, when the player was still on the line.
	LineMove string `json:"lineMove,omitempty"`
	// Right tells whether the move counts as right: the line's move while on the line, else
	// within the margin of the book's best.
	Right bool `json:"right"`
}

// TrainerDue is an account's schedule of lines (GET /api/trainer/due): those due first, then
// the others by when they come due.
type TrainerDue struct {
	Lines []TrainerDueLine `json:"lines"`
}

// TrainerDueLine is a line in an account's schedule: its box (1 after a miss, one more after
// each drill played right, up to 6), when it comes due, and its drills right and missed.
type TrainerDueLine struct {
	Name   string    `json:"name"`
	Line   string    `json:"line"`
	Color  string    `json:"color"`
	Box    int       `json:"box"`
	DueAt  time.Time `json:"dueAt"`
	Due    bool      `json:"due"`
	Right  int       `json:"right"`
	Missed int       `json:"missed"`
}

// TrainerAdopt brings a guest's schedule, kept by the browser, into the account it signed up
// as (POST /api/trainer/adopt): the lines as the browser keeps them.
type TrainerAdopt struct {
	Lines []TrainerDueLine `json:"lines"`
}

// TrainerAdopted is what came of a TrainerAdopt: the lines taken into the account's schedule,
// those left out (not lines of the book, bad colours, boxes or dates), and the schedule now.
type TrainerAdopted struct {
	Adopted int              `json:"adopted"`
	Skipped int              `json:"skipped"`
	Lines   []TrainerDueLine `json:"lines"`
}
