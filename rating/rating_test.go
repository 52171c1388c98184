package rating

import (
	"errors"
	"math"
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
	"turncoat/games"
	"turncoat/internal/testgame"
)

// TestPaperExample is the worked example of Glickman's "Example of the Glicko-2 system": a
// player rated 1500/200/0.06 beats a 1400/30 player and loses to 1550/100 and 1700/300 ones,
// with tau 0.5, and ends at 1464.06 / 151.52 / 0.05999. The paper reaches those figures from
// its internal-scale results rounded to four decimals (mu' = -0.2069, phi' = 0.8722) and prints
// the volatility to five; exact arithmetic gives 1464.0507 / 151.5165 / 0.0599960, so the test
// checks both: the paper's figures the paper's way, and the exact values.
func TestPaperExample(t *testing.T) {
	r := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got, err := Default().Update(r, []Result{
		{Opponent: Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: Win},
		{Opponent: Rating{Rating: 1550, Deviation: 100, Volatility: 0.06}, Score: Loss},
		{Opponent: Rating{Rating: 1700, Deviation: 300, Volatility: 0.06}, Score: Loss},
	})
	if err != nil {
		t.Fatal(err)
	}
	round := func(x float64, decimals int) float64 {
		s := math.Pow(10, float64(decimals))
		return math.Round(x*s) / s
	}
	mu := round((got.Rating-DefaultRating)/glickoScale, 4)
	phi := round(got.Deviation/glickoScale, 4)
	if mu != -0.2069 || phi != 0.8722 {
		t.Errorf("internal scale mu' = %.4f, phi' = %.4f; the paper has -0.2069, 0.8722", mu, phi)
	}
	if r, d := round(mu*glickoScale+DefaultRating, 2), round(phi*glickoScale, 2); r != 1464.06 || d != 151.52 {
		t.Errorf("the paper's way: %.2f / %.2f, want 1464.06 / 151.52", r, d)
	}
	if math.Abs(got.Volatility-0.05999) >= 0.00001 {
		t.Errorf("volatility %.7f, want 0.05999 to five decimals", got.Volatility)
	}
	for _, c := range []struct {
		name      string
		got, want float64
		tolerance float64
	}{
		{"rating", got.Rating, 1464.0507, 0.0001},
		{"deviation", got.Deviation, 151.5165, 0.0001},
		{"volatility", got.Volatility, 0.0599960, 0.0000001},
	} {
		if math.Abs(c.got-c.want) > c.tolerance {
			t.Errorf("exact %s = %.7f, want %.7f", c.name, c.got, c.want)
		}
	}
}

