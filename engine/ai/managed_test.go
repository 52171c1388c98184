package ai

import (
	"testing"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
)

// TestManagedTime: the levels from 8 manage their time, and so does reversi-ab on their
// presets unless it is given a depth or a node budget, which it then searches as asked.
func TestManagedTime(t *testing.T) {
	for _, c := range []struct {
		spec    string
		managed bool
	}{
		{"7", false}, {"8", true}, {"10", true},
		{"reversi-ab:level=10", true}, {"reversi-ab:level=10,time=3s", true},
		{"reversi-ab:level=10,depth=12", false}, {"reversi-ab:level=9,nodes=100000", false},
		{"reversi-ab:level=5", false},
	} {
		a, err := Parse(reversi.Game{}, c.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.(*othello.Agent).Limits().Managed; got != c.managed {
			t.Errorf("%s: managed %v, want %v", c.spec, got, c.managed)
		}
	}
}
