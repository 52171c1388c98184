package blocs

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"turncoat/game"
)

// flipping returns the flipping position with the board given as rows and p to move.
func flipping(t testing.TB, r Rules, rows string, p game.Player) *State {
	t.Helper()
	filled, black, err := ParseText(rows)
	if err != nil {
		t.Fatal(err)
	}
	if filled != Full {
		t.Fatalf("%s: not full", rows)
	}
	return FlippingState(r, black, p)
}

func mustAction(t testing.TB, text string) game.Action {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	return game.Action(a)
}

// TestRectangleLegality checks which rectangles each player may turn, in both seatings.
func TestRectangleLegality(t *testing.T) {
	same, opposite := Rules{}, Rules{Opposite: true}
	board := "WWWW/WBWW/WWWB/WWWW" // black on b2 and d3
	cases := []struct {
		rules Rules
		p     game.Player
		move  string
		legal bool
	}{
		{same, game.First, "b2", true},
		{same, game.First, "a1-b2", true},
		{same, game.First, "b1-b2", true},
		{same, game.First, "a2-b2", true},
		{same, game.First, "a1-d3", true},
		{same, game.First, "c3-d3", true},
		{same, game.First, "b2-c3", false}, // lower-right c3 is white
		{same, game.First, "b2-d4", false}, // lower-right d4 is white
		{same, game.First, "a1", false},
		{same, game.Second, "a1-b2", true}, // same seating: the same rule for both
		{same, game.Second, "b2-d4", false},
		{opposite, game.First, "a1-b2", true},
		{opposite, game.First, "b2-d4", false},
		{opposite, game.Second, "b2-d4", true}, // upper-left b2 is black
		{opposite, game.Second, "b2-c3", true},
		{opposite, game.Second, "b2", true},
		{opposite, game.Second, "d3-d4", true},
		{opposite, game.Second, "a1-b2", false}, // upper-left a1 is white
		{opposite, game.Second, "c3-d3", false},
	}
	for _, c := range cases {
		s := flipping(t, c.rules, board, c.p)
		a := mustAction(t, c.move)
		err := game.Play(s, c.p, a)
		if c.legal && err != nil {
			t.Errorf("%+v player %d: %s: %v, want legal", c.rules, c.p+1, c.move, err)
		}
		if !c.legal && !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%+v player %d: %s: %v, want illegal", c.rules, c.p+1, c.move, err)
		}
		// Apply alone must reject what Play rejects here: the corner test is cheap.
		s2 := flipping(t, c.rules, board, c.p)
		if err := s2.Apply(a); (err == nil) != c.legal {
			t.Errorf("%+v player %d: Apply(%s) = %v, legal %v", c.rules, c.p+1, c.move, err, c.legal)
		}
	}
	// The number of rectangles: every rectangle whose lower-right (upper-left) square is black.
	s := flipping(t, same, board, game.First)
	if got := len(s.Legal(game.First, nil)); got != 2*2+3*4 {
		t.Errorf("same seating: %d rectangles, want 16", got)
	}
	s = flipping(t, opposite, board, game.Second)
	if got := len(s.Legal(game.Second, nil)); got != 3*3+1*2 {
		t.Errorf("opposite seating, player 2: %d rectangles, want 11", got)
	}
	s = flipping(t, same, "BBBB/BBBB/BBBB/BBBB", game.First)
	if got := len(s.Legal(game.First, nil)); got != 100 {
		t.Errorf("full black board: %d rectangles, want 100", got)
	}
}

// TestFlipTurnsTheRectangle checks a flip's effect: every piece of the rectangle turns.
func TestFlipTurnsTheRectangle(t *testing.T) {
	s := flipping(t, Rules{}, "BWWW/WBWW/WWWB/WWWW", game.First)
	if err := game.Play(s, game.First, mustAction(t, "a1-d3")); err != nil {
		t.Fatal(err)
	}
	filled, black := s.Board()
	if got := Text(filled, black); got != "WBBB/BWBB/BBBW/WWWW" {
		t.Errorf("after a1-d3: %s, want WBBB/BWBB/BBBW/WWWW", got)
	}
	if s.Turn() != game.Second {
		t.Errorf("turn = %v, want second", s.Turn())
	}
}

