package troll

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/game"
)

// randomRecord plays a random game (stopped early now and then, by a resignation) under
// random rules and returns its record.
func randomRecord(t *testing.T, rng *rand.Rand, i int) game.Record {
	t.Helper()
	r := Rules{Published1993: i%2 == 1, WhiteFirst: i%4 == 3}
	var start game.State = NewState(r)
	if i%5 == 4 { // a start of its own: a few random plies in
		s := NewState(r)
		for k := 0; k < 6 && s.ToAct() != game.Nobody; k++ {
			legal := s.Legal(s.Turn(), nil)
			_ = s.Apply(legal[rng.IntN(len(legal))])
		}
		start = s
	}
	rec := game.Record{Start: start.Clone()}
	s := start.Clone()
	stop := 200
	if i%3 == 2 {
		stop = rng.IntN(30)
	}
	for ply := 0; s.ToAct() != game.Nobody && ply < stop; ply++ {
		p := s.ToAct().Single()
		legal := s.Legal(p, nil)
		m := game.Single(p, legal[rng.IntN(len(legal))])
		rec.Moves = append(rec.Moves, game.FormatMove(s, m))
		if err := game.PlayMove(s, m); err != nil {
			t.Fatal(err)
		}
	}
	rec.Result = s.Outcome()
	if !rec.Result.Over && i%2 == 0 {
		loser := s.ToAct().Single()
		rec.Result = game.Outcome{Over: true, Winner: loser.Other(), Ending: game.EndResignation, Reason: sideNames[loser] + " resigned"}
	}
	if i%2 == 0 {
		rec.Players = [2]string{"Ann Smith", "Bob"}
		rec.Event = "Club night"
		rec.Date = time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)
	}
	if i%7 == 6 {
		rec.Date = time.Date(2026, 2, 1, 19, 30, 5, 0, time.FixedZone("", 3600))
	}
	return rec
}

func sameRecord(t *testing.T, got, want game.Record) {
	t.Helper()
	if got.Start.Encode() != want.Start.Encode() {
		t.Fatalf("start %q, want %q", got.Start.Encode(), want.Start.Encode())
	}
	if !slices.Equal(got.Moves, want.Moves) {
		t.Fatalf("moves %v, want %v", got.Moves, want.Moves)
	}
	if got.Result != want.Result {
		t.Fatalf("result %+v, want %+v", got.Result, want.Result)
	}
	if got.Players != want.Players || got.Event != want.Event || !got.Date.Equal(want.Date) {
		t.Fatalf("players %q, event %q, date %v; want %q, %q, %v", got.Players, got.Event, got.Date, want.Players, want.Event, want.Date)
	}
}

// TestRecordRoundTrip writes random games through the registry's interface, reads them back
// (one by one and all in one file) and checks start, moves, result and headers.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var all bytes.Buffer
	var recs []game.Record
	for i := range 60 {
		rec := randomRecord(t, rng, i)
		text, err := game.FormatRecord("", rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := game.ReadRecords(Game{}, "text", strings.NewReader(text), game.Options{})
		if err != nil {
			t.Fatalf("reading back\n%s: %v", text, err)
		}
		if len(back) != 1 {
			t.Fatalf("%d games read back", len(back))
		}
		sameRecord(t, back[0], rec)
		if _, err := back[0].Final(); err != nil {
			t.Fatal(err)
		}
		all.WriteString(text)
		recs = append(recs, rec)
	}
	back, err := ReadRecords(&all, game.Options{})
	if err != nil || len(back) != len(recs) {
		t.Fatalf("the whole file: %d games, %v", len(back), err)
	}
	for i := range recs {
		sameRecord(t, back[i], recs[i])
	}
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
	for _, c := range []struct {
		text string
		want error
		why  string
	}{
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
	} {
		_, err := ReadRecords(strings.NewReader(c.text), game.Options{})
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("ReadRecords(%q) = %v, want %v mentioning %q", c.text, err, c.want, c.why)
		}
	}
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
	for _, rec := range []game.Record{
		{Start: NewState(Rules{}), Players: [2]string{"Ann\nBlack wins"}},
		{Start: NewState(Rules{}), Moves: []string{"d3 c3"}},
		{},
	} {
		var b bytes.Buffer
		if err := WriteRecord(&b, rec); err == nil || b.Len() != 0 {
			t.Errorf("WriteRecord(%+v) = %v, wrote %q", rec, err, b.String())
		}
	}
}
