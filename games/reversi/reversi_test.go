package reversi

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/game"
)

func mustState(t *testing.T, options string) *State {
	t.Helper()
	o, err := game.ParseOptionString(optionSpecs, options)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Game{}.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

func legalNames(s *State) string {
	var names []string
	for _, a := range s.Legal(game.Player(s.board.Turn), nil) {
		names = append(names, SquareName(int(a)))
	}
	return strings.Join(names, " ")
}

// TestStarts checks every start option against the rule spec.
func TestStarts(t *testing.T) {
	for _, c := range []struct {
		options, board, legal string
		toAct                 game.Actors
	}{
		{"", "--------/--------/--------/---OX---/---XO---/--------/--------/--------", "d3 c4 f5 e6", game.FirstActs},
		{"size=6", "------/------/--OX--/--XO--/------/------", "c2 b3 e4 d5", game.FirstActs},
		{"size=4", "----/-OX-/-XO-/----", "b1 a2 d3 c4", game.FirstActs},
		{"start=parallel", "--------/--------/--------/---OO---/---XX---/--------/--------/--------", "c3 d3 e3 f3", game.FirstActs},
		{"first=white", "--------/--------/--------/---OX---/---XO---/--------/--------/--------", "e3 f4 c5 d6", game.SecondActs},
		{"start=free", "--------/--------/--------/--------/--------/--------/--------/--------", "d4 e4 d5 e5", game.FirstActs},
	} {
		s := mustState(t, c.options)
		if got := s.board.Text(); got != c.board {
			t.Errorf("%q: board %s, want %s", c.options, got, c.board)
		}
		if got := legalNames(s); got != c.legal {
			t.Errorf("%q: legal %q, want %q", c.options, got, c.legal)
		}
		if s.ToAct() != c.toAct {
			t.Errorf("%q: to act %v, want %v", c.options, s.ToAct(), c.toAct)
		}
	}
}

// TestFreeStart plays the four placements of the free start: they flip nothing and only the
// empty centre squares are legal; then normal play follows.
func TestFreeStart(t *testing.T) {
	s := mustState(t, "start=free")
	for i, mv := range []string{"d4", "d5", "e5", "e4"} {
		if err := game.Play(s, game.Player(i%2), mustParse(t, s, mv)); err != nil {
			t.Fatalf("placement %d %s: %v", i+1, mv, err)
		}
	}
	// Black placed d4 and e5, White d5 and e4: the reverse of the diagonal start.
	if got, want := s.board.Text(), "--------/--------/--------/---XO---/---OX---/--------/--------/--------"; got != want {
		t.Fatalf("after placements %s, want %s", got, want)
	}
	if got := legalNames(s); got != "e3 f4 c5 d6" {
		t.Errorf("first normal moves %q", got)
	}
	s = mustState(t, "start=free")
	if err := game.Play(s, game.First, mustParse(t, s, "c3")); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("c3 during the placements: %v, want an illegal-move error", err)
	}
}

