package turncoat

import (
	"fmt"
	"math/bits"
	"strings"
	"turncoat/games/discs"
)

// Squares and bitboards.
//
// A board is a pair of bitboards on the 8x8 grid Othello uses, a1 = bit 0 and h8 = bit 63, rows
// numbered from the top:
//
//	     a  b  c  d  e  f  g  h
//	 1   0  1  2  3  4  5  6  7
//	 2   8  9 10 11 12 13 14 15
//	 ...
//	 8  56 57 58 59 60 61 62 63
//
// Smaller boards (3x3 to 7x7) use the top-left corner of the grid, so a square keeps its name
// and number whatever the size. Squares outside the board and blanks hold no piece, and a walk
// stops at a square without a piece: the board's edge and a blank end a trap alike.

// Board sizes.
const (
	MinSize = 3
	MaxSize = 8
)

// SquareMask returns the squares of an n x n board in the 8x8 grid.
func SquareMask(n int) uint64 {
	if n >= 8 {
		return ^uint64(0)
	}
	var m uint64
	for r := range n {
		m |= (uint64(1)<<n - 1) << (8 * r)
	}
	return m
}

// SquareName returns the label of square sq, "a1" to "h8".
func SquareName(sq int) string {
	if sq < 0 || sq > 63 {
		return "??"
	}
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

// ParseSquare reads a square label ("c3", "C3") of an n x n board.
func ParseSquare(text string, n int) (int, error) {
	if len(text) != 2 {
		return -1, fmt.Errorf("%q is not a square label like c3", text)
	}
	c, r := int(text[0]|0x20)-'a', int(text[1])-'1'
	if c < 0 || c >= 8 || r < 0 || r >= 8 {
		return -1, fmt.Errorf("%q is not a square label like c3", text)
	}
	if c >= n || r >= n {
		return -1, fmt.Errorf("%s is not on the %dx%d board", strings.ToLower(text), n, n)
	}
	return 8*r + c, nil
}

// Board is one player's board: which squares hold a piece, and which of those show black.
// Every other square of the board is a blank; squares outside the board hold nothing.
type Board struct {
	// Pieces are the squares holding a piece: the board's squares less its blanks.
	Pieces uint64
	// Black are the pieces showing black, a subset of Pieces.
	Black uint64
}

// White returns the pieces showing white.
func (b Board) White() uint64 { return b.Pieces &^ b.Black }

// Done reports whether no piece shows white: the board's owner has won.
func (b Board) Done() bool { return b.Pieces&^b.Black == 0 }

// BlackCount returns the number of pieces showing black (what the player's tab shows).
func (b Board) BlackCount() int { return bits.OnesCount64(b.Black) }

// Flip turns the piece on sq, then every line of pieces it traps (see the package doc). sq must
// hold a piece; the result is undefined otherwise. Flip does not allocate.
func (b Board) Flip(sq int) Board {
	bit := uint64(1) << (sq & 63)
	black := b.Black ^ bit
	own, other := black, b.Pieces&^black // the new colour is black
	if black&bit == 0 {
		own, other = other, own // the new colour is white
	}
	// A trap is the Othello bracket: a line of pieces of the other colour ending at one of
	// the new colour, with no blank or edge between. Othello's bracket finder reads sq's
	// rays only, so the piece on sq itself does not disturb it.
	return Board{Pieces: b.Pieces, Black: black ^ discs.Flips(sq, own, other)}
}

// Selectable returns the squares a player may select on own board b under mode.
func Selectable(b Board, mode Mode) uint64 {
	if mode == WhiteOnly {
		return b.Pieces &^ b.Black
	}
	return b.Pieces
}

// Result is how a round, or a position, stands: play goes on, or someone has won, or a draw.
type Result int8

// Results. The values are chosen so that the numbers are Red's payoff, with InPlay apart.
const (
	YellowWins Result = -1
	Drawn      Result = 0
	RedWins    Result = 1
	InPlay     Result = 2
)

// Check applies the rule's check to the two boards: a board without a white piece wins for its
// owner, and both at once is a draw.
func Check(red, yellow Board) Result {
	switch r, y := red.Done(), yellow.Done(); {
	case r && y:
		return Drawn
	case r:
		return RedWins
	case y:
		return YellowWins
	}
	return InPlay
}

// PlayRound plays one round from red and yellow with Red's selection rs and Yellow's ys: each
// board is flipped at its owner's square, the boards are checked, and unless that ended the
// game each board is flipped at the other player's square and checked again. It returns the
// boards and the result of the last check. It does not validate the selections and does not
// allocate.
func PlayRound(red, yellow Board, rs, ys int) (Board, Board, Result) {
	red, yellow = red.Flip(rs), yellow.Flip(ys)
	if r := Check(red, yellow); r != InPlay {
		return red, yellow, r
	}
	red, yellow = red.Flip(ys), yellow.Flip(rs)
	return red, yellow, Check(red, yellow)
}

// Text writes the board of an n x n game as rows top to bottom joined by '/': B black, W white,
// '.' blank.
func (b Board) Text(n int) string {
	var s strings.Builder
	s.Grow(n*n + n)
	for r := range n {
		if r > 0 {
			s.WriteByte('/')
		}
		for c := range n {
			bit := uint64(1) << (8*r + c)
			switch {
			case b.Black&bit != 0:
				s.WriteByte('B')
			case b.Pieces&bit != 0:
				s.WriteByte('W')
			default:
				s.WriteByte('.')
			}
		}
	}
	return s.String()
}

// ParseBoard reads Text's format: rows top to bottom joined by '/', each of the same length n
// (3 to 8), B black, W white, '.' blank (letters in either case). It returns the board and n.
func ParseBoard(text string) (Board, int, error) {
	rows := strings.Split(text, "/")
	n := len(rows)
	if n < MinSize || n > MaxSize {
		return Board{}, 0, fmt.Errorf("board %q has %d rows, want %d to %d rows joined by '/'", text, n, MinSize, MaxSize)
	}
	var b Board
	for r, row := range rows {
		if len(row) != n {
			return Board{}, 0, fmt.Errorf("board %q: row %d has %d squares, want %d (a square board)", text, r+1, len(row), n)
		}
		for c := range n {
			bit := uint64(1) << (8*r + c)
			switch row[c] {
			case 'B', 'b':
				b.Pieces |= bit
				b.Black |= bit
			case 'W', 'w':
				b.Pieces |= bit
			case '.':
			default:
				return Board{}, 0, fmt.Errorf("board %q: square %s is %q, want B, W or '.'", text, SquareName(8*r+c), row[c])
			}
		}
	}
	return b, n, nil
}

// splitMix is the setup's random number generator, SplitMix64. It is written out here, not
// taken from math/rand, so that a seed gives the same setup in every version of the program
// and recorded games replay forever.
type splitMix struct{ x uint64 }

func (s *splitMix) next() uint64 {
	s.x += 0x9e3779b97f4a7c15
	z := s.x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a uniform integer in [0, n) without modulo bias.
func (s *splitMix) intn(n int) int {
	bound := uint64(n)
	threshold := -bound % bound
	for {
		if r := s.next(); r >= threshold {
			return int(r % bound)
		}
	}
}

// RandomSetup returns the starting board of an n x n game drawn from seed, as the rules say:
// the number of black pieces uniformly from 2 to 6, then the number of blanks uniformly from 0
// to 3; the blanks on distinct random squares, then the black pieces on distinct squares that
// are not blank; white pieces everywhere else. On boards too small for that (3x3), the number
// of blanks is at most what leaves one white piece. The draw is fixed for ever: SplitMix64
// from seed, unbiased integers by rejection, and a partial Fisher-Yates shuffle of the squares
// in a1, b1, ... order.
func RandomSetup(n int, seed uint64) Board {
	rng := splitMix{x: seed}
	blacks := 2 + rng.intn(5)
	blanks := rng.intn(min(3, n*n-blacks-1) + 1)
	squares := make([]int, 0, n*n)
	for r := range n {
		for c := range n {
			squares = append(squares, 8*r+c)
		}
	}
	for i := range blanks + blacks {
		j := i + rng.intn(len(squares)-i)
		squares[i], squares[j] = squares[j], squares[i]
	}
	b := Board{Pieces: SquareMask(n)}
	for _, sq := range squares[:blanks] {
		b.Pieces &^= 1 << sq
	}
	for _, sq := range squares[blanks : blanks+blacks] {
		b.Black |= 1 << sq
	}
	return b
}

// Starts returns n starts under r for a match or a test set: the random setups of n seeds
// drawn from seed (r's own Seed and Setup are replaced), so that games do not all begin alike.
func Starts(r Rules, n int, seed uint64) ([]*State, error) {
	rng := splitMix{x: seed}
	out := make([]*State, 0, n)
	for range n {
		r.Seed, r.Setup = rng.next()>>1, ""
		s, err := NewState(r)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
