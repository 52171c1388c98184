// Package ai builds the AI players of every game: from a level (1-10, the scale the server and
// the CLI offer) or from an agent spec such as "mcts:iterations=32000,c=1.414". Each engine
// registers its kinds and its level mapping here, in a file of its own.
package ai

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"turncoat/engine"
	"turncoat/game"
)

// Params are an agent spec's parameters ("iterations=32000,c=1.414").
type Params struct {
	// Raw is the text after "kind:", unparsed (an external engine's command line).
	Raw    string
	values map[string]string
	used   map[string]bool
}

// ParseParams reads "name=value,name=value".
func ParseParams(text string) (Params, error) {
	p := Params{Raw: text, values: map[string]string{}, used: map[string]bool{}}
	for _, pair := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' }) {
		k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if !ok {
			return Params{}, fmt.Errorf("agent parameter %q is not name=value", pair)
		}
		p.values[k] = v
	}
	return p, nil
}

// String returns a parameter's value, or def.
func (p Params) String(name, def string) string {
	p.used[name] = true
	if v, ok := p.values[name]; ok {
		return v
	}
	return def
}

// Int returns an integer parameter, or def.
func (p Params) Int(name string, def int64) (int64, error) {
	v := p.String(name, "")
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("agent parameter %s=%q: not an integer", name, v)
	}
	return n, nil
}

// Float returns a number parameter, or def.
func (p Params) Float(name string, def float64) (float64, error) {
	v := p.String(name, "")
	if v == "" {
		return def, nil
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, fmt.Errorf("agent parameter %s=%q: not a number", name, v)
	}
	return x, nil
}

// Unused returns an error naming parameters no getter asked for (misspellings), or nil.
func (p Params) Unused() error {
	var bad []string
	for k := range p.values {
		if !p.used[k] {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	sort.Strings(bad)
	return fmt.Errorf("unknown agent parameter(s): %s", strings.Join(bad, ", "))
}

// Kind is one kind of agent.
type Kind struct {
	// Name is the spec's prefix: "random", "mcts", "reversi-ab", "nboard".
	Name string
	// Doc says what it is and lists its parameters.
	Doc string
	// Games are the games it plays; empty means every game.
	Games []string
	// Make builds the agent. seed makes randomised agents reproducible.
	Make func(g game.Game, p Params, seed uint64) (engine.Agent, error)
}

// LevelFunc builds a game's agent for a level.
type LevelFunc func(g game.Game, l engine.Level, seed uint64) (engine.Agent, error)

var (
	mu     sync.RWMutex
	kinds  = map[string]Kind{}
	levels = map[string]LevelFunc{}
)

// Register adds an agent kind; engines call it from init.
func Register(k Kind) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := kinds[k.Name]; dup {
		panic("ai: duplicate agent kind " + k.Name)
	}
	kinds[k.Name] = k
}

// RegisterLevels sets how a game's levels map to agents ("*" for the fallback of games without
// a mapping of their own).
func RegisterLevels(gameName string, f LevelFunc) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := levels[gameName]; dup {
		panic("ai: duplicate level mapping for " + gameName)
	}
	levels[gameName] = f
}

// Kinds returns the kinds that play g, sorted by name.
func Kinds(g game.Game) []Kind {
	mu.RLock()
	defer mu.RUnlock()
	var out []Kind
	for _, k := range kinds {
		if len(k.Games) == 0 || slices.Contains(k.Games, g.Name()) {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ForLevel returns g's agent at level l.
func ForLevel(g game.Game, l engine.Level, seed uint64) (engine.Agent, error) {
	if !l.Valid() {
		return nil, fmt.Errorf("level %d: want %d to %d", l, engine.MinLevel, engine.MaxLevel)
	}
	mu.RLock()
	f, ok := levels[g.Name()]
	if !ok {
		f, ok = levels["*"]
	}
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("no AI levels for %s", g.Name())
	}
	return f(g, l, seed)
}

// Parse builds an agent from a spec: a level ("7" or "level=7"), or "kind" or
// "kind:parameters" for a registered kind ("random", "mcts:iterations=32000,c=1.414").
func Parse(g game.Game, spec string, seed uint64) (engine.Agent, error) {
	spec = strings.TrimSpace(spec)
	if n, err := strconv.Atoi(strings.TrimPrefix(spec, "level=")); err == nil {
		return ForLevel(g, engine.Level(n), seed)
	}
	name, rest, _ := strings.Cut(spec, ":")
	mu.RLock()
	k, ok := kinds[name]
	mu.RUnlock()
	if !ok || (len(k.Games) > 0 && !slices.Contains(k.Games, g.Name())) {
		var names []string
		for _, k := range Kinds(g) {
			names = append(names, k.Name)
		}
		return nil, fmt.Errorf("unknown agent %q for %s: want a level 1-10 or one of %s", spec, g.Name(), strings.Join(names, ", "))
	}
	p, err := ParseParams(rest)
	if err != nil {
		return nil, err
	}
	a, err := k.Make(g, p, seed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if name != "nboard" {
		if err := p.Unused(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return a, nil
}

// greedyScores are the games' one-ply evaluations for the greedy agent.
var greedyScores = map[string]func(s game.State, p game.Player) float64{}

// RegisterGreedyScore sets the one-ply evaluation the greedy agent uses for a game; games
// without one fall back to p's number of legal moves at the next turn minus the opponent's.
func RegisterGreedyScore(gameName string, f func(s game.State, p game.Player) float64) {
	mu.Lock()
	defer mu.Unlock()
	greedyScores[gameName] = f
}

func init() {
	Register(Kind{Name: "random", Doc: "uniformly random legal moves",
		Make: func(_ game.Game, _ Params, seed uint64) (engine.Agent, error) { return engine.NewRandom(seed), nil }})
	Register(Kind{Name: "greedy", Doc: "the best move one ply ahead by the game's simple score (Reversi: discs)",
		Make: func(g game.Game, _ Params, seed uint64) (engine.Agent, error) {
			mu.RLock()
			f, ok := greedyScores[g.Name()]
			mu.RUnlock()
			if !ok {
				f = mobilityScore
			}
			return engine.NewGreedy(seed, f), nil
		}})
}

// mobilityScore is the default greedy evaluation: p's legal moves minus the opponent's.
func mobilityScore(s game.State, p game.Player) float64 {
	var buf [256]game.Action
	return float64(len(s.Legal(p, buf[:0]))) - float64(len(s.Legal(p.Other(), buf[:0])))
}
