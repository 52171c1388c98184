package api

// GameReview is the answer to POST and GET /api/games/{id}/review: the game's review, one per
// game and shared by everyone who opens it, computed by a durable job. State is "none" (nobody
// asked for it yet), "queued", "running", "done" or "failed" (Error says why; asking again
// tries again); Done of Total moves are reviewed while it runs; Review is the review once done.
type GameReview struct {
	Game   string      `json:"game"`
	Plies  int         `json:"plies"`
	State  string      `json:"state"`
	Done   int         `json:"done"`
	Total  int         `json:"total"`
	Error  string      `json:"error,omitempty"`
	Review *ReviewBody `json:"review,omitempty"`
}

// ReviewBody is a game's review: each move's loss against the best move, its class, the sides'
// totals, the evaluation graph and the turning point. Values are in Unit ("discs" for Othello,
// "pawns" for Turnover, "winrate" and "result" in percent for the others), each for the side
// that moved; Graph is from the first player's view.
type ReviewBody struct {
	// What names what was reviewed ("othello 8x8", "blocs", ...).
	What string `json:"what"`
	Unit string `json:"unit"`
	// ExactEmpties is the number of empty squares from which Othello's values are exact.
	ExactEmpties int           `json:"exactEmpties,omitempty"`
	Moves        []ReviewMove  `json:"moves"`
	Sides        [2]ReviewSide `json:"sides"`
	Graph        []float64     `json:"graph"`
	// TurningPoint is the ply of the game's turning point (0: none).
	TurningPoint int `json:"turningPoint"`
	// Final is the result from the first player's view; Over whether the game ended.
	Final float64 `json:"final"`
	Over  bool    `json:"over"`
	// Thresholds are the classes' thresholds in Unit: the most a best move, a good move, an
	// inaccuracy and a mistake lose (above the last: a blunder).
	Thresholds [4]float64 `json:"thresholds"`
}

// ReviewMove is the review of one move (ply from 1; passes are not reviewed). Source says where
// the values come from: "book", "solver", "engine", "grundy" or "mcts"; Exact that both are
// exact. PV is the better line, from Best, when the move lost something.
type ReviewMove struct {
	Ply     int      `json:"ply"`
	Side    int      `json:"side"`
	Move    string   `json:"move"`
	Best    string   `json:"best"`
	Before  float64  `json:"before"`
	Played  float64  `json:"played"`
	Loss    float64  `json:"loss"`
	Class   string   `json:"class"`
	Exact   bool     `json:"exact"`
	Source  string   `json:"source"`
	Empties int      `json:"empties,omitempty"`
	PV      []string `json:"pv,omitempty"`
}

// ReviewSide is one side's totals: moves reviewed, total and average loss, accuracy (0-100) and
// the number of moves of each class.
type ReviewSide struct {
	Moves    int            `json:"moves"`
	Loss     float64        `json:"loss"`
	Average  float64        `json:"average"`
	Accuracy float64        `json:"accuracy"`
	Counts   map[string]int `json:"counts"`
}
