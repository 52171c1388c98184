package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

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
	// an external engine ends with the game, however the game ends
	defer func() {
		for _, a := range agents {
			_ = engine.Close(a)
		}
	}()
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

// clearScreen clears a terminal (ANSI: cursor home, erase display), so the next player in
// hot-seat play does not see the last one's board.
const clearScreen = "\x1b[H\x1b[2J"

// terminal is a game played at this keyboard through a game.Table: agents[p] == nil means a
// human plays p.
type terminal struct {
	e      *env
	in     *bufio.Scanner
	tb     *game.Table
	agents [2]engine.Agent
	names  [2]string
}

// playLoop runs a game in the terminal until it ends or a human quits.
func playLoop(ctx context.Context, e *env, s game.State, agents [2]engine.Agent) error {
	tb, err := game.NewTable(s, game.TableConfig{Now: time.Now()})
	if err != nil {
		return err
	}
	t := &terminal{e: e, in: bufio.NewScanner(e.stdin), tb: tb, agents: agents, names: s.Game().SideNames(s.Options())}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if tb.Over() {
			fmt.Fprintln(e.stdout, diagram(tb.State(), game.NoPlayer))
			fmt.Fprintln(e.stdout, "Game over: "+tb.Outcome().Describe(t.names))
			return nil
		}
		acts := tb.ToAct()
		if acts.Simultaneous() {
			err = t.round(ctx)
		} else if p := acts.Single(); agents[p] != nil {
			err = t.aiMove(ctx, p)
		} else {
			err = t.humanMove(p)
		}
		if err != nil {
			return err
		}
	}
}

func (t *terminal) who(p game.Player) string {
	if t.agents[p] == nil {
		return t.names[p]
	}
	return t.names[p] + " (AI)"
}

func (t *terminal) hotSeat() bool { return t.agents[0] == nil && t.agents[1] == nil }

// aiMove plays the AI's move at a sequential node and says what it was.
func (t *terminal) aiMove(ctx context.Context, p game.Player) error {
	evs, err := engine.Act(ctx, t.tb, p, t.agents[p], time.Now)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		if ev.Kind == game.EventMove {
			fmt.Fprintf(t.e.stdout, "%s plays %s\n", t.who(p), ev.Move)
		}
	}
	return nil
}

// readLine prompts and returns the next line, trimmed; io.EOF when the input ends.
func (t *terminal) readLine(prompt string) (string, error) {
	fmt.Fprint(t.e.stdout, prompt)
	if !t.in.Scan() {
		if err := t.in.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return strings.TrimSpace(t.in.Text()), nil
}

// legalText lists p's legal actions in notation.
func (t *terminal) legalText(p game.Player) string {
	s := t.tb.State()
	var buf [256]game.Action
	var names []string
	for _, a := range s.Legal(p, buf[:0]) {
		names = append(names, s.FormatAction(p, a))
	}
	return "Legal: " + strings.Join(names, " ")
}

// humanMove reads a human's commands at a sequential node until a move is played: a move in
// notation, "moves", "undo" (back to this player's previous turn), "resign", "claim" where the
// rules allow a draw claim, or "quit".
func (t *terminal) humanMove(p game.Player) error {
	s := t.tb.State()
	var buf [256]game.Action
	legal := s.Legal(p, buf[:0])
	if len(legal) == 1 && s.FormatAction(p, legal[0]) == "pass" {
		fmt.Fprintln(t.e.stdout, diagram(s, p))
		fmt.Fprintf(t.e.stdout, "%s has no legal move and passes.\n", t.who(p))
		_, err := t.tb.Submit(p, legal[0], time.Now())
		return err
	}
	fmt.Fprintln(t.e.stdout, diagram(s, p))
	for {
		text, err := t.readLine(t.who(p) + " to play (moves, undo, resign, quit): ")
		if err != nil {
			return err
		}
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit", "q":
			return errQuit
		case "moves", "?", "help":
			fmt.Fprintln(t.e.stdout, t.legalText(p))
			continue
		case "resign":
			_, err := t.tb.Resign(p, time.Now())
			return err
		case "undo", "takeback":
			if t.undo(p) {
				return nil
			}
			continue
		case "claim":
			if t.tb.CanClaimDraw(p) {
				_, err := t.tb.ClaimDraw(p, time.Now())
				return err
			}
		}
		if _, err := t.tb.SubmitText(p, text, time.Now()); err != nil {
			fmt.Fprintln(t.e.stdout, err)
			continue
		}
		return nil
	}
}

