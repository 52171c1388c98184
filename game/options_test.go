package game_test

import (
	"testing"

	"turncoat/game"
)

// TestRematchOptions: a rematch keeps every option but those marked Fresh.
func TestRematchOptions(t *testing.T) {
	specs := []game.OptionSpec{
		{Name: "size", Kind: game.OptionInt, Default: "8", Min: 4, Max: 8},
		{Name: "seed", Kind: game.OptionInt, Default: "0", Min: 0, Max: 100, Fresh: true},
	}
	o, err := game.ParseOptions(specs, map[string]string{"size": "6", "seed": "42"})
	if err != nil {
		t.Fatal(err)
	}
	got := game.RematchOptions(specs, o)
	if len(got) != 1 || got["size"] != "6" {
		t.Errorf("rematch options %v, want size=6 alone", got)
	}
}
