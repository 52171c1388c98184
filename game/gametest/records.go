package gametest

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/game"
)

// The helpers below are the record tests every game with record formats shares: random records
// to write, the round trip through a format, and the fuzz body for a format's reader. A game's
// own examples, error texts and edge cases stay in its package.

// SameRecord fails t unless got holds the same game as want: the same start, moves and result,
// and the same players, event and date.
func SameRecord(t testing.TB, got, want game.Record) {
	t.Helper()
	if d := RecordDiff(got, want); d != "" {
		t.Fatal(d)
	}
}

// RecordDiff says how got differs from want, naming the first field of those SameRecord
// compares that differs, or returns "" when none does.
func RecordDiff(got, want game.Record) string {
	switch {
	case (got.Start == nil) != (want.Start == nil):
		return fmt.Sprintf("start %v, want %v", got.Start, want.Start)
	case got.Start != nil && got.Start.Encode() != want.Start.Encode():
		return fmt.Sprintf("start %q, want %q", got.Start.Encode(), want.Start.Encode())
	case !slices.Equal(got.Moves, want.Moves):
		return fmt.Sprintf("moves %q, want %q", got.Moves, want.Moves)
	case got.Result != want.Result:
		return fmt.Sprintf("result %+v, want %+v", got.Result, want.Result)
	case got.Players != want.Players || got.Event != want.Event || !got.Date.Equal(want.Date):
		return fmt.Sprintf("players %q, event %q, date %v; want %q, %q, %v", got.Players, got.Event, got.Date, want.Players, want.Event, want.Date)
	}
	return ""
}

// RecordOptions say how RandomRecord ends its game and what else the record holds.
type RecordOptions struct {
	// StopEarly stops the game after StopAfter moves (rounds, where both sides move at once)
	// if it has not ended by then; StopAfter 0 gives a record without moves.
	StopEarly bool
	StopAfter int
	// Ending is the result of a game stopped before its end: EndResignation (the side to move
	// resigns; First where both move at once), EndAgreement (a draw) or EndTime (the side to
	// move loses on time). EndNone leaves the record without a result.
	Ending game.Ending
	// Players, Event and Date are the record's headers.
	Players [2]string
	Event   string
	Date    time.Time
}

// Headers a record format must keep as they are: spaces inside a name, letters beyond ASCII,
// quotes, brackets and backslashes, which formats that quote or bracket their fields must
// escape.
var (
	SamplePlayers = [2]string{`Ann  "the Rook" Smith`, `Noël W]hite \ 2`}
	SampleEvent   = "Club night [cup]"
	SampleDate    = time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)
	// SampleTime is a date with a time of day in a zone of its own.
	SampleTime = time.Date(2026, 2, 1, 19, 30, 5, 0, time.FixedZone("", 3600))
)

// VariedRecordOptions returns the options of the i-th of a varied set of records: every third
// stops early, after up to early moves; of those that do not end by the rules, every fourth
// (from the first) ends by a resignation, every eighth (from the third) by an agreed draw and
// every eighth (from the seventh) on time; every second has the sample players, event and
// date, and every seventh the sample time of day.
func VariedRecordOptions(i int, rng *rand.Rand, early int) RecordOptions {
	var o RecordOptions
	if i%3 == 2 {
		o.StopEarly, o.StopAfter = true, rng.IntN(early)
	}
	switch i % 8 {
	case 0, 4:
		o.Ending = game.EndResignation
	case 2:
		o.Ending = game.EndAgreement
	case 6:
		o.Ending = game.EndTime
	}
	if i%2 == 0 {
		o.Players, o.Event, o.Date = SamplePlayers, SampleEvent, SampleDate
	}
	if i%7 == 6 {
		o.Date = SampleTime
	}
	return o
}

// maxRandomPlies bounds a random game that is to play to its end: a game still going after so
// many moves is taken for one that never ends.
const maxRandomPlies = 5000

