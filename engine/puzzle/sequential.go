package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"turncoat/game"
)

// Units of the values of the kinds other than Othello (Puzzle.Unit).
const (
	UnitMate   = "mate"
	UnitResult = "result"
)

// MaxRest is the most moves Rest holds after the last answer: the line to the end of the game
// where the game ends sooner, else its first MaxRest moves.
const MaxRest = 40

// solver gives the exact value of every legal move of the side to move in a state where one
// side acts, from that side's point of view, in the puzzle's unit: it is what makes and proves
// the puzzles of a kind whose turns alternate (Turnover, Blocs, Troll).
type solver interface {
	unit() string
	// values returns every legal move of the side to move with its value, best first, ties in
	// the order of the game's Legal.
	values(ctx context.Context, s game.State) ([]MoveValue, error)
}

// stepValue is the value the player's best move must have at step i of a puzzle whose first
// step is worth v: the same for a result; one move nearer the mate at each step for a mate.
func stepValue(unit string, v, i int) int {
	if unit == UnitMate {
		return v + i
	}
	return v
}

// sortValues orders moves best first, ties in the order given (the game's Legal order).
func sortValues(mv []MoveValue) {
	slices.SortStableFunc(mv, func(a, b MoveValue) int { return b.Value - a.Value })
}

// play plays a move in the game's notation on s.
func play(s game.State, text string) error {
	m, err := game.ParseMove(s, text)
	if err != nil {
		return err
	}
	return game.PlayMove(s, m)
}

// legalMoves returns the legal moves of the single side to act in s, in the game's notation,
// in the order of Legal.
func legalMoves(s game.State) []string {
	p := s.ToAct().Single()
	if p == game.NoPlayer {
		return nil
	}
	var out []string
	for _, a := range s.Legal(p, nil) {
		out = append(out, game.FormatMove(s, game.Single(p, a)))
	}
	return out
}

// lineOptions bound the line of a sequential puzzle.
type lineOptions struct {
	// good tells whether a first step's best value makes a puzzle (a win, a mate...).
	good func(best int) bool
	// minMoves is the fewest legal moves the first step must have.
	minMoves int
}

// makeLine makes a puzzle of the position s for a sequential kind: its first step's best move
// alone with the best value, then the opponent's best replies and the player's unique best moves
// for at most MaxSteps of the player's moves, and the rest of the perfect line. ok is false when
// s is not a puzzle. The puzzle's Kind, Options, Position, Empties, Themes, Rating and Source are
// the caller's.
func makeLine(ctx context.Context, sv solver, start game.State, lo lineOptions) (Puzzle, bool, error) {
	s := start.Clone()
	player := s.ToAct().Single()
	if player == game.NoPlayer {
		return Puzzle{}, false, nil
	}
	first, err := sv.values(ctx, s)
	if err != nil {
		return Puzzle{}, false, err
	}
	if len(first) < max(lo.minMoves, 2) || first[0].Value == first[1].Value || !lo.good(first[0].Value) {
		return Puzzle{}, false, nil
	}
	p := Puzzle{Value: first[0].Value, Margin: first[0].Value - first[1].Value, Unit: sv.unit()}
	step := Step{Moves: first}
	for {
		if err := play(s, step.Moves[0].Move); err != nil {
			return Puzzle{}, false, err
		}
		if len(p.Steps) == MaxSteps-1 || s.ToAct() == game.Nobody {
			p.Steps = append(p.Steps, step)
			break
		}
		reply, next, err := bestReplies(ctx, sv, s, player)
		if err != nil {
			return Puzzle{}, false, err
		}
		if next == nil || len(next) < 2 || next[0].Value == next[1].Value {
			// the game is over, a forced move or a tie: the puzzle ends with the last answer
			p.Steps = append(p.Steps, step)
			break
		}
		for _, r := range reply {
			if err := play(s, r); err != nil {
				return Puzzle{}, false, err
			}
		}
		step.Reply = reply
		p.Steps = append(p.Steps, step)
		step = Step{Moves: next}
	}
	// the rest of the perfect line from the position after the last answer
	for len(p.Rest) < MaxRest && s.ToAct() != game.Nobody {
		mv, err := sv.values(ctx, s)
		if err != nil {
			return Puzzle{}, false, err
		}
		p.Rest = append(p.Rest, mv[0].Move)
		if err := play(s, mv[0].Move); err != nil {
			return Puzzle{}, false, err
		}
	}
	return p, true, nil
}

