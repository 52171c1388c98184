package game_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"turncoat/game"
)

// pennies is a toy game for the contract's tests: Rounds of matching pennies, both sides
// choosing heads (0) or tails (1) at once; First scores a point when the coins match, Second
// when they differ. After the rounds, a sequential tie-break ply by First if the score is level
// ("h" ends it as a draw, "t" gives First the win).
type pennies struct {
	opts   game.Options
	rounds int
	played int
	score  [2]int
	tie    int // -1 not played, else First's tie-break action
}

type penniesGame struct{}

var penniesSpecs = []game.OptionSpec{
	{Name: "rounds", Kind: game.OptionInt, Default: "3", Min: 1, Max: 99, Doc: "number of rounds"},
	{Name: "coin", Kind: game.OptionEnum, Default: "euro", Values: []string{"euro", "dollar"}, Doc: "the coin"},
	{Name: "fast", Kind: game.OptionBool, Default: "false", Doc: "no ceremony"},
}

func (penniesGame) Name() string                     { return "pennies" }
func (penniesGame) Title() string                    { return "Matching pennies" }
func (penniesGame) SideNames(game.Options) [2]string { return [2]string{"Even", "Odd"} }
func (penniesGame) OptionSpecs() []game.OptionSpec   { return penniesSpecs }
func (penniesGame) New(o game.Options) (game.State, error) {
	return &pennies{opts: o, rounds: o.Int("rounds"), tie: -1}, nil
}
func (penniesGame) Decode(text string) (game.State, error) {
	f := strings.Fields(text)
	if len(f) != 5 {
		return nil, game.ErrSyntax
	}
	o, err := game.ParseOptionString(penniesSpecs, f[0])
	if err != nil {
		return nil, err
	}
	s := &pennies{opts: o, rounds: o.Int("rounds")}
	for i, p := range []*int{&s.played, &s.score[0], &s.score[1], &s.tie} {
		if *p, err = strconv.Atoi(f[i+1]); err != nil {
			return nil, game.ErrSyntax
		}
	}
	return s, nil
}

func (s *pennies) Game() game.Game       { return penniesGame{} }
func (s *pennies) Options() game.Options { return s.opts }
func (s *pennies) ToAct() game.Actors {
	switch {
	case s.played < s.rounds:
		return game.BothAct
	case s.score[0] == s.score[1] && s.tie < 0:
		return game.FirstActs
	}
	return game.Nobody
}
func (s *pennies) Legal(p game.Player, buf []game.Action) []game.Action {
	if !s.ToAct().Has(p) {
		return buf[:0]
	}
	return append(buf[:0], 0, 1)
}
func (s *pennies) Apply(a game.Action) error {
	if s.ToAct() != game.FirstActs {
		return game.ErrNotYourTurn
	}
	s.tie = int(a)
	return nil
}
func (s *pennies) ApplyJoint(j game.Joint) error {
	if !s.ToAct().Simultaneous() {
		return game.ErrNotYourTurn
	}
	s.played++
	if j[0] == j[1] {
		s.score[0]++
	} else {
		s.score[1]++
	}
	return nil
}
func (s *pennies) Clone() game.State { c := *s; return &c }
func (s *pennies) Outcome() game.Outcome {
	if s.ToAct() != game.Nobody {
		return game.InPlay
	}
	o := game.Outcome{Over: true, Winner: game.NoPlayer, Scored: true, Score: s.score, Ending: game.EndRules}
	switch {
	case s.score[0] > s.score[1] || s.tie == 1:
		o.Winner = game.First
	case s.score[1] > s.score[0]:
		o.Winner = game.Second
	}
	return o
}
func (s *pennies) Encode() string {
	return fmt.Sprintf("%s %d %d %d %d", s.opts, s.played, s.score[0], s.score[1], s.tie)
}
func (s *pennies) ParseAction(_ game.Player, text string) (game.Action, error) {
	switch text {
	case "h":
		return 0, nil
	case "t":
		return 1, nil
	}
	return game.NoAction, fmt.Errorf("%w: %q, want h or t", game.ErrSyntax, text)
}
func (s *pennies) FormatAction(_ game.Player, a game.Action) string { return [2]string{"h", "t"}[a&1] }

