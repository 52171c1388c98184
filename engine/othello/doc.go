// Package reversi is Turncoat's Othello engine: an iterative-deepening principal-variation
// search with a transposition table, a pattern evaluation learned from real games, an exact
// endgame solver, and the playing levels built on them.
//
// Positions are seen from the side to move: p holds the mover's discs and o the opponent's, on
// the bitboards of games/discs (a1 = bit 0, h8 = bit 63). Boards smaller than 8x8 live in the
// top-left corner of the grid; a [geometry] carries their squares and quadrants, so the same
// search and solver work on 6x6 and 4x4.
//
// Scores are disc differences for the side to move, with the empty squares of a finished game
// going to the winner (the world federation's convention): the exact solver returns them, and
// the evaluation estimates them.
//
// The evaluation is trained on labelled positions (bootstrap.go, labels.go). The long-running
// labels (exact solves up to 24 empties and more, deep searches above) are data kept out of the
// repository, in label files that the command that made them makes again byte for byte, e.g.
//
//	turncoat label --out wthor-23.labels --solve 24 --empties 23-23 --threads 2 ../shared/data/wthor
//
// and that "turncoat train --labels FILE" reads.
//
// The package does no I/O and never logs. Searches stop when their context ends.
package othello
