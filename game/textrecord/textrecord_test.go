package textrecord_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/game/textrecord"
)

var g = takeawayGame{}

func read(t *testing.T, text string) []game.Record {
	t.Helper()
	recs, err := textrecord.Read(strings.NewReader(text), g, game.Options{})
	if err != nil {
		t.Fatalf("reading %q: %v", text, err)
	}
	return recs
}

// sameRecord compares everything a record holds; dates as instants with their offsets.
func sameRecord(t *testing.T, got, want game.Record) {
	t.Helper()
	type fields struct {
		start, moves, event, date string
		players                   [2]string
		result                    game.Outcome
	}
	of := func(r game.Record) fields {
		return fields{r.Start.Encode(), strings.Join(r.Moves, " "), r.Event, r.Date.Format(time.RFC3339Nano), r.Players, r.Result}
	}
	if gf, wf := of(got), of(want); gf != wf {
		t.Fatalf("read back %+v\nwant %+v", gf, wf)
	}
}

// TestWriteExample checks the text written for a finished game with every header, and for a
// game from a start of its own with an odd number of moves and no result, to the byte; and
// that both read back.
func TestWriteExample(t *testing.T) {
	s := newTakeaway("pile=5")
	rec := game.Record{
		Start:   s.Clone(),
		Moves:   []string{"t2", "t1", "t2"},
		Players: [2]string{" Ann Smith ", "Bob"},
		Event:   "Club night",
		Date:    time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC),
	}
	final, err := rec.Final()
	if err != nil {
		t.Fatal(err)
	}
	rec.Result = final.Outcome()
	var b bytes.Buffer
	if err := textrecord.Write(&b, g, rec); err != nil {
		t.Fatal(err)
	}
	want := "game takeaway\noptions pile=5\nnorth Ann Smith\nsouth Bob\nevent Club night\ndate 2026-01-31\n1. t2 t1\n2. t2\nresult north\n"
	if b.String() != want {
		t.Fatalf("written %q, want %q", b.String(), want)
	}
	back := read(t, want)
	rec.Players[0] = "Ann Smith" // the writer trims the names
	sameRecord(t, back[0], rec)

	start, err := g.Decode("pile=7 4 2")
	if err != nil {
		t.Fatal(err)
	}
	rec = game.Record{Start: start, Moves: []string{"t1"}, Result: game.InPlay,
		Date: time.Date(2026, 2, 1, 19, 30, 5, 0, time.FixedZone("", 3600))}
	b.Reset()
	if err := textrecord.Write(&b, g, rec); err != nil {
		t.Fatal(err)
	}
	want = "game takeaway\nstart pile=7 4 2\ndate 2026-02-01T19:30:05+01:00\n1. t1\n"
	if b.String() != want {
		t.Fatalf("written %q, want %q", b.String(), want)
	}
	sameRecord(t, read(t, want)[0], rec)
}

