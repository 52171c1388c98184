package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"turncoat/games/reversi"
)

func init() {
	register(command{name: "solve", summary: "solve positions exactly (Othello OBF files, Blocs, Turncoat)", run: runSolve})
}

// solvers are the solve subcommands by first argument; "obf" handles everything else (Othello
// positions in OBF files, or "start"). Each game's file adds its own in init.
var solvers = map[string]func(ctx context.Context, e *env, args []string) error{}

func runSolve(ctx context.Context, e *env, args []string) error {
	if len(args) > 0 {
		if f, ok := solvers[args[0]]; ok && args[0] != "obf" {
			if err := f(ctx, e, args[1:]); err != nil {
				return inCommand{"solve " + args[0], err}
			}
			return nil
		}
	}
	if f, ok := solvers["obf"]; ok {
		return f(ctx, e, args)
	}
	if len(args) == 0 || args[0] == "--help" || args[0] == "-h" {
		names := make([]string, 0, len(solvers))
		for n := range solvers {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(e.stdout, "Usage: turncoat solve %s ...\n", strings.Join(names, "|"))
		return nil
	}
	return usagef("unknown solver %q", args[0])
}

// maxExactEmpties is the most empties of an Othello position the exact solves take. The hardest
// published benchmarks (FFO #60-79) have 24 to 36 empties and take the best solvers minutes to
// hours; each further empty multiplies the work by about three, so that beyond 36 a solve would
// not end in a lifetime (the 8x8 start has 60). Every 6x6 position (32 empties at most) is in
// reach: the 6x6 starts solve in about a minute each.
const maxExactEmpties = 36

// checkExactReach refuses, before any work, the positions an exact solve could not finish,
// naming the first and the limit.
func checkExactReach(problems []reversi.Problem) error {
	for _, pr := range problems {
		_, _, empties := pr.Board.Counts()
		if empties <= maxExactEmpties {
			continue
		}
		what := fmt.Sprintf("position %s", pr.ID)
		if pr.Line > 0 {
			what += fmt.Sprintf(" (line %d)", pr.Line)
		}
		if pr.ID == "start" {
			what = fmt.Sprintf("the %dx%d start", pr.Board.Size, pr.Board.Size)
		}
		return usagef("an exact solve of %s is out of reach: it has %d empties, and a solve takes at most %d (analyze estimates a position's value)",
			what, empties, maxExactEmpties)
	}
	return nil
}
