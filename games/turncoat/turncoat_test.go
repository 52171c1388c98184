package turncoat

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"turncoat/game"
)

// mustBoard parses a board or fails the test.
func mustBoard(t testing.TB, text string) Board {
	t.Helper()
	b, _, err := ParseBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustSquare(t testing.TB, text string) int {
	t.Helper()
	sq, err := ParseSquare(text, 8)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// refFlip is the rule read literally, square by square: turn the piece, then walk each of the
// eight directions over pieces not of the new colour, and turn them if a piece of the new
// colour ends the walk; a blank or the edge ends it with nothing turned.
func refFlip(b Board, n, sq int) Board {
	at := func(r, c int) (piece, black bool) {
		bit := uint64(1) << (8*r + c)
		return b.Pieces&bit != 0, b.Black&bit != 0
	}
	black := b.Black ^ 1<<sq
	newBlack := black&(1<<sq) != 0
	out := black
	r0, c0 := sq/8, sq%8
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			var run uint64
			for r, c := r0+dr, c0+dc; r >= 0 && r < n && c >= 0 && c < n; r, c = r+dr, c+dc {
				piece, isBlack := at(r, c)
				if !piece {
					break
				}
				if isBlack == newBlack {
					out ^= run
					break
				}
				run |= 1 << (8*r + c)
			}
		}
	}
	return Board{Pieces: b.Pieces, Black: out}
}

// TestFlipSpec checks the rule spec's flip examples and a table of cases, one per point of the
// flip rule.
func TestFlipSpec(t *testing.T) {
	cases := []struct {
		name, board, square, want string
	}{
		{"spec: top-right of BWW/WWW/WWB", "BWW/WWW/WWB", "c1", "BBB/WWB/WWB"},
		{"a blank stops the trap along the top row", "BW.W/WWWW/WWWW/WWWW", "d1", "BW.B/WWWW/WWWW/WWWW"},
		{"the same row without the blank traps", "BWWW/WWWW/WWWW/WWWW", "d1", "BBBB/WWWW/WWWW/WWWW"},
		{"a blank right after the square", "B.WW/WWWW/WWWW/WWWW", "c1", "B.BW/WWWW/WWWW/WWWW"},
		{"legal with nothing trapped", "WWW/WWW/WWW", "b2", "WWW/WBW/WWW"},
		{"the edge ends a walk", "WWW/WWW/WWW", "a1", "BWW/WWW/WWW"},
		{"black turned white traps black", "BBB/BBB/WBB", "c1", "BBW/BWB/WBB"},
		{"all eight directions", "BBBBB/BWWWB/BWWWB/BWWWB/BBBBB", "c3", "BBBBB/BBBBB/BBBBB/BBBBB/BBBBB"},
		{"all eight directions, one run each, to white", "WWWWW/WBBBW/WBBBW/WBBBW/WWWWW", "c3", "WWWWW/WWWWW/WWWWW/WWWWW/WWWWW"},
		{"only the nearest piece of the new colour counts", "BWBWW/WWWWW/WWWWW/WWWWW/WWWWW", "e1", "BWBBB/WWWWW/WWWWW/WWWWW/WWWWW"},
		{"a long diagonal", "BWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW", "h8",
			"BWWWWWWW/WBWWWWWW/WWBWWWWW/WWWBWWWW/WWWWBWWW/WWWWWBWW/WWWWWWBW/WWWWWWWB"},
		{"no wrap from h to a of the next row", "WWWWWWWB/BWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW", "b2",
			"WWWWWWWB/BBWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW"},
		{"pieces beyond a blank are not walked", "BW.WB/WWWWW/WWWWW/WWWWW/WWWWW", "d1", "BW.BB/WWWWW/WWWWW/WWWWW/WWWWW"},
	}
	for _, c := range cases {
		b, n, err := ParseBoard(c.board)
		if err != nil {
			t.Fatal(err)
		}
		sq, err := ParseSquare(c.square, n)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Flip(sq).Text(n); got != c.want {
			t.Errorf("%s: %s flipped at %s = %s, want %s", c.name, c.board, c.square, got, c.want)
		}
		if got := refFlip(b, n, sq).Text(n); got != c.want {
			t.Errorf("%s: the reference flip gives %s, want %s (the test table is wrong)", c.name, got, c.want)
		}
	}
}

