package main

import (
	"context"
	"fmt"

	"turncoat/engine/exact"
	"turncoat/game"
	"turncoat/games/blocs"
)

func init() {
	solvers["blocs"] = runSolveBlocs
}

// runSolveBlocs solves Blocs: a flipping position by its Grundy value, or the placement phase
// from the empty board.
func runSolveBlocs(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve blocs", "ROWS | --placement [--first-flip continue|second] [--seating same|opposite]", `
Solves Blocs exactly.

With ROWS, a full board as its rows top to bottom joined by '/' (B black, W white, e.g.
BWWB/WBBW/WWWW/BWWB), prints the flipping position's value for the player to move with
same-side seating, and a winning flip:

    value=G move=MOVE

G is the Grundy value (the XOR of the Tartan table over the black pieces); the player to move
wins exactly when G is not 0, and MOVE (like a1-c3, or c3) leaves a position of value 0. With G
= 0 no flip wins: move=none.

With --placement, prints who wins the whole game from the empty board with perfect play:

    winner=first|second

(with --seating opposite a draw is possible: winner=draw).`)
	placement := fs.Bool("placement", false, "solve the placement phase from the empty board")
	firstFlip := fs.String("first-flip", blocs.FirstFlipContinue, "who flips first: continue (the first player) or second")
	seating := fs.String("seating", blocs.SeatingSame, "same, or opposite (the second player's rectangles need a black upper-left square)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if !*placement {
		if len(pos) != 1 {
			return usagef("want one board (ROWS) or --placement")
		}
		filled, black, err := blocs.ParseText(pos[0])
		if err != nil {
			return usagef("%v", err)
		}
		if filled != blocs.Full {
			return usagef("board %s has empty squares: the flipping phase starts with a full board", pos[0])
		}
		g := exact.BlocsGrundy(black)
		move := "none"
		if a, ok := exact.BlocsWinningFlip(black); ok {
			move = blocs.FormatAction(a)
		}
		fmt.Fprintf(e.stdout, "value=%d move=%s\n", g, move)
		return nil
	}
	if len(pos) > 0 {
		return usagef("--placement takes no board (unexpected %q)", pos[0])
	}
	o, err := game.ParseOptions(blocs.Game{}.OptionSpecs(), map[string]string{"first-flip": *firstFlip, "seating": *seating})
	if err != nil {
		return usagef("%v", err)
	}
	switch exact.BlocsPlacementWinner(blocs.RulesOf(o), 0, 0) {
	case game.First:
		fmt.Fprintln(e.stdout, "winner=first")
	case game.Second:
		fmt.Fprintln(e.stdout, "winner=second")
	default:
		fmt.Fprintln(e.stdout, "winner=draw")
	}
	return nil
}
