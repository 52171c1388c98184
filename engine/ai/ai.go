// Package ai builds the AI players of every game: from a level (1-10, the scale the server and
// the CLI offer) or from an agent spec such as "mcts:iterations=32000,c=1.414". Each engine
// registers its kinds, with their declared parameters, and its level mapping here, in a file of
// its own.
//
// Parse builds any agent: it is for the command line, whose user may run what they like.
// NewSafe builds agents for untrusted callers (a server's users): levels, and kinds that start
// no process, within caps on threads, memory, time and search budgets.
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

// Kind is one kind of agent: a spec "name:parameters" builds one.
type Kind struct {
	// Name is the spec's prefix: "random", "mcts", "reversi-ab", "nboard".
	Name string
	// Doc says what it is.
	Doc string
	// Games are the games it plays; empty means every game.
	Games []string
	// Params declare its parameters: a spec is checked against them (names, types, ranges)
	// before Make sees its values.
	Params []Param
	// Positional names the parameter that the whole text after "name:" sets when that text
	// does not start with one of the parameters' "name=" (nboard's command line).
	Positional string
	// StartsProcess marks a kind that runs an external program: the CLI may build it,
	// NewSafe never does.
	StartsProcess bool
	// Make builds the agent from checked values, and reports what it will use per move
	// (which NewSafe holds against its caps). It must not start anything or allocate its
	// tables: agents do that at their first move. seed makes randomised agents reproducible.
	Make func(g game.Game, v Values, seed uint64) (engine.Agent, Resources, error)
}

// Help describes k for a listing: its name and doc, then one line per parameter, and whether
// it starts a process.
func (k Kind) Help() string {
	var b strings.Builder
	b.WriteString(k.Name + ": " + k.Doc)
	if k.StartsProcess {
		b.WriteString(" (starts an external program: command line only, never offered to the server's players)")
	}
	if k.Positional != "" {
		fmt.Fprintf(&b, "\n    %s:TEXT sets %s to TEXT", k.Name, k.Positional)
	}
	for _, p := range k.Params {
		b.WriteString("\n    " + p.String())
	}
	return b.String()
}

// LevelFunc builds a game's agent for a level, and reports what it will use per move.
type LevelFunc func(g game.Game, l engine.Level, seed uint64) (engine.Agent, Resources, error)

var (
	mu     sync.RWMutex
	kinds  = map[string]Kind{}
	levels = map[string]LevelFunc{}
)

// Register adds an agent kind; engines call it from init. It panics on a bad declaration.
func Register(k Kind) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := kinds[k.Name]; dup {
		panic("ai: duplicate agent kind " + k.Name)
	}
	if k.Name == "" || strings.ContainsAny(k.Name, ":=, ") || k.Make == nil {
		panic(fmt.Sprintf("ai: bad agent kind %q", k.Name))
	}
	seen := map[string]bool{}
	for _, p := range k.Params {
		if err := p.check(); err != nil || seen[p.Name] {
			panic(fmt.Sprintf("ai: kind %s: parameter %s: %v (or declared twice)", k.Name, p.Name, err))
		}
		seen[p.Name] = true
	}
	if k.Positional != "" && !seen[k.Positional] {
		panic(fmt.Sprintf("ai: kind %s: positional parameter %s is not declared", k.Name, k.Positional))
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
	a, _, err := buildLevel(g, l, seed)
	return a, err
}

// buildLevel returns g's agent at level l and what it uses.
func buildLevel(g game.Game, l engine.Level, seed uint64) (engine.Agent, Resources, error) {
	if !l.Valid() {
		return nil, Resources{}, fmt.Errorf("level %d: want %d to %d", l, engine.MinLevel, engine.MaxLevel)
	}
	mu.RLock()
	f, ok := levels[g.Name()]
	if !ok {
		f, ok = levels["*"]
	}
	mu.RUnlock()
	if !ok {
		return nil, Resources{}, fmt.Errorf("no AI levels for %s", g.Name())
	}
	return f(g, l, seed)
}