// TestPlacementPhase plays a whole placement phase and checks turns, faces, errors and who
// flips first under both first-flip options.
func TestPlacementPhase(t *testing.T) {
	for _, r := range []Rules{{}, {SecondFlipsFirst: true}, {Opposite: true}} {
		s := NewState(r)
		if got := len(s.Legal(game.First, nil)); got != 32 {
			t.Fatalf("%d placements on the empty board, want 32", got)
		}
		if len(s.Legal(game.Second, nil)) != 0 {
			t.Fatal("the second player may act first")
		}
		if err := game.Play(s, game.First, mustAction(t, "a1-b2")); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("a flip during the placement: %v, want ErrIllegal", err)
		}
		if err := s.Apply(mustAction(t, "a1")); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("Apply of a flip during the placement: %v, want ErrIllegal", err)
		}
		for i := range Squares {
			p := game.Player(i % 2)
			if s.ToAct() != game.ActorsOf(p) {
				t.Fatalf("placement %d: %v acts, want player %d", i+1, s.ToAct(), p+1)
			}
			face := "W"
			if i%3 == 0 {
				face = "B"
			}
			if err := game.Play(s, p, mustAction(t, face+SquareName(i))); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				if err := s.Apply(mustAction(t, "Wa1")); !errors.Is(err, game.ErrIllegal) {
					t.Errorf("placing on a filled square: %v, want ErrIllegal", err)
				}
			}
		}
		filled, black := s.Board()
		if filled != Full || Text(filled, black) != "BWWB/WWBW/WBWW/BWWB" {
			t.Errorf("after the placement: %s", Text(filled, black))
		}
		want := game.First
		if r.SecondFlipsFirst {
			want = game.Second
		}
		if s.ToAct() != game.ActorsOf(want) {
			t.Errorf("%+v: %v flips first, want player %d", r, s.ToAct(), want+1)
		}
		if err := s.Apply(mustAction(t, "Wa1")); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("a placement on a full board: %v, want ErrIllegal", err)
		}
	}
}

// TestLastMoveWins checks the end: the player who cannot flip (no black) loses.
func TestLastMoveWins(t *testing.T) {
	s := flipping(t, Rules{}, "WWWW/WWWW/WWWW/WWWB", game.Second)
	if err := game.Play(s, game.Second, mustAction(t, "d4")); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Over || o.Winner != game.Second {
		t.Errorf("after the last black piece is turned: %+v, want a win for player 2", o)
	}
	if s.ToAct() != game.Nobody || len(s.Legal(game.First, nil)) != 0 {
		t.Error("someone acts after the end")
	}
	if err := s.Apply(mustAction(t, "a1")); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("a move after the end: %v, want ErrGameOver", err)
	}
	// An all-white board after the placement: player 2, who placed last, made the last move
	// and wins, under either first-flip option (rule spec).
	for _, r := range []Rules{{}, {SecondFlipsFirst: true}, {Opposite: true}, {Opposite: true, SecondFlipsFirst: true}} {
		s := NewState(r)
		for i := range Squares {
			if err := s.Apply(game.Action(PlaceAction(i, false))); err != nil {
				t.Fatal(err)
			}
		}
		if o := s.Outcome(); !o.Over || o.Winner != game.Second || o.Ending != game.EndRules {
			t.Errorf("%+v: all white after the placement: %+v, want a win for player 2", r, o)
		}
		if s.ToAct() != game.Nobody || s.Turn() != game.First {
			t.Errorf("%+v: all white after the placement: %v acts, player %d stuck; want nobody, player 1", r, s.ToAct(), s.Turn()+1)
		}
		d, err := DecodeState(s.Encode())
		if err != nil || d.Outcome() != s.Outcome() {
			t.Errorf("%+v: %q decodes to %v, %v", r, s.Encode(), d, err)
		}
	}
}

