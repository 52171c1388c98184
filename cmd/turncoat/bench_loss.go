package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"turncoat/engine/othello"
)

// runBenchLoss is "turncoat bench loss": each level's average disc loss on the fixed set of
// positions with exact values (othello.LossSet).
func runBenchLoss(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "bench loss", "[--levels L,...] [--threads N] [--limit N]", `
Plays each level, at its own limits and time budget, on the disc-loss set: positions of real
games with 20 to 25 empties whose every move the solver valued exactly (shipped with the
engine). For each level prints the mean loss in discs of the moves it chose against the best
move's exact value, the share of positions it played perfectly, the mean loss by empties, and
the time it took, in one line:
level=L positions=N mean_loss=M perfect=P e20=... e25=... seconds=S`)
	levelsFlag := fs.String("levels", "8,9,10", "the levels, as a comma-separated list (1 to 10)")
	threads := fs.Int("threads", 1, "search threads")
	limit := fs.Int("limit", 0, "use only the first N positions of the set (0: all)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	var levels []int
	for _, f := range strings.Split(*levelsFlag, ",") {
		l, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || l < 1 || l > 10 {
			return usagef("--levels %q: want levels 1 to 10 separated by commas", *levelsFlag)
		}
		levels = append(levels, l)
	}
	opts, err := engineOptions(*threads, 1)
	if err != nil {
		return err
	}
	set, err := othello.LossSet()
	if err != nil {
		return err
	}
	if *limit > 0 && *limit < len(set) {
		set = set[:*limit]
	}
	status := e.statusWriter()
	for _, l := range levels {
		t0 := time.Now()
		res, err := othello.MeasureLoss(ctx, l, set, opts, func(i, loss int) {
			if status != nil {
				fmt.Fprintf(status, "\r\x1b[Klevel %d: position %d of %d, %s", l, i+1, len(set), time.Since(t0).Round(time.Second))
			}
		})
		if status != nil {
			fmt.Fprint(status, "\r\x1b[K")
		}
		if err != nil {
			return err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "level=%d positions=%d mean_loss=%.2f perfect=%d", l, res.Positions, res.Mean(), res.Perfect)
		for n, c := range res.CountByEmpties {
			if c > 0 {
				fmt.Fprintf(&b, " e%d=%.2f", n, float64(res.ByEmpties[n])/float64(c))
			}
		}
		fmt.Fprintf(&b, " seconds=%.1f", res.Elapsed.Seconds())
		fmt.Fprintln(e.stdout, b.String())
	}
	return nil
}
