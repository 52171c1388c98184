package mcts

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/internal/wyrand"
)

// The exact tactical layer of simultaneous games (the rule spec of Turncoat, "a strong AI"):
// (1) take a forced win this round if there is one; (2) avoid selections after which the
// opponent has a forced win; (3) otherwise let the search choose among the safe selections.

// RoundTactics is the exact one-round analysis of a simultaneous node for one side.
type RoundTactics struct {
	// Wins are the side's forced wins: selections that win this round whatever the other
	// side selects.
	Wins []game.Action
	// Safe are the selections after which, whatever the other side selects, the side neither
	// loses this round nor faces a forced win of the opponent in the next round.
	Safe []game.Action
	// Legal are all the side's selections.
	Legal []game.Action
	// Complete is false when the budget ran out before every selection's safety was checked
	// (the unchecked ones count as safe).
	Complete bool
}

// DefaultTacticsBudget bounds the rounds (joint selections) AnalyzeRound plays through the
// contract: about a second's work on 8x8 Turncoat, whose own bitboard analysis needs none.
const DefaultTacticsBudget = 4_000_000

// RoundAnalyzer is a state of a simultaneous game that analyses its rounds exactly by itself
// (Turncoat on bitboards), faster than AnalyzeRound can through the contract.
type RoundAnalyzer interface {
	// RoundTactics returns p's forced wins, safe selections and all selections (see
	// RoundTactics).
	RoundTactics(p game.Player) (wins, safe, legal []game.Action)
	// ForcedWins returns p's forced wins.
	ForcedWins(p game.Player) []game.Action
}

// AnalyzeRound returns p's exact one-round tactics at the simultaneous node s, playing at most
// budget rounds through the contract (0: DefaultTacticsBudget), or by the state itself where it
// is a RoundAnalyzer. At a sequential node Wins and Safe are empty.
func AnalyzeRound(s game.State, p game.Player, budget int) RoundTactics {
	if !s.ToAct().Simultaneous() {
		return RoundTactics{Complete: true}
	}
	if ra, ok := s.(RoundAnalyzer); ok {
		wins, safe, legal := ra.RoundTactics(p)
		return RoundTactics{Wins: wins, Safe: safe, Legal: legal, Complete: true}
	}
	if budget <= 0 {
		budget = DefaultTacticsBudget
	}
	return genericTactics(s, p, budget)
}

// ForcedWins returns p's forced wins this round at the simultaneous node s: the selections that
// win whatever the other side selects (none at a sequential node).
func ForcedWins(s game.State, p game.Player) []game.Action {
	if !s.ToAct().Simultaneous() {
		return nil
	}
	if ra, ok := s.(RoundAnalyzer); ok {
		return ra.ForcedWins(p)
	}
	q := p.Other()
	var wins []game.Action
	theirs := s.Legal(q, nil)
	for _, a := range s.Legal(p, nil) {
		win := true
		for _, b := range theirs {
			c := s.Clone()
			j := game.Joint{}
			j[p], j[q] = a, b
			if c.ApplyJoint(j) != nil || outcomeOf(c) != winFor(p) {
				win = false
				break
			}
		}
		if win {
			wins = append(wins, a)
		}
	}
	return wins
}

// outcomeOf is a round's result for the tactics: in play, or a proof.
func outcomeOf(s game.State) proof {
	if s.ToAct() != game.Nobody {
		return unproven
	}
	return proofOf(s.Outcome())
}

// genericTactics is AnalyzeRound through the contract.
func genericTactics(s game.State, p game.Player, budget int) RoundTactics {
	q := p.Other()
	var t RoundTactics
	mine := s.Legal(p, nil)
	theirs := s.Legal(q, nil)
	t.Legal = mine
	t.Complete = true
	play := func(from game.State, a, b game.Action) game.State {
		c := from.Clone()
		j := game.Joint{}
		j[p], j[q] = a, b
		budget--
		if c.ApplyJoint(j) != nil {
			return nil
		}
		return c
	}
	children := make([][]game.State, len(mine))
	results := make([][]proof, len(mine))
	for i, a := range mine {
		children[i] = make([]game.State, len(theirs))
		results[i] = make([]proof, len(theirs))
		win := true
		for k, b := range theirs {
			c := play(s, a, b)
			if c == nil {
				results[i][k] = drawn
				win = false
				continue
			}
			children[i][k] = c
			results[i][k] = outcomeOf(c)
			win = win && results[i][k] == winFor(p)
		}
		if win {
			t.Wins = append(t.Wins, a)
		}
	}
	// q's forced win at a node: a selection of q that wins against every selection of p.
	forcedWin := func(n game.State) bool {
		mine2 := n.Legal(p, nil)
		for _, b := range n.Legal(q, nil) {
			wins := true
			for _, a := range mine2 {
				c := play(n, a, b)
				if c == nil || outcomeOf(c) != winFor(q) {
					wins = false
					break
				}
			}
			if wins {
				return true
			}
		}
		return false
	}
	for i, a := range mine {
		safe := true
		for k := range theirs {
			switch r := results[i][k]; {
			case r == winFor(q):
				safe = false
			case r == unproven:
				if budget <= 0 {
					t.Complete = false
					continue
				}
				safe = !forcedWin(children[i][k])
			}
			if !safe {
				break
			}
		}
		if safe {
			t.Safe = append(t.Safe, a)
		}
	}
	return t
}

