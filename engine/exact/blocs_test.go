package exact

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"testing"

	"turncoat/game"
	"turncoat/games/blocs"
)

func TestNimMul(t *testing.T) {
	// Rows of the nim multiplication table (Winning Ways, On Numbers and Games).
	table := map[uint64][]uint64{
		2: {0, 2, 3, 1, 8, 10, 11, 9, 12},
		3: {0, 3, 1, 2, 12, 15, 13, 14, 4},
		4: {0, 4, 8, 12, 6, 2, 14, 10, 11},
		8: {0, 8, 12, 4, 11, 3, 7, 15, 13},
	}
	for a, row := range table {
		for b, want := range row {
			if got := NimMul(a, uint64(b)); got != want {
				t.Errorf("%d (x) %d = %d, want %d", a, b, got, want)
			}
		}
	}
	// The nimbers below 2^16 are a field: commutative, associative, distributive over XOR,
	// and every non-zero element has an inverse.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		a, b, c := rng.Uint64()&0xFFFF, rng.Uint64()&0xFFFF, rng.Uint64()&0xFFFF
		if NimMul(a, b) != NimMul(b, a) || NimMul(NimMul(a, b), c) != NimMul(a, NimMul(b, c)) ||
			NimMul(a, b^c) != NimMul(a, b)^NimMul(a, c) || NimMul(a, b) > 0xFFFF {
			t.Fatalf("field laws fail for %d, %d, %d", a, b, c)
		}
	}
	for a := uint64(1); a < 256; a++ {
		found := false
		for b := uint64(1); b < 256 && !found; b++ {
			found = NimMul(a, b) == 1
		}
		if !found {
			t.Fatalf("%d has no inverse below 256", a)
		}
	}
}

// TestGrundyTable checks the Tartan table against the rule spec's and against Grundy values
// computed by brute force (the mex over every move) for all 65,536 positions; and the spec's
// count: every value 0..15 occurs for exactly 4,096 positions, the P-positions among them.
func TestGrundyTable(t *testing.T) {
	spec := [blocs.Squares]uint8{1, 2, 1, 4, 2, 3, 2, 8, 1, 2, 1, 4, 4, 8, 4, 6}
	if BlocsGrundyTable != spec {
		t.Fatalf("Grundy table %v, want the spec's %v", BlocsGrundyTable, spec)
	}
	// Every move lowers the board as a number, so increasing order sees moves' results first.
	var mex [1 << blocs.Squares]uint8
	var buf [blocs.Squares * blocs.Squares]int
	var counts [16]int
	for b := range 1 << blocs.Squares {
		var seen uint32
		for _, a := range blocs.FlipMoves(uint16(b), blocs.LowerRight, buf[:0]) {
			m, _ := blocs.MoveOf(a)
			next := uint16(b) ^ blocs.Rect(m.UL, m.LR)
			if int(next) >= b {
				t.Fatalf("a flip raises %04x to %04x", b, next)
			}
			seen |= 1 << mex[next]
		}
		mex[b] = uint8(bits.TrailingZeros32(^seen))
		if got := BlocsGrundy(uint16(b)); got != int(mex[b]) {
			t.Fatalf("position %04x: Tartan value %d, brute force %d", b, got, mex[b])
		}
		counts[mex[b]]++
	}
	for v, n := range counts {
		if n != 4096 {
			t.Errorf("value %d occurs %d times, want 4,096", v, n)
		}
	}
}

func TestWinningFlip(t *testing.T) {
	for b := range 1 << blocs.Squares {
		a, ok := BlocsWinningFlip(uint16(b))
		if ok != (BlocsGrundy(uint16(b)) != 0) {
			t.Fatalf("%04x: winning flip found %v, value %d", b, ok, BlocsGrundy(uint16(b)))
		}
		if !ok {
			continue
		}
		m, _ := blocs.MoveOf(a)
		if uint16(b)&(1<<m.LR) == 0 {
			t.Fatalf("%04x: winning flip %s is illegal", b, blocs.FormatAction(a))
		}
		if BlocsGrundy(uint16(b)^blocs.Rect(m.UL, m.LR)) != 0 {
			t.Fatalf("%04x: %s does not reach value 0", b, blocs.FormatAction(a))
		}
	}
}

// TestRetrogradeSameSeating cross-checks the retrograde analysis with the theory: with same-side
// seating a position is won exactly when its Grundy value is not 0, and nothing is drawn.
func TestRetrogradeSameSeating(t *testing.T) {
	tab := retrograde(blocs.Rules{})
	for p := game.First; p <= game.Second; p++ {
		for b := range 1 << blocs.Squares {
			want := Loss
			if BlocsGrundy(uint16(b)) != 0 {
				want = Win
			}
			if tab.result[p][b] != want {
				t.Fatalf("player %d, %04x: retrograde %d, theory %d", p+1, b, tab.result[p][b], want)
			}
		}
	}
}

