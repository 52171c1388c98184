package main

import (
	"context"
	"fmt"
	"math"
	"time"

	"turncoat/engine"
	"turncoat/engine/ai"
	"turncoat/engine/match"
)

func init() {
	register(command{name: "match", summary: "play engine against engine and estimate the Elo difference", run: runMatch})
}

func runMatch(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "match", "--a AGENT --b AGENT [--game G] [--games N] [--options k=v,...]", `
Plays N games between agents A and B from balanced openings, each opening with both colours,
and prints A's wins, draws and losses, its score and the Elo difference with a 95% interval,
and each side's mean and longest time per move (on the wall clock).

An AGENT is a level (1-10) or a spec "kind[:name=value,...]": random, greedy, and the kinds of
each game's engines (run with --list to see them). Two builds of the Othello engine are compared
at equal time by their NBoard servers at one level, e.g.
  --a 'nboard:cmd=NEW nboard --level 10 --book none' --b 'nboard:cmd=OLD nboard --level 10 --book none'`)
	gameName := fs.String("game", "reversi", "the game")
	options := fs.String("options", "", "game options as name=value,...")
	specA := fs.String("a", "", "agent A")
	specB := fs.String("b", "", "agent B")
	n := fs.Int("games", 10, "number of games (even: each opening is played with both colours)")
	workers := fs.Int("workers", 1, "games played at once")
	seed := fs.Uint64("seed", 1, "seed for openings and randomised agents")
	list := fs.Bool("list", false, "list the agent kinds for the game and exit")
	quiet := fs.Bool("quiet", false, "no line per game")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	start, err := startState(*gameName, *options, nil, "")
	if err != nil {
		return err
	}
	g := start.Game()
	if *list {
		fmt.Fprintf(e.stdout, "levels: 1 (beginner) to 10 (strongest), as \"7\" or \"level=7\"\n")
		for _, k := range ai.Kinds(g) {
			fmt.Fprintln(e.stdout, k.Help())
		}
		return nil
	}
	if *specA == "" || *specB == "" {
		return usagef("want --a and --b")
	}
	if *n <= 0 {
		return usagef("--games must be positive")
	}
	maker := func(spec string) (match.NewAgent, error) {
		probe, err := ai.Parse(g, spec, 0) // check the spec once, up front
		if err != nil {
			return nil, usageError{err.Error()}
		}
		_ = engine.Close(probe) // it never played: an external engine has not even started
		return func(seed uint64) (engine.Agent, error) { return ai.Parse(g, spec, seed) }, nil
	}
	a, err := maker(*specA)
	if err != nil {
		return err
	}
	b, err := maker(*specB)
	if err != nil {
		return err
	}
	// The openings are the game's own set for matches (balanced ones for Reversi, random
	// setups for Turncoat), else random short ones: match.Openings.
	cfg := match.Config{Start: start, Games: *n, A: a, B: b, Workers: *workers, Seed: *seed}
	sides := g.SideNames(start.Options())
	cfg.Progress = func(done, total int, r match.Result) {
		if *quiet {
			return
		}
		last := r.Games[len(r.Games)-1]
		fmt.Fprintf(e.stderr, "game %d/%d: A as %s: %s; A %.1f/%d\n", done, total, sides[last.ASide],
			last.Outcome.Describe(sides), func() float64 { p, _ := r.Score(); return p }(), done)
	}
	// an engine that had to be killed at its game's end spoils no result, but is a fault
	// of the engine the user should hear of, even with --quiet
	cfg.Warn = func(err error) { fmt.Fprintf(e.stderr, "turncoat match: %v\n", err) }
	fmt.Fprintf(e.stdout, "A=%s B=%s game=%s games=%d\n", *specA, *specB, g.Name(), 2*((*n+1)/2))
	res, err := match.Run(ctx, cfg)
	if err != nil {
		return err
	}
	elo, lo, hi := res.Elo()
	points, played := res.Score()
	// the think times tell whether the sides played at equal time (wall clock: a loaded
	// machine slows both)
	fmt.Fprintf(e.stdout, "wins=%d draws=%d losses=%d score=%.1f/%d (%.1f%%) elo=%s [%s, %s] think: A mean %s max %s, B mean %s max %s\n",
		res.Wins, res.Draws, res.Losses, points, played, 100*points/float64(max(played, 1)), eloText(elo), eloText(lo), eloText(hi),
		thinkText(res.Think[0].Mean()), thinkText(res.Think[0].Max), thinkText(res.Think[1].Mean()), thinkText(res.Think[1].Max))
	// An interrupted match printed the games it finished; its status says it was interrupted.
	return ctx.Err()
}

// thinkText writes a think time in seconds, to the millisecond.
func thinkText(d time.Duration) string {
	return fmt.Sprintf("%.3fs", d.Seconds())
}

func eloText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", x)
}
