package puzzle

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"turncoat/engine"
	"turncoat/engine/exact"
	"turncoat/engine/mcts"
	"turncoat/game"
	"turncoat/games/turncoat"
)

// A Turncoat puzzle is a position of a game on 3x3 boards (white-and-black mode, the round cap
// of the game) that MCTS plays against itself from a random setup of the seed, where exactly one
// selection of the player (Puzzle.Player: "first" is Red, "second" Yellow) guarantees the best
// result whatever the opponent selects: the exact solver (engine/exact, value iteration over
// every position reachable, to a fixed point) gives every position's value, and each
// selection's guaranteed value is its worst result over the opponent's selections (the round's
// result when it ends the game, else the exact value of the position it leads to). The answer
// is the unique pure maxmin selection, strictly better than every other selection's worst case,
// and its guarantee is the position's value (no mixed strategy does better). Each step's Moves
// are every selection with its guaranteed value (Unit "result", from the player's side), and
// Reply is the opponent's best answer to the answer: the selection that holds the player to the
// guarantee. The next step, if any, is the position after that round. Position is the game's
// own notation (Red's board, Yellow's board, the rounds played) under Options (the size).

// turncoatSize is the boards' side of the Turncoat puzzles.
const turncoatSize = 3

type turncoatMaker struct {
	// solutions are the exact solutions by the boards' pieces (the blanks fix the reachable
	// positions' shape) and rounds left, each from the first position solved with those.
	solutions map[solutionKey]*exact.TurncoatSolution
}

type solutionKey struct {
	pieces     uint64
	roundsLeft int
}

func newTurncoatMaker() *turncoatMaker {
	return &turncoatMaker{solutions: map[solutionKey]*exact.TurncoatSolution{}}
}

func (*turncoatMaker) game() game.Game { return turncoat.Game{} }

// solution returns an exact solution holding s for the rounds it has left, solving from s if
// none does yet. Its values are those of the game capped where s's is (or, when they reach a
// fixed point sooner, of every longer game).
func (m *turncoatMaker) solution(ctx context.Context, s *turncoat.State) (*exact.TurncoatSolution, error) {
	b := s.Boards()
	key := solutionKey{b[0].Pieces, s.MovesLeft()}
	if sol, ok := m.solutions[key]; ok {
		if _, ok := sol.Value(b[0], b[1]); ok {
			return sol, nil
		}
	}
	sol, err := exact.SolveTurncoat(ctx, s, exact.TurncoatOptions{Workers: 1})
	if err != nil {
		return nil, err
	}
	if len(m.solutions) > 256 {
		clear(m.solutions)
	}
	m.solutions[key] = sol
	return sol, nil
}

// guarantees returns each selection of player p in s with its guaranteed value, best first
// (ties by square), and for each the opponent's best answer; ok is false when a value is not a
// whole result or the position is not among those the solution holds.
func (m *turncoatMaker) guarantees(ctx context.Context, s *turncoat.State, p game.Player) (mv []MoveValue, answers []string, value float64, ok bool, err error) {
	sol, err := m.solution(ctx, s)
	if err != nil {
		return nil, nil, 0, false, err
	}
	b := s.Boards()
	g, found := sol.Game(b[0], b[1])
	if !found {
		return nil, nil, 0, false, nil
	}
	sign := 1.0
	mine, theirs := g.RedSquares, g.YellowSquares
	if p == game.Second {
		sign, mine, theirs = -1, g.YellowSquares, g.RedSquares
	}
	type sel struct {
		sq     game.Action
		v      int
		answer game.Action
	}
	var sels []sel
	for i, sq := range mine {
		worst, answer := math.Inf(1), game.NoAction
		for j, their := range theirs {
			var x float64
			if p == game.First {
				x = g.At(i, j)
			} else {
				x = -g.At(j, i)
			}
			if x != math.Round(x) {
				return nil, nil, 0, false, nil // a mixed value: not a puzzle of whole results
			}
			if x < worst {
				worst, answer = x, their
			}
		}
		sels = append(sels, sel{sq, int(worst), answer})
	}
	slices.SortStableFunc(sels, func(a, b sel) int { return b.v - a.v })
	for _, x := range sels {
		mv = append(mv, MoveValue{Move: s.FormatAction(p, x.sq), Value: x.v})
		answers = append(answers, s.FormatAction(p.Other(), x.answer))
	}
	return mv, answers, sign * g.Value, true, nil
}

// candidates are the positions of a self-play game on 3x3 boards, in an order the seed shuffles.
func (m *turncoatMaker) candidates(ctx context.Context, seed uint64, i int) ([]candidate, error) {
	rng := gameRNG(seed, i)
	r := turncoat.Rules{Size: turncoatSize, Mode: turncoat.WhiteAndBlack, Cap: turncoat.DefaultCap, Seed: rng.Uint64()>>2 + 1}
	start, err := turncoat.NewState(r)
	if err != nil {
		return nil, err
	}
	var agents [2]engine.Agent
	for p := range agents {
		agents[p] = mcts.New(mcts.Config{Iterations: 100 + int64(rng.IntN(300)), Seed: rng.Uint64()})
	}
	states, err := selfPlay(ctx, start, rng, rng.IntN(3), 30, agents)
	if err != nil {
		return nil, err
	}
	var out []candidate
	for ply, s := range states {
		if s.ToAct() != game.Nobody {
			out = append(out, candidate{state: s, game: i, ply: ply})
		}
	}
	rng.Shuffle(len(out), func(a, b int) { out[a], out[b] = out[b], out[a] })
	return out[:min(len(out), 4)], nil
}

