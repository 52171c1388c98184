package othello

import (
	"context"
	"fmt"
	"math/rand/v2"

	"turncoat/engine/match"
	"turncoat/game"
	"turncoat/games/reversi"
)

// Balanced openings for matches: positions a few random plies from the start that the engine,
// searching OpeningDepth plies, judges within OpeningMargin discs of even, so that a match
// measures play and not the luck of the opening. A match plays each with both colours.
const (
	// OpeningPlies is the length of an 8x8 opening; smaller boards take 4 plies.
	OpeningPlies = 8
	// OpeningDepth is the depth of the search that judges an opening.
	OpeningDepth = 8
	// OpeningMargin is the largest value, in discs either way, of a balanced opening.
	OpeningMargin = 2
)

func init() {
	match.RegisterOpenings("reversi", BalancedOpenings)
}

// BalancedOpenings returns n distinct balanced openings from start (a Reversi state),
// reproducibly from seed. A start the engine cannot judge (the free start's placements) gets
// match.RandomOpenings. It gives up with an error when a generous number of tries finds too
// few, and stops when ctx ends.
func BalancedOpenings(ctx context.Context, start game.State, n int, seed uint64) ([]game.State, error) {
	st, ok := start.(*reversi.State)
	if ok {
		b := st.Board()
		ok = st.Placements() == b.Moves()
	}
	if !ok {
		return match.RandomOpenings(start, n, 4, seed), nil
	}
	plies := OpeningPlies
	if st.Board().Size < 8 {
		plies = 4
	}
	noMoveEnds := st.Rules().NoMove == reversi.NoMoveEnd
	eng := New(Options{TableBytes: 16 << 20})
	rng := rand.New(rand.NewPCG(seed, 0x62616c616e636564))
	seen := map[string]bool{}
	var out []game.State
	var buf [64]game.Action
	for tries := 0; len(out) < n; tries++ {
		if tries > 200*n+1000 {
			return nil, fmt.Errorf("found only %d balanced openings of the %d wanted", len(out), n)
		}
		s := start.Clone()
		for i := 0; i < plies && s.ToAct() != game.Nobody; i++ {
			legal := s.Legal(s.ToAct().Single(), buf[:0])
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				return nil, err
			}
		}
		if s.ToAct() == game.Nobody || seen[s.Encode()] {
			continue
		}
		seen[s.Encode()] = true
		res, err := eng.Search(ctx, PositionOf(s.(*reversi.State).Board()), Limits{Depth: OpeningDepth, NoMoveEnds: noMoveEnds})
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if res.Score < -OpeningMargin || res.Score > OpeningMargin {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}