// TestOppositeRepetition plays the shortest cycle of opposite seating: the position comes back
// and the game is drawn.
func TestOppositeRepetition(t *testing.T) {
	s := flipping(t, Rules{Opposite: true}, "WBWW/WWWW/WWWW/WWWW", game.First)
	if err := game.Play(s, game.First, mustAction(t, "a1-b1")); err != nil { // lower-right b1 black
		t.Fatal(err)
	}
	if s.Outcome().Over {
		t.Fatal("over after one flip")
	}
	if err := game.Play(s, game.Second, mustAction(t, "a1-b1")); err != nil { // upper-left a1 black
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Over || o.Winner != game.NoPlayer || !strings.Contains(o.Reason, "repeated") {
		t.Errorf("after the cycle: %+v, want a draw by repetition", o)
	}
	d, err := DecodeState(s.Encode())
	if err != nil || !d.Outcome().Over || d.Encode() != s.Encode() {
		t.Errorf("decoding the repeated position %q: %v, %v", s.Encode(), d, err)
	}
	// The same board with the other player to move is not a repetition: three flips whose
	// rectangles cancel out bring the board back with player 2 to move.
	s = flipping(t, Rules{Opposite: true}, "WBWW/WWWW/WWWW/WWWW", game.First)
	for i, m := range []string{"a1-b1", "a1-b2", "a2-b2"} {
		if err := game.Play(s, game.Player(i%2), mustAction(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	if _, black := s.Board(); black != 1<<1 || s.Outcome().Over {
		t.Errorf("after a1-b1, a1-b2, a2-b2: board %04x, outcome %+v; want b1 black and play on", black, s.Outcome())
	}
	// Same seating keeps no positions: the board only goes down.
	s = flipping(t, Rules{}, "WBWW/WWWW/WWWW/WWWW", game.First)
	if strings.Count(s.Encode(), " ") != 2 {
		t.Errorf("same seating encodes positions seen: %q", s.Encode())
	}
}

// TestRandomGames plays random games under every option and checks the invariants: the board
// read as a number goes down at every same-seating flip, encodings round-trip, every legal
// action formats and parses back, and Apply accepts exactly the legal actions.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	all := make([]game.Action, 0, MaxAction)
	for a := range MaxAction {
		all = append(all, game.Action(a))
	}
	for i := range 400 {
		r := Rules{SecondFlipsFirst: i%2 == 1, Opposite: i%4 >= 2}
		s := NewState(r)
		for plies := 0; s.ToAct() != game.Nobody; plies++ {
			if plies > 10_000 {
				t.Fatal("a game longer than 10,000 moves")
			}
			text := s.Encode()
			d, err := DecodeState(text)
			if err != nil || d.Encode() != text {
				t.Fatalf("round trip of %q: %v, %v", text, d, err)
			}
			p := s.ToAct().Single()
			legal := s.Legal(p, nil)
			if len(legal) == 0 {
				t.Fatalf("%q: %v acts with no legal action", text, p)
			}
			isLegal := map[game.Action]bool{}
			for _, a := range legal {
				isLegal[a] = true
				back, err := s.ParseAction(p, s.FormatAction(p, a))
				if err != nil || back != a {
					t.Fatalf("%q: %d formats as %q, parses as %d, %v", text, a, s.FormatAction(p, a), back, err)
				}
			}
			if i%20 == 0 { // Apply rejects every action that is not legal
				for _, a := range all {
					c := s.Clone()
					if err := c.Apply(a); (err == nil) != isLegal[a] {
						t.Fatalf("%q: Apply(%s) = %v, legal %v", text, FormatAction(int(a)), err, isLegal[a])
					}
				}
			}
			_, before := s.Board()
			placing := s.Placing()
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			if _, after := s.Board(); !placing && !r.Opposite && after >= before {
				t.Fatalf("a same-seating flip took the board from %04x to %04x", before, after)
			}
		}
	}
}

func TestNotation(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"Bb3", "Bb3"}, {"wB3", "Wb3"}, {"a1-c3", "a1-c3"}, {"c3-a1", "a1-c3"}, {"c1-a3", "a1-c3"},
		{"C3", "c3"}, {"c3-c3", "c3"}, {"a1-a4", "a1-a4"}, {"d4", "d4"},
	} {
		a, err := ParseAction(c.text)
		if err != nil || FormatAction(a) != c.want {
			t.Errorf("ParseAction(%q) = %q, %v; want %q", c.text, FormatAction(a), err, c.want)
		}
	}
	for _, bad := range []string{"", "e1", "a5", "Xb3", "Bb5", "a1-", "a1-e5", "a1c3", "B", "pass"} {
		if _, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) succeeded", bad)
		}
		s := NewState(Rules{})
		if _, err := s.ParseAction(game.First, bad); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("State.ParseAction(%q) = %v, want ErrSyntax", bad, err)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		want error
	}{
		{"", game.ErrSyntax},
		{"first-flip=continue,seating=same ..../..../..../.... 3", game.ErrSyntax},
		{"first-flip=continue,seating=same ..../..../..../.... 2", game.ErrSyntax}, // nobody placed: 1 to move
		{"first-flip=continue,seating=same B.../..../..../.... 1", game.ErrSyntax},
		{"first-flip=continue,seating=same ..../..../..../... 1", game.ErrSyntax},
		{"first-flip=continue,seating=same ..../..../..../...X 1", game.ErrSyntax},
		{"first-flip=sometimes,seating=same ..../..../..../.... 1", game.ErrOption},
		{"first-flip=continue,seating=same WWWW/WWWW/WWWW/WWWB 1 8000", game.ErrSyntax},
		{"first-flip=continue,seating=opposite WWWW/WWWW/WWWW/WWWB 1", game.ErrSyntax},
		{"first-flip=continue,seating=opposite WWWW/WWWW/WWWW/WWWB 1 8001", game.ErrSyntax},
		{"first-flip=continue,seating=opposite WWWW/WWWW/WWWW/WWWB 1 ffff,8000", game.ErrSyntax}, // no one flip
		{"first-flip=continue,seating=opposite WWWW/WWWW/WWWW/WWWB 1 8000,8000", game.ErrSyntax},
		{"first-flip=continue,seating=opposite WWWW/WWWW/WWWW/WWWB 1 80000", game.ErrSyntax},
	} {
		if _, err := DecodeState(c.text); !errors.Is(err, c.want) {
			t.Errorf("DecodeState(%q) = %v, want %v", c.text, err, c.want)
		}
	}
	for _, good := range []string{
		"first-flip=continue,seating=same ..../..../..../.... 1",
		"first-flip=second,seating=same B.../..../..../.... 2",
		"first-flip=continue,seating=opposite WWWW/WWWW/WWWW/WWWB 1 8000",
		"first-flip=continue,seating=opposite WWWW/WWWW/WWWW/WWWB 2 8001,8000", // player 1 turned a1 back
	} {
		if s, err := DecodeState(good); err != nil || s.Encode() != good {
			t.Errorf("DecodeState(%q) = %v, %v", good, s, err)
		}
	}
}

