package blocs

import (
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
)

// FuzzDecode feeds outside text to the state decoder: it must not panic, and what decodes must
// encode back to text that decodes to the same state.
func FuzzDecode(f *testing.F) {
	f.Add("first-flip=continue,seating=same ..../..../..../.... 1")
	f.Add("first-flip=second,seating=same BWBW/WWWW/BBBB/WWWB 2")
	f.Add("first-flip=continue,seating=opposite WWWW/WWWW/WWWW/WWWB 2 8001,8000")
	f.Add("first-flip=continue,seating=opposite WBWW/WWWW/WWWW/WWWW 1 0002,0001,0002")
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
		if p := s.ToAct().Single(); p != game.NoPlayer {
			for _, a := range s.Legal(p, nil) {
				if err := s.Clone().Apply(a); err != nil {
					t.Fatalf("%q: legal %s rejected: %v", enc, FormatAction(int(a)), err)
				}
			}
		}
	})
}

// FuzzParseAction checks the notation parser: what parses formats back to text that parses to
// the same action.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"Bb3", "wa1", "a1-c3", "c3", "d4-a1", "e5", "B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ParseAction(text)
		if err != nil {
			return
		}
		if _, ok := MoveOf(a); !ok {
			t.Fatalf("%q parses to %d, which is no move", text, a)
		}
		if b, err := ParseAction(FormatAction(a)); err != nil || b != a {
			t.Fatalf("%q: %d formats as %q, which parses to %d, %v", text, a, FormatAction(a), b, err)
		}
	})
}

// FuzzReadRecords feeds outside text to the record reader: no panic, and what reads writes
// back to text that reads to the same games.
func FuzzReadRecords(f *testing.F) {
	f.Add("game blocs\noptions first-flip=second,seating=same\none Ann\ntwo Bob\n1. Bb3 Wa1\n")
	f.Add("game blocs\nstart first-flip=continue,seating=same WWWW/WWWW/WWWW/WWWB 1\n1. d4\nresult one\n")
	f.Add("1. Bb3\ngame blocs\nresult two resignation\n")
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzRecordText(t, Game{}, "text", text) })
}