// RandomRecord plays uniformly random legal moves from start (which it leaves as it is) and
// returns the game's record, ended and headed as o says.
func RandomRecord(t testing.TB, rng *rand.Rand, start game.State, o RecordOptions) game.Record {
	t.Helper()
	rec := game.Record{Start: start.Clone(), Players: o.Players, Event: o.Event, Date: o.Date}
	s := start.Clone()
	for ply := 0; s.ToAct() != game.Nobody; ply++ {
		if o.StopEarly && ply >= o.StopAfter {
			break
		}
		if ply >= maxRandomPlies {
			t.Fatalf("a random game from %q has not ended after %d moves", start.Encode(), ply)
		}
		m := randomMove(s, rng)
		rec.Moves = append(rec.Moves, game.FormatMove(s, m))
		if err := game.PlayMove(s, m); err != nil {
			t.Fatalf("from %q, move %q: %v", start.Encode(), rec.Moves[len(rec.Moves)-1], err)
		}
	}
	rec.Result = s.Outcome()
	if rec.Result.Over || o.Ending == game.EndNone {
		return rec
	}
	loser := game.First
	if acts := s.ToAct(); !acts.Simultaneous() {
		loser = acts.Single()
	}
	sides := s.Game().SideNames(s.Options())
	switch o.Ending {
	case game.EndResignation:
		rec.Result = game.Outcome{Over: true, Winner: loser.Other(), Ending: game.EndResignation, Reason: sides[loser] + " resigned"}
	case game.EndTime:
		rec.Result = game.Outcome{Over: true, Winner: loser.Other(), Ending: game.EndTime, Reason: sides[loser] + " ran out of time"}
	case game.EndAgreement:
		rec.Result = game.Outcome{Over: true, Winner: game.NoPlayer, Ending: game.EndAgreement}
	default:
		t.Fatalf("RandomRecord: no record ends by %s", o.Ending)
	}
	return rec
}

// RandomRecords returns n random records, the i-th played from start(i) with the options
// VariedRecordOptions(i, rng, early) gives.
func RandomRecords(t testing.TB, rng *rand.Rand, n, early int, start func(i int) game.State) []game.Record {
	t.Helper()
	recs := make([]game.Record, 0, n)
	for i := range n {
		s := start(i)
		recs = append(recs, RandomRecord(t, rng, s, VariedRecordOptions(i, rng, early)))
	}
	return recs
}

// randomMove returns a uniformly random legal move of s, a state in play: one side's action,
// or an action of each side where both move at once.
func randomMove(s game.State, rng *rand.Rand) game.Move {
	var buf [512]game.Action
	acts := s.ToAct()
	if !acts.Simultaneous() {
		p := acts.Single()
		legal := s.Legal(p, buf[:0])
		return game.Single(p, legal[rng.IntN(len(legal))])
	}
	var j game.Joint
	for p := game.First; p <= game.Second; p++ {
		legal := s.Legal(p, buf[:0])
		j[p] = legal[rng.IntN(len(legal))]
	}
	return game.Simultaneous(j)
}

// recordFormat returns g's record format of the given name, which must read and write.
func recordFormat(t testing.TB, g game.Game, format string) game.RecordFormat {
	t.Helper()
	f, err := game.LookupRecordFormat(g, format)
	if err != nil {
		t.Fatal(err)
	}
	if f.Read == nil || f.Write == nil {
		t.Fatalf("%s: the %s format does not both read and write", g.Name(), f.Name)
	}
	return f
}