// TestNoGames: a period without games leaves rating and volatility and grows the deviation to
// sqrt(phi^2 + sigma^2), capped at a newcomer's 350.
func TestNoGames(t *testing.T) {
	r := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got, err := Default().Update(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Sqrt(200*200/(glickoScale*glickoScale)+0.06*0.06) * glickoScale
	if got.Rating != 1500 || got.Volatility != 0.06 || math.Abs(got.Deviation-want) > 1e-9 {
		t.Errorf("no games: %+v, want rating 1500, deviation %.4f, volatility 0.06", got, want)
	}
	if got.Deviation <= r.Deviation {
		t.Errorf("deviation %.4f did not grow from %.4f", got.Deviation, r.Deviation)
	}
	// A long absence never makes a player less known than a newcomer.
	for range 10000 {
		if got, err = Default().Update(got, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got.Deviation != DefaultDeviation {
		t.Errorf("deviation after a long absence %.4f, want the cap %d", got.Deviation, DefaultDeviation)
	}
}

// TestDirections checks the obvious: a win raises the rating and a loss lowers it, a draw
// against an equal leaves it, and every game lowers the deviation.
func TestDirections(t *testing.T) {
	sys := Default()
	equal := New()
	for _, c := range []struct {
		score float64
		sign  float64
	}{{Win, 1}, {Draw, 0}, {Loss, -1}} {
		got, err := sys.Update(New(), []Result{{Opponent: equal, Score: c.score}})
		if err != nil {
			t.Fatal(err)
		}
		d := got.Rating - DefaultRating
		if c.sign == 0 && math.Abs(d) > 1e-9 || c.sign*d <= 0 && c.sign != 0 {
			t.Errorf("score %v: rating moved by %.3f", c.score, d)
		}
		if got.Deviation >= DefaultDeviation {
			t.Errorf("score %v: deviation %.3f did not shrink", c.score, got.Deviation)
		}
	}
}

func TestInvalid(t *testing.T) {
	sys := Default()
	for _, c := range []struct {
		name string
		r    Rating
		res  []Result
	}{
		{"zero deviation", Rating{1500, 0, 0.06}, nil},
		{"negative volatility", Rating{1500, 100, -1}, nil},
		{"NaN rating", Rating{math.NaN(), 100, 0.06}, nil},
		{"score above 1", New(), []Result{{Opponent: New(), Score: 2}}},
		{"NaN score", New(), []Result{{Opponent: New(), Score: math.NaN()}}},
		{"opponent without deviation", New(), []Result{{Opponent: Rating{1500, 0, 0.06}, Score: 1}}},
	} {
		if _, err := sys.Update(c.r, c.res); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: error %v, want ErrInvalid", c.name, err)
		}
	}
	if _, err := (System{}).Update(New(), nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("zero system: error %v, want ErrInvalid", err)
	}
}

func TestVariantKey(t *testing.T) {
	reg := games.Registry()
	key := func(name, options string) string {
		t.Helper()
		g, err := reg.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		o, err := game.ParseOptionString(g.OptionSpecs(), options)
		if err != nil {
			t.Fatal(err)
		}
		return Key(g, o)
	}
	for _, c := range []struct {
		name, a, b string
		same       bool
	}{
		{"reversi", "size=6", "size=8", false},
		{"reversi", "", "size=8", true},
		{"reversi", "size=6", "size=6,first=white", true},
		{"reversi", "size=8", "size=8,start=parallel", false},
		{"reversi", "", "nomove=end", false},
		{"turncoat", "seed=1", "seed=99", true},
		{"turncoat", "", "mode=white-only", false},
		{"turnover", "", "knight-letter=N", true},
		{"turnover", "", "setup=zigzag", false},
		{"blocs", "", "seating=opposite", false},
		{"troll", "", "first=white", true},
		{"troll", "", "rules=1993", false},
	} {
		ka, kb := key(c.name, c.a), key(c.name, c.b)
		if (ka == kb) != c.same {
			t.Errorf("%s %q -> %q, %q -> %q: same=%v, want %v", c.name, c.a, ka, c.b, kb, ka == kb, c.same)
		}
	}
	if got, want := key("reversi", "size=6"), "reversi:size=6,start=diagonal,nomove=pass"; got != want {
		t.Errorf("6x6 key %q, want %q", got, want)
	}
	// A game that does not say keeps every option, in a fixed order.
	specs := []game.OptionSpec{{Name: "b", Kind: game.OptionInt, Default: "1", Min: 0, Max: 9}, {Name: "a", Kind: game.OptionBool, Default: "false"}}
	if got, want := Key(silent{specs}, game.DefaultOptions(specs)), "newgame:a=false,b=1"; got != want {
		t.Errorf("unknown game key %q, want %q", got, want)
	}
}

// silent is a game that says nothing of itself (no game.Describer).
type silent struct{ specs []game.OptionSpec }

func (silent) Name() string                         { return "newgame" }
func (silent) Title() string                        { return "New game" }
func (silent) SideNames(game.Options) [2]string     { return [2]string{"A", "B"} }
func (g silent) OptionSpecs() []game.OptionSpec     { return g.specs }
func (silent) New(game.Options) (game.State, error) { return nil, errors.New("no states") }
func (silent) Decode(string) (game.State, error)    { return nil, errors.New("no states") }

// TestKeyOfANewGame: a game unknown to this package is rated by what it says of itself: the test
// game's size separates ratings, the colour that places first does not.
func TestKeyOfANewGame(t *testing.T) {
	g := testgame.Game{}
	key := func(options string) string {
		o, err := game.ParseOptionString(g.OptionSpecs(), options)
		if err != nil {
			t.Fatal(err)
		}
		return Key(g, o)
	}
	for _, c := range []struct{ options, want string }{
		{"", "tictactoe:size=3"},
		{"first=white", "tictactoe:size=3"},
		{"size=4", "tictactoe:size=4"},
		{"size=4,first=white", "tictactoe:size=4"},
	} {
		if got := key(c.options); got != c.want {
			t.Errorf("%q: key %q, want %q", c.options, got, c.want)
		}
	}
}

// legacyRated are the rated options this package kept by game name before the games described
// themselves: the ratings stored since are under the keys they give, so what the games say must
// give the same keys.
var legacyRated = map[string][]string{
	"reversi":  {"size", "start", "nomove"},
	"turncoat": {"size", "mode"},
	"turnover": {"setup", "mate-ends-game"},
	"blocs":    {"first-flip", "seating"},
	"troll":    {"rules"},
}

// TestLegacyRated: the five games' keys from what they say of themselves are the keys stored
// ratings are under, for every option set the conformance suite plays.
func TestLegacyRated(t *testing.T) {
	for _, g := range games.Registry().Games() {
		rated, ok := legacyRated[g.Name()]
		if !ok {
			t.Errorf("%s: no stored keys to compare with", g.Name())
			continue
		}
		for _, o := range gametest.OptionSets(g, nil) {
			if a, b := Key(g, o), key(g.Name(), game.Info{RatedOptions: rated}, o); a != b {
				t.Errorf("%s %s: key %q, stored ratings under %q", g.Name(), o, a, b)
			}
		}
	}
}