// Parse builds an agent from a spec: a level ("7" or "level=7"), or "kind" or
// "kind:parameters" for a registered kind ("random", "mcts:iterations=32000,c=1.414"). It
// builds every kind, including those that start a process: it is for the command line. A
// server builds agents for its users with NewSafe.
func Parse(g game.Game, spec string, seed uint64) (engine.Agent, error) {
	a, _, err := build(g, spec, seed, nil)
	return a, err
}

// ParseSpec checks a spec against g's levels and kinds without building an agent: it returns
// the kind (nil for a level) and the parameters' values.
func ParseSpec(g game.Game, spec string) (*Kind, Values, error) {
	spec = strings.TrimSpace(spec)
	if _, ok, err := levelSpec(spec); ok {
		return nil, Values{}, err
	}
	name, rest, _ := strings.Cut(spec, ":")
	name = strings.TrimSpace(name)
	mu.RLock()
	k, ok := kinds[name]
	mu.RUnlock()
	if !ok || (len(k.Games) > 0 && !slices.Contains(k.Games, g.Name())) {
		var names []string
		for _, k := range Kinds(g) {
			names = append(names, k.Name)
		}
		return nil, Values{}, fmt.Errorf("unknown agent %q for %s: want a level %d-%d or one of %s", spec, g.Name(),
			engine.MinLevel, engine.MaxLevel, strings.Join(names, ", "))
	}
	v, err := parseValues(&k, rest)
	if err != nil {
		return nil, Values{}, fmt.Errorf("%s: %w", name, err)
	}
	return &k, v, nil
}

// levelSpec reads a level spec ("7", "level=7"): ok tells that spec is one, err that its
// level is out of range.
func levelSpec(spec string) (l engine.Level, ok bool, err error) {
	n, convErr := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(spec, "level=")))
	if convErr != nil {
		return 0, false, nil
	}
	if l = engine.Level(n); !l.Valid() {
		return l, true, fmt.Errorf("level %d: want %d to %d", n, engine.MinLevel, engine.MaxLevel)
	}
	return l, true, nil
}

// build builds the agent of a spec and reports what it uses; with refuse set, a kind that
// starts a process is refused before it is made.
func build(g game.Game, spec string, seed uint64, refuse func(k *Kind) error) (engine.Agent, Resources, error) {
	spec = strings.TrimSpace(spec)
	if l, ok, err := levelSpec(spec); ok {
		if err != nil {
			return nil, Resources{}, err
		}
		return buildLevel(g, l, seed)
	}
	k, v, err := ParseSpec(g, spec)
	if err != nil {
		return nil, Resources{}, err
	}
	if refuse != nil {
		if err := refuse(k); err != nil {
			return nil, Resources{}, err
		}
	}
	a, r, err := k.Make(g, v, seed)
	if err != nil {
		return nil, Resources{}, fmt.Errorf("%s: %w", k.Name, err)
	}
	return a, r, nil
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
		Make: func(_ game.Game, _ Values, seed uint64) (engine.Agent, Resources, error) {
			return engine.NewRandom(seed), Resources{Threads: 1}, nil
		}})
	Register(Kind{Name: "greedy", Doc: "the best move one ply ahead by the game's simple score (Reversi: discs)",
		Make: func(g game.Game, _ Values, seed uint64) (engine.Agent, Resources, error) {
			mu.RLock()
			f, ok := greedyScores[g.Name()]
			mu.RUnlock()
			if !ok {
				f = mobilityScore
			}
			return engine.NewGreedy(seed, f), Resources{Threads: 1}, nil
		}})
}

// mobilityScore is the default greedy evaluation: p's legal moves minus the opponent's.
func mobilityScore(s game.State, p game.Player) float64 {
	var buf [256]game.Action
	return float64(len(s.Legal(p, buf[:0]))) - float64(len(s.Legal(p.Other(), buf[:0])))
}