// TestRetrogradeOpposite checks that the opposite-seating labels are a consistent solution: a
// lost position at depth d has only moves to won positions, one of them at depth d-1 and none
// deeper; a won position at depth d has a move to a lost one at depth d-1 and none to a lost
// one shallower; a drawn position has a move to a drawn one and none to a lost one.
func TestRetrogradeOpposite(t *testing.T) {
	r := blocs.Rules{Opposite: true}
	tab := oppositeFlips()
	var buf [blocs.Squares * blocs.Squares]int
	var counts [3]int
	for p := game.First; p <= game.Second; p++ {
		q := p.Other()
		for b := range 1 << blocs.Squares {
			res, d := tab.result[p][b], int(tab.depth[p][b])
			counts[res+1]++
			moves := blocs.FlipMoves(uint16(b), r.Corner(p), buf[:0])
			var toLoss, toDraw, lossAtDm1, winAtDm1, deeperWin, shallowerLoss bool
			for _, a := range moves {
				m, _ := blocs.MoveOf(a)
				nb := uint16(b) ^ blocs.Rect(m.UL, m.LR)
				nr, nd := tab.result[q][nb], int(tab.depth[q][nb])
				switch nr {
				case Loss:
					toLoss = true
					lossAtDm1 = lossAtDm1 || nd == d-1
					shallowerLoss = shallowerLoss || nd < d-1
				case Draw:
					toDraw = true
				case Win:
					winAtDm1 = winAtDm1 || nd == d-1
					deeperWin = deeperWin || nd > d-1
				}
			}
			ok := true
			switch res {
			case Loss:
				ok = !toLoss && !toDraw && !deeperWin && (len(moves) == 0 && d == 0 || winAtDm1)
			case Win:
				ok = toLoss && lossAtDm1 && !shallowerLoss
			case Draw:
				ok = !toLoss && toDraw
			}
			if !ok {
				t.Fatalf("player %d to move, %04x: result %d at depth %d is inconsistent with its moves", p+1, b, res, d)
			}
		}
	}
	if counts[1] == 0 {
		t.Error("no drawn position with opposite seating: the cycles should give some")
	}
	t.Logf("opposite seating flipping positions: %d lost, %d drawn, %d won for the mover", counts[0], counts[1], counts[2])
}

// placed returns the placement position of r with squares filled and pieces black showing black,
// reached by playing its placements through games/blocs (square by square, the players taking
// turns as the rules say).
func placed(t *testing.T, r blocs.Rules, filled, black uint16) *blocs.State {
	t.Helper()
	s := blocs.NewState(r)
	for m := filled; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros16(m)
		if err := s.Apply(game.Action(blocs.PlaceAction(sq, black&(1<<sq) != 0))); err != nil {
			t.Fatalf("%+v: placing on %s: %v", r, blocs.SquareName(sq), err)
		}
	}
	return s
}

// bruteWinner plays out the game from s by plain minimax over games/blocs states, so that the
// game itself says who moves next and when it is over (an all-white board after the placement
// among others), with the flipping phase's exact results at the leaves: a reference for the
// tables on positions with few empty squares.
func bruteWinner(t *testing.T, s *blocs.State) game.Player {
	if o := s.Outcome(); o.Over {
		return o.Winner
	}
	mover := s.ToAct().Single()
	if !s.Placing() {
		_, black := s.Board()
		return BlocsFlipResult(s.Rules(), black, mover).winner(mover)
	}
	best := mover.Other()
	for _, a := range s.Legal(mover, nil) {
		c := s.Clone().(*blocs.State)
		if err := c.Apply(a); err != nil {
			t.Fatalf("%s: %s: %v", s.Encode(), blocs.FormatAction(int(a)), err)
		}
		switch w := bruteWinner(t, c); w {
		case mover:
			return mover
		case game.NoPlayer:
			best = game.NoPlayer
		}
	}
	return best
}

func testPlacementTable(t *testing.T, r blocs.Rules, positions int) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range positions {
		empty := 1 + rng.IntN(5)
		perm := rng.Perm(blocs.Squares)
		var filled, black uint16
		for _, sq := range perm[empty:] {
			filled |= 1 << sq
			if rng.IntN(2) == 0 {
				black |= 1 << sq
			}
		}
		if got, want := BlocsPlacementWinner(r, filled, black), bruteWinner(t, placed(t, r, filled, black)); got != want {
			t.Fatalf("%+v: %s: table says %v, minimax %v", r, blocs.Text(filled, black), got, want)
		}
	}
}

