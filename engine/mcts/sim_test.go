package mcts

import (
	"context"
	"testing"

	"turncoat/game"
)

// policies returns both sides' root policies from a result, indexed by action.
func policies(r *Result) [2][]float64 {
	var out [2][]float64
	for p := range 2 {
		out[p] = make([]float64, len(r.Stats[p]))
		for _, s := range r.Stats[p] {
			out[p][s.Action] = s.Policy
		}
	}
	return out
}

// TestRegretMatchingConverges checks that SM-MCTS with regret matching plays close to the
// equilibrium of one-round matrix games whose equilibria are mixed.
func TestRegretMatchingConverges(t *testing.T) {
	cases := []struct {
		name   string
		matrix []string
		value  float64      // First's equilibrium reward
		nash   [2][]float64 // the unique equilibrium
	}{
		// Rock, paper, scissors: uniform.
		{"rps", []string{"DLW", "WDL", "LWD"}, 0.5, [2][]float64{{1. / 3, 1. / 3, 1. / 3}, {1. / 3, 1. / 3, 1. / 3}}},
		// A win and a draw against two losses: both sides play (1/3, 2/3), value 1/3.
		{"win-draw", []string{"WL", "LD"}, 1. / 3, [2][]float64{{1. / 3, 2. / 3}, {1. / 3, 2. / 3}}},
		// A dominated row: First never plays row 2.
		{"dominated", []string{"WL", "LW", "LL"}, 0.5, [2][]float64{{0.5, 0.5, 0}, {0.5, 0.5}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := matrixGame{rounds: [][]string{c.matrix}}
			s, _ := g.New(game.Options{})
			for _, solve := range []int{0, 1000} {
				m := New(Config{Iterations: 40000, Seed: 3, Sim: RegretMatching, RootSolve: solve, Workers: 2})
				r, err := m.Search(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				pol := policies(r)
				e1, e2 := exploitability(c.matrix, c.value, pol[0], pol[1])
				t.Logf("root solve %d: policies %.3f %.3f exploitability %.4f %.4f", solve, pol[0], pol[1], e1, e2)
				limit := 0.03
				if solve > 0 {
					limit = 0.015
				}
				if e1 > limit || e2 > limit {
					t.Errorf("root solve %d: exploitability %.4f (first), %.4f (second), want below %g; policies %.3f %.3f", solve, e1, e2, limit, pol[0], pol[1])
				}
				for p := range 2 {
					for i, want := range c.nash[p] {
						if d := pol[p][i] - want; d > 0.08 || d < -0.08 {
							t.Errorf("root solve %d: side %d action %d: policy %.3f, equilibrium %.3f", solve, p, i, pol[p][i], want)
						}
					}
				}
			}
		})
	}
}

// TestSimultaneousTwoRounds checks values backed up through a second round: row 0 of round one
// leads to an RPS subgame (value 1/2), row 1 to a loss for First unless Second errs.
func TestSimultaneousTwoRounds(t *testing.T) {
	g := matrixGame{rounds: [][]string{{"..", "LW"}, {"DLW", "WDL", "LWD"}}}
	s, _ := g.New(game.Options{})
	for _, sim := range []SimSelect{RegretMatching, DecoupledUCT} {
		m := New(Config{Iterations: 30000, Seed: 5, Sim: sim})
		r, err := m.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		// Row 1 is worth (L+W)/2 against a mixing column at best; row 0 is worth 1/2. The
		// column player's best reply to row 1 is column 0 (a win for Second), so in
		// equilibrium First plays row 0 (value 1/2) and Second may mix.
		pol := policies(r)
		if pol[0][0] < 0.8 {
			t.Errorf("%s: First plays row 0 with probability %.3f, want most of the time (stats %+v)", sim, pol[0][0], r.Stats[0])
		}
		v := r.Stats[0][0].Value
		if v < 0.4 || v > 0.6 {
			t.Errorf("%s: value of row 0 is %.3f, want about 0.5", sim, v)
		}
	}
}
