package turnover

import (
	"errors"
	"strings"
	"testing"

	"turncoat/game"
)

// TestIllegalReasons checks that an illegal move's error says which rule it breaks.
func TestIllegalReasons(t *testing.T) {
	start := FirstRankFEN
	cases := []struct {
		name, fen, move, want string
	}{
		{"an empty origin", start, "e2e3", "there is no stack on e2"},
		{"the opponent's stack", start, "e8e6", "the Castle on e8 is Black's; White moves only its own stacks"},
		{"a Castle three squares ahead", start, "e1e4", "a Castle does not go from e1 to e4: a Castle moves its pawn: one square forward, two forward over an empty square"},
		{"a pawn diagonal onto an empty square", start, "a1b2", "a pawn steps diagonally only onto a stack, and b2 is empty"},
		{"a capture straight ahead", "c7/8/8/8/4p3/4P3/8/C7 w", "e3e4", "a pawn never captures straight ahead: the Black Pawn on e4 blocks it"},
		{"a friendly stack that cannot be joined", "c7/8/8/8/8/8/8/C2R3R w", "d1h1", "the button (sliding as a rook) cannot join your own Rook on h1, which blocks it"},
		{"a blocked slide", "c7/8/8/8/8/8/8/C2R1P1r w", "d1h1", "the Rook's button slides only through empty squares, and the way to h1 is blocked"},
		{"a Bishop off its diagonals", "c7/8/8/8/8/8/8/C2B4 w", "d1d5", "a Bishop does not go from d1 to d5: a Bishop slides diagonally"},
		{"a Knight's wrong leap", "c7/8/8/8/8/8/8/C2N4 w", "d1d3", "a Knight does not go from d1 to d3: a Knight's pawn leaps as a chess knight"},
		{"a Castle's two-square step over a stack", "c7/8/8/4Q3/4C3/8/8/7b w", "e4e6", "a Castle's two-square step needs e5 empty"},
		{"the last-Castle rule", "c7/8/8/8/8/8/7R/C5r1 w", "a1a2", "White's last Castle is attacked, so it may move only to make a new Castle on a Queen, or to capture Black's last Castle (last-Castle rule)"},
		{"a move in place", start, "d1d1", "a move must leave its square"},
		{"a claim without repetition", start, "claim", "this position has occurred once; a draw may be claimed when it occurs for the third time"},
	}
	for _, c := range cases {
		s := newState(t, Standard, c.fen)
		a, err := parseCoordinate(c.move)
		if err != nil {
			t.Fatal(err)
		}
		p := s.pos.side
		err = game.CheckLegal(s, p, a)
		if !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %s: %v, want an illegal move saying %q", c.name, c.move, err, c.want)
		}
		if why := s.ExplainIllegal(p.Other(), a); why != "" {
			t.Errorf("%s: the side not to move gets a reason %q", c.name, why)
		}
	}
	r := Standard
	r.Repetition = RepetitionAuto
	if why := NewState(r, mustFEN(t, start)).ExplainIllegal(game.First, Claim); !strings.Contains(why, "repetition=auto") {
		t.Errorf("a claim under repetition=auto: %q", why)
	}
	if why := newState(t, Standard, start).ExplainIllegal(game.First, 3|19<<6); why != "" {
		t.Errorf("the legal d1d3: %q", why)
	}
}

// TestParseSuggestsForms checks that text matching no legal move names the forms of the moves
// to the square it names: typing e3 where only a Castle goes gets C.e3.
func TestParseSuggestsForms(t *testing.T) {
	cases := []struct {
		fen, text string
		want      []string
	}{
		{FirstRankFEN, "e3", []string{"no legal move of White matches", "the move to e3 is written C.e3"}},
		{FirstRankFEN, "Qe3", []string{"the move to e3 is written C.e3"}},
		{"c7/8/8/8/8/8/8/3QC3 w", "e2", []string{"the moves to e2 are written C.e2, Q.e2"}},
		{"c7/8/8/8/8/3N1N2/8/C7 w", "e5", []string{"the moves to e5 are written Kd3.e5, Kf3.e5"}},
		{"c7/8/8/8/8/3N1N2/8/C7 w", "b4", []string{"the move to b4 is written K.b4"}},
	}
	for _, c := range cases {
		s := newState(t, Standard, c.fen)
		_, err := s.ParseAction(s.pos.side, c.text)
		if !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%s: %s: %v, want an illegal move", c.fen, c.text, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %s: %v, want it to say %q", c.fen, c.text, err, w)
			}
		}
	}
	// Origin and target squares get the rule's reason.
	s0 := newState(t, Standard, FirstRankFEN)
	if _, err := s0.ParseAction(game.First, "e1e4"); !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), "e1e4: a Castle does not go from e1 to e4") {
		t.Errorf("e1e4 at the start: %v", err)
	}
	// Where nothing goes, there is nothing to suggest.
	s := newState(t, Standard, FirstRankFEN)
	if _, err := s.ParseAction(game.First, "e5"); err == nil || strings.Contains(err.Error(), "written") {
		t.Errorf("e5 at the start: %v", err)
	}
}
