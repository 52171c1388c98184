package exact

import (
	"fmt"
	"math/bits"
	"sync"

	"turncoat/game"
	"turncoat/games/blocs"
)

// Blocs is solved completely, in both phases and both seatings.
//
// With same-side seating the flipping phase is the coin-turning game Rugs: by the Tartan
// theorem a black piece at row r, column c (from 1, at the top-left) is worth the nim product
// ruler(r) x ruler(c), a position is worth the nim sum (XOR) of its black pieces, and the
// player to move loses exactly when that is 0. The placement phase is then a search over
// (squares filled, XOR of the black pieces so far): 2^16 x 16 states, and 2^16 more for the
// positions with no black piece yet, since a placement that leaves the board all white ends
// the game (player 2, who placed last, wins) where another full board of value 0 is lost by the
// first to flip. The leaves, full boards, are played through games/blocs, which says which.
//
// With opposite seating the second player turns rectangles by their upper-left corner, the
// game is partizan and can loop, so the flipping phase is solved by retrograde analysis of its
// 2 x 2^16 positions (a position neither side can force is a draw: the repetition rule ends
// it), and the placement phase by a table of its 3^16 boards (each square empty, white or
// black), 43 MB built in a few seconds on first use.

// Ruler returns the largest power of two dividing n (n >= 1): the Grundy value of a coin at
// position n of the Ruler game.
func Ruler(n int) int { return n & -n }

// NimMul returns the nim product of a and b: the multiplication of the field of nimbers, in
// which 2^(2^k) times a smaller nimber is the ordinary product, and 2^(2^k) squared is
// 3/2 times 2^(2^k).
func NimMul(a, b uint64) uint64 { return nimMul(a, b, 32) }

// nimMul multiplies nimbers below 2^(2l) by splitting each at the Fermat power D = 2^l:
// (a1 D + a0)(b1 D + b0) = (a1b1 + a1b0 + a0b1) D + a0b0 + a1b1 (D/2), with D^2 = D + D/2.
func nimMul(a, b uint64, l uint) uint64 {
	if a < 2 || b < 2 {
		return a * b
	}
	lo := uint64(1)<<l - 1
	a1, a0, b1, b0 := a>>l, a&lo, b>>l, b&lo
	hh := nimMul(a1, b1, l/2)
	ll := nimMul(a0, b0, l/2)
	mid := nimMul(a1^a0, b1^b0, l/2) // a1b1 + a1b0 + a0b1 + a0b0
	return (mid^ll)<<l ^ ll ^ nimMul(hh, uint64(1)<<(l-1), l/2)
}

// BlocsGrundyTable holds the Grundy value of a single black piece on each square (a1 first, row
// by row): ruler(row) x ruler(column), the rule spec's table
//
//	1 2 1 4
//	2 3 2 8
//	1 2 1 4
//	4 8 4 6
var BlocsGrundyTable [blocs.Squares]uint8

func init() {
	for sq := range blocs.Squares {
		r, c := sq/blocs.Cols+1, sq%blocs.Cols+1
		BlocsGrundyTable[sq] = uint8(NimMul(uint64(Ruler(r)), uint64(Ruler(c))))
	}
}

// BlocsGrundy returns the Grundy value of a same-seating flipping position with black pieces
// black: the XOR of the table over them. The player to move loses exactly when it is 0.
func BlocsGrundy(black uint16) int {
	g := uint8(0)
	for m := black; m != 0; m &= m - 1 {
		g ^= BlocsGrundyTable[bits.TrailingZeros16(m)]
	}
	return int(g)
}

// BlocsWinningFlip returns a flip (a blocs action) that leaves a same-seating position of
// value 0, the one with the smallest rectangle; ok is false when the value is already 0 and no
// flip wins.
func BlocsWinningFlip(black uint16) (action int, ok bool) {
	g := BlocsGrundy(black)
	if g == 0 {
		return -1, false
	}
	var buf [blocs.Squares * blocs.Squares]int
	best, bestSize := -1, blocs.Squares+1
	for _, a := range blocs.FlipMoves(black, blocs.LowerRight, buf[:0]) {
		m, _ := blocs.MoveOf(a)
		r := blocs.Rect(m.UL, m.LR)
		if BlocsGrundy(black^r) == 0 && bits.OnesCount16(r) < bestSize {
			best, bestSize = a, bits.OnesCount16(r)
		}
	}
	return best, best >= 0 // the theory guarantees a winning flip when g != 0
}