// Tactical wraps an agent with the tactical layer at simultaneous nodes: it plays a forced win
// when there is one (at random among several), and otherwise lets the inner agent choose among
// the safe selections (all of them when none is safe). Sequential nodes go to the inner agent.
type Tactical struct {
	inner  engine.Agent
	rng    *rand.Rand
	budget int
}

// Restricter is an agent that can choose among a subset of its legal actions; Searcher is one.
type Restricter interface {
	ChooseAmong(ctx context.Context, s game.State, p game.Player, allowed []game.Action) (game.Action, error)
}

var (
	_ engine.Agent    = (*Tactical)(nil)
	_ engine.Analyzer = (*Tactical)(nil)
	_ Restricter      = (*Searcher)(nil)
)

// NewTactical wraps inner; seed drives the choice among several forced wins.
func NewTactical(inner engine.Agent, seed uint64) *Tactical {
	return &Tactical{inner: inner, rng: rand.New(wyrand.New(seed, 1<<41))}
}

// Name returns "tactical+" and the inner agent's name.
func (t *Tactical) Name() string { return "tactical+" + t.inner.Name() }

// Inner returns the wrapped agent.
func (t *Tactical) Inner() engine.Agent { return t.inner }

// Choose plays a forced win, else the inner agent's choice among the safe selections.
func (t *Tactical) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	if !s.ToAct().Has(p) {
		return game.NoAction, fmt.Errorf("%w: %s", engine.ErrNoMove, p)
	}
	if !s.ToAct().Simultaneous() {
		return t.inner.Choose(ctx, s, p)
	}
	rt := AnalyzeRound(s, p, t.budget)
	if len(rt.Wins) > 0 {
		return rt.Wins[t.rng.IntN(len(rt.Wins))], nil
	}
	if len(rt.Safe) == 0 || len(rt.Safe) == len(rt.Legal) {
		return t.inner.Choose(ctx, s, p)
	}
	if r, ok := t.inner.(Restricter); ok {
		return r.ChooseAmong(ctx, s, p, rt.Safe)
	}
	a, err := t.inner.Choose(ctx, s, p)
	if err != nil || slices.Contains(rt.Safe, a) {
		return a, err
	}
	return rt.Safe[t.rng.IntN(len(rt.Safe))], nil
}

// Strategist is an agent that can tell the mixed strategy it draws its choice from, limited to
// allowed actions (nil: all); Searcher and Tactical are.
type Strategist interface {
	Strategy(ctx context.Context, s game.State, p game.Player, allowed []game.Action) (map[game.Action]float64, error)
}

var (
	_ Strategist = (*Searcher)(nil)
	_ Strategist = (*Tactical)(nil)
)

// Strategy returns the mixed strategy Choose draws from: uniform over the forced wins when there
// are some, else the inner agent's strategy over the safe selections (which must be a
// Strategist). allowed limits the choice when every selection is safe (or none is).
func (t *Tactical) Strategy(ctx context.Context, s game.State, p game.Player, allowed []game.Action) (map[game.Action]float64, error) {
	inner, ok := t.inner.(Strategist)
	if !ok {
		return nil, fmt.Errorf("mcts: %s does not tell its strategy", t.inner.Name())
	}
	if !s.ToAct().Simultaneous() {
		return inner.Strategy(ctx, s, p, allowed)
	}
	rt := AnalyzeRound(s, p, t.budget)
	if len(rt.Wins) > 0 {
		return uniform(rt.Wins), nil
	}
	if len(rt.Safe) == 0 || len(rt.Safe) == len(rt.Legal) {
		return inner.Strategy(ctx, s, p, allowed)
	}
	return inner.Strategy(ctx, s, p, rt.Safe)
}

// Analyze passes to the inner agent when it analyses, else reports the choice alone.
func (t *Tactical) Analyze(ctx context.Context, s game.State, p game.Player) ([]engine.MoveStat, error) {
	if an, ok := t.inner.(engine.Analyzer); ok {
		return an.Analyze(ctx, s, p)
	}
	a, err := t.Choose(ctx, s, p)
	if err != nil {
		return nil, err
	}
	return []engine.MoveStat{{Action: a, Visits: 1, Unit: "winrate", Value: 0.5}}, nil
}