// TestFlipMatchesReference compares the bitboard flip with the literal rule on random boards of
// every size, with blanks.
func TestFlipMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200_000 {
		n := MinSize + i%(MaxSize-MinSize+1)
		b := Board{Pieces: SquareMask(n) &^ (rng.Uint64() & rng.Uint64() & rng.Uint64())}
		b.Black = rng.Uint64() & b.Pieces
		pieces := b.Pieces
		if pieces == 0 {
			continue
		}
		k := rng.IntN(countBits(pieces))
		for range k {
			pieces &= pieces - 1
		}
		sq := trailingZeros(pieces)
		got, want := b.Flip(sq), refFlip(b, n, sq)
		if got != want {
			t.Fatalf("%s flipped at %s: got %s, want %s", b.Text(n), SquareName(sq), got.Text(n), want.Text(n))
		}
	}
}

// TestRound checks the order of a round: own selections, check, the opponent's selections,
// check; same-square selections; the draw when both boards complete; the round cap.
func TestRound(t *testing.T) {
	cases := []struct {
		name              string
		red, yellow       string
		rs, ys            string
		wantRed, wantYell string
		want              Result
	}{
		{"a plain round: own square, then the opponent's", "WWW/WWW/WWW", "WWW/WWW/WWW", "a1", "c3",
			"BWW/WBW/WWB", "BWW/WBW/WWB", InPlay},
		{"the second move undoes the first", "WWW/WWW/WWW", "WWW/WWW/WWW", "b2", "b2",
			"WWW/WWW/WWW", "WWW/WWW/WWW", InPlay},
		{"same square twice traps on the way back", "BWW/WWW/WWW", "BWW/WWW/WWW", "c1", "c1",
			"BBW/WWW/WWW", "BBW/WWW/WWW", InPlay},
		{"Red wins after the first moves; the second are not played", "BBB/BBB/BBW", "WWW/WWW/WWW", "c3", "a1",
			"BBB/BBB/BBB", "BWW/WWW/WWW", RedWins},
		{"Yellow wins after the first moves", "WWW/WWW/WWW", "BBB/BWB/BBB", "a1", "b2",
			"BWW/WWW/WWW", "BBB/BBB/BBB", YellowWins},
		{"both boards complete at the first check: a draw", "BBB/BBW/BBB", "BBB/BBB/WBB", "c2", "a3",
			"BBB/BBB/BBB", "BBB/BBB/BBB", Drawn},
		{"Red completes with Yellow's square", "BBB/BWB/BBW", "WWW/WWW/WWW", "b2", "c3",
			"BBB/BBB/BBB", "WWW/WBW/WWB", RedWins},
		{"both complete at the second check: a draw", "WBB/BBB/BBW", "WBB/BBB/BBW", "a1", "c3",
			"BBB/BBB/BBB", "BBB/BBB/BBB", Drawn},
	}
	for _, c := range cases {
		red, yellow := mustBoard(t, c.red), mustBoard(t, c.yellow)
		r, y, res := PlayRound(red, yellow, mustSquare(t, c.rs), mustSquare(t, c.ys))
		if r.Text(3) != c.wantRed || y.Text(3) != c.wantYell || res != c.want {
			t.Errorf("%s: %s %s with %s %s: got %s %s %d, want %s %s %d", c.name, c.red, c.yellow, c.rs, c.ys,
				r.Text(3), y.Text(3), res, c.wantRed, c.wantYell, c.want)
		}
	}
}

