package main

import (
	"turncoat/game"
	"turncoat/games/turncoat"
)

func init() {
	openingSets["turncoat"] = turncoatStarts
}

// turncoatStarts gives Turncoat matches n different random setups (drawn from seed, as the
// game draws its own), each played with both colours. A start with an explicit setup keeps it.
func turncoatStarts(start game.State, n int, seed uint64) ([]game.State, error) {
	st, ok := start.(*turncoat.State)
	if !ok || st.Rules().Setup != "" || st.Round() > 0 {
		return []game.State{start}, nil
	}
	starts, err := turncoat.Starts(st.Rules(), n, seed)
	if err != nil {
		return nil, err
	}
	out := make([]game.State, len(starts))
	for i, s := range starts {
		out[i] = s
	}
	return out, nil
}
