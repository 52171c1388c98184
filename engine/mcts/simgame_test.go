package mcts

import (
	"fmt"
	"strconv"
	"strings"

	"turncoat/game"
)

// matrixGame is a tiny simultaneous game for tests: rounds of a matrix game of outcomes. At
// round i both sides pick a row and a column of matrix[i]; the cell is 'W' (First wins), 'L'
// (Second wins), 'D' (a draw) or '.' (play goes on to the next round; after the last round a
// draw).
type matrixGame struct{ rounds [][]string }

func (g matrixGame) Name() string                           { return "matrix" }
func (g matrixGame) Title() string                          { return "Matrix game" }
func (g matrixGame) SideNames(game.Options) [2]string       { return [2]string{"Row", "Column"} }
func (g matrixGame) OptionSpecs() []game.OptionSpec         { return nil }
func (g matrixGame) New(game.Options) (game.State, error)   { return &matrixState{g: g}, nil }
func (g matrixGame) Decode(text string) (game.State, error) { return nil, fmt.Errorf("no decode") }

type matrixState struct {
	g       matrixGame
	round   int
	outcome byte // 0 in play
	history string
}

func (s *matrixState) Game() game.Game       { return s.g }
func (s *matrixState) Options() game.Options { return game.Options{} }
func (s *matrixState) ToAct() game.Actors {
	if s.outcome != 0 || s.round >= len(s.g.rounds) {
		return game.Nobody
	}
	return game.BothAct
}
func (s *matrixState) Legal(p game.Player, buf []game.Action) []game.Action {
	buf = buf[:0]
	if s.ToAct() == game.Nobody {
		return buf
	}
	m := s.g.rounds[s.round]
	n := len(m)
	if p == game.Second {
		n = len(m[0])
	}
	for i := range n {
		buf = append(buf, game.Action(i))
	}
	return buf
}
func (s *matrixState) Apply(game.Action) error { return game.ErrNotYourTurn }
func (s *matrixState) ApplyJoint(j game.Joint) error {
	if s.ToAct() == game.Nobody {
		return game.ErrGameOver
	}
	m := s.g.rounds[s.round]
	if j[0] < 0 || int(j[0]) >= len(m) || j[1] < 0 || int(j[1]) >= len(m[0]) {
		return game.ErrIllegal
	}
	c := m[j[0]][j[1]]
	s.history += fmt.Sprintf("%d%d,", j[0], j[1])
	s.round++
	if c != '.' {
		s.outcome = c
	}
	return nil
}
func (s *matrixState) Clone() game.State { c := *s; return &c }
func (s *matrixState) Outcome() game.Outcome {
	if s.ToAct() != game.Nobody {
		return game.InPlay
	}
	switch s.outcome {
	case 'W':
		return game.Win(game.First, "row")
	case 'L':
		return game.Win(game.Second, "column")
	}
	return game.Draw("draw")
}
func (s *matrixState) Encode() string { return strconv.Itoa(s.round) + ":" + s.history }
func (s *matrixState) ParseAction(_ game.Player, text string) (game.Action, error) {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	return game.Action(n), err
}
func (s *matrixState) FormatAction(_ game.Player, a game.Action) string { return strconv.Itoa(int(a)) }

// payoff returns First's reward of a matrix cell.
func payoff(c byte) float64 {
	switch c {
	case 'W':
		return 1
	case 'L':
		return 0
	}
	return 0.5
}

// exploitability returns how much a best response gains against each side's strategy in the
// one-round matrix game m of value v: v - min over columns of First's expected reward, and
// max over rows of First's expected reward - v.
func exploitability(m []string, v float64, first, second []float64) (float64, float64) {
	worst := 1.0
	for j := range m[0] {
		var e float64
		for i := range m {
			e += first[i] * payoff(m[i][j])
		}
		worst = min(worst, e)
	}
	best := 0.0
	for i := range m {
		var e float64
		for j := range m[0] {
			e += second[j] * payoff(m[i][j])
		}
		best = max(best, e)
	}
	return v - worst, best - v
}