// TestRoundThroughState plays rounds through the contract: ApplyJoint, Outcome, the cap.
func TestRoundThroughState(t *testing.T) {
	s, err := NewState(Rules{Size: 3, Mode: WhiteAndBlack, Cap: 2, Setup: "WWW/WWW/WWW"})
	if err != nil {
		t.Fatal(err)
	}
	if s.ToAct() != game.BothAct {
		t.Fatalf("ToAct = %v, want both", s.ToAct())
	}
	var buf []game.Action
	if got := len(s.Legal(game.First, buf)); got != 9 {
		t.Fatalf("Red has %d selections, want 9", got)
	}
	if err := s.Apply(0); !errors.Is(err, game.ErrNotYourTurn) {
		t.Errorf("Apply at a simultaneous node: %v, want ErrNotYourTurn", err)
	}
	for round := 1; round <= 2; round++ {
		if err := game.PlayJoint(s, game.Joint{9, 9}); err != nil {
			t.Fatal(err)
		}
		if s.Round() != round {
			t.Errorf("Round() = %d, want %d", s.Round(), round)
		}
	}
	o := s.Outcome()
	if !o.Over || o.Winner != game.NoPlayer || !strings.Contains(o.Reason, "cap") {
		t.Errorf("after the cap: outcome %+v, want a draw by the round cap", o)
	}
	if s.ToAct() != game.Nobody || len(s.Legal(game.First, nil)) != 0 || len(s.Legal(game.Second, nil)) != 0 {
		t.Error("after the cap: someone still acts")
	}
	if err := s.ApplyJoint(game.Joint{9, 9}); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("ApplyJoint after the end: %v, want ErrGameOver", err)
	}

	// A win after the first moves.
	s, _ = NewState(Rules{Size: 3, Mode: WhiteAndBlack, Cap: 100, Setup: "BBB/BBB/BBW:WWW/WWW/WWW"})
	if err := game.PlayJoint(s, game.Joint{18, 0}); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Over || o.Winner != game.First {
		t.Errorf("Red's board all black: outcome %+v, want a win for Red", o)
	}
	if got := s.Boards()[1].Text(3); got != "BWW/WWW/WWW" {
		t.Errorf("Yellow's board after Red's win = %s, want BWW/WWW/WWW (second moves not played)", got)
	}
}

// TestWhiteOnly checks the white-only mode: only white squares are selectable, and the
// opponent's square is turned whatever it shows.
func TestWhiteOnly(t *testing.T) {
	s, err := NewState(Rules{Size: 3, Mode: WhiteOnly, Cap: 100, Setup: "BWW/WWW/WWW:WWW/WWW/WWB"})
	if err != nil {
		t.Fatal(err)
	}
	legal := s.Legal(game.First, nil)
	if len(legal) != 8 {
		t.Fatalf("Red has %d selections in white-only mode, want the 8 white squares", len(legal))
	}
	for _, a := range legal {
		if a == 0 {
			t.Error("Red may select a1, which shows black")
		}
	}
	if err := game.PlayJoint(s, game.Joint{0, 9}); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("Red selects black a1 in white-only mode: %v, want ErrIllegal", err)
	}
	if err := s.ApplyJoint(game.Joint{0, 9}); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ApplyJoint with black a1 in white-only mode: %v, want ErrIllegal", err)
	}
	// Red selects c3 and Yellow b2. On Yellow's board c3 shows black after Yellow's own move,
	// and Red's selection turns it back to white all the same.
	if err := game.PlayJoint(s, game.Joint{18, 9}); err != nil { // c3, b2
		t.Fatal(err)
	}
	b := s.Boards()
	if got := b[0].Text(3); got != "BWW/WWW/WWB" {
		t.Errorf("Red's board = %s, want BWW/WWW/WWB", got)
	}
	if got := b[1].Text(3); got != "WWW/WWW/WWW" {
		t.Errorf("Yellow's board = %s, want WWW/WWW/WWW (black c3 turned, trapping b2)", got)
	}
	// White-and-black mode lets Red select black a1.
	s2, _ := NewState(Rules{Size: 3, Mode: WhiteAndBlack, Cap: 100, Setup: "BWW/WWW/WWW:WWW/WWW/WWB"})
	if err := game.PlayJoint(s2, game.Joint{0, 8}); err != nil {
		t.Errorf("white-and-black mode: Red selects black a1: %v", err)
	}
}

// TestBlanks checks that blanks are never selectable and stop traps in a real game.
func TestBlanks(t *testing.T) {
	s, err := NewState(Rules{Size: 4, Mode: WhiteAndBlack, Cap: 100, Setup: "BW.W/WWWW/WWWW/WWWW"})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range s.Legal(game.Second, nil) {
		if a == 2 {
			t.Fatal("the blank c1 is selectable")
		}
	}
	if err := game.PlayJoint(s, game.Joint{2, 3}); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("selecting a blank: %v, want ErrIllegal", err)
	}
	if err := game.PlayJoint(s, game.Joint{3, 27}); err != nil { // d1, d4
		t.Fatal(err)
	}
	if got := s.Boards()[0].Text(4); got != "BW.B/WBWB/WWBB/WWWB" {
		t.Errorf("Red's board = %s, want BW.B/WBWB/WWBB/WWWB", got)
	}
}

