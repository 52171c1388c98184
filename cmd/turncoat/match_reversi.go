package main

import (
	"context"
	"fmt"
	"math/rand/v2"

	"turncoat/engine/match"
	"turncoat/engine/othello"
	"turncoat/game"
	"turncoat/games/reversi"
)

func init() {
	openingSets["reversi"] = reversiOpenings
}

// Balanced openings: positions a few random plies from the start that the engine, searching
// openingDepth plies, judges within openingMargin discs of even, so that a match measures play
// and not the luck of the opening. Each is played with both colours.
const (
	openingPlies  = 8
	openingDepth  = 8
	openingMargin = 2
)

// reversiOpenings returns n distinct balanced openings from start, reproducibly from seed. A
// start the engine cannot judge (the free start's placements) gets random openings.
func reversiOpenings(start game.State, n int, seed uint64) ([]game.State, error) {
	st, ok := start.(*reversi.State)
	if ok {
		b := st.Board()
		ok = st.Placements() == b.Moves()
	}
	if !ok {
		return match.RandomOpenings(start, n, 4, seed), nil
	}
	plies := openingPlies
	if st.Board().Size < 8 {
		plies = 4
	}
	noMoveEnds := st.Rules().NoMove == reversi.NoMoveEnd
	eng := othello.New(othello.Options{TableBytes: 16 << 20})
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
		b := s.(*reversi.State).Board()
		res, err := eng.Search(context.Background(), othello.PositionOf(b), othello.Limits{Depth: openingDepth, NoMoveEnds: noMoveEnds})
		if err != nil {
			return nil, err
		}
		if res.Score < -openingMargin || res.Score > openingMargin {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}
