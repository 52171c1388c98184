package tournament

import (
	"fmt"
	"math/rand/v2"
	"time"

	"turncoat/game"
)

// Roll is one roll of the dice on a board: each player's die, in the order the two were paired
// (BoardRecord.Pair). A tie is rolled again; the last roll decides: the higher die plays First
// (Red), who moves first.
type Roll [2]int

// Tie reports whether both dice show the same.
func (r Roll) Tie() bool { return r[0] == r[1] }

// Seat is one colour of a board: who holds it now, how many rounds in a row they missed, and
// the players it passed from (a replacement keeps the board, the colour and the history).
type Seat struct {
	Player string `json:"player"`
	// Misses counts the rounds in a row the seat's player had to post and did not; a post
	// resets it. The host may replace the player once it reaches Config.ReplaceAfter.
	Misses int `json:"misses"`
	// Missed counts every round the seat missed, whoever held it.
	Missed int `json:"missed"`
	// Replaced lists the replacements, oldest first.
	Replaced []Replacement `json:"replaced,omitempty"`
}

// Replacement is one change of a seat's player.
type Replacement struct {
	Out   string    `json:"out"`
	In    string    `json:"in"`
	Round int       `json:"round"`
	At    time.Time `json:"at"`
}

// Post is a player's standing post in the open round: the move that will be played on the
// board when the round closes. It may be changed (Tournament.Edit) until then.
type Post struct {
	Round  int         `json:"round"`
	Player string      `json:"player"`
	Side   game.Player `json:"side"`
	// Move is the move in the game's notation ("d5", "pass").
	Move string `json:"move"`
	// Text is the post as written.
	Text string    `json:"text"`
	At   time.Time `json:"at"`
	// Edits counts the changes made to the post; EditedAt is the last one's time.
	Edits    int       `json:"edits,omitempty"`
	EditedAt time.Time `json:"editedAt,omitzero"`
}

// LastKind says what happened on a board in the last round that concerned it.
type LastKind string

// What happened on a board in a round.
const (
	LastMove       LastKind = "move"
	LastMissed     LastKind = "missed"
	LastForcedPass LastKind = "forced_pass"
	LastAdjudged   LastKind = "adjudged"
)

// LastPlay is what happened last on a board: the round summary shows it.
type LastPlay struct {
	Round int         `json:"round"`
	Side  game.Player `json:"side"`
	Kind  LastKind    `json:"kind"`
	// Move is the move played, in the game's notation (LastMove).
	Move string `json:"move,omitempty"`
}

// Result is how a board ended: its outcome (by the rules, or adjudicated: a forfeit), the
// players who held the colours then, and what each received.
type Result struct {
	Outcome game.Outcome `json:"outcome"`
	Players [2]string    `json:"players"`
	Rewards [2]Amount    `json:"rewards"`
	Round   int          `json:"round"`
	At      time.Time    `json:"at"`
	// Walkover tells that the board never got its second player: the one present was awarded
	// the board.
	Walkover bool `json:"walkover,omitempty"`
}

// BoardRecord is a board's data besides its games: who was paired on it and how the dice
// decided the colours, who holds each colour now, the standing post of the open round, what
// happened last, and the result.
type BoardRecord struct {
	Number int `json:"number"`
	// Pair are the players as paired, in the order of the dice; Pair[1] is empty while the
	// board waits for a reserve.
	Pair  [2]string `json:"pair"`
	Rolls []Roll    `json:"rolls,omitempty"`
	// Seats are the colours, First (Red) then Second (Blue), once the dice have decided.
	Seats  [2]Seat   `json:"seats"`
	Post   *Post     `json:"post,omitempty"`
	Last   *LastPlay `json:"last,omitempty"`
	Result *Result   `json:"result,omitempty"`
}

// board is a board in play: its record and its games. A board's game is one game.Table, or
// more under the forced-pass rule: a forced pass is not a move of the game, so the table in play
// is closed there and the game goes on in a new table that starts from the position with the
// turn passed. The last table is the one in play.
type board struct {
	BoardRecord
	tables []*game.Table
}

// live returns the table in play, or nil before the colours are decided.
func (b *board) live() *game.Table {
	if len(b.tables) == 0 {
		return nil
	}
	return b.tables[len(b.tables)-1]
}

// waiting reports whether the board waits for its second player.
func (b *board) waiting() bool { return b.Result == nil && len(b.tables) == 0 }

// inPlay reports whether the board's game is being played.
func (b *board) inPlay() bool { return b.Result == nil && len(b.tables) > 0 }

// toMove returns the side whose move it is on a board in play (NoPlayer otherwise).
func (b *board) toMove() game.Player {
	if !b.inPlay() {
		return game.NoPlayer
	}
	return b.live().ToAct().Single()
}

// seatOf returns the side player holds on the board, or NoPlayer.
func (b *board) seatOf(player string) game.Player {
	for p := game.First; p <= game.Second; p++ {
		if b.Seats[p].Player == player {
			return p
		}
	}
	return game.NoPlayer
}

// plies returns the number of moves played on the board, forced passes included.
func (b *board) plies() int {
	n := len(b.tables) - 1
	for _, t := range b.tables {
		n += t.Ply()
	}
	return max(n, 0)
}

// rollDice rolls for the pair until the dice differ, and returns the rolls and who plays First.
func rollDice(rng *rand.Rand) ([]Roll, int) {
	var rolls []Roll
	for {
		r := Roll{1 + rng.IntN(6), 1 + rng.IntN(6)}
		rolls = append(rolls, r)
		if !r.Tie() {
			if r[0] > r[1] {
				return rolls, 0
			}
			return rolls, 1
		}
	}
}

// describe says how the board's game ended, with the tournament's side names.
func describe(o game.Outcome, sides [2]string) string {
	return o.Describe(sides)
}

// boardTitle writes "Board #3".
func boardTitle(n int) string { return fmt.Sprintf("Board #%d", n) }