func TestSetupErrors(t *testing.T) {
	for _, c := range []struct {
		rules Rules
		why   string
	}{
		{Rules{Size: 3, Cap: 10, Setup: "WWW/WWW"}, "rows"},
		{Rules{Size: 4, Cap: 10, Setup: "WWW/WWW/WWW"}, "size=4"},
		{Rules{Size: 3, Cap: 10, Setup: "WWW/WXW/WWW"}, "b2"},
		{Rules{Size: 3, Cap: 10, Setup: "WW./WWW/WWW:WWW/WWW/WWW"}, "blanks"},
		{Rules{Size: 3, Cap: 10, Setup: "WWW/WWW/WWW:WWW/WWW/WWW:WWW/WWW/WWW"}, "one board"},
		{Rules{Size: 9, Cap: 10}, "size"},
		{Rules{Size: 8, Cap: 0}, "cap"},
	} {
		_, err := NewState(c.rules)
		if err == nil || !errors.Is(err, game.ErrOption) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%+v: error %v, want an option error mentioning %q", c.rules, err, c.why)
		}
	}
}

// TestRandomSetup checks the setup's ranges and that a seed always gives the same setup.
func TestRandomSetup(t *testing.T) {
	blackSeen, blankSeen := map[int]int{}, map[int]int{}
	for seed := range uint64(20_000) {
		b := RandomSetup(8, seed)
		blacks, blanks := b.BlackCount(), 64-countBits(b.Pieces)
		if blacks < 2 || blacks > 6 || blanks < 0 || blanks > 3 || b.Black&^b.Pieces != 0 {
			t.Fatalf("seed %d: %d black, %d blanks: %s", seed, blacks, blanks, b.Text(8))
		}
		blackSeen[blacks]++
		blankSeen[blanks]++
		if RandomSetup(8, seed) != b {
			t.Fatalf("seed %d gives two setups", seed)
		}
	}
	for k := 2; k <= 6; k++ {
		if f := float64(blackSeen[k]) / 20_000; f < 0.18 || f > 0.22 {
			t.Errorf("%d black pieces in %.3f of the setups, want about 1/5", k, f)
		}
	}
	for k := 0; k <= 3; k++ {
		if f := float64(blankSeen[k]) / 20_000; f < 0.23 || f > 0.27 {
			t.Errorf("%d blanks in %.3f of the setups, want about 1/4", k, f)
		}
	}
	for n := MinSize; n < MaxSize; n++ {
		for seed := range uint64(2000) {
			if b := RandomSetup(n, seed); b.Done() || b.Pieces&^SquareMask(n) != 0 {
				t.Fatalf("%dx%d seed %d: setup %s has no white or leaves the board", n, n, seed, b.Text(n))
			}
		}
	}
	// The draw is fixed for ever: recorded games replay only if these never change.
	golden := map[uint64]string{
		1:  RandomSetup(8, 1).Text(8),
		42: RandomSetup(8, 42).Text(8),
	}
	want := map[uint64]string{
		1:  goldenSetup1,
		42: goldenSetup42,
	}
	for seed, got := range golden {
		if got != want[seed] {
			t.Errorf("seed %d gives %s, want %s: the setup draw changed, old records no longer replay", seed, got, want[seed])
		}
	}
	s, err := NewState(Rules{Size: 8, Cap: 100, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	if b := s.Boards(); b[0] != b[1] {
		t.Error("the boards of a random setup differ")
	}
}

// Setups of seeds 1 and 42 on 8x8, as the first version of the program drew them.
const (
	goldenSetup1  = "WWWWWWWW/BWWWWWWW/WWWWWWWW/W.WWWW.W/WWWWWWWW/WWWWWWWW/WBWWWWWW/W.WWWWWW"
	goldenSetup42 = "WWWWWWWW/WW.WBWWW/WW.WWWWW/WWWWWBWW/WWWBWWWB/WWWWWWWW/WWWW.BWW/WWWWWWWW"
)

// TestEncodeRoundTrip plays random games and checks that every state encodes, decodes to a state
// that encodes the same and plays the same, and that every legal action formats and parses back.
func TestEncodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	g := Game{}
	for i := range 300 {
		r := Rules{Size: MinSize + i%6, Mode: Mode(i % 2), Cap: 1 + rng.IntN(30), Seed: rng.Uint64() >> 1}
		s, err := NewState(r)
		if err != nil {
			t.Fatal(err)
		}
		for {
			text := s.Encode()
			d, err := g.Decode(text)
			if err != nil {
				t.Fatalf("decode %q: %v", text, err)
			}
			if d.Encode() != text {
				t.Fatalf("round trip: %q became %q", text, d.Encode())
			}
			if d.ToAct() != s.ToAct() || d.Outcome() != s.Outcome() {
				t.Fatalf("decoded %q plays differently", text)
			}
			if s.ToAct() == game.Nobody {
				break
			}
			var j game.Joint
			for p := game.First; p <= game.Second; p++ {
				legal := s.Legal(p, nil)
				for _, a := range legal {
					back, err := s.ParseAction(p, s.FormatAction(p, a))
					if err != nil || back != a {
						t.Fatalf("%q: action %d formats as %q and parses as %d, %v", text, a, s.FormatAction(p, a), back, err)
					}
					up, err := s.ParseAction(p, strings.ToUpper(s.FormatAction(p, a)))
					if err != nil || up != a {
						t.Fatalf("%q: upper-case %q parses as %d, %v", text, strings.ToUpper(s.FormatAction(p, a)), up, err)
					}
				}
				j[p] = legal[rng.IntN(len(legal))]
			}
			if err := game.PlayJoint(s, j); err != nil {
				t.Fatal(err)
			}
			if err := game.PlayJoint(d, j); err != nil {
				t.Fatal(err)
			}
			if d.Encode() != s.Encode() {
				t.Fatalf("the decoded state and the original diverge: %q vs %q", d.Encode(), s.Encode())
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	good := "size=3,mode=white-and-black,cap=100,seed=1,setup= WWW/WBW/WWW WWW/WBW/WWW 0"
	if _, err := DecodeState(good); err != nil {
		t.Fatalf("%q: %v", good, err)
	}
	for _, c := range []struct {
		text string
		want error
	}{
		{"", game.ErrSyntax},
		{"size=3 WWW/WBW/WWW WWW/WBW/WWW", game.ErrSyntax},
		{"size=3,mode=white-and-black,cap=100,seed=1,setup= WWW/WBW/WWW WWW/WBW/WWW x", game.ErrSyntax},
		{"size=3,mode=white-and-black,cap=100,seed=1,setup= WWW/WBW/WWW WWW/WBW/WWW 101", game.ErrSyntax},
		{"size=3,mode=white-and-black,cap=100,seed=1,setup= WWW/WBW/WWW WWW/WBW/WWW -1", game.ErrSyntax},
		{"size=4,mode=white-and-black,cap=100,seed=1,setup= WWW/WBW/WWW WWW/WBW/WWW 0", game.ErrSyntax},
		{"size=3,mode=white-and-black,cap=100,seed=1,setup= WW./WBW/WWW WWW/WBW/WWW 0", game.ErrSyntax},
		{"size=3,mode=sometimes,cap=100,seed=1,setup= WWW/WBW/WWW WWW/WBW/WWW 0", game.ErrOption},
		{"size=3,mode=white-only,cap=100,seed=1,setup=WW/WW WWW/WBW/WWW WWW/WBW/WWW 0", game.ErrOption},
	} {
		if _, err := DecodeState(c.text); !errors.Is(err, c.want) {
			t.Errorf("DecodeState(%q) = %v, want %v", c.text, err, c.want)
		}
	}
}

func TestParsePosition(t *testing.T) {
	o := game.DefaultOptions(optionSpecs)
	cases := []struct {
		text, red, yellow string
		round             int
	}{
		{"WWW/WBW/WWW", "WWW/WBW/WWW", "WWW/WBW/WWW", 0},
		{"BWW/WWW/WWB wWw/WWW/WW.", "", "", -1},
		{"BWW/WWW/WWB WWW/WWW/WWB 3", "BWW/WWW/WWB", "WWW/WWW/WWB", 3},
		{"BW.W/WWWW/WWWW/WWWW", "BW.W/WWWW/WWWW/WWWW", "BW.W/WWWW/WWWW/WWWW", 0},
		{"", "", "", -1},
		{"WWW/WBW/WWW x", "", "", -1},
		{"WWW/WBW/WWW WWWW/WWWW/WWWW/WWWW", "", "", -1},
	}
	for _, c := range cases {
		st, err := Game{}.ParsePosition(o, c.text)
		if c.round < 0 {
			if err == nil || !errors.Is(err, game.ErrSyntax) {
				t.Errorf("ParsePosition(%q) = %v, want a syntax error", c.text, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", c.text, err)
			continue
		}
		s := st.(*State)
		n := s.Rules().Size
		if b := s.Boards(); b[0].Text(n) != c.red || b[1].Text(n) != c.yellow || s.Round() != c.round {
			t.Errorf("ParsePosition(%q) = %s %s %d", c.text, b[0].Text(n), b[1].Text(n), s.Round())
		}
	}
}

// TestPerft compares the boards' own perft with the generic one through the contract.
func TestPerft(t *testing.T) {
	for _, r := range []Rules{
		{Size: 3, Mode: WhiteAndBlack, Cap: 100, Setup: "BWW/WWW/WWB"},
		{Size: 3, Mode: WhiteOnly, Cap: 2, Setup: "BWW/WWW/WWB"},
		{Size: 4, Mode: WhiteOnly, Cap: 100, Setup: "BW.W/WWWW/WWBW/WWWW"},
		{Size: 8, Mode: WhiteAndBlack, Cap: 100, Seed: 7},
	} {
		s, err := NewState(r)
		if err != nil {
			t.Fatal(err)
		}
		depth := 3
		if r.Size == 8 {
			depth = 2
		}
		for d := 1; d <= depth; d++ {
			if got, want := s.Perft(d), game.Perft(s, d); got != want {
				t.Errorf("%+v depth %d: fast perft %d, contract perft %d", r, d, got, want)
			}
		}
	}
	// The first round of a game on full 8x8 boards: 64 x 64 joint selections.
	s, _ := NewState(Rules{Size: 8, Cap: 100, Setup: strings.Repeat("WWWWWWWW/", 7) + "WWWWWWWB"})
	if got := s.Perft(1); got != 64*64 {
		t.Errorf("perft(1) on full boards = %d, want 4096", got)
	}
}

func TestOptionsRoundTrip(t *testing.T) {
	r := Rules{Size: 5, Mode: WhiteOnly, Cap: 17, Seed: 99, Setup: ""}
	o, err := r.Options()
	if err != nil {
		t.Fatal(err)
	}
	if got := RulesOf(o); got != r {
		t.Errorf("RulesOf(Options) = %+v, want %+v", got, r)
	}
	o2, err := game.ParseOptionString(optionSpecs, "mode=white-only,size=5,cap=17,seed=99")
	if err != nil || !o2.Equal(o) {
		t.Errorf("ParseOptionString: %v, %v", o2, err)
	}
	if _, err := game.ParseOptionString(optionSpecs, "mode=black-only"); !errors.Is(err, game.ErrOption) {
		t.Errorf("bad mode: %v, want ErrOption", err)
	}
}

func TestDiagram(t *testing.T) {
	s, _ := NewState(Rules{Size: 3, Cap: 100, Setup: "BW./WWW/WWB:BW./WWW/WWW"})
	d := s.Diagram(game.First)
	for _, want := range []string{"Red: 2 black (you)", "Yellow: 1 black", "a b c", " 1  B W .", " 3  W W B"} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
}

func countBits(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func trailingZeros(x uint64) int {
	n := 0
	for x&1 == 0 && n < 64 {
		x >>= 1
		n++
	}
	return n
}

func TestStarts(t *testing.T) {
	starts, err := Starts(Rules{Size: 8, Mode: WhiteOnly, Cap: 50}, 20, 7)
	if err != nil || len(starts) != 20 {
		t.Fatalf("Starts: %d, %v", len(starts), err)
	}
	seen := map[string]bool{}
	for _, s := range starts {
		if s.Rules().Mode != WhiteOnly || s.Rules().Cap != 50 || s.Round() != 0 {
			t.Errorf("a start with rules %+v after %d rounds", s.Rules(), s.Round())
		}
		b := s.Boards()
		if b[0] != RandomSetup(8, s.Rules().Seed) || b[0] != b[1] {
			t.Errorf("start %q is not its seed's setup", s.Encode())
		}
		seen[b[0].Text(8)] = true
	}
	if len(seen) < 19 {
		t.Errorf("only %d different setups in 20 starts", len(seen))
	}
	again, _ := Starts(Rules{Size: 8, Mode: WhiteOnly, Cap: 50}, 20, 7)
	for i := range again {
		if again[i].Encode() != starts[i].Encode() {
			t.Fatal("Starts is not reproducible")
		}
	}
}

// TestRandomSeed checks that a game created without a seed or setup draws its seed: new games
// differ, the seed drawn is in the options and the encoding, and the encoding and a record
// replay the same setup.
func TestRandomSeed(t *testing.T) {
	g := Game{}
	o := game.DefaultOptions(optionSpecs)
	if o.Get("seed") != "0" {
		t.Fatalf("the seed option defaults to %q, want 0 (draw one)", o.Get("seed"))
	}
	seeds := map[uint64]bool{}
	setups := map[string]bool{}
	for range 4 {
		st, err := g.New(o)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		seed := s.Rules().Seed
		if seed == RandomSeed || seed > MaxSeed || s.Options().Get("seed") != strconv.FormatUint(seed, 10) {
			t.Fatalf("drawn seed %d, options %q", seed, s.Options())
		}
		seeds[seed] = true
		setups[s.Boards()[0].Text(8)] = true
		if b := s.Boards(); b[0] != RandomSetup(8, seed) || b[1] != b[0] {
			t.Errorf("the setup is not the drawn seed's")
		}
		// The encoding carries the seed: decoding gives the same start, which plays the same.
		d, err := g.Decode(s.Encode())
		if err != nil || d.Encode() != s.Encode() {
			t.Fatalf("decode %q: %v, %v", s.Encode(), d, err)
		}
		if again, err := NewState(d.(*State).Rules()); err != nil || again.Encode() != s.Encode() {
			t.Errorf("a new game under the decoded rules: %v, %v; want %q", again, err, s.Encode())
		}
		// So does a record: written, read and replayed, it starts from the same setup.
		j := game.Joint{game.Action(s.Legal(game.First, nil)[0]), game.Action(s.Legal(game.Second, nil)[0])}
		rec := game.Record{Start: s.Clone(), Moves: []string{game.FormatMove(s, game.Simultaneous(j))}}
		text, err := game.FormatRecord("", rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadRecords(strings.NewReader(text), game.Options{})
		if err != nil || back[0].Start.Encode() != s.Encode() {
			t.Fatalf("record %q reads back to %v, %v; want the start %q", text, back, err, s.Encode())
		}
	}
	if len(seeds) < 4 || len(setups) < 2 {
		t.Errorf("4 new games drew %d seeds and %d setups", len(seeds), len(setups))
	}
	// An explicit seed or setup draws nothing.
	s, _ := NewState(Rules{Size: 8, Cap: 100, Seed: 42})
	if s.Rules().Seed != 42 {
		t.Errorf("seed 42 became %d", s.Rules().Seed)
	}
	s, _ = NewState(Rules{Size: 3, Cap: 100, Setup: "WWW/WBW/WWW"})
	if s.Rules().Seed != RandomSeed || !strings.Contains(s.Encode(), "seed=0,setup=WWW/WBW/WWW") {
		t.Errorf("with a setup the seed became %d: %q", s.Rules().Seed, s.Encode())
	}
	// Seed 0 names no start of its own.
	if _, err := (Rules{Size: 8, Cap: 100}).StartBoards(); !errors.Is(err, game.ErrOption) {
		t.Errorf("StartBoards with seed 0: %v, want an option error", err)
	}
}
