package main

import (
	"context"

	"turncoat/engine/othello"
	"turncoat/engine/othello/nboard"
)

func init() {
	register(command{name: "nboard", summary: "run the Othello engine behind the NBoard protocol on stdin/stdout", run: runNBoard})
}

func runNBoard(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "nboard", "[--threads N] [--hash MB]", `
Runs the Othello engine behind the NBoard protocol on standard input and output, for the NBoard
GUI and any program that drives Othello engines that way ("nboard:cmd=turncoat nboard" makes it
an agent of turncoat match). At "set depth D" the engine searches D plies in the midgame, solves
exactly with D+6 empties or fewer and for the win with D+8 or fewer. "ping" and "quit" stop a
running search at once; at the end of its input the engine finishes what it was asked first.
"set contempt" is accepted; the engine's values are whole discs, so a contempt under a disc
does not change its play.`)
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 128, "transposition table size in MB")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	opts, err := engineOptions(*threads, *hash)
	if err != nil {
		return err
	}
	eng := othello.New(opts)
	return nboard.Serve(ctx, e.stdin, e.stdout, e.stderr, nboard.FromEngine(eng))
}

// engineOptions checks the Othello engine's --threads and --hash (MB) flags, as the commands
// that run the engine share them.
func engineOptions(threads, hashMB int) (othello.Options, error) {
	if threads < 1 || threads > 64 {
		return othello.Options{}, usagef("--threads %d: want 1 to 64", threads)
	}
	if hashMB < 1 || hashMB > 1<<16 {
		return othello.Options{}, usagef("--hash %d: want 1 to 65536 MB", hashMB)
	}
	return othello.Options{TableBytes: hashMB << 20, Threads: threads}, nil
}
