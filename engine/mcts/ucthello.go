package mcts

import (
	"fmt"
	"math"
)

// UCThelloIterations is the reference player's budget per move.
const UCThelloIterations = 32000

// UCThello returns the UCThello-style reference player of the Othello strength target: plain
// UCT with exploration constant c (UCThello's is sqrt 2), uniformly random playouts (on
// bitboards for Othello: the same games, faster), a fixed number of iterations per move, no tree
// reuse, no solver, one tree; it plays the most visited move.
func UCThello(iterations int64, c float64, seed uint64) *Searcher {
	name := "ucthello"
	if iterations != UCThelloIterations || c != math.Sqrt2 {
		name = fmt.Sprintf("ucthello(iterations=%d,c=%g)", iterations, c)
	}
	return New(Config{Iterations: iterations, C: c, Seed: seed, Workers: 1, Name: name})
}
