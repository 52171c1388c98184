package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"turncoat/game"
	"turncoat/games"
)

func init() {
	register(command{name: "perft", summary: "count the leaves of a game tree (move generator test and benchmark)", run: runPerft})
}

func runPerft(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "perft", "[--game G] [--size 4|6|8] [--setup S] [--options k=v,...] [--position P] DEPTH", `
Counts the leaves of the game tree from the start (or --position) to each depth 1..DEPTH and
prints one line per depth: depth=D nodes=N seconds=S nps=R.

Convention: every move (a pass too) is one ply; a finished game reached early is one leaf.`)
	gameName := fs.String("game", "reversi", "the game")
	size := fs.String("size", "", "board size (Reversi: 4, 6 or 8)")
	setup := fs.String("setup", "", "start setup (Turnover: first-rank or zigzag)")
	options := fs.String("options", "", "game options as name=value,...")
	position := fs.String("position", "", "start from this position (the game's position notation or encoding)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one DEPTH")
	}
	depth, err := strconv.Atoi(pos[0])
	if err != nil || depth < 1 || depth > 64 {
		return usagef("DEPTH %q: want a number from 1 to 64", pos[0])
	}
	s, err := startState(*gameName, *options, map[string]string{"size": *size, "setup": *setup}, *position)
	if err != nil {
		return err
	}
	for d := 1; d <= depth; d++ {
		t0 := time.Now()
		n, err := game.FastPerftContext(ctx, s, d)
		if err != nil {
			return err
		}
		secs := time.Since(t0).Seconds()
		fmt.Fprintf(e.stdout, "depth=%d nodes=%d seconds=%.3f nps=%.0f\n", d, n, secs, float64(n)/max(secs, 1e-9))
	}
	return nil
}

// startState builds a game's starting state from --options, the shorthand option flags that
// were given (empty values are skipped) and an optional --position.
func startState(gameName, options string, shorthand map[string]string, position string) (game.State, error) {
	g, err := games.Registry().Lookup(gameName)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	o, err := game.ParseOptionString(g.OptionSpecs(), options)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	for name, v := range shorthand {
		if v == "" {
			continue
		}
		if o, err = o.With(name, v); err != nil {
			return nil, usageError{fmt.Sprintf("--%s: %v", name, err)}
		}
	}
	if position != "" {
		s, err := game.ReadPosition(g, o, position)
		if err != nil {
			return nil, usageError{fmt.Sprintf("--position: %v", err)}
		}
		return s, nil
	}
	s, err := g.New(o)
	if errors.Is(err, game.ErrOption) {
		// options that are each valid but not together (Troll's first=white without
		// rules=1993, a Turncoat setup of another size): the command line is wrong
		return nil, usageError{err.Error()}
	}
	return s, err
}
