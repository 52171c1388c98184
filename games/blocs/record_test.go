package blocs

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
	r := Rules{SecondFlipsFirst: i%2 == 1, Opposite: i%4 >= 2}
	var start game.State = NewState(r)
	if i%5 == 4 { // a start of its own: a puzzle
		start = FlippingState(r, uint16(rng.IntN(1<<Squares)), game.Player(rng.IntN(2)))
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
	for _, c := range []struct {
		text string
		want error
		why  string
	}{
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
	} {
		_, err := ReadRecords(strings.NewReader(c.text), game.Options{})
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("ReadRecords(%q) = %v, want %v mentioning %q", c.text, err, c.want, c.why)
		}
	}
	for _, rec := range []game.Record{
		{Start: NewState(Rules{}), Players: [2]string{"Ann\nOne wins"}},
		{Start: NewState(Rules{}), Moves: []string{"Bb3 Wa1"}},
		{},
	} {
		var b bytes.Buffer
		if err := WriteRecord(&b, rec); err == nil || b.Len() != 0 {
			t.Errorf("WriteRecord(%+v) = %v, wrote %q", rec, err, b.String())
		}
	}
}
