package main

import (
	"context"
	"fmt"
	"sync"

	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/engine/othello/nboard"
)

func init() {
	register(command{name: "nboard", summary: "run the Othello engine behind the NBoard protocol on stdin/stdout", run: runNBoard})
}

func runNBoard(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "nboard", "[--threads N] [--hash MB] [--book FILE] [--level L]", `
Runs the Othello engine behind the NBoard protocol on standard input and output, for the NBoard
GUI and any program that drives Othello engines that way ("nboard:cmd=turncoat nboard" makes it
an agent of turncoat match). At "set depth D" the engine searches D plies in the midgame, solves
exactly with D+6 empties or fewer and for the win with D+8 or fewer. "ping" and "quit" stop a
running search at once; at the end of its input the engine finishes what it was asked first.
"set contempt" is accepted; the engine's values are whole discs, so a contempt under a disc
does not change its play.

In a position of the opening book (the shipped book with the user's learned games over it),
"go" plays the book's best move and "hint" answers with "book" lines (each book move's line,
value and games) and a "search" line for the best move outside the book. "learn" adds the game
(8x8, from the standard start) to the book and saves the user's book, --book, at once (a new
file replaces the old whole); the next start reads it. With --book none, learned games last for
the session only; a user's book that cannot be read is reported and left untouched, and the
session learns without saving.

With --level L the engine plays level L (1-10) at its limits and time budget (without the weak
levels' randomness) and ignores "set
depth": "turncoat match --a 'nboard:cmd=NEW nboard --level 10' --b 'nboard:cmd=OLD nboard
--level 10'" matches two builds' level 10 at equal time.`)
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 128, "transposition table size in MB")
	level := fs.Int("level", 0, "play this level (1-10) at its limits and time, whatever depth is set (0: the depth set)")
	user := fs.String("book", defaultUserBook(), `the user's book of learned games, over the shipped one ("none": none)`)
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
	bs, err := openBooks("", *user)
	if err != nil {
		// the user's book is unreadable: say so, and never overwrite it
		fmt.Fprintf(e.stderr, "turncoat nboard: %v: playing with the shipped book; learned games last for this session only\n", err)
		if bs, err = openBooks("", "none"); err != nil {
			return err
		}
	}
	cfg := nboard.BookConfig{Book: bs.combined}
	if *level != 0 {
		lv, err := othello.LevelOf(*level)
		if err != nil {
			return usagef("--level: %v", err)
		}
		cfg.Limits = &lv.Limits
	}
	if bs.userPath != "" {
		var mu sync.Mutex
		cfg.Learned = func(part *book.Book) error {
			mu.Lock()
			defer mu.Unlock()
			bs.user.Merge(part)
			_, err := saveBook(bs.userPath, bs.user, true)
			return err
		}
	}
	return nboard.Serve(ctx, e.stdin, e.stdout, e.stderr, nboard.FromEngineWithBook(eng, cfg))
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
