package main

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"turncoat/game"
)

func init() {
	register(command{name: "moves", summary: "list the legal moves of a position in the game's notation", run: runMoves})
}

// summaryClasses are the classes the summary line always shows, in order, for games that
// classify their moves; other classes follow when present.
var summaryClasses = []string{"move", "combine", "turnover", "capture"}

func runMoves(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "moves", "[--game G] [--setup S] [--options k=v,...] [--position P]", `
Prints each legal move of the position (the start, or --position) in the game's notation, one a
line, then a summary: moves=N, and for games that classify their moves (Turnover) the count of
each class, e.g. "moves=20 move=16 combine=2 turnover=1 capture=1". At a simultaneous node each
side's moves are listed under its name.`)
	gameName := fs.String("game", "reversi", "the game")
	size := fs.String("size", "", "board size (Reversi: 4, 6 or 8)")
	setup := fs.String("setup", "", "start setup (Turnover: first-rank or zigzag)")
	options := fs.String("options", "", "game options as name=value,...")
	position := fs.String("position", "", "the position (the game's position notation or encoding)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	s, err := startState(*gameName, *options, map[string]string{"size": *size, "setup": *setup}, *position)
	if err != nil {
		return err
	}
	acts := s.ToAct()
	if acts == game.Nobody {
		fmt.Fprintln(e.stdout, "game over: "+s.Outcome().Describe(s.Game().SideNames(s.Options())))
	}
	describer, classify := s.(game.MoveDescriber)
	counts := map[string]int{}
	total := 0
	var buf [256]game.Action
	for p := game.First; p <= game.Second; p++ {
		if !acts.Has(p) {
			continue
		}
		if acts.Simultaneous() {
			fmt.Fprintf(e.stdout, "%s:\n", s.Game().SideNames(s.Options())[p])
		}
		for _, a := range s.Legal(p, buf[:0]) {
			fmt.Fprintln(e.stdout, s.FormatAction(p, a))
			total++
			if classify {
				counts[describer.DescribeAction(p, a).Class]++
			}
		}
	}
	fmt.Fprintln(e.stdout, movesSummary(total, counts, classify))
	return nil
}

// movesSummary writes "moves=N" and, when classify is set, "class=count" for the summary
// classes and then any other class seen, in name order.
func movesSummary(total int, counts map[string]int, classify bool) string {
	line := fmt.Sprintf("moves=%d", total)
	if !classify {
		return line
	}
	var b strings.Builder
	b.WriteString(line)
	for _, c := range summaryClasses {
		fmt.Fprintf(&b, " %s=%d", c, counts[c])
	}
	var extra []string
	for c := range counts {
		if c != "" && !slices.Contains(summaryClasses, c) {
			extra = append(extra, c)
		}
	}
	sort.Strings(extra)
	for _, c := range extra {
		fmt.Fprintf(&b, " %s=%d", c, counts[c])
	}
	return b.String()
}