// Result of a position for the player to move.
type Result int8

// Results.
const (
	Loss Result = -1
	Draw Result = 0
	Win  Result = 1
)

// winner returns the winner when r is p's result: p, p's opponent, or NoPlayer for a draw.
func (r Result) winner(p game.Player) game.Player {
	switch r {
	case Win:
		return p
	case Loss:
		return p.Other()
	}
	return game.NoPlayer
}

// flipTable holds the opposite-seating flipping phase, solved by retrograde analysis: for each
// board and player to move, the result for the mover and the number of moves to the end under
// optimal play (the winner hastening, the loser delaying).
type flipTable struct {
	result [2][1 << blocs.Squares]Result
	depth  [2][1 << blocs.Squares]uint16
}

var (
	oppositeFlipOnce  sync.Once
	oppositeFlipTable *flipTable
)

// oppositeFlips returns the solved flipping phase of opposite seating, built on first use.
func oppositeFlips() *flipTable {
	oppositeFlipOnce.Do(func() { oppositeFlipTable = retrograde(blocs.Rules{Opposite: true}) })
	return oppositeFlipTable
}

// retrograde solves the flipping phase under r by retrograde analysis: positions where the
// mover cannot move are lost; a position with a move to a lost one is won; a position all of
// whose moves lead to won ones is lost; what remains is drawn.
func retrograde(r blocs.Rules) *flipTable {
	t := &flipTable{}
	var left [2][1 << blocs.Squares]uint8 // moves not yet known to lead to a won position
	type pos struct {
		board uint16
		p     game.Player
	}
	queue := make([]pos, 0, 1<<12)
	var buf [blocs.Squares * blocs.Squares]int
	for p := game.First; p <= game.Second; p++ {
		for b := range 1 << blocs.Squares {
			n := len(blocs.FlipMoves(uint16(b), r.Corner(p), buf[:0]))
			left[p][b] = uint8(n)
			if n == 0 {
				t.result[p][b] = Loss
				queue = append(queue, pos{uint16(b), p})
			}
		}
	}
	// Every rectangle, to find the predecessors of a position: board b with q to move comes
	// from b^rect with q's opponent to move, if that opponent's corner of rect shows black in
	// b^rect.
	type rect struct {
		mask   uint16
		ul, lr int
	}
	var rects []rect
	for ul := range blocs.Squares {
		for lr := range blocs.Squares {
			if m := blocs.Rect(ul, lr); m != 0 {
				rects = append(rects, rect{m, ul, lr})
			}
		}
	}
	known := func(p game.Player, b uint16) bool { return t.result[p][b] != Draw || left[p][b] == 0 }
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		mover := cur.p.Other() // who moved into cur
		for _, rc := range rects {
			prev := cur.board ^ rc.mask
			corner := rc.lr
			if r.Corner(mover) == blocs.UpperLeft {
				corner = rc.ul
			}
			if prev&(1<<corner) == 0 || known(mover, prev) {
				continue
			}
			if t.result[cur.p][cur.board] == Loss {
				t.result[mover][prev] = Win
				t.depth[mover][prev] = t.depth[cur.p][cur.board] + 1
				left[mover][prev] = 0
				queue = append(queue, pos{prev, mover})
				continue
			}
			left[mover][prev]--
			if left[mover][prev] == 0 {
				t.result[mover][prev] = Loss
				t.depth[mover][prev] = t.depth[cur.p][cur.board] + 1
				queue = append(queue, pos{prev, mover})
			}
		}
	}
	return t
}

// BlocsFlipResult returns the result for the player to move, p, of the flipping position with
// black pieces black under r, with perfect play.
func BlocsFlipResult(r blocs.Rules, black uint16, p game.Player) Result {
	if !r.Opposite {
		if BlocsGrundy(black) != 0 {
			return Win
		}
		return Loss
	}
	return oppositeFlips().result[p][black]
}

// placementEnd gives the winner, under perfect play from then on, of the game whose placement
// phase leaves the board black (every square filled). games/blocs plays the placements, so that
// the game itself says whether it is over (an all-white board) and who flips first; the
// flipping phase's solution decides the rest. The tables take their leaves from it rather than
// from a second copy of the rules.
type placementEnd struct {
	start *blocs.State // the empty board under the rules
}

func newPlacementEnd(r blocs.Rules) placementEnd { return placementEnd{blocs.NewState(r)} }

