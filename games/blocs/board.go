package blocs

import (
	"fmt"
	"math/bits"
	"strings"
)

// Squares and boards.
//
// The board is 4x4, rows 1 to 4 from the top and columns a to d. A board is a 16-bit mask with
// one bit per square, row by row from the top-left:
//
//	     a  b  c  d
//	 1   0  1  2  3
//	 2   4  5  6  7
//	 3   8  9 10 11
//	 4  12 13 14 15
//
// So a rectangle's lower-right square is its highest bit and its upper-left square its lowest:
// turning a rectangle whose lower-right piece shows black lowers the board read as a 16-bit
// number (black = 1), which is why the game ends.

// Board dimensions.
const (
	Rows    = 4
	Cols    = 4
	Squares = Rows * Cols
	// Full is the mask of every square.
	Full = 1<<Squares - 1
)

// SquareName returns the label of square sq, "a1" to "d4".
func SquareName(sq int) string {
	if sq < 0 || sq >= Squares {
		return "??"
	}
	return string([]byte{byte('a' + sq%Cols), byte('1' + sq/Cols)})
}

// ParseSquare reads a square label ("b3", "B3").
func ParseSquare(text string) (int, error) {
	if len(text) != 2 {
		return -1, fmt.Errorf("%q is not a square like b3", text)
	}
	c, r := int(text[0]|0x20)-'a', int(text[1])-'1'
	if c < 0 || c >= Cols || r < 0 || r >= Rows {
		return -1, fmt.Errorf("%q is not a square of the 4x4 board (a1 to d4)", text)
	}
	return r*Cols + c, nil
}

// Rect returns the mask of the rectangle with upper-left square ul and lower-right square lr;
// zero if lr is not below and right of ul (or on the same row or column).
func Rect(ul, lr int) uint16 {
	if ul < 0 || lr < 0 || ul >= Squares || lr >= Squares {
		return 0
	}
	return rects[ul][lr]
}

// rects[ul][lr] is the rectangle from ul to lr, or zero.
var rects [Squares][Squares]uint16

func init() {
	for ul := range Squares {
		for lr := range Squares {
			r0, c0, r1, c1 := ul/Cols, ul%Cols, lr/Cols, lr%Cols
			if r1 < r0 || c1 < c0 {
				continue
			}
			var m uint16
			for r := r0; r <= r1; r++ {
				for c := c0; c <= c1; c++ {
					m |= 1 << (r*Cols + c)
				}
			}
			rects[ul][lr] = m
		}
	}
}

// Corner says which corner of a rectangle must show black for a player to turn it.
type Corner uint8

// Corners.
const (
	// LowerRight is the rule of the first player, and of both with same-side seating.
	LowerRight Corner = iota
	// UpperLeft is the second player's rule when the players sit opposite each other.
	UpperLeft
)

// FlipMoves appends to buf the flips (as Flip actions) a player with rule corner may make on
// board black, and returns it; none means the player cannot move.
func FlipMoves(black uint16, corner Corner, buf []int) []int {
	for m := black; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros16(m)
		r, c := sq/Cols, sq%Cols
		if corner == LowerRight {
			for r0 := 0; r0 <= r; r0++ {
				for c0 := 0; c0 <= c; c0++ {
					buf = append(buf, FlipAction(r0*Cols+c0, sq))
				}
			}
		} else {
			for r1 := r; r1 < Rows; r1++ {
				for c1 := c; c1 < Cols; c1++ {
					buf = append(buf, FlipAction(sq, r1*Cols+c1))
				}
			}
		}
	}
	return buf
}

// Actions. A placement is its square, plus 16 when the piece goes black side up; a flip is 32
// plus 16 times the rectangle's upper-left square plus its lower-right square.
const (
	placeBlack = Squares
	flipBase   = 2 * Squares
	// MaxAction bounds every action number.
	MaxAction = flipBase + Squares*Squares
)

// PlaceAction returns the action placing a piece on sq, black side up or not.
func PlaceAction(sq int, black bool) int {
	if black {
		return placeBlack + sq
	}
	return sq
}

// FlipAction returns the action turning the rectangle from ul to lr.
func FlipAction(ul, lr int) int { return flipBase + ul*Squares + lr }

