package othello

import (
	"context"
	"fmt"
	"math/bits"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// PerfectLine returns a line of perfect play from the position to the end of the game, given
// the position's exact value for the side to move (the Score of an exact Search, best with the
// table that search left): at every position of the line, a move that keeps the value, passes
// as reversi.Pass. Each move is proven by a null-window solve of the position it leads to (the
// table's best move is tried first, and with the table of the search behind it that proof is
// mostly a lookup); the line ends where the game does, with exactly the value. An error says
// that the search was stopped, or that no move keeps the value: it was not the position's.
// With noMoveEnds the game ends as soon as the side to move has no move.
func (e *Engine) PerfectLine(ctx context.Context, pos Position, score int, noMoveEnds bool) (line []int, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	st, release, err := e.prepare(ctx, pos, Limits{})
	if err != nil {
		return nil, err
	}
	defer release()
	g := st.g
	s := e.newSearcher(g, st, Limits{NoMoveEnds: noMoveEnds})
	defer func() {
		if r := recover(); r != nil {
			if _, isStop := r.(stopSignal); !isStop {
				panic(r)
			}
			line, err = nil, ctx.Err()
			if err == nil {
				err = context.Canceled
			}
		}
	}()
	p, o, v := pos.P, pos.O, score
	for {
		moves := discs.Moves(p, o) & g.mask
		if moves == 0 {
			if noMoveEnds || discs.Moves(o, p)&g.mask == 0 {
				if final := g.finalScore(p, o); final != v {
					return nil, fmt.Errorf("the line ends %+d for the side to move, not %+d: %+d is not the position's value", final, v, score)
				}
				return line, nil
			}
			line = append(line, reversi.Pass)
			p, o, v = o, p, -v
			continue
		}
		n := g.squares - bits.OnesCount64(p|o)
		sq, ok := s.keepingMove(p, o, moves, v, n)
		if !ok {
			return nil, fmt.Errorf("no move keeps the value %+d after %d moves of the line: %+d is not the position's value", v, len(line), score)
		}
		line = append(line, sq)
		p, o = play(p, o, sq, flip(sq, p, o))
		v = -v
	}
}

// keepingMove returns a move of the position (moves are its legal moves, n its empties) whose
// value is v, the position's own: the move after which the opponent's value is at most -v (it
// cannot be less, as v is the best). The table's move goes first.
func (s *searcher) keepingMove(p, o, moves uint64, v, n int) (int, bool) {
	order := make([]int, 0, bits.OnesCount64(moves))
	if d := s.tt.probe(p, o); d.valid() && d.move() != noMove && moves&(1<<d.move()) != 0 {
		order = append(order, d.move())
	}
	for m := moves; m != 0; m &= m - 1 {
		if sq := bits.TrailingZeros64(m); len(order) == 0 || sq != order[0] {
			order = append(order, sq)
		}
	}
	for _, sq := range order {
		np, no := play(p, o, sq, flip(sq, p, o))
		// the opponent's value w is at least -v; the move keeps v when w <= -v
		var w int
		if s.noMoveEnds {
			w = s.midNWS(np, no, -v, n-1, n-1)
		} else {
			w = s.pvs(np, no, -v, -v+1, n-1, s.g.parity(s.g.mask&^(np|no)))
		}
		if w <= -v {
			return sq, true
		}
	}
	return 0, false
}
