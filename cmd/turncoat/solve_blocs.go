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

// runSolveBlocs solves Blocs: a flipping position by its Grundy value (same-side seating) or by
// the retrograde analysis of the partizan game (opposite seating), or the placement phase from
// the empty board.
func runSolveBlocs(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve blocs", "ROWS [--to-move first|second] | --placement [--first-flip continue|second] [--seating same|opposite]", `
Solves Blocs exactly.

With ROWS, a full board as its rows top to bottom joined by '/' (B black, W white, e.g.
BWWB/WBBW/WWWW/BWWB), solves the flipping position for the player to move. With same-side
seating it prints the position's value and a winning flip:

    value=G move=MOVE

G is the Grundy value (the XOR of the Tartan table over the black pieces); the player to move
wins exactly when G is not 0, and MOVE (like a1-c3, or c3) leaves a position of value 0. With G
= 0 no flip wins: move=none.

With --seating opposite the game is partizan (the second player's rectangles need a black
upper-left square) and the player to move matters (--to-move; by default the one who flips
first under --first-flip). It prints that player's result with perfect play and a best flip:

    result=win|draw|loss move=MOVE

(a fastest win, a move that keeps the draw, or a slowest loss; a position that occurs a second
time is drawn).

With --placement, prints who wins the whole game from the empty board with perfect play:

    winner=first|second

(with --seating opposite a draw is possible: winner=draw).`)
	placement := fs.Bool("placement", false, "solve the placement phase from the empty board")
	firstFlip := fs.String("first-flip", blocs.FirstFlipContinue, "who flips first: continue (the first player) or second")
	seating := fs.String("seating", blocs.SeatingSame, "same, or opposite (the second player's rectangles need a black upper-left square)")
	toMove := fs.String("to-move", "", "who is to move in ROWS: first or second (default: who flips first)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	o, err := game.ParseOptions(blocs.Game{}.OptionSpecs(), map[string]string{"first-flip": *firstFlip, "seating": *seating})
	if err != nil {
		return usageError{err.Error()}
	}
	rules := blocs.RulesOf(o)
	if *placement {
		if len(pos) > 0 {
			return usagef("--placement takes no board (unexpected %q)", pos[0])
		}
		if *toMove != "" {
			return usagef("--to-move goes with a board (ROWS), not --placement")
		}
		switch exact.BlocsPlacementWinner(rules, 0, 0) {
		case game.First:
			fmt.Fprintln(e.stdout, "winner=first")
		case game.Second:
			fmt.Fprintln(e.stdout, "winner=second")
		default:
			fmt.Fprintln(e.stdout, "winner=draw")
		}
		return nil
	}
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
	mover := rules.FirstFlipper()
	switch *toMove {
	case "":
	case "first":
		mover = game.First
	case "second":
		mover = game.Second
	default:
		return usagef("--to-move %q: want first or second", *toMove)
	}
	if !rules.Opposite {
		g := exact.BlocsGrundy(black)
		move := "none"
		if a, ok := exact.BlocsWinningFlip(black); ok {
			move = blocs.FormatAction(a)
		}
		fmt.Fprintf(e.stdout, "value=%d move=%s\n", g, move)
		return nil
	}
	var buf [blocs.MaxAction]game.Action
	moves, res := exact.BlocsBestMoves(blocs.FlippingState(rules, black, mover), buf[:0])
	move := "none"
	if len(moves) > 0 {
		move = blocs.FormatAction(int(moves[0]))
	}
	fmt.Fprintf(e.stdout, "result=%s move=%s\n", map[exact.Result]string{exact.Win: "win", exact.Draw: "draw", exact.Loss: "loss"}[res], move)
	return nil
}