func newPennies(t *testing.T, options string) game.State {
	t.Helper()
	s, err := game.NewRegistry(penniesGame{}).New("pennies", options)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestOptions(t *testing.T) {
	o, err := game.ParseOptionString(penniesSpecs, "coin=DOLLAR, rounds=07")
	if err != nil {
		t.Fatal(err)
	}
	if got := o.String(); got != "rounds=7,coin=dollar,fast=false" {
		t.Errorf("canonical form %q", got)
	}
	if o.Int("rounds") != 7 || o.Get("coin") != "dollar" || o.Bool("fast") {
		t.Errorf("typed values wrong: %v", o.Map())
	}
	for _, c := range []struct{ text, want string }{
		{"rounds=0", `invalid option: rounds="0": want 1 to 99`},
		{"rounds=x", `invalid option: rounds="x": not an integer`},
		{"coin=yen", `invalid option: coin="yen": want one of euro, dollar`},
		{"fast=maybe", `invalid option: fast="maybe": want true or false`},
		{"colour=red", `invalid option: unknown option "colour" (known: rounds, coin, fast)`},
		{"rounds", `invalid option: "rounds" is not name=value`},
		{"rounds=2,rounds=3", `invalid option: "rounds" given twice`},
	} {
		_, err := game.ParseOptionString(penniesSpecs, c.text)
		if err == nil || err.Error() != c.want || !errors.Is(err, game.ErrOption) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	if _, err := o.With("rounds", "100"); err == nil {
		t.Error("With accepted an out-of-range value")
	}
}

func TestPlayValidates(t *testing.T) {
	s := newPennies(t, "rounds=1")
	if err := game.Play(s, game.First, 0); !errors.Is(err, game.ErrNotYourTurn) {
		t.Errorf("single action at a simultaneous node: %v", err)
	}
	if err := game.PlayJoint(s, game.Joint{0, 5}); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("illegal joint action: %v", err)
	}
	if err := game.PlayJoint(s, game.Joint{0, 1}); err != nil {
		t.Fatal(err)
	}
	if !s.Outcome().Over || s.Outcome().Winner != game.Second {
		t.Errorf("outcome %+v", s.Outcome())
	}
	if err := game.PlayJoint(s, game.Joint{0, 1}); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("move after the end: %v", err)
	}
	if got := s.Outcome().Describe([2]string{"Even", "Odd"}); got != "Odd wins 0-1" {
		t.Errorf("Describe: %q", got)
	}
}

func TestReplayAndMoves(t *testing.T) {
	start := newPennies(t, "rounds=2")
	s, err := game.Replay(start, []string{"h t", "t t", "h"})
	if err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o.Winner != game.NoPlayer || !o.Over {
		t.Errorf("outcome %+v", o)
	}
	if start.Encode() != newPennies(t, "rounds=2").Encode() {
		t.Error("Replay changed the start state")
	}
	for _, c := range []struct {
		moves []string
		want  string
	}{
		{[]string{"h"}, `ply 1 (h): syntax error: "h": want both sides' actions, like "c3 f6"`},
		{[]string{"h x"}, `ply 1 (h x): syntax error: "x", want h or t`},
		{[]string{"h t", "t t", "t", "h"}, "ply 4 (h): game is over"},
	} {
		_, err := game.Replay(start, c.moves)
		if err == nil || err.Error() != c.want {
			t.Errorf("Replay(%q): %v, want %q", c.moves, err, c.want)
		}
	}
}

func TestPerftCountsJointMoves(t *testing.T) {
	s := newPennies(t, "rounds=2")
	// Two simultaneous rounds of 2x2 joint moves, then First's tie-break where the score is
	// level (8 of the 16 lines): 4, 16, 8*1 + 8*2.
	for d, want := range []uint64{1, 4, 16, 24, 24} {
		if got := game.Perft(s, d); got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
	}
}

func TestRegistry(t *testing.T) {
	r := game.NewRegistry(penniesGame{})
	if _, err := r.Lookup("chess"); err == nil || err.Error() != `unknown game "chess" (known: pennies)` {
		t.Errorf("Lookup: %v", err)
	}
	s := newPennies(t, "")
	back, err := r.Unmarshal(game.Marshal(s))
	if err != nil || back.Encode() != s.Encode() {
		t.Errorf("Marshal/Unmarshal: %v", err)
	}
	if _, err := r.New("pennies", "rounds=0"); !errors.Is(err, game.ErrOption) {
		t.Errorf("New with a bad option: %v", err)
	}
}

func TestOutcomeReward(t *testing.T) {
	win, draw := game.Win(game.Second, "x"), game.Draw("y")
	if win.Reward(game.Second) != 1 || win.Reward(game.First) != 0 || draw.Reward(game.First) != 0.5 || game.InPlay.Reward(game.First) != 0.5 {
		t.Error("rewards wrong")
	}
	scored := game.Outcome{Over: true, Winner: game.First, Scored: true, Score: [2]int{44, 20}}
	if scored.Margin(game.First) != 24 || scored.Margin(game.Second) != -24 {
		t.Error("margins wrong")
	}
}