// TestEndingsOffTheBoard checks the result line of games ended outside the rules: the ending
// and its reason are written and read back; a draw is "draw".
func TestEndingsOffTheBoard(t *testing.T) {
	for _, c := range []struct {
		res  game.Outcome
		line string
	}{
		{game.Outcome{Over: true, Winner: game.Second, Ending: game.EndResignation, Reason: "North resigned"}, "result south resignation North resigned"},
		{game.Outcome{Over: true, Winner: game.NoPlayer, Ending: game.EndAgreement}, "result draw agreement"},
		{game.Outcome{Over: true, Winner: game.First, Ending: game.EndTime, Reason: "flag fell"}, "result north time flag fell"},
		{game.Claimed("by request"), "result draw claim by request"},
	} {
		rec := game.Record{Start: newTakeaway(""), Moves: []string{"t1"}, Result: c.res}
		text, err := game.FormatRecord("text", rec)
		if err != nil {
			t.Fatal(err)
		}
		if want := "game takeaway\noptions pile=7\n1. t1\n" + c.line + "\n"; text != want {
			t.Fatalf("%+v: written %q, want %q", c.res, text, want)
		}
		back, err := game.ReadRecords(g, "", strings.NewReader(text), game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sameRecord(t, back[0], rec)
	}
}

// TestReadLeniency checks what the reader accepts besides the writer's own text: comments,
// blank lines, headers and move words in any case, move numbers joined to their moves or on
// their own, a file without its "game" line, the caller's options for a record without any, and
// several games to a file.
func TestReadLeniency(t *testing.T) {
	text := "# a comment\n\n  NORTH Ann  \nEvent  Final\n1.T1 t2\n 2. \n T2\n"
	recs := read(t, text)
	if len(recs) != 1 {
		t.Fatalf("%d games", len(recs))
	}
	rec := recs[0]
	if !slices.Equal(rec.Moves, []string{"t1", "t2", "t2"}) || rec.Players != [2]string{"Ann", ""} || rec.Event != "Final" || rec.Result.Over {
		t.Fatalf("read %+v", rec)
	}
	if rec.Start.Options().Get("pile") != "7" {
		t.Fatalf("options %s, want the defaults", rec.Start.Options())
	}
	o, _ := game.ParseOptionString(takeawaySpecs, "pile=3")
	recs, err := textrecord.Read(strings.NewReader("1. t2 t1\nresult south\n"), g, o)
	if err != nil || recs[0].Start.Options().Get("pile") != "3" || recs[0].Result != game.Win(game.Second, "took the last counter") {
		t.Fatalf("the caller's options: %+v, %v", recs, err)
	}
	recs = read(t, "game takeaway\n1. t1\ngame TAKEAWAY\noptions pile=2\n1. t2\nresult north\ngame takeaway\n")
	if len(recs) != 3 || len(recs[0].Moves) != 1 || !recs[1].Result.Over || len(recs[2].Moves) != 0 {
		t.Fatalf("three games: %+v", recs)
	}
}

// randomRecord plays a random game, sometimes from a start of its own, sometimes stopped early
// by an ending off the board, with headers now and then.
func randomRecord(t *testing.T, rng *rand.Rand, i int) game.Record {
	t.Helper()
	start := newTakeaway("pile=" + []string{"7", "12", "30", "1"}[i%4])
	if i%5 == 4 {
		var err error
		if start, err = g.Decode("pile=9 " + []string{"6", "3", "1"}[i%3] + " " + []string{"1", "2"}[i%2]); err != nil {
			t.Fatal(err)
		}
	}
	rec := game.Record{Start: start, Result: game.InPlay}
	s := start.Clone().(*takeaway)
	stop := 100
	if i%3 == 2 {
		stop = rng.IntN(5)
	}
	for s.left > 0 && len(rec.Moves) < stop {
		take := min(1+rng.IntN(2), s.left)
		if err := s.Apply(game.Action(take)); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, "t"+strconv.Itoa(take))
	}
	if i%6 != 5 {
		rec.Result = s.Outcome()
	}
	if !rec.Result.Over && i%2 == 0 {
		rec.Result = game.Outcome{Over: true, Winner: game.First, Ending: game.EndAdjudication, Reason: "the arbiter said so"}
	}
	if i%2 == 0 {
		rec.Players = [2]string{"Ann Smith", "Bob"}
		rec.Event = "Club night"
		rec.Date = time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)
	}
	switch i % 7 {
	case 6:
		rec.Date = time.Date(2026, 2, 1, 19, 30, 5, 250, time.FixedZone("", -3600))
	case 3: // midnight, but not in UTC: the date alone would lose the zone
		rec.Date = time.Date(2026, 3, 1, 0, 0, 0, 0, time.FixedZone("", 7200))
	}
	return rec
}

// TestRoundTrip writes random games through the registry's interface, reads them back one by
// one and all in one file, and compares everything.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	var all bytes.Buffer
	var recs []game.Record
	for i := range 80 {
		rec := randomRecord(t, rng, i)
		text, err := game.FormatRecord("", rec)
		if err != nil {
			t.Fatal(err)
		}
		back := read(t, text)
		if len(back) != 1 {
			t.Fatalf("%d games read back from\n%s", len(back), text)
		}
		sameRecord(t, back[0], rec)
		all.WriteString(text)
		recs = append(recs, rec)
	}
	back := read(t, all.String())
	if len(back) != len(recs) {
		t.Fatalf("the whole file: %d games, want %d", len(back), len(recs))
	}
	for i := range recs {
		sameRecord(t, back[i], recs[i])
	}
}