// bestReplies returns the opponent's best moves (and the passes) from s, the position after the
// player's answer, up to the player's next turn, with the values of the player's moves there
// (nil when the game ends first). Among replies of equal value it takes the first after which
// the player's best move is alone, so that the puzzle goes on when it can.
func bestReplies(ctx context.Context, sv solver, s game.State, player game.Player) ([]string, []MoveValue, error) {
	if s.ToAct() == game.Nobody {
		return nil, nil, nil
	}
	if s.ToAct().Single() == player {
		// the opponent passed without a pass move (no game here does: each has a pass action)
		mv, err := sv.values(ctx, s)
		return nil, mv, err
	}
	opp, err := sv.values(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	var firstReply []string
	var firstNext []MoveValue
	for i, m := range opp {
		if m.Value != opp[0].Value {
			break
		}
		c := s.Clone()
		if err := play(c, m.Move); err != nil {
			return nil, nil, err
		}
		rest, next, err := bestReplies(ctx, sv, c, player)
		if err != nil {
			return nil, nil, err
		}
		reply := append([]string{m.Move}, rest...)
		if next != nil && len(next) >= 2 && next[0].Value != next[1].Value {
			return reply, next, nil
		}
		if i == 0 {
			firstReply, firstNext = reply, next
		}
	}
	return firstReply, firstNext, nil
}

// proveLine proves a sequential puzzle with sv: its position read under its options, every
// step's moves and values what sv finds, the answers alone at the best value (the first by the
// margin), each reply a best move of the opponent, and each move of Rest a best move of its side.
func proveLine(ctx context.Context, sv solver, g game.Game, p *Puzzle) error {
	s, err := readPosition(g, p)
	if err != nil {
		return err
	}
	player := s.ToAct().Single()
	if player == game.NoPlayer {
		return fmt.Errorf("puzzle %s: nobody moves alone in the position", p.ID)
	}
	if p.Unit != sv.unit() {
		return fmt.Errorf("puzzle %s: unit %q, want %q", p.ID, p.Unit, sv.unit())
	}
	for i, st := range p.Steps {
		if s.ToAct().Single() != player {
			return fmt.Errorf("puzzle %s step %d: not the player's turn", p.ID, i+1)
		}
		got, err := sv.values(ctx, s)
		if err != nil {
			return fmt.Errorf("puzzle %s step %d: %w", p.ID, i+1, err)
		}
		if !slices.Equal(got, st.Moves) {
			return fmt.Errorf("puzzle %s step %d: the search gives %v, the puzzle says %v", p.ID, i+1, got, st.Moves)
		}
		if want := stepValue(p.Unit, p.Value, i); got[0].Value != want {
			return fmt.Errorf("puzzle %s step %d: the best move is worth %+d, not %+d", p.ID, i+1, got[0].Value, want)
		}
		if len(got) < 2 || got[1].Value == got[0].Value {
			return fmt.Errorf("puzzle %s step %d: a forced move, or two moves are best", p.ID, i+1)
		}
		if i == 0 && got[0].Value-got[1].Value != p.Margin {
			return fmt.Errorf("puzzle %s: the answer is not alone by %d", p.ID, p.Margin)
		}
		if err := play(s, got[0].Move); err != nil {
			return fmt.Errorf("puzzle %s step %d: %w", p.ID, i+1, err)
		}
		if (i < len(p.Steps)-1) != (len(st.Reply) > 0) {
			return fmt.Errorf("puzzle %s step %d: a reply is wanted between steps, and only there", p.ID, i+1)
		}
		for _, r := range st.Reply {
			if s.ToAct().Single() == player {
				return fmt.Errorf("puzzle %s step %d: the reply %s is the player's move", p.ID, i+1, r)
			}
			if err := playBest(ctx, sv, s, r); err != nil {
				return fmt.Errorf("puzzle %s step %d, reply: %w", p.ID, i+1, err)
			}
		}
	}
	for _, m := range p.Rest {
		if err := playBest(ctx, sv, s, m); err != nil {
			return fmt.Errorf("puzzle %s, the line after the answers: %w", p.ID, err)
		}
	}
	if len(p.Rest) < MaxRest && s.ToAct() != game.Nobody {
		return fmt.Errorf("puzzle %s: the line does not reach the end of the game", p.ID)
	}
	// a line that ends the game ends it as the value says, by the game's own rules
	if o := s.Outcome(); o.Over {
		want := game.NoPlayer
		switch {
		case p.Unit == UnitMate && p.Value > 0, p.Unit == UnitResult && p.Value > 0:
			want = player
		case p.Value < 0:
			want = player.Other()
		}
		if o.Winner != want {
			return fmt.Errorf("puzzle %s: the line ends with %s winning, the value %+d says %s", p.ID, o.Winner, p.Value, want)
		}
	}
	return nil
}

// playBest plays move on s after checking that it is a best move of its side.
func playBest(ctx context.Context, sv solver, s game.State, move string) error {
	if s.ToAct() == game.Nobody {
		return fmt.Errorf("%s after the end of the game", move)
	}
	mv, err := sv.values(ctx, s)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(mv, func(m MoveValue) bool { return m.Move == move })
	if i < 0 {
		return fmt.Errorf("%s is not a legal move", move)
	}
	if mv[i].Value != mv[0].Value {
		return fmt.Errorf("%s is worth %+d to its side, the best %+d", move, mv[i].Value, mv[0].Value)
	}
	return play(s, move)
}

// readPosition reads a puzzle's position under its options.
func readPosition(g game.Game, p *Puzzle) (game.State, error) {
	o, err := game.ParseOptions(g.OptionSpecs(), p.Options)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	s, err := game.ReadPosition(g, o, p.Position)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	return s, nil
}

// errNotSequential marks a position where both sides act at once.
var errNotSequential = errors.New("both sides act at once")
