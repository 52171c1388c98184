package game

import (
	"fmt"
	"strings"
)

// Registry lists the games the program knows, in a fixed order.
type Registry struct {
	games []Game
}

// NewRegistry returns a registry of the given games; names must be distinct.
func NewRegistry(games ...Game) *Registry {
	seen := map[string]bool{}
	for _, g := range games {
		if seen[g.Name()] {
			panic("game: duplicate game name " + g.Name())
		}
		seen[g.Name()] = true
	}
	return &Registry{games: games}
}

// Games returns the registered games in registration order.
func (r *Registry) Games() []Game { return append([]Game(nil), r.games...) }

// Lookup returns the named game, or an error listing the known names.
func (r *Registry) Lookup(name string) (Game, error) {
	for _, g := range r.games {
		if strings.EqualFold(g.Name(), name) {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(r.Names(), ", "))
}

// Names returns the registered games' names.
func (r *Registry) Names() []string {
	names := make([]string, len(r.games))
	for i, g := range r.games {
		names[i] = g.Name()
	}
	return names
}

// New starts the named game with options written as "name=value,..." (empty for defaults).
func (r *Registry) New(name, options string) (State, error) {
	g, err := r.Lookup(name)
	if err != nil {
		return nil, err
	}
	o, err := ParseOptionString(g.OptionSpecs(), options)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", g.Name(), err)
	}
	return g.New(o)
}

// Unmarshal reads text written by Marshal.
func (r *Registry) Unmarshal(text string) (State, error) {
	name, rest, ok := strings.Cut(strings.TrimSpace(text), " ")
	if !ok {
		return nil, fmt.Errorf("%w: want \"<game> <state>\"", ErrSyntax)
	}
	g, err := r.Lookup(name)
	if err != nil {
		return nil, err
	}
	return g.Decode(rest)
}
