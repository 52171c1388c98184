package main

import (
	"context"
	"fmt"
	"sort"
	"strings"
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