func TestDiagram(t *testing.T) {
	s := NewState(Rules{Opposite: true})
	_ = s.Apply(mustAction(t, "Bb3"))
	d := s.Diagram(game.NoPlayer)
	for _, want := range []string{"placement 2 of 16", "a b c d", " 3  . B . .", "Two places"} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
	d = flipping(t, Rules{Opposite: true}, "WBWW/WWWW/WWWW/WWWW", game.Second).Diagram(game.Second)
	if !strings.Contains(d, "upper-left") {
		t.Errorf("diagram of player 2 seated opposite lacks the upper-left rule:\n%s", d)
	}
}

// TestFirstFlip checks who makes the first flip under each first-flip option and seating, that
// the other player has no action then, and who wins the shortest flipping phase.
func TestFirstFlip(t *testing.T) {
	cases := []struct {
		rules   Rules
		flipper game.Player
	}{
		{Rules{}, game.First},
		{Rules{SecondFlipsFirst: true}, game.Second},
		{Rules{Opposite: true}, game.First},
		{Rules{Opposite: true, SecondFlipsFirst: true}, game.Second},
	}
	for _, c := range cases {
		if got := c.rules.FirstFlipper(); got != c.flipper {
			t.Errorf("%+v: FirstFlipper = %v, want %v", c.rules, got, c.flipper)
		}
		// One black piece, on d4 (a lower-right and an upper-left corner alike): whoever flips
		// first turns it and wins at once.
		s := NewState(c.rules)
		for i := range Squares {
			p := game.Player(i % 2)
			face := "W"
			if i == Squares-1 {
				face = "B"
			}
			if err := game.Play(s, p, mustAction(t, face+SquareName(i))); err != nil {
				t.Fatal(err)
			}
		}
		if s.ToAct() != game.ActorsOf(c.flipper) || len(s.Legal(c.flipper.Other(), nil)) != 0 {
			t.Fatalf("%+v: %v acts after the placement, want player %d alone", c.rules, s.ToAct(), c.flipper+1)
		}
		if err := game.Play(s, c.flipper.Other(), mustAction(t, "d4")); !errors.Is(err, game.ErrNotYourTurn) {
			t.Errorf("%+v: the other player flips first: %v, want ErrNotYourTurn", c.rules, err)
		}
		want := strconv.Itoa(int(c.flipper) + 1)
		if enc := s.Encode(); !strings.Contains(enc, "WWWW/WWWW/WWWW/WWWB "+want) {
			t.Errorf("%+v: encoding %q, want player %s to move", c.rules, enc, want)
		}
		if err := game.Play(s, c.flipper, mustAction(t, "d4")); err != nil {
			t.Fatal(err)
		}
		if o := s.Outcome(); !o.Over || o.Winner != c.flipper {
			t.Errorf("%+v: after the only flip: %+v, want a win for player %d", c.rules, o, c.flipper+1)
		}
	}
}

