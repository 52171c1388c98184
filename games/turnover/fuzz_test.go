package turnover

import (
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
)

// FuzzParseFEN: any text either fails with an error or gives a position whose FEN reads back
// to the same position; never a panic.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{FirstRankFEN, ZigzagFEN, "c7/8/8/8/8/8/p7/C7 w", "8/8/8/8/8/8/8/8 b 3 4",
		"ccccrrrq/7p/3b1np1/3BB3/5P2/2PB4/PPbPPP2/RQQRCQRC w", "9/8/8/8/8/8/8/8 w", "k7/8/8/8/8/8/8/8 w", "c7/8 w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParseFEN(text)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q: FEN %q reads back as %v, %v", text, p.FEN(), q.FEN(), err)
		}
		checkConsistentT(t, &p)
	})
}

func checkConsistentT(t *testing.T, p *Position) {
	if p.ComputeHash() != p.Hash() {
		t.Fatalf("%s: hash", p.FEN())
	}
}

// FuzzParseMove: reading any text in a few positions fails with an error or gives a legal move
// that prints and reads back to itself; never a panic.
func FuzzParseMove(f *testing.F) {
	positions := []string{FirstRankFEN, "4c3/8/8/4B3/8/3N1N2/8/C7 w", "c2r1r2/4P3/8/8/8/8/8/C7 w",
		"qrr1r3/p4Pc1/1P3p2/q2bCnNr/b1PR2Q1/5Nn1/7b/CRRR3R w", "1qccr1qr/1p3r2/3b1npp/2PBB3/4BPR1/2P1B3/PPb1PP1P/RQRRCQ1Q b"}
	for _, s := range []string{"C.d3", "Kd3.Ke5", "xRd8.Q", "e7xRd8.Q", "Re1:Q5", "Re1Q5", ":Ke2", "d1d3", "d1-d3", "claim",
		"Q.g4+", "RxRe5++", "Ke5", "Ne5", "e4", "a9", "Cxx", ".Q", "C.3", "e1.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, fen := range positions {
			s := NewState(Standard, mustFEN(t, fen))
			p := s.ToAct().Single()
			a, err := s.ParseAction(p, text)
			if err != nil {
				continue
			}
			if a == Claim {
				continue
			}
			if err := game.CheckLegal(s, p, a); err != nil {
				t.Fatalf("%s: %q reads as %s, which is not legal: %v", fen, text, coordinate(a), err)
			}
			printed := s.FormatAction(p, a)
			b, err := s.ParseAction(p, printed)
			if err != nil || b != a {
				t.Fatalf("%s: %q reads as %s, printed %q, which reads as %v, %v", fen, text, coordinate(a), printed, b, err)
			}
		}
	})
}

// FuzzDecodeState: decoding any text fails or gives a state that encodes to text that decodes
// to the same encoding; never a panic.
func FuzzDecodeState(f *testing.F) {
	s := NewState(Standard, StartPosition(SetupFirstRank))
	f.Add(s.Encode())
	for _, m := range []string{"C.d3", "C.e6", "Q.g4", "Q.b5"} {
		a, _ := s.ParseAction(s.pos.side, m)
		_ = game.Play(s, s.pos.side, a)
		f.Add(s.Encode())
	}
	f.Add(strings.Replace(s.Encode(), "d1d3", "d1d4", 1))
	f.Fuzz(func(t *testing.T, text string) {
		d, err := DecodeState(text)
		if err != nil {
			return
		}
		enc := d.Encode()
		d2, err := DecodeState(enc)
		if err != nil || d2.Encode() != enc {
			t.Fatalf("%q: encoding %q does not round-trip: %v", text, enc, err)
		}
	})
}

// FuzzMoveText: reading any move text from the start fails or gives moves that print back to
// text reading to the same moves; never a panic.
func FuzzMoveText(f *testing.F) {
	for _, s := range []string{"1. C.d3 C.e6 2. Q.g4 Q.b5 3. :Ke6 :Ce6", "1.C.d3 C.e6 ½", "1. C.d3 1-0", "2. C.d3", "1... C.e6",
		"1. C.d3 C.e6 2. Q.g4 Q.b5 3. :Ke6 :Ce6 4. C.c3 :Kd3 5. :Cd3 C.d6 6. C.d5 Cxd5 7. :Kd5 Q.e4 =", "1-0 1. C.d3"} {
		f.Add(s)
	}
	start := NewState(Standard, StartPosition(SetupFirstRank))
	f.Fuzz(func(t *testing.T, text string) {
		actions, end, _, err := ParseMoveText(start, text)
		if err != nil {
			return
		}
		printed, err := FormatMoveText(start, actions)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		again, end2, _, err := ParseMoveText(start, printed)
		if err != nil || len(again) != len(actions) || end2.Encode() != end.Encode() {
			t.Fatalf("%q printed as %q reads back as %v, %v", text, printed, again, err)
		}
	})
}

// FuzzReadRecords feeds outside text to the record reader: no panic, and what reads writes
// back to text that reads to the same games.
func FuzzReadRecords(f *testing.F) {
	f.Add("[White \"Ann\"]\n[Black \"Bob\"]\n\n1. C.d3 C.e6 2. Q.g4 Q.b5 0-1\n")
	f.Add("[FEN \"4c3/8/8/8/8/8/8/C7 w\"]\n\n1. C.a2 0-1\n[Options \"setup=zigzag\"]\n1. C.a3 {x} =\n")
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzRecordText(t, Game{}, "text", text) })
}