func mustParse(t *testing.T, s *State, text string) game.Action {
	t.Helper()
	a, err := s.ParseAction(game.Player(s.board.Turn), text)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// position builds a state from rows (X black, O white) and the side to move.
func position(t *testing.T, options, rows, side string) *State {
	t.Helper()
	s, err := DecodeState(mustState(t, options).opts.String() + " " + rows + " " + side)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMovesAndFlips checks the spec's bracketing rule on hand-made positions: all lines in all
// directions flip, a gap or the edge stops a line, and a placement that flips nothing is illegal.
func TestMovesAndFlips(t *testing.T) {
	// UCThello's example: Black on a6 flips b6 only, not d6 and e6, since Black's c6 ends the
	// line although there is a black disc on f6.
	s := position(t, "", "--------/--------/--------/--------/--------/-OXOOX--/--------/--------", "X")
	if err := game.Play(s, game.First, mustParse(t, s, "a6")); err != nil {
		t.Fatal(err)
	}
	if got, want := s.board.Text(), "--------/--------/--------/--------/--------/XXXOOX--/--------/--------"; got != want {
		t.Errorf("after a6: %s, want %s", got, want)
	}
	// A move that brackets in three directions at once flips all three lines.
	s = position(t, "", "X-X-X---/-OOO----/XO-OX---/-OOO----/X-X-X---/--------/--------/--------", "X")
	if err := game.Play(s, game.First, mustParse(t, s, "c3")); err != nil {
		t.Fatal(err)
	}
	if got, want := s.board.Text(), "X-X-X---/-XXX----/XXXXX---/-XXX----/X-X-X---/--------/--------/--------"; got != want {
		t.Errorf("after c3: %s, want %s", got, want)
	}
	// Illegal: occupied, flips nothing, off the board.
	s = mustState(t, "")
	for _, mv := range []string{"d4", "a1", "c3"} {
		if err := game.Play(s, game.First, mustParse(t, s, mv)); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%s from the start: %v, want an illegal-move error", mv, err)
		}
	}
	if _, err := mustState(t, "size=6").ParseAction(game.First, "g1"); !errors.Is(err, game.ErrSyntax) {
		t.Errorf("g1 on 6x6: %v, want a syntax error", err)
	}
}

// TestPassAndEnd checks passes, the no-move option and the score convention.
func TestPassAndEnd(t *testing.T) {
	// White has no move (Black's discs are all on the a-file edge) but Black has (c1).
	rows := "XO------/X-------/X-------/--------/--------/--------/--------/--------"
	s := position(t, "", rows, "O")
	if got := s.Legal(game.Second, nil); len(got) != 1 || got[0] != Pass {
		t.Fatalf("White's legal moves %v, want only a pass", got)
	}
	if err := game.Play(s, game.Second, Pass); err != nil {
		t.Fatal(err)
	}
	if s.ToAct() != game.FirstActs {
		t.Fatalf("after the pass %v acts", s.ToAct())
	}
	// Under nomove=end the same position is over at once.
	s = position(t, "nomove=end", rows, "O")
	o := s.Outcome()
	if !o.Over || o.Winner != game.First {
		t.Fatalf("nomove=end: outcome %+v, want Black to win", o)
	}
	// 3 black and 1 white disc with 60 empties: Black wins 63-1.
	if o.Score != [2]int{63, 1} {
		t.Errorf("score %v, want [63 1] (empties to the winner)", o.Score)
	}
	// Nobody can move: the game ends with a draw splitting the empties.
	s = position(t, "", "X-------/--------/--------/--------/--------/--------/--------/-------O", "X")
	o = s.Outcome()
	if !o.Over || o.Winner != game.NoPlayer || o.Score != [2]int{32, 32} {
		t.Errorf("blocked draw: %+v, want a 32-32 draw", o)
	}
	if err := s.Apply(Pass); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("pass after the end: %v", err)
	}
	// Passing while a move exists is illegal.
	if err := game.Play(mustState(t, ""), game.First, Pass); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("pass at the start: %v", err)
	}
}

// TestFourByFourPerfectPlay solves 4x4 Othello by minimax: White wins 11-3 with two squares
// left empty (Black's disc difference -8, -10 with the empties to the winner).
func TestFourByFourPerfectPlay(t *testing.T) {
	var solve func(b Board, passed bool) (raw, score int)
	solve = func(b Board, passed bool) (int, int) {
		moves := b.Moves()
		if moves == 0 {
			if passed {
				black, white, _ := b.Counts()
				fb, fw := b.FinalScore()
				raw, score := black-white, fb-fw
				if b.Turn == 1 {
					return -raw, -score
				}
				return raw, score
			}
			c := b
			c.Pass()
			r, s := solve(c, true)
			return -r, -s
		}
		bestRaw, best := 0, -100
		for ; moves != 0; moves &= moves - 1 {
			c := b
			if _, err := c.Play(bits.TrailingZeros64(moves)); err != nil {
				t.Fatal(err)
			}
			r, s := solve(c, false)
			if -s > best {
				best, bestRaw = -s, -r
			}
		}
		return bestRaw, best
	}
	raw, score := solve(Start(4), false)
	if raw != -8 || score != -10 {
		t.Errorf("4x4 perfect play: Black's disc difference %d, score %d; want -8 and -10", raw, score)
	}
}

