package game_test

import (
	"slices"
	"testing"

	"turncoat/game"
)

// described is pennies with what it says of itself.
type described struct {
	penniesGame
	info game.Info
}

func (d described) Describe() game.Info { return d.info }

// TestInfoOf: a game that says nothing gets the defaults (discs, every option rated by name, the
// classic theme, not for play by post, its title); a game that says something keeps it, its
// zero fields defaulted.
func TestInfoOf(t *testing.T) {
	o := game.DefaultOptions(penniesSpecs)
	fast, err := o.With("fast", "true")
	if err != nil {
		t.Fatal(err)
	}
	hinted := game.Info{
		Summary: "Coins.", Pieces: game.Numbers, Checkered: true, Tournament: true,
		RatedOptions: []string{"rounds", "nope"},
		Themes: []game.ThemeHint{
			{When: map[string]string{"coin": "euro", "fast": "true"}, Theme: "contrast"},
			{When: map[string]string{"coin": "euro"}, Theme: "bypost"},
		},
		VariantTitle: func(o game.Options) string { return o.Get("rounds") + " pennies" },
	}
	for _, c := range []struct {
		name       string
		g          game.Game
		o          game.Options
		summary    string
		pieces     game.PieceStyle
		rated      []string
		theme      string
		title      string
		checkered  bool
		tournament bool
	}{
		{"silent", penniesGame{}, o, "", game.Discs, []string{"coin", "fast", "rounds"}, "", "Matching pennies", false, false},
		{"zero", described{info: game.Info{}}, o, "", game.Discs, []string{"coin", "fast", "rounds"}, "", "Matching pennies", false, false},
		{"none rated", described{info: game.Info{RatedOptions: []string{}}}, o, "", game.Discs, []string{}, "", "Matching pennies", false, false},
		{"hinted", described{info: hinted}, o, "Coins.", game.Numbers, []string{"rounds"}, "bypost", "3 pennies", true, true},
		{"hinted fast", described{info: hinted}, fast, "Coins.", game.Numbers, []string{"rounds"}, "contrast", "3 pennies", true, true},
	} {
		i := game.InfoOf(c.g)
		m := c.o.Map()
		if i.Summary != c.summary || i.Pieces != c.pieces || i.Checkered != c.checkered || i.Tournament != c.tournament {
			t.Errorf("%s: %+v", c.name, i)
		}
		if got := i.RatedKeys(m); !slices.Equal(got, c.rated) {
			t.Errorf("%s: rated %q, want %q", c.name, got, c.rated)
		}
		if got := i.Theme(m); got != c.theme {
			t.Errorf("%s: theme %q, want %q", c.name, got, c.theme)
		}
		if got := i.VariantTitle(c.o); got != c.title {
			t.Errorf("%s: title %q, want %q", c.name, got, c.title)
		}
	}
	for _, p := range []game.PieceStyle{"", "discs", "Disc"} {
		if p.Valid() {
			t.Errorf("piece style %q is valid", p)
		}
	}
}