// winner returns the winner after the placement that leaves black (NoPlayer: a draw).
func (e placementEnd) winner(black uint16) game.Player {
	s := e.start.Clone().(*blocs.State)
	for sq := range blocs.Squares {
		if err := s.Apply(game.Action(blocs.PlaceAction(sq, black&(1<<sq) != 0))); err != nil {
			panic(fmt.Sprintf("exact: placing on %s: %v", blocs.SquareName(sq), err)) // every square is empty in turn
		}
	}
	if o := s.Outcome(); o.Over {
		return o.Winner
	}
	p := s.Turn()
	return BlocsFlipResult(s.Rules(), black, p).winner(p)
}

// samePlacementTables holds the same-seating placement phase for one first-flip option: the
// winner (0 First, 1 Second) of each position. The flipping phase needs only the XOR x of the
// black pieces' values, except that a full board with no black piece at all ends the game
// (player 2 wins) where another board of value 0 loses for the first flipper: so positions with
// no black piece yet have a table of their own.
type samePlacementTables struct {
	someBlack []uint8 // [filled<<4|x]: positions with at least one black piece
	allWhite  []uint8 // [filled]: positions with none
}

var (
	samePlacementOnce [2]sync.Once
	samePlacement     [2]samePlacementTables
)

func samePlacementTable(r blocs.Rules) *samePlacementTables {
	first := r.FirstFlipper()
	samePlacementOnce[first].Do(func() {
		t := samePlacementTables{
			someBlack: make([]uint8, (1<<blocs.Squares)<<4),
			allWhite:  make([]uint8, 1<<blocs.Squares),
		}
		// The leaves: for each value, a full board with a black piece and that value.
		end := newPlacementEnd(r)
		var found [16]bool
		for b := 1; b <= blocs.Full; b++ {
			if x := BlocsGrundy(uint16(b)); !found[x] {
				found[x] = true
				t.someBlack[blocs.Full<<4|x] = uint8(end.winner(uint16(b)))
			}
		}
		t.allWhite[blocs.Full] = uint8(end.winner(0))
		for filled := blocs.Full - 1; filled >= 0; filled-- {
			mover := uint8(bits.OnesCount16(uint16(filled)) % 2)
			// Positions with a black piece: the mover wins if either face on some empty square
			// leads to a win.
			for x := range 16 {
				w := mover ^ 1
				for m := blocs.Full &^ filled; m != 0 && w != mover; m &= m - 1 {
					sq := bits.TrailingZeros16(uint16(m))
					f := filled | 1<<sq
					if t.someBlack[f<<4|x] == mover || t.someBlack[f<<4|(x^int(BlocsGrundyTable[sq]))] == mover {
						w = mover
					}
				}
				t.someBlack[filled<<4|x] = w
			}
			// The all-white position: a white piece keeps it all white, a black one does not.
			w := mover ^ 1
			for m := blocs.Full &^ filled; m != 0 && w != mover; m &= m - 1 {
				sq := bits.TrailingZeros16(uint16(m))
				f := filled | 1<<sq
				if t.allWhite[f] == mover || t.someBlack[f<<4|int(BlocsGrundyTable[sq])] == mover {
					w = mover
				}
			}
			t.allWhite[filled] = w
		}
		samePlacement[first] = t
	})
	return &samePlacement[first]
}

// Opposite seating's placement phase: one byte per board of 3^16, the winner (0 First, 1
// Second) or 2 for a draw. A board's index is the sum over squares of digit * 3^square, digit 0
// empty, 1 white, 2 black.
const pow3Squares = 43_046_721 // 3^16

var (
	oppositePlacementOnce [2]sync.Once
	oppositePlacement     [2][]uint8
	pow3                  [blocs.Squares]int
)

func init() {
	p := 1
	for i := range pow3 {
		pow3[i] = p
		p *= 3
	}
}

