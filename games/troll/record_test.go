package troll

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
)

// TestRecordRoundTrip writes random games under random rules (some from a start a few random
// plies in, some stopped early, by a resignation, an agreed draw or time, some with headers)
// and reads them back, one by one and all in one file.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	recs := gametest.RandomRecords(t, rng, 60, 30, func(i int) game.State {
		s := NewState(Rules{Published1993: i%2 == 1, WhiteFirst: i%4 == 3})
		if i%5 != 4 {
			return s
		}
		// a start of its own: a few random plies in
		opening := gametest.RandomRecord(t, rng, s, gametest.RecordOptions{StopEarly: true, StopAfter: 6})
		final, err := opening.Final()
		if err != nil {
			t.Fatal(err)
		}
		return final
	})
	gametest.RecordRoundTrips(t, Game{}, "text", recs)
}

func TestRecordExample(t *testing.T) {
	text := "# a short game\ngame troll\noptions rules=1987,first=black\nblack Ann\nwhite Bob\n1. d3 c3\n2. B3\n"
	recs, err := ReadRecords(strings.NewReader(text), game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := recs[0]
	if !slices.Equal(rec.Moves, []string{"d3", "c3", "b3"}) || rec.Players != [2]string{"Ann", "Bob"} || rec.Result.Over {
		t.Errorf("read %+v", rec)
	}
	out, err := game.FormatRecord("text", rec)
	if want := "game troll\noptions rules=1987,first=black\nblack Ann\nwhite Bob\n1. d3 c3\n2. b3\n"; err != nil || out != want {
		t.Errorf("written %q, %v; want %q", out, err, want)
	}
	// A record without options takes those given, or the defaults.
	recs, err = ReadRecords(strings.NewReader("1. d3\n"), mustOptions(t, "rules=1993"))
	if err != nil || !recs[0].Start.Options().Equal(mustOptions(t, "rules=1993")) {
		t.Errorf("options from the caller: %v", err)
	}
}

func TestRecordErrors(t *testing.T) {
	gametest.RecordReadErrors(t, Game{}, "text", []gametest.BadRecord{
		{"", game.ErrSyntax, "no game"},
		{"# nothing\n", game.ErrSyntax, "no game"},
		{"game blocs\n", game.ErrSyntax, "a record of \"blocs\""},
		{"game troll\ncolour red\n", game.ErrSyntax, "unknown header"},
		{"game troll\nblack A\nblack B\n", game.ErrSyntax, "twice"},
		{"game troll\noptions rules=2000\n", game.ErrOption, "options"},
		{"game troll\noptions rules=1987 start x\n", game.ErrOption, "options"},
		{"game troll\ndate yesterday\n", game.ErrSyntax, "date"},
		{"game troll\n1. a1\n", game.ErrIllegal, "line 2: ply 1 (a1)"},
		{"game troll\n1. d3 2. c3\n", game.ErrSyntax, "move number"},
		{"game troll\n2. d3\n", game.ErrSyntax, "move number"},
		{"game troll\n1. d3 zz\n", game.ErrSyntax, "ply 2 (zz)"},
		{"game troll\n1. d3\nresult black\n", game.ErrSyntax, "not over"},
		{"game troll\n1. d3\nresult grey\n", game.ErrSyntax, "result \"grey\""},
		{"game troll\n1. d3\nresult black resigned\n", game.ErrSyntax, "ending"},
		{"game troll\n1. d3\nresult black rules because\n", game.ErrSyntax, "no reason"},
		{"game troll\n1. d3\nresult black\n2. c3\n", game.ErrSyntax, "follow the result"},
		{"game troll\nstart rules=1987,first=black x B\n", game.ErrSyntax, "start"},
		{"game troll\nstart " + NewState(Rules{}).Encode() + "\noptions rules=1987\n", game.ErrSyntax, "not both"},
		{"game troll\n1. d3\ngame troll\n1. a1\n", game.ErrIllegal, "troll record 2"},
	})
	// A result by the rules that the moves contradict.
	s := board(t, Rules{}, []string{"..B.....", "..B.....", "..B.....", "........", "..B.....", "..B.....", "..B.....", "..B....."}, "B")
	text := "game troll\nstart " + s.Encode() + "\n1. c4\nresult white\n"
	if _, err := ReadRecords(strings.NewReader(text), game.Options{}); !errors.Is(err, game.ErrSyntax) || !strings.Contains(err.Error(), "Black wins") {
		t.Errorf("a wrong winner: %v", err)
	}
	text = "game troll\nstart " + s.Encode() + "\n1. c4\nresult white resignation\n"
	if _, err := ReadRecords(strings.NewReader(text), game.Options{}); !errors.Is(err, game.ErrSyntax) || !strings.Contains(err.Error(), "by the rules") {
		t.Errorf("a resignation after the end: %v", err)
	}
	// What cannot be written is refused, and nothing is written.
	gametest.RecordWriteErrors(t, Game{}, "text", []game.Record{
		{Start: NewState(Rules{}), Players: [2]string{"Ann\nBlack wins"}},
		{Start: NewState(Rules{}), Moves: []string{"d3 c3"}},
		{},
	})
}