// allBlocsRules lists the four rule sets: both first-flip options under both seatings.
var allBlocsRules = []blocs.Rules{{}, {SecondFlipsFirst: true}, {Opposite: true}, {Opposite: true, SecondFlipsFirst: true}}

// TestPlacementAllWhite checks the tables where the placement can leave the board all white,
// which games/blocs ends at once as a win for player 2 (who placed last) under either first-flip
// option: the full all-white board, and every all-white placement position with up to three
// empty squares, against minimax over the game's own states, under every rule set.
func TestPlacementAllWhite(t *testing.T) {
	for _, r := range allBlocsRules {
		s := placed(t, r, blocs.Full, 0)
		if o := s.Outcome(); !o.Over || o.Winner != game.Second {
			t.Fatalf("%+v: games/blocs ends an all-white placement with %+v, want a win for player 2", r, o)
		}
		if got := BlocsPlacementWinner(r, blocs.Full, 0); got != game.Second {
			t.Errorf("%+v: the table gives the all-white full board to %v, the game to %v", r, got, game.Second)
		}
		checked := 0
		for filled := range blocs.Full + 1 {
			if blocs.Squares-bits.OnesCount16(uint16(filled)) > 3 {
				continue
			}
			want := bruteWinner(t, placed(t, r, uint16(filled), 0))
			if got := BlocsPlacementWinner(r, uint16(filled), 0); got != want {
				t.Fatalf("%+v: %s: table says %v, minimax %v", r, blocs.Text(uint16(filled), 0), got, want)
			}
			checked++
		}
		if checked != 1+16+120+560 {
			t.Fatalf("%+v: checked %d all-white positions, want 697", r, checked)
		}
	}
}

// TestPlacementFullBoards checks the table of every full board, under every rule set, against
// the game: the placement played through games/blocs, its Outcome when the game is over, else
// the flipping phase's exact result for the player games/blocs has to move.
func TestPlacementFullBoards(t *testing.T) {
	for _, r := range allBlocsRules {
		for black := range blocs.Full + 1 {
			want := bruteWinner(t, placed(t, r, blocs.Full, uint16(black)))
			if got := BlocsPlacementWinner(r, blocs.Full, uint16(black)); got != want {
				t.Fatalf("%+v: %s: table says %v, the game %v", r, blocs.Text(blocs.Full, uint16(black)), got, want)
			}
		}
	}
}

func TestPlacementSame(t *testing.T) {
	for _, r := range allBlocsRules[:2] {
		testPlacementTable(t, r, 300)
	}
}

// TestPlacementOpposite builds the 3^16 table (a few seconds) and checks it against minimax near
// the end of the placement; EXACT_DEEP=1 checks both first-flip options and more positions.
func TestPlacementOpposite(t *testing.T) {
	rules, positions := []blocs.Rules{{Opposite: true}}, 150
	if os.Getenv("EXACT_DEEP") != "" {
		rules, positions = append(rules, blocs.Rules{Opposite: true, SecondFlipsFirst: true}), 1000
	}
	for _, r := range rules {
		testPlacementTable(t, r, positions)
	}
}

// TestPerfectPlay checks the solver's claims in play: from the start and from random positions,
// the side the solver says wins does win against random play, whoever plays the other side;
// a drawn position is never lost by the side that plays perfectly.
func TestPerfectPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 120 {
		r := blocs.Rules{SecondFlipsFirst: i%2 == 1, Opposite: i%4 >= 2}
		s := blocs.NewState(r)
		// A random opening of 0 to 20 moves.
		for k := rng.IntN(21); k > 0 && s.ToAct() != game.Nobody; k-- {
			legal := s.Legal(s.ToAct().Single(), nil)
			_ = s.Apply(legal[rng.IntN(len(legal))])
		}
		p := s.ToAct().Single()
		if p == game.NoPlayer {
			continue
		}
		_, want := BlocsBestMoves(s, nil)
		// p plays perfectly, the other side at random.
		var buf []game.Action
		for plies := 0; s.ToAct() != game.Nobody; plies++ {
			q := s.ToAct().Single()
			var a game.Action
			if q == p {
				var best []game.Action
				best, _ = BlocsBestMoves(s, buf)
				a = best[rng.IntN(len(best))]
			} else {
				legal := s.Legal(q, nil)
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			if plies > 5000 {
				t.Fatal("a game with perfect play runs on")
			}
		}
		o := s.Outcome()
		switch {
		case want == Win && o.Winner != p:
			t.Fatalf("%+v game %d: player %d had a won position and got %+v", r, i, p+1, o)
		case want == Draw && o.Winner == p.Other():
			t.Fatalf("%+v game %d: player %d had a drawn position and lost", r, i, p+1)
		}
	}
}