func oppositePlacementTable(r blocs.Rules) []uint8 {
	first := r.FirstFlipper()
	oppositePlacementOnce[first].Do(func() {
		end := newPlacementEnd(r)
		t := make([]uint8, pow3Squares)
		var digits [blocs.Squares]uint8
		filled, black := uint16(blocs.Full), uint16(blocs.Full)
		for i := range digits {
			digits[i] = 2
		}
		for idx := pow3Squares - 1; idx >= 0; idx-- {
			if filled == blocs.Full {
				t[idx] = 2
				if w := end.winner(black); w != game.NoPlayer {
					t[idx] = uint8(w)
				}
			} else {
				mover := uint8(bits.OnesCount16(filled) % 2)
				best := mover ^ 1 // a loss unless something better turns up
				for m := blocs.Full &^ filled; m != 0; m &= m - 1 {
					sq := bits.TrailingZeros16(uint16(m))
					w, b := t[idx+pow3[sq]], t[idx+2*pow3[sq]]
					if w == mover || b == mover {
						best = mover
						break
					}
					if w == 2 || b == 2 {
						best = 2
					}
				}
				t[idx] = best
			}
			// Count down: the lowest digit that is not 0 drops by one; 0 digits below it
			// wrap to 2.
			for sq := 0; sq < blocs.Squares; sq++ {
				bit := uint16(1) << sq
				if digits[sq] > 0 {
					digits[sq]--
					if digits[sq] == 1 {
						black &^= bit
					} else {
						filled &^= bit
					}
					break
				}
				digits[sq] = 2
				filled |= bit
				black |= bit
			}
		}
		oppositePlacement[first] = t
	})
	return oppositePlacement[first]
}

func placementIndex(filled, black uint16) int {
	idx := 0
	for m := filled; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros16(m)
		if black&(1<<sq) != 0 {
			idx += 2 * pow3[sq]
		} else {
			idx += pow3[sq]
		}
	}
	return idx
}

// BlocsPlacementWinner returns the winner under perfect play of the placement position with
// squares filled and pieces black showing black under r (NoPlayer: a draw, possible only with
// opposite seating). The first call for a rule set builds its table: instant for same-side
// seating, a few seconds and 43 MB for opposite seating.
func BlocsPlacementWinner(r blocs.Rules, filled, black uint16) game.Player {
	if !r.Opposite {
		t := samePlacementTable(r)
		if black == 0 {
			return game.Player(t.allWhite[filled])
		}
		return game.Player(t.someBlack[int(filled)<<4|BlocsGrundy(black)])
	}
	w := oppositePlacementTable(r)[placementIndex(filled, black)]
	if w == 2 {
		return game.NoPlayer
	}
	return game.Player(w)
}

// BlocsBestMoves appends to buf the moves of the player to move in s that keep the best result
// perfect play can reach (a win if there is one, else a draw, else every move: the game is
// lost), and returns them with that result. With opposite seating, where a repeated position
// draws, a winning move is one of those that win fastest, so that a win is never turned into a
// repetition, and a losing move one of those that lose slowest. It returns no moves when the
// game is over.
func BlocsBestMoves(s *blocs.State, buf []game.Action) ([]game.Action, Result) {
	buf = buf[:0]
	p := s.ToAct().Single()
	if p == game.NoPlayer {
		return buf, Loss
	}
	r := s.Rules()
	var legal [blocs.MaxAction]game.Action
	best, bestDepth := Loss, -1
	for _, a := range s.Legal(p, legal[:0]) {
		c := s.Clone().(*blocs.State)
		if err := c.Apply(a); err != nil {
			continue // cannot happen: a legal move
		}
		res, depth := resultAfter(r, c, p)
		// Rank by result, then by speed: fewer moves to a win, more to a loss.
		better := res > best || (res == best && ((res == Win && depth < bestDepth) || (res == Loss && depth > bestDepth)))
		switch {
		case better || len(buf) == 0:
			best, bestDepth, buf = res, depth, append(buf[:0], a)
		case res == best && depth == bestDepth:
			buf = append(buf, a)
		}
	}
	return buf, best
}

// resultAfter returns p's result in c, the position after p's move, with perfect play, and the
// number of moves to the end when it is known to matter (a flipping position with opposite
// seating; zero otherwise).
func resultAfter(r blocs.Rules, c *blocs.State, p game.Player) (Result, int) {
	if o := c.Outcome(); o.Over {
		switch o.Winner {
		case p:
			return Win, 0
		case game.NoPlayer:
			return Draw, 0
		}
		return Loss, 0
	}
	filled, black := c.Board()
	if c.Placing() {
		switch BlocsPlacementWinner(r, filled, black) {
		case p:
			return Win, 0
		case game.NoPlayer:
			return Draw, 0
		}
		return Loss, 0
	}
	q := c.Turn()
	res, depth := BlocsFlipResult(r, black, q), 0
	if r.Opposite {
		depth = int(oppositeFlips().depth[q][black])
	}
	if q != p {
		res = -res
	}
	return res, depth
}
