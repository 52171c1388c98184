package blocs

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
)

// TestRecordRoundTrip writes random games under random rules (some from a puzzle's start of its
// own, some stopped early, by a resignation, an agreed draw or time, some with headers) and
// reads them back, one by one and all in one file.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	recs := gametest.RandomRecords(t, rng, 60, 30, func(i int) game.State {
		r := Rules{SecondFlipsFirst: i%2 == 1, Opposite: i%4 >= 2}
		if i%5 == 4 { // a start of its own: a puzzle
			return FlippingState(r, uint16(rng.IntN(1<<Squares)), game.Player(rng.IntN(2)))
		}
		return NewState(r)
	})
	gametest.RecordRoundTrips(t, Game{}, "text", recs)
}

func TestRecordExample(t *testing.T) {
	text := "# a short game\ngame blocs\noptions first-flip=second,seating=same\none Ann\ntwo Bob\n1. bB3 wa1\n"
	recs, err := ReadRecords(strings.NewReader(text), game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := recs[0]
	if !slices.Equal(rec.Moves, []string{"Bb3", "Wa1"}) || rec.Players != [2]string{"Ann", "Bob"} || rec.Result.Over {
		t.Errorf("read %+v", rec)
	}
	out, err := game.FormatRecord("text", rec)
	if want := "game blocs\noptions first-flip=second,seating=same\none Ann\ntwo Bob\n1. Bb3 Wa1\n"; err != nil || out != want {
		t.Errorf("written %q, %v; want %q", out, err, want)
	}
	// A finished puzzle: the result is read against the moves.
	text = "game blocs\nstart first-flip=continue,seating=same WWWW/WWWW/WWWW/WWWB 1\n1. d4\nresult one\n"
	recs, err = ReadRecords(strings.NewReader(text), game.Options{})
	if err != nil || recs[0].Result.Winner != game.First || recs[0].Result.Ending != game.EndRules {
		t.Errorf("a finished puzzle: %+v, %v", recs, err)
	}
	// A record without options takes those given, or the defaults.
	o, _ := game.ParseOptionString(optionSpecs, "seating=opposite")
	recs, err = ReadRecords(strings.NewReader("1. Bb3\n"), o)
	if err != nil || !recs[0].Start.Options().Equal(o) {
		t.Errorf("options from the caller: %v", err)
	}
}

func TestRecordErrors(t *testing.T) {
	gametest.RecordReadErrors(t, Game{}, "text", []gametest.BadRecord{
		{"", game.ErrSyntax, "no game"},
		{"game troll\n", game.ErrSyntax, "a record of \"troll\""},
		{"game blocs\ncolour red\n", game.ErrSyntax, "unknown header"},
		{"game blocs\none A\none B\n", game.ErrSyntax, "twice"},
		{"game blocs\noptions seating=sideways\n", game.ErrOption, "options"},
		{"game blocs\n1. a1-c3\n", game.ErrIllegal, "line 2: ply 1 (a1-c3)"},
		{"game blocs\n1. Bb3 Wb3\n", game.ErrIllegal, "b3 is not empty"},
		{"game blocs\n1. Bb3 2. Wa1\n", game.ErrSyntax, "move number"},
		{"game blocs\n1. Bb3\nresult one\n", game.ErrSyntax, "not over"},
		{"game blocs\n1. Bb3\nresult three\n", game.ErrSyntax, "result \"three\""},
		{"game blocs\nstart first-flip=continue,seating=same WWWW/WWWW/WWWW/WWWB 1\n1. d4\nresult two\n", game.ErrSyntax, "One wins"},
		{"game blocs\nstart first-flip=continue,seating=same WWWW/WWWW/WWWW/WWWB 1\n1. d4\nresult two resignation\n", game.ErrSyntax, "by the rules"},
		{"game blocs\n1. Bb3\ngame blocs\n1. a1\n", game.ErrIllegal, "blocs record 2"},
	})
	gametest.RecordWriteErrors(t, Game{}, "text", []game.Record{
		{Start: NewState(Rules{}), Players: [2]string{"Ann\nOne wins"}},
		{Start: NewState(Rules{}), Moves: []string{"Bb3 Wa1"}},
		{},
	})
}
