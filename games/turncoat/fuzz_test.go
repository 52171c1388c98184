package turncoat

import (
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
)

// The fuzz targets feed outside text to every parser: none may panic, and whatever parses must
// write back to text that parses to the same thing.

func FuzzParseRecord(f *testing.F) {
	f.Add("size 8\nmode white-and-black\ncap 100\nseed 42\n1. c3 f6\n")
	f.Add("size 3\nsetup WWB/BBB/BBB\n1. a1 a1\nresult red\n")
	f.Add("size 4\nmode white-only\ncap 3\nsetup BW.W/WWWW/WWWW/WWWW:BW.W/WWWW/WWBW/WWWW\n1. b1 d4 2. a2 a2\n")
	f.Add("# comment\nseed 3\n1. a1 a1\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err != nil {
			return
		}
		out := rec.String()
		back, err := ParseRecord(out)
		if err != nil {
			t.Fatalf("%q parsed, but its rewrite %q does not: %v", text, out, err)
		}
		if back.String() != out {
			t.Fatalf("rewrite of %q is not stable: %q then %q", text, out, back.String())
		}
	})
}

func FuzzDecode(f *testing.F) {
	f.Add("size=3,mode=white-and-black,cap=100,seed=1,setup= WWW/WBW/WWW WWW/WBW/WWW 0")
	f.Add("size=4,mode=white-only,cap=5,seed=9,setup=BW.W/WWWW/WWWW/WWWW BW.W/WWWW/WWWW/WWWW 5")
	f.Add("size=8,mode=white-and-black,cap=100,seed=42,setup= " + goldenSetup42 + " " + goldenSetup42 + " 7")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := DecodeState(text)
		if err != nil {
			return
		}
		enc := s.Encode()
		d, err := DecodeState(enc)
		if err != nil || d.Encode() != enc {
			t.Fatalf("%q decoded, but its encoding %q does not round-trip: %v", text, enc, err)
		}
		for p := game.First; p <= game.Second; p++ {
			for _, a := range s.Legal(p, nil) {
				if s.Selectable(p)&(1<<a) == 0 {
					t.Fatalf("%q: legal action %d is not selectable", enc, a)
				}
			}
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	f.Add("WWW/WBW/WWW")
	f.Add("BWW/WWW/WWB WWW/WWW/WWB 3")
	f.Add("BW.W/WWWW/WWWW/WWWW")
	o := game.DefaultOptions(optionSpecs)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Game{}.ParsePosition(o, text)
		if err != nil {
			return
		}
		enc := s.Encode()
		if d, err := DecodeState(enc); err != nil || d.Encode() != enc {
			t.Fatalf("position %q encodes as %q, which does not round-trip: %v", text, enc, err)
		}
	})
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"c3", "C3", "h8", "i1", "a0", "", "a10"} {
		f.Add(s, 8)
	}
	f.Fuzz(func(t *testing.T, text string, n int) {
		if n < MinSize || n > MaxSize {
			return
		}
		sq, err := ParseSquare(text, n)
		if err != nil {
			return
		}
		if SquareMask(n)&(1<<sq) == 0 {
			t.Fatalf("%q parses to %d, off the %dx%d board", text, sq, n, n)
		}
		if back, err := ParseSquare(SquareName(sq), n); err != nil || back != sq {
			t.Fatalf("%q: square %d writes as %q, which reads as %d, %v", text, sq, SquareName(sq), back, err)
		}
	})
}

// FuzzReadRecords feeds outside text to the registry's record reader: no panic, and what reads
// writes back to text that reads to the same games.
func FuzzReadRecords(f *testing.F) {
	f.Add("size 8\nmode white-and-black\ncap 100\nseed 42\nred Ann\nyellow Bob\n1. c3 f6\n")
	f.Add("size 3\nsetup WWB/BBB/BBB\n1. a1 a1\nresult red\nsize 3\nseed 9\n1. b2 b2\nresult draw agreement tired\n")
	f.Add("size 3\nseed 4\nsize 4\nseed 5\n")
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzRecordText(t, Game{}, "text", text) })
}
