package othello

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"turncoat/games/discs"
)

// midgamePositions plays random games and returns a position of each with n empties and at
// least three moves.
func midgamePositions(seed uint64, count, n int) []Position {
	rng := rand.New(rand.NewPCG(seed, 9))
	var out []Position
	for len(out) < count {
		p, o := uint64(0x0000000810000000), uint64(0x0000001008000000)
		for 64-bits.OnesCount64(p|o) > n {
			moves := discs.Moves(p, o)
			if moves == 0 {
				break
			}
			for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
				moves &= moves - 1
			}
			sq := bits.TrailingZeros64(moves)
			p, o = play(p, o, sq, flip(sq, p, o))
		}
		if 64-bits.OnesCount64(p|o) == n && bits.OnesCount64(discs.Moves(p, o)) >= 3 {
			out = append(out, Position{P: p, O: o, Size: 8})
		}
	}
	return out
}

// TestPartialIteration: a search stopped inside an iteration (here by a node budget, which
// repeats exactly) plays a move that iteration proved better than the last finished one's, and
// says so; a full search of that depth agrees that the move is better.
func TestPartialIteration(t *testing.T) {
	partials := 0
	for i, pos := range midgamePositions(3, 20, 36) {
		type iter struct {
			depth, move int
			nodes       uint64
		}
		var its []iter
		lim := Limits{Depth: 9}
		lim.Progress = func(r Result) { its = append(its, iter{r.Depth, r.Move, r.Nodes}) }
		if _, err := New(Options{TableBytes: 1 << 22}).Search(context.Background(), pos, lim); err != nil {
			t.Fatal(err)
		}
		for k := 3; k+1 < len(its); k++ {
			for _, share := range []float64{0.3, 0.6, 0.9} {
				budget := its[k].nodes + uint64(share*float64(its[k+1].nodes-its[k].nodes))
				cut := Limits{Depth: 9, Nodes: budget}
				res, err := New(Options{TableBytes: 1 << 22}).Search(context.Background(), pos, cut)
				if err != nil {
					t.Fatal(err)
				}
				if res.Depth != its[k].depth {
					t.Fatalf("position %d, %d nodes: depth %d, want the finished %d", i, budget, res.Depth, its[k].depth)
				}
				if !res.Partial {
					if res.Move != its[k].move {
						t.Errorf("position %d, %d nodes: move %d, not the finished iteration's %d, and not partial", i, budget, res.Move, its[k].move)
					}
					continue
				}
				partials++
				if res.Move == its[k].move {
					t.Errorf("position %d: partial, yet the finished iteration's move", i)
				}
				values, _, err := New(Options{TableBytes: 1 << 22}).Analyze(context.Background(), pos, Limits{Depth: its[k].depth + 1})
				if err != nil {
					t.Fatal(err)
				}
				score := map[int]int{}
				for _, v := range values {
					score[v.Move] = v.Score
				}
				if score[res.Move] <= score[its[k].move] {
					t.Errorf("position %d, depth %d: partial move %d (%d) not better than %d (%d) by a full search", i, its[k].depth+1, res.Move, score[res.Move], its[k].move, score[its[k].move])
				}
			}
		}
	}
	t.Logf("%d partial results", partials)
	if partials == 0 {
		t.Error("no search stopped inside an iteration played that iteration's better move")
	}
}
