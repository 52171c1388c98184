package turncoat

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/game"
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
			r.Seed = 1 // a record with a setup does not name the seed: it reads back as the default
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