// Move is an action spelled out.
type Move struct {
	// Flip tells a flip from a placement.
	Flip bool
	// Square and Black are a placement's square and face.
	Square int
	Black  bool
	// UL and LR are a flip's upper-left and lower-right squares.
	UL, LR int
}

// MoveOf spells out action a; ok is false for a number that is no action.
func MoveOf(a int) (m Move, ok bool) {
	switch {
	case a >= 0 && a < placeBlack:
		return Move{Square: a}, true
	case a >= placeBlack && a < flipBase:
		return Move{Square: a - placeBlack, Black: true}, true
	case a >= flipBase && a < MaxAction:
		m = Move{Flip: true, UL: (a - flipBase) / Squares, LR: (a - flipBase) % Squares}
		return m, Rect(m.UL, m.LR) != 0
	}
	return Move{}, false
}

// FormatAction writes an action in the game's notation: "Bb3" or "Wb3" for a placement,
// "a1-c3" for a flip ("c3" for a single square).
func FormatAction(a int) string {
	m, ok := MoveOf(a)
	switch {
	case !ok:
		return "??"
	case !m.Flip && m.Black:
		return "B" + SquareName(m.Square)
	case !m.Flip:
		return "W" + SquareName(m.Square)
	case m.UL == m.LR:
		return SquareName(m.UL)
	}
	return SquareName(m.UL) + "-" + SquareName(m.LR)
}

// ParseAction reads the notation: "Bb3"/"Wb3" (the face in either case), "a1-c3" (any two
// opposite corners) or "c3".
func ParseAction(text string) (int, error) {
	text = strings.TrimSpace(text)
	if len(text) == 3 && strings.ContainsRune("BbWw", rune(text[0])) {
		sq, err := ParseSquare(text[1:])
		if err != nil {
			return -1, err
		}
		return PlaceAction(sq, text[0]|0x20 == 'b'), nil
	}
	from, to, isRect := strings.Cut(text, "-")
	if !isRect {
		to = from
	}
	a, err := ParseSquare(from)
	if err != nil {
		return -1, fmt.Errorf("%q: want a placement like Bb3 or Wb3, or a rectangle like a1-c3: %v", text, err)
	}
	b, err := ParseSquare(to)
	if err != nil {
		return -1, fmt.Errorf("%q: want a placement like Bb3 or Wb3, or a rectangle like a1-c3: %v", text, err)
	}
	r0, r1 := min(a/Cols, b/Cols), max(a/Cols, b/Cols)
	c0, c1 := min(a%Cols, b%Cols), max(a%Cols, b%Cols)
	return FlipAction(r0*Cols+c0, r1*Cols+c1), nil
}

// Text writes a board as rows top to bottom joined by '/': B black, W white, '.' empty.
func Text(filled, black uint16) string {
	var s strings.Builder
	for r := range Rows {
		if r > 0 {
			s.WriteByte('/')
		}
		for c := range Cols {
			bit := uint16(1) << (r*Cols + c)
			switch {
			case filled&bit == 0:
				s.WriteByte('.')
			case black&bit != 0:
				s.WriteByte('B')
			default:
				s.WriteByte('W')
			}
		}
	}
	return s.String()
}

// ParseText reads Text's format (letters in either case).
func ParseText(text string) (filled, black uint16, err error) {
	rows := strings.Split(text, "/")
	if len(rows) != Rows {
		return 0, 0, fmt.Errorf("board %q: want %d rows joined by '/'", text, Rows)
	}
	for r, row := range rows {
		if len(row) != Cols {
			return 0, 0, fmt.Errorf("board %q: row %d has %d squares, want %d", text, r+1, len(row), Cols)
		}
		for c := range Cols {
			bit := uint16(1) << (r*Cols + c)
			switch row[c] {
			case 'B', 'b':
				filled |= bit
				black |= bit
			case 'W', 'w':
				filled |= bit
			case '.':
			default:
				return 0, 0, fmt.Errorf("board %q: square %s is %q, want B, W or '.'", text, SquareName(r*Cols+c), row[c])
			}
		}
	}
	return filled, black, nil
}
