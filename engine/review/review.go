// Package review reviews a finished game (or any record) move by move: what each move lost
// against the best move, as the engines know it.
//
// For every move a review gives the value of the position for the side that moved (with best
// play from there on), the value of the move played, and their difference, the loss: never
// negative, in the unit of the game's values (discs for Othello). Where the values come from is
// said for each move (Source) and whether they are exact: the solver's, the opening book's, a
// search engine's estimate, Grundy values, or SM-MCTS estimates. A Turncoat round gives two
// reviewed moves, one per side, with the round's number.
//
// Each move is classed by its loss (thresholds in discs for Othello, DiscThresholds):
//
//	book        the move is in the opening book and the book values it within BookMargin
//	            discs of the book's best move
//	best        loss 0
//	good        loss up to 2 discs
//	inaccuracy  loss up to 4 discs
//	mistake     loss up to 8 discs
//	blunder     loss above 8 discs
//
// Other games class their losses in their own units: Turnover's in pawns (PawnThresholds, from
// its alpha-beta engine), win rates and exact results in percentage points (WinrateThresholds:
// Troll's MCTS estimates, Blocs' Grundy values, where a win thrown to a draw or a loss is a
// blunder). Turncoat's simultaneous rounds are reviewed side by side (Turncoat): each side's
// selection against the other side's optimal play in the round's matrix game, exactly from the
// solver on small boards, else from SM-MCTS estimates, in percentage points of the expected
// result.
//
// Each side gets its total loss, its average loss per reviewed move, its counts per class and
// an accuracy figure from 0 to 100: 100·exp(−average/AccuracyScale), a mapping in the manner
// of lichess's (there from win percentages, here from discs): an average loss of 0 is 100, of
// 1 disc about 78, of 2 discs about 61, of 4 discs about 37.
//
// The graph is the value after each reviewed move, from the first player's view (Black's in
// Othello). The turning point is the move that changed the expected result most: among the
// moves whose played value has a worse sign than the value before it (a win thrown to a draw
// or a loss, a draw to a loss), the one that lost most; when there is none, the largest loss
// of the side that lost the game.
//
// The package imports no service: the server's review job and the CLI build on it.
package review

import (
	"context"
	"math"
)

// Class is a move's class.
type Class string

// The classes, from best to worst.
const (
	Book       Class = "book"
	Best       Class = "best"
	Good       Class = "good"
	Inaccuracy Class = "inaccuracy"
	Mistake    Class = "mistake"
	Blunder    Class = "blunder"
)

// Classes lists the classes in order, for totals.
var Classes = []Class{Book, Best, Good, Inaccuracy, Mistake, Blunder}

// Rank orders the classes: 0 for book and best, growing with the loss.
func (c Class) Rank() int {
	switch c {
	case Good:
		return 1
	case Inaccuracy:
		return 2
	case Mistake:
		return 3
	case Blunder:
		return 4
	}
	return 0
}

// Source says where a move's values come from.
type Source string

// The sources.
const (
	FromBook   Source = "book"   // the opening book's negamax values (Othello 8x8)
	FromSolver Source = "solver" // an exact endgame solve
	FromEngine Source = "engine" // a search engine's estimate at its depth
	FromGrundy Source = "grundy" // exact, by Grundy values (Blocs)
	FromMCTS   Source = "mcts"   // estimated by Monte Carlo tree search (win rates)
)

// Thresholds class a loss: best at 0 (or below Best), good up to Good, inaccuracy up to
// Inaccuracy, mistake up to Mistake, blunder above.
type Thresholds struct {
	Best, Good, Inaccuracy, Mistake float64
}

// DiscThresholds are Othello's, in discs: best 0, good ≤ 2, inaccuracy ≤ 4, mistake ≤ 8,
// blunder > 8.
var DiscThresholds = Thresholds{Best: 0, Good: 2, Inaccuracy: 4, Mistake: 8}

// Classify returns the class of a loss.
func (t Thresholds) Classify(loss float64) Class {
	switch {
	case loss <= t.Best:
		return Best
	case loss <= t.Good:
		return Good
	case loss <= t.Inaccuracy:
		return Inaccuracy
	case loss <= t.Mistake:
		return Mistake
	}
	return Blunder
}

