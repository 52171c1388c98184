package reversi

import (
	"fmt"
	"math/bits"
	"strings"
	"turncoat/games/discs"
)

// Action numbers: a move is its square's number (see the grid in bitboard.go); Pass is 64.
const (
	Pass     = 64
	NoSquare = -1
)

// Sizes are the board sizes Turncoat plays.
var Sizes = []int{4, 6, 8}

// SquareName returns the name of square sq ("a1".."h8"), "pass" for Pass.
func SquareName(sq int) string {
	if sq == Pass {
		return "pass"
	}
	return discs.SquareName(sq)
}

// Board is an n x n position: the discs of both colours, the side to move, and the size. It is
// the plain value the engine, the records and the State share. Black moves first in the standard
// game; which colour is to move is in Turn (0 = Black, 1 = White).
type Board struct {
	Black, White uint64
	// Turn is the colour to move: 0 Black, 1 White.
	Turn int
	// Size is 4, 6 or 8.
	Size int
}

// Mover returns the discs of the side to move and of its opponent.
func (b *Board) Mover() (p, o uint64) {
	if b.Turn == 0 {
		return b.Black, b.White
	}
	return b.White, b.Black
}

// Squares returns the squares of the board.
func (b *Board) Squares() uint64 { return discs.SquareMask(b.Size) }

// Empty returns the empty squares.
func (b *Board) Empty() uint64 { return discs.SquareMask(b.Size) &^ (b.Black | b.White) }

// Moves returns the legal moves of the side to move (placements, not counting a pass).
func (b *Board) Moves() uint64 {
	p, o := b.Mover()
	return discs.Moves(p, o) & discs.SquareMask(b.Size)
}

// OpponentMoves returns the legal moves the other side would have.
func (b *Board) OpponentMoves() uint64 {
	p, o := b.Mover()
	return discs.Moves(o, p) & discs.SquareMask(b.Size)
}

// Play puts a disc of the side to move on sq, turns the bracketed discs and passes the turn.
// It returns the flipped discs, or an error (and no change) if the move flips nothing.
func (b *Board) Play(sq int) (uint64, error) {
	if sq < 0 || sq > 63 || discs.SquareMask(b.Size)&(1<<sq) == 0 {
		return 0, fmt.Errorf("%s is not on the %dx%d board", SquareName(sq), b.Size, b.Size)
	}
	bit := uint64(1) << sq
	if (b.Black|b.White)&bit != 0 {
		return 0, fmt.Errorf("%s is not empty", SquareName(sq))
	}
	p, o := b.Mover()
	f := discs.Flips(sq, p, o)
	if f == 0 {
		return 0, fmt.Errorf("%s flips nothing", SquareName(sq))
	}
	b.place(bit, f)
	return f, nil
}

// place puts the mover's disc on bit, turns f and passes the turn.
func (b *Board) place(bit, f uint64) {
	if b.Turn == 0 {
		b.Black |= bit | f
		b.White &^= f
	} else {
		b.White |= bit | f
		b.Black &^= f
	}
	b.Turn ^= 1
}

// Pass gives the turn to the other side.
func (b *Board) Pass() { b.Turn ^= 1 }

// Counts returns the number of black discs, white discs and empty squares.
func (b *Board) Counts() (black, white, empty int) {
	black, white = bits.OnesCount64(b.Black), bits.OnesCount64(b.White)
	return black, white, b.Size*b.Size - black - white
}

// FinalScore returns the world-federation score of a finished game: discs, with the empty
// squares going to the winner, split evenly in a draw.
func (b *Board) FinalScore() (black, white int) {
	black, white, empty := b.Counts()
	switch {
	case black > white:
		black += empty
	case white > black:
		white += empty
	default:
		black += empty / 2
		white += empty / 2
	}
	return black, white
}

// FinalMargin returns the value of a finished game for the side to move: its discs minus its
// opponent's, the empty squares going to the side ahead (FinalScore from the mover's view).
func (b *Board) FinalMargin() int {
	black, white := b.FinalScore()
	if b.Turn == 1 {
		return white - black
	}
	return black - white
}

// Start returns the standard diagonal start of an n x n board (White on d4 and e5 on 8x8),
// Black to move.
func Start(n int) Board {
	black, white := discs.Start(n)
	return Board{White: white, Black: black, Size: n}
}

// Text writes the board as rows top to bottom joined by '/', X black, O white, - empty.
func (b *Board) Text() string {
	var s strings.Builder
	for r := range b.Size {
		if r > 0 {
			s.WriteByte('/')
		}
		for c := range b.Size {
			bit := uint64(1) << (8*r + c)
			switch {
			case b.Black&bit != 0:
				s.WriteByte('X')
			case b.White&bit != 0:
				s.WriteByte('O')
			default:
				s.WriteByte('-')
			}
		}
	}
	return s.String()
}

// ParseBoardText reads the square characters of a board of the given size in a1.. order
// (rows may be separated by '/' or spaces): X x * b black, O o w white, - . empty.
func ParseBoardText(text string, size int) (Board, error) {
	b := Board{Size: size}
	sq := 0
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if ch == '/' || ch == ' ' {
			continue
		}
		if sq >= size*size {
			return Board{}, fmt.Errorf("more than %d squares", size*size)
		}
		bit := uint64(1) << (8*(sq/size) + sq%size)
		switch ch {
		case 'X', 'x', '*', 'b', 'B':
			b.Black |= bit
		case 'O', 'o', 'w', 'W':
			b.White |= bit
		case '-', '.':
		default:
			return Board{}, fmt.Errorf("square %s: unexpected %q", SquareName(8*(sq/size)+sq%size), ch)
		}
		sq++
	}
	if sq != size*size {
		return Board{}, fmt.Errorf("%d squares, want %d", sq, size*size)
	}
	return b, nil
}

// Perft counts the leaves of the game tree below b to the given depth (see discs.Perft for the
// convention). It uses the standard rules (a side without a move passes).
func Perft(b Board, depth int) uint64 {
	p, o := b.Mover()
	return discs.Perft(p, o, discs.SquareMask(b.Size), depth)
}