// RecordRoundTrips writes each of recs in g's format, reads it back alone and then all of them
// from one file (with no options from the caller: a record must carry its own), and checks that
// every game reads back as it was (SameRecord), replays, and writes again to the same text.
func RecordRoundTrips(t testing.TB, g game.Game, format string, recs []game.Record) {
	t.Helper()
	f := recordFormat(t, g, format)
	var all bytes.Buffer
	for i, rec := range recs {
		var b bytes.Buffer
		if err := f.Write(&b, rec); err != nil {
			t.Fatalf("%s: writing record %d (%q from %q): %v", f.Name, i+1, rec.Moves, rec.Start.Encode(), err)
		}
		text := b.String()
		back, err := f.Read(strings.NewReader(text), game.Options{})
		if err != nil || len(back) != 1 {
			t.Fatalf("%s: record %d reads back as %d games (%v):\n%s", f.Name, i+1, len(back), err, text)
		}
		if d := RecordDiff(back[0], rec); d != "" {
			t.Fatalf("%s: record %d reads back with %s:\n%s", f.Name, i+1, d, text)
		}
		if _, err := back[0].Final(); err != nil {
			t.Fatalf("%s: record %d reads back but does not replay: %v\n%s", f.Name, i+1, err, text)
		}
		var again bytes.Buffer
		if err := f.Write(&again, back[0]); err != nil || again.String() != text {
			t.Fatalf("%s: record %d, read back, writes again as (%v)\n%s\nnot as first\n%s", f.Name, i+1, err, again.String(), text)
		}
		all.WriteString(text)
	}
	back, err := f.Read(bytes.NewReader(all.Bytes()), game.Options{})
	if err != nil || len(back) != len(recs) {
		t.Fatalf("%s: a file of %d records reads as %d games: %v", f.Name, len(recs), len(back), err)
	}
	for i := range recs {
		if d := RecordDiff(back[i], recs[i]); d != "" {
			t.Fatalf("%s: in a file of %d, record %d reads back with %s", f.Name, len(recs), i+1, d)
		}
	}
}

// FuzzRecordText is the body of a fuzz target for g's record reader in format: text, from
// outside, must not make it panic, and the games it reads (those read before an error
// included) must write back to a file that reads as the same games (SameRecord).
func FuzzRecordText(t *testing.T, g game.Game, format, text string) {
	t.Helper()
	f := recordFormat(t, g, format)
	recs, _ := f.Read(strings.NewReader(text), game.Options{})
	if len(recs) == 0 {
		return
	}
	var b strings.Builder
	for i, rec := range recs {
		if err := f.Write(&b, rec); err != nil {
			t.Fatalf("%q: game %d reads, but does not write: %v", text, i+1, err)
		}
	}
	back, err := f.Read(strings.NewReader(b.String()), game.Options{})
	if err != nil || len(back) != len(recs) {
		t.Fatalf("%q reads as %d games, but its rewrite %q reads as %d: %v", text, len(recs), b.String(), len(back), err)
	}
	for i := range recs {
		if d := RecordDiff(back[i], recs[i]); d != "" {
			t.Fatalf("%q: game %d, rewritten as %q, reads back with %s", text, i+1, b.String(), d)
		}
	}
}

// A BadRecord is a text a record reader must refuse: the error the refusal must wrap
// (errors.Is) and a part of its message that says why. It is an alias of a struct literal type
// so that tables of them may leave the field names out.
type BadRecord = struct {
	Text string
	Err  error
	Why  string
}

// RecordReadErrors checks that g's reader in format, given no options, refuses each text of bad
// with its error and a message that says why.
func RecordReadErrors(t testing.TB, g game.Game, format string, bad []BadRecord) {
	t.Helper()
	f, err := game.LookupRecordFormat(g, format)
	if err != nil || f.Read == nil {
		t.Fatalf("%s: no %q format to read: %v", g.Name(), format, err)
	}
	for _, c := range bad {
		_, err := f.Read(strings.NewReader(c.Text), game.Options{})
		if !errors.Is(err, c.Err) || !strings.Contains(err.Error(), c.Why) {
			t.Errorf("%s: reading %q gives %v, want %v mentioning %q", f.Name, c.Text, err, c.Err, c.Why)
		}
	}
}

// RecordWriteErrors checks that g's writer in format refuses each of recs with an error and
// writes nothing of it.
func RecordWriteErrors(t testing.TB, g game.Game, format string, recs []game.Record) {
	t.Helper()
	f, err := game.LookupRecordFormat(g, format)
	if err != nil || f.Write == nil {
		t.Fatalf("%s: no %q format to write: %v", g.Name(), format, err)
	}
	for _, rec := range recs {
		var b strings.Builder
		if err := f.Write(&b, rec); err == nil || b.Len() != 0 {
			t.Errorf("%s: writing %+v gives %v and %q, want an error and nothing written", f.Name, rec, err, b.String())
		}
	}
}
