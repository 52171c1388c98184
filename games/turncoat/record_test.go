package turncoat

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
)

func TestRecordSpecExample(t *testing.T) {
	text := "size 8\nmode white-and-black\ncap 100\nseed 1\n1. c3 f6\n"
	rec, err := ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Rounds) != 1 || rec.Rounds[0] != (game.Joint{18, 45}) {
		t.Fatalf("rounds = %v, want [c3 f6] = [18 45]", rec.Rounds)
	}
	if got := rec.String(); got != text {
		t.Errorf("String() = %q, want %q", got, text)
	}
}

// TestRecordRoundTrip plays random games under random rules and checks that each record writes
// and reads back to the same record and the same final state.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 200 {
		r := Rules{Size: MinSize + i%6, Mode: Mode(i % 2), Cap: 1 + rng.IntN(40), Seed: rng.Uint64() >> 1}
		if i%3 == 0 {
			a, b := RandomSetup(r.Size, rng.Uint64()), RandomSetup(r.Size, rng.Uint64())
			b.Pieces = a.Pieces
			b.Black &= b.Pieces
			r.Setup = a.Text(r.Size) + ":" + b.Text(r.Size)
			r.Seed = RandomSeed // a record with a setup does not name the seed: it reads back as the default
			if a.Done() || b.Done() {
				continue
			}
		}
		s, err := NewState(r)
		if err != nil {
			t.Fatal(err)
		}
		rec := Record{Rules: r}
		for s.ToAct() != game.Nobody && rng.IntN(50) != 0 {
			var j game.Joint
			for p := game.First; p <= game.Second; p++ {
				legal := s.Legal(p, nil)
				j[p] = legal[rng.IntN(len(legal))]
			}
			if err := s.ApplyJoint(j); err != nil {
				t.Fatal(err)
			}
			rec.Rounds = append(rec.Rounds, j)
		}
		text := rec.String()
		back, err := ParseRecord(text)
		if err != nil {
			t.Fatalf("ParseRecord(%q): %v", text, err)
		}
		if back.String() != text {
			t.Fatalf("record round trip: %q became %q", text, back.String())
		}
		end, err := back.Replay()
		if err != nil || end.Encode() != s.Encode() {
			t.Fatalf("replay of %q: %v, %v; want %q", text, end, err, s.Encode())
		}
		if over := s.ToAct() == game.Nobody; over != strings.Contains(text, "result ") {
			t.Fatalf("record %q: game over %v but the result line is there %v", text, over, !over)
		}
	}
}

func TestRecordErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		want error
		why  string
	}{
		{"size 3\nsetup WWW/WBW/WWW\n1. a1\n", game.ErrSyntax, "Yellow's"},
		{"size 3\nsetup WWW/WBW/WWW\n2. a1 a1\n", game.ErrSyntax, "round number"},
		{"size 3\nsetup WWW/WBW/WWW\n1. a1 d4\n", game.ErrSyntax, "not on the 3x3"},
		{"size 3\nsetup WW./WBW/WWW\n1. c1 a1\n", game.ErrIllegal, "round 1"},
		{"size 3\nmode white-only\nsetup WWW/WBW/WWW\n1. b2 a1\n", game.ErrIllegal, "round 1"},
		{"size 3\nsetup WWW/WBW/WWW\n1. a1 a1\nresult red\n", game.ErrIllegal, "not over"},
		{"size 3\nsetup WWB/BBB/BBB:WWW/WWW/WWW\n1. a1 a1\nresult yellow\n", game.ErrIllegal, "ends red"},
		{"size 3\nsetup WWB/BBB/BBB\n1. a1 a1\nresult maybe\n", game.ErrSyntax, "result"},
		{"size 3\nsetup WWB/BBB/BBB\nresult red extra\n", game.ErrSyntax, "result"},
		{"size 3\nsetup WWB/BBB/BBB\n1. a1 a1\n2. a1 a1\n", game.ErrGameOver, "round 2"},
		{"colour red\n", game.ErrSyntax, "unknown header"},
		{"size 3\nsize 4\n", game.ErrSyntax, "twice"},
		{"size\n", game.ErrSyntax, "size <value>"},
		{"size 12\n", game.ErrOption, "size"},
		{"size 4\nsetup WWW/WBW/WWW\n", game.ErrOption, "size=4"},
		{"mode all\n", game.ErrOption, "mode"},
	} {
		_, err := ParseRecord(c.text)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("ParseRecord(%q) = %v, want %v mentioning %q", c.text, err, c.want, c.why)
		}
	}
	// Comments, blank lines and several rounds on a line are fine.
	rec, err := ParseRecord("# a game\n\nsize 3\nsetup WWW/WBW/WWW\n\n1. a1 c3 2. b2 b2\n# end\n")
	if err != nil || len(rec.Rounds) != 2 {
		t.Errorf("lenient record: %v, %v", rec, err)
	}
}

