package othello

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"math/bits"
	"time"

	"turncoat/game"
	"turncoat/games/reversi"
)

// The disc-loss measure: a fixed set of positions of real games (WTHOR) with 20 to 25 empties,
// every move of each valued exactly by the solver (testdata/loss.obf, made by TestMakeLossSet).
// A level's loss at a position is the exact value of the best move minus that of the move the
// level chooses at its own limits and time budget; the mean over the set says how far from
// perfect play the level is where the endgame begins, which decides most games between strong
// players.

//go:embed testdata/loss.obf
var lossOBF []byte

// LossSet returns the measure's positions, each with every move's exact score.
func LossSet() ([]reversi.Problem, error) {
	return reversi.ReadOBF(bytes.NewReader(lossOBF), "loss.obf")
}

// LossResult is one level's loss over a set of positions.
type LossResult struct {
	Level     int
	Positions int
	// Total is the sum of the discs lost; Perfect counts the positions where none was.
	Total, Perfect int
	// ByEmpties sums the losses (and counts the positions) by number of empties.
	ByEmpties, CountByEmpties [65]int
	// Elapsed is the time the level took over the set.
	Elapsed time.Duration
}

// Mean is the average disc loss per position.
func (r LossResult) Mean() float64 {
	if r.Positions == 0 {
		return 0
	}
	return float64(r.Total) / float64(r.Positions)
}

// MeasureLoss plays level on every position of set (with an engine of the level's table, cleared
// before each position, as in a new game) and sums the discs its moves lose against perfect play.
// opts gives the engine's threads (its table size is the level's). progress, if set, is called
// after each position with the loss there.
func MeasureLoss(ctx context.Context, level int, set []reversi.Problem, opts Options, progress func(i, loss int)) (LossResult, error) {
	lv, err := LevelOf(level)
	if err != nil {
		return LossResult{}, err
	}
	opts.TableBytes = lv.TableBytes
	agent := NewAgent(fmt.Sprintf("reversi level %d", level), lv.Limits, lv.Noise, opts, uint64(level))
	res := LossResult{Level: level}
	start := time.Now()
	for i := range set {
		p := &set[i]
		st, err := reversi.FromBoard(p.Board, reversi.Standard)
		if err != nil {
			return res, fmt.Errorf("position %s: %w", p.ID, err)
		}
		agent.engine().Clear()
		mv, err := agent.Choose(ctx, st, game.Player(p.Board.Turn))
		if err != nil {
			return res, fmt.Errorf("position %s: %w", p.ID, err)
		}
		score, ok := 0, false
		for _, m := range p.Moves {
			if m.Square == int(mv) {
				score, ok = m.Score, true
			}
		}
		if !ok {
			return res, fmt.Errorf("position %s: level %d played %s, which the set does not value", p.ID, level, reversi.SquareName(int(mv)))
		}
		loss := p.Score - score
		n := bits.OnesCount64(p.Board.Empty())
		res.Positions++
		res.Total += loss
		res.ByEmpties[n] += loss
		res.CountByEmpties[n]++
		if loss == 0 {
			res.Perfect++
		}
		if progress != nil {
			progress(i, loss)
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}
