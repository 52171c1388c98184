package match

import (
	"context"
	"fmt"
	"sync"

	"turncoat/game"
	"turncoat/games/turncoat"
)

// OpeningSet supplies n openings for a match from start, reproducibly from seed: positions
// each played with both colours.
type OpeningSet func(ctx context.Context, start game.State, n int, seed uint64) ([]game.State, error)

var (
	setsMu sync.RWMutex
	sets   = map[string]OpeningSet{"turncoat": TurncoatStarts}
)

// RegisterOpenings sets a game's openings for matches (an engine that can judge positions
// offers balanced ones: engine/othello does for Reversi).
func RegisterOpenings(gameName string, f OpeningSet) {
	setsMu.Lock()
	defer setsMu.Unlock()
	sets[gameName] = f
}

// Openings returns n openings of start's game for a match: the game's registered set, else
// RandomOpenings of 4 plies.
func Openings(ctx context.Context, start game.State, n int, seed uint64) ([]game.State, error) {
	setsMu.RLock()
	f, ok := sets[start.Game().Name()]
	setsMu.RUnlock()
	if !ok {
		return RandomOpenings(start, n, 4, seed), nil
	}
	out, err := f(ctx, start, n, seed)
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no openings for %s", start.Game().Name())
	}
	return out, err
}

// TurncoatStarts gives Turncoat matches n different random setups (drawn from seed, as the game
// draws its own): the setup decides much of a game, so a match plays many, each with both
// colours. A start with an explicit setup, or already under way, is the only opening.
func TurncoatStarts(_ context.Context, start game.State, n int, seed uint64) ([]game.State, error) {
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