// TestGameRecordRoundTrip writes random games through the registry's interface (some stopped
// early, by a resignation, an agreed draw or time, some from explicit setups or a start given
// as boards, some with players, event and date) and reads them back, one by one and all from
// one file.
func TestGameRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	recs := gametest.RandomRecords(t, rng, 80, 6, func(i int) game.State {
		r := Rules{Size: MinSize + i%6, Mode: Mode(i % 2), Cap: 1 + rng.IntN(30)}
		if i%4 == 3 {
			r.Setup = RandomSetup(r.Size, rng.Uint64()).Text(r.Size)
		}
		start, err := NewState(r)
		if err != nil {
			t.Fatal(err)
		}
		if i%5 != 4 {
			return start
		}
		// a start given as boards, as a puzzle is
		st, err := (Game{}).ParsePosition(start.Options(), start.Boards()[0].Text(r.Size))
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
	gametest.RecordRoundTrips(t, Game{}, "text", recs)
}

func TestGameRecordErrors(t *testing.T) {
	gametest.RecordReadErrors(t, Game{}, "text", []gametest.BadRecord{
		{"size 3\n1. a1 a1\n", game.ErrSyntax, "neither a seed"},
		{"size 3\nseed 0\n1. a1 a1\n", game.ErrSyntax, "neither a seed"},
		{"", game.ErrSyntax, "no game"},
		{"size 3\nseed 5\nred Ann\nred Bob\n", game.ErrSyntax, "record 2 (from line 4): syntax error: the record names neither"}, // a repeated header begins a game
		{"size 3\nseed 5\ndate someday\n", game.ErrSyntax, "date"},
		{"size 3\nsetup WWW/WBW/WWW\n1. a1 a1\nresult yellow resigned\n", game.ErrSyntax, "ending"},
		{"size 3\nsetup WWW/WBW/WWW\n1. a1 a1\nresult yellow claim\n", game.ErrSyntax, "ending"},
		{"size 3\nsetup WWB/BBB/BBB\n1. a1 a1\nresult yellow resignation\n", game.ErrIllegal, "by the rules"},
		{"size 3\nsetup WWW/WBW/WWW\nresult\n", game.ErrSyntax, "result"},
		{"size 3\nsetup WWW/WBW/WWW\n1. a1 a1\nsize 3\nseed 0\n", game.ErrSyntax, "record 2 (from line 4)"},
	})
	// The caller's options give what a record leaves out, its seed included.
	o, _ := game.ParseOptionString(optionSpecs, "size=4,seed=77")
	recs, err := ReadRecords(strings.NewReader("1. a1 a1\n"), o)
	if err != nil || recs[0].Start.(*State).Rules().Seed != 77 || recs[0].Start.(*State).Rules().Size != 4 {
		t.Errorf("options from the caller: %v", err)
	}
	// What cannot be written is refused, and nothing is written.
	s, _ := NewState(Rules{Size: 3, Cap: 100, Setup: "WWW/WBW/WWW"})
	mid := s.Clone()
	_ = mid.ApplyJoint(game.Joint{0, 0})
	over, _ := NewState(Rules{Size: 3, Cap: 100, Setup: "WWB/BBB/BBB"})
	gametest.RecordWriteErrors(t, Game{}, "text", []game.Record{
		{Start: mid},
		{Start: s, Moves: []string{"a1"}},
		{Start: s, Moves: []string{"a1 d4"}},
		{Start: s, Players: [2]string{"Ann\nresult red"}},
		{Start: s, Result: game.Win(game.First, "")},
		{Start: over, Moves: []string{"a1 a1"}, Result: game.Outcome{Over: true, Winner: game.Second, Ending: game.EndResignation}},
		{Start: over, Moves: []string{"a1 a1"}, Result: game.Win(game.Second, "")},
		{Start: s, Result: game.Claimed("repetition")},
	})
}

// TestRecordsWithoutRounds checks a file of games that have no rounds: each header block that
// repeats a header begins a new game.
func TestRecordsWithoutRounds(t *testing.T) {
	var b strings.Builder
	for _, seed := range []uint64{4, 5, 6} {
		s, _ := NewState(Rules{Size: 3 + int(seed%2), Cap: 10, Seed: seed})
		if err := WriteRecord(&b, game.Record{Start: s}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := ReadRecords(strings.NewReader(b.String()), game.Options{})
	if err != nil || len(recs) != 3 {
		t.Fatalf("%q: %d games, %v", b.String(), len(recs), err)
	}
	for i, rec := range recs {
		if got := rec.Start.(*State).Rules().Seed; got != uint64(4+i) || len(rec.Moves) != 0 {
			t.Errorf("game %d: seed %d, %d moves", i+1, got, len(rec.Moves))
		}
	}
}
