package textrecord_test

import (
	"fmt"
	"strconv"
	"strings"

	"turncoat/game"
	"turncoat/game/textrecord"
)

// takeaway is a small game for the tests: a pile of counters, each player in turn takes one or
// two ("t1", "t2"), and whoever takes the last one wins. Its sides are North and South, so that
// the headers and results are seen to come from the game's side names.
type takeaway struct {
	opts game.Options
	left int
	turn game.Player
}

type takeawayGame struct{}

var takeawaySpecs = []game.OptionSpec{
	{Name: "pile", Kind: game.OptionInt, Default: "7", Min: 1, Max: 30, Doc: "counters at the start"},
}

var (
	_ game.Game         = takeawayGame{}
	_ game.RecordKeeper = takeawayGame{}
	_ game.State        = (*takeaway)(nil)
)

func (takeawayGame) Name() string                     { return "takeaway" }
func (takeawayGame) Title() string                    { return "Take-away" }
func (takeawayGame) SideNames(game.Options) [2]string { return [2]string{"North", "South"} }
func (takeawayGame) OptionSpecs() []game.OptionSpec   { return takeawaySpecs }
func (takeawayGame) RecordFormats() []game.RecordFormat {
	return []game.RecordFormat{textrecord.Format(takeawayGame{}, "take-away record")}
}

func (takeawayGame) New(o game.Options) (game.State, error) {
	n, err := strconv.Atoi(o.Get("pile"))
	if err != nil {
		return nil, err
	}
	return &takeaway{opts: o, left: n, turn: game.First}, nil
}

// Decode reads "<options> <counters left> <1|2>".
func (takeawayGame) Decode(text string) (game.State, error) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return nil, fmt.Errorf("%w: takeaway state wants \"<options> <left> <1|2>\"", game.ErrSyntax)
	}
	o, err := game.ParseOptionString(takeawaySpecs, f[0])
	if err != nil {
		return nil, err
	}
	left, err := strconv.Atoi(f[1])
	if err != nil || left < 0 || left > 30 {
		return nil, fmt.Errorf("%w: counters left %q", game.ErrSyntax, f[1])
	}
	if f[2] != "1" && f[2] != "2" {
		return nil, fmt.Errorf("%w: player %q", game.ErrSyntax, f[2])
	}
	return &takeaway{opts: o, left: left, turn: game.Player(f[2][0] - '1')}, nil
}

func (s *takeaway) Game() game.Game       { return takeawayGame{} }
func (s *takeaway) Options() game.Options { return s.opts }

func (s *takeaway) ToAct() game.Actors {
	if s.left == 0 {
		return game.Nobody
	}
	return game.ActorsOf(s.turn)
}

// Legal lists the actions 1 (take one) and 2 (take two, when two are left).
func (s *takeaway) Legal(p game.Player, buf []game.Action) []game.Action {
	buf = buf[:0]
	if !s.ToAct().Has(p) {
		return buf
	}
	for a := game.Action(1); a <= 2 && int(a) <= s.left; a++ {
		buf = append(buf, a)
	}
	return buf
}

func (s *takeaway) Apply(a game.Action) error {
	if a < 1 || a > 2 || int(a) > s.left {
		return fmt.Errorf("%w: cannot take %d of %d", game.ErrIllegal, a, s.left)
	}
	s.left -= int(a)
	s.turn = s.turn.Other()
	return nil
}

func (s *takeaway) ApplyJoint(game.Joint) error { return game.ErrNotYourTurn }
func (s *takeaway) Clone() game.State           { c := *s; return &c }

func (s *takeaway) Outcome() game.Outcome {
	if s.left == 0 {
		return game.Win(s.turn.Other(), "took the last counter")
	}
	return game.InPlay
}

func (s *takeaway) Encode() string {
	return fmt.Sprintf("%s %d %d", s.opts, s.left, s.turn+1)
}

func (s *takeaway) ParseAction(_ game.Player, text string) (game.Action, error) {
	switch strings.ToLower(text) {
	case "t1":
		return 1, nil
	case "t2":
		return 2, nil
	}
	return game.NoAction, fmt.Errorf("%w: %q: want t1 or t2", game.ErrSyntax, text)
}

func (s *takeaway) FormatAction(_ game.Player, a game.Action) string {
	return "t" + strconv.Itoa(int(a))
}

// newTakeaway returns the start under the options text.
func newTakeaway(options string) game.State {
	o, err := game.ParseOptionString(takeawaySpecs, options)
	if err != nil {
		panic(err)
	}
	s, err := takeawayGame{}.New(o)
	if err != nil {
		panic(err)
	}
	return s
}
