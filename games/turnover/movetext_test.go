package turnover

import (
	"errors"
	"strings"
	"testing"

	"turncoat/game"
)

const openingText = "1. C.d3 C.e6 2. Q.g4 Q.b5 3. :Ke6 :Ce6 4. C.c3 :Kd3 5. :Cd3 C.d6 6. C.d5 Cxd5 7. :Kd5 Q.e4"

func TestMoveText(t *testing.T) {
	start := NewState(Standard, StartPosition(SetupFirstRank))
	actions, end, result, err := ParseMoveText(start, openingText)
	if err != nil {
		t.Fatal(err)
	}
	if len(actions) != 14 || result != "" {
		t.Fatalf("%d moves, result %q", len(actions), result)
	}
	if got, want := end.pos.ShortFEN(), "cccq1ccc/8/3pr3/3N4/4b3/2PR4/8/CCQ1CCCC w"; got != want {
		t.Errorf("end %s, want %s", got, want)
	}
	if start.pos != StartPosition(SetupFirstRank) {
		t.Error("ParseMoveText changed the start")
	}
	text, err := FormatMoveText(start, actions)
	if err != nil || text != openingText {
		t.Errorf("FormatMoveText = %q, %v; want %q", text, err, openingText)
	}
	// Numbers attached to moves, annotations, a result for a game still in play.
	if a, _, r, err := ParseMoveText(start, "1.C.d3 C.e6+ 2.Q.g4 0-1"); err != nil || len(a) != 3 || r != ResultBlack {
		t.Errorf("compact text: %d moves, %q, %v", len(a), r, err)
	}
	// Black to move first.
	b := NewState(Standard, mustFEN(t, "cccccccc/8/8/8/8/3P4/8/CCCQCCCC b 0 1"))
	a, _, _, err := ParseMoveText(b, "1... C.e6 2. Q.g4")
	if err != nil || len(a) != 2 {
		t.Fatalf("from Black: %v", err)
	}
	if text, _ := FormatMoveText(b, a); text != "1... C.e6 2. Q.g4" {
		t.Errorf("from Black: %q", text)
	}
	// A finished game ends with its result, which must agree when read.
	w := NewState(Standard, mustFEN(t, "4c3/8/8/8/8/8/8/C7 w"))
	a, _, _, err = ParseMoveText(w, "1. C.a2 0-1")
	if err != nil {
		t.Fatal(err)
	}
	if text, _ := FormatMoveText(w, a); text != "1. C.a2 0-1" {
		t.Errorf("finished: %q", text)
	}
	for _, bad := range []string{
		"1. C.d3 C.e6 3. Q.g4", // wrong number
		"1... C.d3",            // White is to move
		"1. C.d3 1-0 C.e6",     // result not last
		"1. C.d9",              // syntax
		"1. C.d4",              // illegal
	} {
		if _, _, _, err := ParseMoveText(start, bad); err == nil {
			t.Errorf("ParseMoveText(%q) succeeded", bad)
		}
	}
	if _, _, _, err := ParseMoveText(w, "1. C.a2 1-0"); !errors.Is(err, game.ErrSyntax) {
		t.Errorf("contradicting result: %v", err)
	}
	if _, _, _, err := ParseMoveText(w, "1. C.a2 c.a7"); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("move after the end: %v", err)
	}
}
