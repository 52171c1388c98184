package troll

import (
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
)

// FuzzDecode feeds outside text to the decoder and the position reader: no panic, and what
// reads must encode to text that decodes to the same state.
func FuzzDecode(f *testing.F) {
	f.Add(NewState(Rules{}).Encode())
	f.Add(NewState(Rules{Published1993: true, WhiteFirst: true}).Encode())
	f.Add("rules=1987,first=black " + strings.Repeat("..B...../", 7) + "..B..... W")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := DecodeState(text)
		if err == nil {
			enc := s.Encode()
			if d, err := DecodeState(enc); err != nil || d.Encode() != enc {
				t.Fatalf("%q decoded, but its encoding %q does not round-trip: %v", text, enc, err)
			}
		}
		if _, rest, ok := strings.Cut(text, " "); ok {
			if s, err := (Game{}).ParsePosition(game.DefaultOptions(optionSpecs), rest); err == nil {
				if d, err := DecodeState(s.Encode()); err != nil || d.Encode() != s.Encode() {
					t.Fatalf("position %q: encoding %q does not round-trip: %v", rest, s.Encode(), err)
				}
			}
		}
	})
}

// FuzzParseAction checks the notation parser.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"f5", "A1", "pass", "PASS", "i9", ""} {
		f.Add(s)
	}
	s := NewState(Rules{})
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.ParseAction(game.First, text)
		if err != nil {
			return
		}
		if a < 0 || a > Pass {
			t.Fatalf("%q parses to %d", text, a)
		}
		if b, err := s.ParseAction(game.First, s.FormatAction(game.First, a)); err != nil || b != a {
			t.Fatalf("%q: %d formats as %q, parses to %d, %v", text, a, s.FormatAction(game.First, a), b, err)
		}
	})
}

// FuzzReadRecords feeds outside text to the record reader: no panic, and what reads writes
// back to text that reads to the same games.
func FuzzReadRecords(f *testing.F) {
	f.Add("game troll\noptions rules=1987,first=black\nblack Ann\nwhite Bob\n1. d3 c3\n2. b3\n")
	f.Add("game troll\noptions rules=1993,first=white\n1. d3 pass\nresult draw agreement tired\n")
	f.Add("1. d3\ngame troll\ndate 2026-01-31\n")
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzRecordText(t, Game{}, "text", text) })
}
