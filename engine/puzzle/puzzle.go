// Package puzzle is the puzzles' model and their making: positions from real games with exactly
// one best move, proven by an exact search, with the line that follows and every reply.
//
// An Othello puzzle is a position of a WTHOR tournament game with few empties (Empties range of
// the build) whose best move, by the exact endgame solver, is the only one: every other move
// loses at least Margin discs more (MinMargin, 4, unless the build asks otherwise). The line
// then goes on with the opponent's best reply and the player's next move for as long as the
// player's best move stays the only move keeping the exact value (ties end the puzzle, so that
// every move the player is asked for has one answer), at most MaxSteps of the player's moves.
// Every step keeps the exact value of each legal move, so that an answer is checked, and a
// wrong one told by how many discs it loses, without searching.
//
// The other kinds (Build, one file each: turnover.go, blocs.go, troll.go, turncoat.go) come from
// games the AI plays against itself, game i of a build opening with random moves drawn from the
// seed and i, each puzzle proven by its game's exact search: a Turnover mate by a full-width
// and-or search (unit "mate"), Blocs' only winning move by the exact solution, a Troll endgame
// by an exhaustive negamax, a Turncoat selection by the exact values of 3x3 positions (unit
// "result"). Each kind's file says what its puzzle is and what its values mean; Prove proves a
// puzzle of any kind.
//
// The set is stored as gzip'd JSON lines (Write, Read), one puzzle a line, in the order of
// their ids; a build from the same games, options and seed writes the same bytes.
package puzzle

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Kinds of the puzzles (the game kinds of the registry) and the letter that starts their ids.
const (
	Othello  = "reversi"  // "o123"
	Turnover = "turnover" // "v123": a mate the search proves
	Blocs    = "blocs"    // "b123": the only winning move by Grundy values
	Troll    = "troll"    // "l123"
	Turncoat = "turncoat" // "c123": a selection, checked against the opponent's best answer
)

// IDLetter is the letter of a kind's ids ("" for a kind with no puzzles).
func IDLetter(kind string) string {
	switch kind {
	case Othello:
		return "o"
	case Turnover:
		return "v"
	case Blocs:
		return "b"
	case Troll:
		return "l"
	case Turncoat:
		return "c"
	}
	return ""
}

// Themes a puzzle may have, where they can be computed from the position and its line.
const (
	// ThemeCorner: the solution's first move takes a corner.
	ThemeCorner = "corner"
	// ThemeParity: the solution's first move is into an odd region of empties while an even
	// region exists (the parity rule: get the last move of each region).
	ThemeParity = "parity"
	// ThemeTempo: the line makes the opponent pass (the player moves twice in a row).
	ThemeTempo = "tempo"
	// ThemeWipeout: the perfect line ends with no disc of the opponent left.
	ThemeWipeout = "wipe-out"
	// ThemeEndgame is the prefix of "endgame-N": N empties.
	ThemeEndgame = "endgame-"
)

// Step is one of the player's turns of the line: the value of every legal move (from the
// player's side, exact final disc difference with perfect play after it), the best first.
type Step struct {
	// Moves are the legal moves (square names) with their values, best first.
	Moves []MoveValue `json:"moves"`
	// Reply is the opponent's answer to the best move ("" when the puzzle ends with this step;
	// "pass" when the opponent must pass and the player moves again): the line's next moves
	// before the player's next step, passes included. In Turncoat, where both sides select at
	// once, every step has one: the opponent's selection in the same round, the answer's
	// worst case.
	Reply []string `json:"reply,omitempty"`
}

// MoveValue is a move and its exact value.
type MoveValue struct {
	Move  string `json:"m"`
	Value int    `json:"v"`
}

// Source is the real game a puzzle's position comes from.
type Source struct {
	Black      string `json:"black,omitempty"`
	White      string `json:"white,omitempty"`
	Year       int    `json:"year,omitempty"`
	Tournament string `json:"tournament,omitempty"`
	// Ply is the number of moves played before the position (passes included).
	Ply int `json:"ply"`
	// Game is, for a position of a game the AI played against itself (Tournament
	// "self-play"), the game's number in the build's sequence: the seed and the number replay
	// it.
	Game int `json:"game,omitempty"`
}

// Puzzle is one puzzle of the set.
type Puzzle struct {
	// ID names the puzzle: the kind's letter and its number in the set ("o123").
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Player is the side the puzzle asks to play where both sides act at once (Turncoat:
	// "first" is Red, "second" Yellow); elsewhere the side to move, and empty.
	Player string `json:"player,omitempty"`
	// Options are the game's options the position is played under (Turncoat's board size,
	// for example); none for 8x8 Othello.
	Options map[string]string `json:"options,omitempty"`
	// Position is, for Othello, the board in the game's text (rows from a1, X black, O white,
	// - empty) and the side to move: "...  X". For the other kinds it is a position that
	// game.ReadPosition reads under Options (the game's own notation or its canonical
	// encoding), and the moves of Steps, Reply and Rest are in the game's move notation
	// (game.ParseMove/FormatMove).
	Position string `json:"position"`
	// Empties is the number of empty squares (Othello, Troll, Blocs' cells; 0 where it means
	// nothing, as in Turnover).
	Empties int `json:"empties"`
	// Value is the position's exact value for the side to move: discs, empties to the winner,
	// for Othello; for the others, the game's own unit (Unit).
	Value int `json:"value"`
	// Unit is the unit of the values where it is not Othello's discs: "mate" (Turnover: the
	// value is 100 minus the number of the player's moves to mate, negative for being mated),
	// "result" (+1 a win, 0 a draw, -1 a loss: Blocs, Troll, Turncoat), or the game's own
	// score unit named in its puzzle's doc.
	Unit string `json:"unit,omitempty"`
	// Margin is how many discs the second-best first move loses against the best (at least
	// the build's minimum).
	Margin int `json:"margin"`
	// Steps are the player's turns, in order; the first move of each is the answer.
	Steps []Step `json:"steps"`
	// Rest is the line after the last answer to the end of the game, each move keeping the
	// value (perfect play by both sides, passes as "pass").
	Rest []string `json:"rest,omitempty"`
	// Rating is the puzzle's starting rating (the server keeps its current one).
	Rating int      `json:"rating"`
	Themes []string `json:"themes"`
	Source Source   `json:"source"`
}

// Answer returns the move the player must play at step i.
func (p *Puzzle) Answer(i int) string { return p.Steps[i].Moves[0].Move }

// Write writes the puzzles as gzip'd JSON lines. The gzip header carries no name and no time,
// so the same puzzles give the same bytes.
func Write(w io.Writer, ps []Puzzle) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	enc := json.NewEncoder(bw)
	for i := range ps {
		if err := enc.Encode(&ps[i]); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// Read reads a set that Write wrote.
func Read(r io.Reader) ([]Puzzle, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("puzzle set: %w", err)
	}
	defer zr.Close()
	dec := json.NewDecoder(zr)
	var out []Puzzle
	for {
		var p Puzzle
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return out, nil
		} else if err != nil {
			return nil, fmt.Errorf("puzzle set: puzzle %d: %w", len(out)+1, err)
		}
		if len(p.Steps) == 0 || len(p.Steps[0].Moves) == 0 {
			return nil, fmt.Errorf("puzzle set: puzzle %s has no answer", p.ID)
		}
		out = append(out, p)
	}
}