// TestRepetitionParity checks which repeated boards draw with opposite seating: a position is
// the board and the player to move, so a board that comes back with the other player to move
// plays on, and one that comes back with the same player to move ends the game at once, the
// second time it occurs.
func TestRepetitionParity(t *testing.T) {
	r := Rules{Opposite: true}
	s := flipping(t, r, "WBWW/WWWW/WWWW/WWWW", game.First) // 0: b1, player 1 to move
	steps := []struct {
		move  string
		board string
		over  bool
	}{
		{"a1-b1", "BWWW/WWWW/WWWW/WWWW", false}, // 1: a1, player 2
		{"a1-c1", "WBBW/WWWW/WWWW/WWWW", false}, // 2: b1 c1, player 1
		{"c1", "WBWW/WWWW/WWWW/WWWW", false},    // 3: b1 again, but player 2 to move: no repetition
		{"b1-c1", "WWBW/WWWW/WWWW/WWWW", false}, // 4: c1, player 1
		{"b1-c1", "WBWW/WWWW/WWWW/WWWW", true},  // 5: b1 with player 2 to move, as at 3: a draw
	}
	for i, st := range steps {
		p := s.Turn()
		if err := game.Play(s, p, mustAction(t, st.move)); err != nil {
			t.Fatalf("step %d, %s: %v", i+1, st.move, err)
		}
		filled, black := s.Board()
		if got := Text(filled, black); got != st.board {
			t.Fatalf("step %d: board %s, want %s", i+1, got, st.board)
		}
		o := s.Outcome()
		if o.Over != st.over || (st.over && (o.Winner != game.NoPlayer || o.Ending != game.EndRules || !strings.Contains(o.Reason, "repeated"))) {
			t.Fatalf("step %d: outcome %+v, want over=%v (a draw by repetition)", i+1, o, st.over)
		}
		d, err := DecodeState(s.Encode())
		if err != nil || d.Encode() != s.Encode() || d.Outcome() != o {
			t.Fatalf("step %d: %q decodes to %v, %v", i+1, s.Encode(), d, err)
		}
	}
	// The history in an encoding is checked with the same parity: b1 (0002) occurring at
	// positions 0 and 3 is fine in the middle, b1 at 3 and 5 is the end.
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"first-flip=continue,seating=opposite WBWW/WWWW/WWWW/WWWW 2 0002,0001,0006,0002", true},
		{"first-flip=continue,seating=opposite WWBW/WWWW/WWWW/WWWW 1 0002,0001,0006,0002,0004", true},
		{"first-flip=continue,seating=opposite WBBW/WWWW/WWWW/WWWW 1 0002,0001,0006,0002,0004,0002,0006", false}, // repeats before the end
	} {
		if _, err := DecodeState(c.text); (err == nil) != c.ok {
			t.Errorf("DecodeState(%q) = %v, want ok=%v", c.text, err, c.ok)
		}
	}
	// Same seating never repeats a position: the board only goes down.
	s = flipping(t, Rules{}, "WBWW/WWWW/WWWW/WWWW", game.First)
	if err := game.Play(s, game.First, mustAction(t, "a1-b1")); err != nil {
		t.Fatal(err)
	}
	if err := game.Play(s, game.Second, mustAction(t, "a1-b1")); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("same seating, player 2 turns a1-b1 with b1 white: %v, want ErrIllegal", err)
	}
}