// AccuracyScale is Othello's scale of the accuracy, in discs: accuracy =
// 100·exp(−average/AccuracyScale), so that an average loss of 4 discs a move gives 100/e.
const AccuracyScale = 4.0

// Accuracy maps an average loss per move to 0-100 (see the package doc).
func Accuracy(average, scale float64) float64 {
	if scale <= 0 {
		scale = AccuracyScale
	}
	return 100 * math.Exp(-max(average, 0)/scale)
}

// Ply is the review of one move.
type Ply struct {
	// Ply is the move's number in the record, from 1 (passes count, but are not reviewed).
	Ply int
	// Side is the side that moved: 0 the first player (Black), 1 the second.
	Side int
	// Move is the move played and Best the best move, in the game's notation.
	Move, Best string
	// Before is the value of the position for the side that moved, with best play; Played
	// the value of the move played, for the same side. Loss = Before − Played ≥ 0.
	Before, Played, Loss float64
	Class                Class
	// Exact tells that both values are exact (the solver's or Grundy values).
	Exact  bool
	Source Source
	// Empties is the number of empty squares before the move (Othello; 0 elsewhere).
	Empties int
	// PV is the better line, from Best, when the move lost something (a pass is "pa").
	PV []string
}

// Side is one side's totals.
type Side struct {
	// Moves is the number of reviewed moves; Loss their total loss, Average the mean.
	Moves    int
	Loss     float64
	Average  float64
	Accuracy float64
	Counts   map[Class]int
}

// Review is a game's review.
type Review struct {
	// Game names what was reviewed ("othello 8x8", ...).
	Game string
	// Unit is the unit of the values: "discs", "winrate", "score".
	Unit string
	// ExactEmpties is the number of empties from which the values are exact (Othello).
	ExactEmpties int
	// Thresholds are the ones the moves were classed by, in Unit.
	Thresholds Thresholds
	Plies      []Ply
	Sides      [2]Side
	// Graph is the value after each reviewed move (Plies[i]), from the first player's view.
	Graph []float64
	// TurningPoint is the Ply number of the turning point, 0 when there is none.
	TurningPoint int
	// Final is the game's result from the first player's view (its score where it has one,
	// else +1, 0, -1), and Over whether the game ended.
	Final float64
	Over  bool
}

// Finish computes the totals and the turning point from r.Plies and r.Final (the first
// player's view), with the given accuracy scale; even is the value of an even game (0 for
// discs, 50 for win rates in percent), from which the expected result is read.
func (r *Review) Finish(scale, even float64) {
	for s := range r.Sides {
		r.Sides[s] = Side{Counts: map[Class]int{}}
	}
	for _, p := range r.Plies {
		sd := &r.Sides[p.Side]
		sd.Moves++
		sd.Loss += p.Loss
		sd.Counts[p.Class]++
	}
	for s := range r.Sides {
		sd := &r.Sides[s]
		if sd.Moves > 0 {
			sd.Average = sd.Loss / float64(sd.Moves)
		}
		sd.Accuracy = Accuracy(sd.Average, scale)
	}
	r.TurningPoint = turningPoint(r.Plies, r.Final, even)
}

func sign(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// turningPoint: the largest loss that changed the expected result for its mover; else the
// largest loss of the side that lost.
func turningPoint(plies []Ply, final, even float64) int {
	best, at := 0.0, 0
	for _, p := range plies {
		if sign(p.Played-even) < sign(p.Before-even) && p.Loss > best {
			best, at = p.Loss, p.Ply
		}
	}
	if at != 0 {
		return at
	}
	loser := -1
	switch sign(final) {
	case 1:
		loser = 1
	case -1:
		loser = 0
	}
	for _, p := range plies {
		if p.Side == loser && p.Loss > best {
			best, at = p.Loss, p.Ply
		}
	}
	return at
}

// Progress reports a review's progress: done moves of total.
type Progress func(done, total int)

// Slot, when a review's config gives one, is taken before each move's searches and released
// after them (a server's fair share of the cores: the searches of a long review take their
// turns with the others' one move at a time).
type Slot func(ctx context.Context) (release func(), err error)

// take takes slot, if any.
func (slot Slot) take(ctx context.Context) (func(), error) {
	if slot == nil {
		return func() {}, nil
	}
	return slot(ctx)
}
