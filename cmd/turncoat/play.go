package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"turncoat/engine"
	"turncoat/engine/ai"
	"turncoat/game"
	"turncoat/games"
)

func init() {
	register(command{name: "play", summary: "play a game in the terminal, hot-seat or against the AI", run: runPlay})
}

// playFlags are the shorthand option flags play accepts, mapped to game options.
var playShorthands = []struct{ flag, option, doc string }{
	{"size", "size", "board size"},
	{"setup", "setup", "start setup"},
	{"mode", "mode", "selection mode"},
	{"seed", "seed", "setup seed"},
}

func runPlay(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fs := newFlags(e, "play", "GAME [--SIDE human|ai|AGENT]... [--level N] [--options k=v,...]", `
Plays GAME in the terminal. Each side is a human at this keyboard (hot-seat) or the AI; name
the sides by colour (reversi: --black, --white; turncoat: --red, --yellow) or as --first and
--second. Type moves in the game's notation; "moves" lists the legal ones, "quit" leaves.

Games: `+strings.Join(games.Registry().Names(), ", "))
		if _, err := parseFlags(e, fs, args); err != nil {
			return err
		}
		return usagef("want a GAME")
	}
	g, err := games.Registry().Lookup(args[0])
	if err != nil {
		return usageError{err.Error()}
	}
	def := game.DefaultOptions(g.OptionSpecs())
	sideNames := g.SideNames(def)
	fs := newFlags(e, "play "+g.Name(), "[--"+strings.ToLower(sideNames[0])+" human|ai|AGENT] [--"+strings.ToLower(sideNames[1])+" human|ai|AGENT] [--level N] [--options k=v,...]",
		"Plays "+g.Title()+" in the terminal. A side is human, ai (the AI at --level) or an agent spec.\n\n"+optionsHelp(g.OptionSpecs()))
	var sides [2]string
	for p := range 2 {
		fs.StringVar(&sides[p], strings.ToLower(sideNames[p]), "human", "who plays "+sideNames[p])
	}
	var alias [2]string
	fs.StringVar(&alias[0], "first", "", "who plays the first side (same as --"+strings.ToLower(sideNames[0])+")")
	fs.StringVar(&alias[1], "second", "", "who plays the second side (same as --"+strings.ToLower(sideNames[1])+")")
	level := fs.Int("level", 5, "AI level, 1 (beginner) to 10 (strongest)")
	options := fs.String("options", "", "game options as name=value,...")
	seed := fs.Uint64("aiseed", 1, "seed for the AI's random choices")
	short := map[string]*string{}
	for _, s := range playShorthands {
		for _, spec := range g.OptionSpecs() {
			if spec.Name == s.option {
				short[s.option] = fs.String(s.flag, "", spec.Doc)
			}
		}
	}
	pos, err := parseFlags(e, fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	sh := map[string]string{}
	for k, v := range short {
		sh[k] = *v
	}
	s, err := startState(g.Name(), *options, sh, "")
	if err != nil {
		return err
	}
	var agents [2]engine.Agent
	for p := range 2 {
		spec := sides[p]
		if alias[p] != "" {
			spec = alias[p]
		}
		switch spec {
		case "human":
		case "ai":
			if agents[p], err = ai.ForLevel(g, engine.Level(*level), *seed+uint64(p)); err != nil {
				return usageError{err.Error()}
			}
		default:
			if agents[p], err = ai.Parse(g, spec, *seed+uint64(p)); err != nil {
				return usageError{err.Error()}
			}
		}
	}
	err = playLoop(ctx, e, s, agents)
	if errors.Is(err, errQuit) || errors.Is(err, io.EOF) {
		fmt.Fprintln(e.stdout, "\nGame left unfinished.")
		return nil
	}
	return err
}

// playLoop runs a game in the terminal: agents[p] == nil means a human plays p.
func playLoop(ctx context.Context, e *env, s game.State, agents [2]engine.Agent) error {
	in := bufio.NewScanner(e.stdin)
	names := s.Game().SideNames(s.Options())
	who := func(p game.Player) string {
		if agents[p] == nil {
			return names[p]
		}
		return names[p] + " (AI)"
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		acts := s.ToAct()
		if acts == game.Nobody {
			fmt.Fprintln(e.stdout, diagram(s, game.NoPlayer))
			fmt.Fprintln(e.stdout, "Game over: "+s.Outcome().Describe(names))
			return nil
		}
		if acts.Simultaneous() {
			var j game.Joint
			for p := game.First; p <= game.Second; p++ {
				a, err := choose(ctx, e, in, s, p, agents[p], who(p), agents[p.Other()] == nil && agents[p] == nil)
				if err != nil {
					return err
				}
				j[p] = a
			}
			fmt.Fprintf(e.stdout, "%s selects %s, %s selects %s\n", who(game.First), s.FormatAction(game.First, j[game.First]),
				who(game.Second), s.FormatAction(game.Second, j[game.Second]))
			if err := game.PlayJoint(s, j); err != nil {
				return err
			}
			continue
		}
		p := acts.Single()
		a, err := choose(ctx, e, in, s, p, agents[p], who(p), false)
		if err != nil {
			return err
		}
		text := s.FormatAction(p, a)
		if err := game.Play(s, p, a); err != nil {
			return err
		}
		if agents[p] != nil {
			fmt.Fprintf(e.stdout, "%s plays %s\n", who(p), text)
		}
	}
}

func diagram(s game.State, viewer game.Player) string {
	if d, ok := s.(game.Diagrammer); ok {
		return d.Diagram(viewer)
	}
	return s.Encode()
}

// errQuit ends play at the user's request.
var errQuit = fmt.Errorf("quit")

// choose asks p's agent, or the human at the keyboard, for p's action. secret hides the board
// change from the other human at a simultaneous node (hot-seat).
func choose(ctx context.Context, e *env, in *bufio.Scanner, s game.State, p game.Player, agent engine.Agent, name string, secret bool) (game.Action, error) {
	var buf [256]game.Action
	legal := s.Legal(p, buf[:0])
	if agent != nil {
		return agent.Choose(ctx, s, p)
	}
	if len(legal) == 1 && s.FormatAction(p, legal[0]) == "pass" {
		fmt.Fprintln(e.stdout, diagram(s, p))
		fmt.Fprintf(e.stdout, "%s has no legal move and passes.\n", name)
		return legal[0], nil
	}
	if secret {
		fmt.Fprintf(e.stdout, "\n%s: your selection is secret; the other player looks away.\n", name)
	}
	fmt.Fprintln(e.stdout, diagram(s, p))
	for {
		fmt.Fprintf(e.stdout, "%s to play (moves, quit): ", name)
		if !in.Scan() {
			if err := in.Err(); err != nil {
				return game.NoAction, err
			}
			return game.NoAction, io.EOF
		}
		text := strings.TrimSpace(in.Text())
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit", "q":
			return game.NoAction, errQuit
		case "moves", "?", "help":
			names := make([]string, len(legal))
			for i, a := range legal {
				names[i] = s.FormatAction(p, a)
			}
			fmt.Fprintln(e.stdout, "Legal: "+strings.Join(names, " "))
			continue
		}
		a, err := s.ParseAction(p, text)
		if err == nil {
			err = game.CheckLegal(s, p, a)
		}
		if err != nil {
			fmt.Fprintf(e.stdout, "%v\n", err)
			continue
		}
		if secret {
			fmt.Fprint(e.stdout, strings.Repeat("\n", 40))
		}
		return a, nil
	}
}