// TestIllegalReasons checks that an illegal move's error says which rule it breaks.
func TestIllegalReasons(t *testing.T) {
	placing := NewState(Rules{})
	if err := game.Play(placing, game.First, mustAction(t, "Bb3")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		s    *State
		move string
		want string
	}{
		{"a flip while placing", placing, "a1-c3", "the board is not full yet (1 of 16 pieces placed): place a piece on an empty square, black or white side up, like Bb3 or Wb3"},
		{"a single-square flip while placing", placing, "c3", "the board is not full yet"},
		{"a taken square", placing, "Wb3", "b3 is not empty"},
		{"a placement on the full board", flipping(t, Rules{}, "WWWW/WBWW/WWWB/WWWW", game.First), "Wa1", "the board is full: turn a rectangle whose lower-right square shows black"},
		{"a white lower-right square", flipping(t, Rules{}, "WWWW/WBWW/WWWB/WWWW", game.First), "b2-c3", "its lower-right square c3 shows white; a rectangle must have black there"},
		{"a white square alone", flipping(t, Rules{}, "WWWW/WBWW/WWWB/WWWW", game.Second), "a1", "its lower-right square a1 shows white"},
		{"a white upper-left square, seated opposite", flipping(t, Rules{Opposite: true}, "WWWW/WBWW/WWWB/WWWW", game.Second), "a1-b2",
			"its upper-left square a1 shows white; a rectangle must have black there (seated opposite, Two turns rectangles by their upper-left square)"},
		{"a placement on the full board, seated opposite", flipping(t, Rules{Opposite: true}, "WWWW/WBWW/WWWB/WWWW", game.Second), "Bb3", "whose upper-left square shows black"},
	}
	for _, c := range cases {
		a := mustAction(t, c.move)
		p := c.s.Turn()
		err := game.Play(c.s.Clone(), p, a)
		if !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %s: %v, want an illegal move saying %q", c.name, c.move, err, c.want)
		}
		if err := c.s.Clone().Apply(a); !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Apply(%s) = %v, want the same reason", c.name, c.move, err)
		}
		if why := c.s.ExplainIllegal(p.Other(), a); why != "" {
			t.Errorf("%s: the player not to move gets a reason %q", c.name, why)
		}
	}
	if why := placing.ExplainIllegal(game.Second, mustAction(t, "Wa1")); why != "" {
		t.Errorf("a legal placement: %q", why)
	}
}
