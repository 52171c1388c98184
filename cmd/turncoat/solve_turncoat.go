package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"turncoat/engine/exact"
	"turncoat/game"
	"turncoat/games/turncoat"
)

func init() {
	solvers["turncoat"] = runSolveTurncoat
}

// runSolveTurncoat solves a Turncoat position on a tiny board exactly, for a round cap.
func runSolveTurncoat(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve turncoat", "--red ROWS [--yellow ROWS] [--mode white-and-black|white-only] [--cap R]", `
Solves a Turncoat position on a 3x3 or 4x4 board exactly: the value of the game drawn after R
more rounds, by value iteration over every position reachable, with a linear program for each
round's matrix game. Boards are rows top to bottom joined by '/': B black, W white, '.' blank
(the blanks must match; --yellow defaults to Red's board). Prints

    value=V
    red=SQ:P,...
    yellow=SQ:P,...

V is the value to Red (1 Red wins, -1 Yellow wins, 0 a draw, or in between under mixed play),
with 9 decimals; the next lines are optimal mixed strategies for the first round, the squares
selected with a probability above zero and their probabilities.

The cost grows with the positions reachable: a 3x3 start takes moments, a 4x4 start in
white-only mode some 10^6 positions and a few seconds a round. In white-and-black mode every
piece can be selected and each piece multiplies the positions by four or five: boards of up to
13 pieces are solved (4x4 with three or more blanks; 13 pieces take a GB or two), larger ones
are refused as out of reach.`)
	red := fs.String("red", "", "Red's board")
	yellow := fs.String("yellow", "", "Yellow's board (default: Red's)")
	mode := fs.String("mode", turncoat.ModeWhiteAndBlack, "selection mode: white-and-black or white-only")
	rounds := fs.Int("cap", turncoat.DefaultCap, "round cap: the game is drawn after this many rounds")
	verbose := fs.Bool("verbose", false, "report the positions, the iterations run (fewer than the cap when the values reach a fixed point) and the time on standard error")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *red == "" {
		return usagef("want --red ROWS")
	}
	if *yellow == "" {
		*yellow = *red
	}
	m, err := turncoat.ParseMode(*mode)
	if err != nil {
		return usagef("%v", err)
	}
	if *rounds < 1 || *rounds > turncoat.MaxCap {
		return usagef("--cap %d: want 1 to %d", *rounds, turncoat.MaxCap)
	}
	var boards [2]turncoat.Board
	size := 0
	for i, text := range []string{*red, *yellow} {
		b, n, err := turncoat.ParseBoard(text)
		if err != nil {
			return usagef("%v", err)
		}
		if size != 0 && n != size {
			return usagef("Red's board is %dx%d, Yellow's %dx%d", size, size, n, n)
		}
		boards[i], size = b, n
	}
	s, err := turncoat.FromBoards(turncoat.Rules{Size: size, Mode: m, Cap: *rounds, Seed: 1}, boards, 0)
	if err != nil {
		return usagef("%v", err)
	}
	if s.Result() != turncoat.InPlay {
		return usagef("the game is already over: %s", s.Outcome().Describe(turncoat.Game{}.SideNames(s.Options())))
	}
	if err := exact.TurncoatInReach(s); err != nil {
		return usageError{"an exact solve of this position is " + err.Error()}
	}
	start := time.Now()
	sol, err := exact.SolveTurncoat(ctx, s, exact.TurncoatOptions{Rounds: *rounds})
	if err != nil {
		return err
	}
	g, ok := sol.Game(boards[0], boards[1])
	if !ok {
		return fmt.Errorf("the start position is missing from the solution")
	}
	if *verbose {
		// A fixed point reached before the cap holds for every larger cap too.
		fmt.Fprintf(e.stderr, "positions=%d iterations=%d fixed-point=%v seconds=%.1f\n", sol.States(), sol.Rounds, sol.Change == 0, time.Since(start).Seconds())
	}
	fmt.Fprintf(e.stdout, "value=%.9f\n", g.Value)
	fmt.Fprintf(e.stdout, "red=%s\n", strategyText(g.RedSquares, g.Row))
	fmt.Fprintf(e.stdout, "yellow=%s\n", strategyText(g.YellowSquares, g.Col))
	return nil
}

// strategyText writes a mixed strategy as "SQ:P,..." for the squares played with a probability
// that shows in 9 decimals.
func strategyText(squares []game.Action, probs []float64) string {
	var parts []string
	for i, sq := range squares {
		if probs[i] >= 5e-10 {
			parts = append(parts, fmt.Sprintf("%s:%.9f", turncoat.SquareName(int(sq)), probs[i]))
		}
	}
	return strings.Join(parts, ",")
}
