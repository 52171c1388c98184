package discs

import "fmt"

// SquareMask returns the squares of an n x n board in the 8x8 grid (n = 4, 6 or 8).
func SquareMask(n int) uint64 {
	if n == 8 {
		return ^uint64(0)
	}
	var m uint64
	for r := range n {
		m |= (uint64(1)<<n - 1) << (8 * r)
	}
	return m
}

// CentreMask returns the four centre squares of an n x n board.
func CentreMask(n int) uint64 {
	c := n/2 - 1
	return 3<<(8*c+c) | 3<<(8*(c+1)+c)
}

// Start returns the discs of the diagonal start on an n x n board: White on the centre's
// top-left and bottom-right squares (d4 e5 on 8x8), Black on the other two.
func Start(n int) (black, white uint64) {
	c := n/2 - 1
	tl, tr, bl, br := uint64(1)<<(8*c+c), uint64(1)<<(8*c+c+1), uint64(1)<<(8*(c+1)+c), uint64(1)<<(8*(c+1)+c+1)
	return tr | bl, tl | br
}

// SquareName returns the name of square sq ("a1".."h8"), or "??" for a number off the grid.
func SquareName(sq int) string {
	if sq < 0 || sq > 63 {
		return "??"
	}
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

// ParseSquare reads a square name, case-insensitively ("f5", "F5"), for boards up to 8x8.
func ParseSquare(s string) (int, error) {
	if len(s) != 2 {
		return -1, fmt.Errorf("%q is not a square name like f5", s)
	}
	c, r := s[0]|0x20, s[1]
	if c < 'a' || c > 'h' || r < '1' || r > '8' {
		return -1, fmt.Errorf("%q is not a square name like f5", s)
	}
	return int(r-'1')*8 + int(c-'a'), nil
}