func (m *turncoatMaker) make(ctx context.Context, c candidate) (Puzzle, bool, error) {
	s := c.state.(*turncoat.State)
	for _, p := range []game.Player{game.Player(c.ply % 2), game.Player(1 - c.ply%2)} {
		pz, ok, err := m.line(ctx, s, p)
		if err != nil || ok {
			return pz, ok, err
		}
	}
	return Puzzle{}, false, nil
}

// line makes the puzzle of s for player p, if it is one.
func (m *turncoatMaker) line(ctx context.Context, start *turncoat.State, p game.Player) (Puzzle, bool, error) {
	s := start.Clone().(*turncoat.State)
	var pz Puzzle
	var replies []string
	for len(pz.Steps) < MaxSteps && s.ToAct() != game.Nobody {
		mv, answers, value, ok, err := m.guarantees(ctx, s, p)
		if err != nil {
			return Puzzle{}, false, err
		}
		if !ok || len(mv) < 2 || mv[0].Value == mv[1].Value || float64(mv[0].Value) != value ||
			(len(pz.Steps) == 0 && (len(mv) < 3 || mv[0].Value < 0)) {
			break
		}
		if len(pz.Steps) == 0 {
			pz.Value, pz.Margin = mv[0].Value, mv[0].Value-mv[1].Value
		} else if mv[0].Value != pz.Value {
			break
		}
		pz.Steps = append(pz.Steps, Step{Moves: mv})
		replies = append(replies, answers[0])
		var j game.Joint
		j[p], err = s.ParseAction(p, mv[0].Move)
		if err == nil {
			j[p.Other()], err = s.ParseAction(p.Other(), answers[0])
		}
		if err == nil {
			err = game.PlayJoint(s, j)
		}
		if err != nil {
			return Puzzle{}, false, err
		}
	}
	if len(pz.Steps) == 0 {
		return Puzzle{}, false, nil
	}
	// every step has its reply, the last one too: the round the answer plays
	for i := range pz.Steps {
		pz.Steps[i].Reply = []string{replies[i]}
	}
	b := start.Boards()
	pz.Kind = Turncoat
	pz.Player = p.String()
	pz.Unit = UnitResult
	pz.Options = map[string]string{"size": strconv.Itoa(turncoatSize)}
	pz.Position = fmt.Sprintf("%s %s %d", b[0].Text(turncoatSize), b[1].Text(turncoatSize), start.Round())
	pz.Themes = []string{fmt.Sprintf("pieces-%d", bits.OnesCount64(b[0].Pieces))}
	switch pz.Value {
	case 1:
		pz.Themes = append(pz.Themes, "forced-win")
	case 0:
		pz.Themes = append(pz.Themes, "hold-the-draw")
	}
	// harder with more selections a single result short of the answer's (the near misses), and
	// when the answer wins rather than holds the draw
	first := pz.Steps[0].Moves
	near := 0
	for _, m := range first[1:] {
		if m.Value == first[1].Value {
			near++
		}
	}
	pz.Rating = sequentialRating(&pz, 60*near+120*max(pz.Value, 0)-100)
	return pz, true, nil
}

func (m *turncoatMaker) prove(ctx context.Context, pz *Puzzle) error {
	st, err := readPosition(turncoat.Game{}, pz)
	if err != nil {
		return err
	}
	s := st.(*turncoat.State)
	var p game.Player
	switch pz.Player {
	case game.First.String():
		p = game.First
	case game.Second.String():
		p = game.Second
	default:
		return fmt.Errorf("puzzle %s: player %q, want first or second", pz.ID, pz.Player)
	}
	if pz.Unit != UnitResult {
		return fmt.Errorf("puzzle %s: unit %q, want %q", pz.ID, pz.Unit, UnitResult)
	}
	for i, step := range pz.Steps {
		if s.ToAct() != game.BothAct {
			return fmt.Errorf("puzzle %s step %d: the game is over", pz.ID, i+1)
		}
		mv, answers, value, ok, err := m.guarantees(ctx, s, p)
		if err != nil {
			return fmt.Errorf("puzzle %s step %d: %w", pz.ID, i+1, err)
		}
		if !ok {
			return fmt.Errorf("puzzle %s step %d: the position's values are not whole results", pz.ID, i+1)
		}
		if !slices.Equal(mv, step.Moves) {
			return fmt.Errorf("puzzle %s step %d: the solver gives %v, the puzzle says %v", pz.ID, i+1, mv, step.Moves)
		}
		if len(mv) < 2 || mv[0].Value == mv[1].Value || mv[0].Value != pz.Value || float64(mv[0].Value) != value {
			return fmt.Errorf("puzzle %s step %d: the answer does not alone guarantee the position's value %+d", pz.ID, i+1, pz.Value)
		}
		if i == 0 && mv[0].Value-mv[1].Value != pz.Margin {
			return fmt.Errorf("puzzle %s: the answer is not alone by %d", pz.ID, pz.Margin)
		}
		if len(step.Reply) != 1 || step.Reply[0] != answers[0] {
			return fmt.Errorf("puzzle %s step %d: the reply %q is not the opponent's best answer %s", pz.ID, i+1, step.Reply, answers[0])
		}
		if err := play(s, orderJoint(p, mv[0].Move, step.Reply[0])); err != nil {
			return fmt.Errorf("puzzle %s step %d: %w", pz.ID, i+1, err)
		}
	}
	return nil
}

// orderJoint writes a round's selections, Red's first, from the player's and the opponent's.
func orderJoint(p game.Player, mine, theirs string) string {
	if p == game.First {
		return strings.Join([]string{mine, theirs}, " ")
	}
	return strings.Join([]string{theirs, mine}, " ")
}
