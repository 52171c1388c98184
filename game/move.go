package game

import (
	"fmt"
	"strings"
)

// Move is one entry of a game's history: the actions taken at one node, by the single player to
// act or by both sides of a simultaneous node.
type Move struct {
	Actors  Actors
	Actions Joint
}

// Single returns the move of player p alone.
func Single(p Player, a Action) Move {
	m := Move{Actors: ActorsOf(p), Actions: Joint{NoAction, NoAction}}
	m.Actions[p] = a
	return m
}

// Simultaneous returns the joint move of a simultaneous node.
func Simultaneous(j Joint) Move { return Move{Actors: BothAct, Actions: j} }

// PlayMove validates m against s and applies it.
func PlayMove(s State, m Move) error {
	if m.Actors != s.ToAct() {
		if s.ToAct() == Nobody {
			return ErrGameOver
		}
		return fmt.Errorf("%w: the move is for %s", ErrNotYourTurn, describeActors(m.Actors))
	}
	if m.Actors.Simultaneous() {
		return PlayJoint(s, m.Actions)
	}
	p := m.Actors.Single()
	return Play(s, p, m.Actions[p])
}

// ParseMove reads the next move of s: one action in the game's notation at a sequential node,
// or both sides' actions separated by white space (First's, then Second's) at a simultaneous
// node. It checks syntax, not legality.
func ParseMove(s State, text string) (Move, error) {
	acts := s.ToAct()
	switch {
	case acts == Nobody:
		return Move{}, ErrGameOver
	case acts.Simultaneous():
		f := strings.Fields(text)
		if len(f) != 2 {
			return Move{}, fmt.Errorf("%w: %q: want both sides' actions, like \"c3 f6\"", ErrSyntax, text)
		}
		var j Joint
		for p := First; p <= Second; p++ {
			a, err := s.ParseAction(p, f[p])
			if err != nil {
				return Move{}, err
			}
			j[p] = a
		}
		return Simultaneous(j), nil
	}
	p := acts.Single()
	a, err := s.ParseAction(p, strings.TrimSpace(text))
	if err != nil {
		return Move{}, err
	}
	return Single(p, a), nil
}

// FormatMove writes m, a move of s, in the game's notation (see ParseMove).
func FormatMove(s State, m Move) string {
	if m.Actors.Simultaneous() {
		return s.FormatAction(First, m.Actions[First]) + " " + s.FormatAction(Second, m.Actions[Second])
	}
	p := m.Actors.Single()
	if p == NoPlayer {
		return "?"
	}
	return s.FormatAction(p, m.Actions[p])
}

func describeActors(a Actors) string {
	switch a {
	case FirstActs:
		return "the first player"
	case SecondActs:
		return "the second player"
	case BothAct:
		return "both players"
	}
	return "nobody"
}

// Replay plays moves written in the game's notation from start (which is not changed) and
// returns the final state. An error names the ply (1-based) and the move.
func Replay(start State, moves []string) (State, error) {
	s := start.Clone()
	for i, text := range moves {
		m, err := ParseMove(s, text)
		if err == nil {
			err = PlayMove(s, m)
		}
		if err != nil {
			return s, fmt.Errorf("ply %d (%s): %w", i+1, text, err)
		}
	}
	return s, nil
}
