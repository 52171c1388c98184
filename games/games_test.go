package games_test

import (
	"testing"

	"turncoat/game/gametest"
	"turncoat/games"
)

// configs are the conformance suite's extra settings per game.
var configs = map[string]gametest.Config{
	"reversi":  {Options: []string{"size=4", "size=6", "size=6,start=parallel", "size=4,start=free", "size=6,nomove=end"}},
	"troll":    {Options: []string{"rules=1993,first=white"}},
	"turncoat": {Options: []string{"size=4", "size=6", "size=5,mode=white-only", "size=4,cap=3"}},
	"turnover": {Games: 2, MaxPlies: 300},
}

// TestConformance runs the contract's conformance suite on every registered game.
func TestConformance(t *testing.T) {
	for _, g := range games.Registry().Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, g, configs[g.Name()])
		})
	}
}

// FuzzGames feeds every game decoding, notation and table commands from fuzz bytes:
// go test -fuzz=FuzzGames ./games/
func FuzzGames(f *testing.F) {
	reg := games.Registry()
	for i := range reg.Games() {
		f.Add(byte(i), []byte("\x00\x01\x02\x03\x00\x05\x01\x07\x02\x00\x04\x01"))
		f.Add(byte(i), []byte("\x01e6 f5 pass claim a1 b2 \x00\x00\x01\x01\x02\x02\x03\x03\x04\x01"))
	}
	f.Fuzz(func(t *testing.T, which byte, data []byte) {
		gs := reg.Games()
		gametest.FuzzInput(t, gs[int(which)%len(gs)], data)
	})
}
