package othello

import (
	"fmt"
	"time"
)

// Level is a playing strength from 1 (beginner) to 10 (strongest): a search depth, the numbers
// of empties from which the endgame is solved (win/loss/draw, then exactly), a time cap per
// move, and for the weakest levels some randomness in the choice.
type Level struct {
	Limits Limits
	// Noise is the randomness, in discs, added to each move's value (levels 1-4).
	Noise int
	// TableBytes is the size of the level's transposition table.
	TableBytes int
	// Book tells that the level plays from the opening book while the position is in it
	// (levels 8-10): whoever builds its agent gives it the book (Agent.SetBook).
	Book bool
	// Exact6 tells that the level plays 6x6 perfectly (level 10): from the exact 6x6 book,
	// then solving (Agent.SetExact6).
	Exact6 bool
}

// levels are the ten levels. Every level is capped at one second a move but the lowest ones
// finish far sooner; level 10 searches as deep as its second allows. Levels 8 to 10 play
// from the opening book while they can, and search selectively (multi-prob-cut, mpc.go): it
// costs them some accuracy at a given depth, so their depths are two plies deeper than
// before it (11 and 13), which they reach in less time. They also manage their time
// (Limits.Managed): a settled move is played sooner, a move in doubt searched longer.
var levels = [10]Level{
	{Limits: Limits{Depth: 1, Time: time.Second}, Noise: 10, TableBytes: 1 << 20},
	{Limits: Limits{Depth: 2, ExactEmpties: 4, Time: time.Second}, Noise: 6, TableBytes: 1 << 20},
	{Limits: Limits{Depth: 3, ExactEmpties: 8, Time: time.Second}, Noise: 3, TableBytes: 2 << 20},
	{Limits: Limits{Depth: 4, ExactEmpties: 10, Time: time.Second}, Noise: 1, TableBytes: 4 << 20},
	{Limits: Limits{Depth: 5, ExactEmpties: 12, WLDEmpties: 14, Time: time.Second}, TableBytes: 8 << 20},
	{Limits: Limits{Depth: 7, ExactEmpties: 14, WLDEmpties: 16, Time: time.Second}, TableBytes: 16 << 20},
	{Limits: Limits{Depth: 9, ExactEmpties: 16, WLDEmpties: 18, Time: time.Second}, TableBytes: 16 << 20},
	{Limits: Limits{Depth: 13, ExactEmpties: 18, WLDEmpties: 20, Time: time.Second, Selective: true, Managed: true}, TableBytes: 32 << 20, Book: true},
	{Limits: Limits{Depth: 15, ExactEmpties: 19, WLDEmpties: 21, Time: time.Second, Selective: true, Managed: true}, TableBytes: 32 << 20, Book: true},
	{Limits: Limits{ExactEmpties: 20, WLDEmpties: 22, Time: time.Second, Selective: true, Managed: true}, TableBytes: 64 << 20, Book: true, Exact6: true},
}

// LevelOf returns level l (1 to 10).
func LevelOf(l int) (Level, error) {
	if l < 1 || l > len(levels) {
		return Level{}, fmt.Errorf("level %d: want 1 to %d", l, len(levels))
	}
	return levels[l-1], nil
}

// NewLevelAgent returns the agent of level l; seed drives the weak levels' randomness.
func NewLevelAgent(l int, seed uint64) (*Agent, error) {
	lv, err := LevelOf(l)
	if err != nil {
		return nil, err
	}
	a := NewAgent(fmt.Sprintf("reversi level %d", l), lv.Limits, lv.Noise, Options{TableBytes: lv.TableBytes}, seed)
	a.SetExact6(lv.Exact6)
	return a, nil
}