// undo takes back moves until it is p's turn again, before p's previous move (against the AI,
// the AI's reply goes too). It reports whether anything was taken back.
func (t *terminal) undo(p game.Player) bool {
	moves := t.tb.Moves()
	n := 0
	for i := len(moves) - 1; i >= 0; i-- {
		n++
		if moves[i].Move.Actors.Has(p) {
			break
		}
	}
	if n == 0 || !moves[len(moves)-n].Move.Actors.Has(p) {
		fmt.Fprintln(t.e.stdout, "Nothing to take back.")
		return false
	}
	if _, err := t.tb.Takeback(n, time.Now()); err != nil {
		fmt.Fprintln(t.e.stdout, err)
		return false
	}
	fmt.Fprintf(t.e.stdout, "Took back %d move(s).\n", n)
	return true
}

// round plays a simultaneous node: the AI sides select first (secretly), then each human. In
// hot-seat play the screen is cleared and the next player presses Enter before their board is
// shown, and a player may change a selection until the other has chosen: the second player can
// type "back" to hand the keyboard back.
func (t *terminal) round(ctx context.Context) error {
	for _, p := range []game.Player{game.First, game.Second} {
		if t.agents[p] != nil && t.tb.Pending(p) == nil {
			if _, err := engine.Act(ctx, t.tb, p, t.agents[p], time.Now); err != nil {
				return err
			}
			fmt.Fprintf(t.e.stdout, "%s has made its selection.\n", t.who(p))
		}
	}
	var humans []game.Player
	for _, p := range []game.Player{game.First, game.Second} {
		if t.agents[p] == nil {
			humans = append(humans, p)
		}
	}
	ply := t.tb.Ply()
	for i := 0; i < len(humans) && t.tb.Ply() == ply && !t.tb.Over(); {
		p := humans[i]
		back, err := t.select1(p, i > 0)
		if err != nil {
			return err
		}
		if back {
			i--
			continue
		}
		i++
	}
	if t.tb.Ply() == ply {
		return nil
	}
	last := t.tb.Moves()[t.tb.Ply()-1]
	if t.hotSeat() {
		fmt.Fprint(t.e.stdout, clearScreen)
	}
	fmt.Fprintf(t.e.stdout, "%s selects %s, %s selects %s\n", t.who(game.First), last.Selections[game.First],
		t.who(game.Second), last.Selections[game.Second])
	if t.hotSeat() && !t.tb.Over() {
		// Both players look at the result of the round before the next one hides it.
		fmt.Fprintln(t.e.stdout, diagram(t.tb.State(), game.NoPlayer))
		_, err := t.readLine("Press Enter for the next round. ")
		return err
	}
	return nil
}

// select1 takes p's selection at a simultaneous node. back reports that p handed the keyboard
// back to the other human so that they may change theirs.
func (t *terminal) select1(p game.Player, canGoBack bool) (back bool, err error) {
	hot := t.hotSeat()
	if hot {
		fmt.Fprint(t.e.stdout, clearScreen)
		if _, err := t.readLine(fmt.Sprintf("%s: make sure %s cannot see the screen, then press Enter. ", t.names[p], t.names[p.Other()])); err != nil {
			return false, err
		}
	}
	fmt.Fprintln(t.e.stdout, diagram(t.tb.State(), p))
	ply := t.tb.Ply()
	for {
		cmds := "moves, quit"
		if canGoBack && hot {
			cmds = "moves, back, quit"
		}
		prompt := fmt.Sprintf("%s selects (%s): ", t.who(p), cmds)
		if own := t.tb.Pending(p); own != nil {
			other := "hide the board"
			if hot {
				other = "hide the board and pass the keyboard to " + t.names[p.Other()]
			}
			prompt = fmt.Sprintf("%s has selected %s: type another square to change it, or press Enter to %s: ", t.names[p], own.Text, other)
		}
		text, err := t.readLine(prompt)
		if err != nil {
			return false, err
		}
		switch strings.ToLower(text) {
		case "":
			if t.tb.Pending(p) != nil {
				return false, nil
			}
			continue
		case "quit", "exit", "q":
			return false, errQuit
		case "moves", "?", "help":
			fmt.Fprintln(t.e.stdout, t.legalText(p))
			continue
		case "back":
			if canGoBack && hot && t.tb.Pending(p) == nil {
				return true, nil
			}
		}
		if _, err := t.tb.SubmitText(p, text, time.Now()); err != nil {
			fmt.Fprintln(t.e.stdout, err)
			continue
		}
		if t.tb.Ply() != ply {
			return false, nil // the other side's selection was in: the round is played
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