// TestReadErrors checks that bad records are refused with an error of the right kind (any
// error where want is nil) that names the line, the ply or the record.
func TestReadErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		want error
		why  string
	}{
		{"", game.ErrSyntax, "takeaway record: no game in the file"},
		{"# only a comment\n\n", game.ErrSyntax, "no game in the file"},
		{"game blocs\n", game.ErrSyntax, `line 1: a record of "blocs", want takeaway`},
		{"game takeaway\ncolour red\n", game.ErrSyntax, `line 2: unknown header "colour" (want options, start, north, south, event, date, or the moves)`},
		{"game takeaway\nnorth A\nnorth B\n", game.ErrSyntax, "line 3: north given twice"},
		{"game takeaway\noptions pile=99\n", game.ErrOption, "options: "},
		{"game takeaway\nstart pile=7 x 1\n", game.ErrSyntax, "start: "},
		{"game takeaway\nstart pile=7 4 1\noptions pile=7\n", game.ErrSyntax, "its options or its start, not both"},
		{"game takeaway\ndate 31/01/2026\n", game.ErrSyntax, `line 2: date "31/01/2026"`},
		{"game takeaway\n1. t1 t3\n", game.ErrSyntax, "line 2: ply 2 (t3)"},
		{"game takeaway\noptions pile=2\n1. t1 t2\n", game.ErrIllegal, "line 3: ply 2 (t2)"},
		{"game takeaway\n1. t1 2. t1\n", game.ErrSyntax, `move number "2." where ply 2 comes`},
		{"game takeaway\n2. t1\n", game.ErrSyntax, "want 1."},
		{"game takeaway\n1. t1\nresult north\n", game.ErrSyntax, "line 3: the record says north but the game is not over"},
		{"game takeaway\n1. t1\nresult east\n", game.ErrSyntax, `result "east": want north, south or draw`},
		{"game takeaway\noptions pile=1\n1. t1\nresult south\n", game.ErrSyntax, "the record says south but the moves end North wins (took the last counter)"},
		{"game takeaway\noptions pile=1\n1. t1\nresult north rules because\n", game.ErrSyntax, "takes no reason"},
		{"game takeaway\noptions pile=1\n1. t1\nresult south resignation\n", game.ErrSyntax, "ended by resignation, but its moves end it by the rules"},
		{"game takeaway\nresult north forfeit\n", game.ErrSyntax, `the result's ending "forfeit"`},
		{"game takeaway\nresult north none\n", game.ErrSyntax, `the result's ending "none"`},
		{"game takeaway\nresult draw agreement\nevent late\n", game.ErrSyntax, "line 3: nothing may follow the result"},
		{"game takeaway\n1. t1\ngame takeaway\n1. t9\n", game.ErrSyntax, "takeaway record 2: line 4: ply 1 (t9)"},
		{"game takeaway\n" + strings.Repeat("x", 2<<20) + "\n", nil, "takeaway record: line 2"}, // longer than a line may be
	} {
		_, err := textrecord.Read(strings.NewReader(c.text), g, game.Options{})
		if err == nil || (c.want != nil && !errors.Is(err, c.want)) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("Read(%.60q) = %v, want %v mentioning %q", c.text, err, c.want, c.why)
		}
	}
}