// TestEncodeRoundTrip plays random games under random options and checks that every state
// encodes, decodes and re-encodes to the same text and has the same legal moves.
func TestEncodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 300 {
		opts := []string{
			"size=" + []string{"4", "6", "8"}[rng.IntN(3)],
			"start=" + []string{"diagonal", "parallel", "free"}[rng.IntN(3)],
			"first=" + []string{"black", "white"}[rng.IntN(2)],
			"nomove=" + []string{"pass", "end"}[rng.IntN(2)],
		}
		s := mustState(t, strings.Join(opts, ","))
		for s.ToAct() != game.Nobody {
			enc := s.Encode()
			d, err := Game{}.Decode(enc)
			if err != nil {
				t.Fatalf("game %d: decode %q: %v", i, enc, err)
			}
			if d.Encode() != enc {
				t.Fatalf("game %d: %q re-encodes as %q", i, enc, d.Encode())
			}
			p := s.ToAct().Single()
			a, b := s.Legal(p, nil), d.Legal(p, nil)
			if len(a) != len(b) {
				t.Fatalf("game %d: %q: legal %v vs %v after decoding", i, enc, a, b)
			}
			for _, act := range a {
				text := s.FormatAction(p, act)
				back, err := s.ParseAction(p, text)
				if err != nil || back != act {
					t.Fatalf("action %d formats as %q, parses as %d (%v)", act, text, back, err)
				}
			}
			if err := game.Play(s, p, a[rng.IntN(len(a))]); err != nil {
				t.Fatal(err)
			}
		}
		if !s.Outcome().Over {
			t.Fatalf("game %d: no moves but not over", i)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, text := range []string{
		"",
		"size=8,start=diagonal,first=black,nomove=pass --------/--------/--------/---OX---/---XO---/--------/--------/-------- Z",
		"size=7 ---- X",
		"size=4,start=diagonal,first=black,nomove=pass ----/-OX-/-XO-/--- X",
		"size=4,start=diagonal,first=black,nomove=pass ----/-OQ-/-XO-/---- X",
		"colour=red ----/-OX-/-XO-/---- X",
	} {
		if _, err := DecodeState(text); err == nil {
			t.Errorf("DecodeState(%q) succeeded", text)
		}
	}
}

func FuzzDecodeState(f *testing.F) {
	f.Add(NewState(Standard).Encode())
	f.Add("size=4,start=free,first=white,nomove=end ----/----/----/---- O")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := DecodeState(text)
		if err != nil {
			return
		}
		enc := s.Encode()
		d, err := DecodeState(enc)
		if err != nil || d.Encode() != enc {
			t.Fatalf("%q decodes, but its encoding %q does not round-trip (%v)", text, enc, err)
		}
		for _, a := range s.Legal(game.Player(s.board.Turn), nil) {
			c := s.Clone()
			if err := c.Apply(a); err != nil {
				t.Fatalf("%q: legal %s rejected: %v", enc, SquareName(int(a)), err)
			}
		}
	})
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"f5", "F5", "pass", "PA", "@@@@", "i9", "", "f"} {
		f.Add(s)
	}
	s := NewState(Standard)
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.ParseAction(game.First, text)
		if err != nil {
			return
		}
		if b, err := s.ParseAction(game.First, s.FormatAction(game.First, a)); err != nil || b != a {
			t.Fatalf("%q parses as %d, which formats as %q and parses back as %d (%v)", text, a, s.FormatAction(game.First, a), b, err)
		}
	})
}