// TestWriteErrors checks that what cannot be written is refused, and nothing written.
func TestWriteErrors(t *testing.T) {
	for _, c := range []struct {
		rec game.Record
		why string
	}{
		{game.Record{}, "no start position"},
		{game.Record{Start: &otherState{newTakeaway("").(*takeaway)}}, "the start is a position of other"},
		{game.Record{Start: newTakeaway(""), Players: [2]string{"", "Bob\nresult north"}}, `the south "Bob\nresult north" holds a line break`},
		{game.Record{Start: newTakeaway(""), Event: "a\rb"}, "the event"},
		{game.Record{Start: newTakeaway(""), Moves: []string{"t1", "t1 t1"}}, `move 2 "t1 t1" is not one word`},
		{game.Record{Start: newTakeaway(""), Moves: []string{""}}, `move 1 "" is not one word`},
		{game.Record{Start: newTakeaway(""), Result: game.Outcome{Over: true, Winner: game.First, Ending: game.EndTime, Reason: "flag\nfell"}}, "the result's reason"},
	} {
		var b bytes.Buffer
		err := textrecord.Write(&b, g, c.rec)
		if err == nil || !strings.Contains(err.Error(), c.why) || !strings.HasPrefix(err.Error(), "takeaway record: ") || b.Len() != 0 {
			t.Errorf("Write(%+v) = %v, wrote %q; want an error mentioning %q and nothing written", c.rec, err, b.String(), c.why)
		}
	}
}

// otherGame and otherState are take-away under another name: a record of it is not one of
// take-away.
type otherGame struct{ takeawayGame }

func (otherGame) Name() string { return "other" }

type otherState struct{ *takeaway }

func (otherState) Game() game.Game { return otherGame{} }

// TestFormat checks the format's description and that it reads and writes through the
// registry's interface.
func TestFormat(t *testing.T) {
	f, err := game.LookupRecordFormat(g, "")
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "text" || f.Ext != "txt" || f.Doc != "take-away record" || !strings.HasPrefix(f.MediaType, "text/plain") || f.Read == nil || f.Write == nil {
		t.Fatalf("format %+v", f)
	}
	var b bytes.Buffer
	if err := f.Write(&b, game.Record{Start: newTakeaway(""), Moves: []string{"t2"}}); err != nil || b.String() != "game takeaway\noptions pile=7\n1. t2\n" {
		t.Fatalf("written %q, %v", b.String(), err)
	}
	recs, err := f.Read(&b, game.Options{})
	if err != nil || len(recs) != 1 || !slices.Equal(recs[0].Moves, []string{"t2"}) {
		t.Fatalf("read %+v, %v", recs, err)
	}
}

// FuzzRead feeds outside text to the reader: no panic, and what reads writes back to text that
// reads to the same games.
func FuzzRead(f *testing.F) {
	f.Add("game takeaway\noptions pile=5\nnorth Ann\nsouth Bob\ndate 2026-01-31\n1. t2 t1\n2. t2\nresult north\n")
	f.Add("game takeaway\nstart pile=7 4 2\n1. t1\nresult draw agreement\ngame takeaway\n1.t1\n")
	f.Add("1. t1\ngame takeaway\nresult south resignation North resigned\n")
	f.Fuzz(func(t *testing.T, text string) {
		recs, err := textrecord.Read(strings.NewReader(text), g, game.Options{})
		if err != nil {
			return
		}
		var b strings.Builder
		for _, rec := range recs {
			if err := textrecord.Write(&b, g, rec); err != nil {
				t.Fatalf("%q read, but a game does not write: %v", text, err)
			}
		}
		back, err := textrecord.Read(strings.NewReader(b.String()), g, game.Options{})
		if err != nil || len(back) != len(recs) {
			t.Fatalf("%q read, but its rewrite %q does not: %v", text, b.String(), err)
		}
		for i := range recs {
			if back[i].Start.Encode() != recs[i].Start.Encode() || !slices.Equal(back[i].Moves, recs[i].Moves) ||
				back[i].Result != recs[i].Result || back[i].Players != recs[i].Players || back[i].Event != recs[i].Event || !back[i].Date.Equal(recs[i].Date) {
				t.Fatalf("%q: game %d changed on rewriting:\n%s", text, i+1, b.String())
			}
		}
	})
}

// TestCarriageReturnInsideALine: a record that reads must write back, and the writer refuses a
// line break inside a header; so the reader refuses a carriage return inside a line (a CRLF
// line end is fine).
func TestCarriageReturnInsideALine(t *testing.T) {
	if _, err := textrecord.Read(strings.NewReader("game takeaway\r\nsouth 0\r0\r\n"), g, game.Options{}); err == nil || !strings.Contains(err.Error(), "line 2: a carriage return") {
		t.Errorf("a carriage return inside a line: %v", err)
	}
}
