package othello

import "math/bits"

// Stable discs: discs that no sequence of moves can flip. Their count bounds the final score
// (the opponent's stable discs stay his), which lets the solver cut off hopeless lines.
//
// The estimate is the classic one: the discs of the edges that are stable along their edge
// (from a table of every edge configuration), the discs whose four lines are full, and then, to
// a fixed point, the discs that in each of the four directions touch a stable disc of their own
// colour or lie on a full line. It finds a subset of the stable discs, which is all a bound
// needs.

// columnSpread[b] puts bit k of b on square (k, 0) of the grid: column a.
var columnSpread [256]uint64

func init() {
	for b := range 256 {
		for k := range 8 {
			if b>>k&1 != 0 {
				columnSpread[b] |= 1 << (8 * k)
			}
		}
	}
	for _, g := range geometries {
		n := g.size
		t := make([]uint8, 1<<(2*n))
		done := make([]bool, len(t))
		for p := range 1 << n {
			for o := range 1 << n {
				if p&o == 0 {
					edgeStableOf(n, p, o, t, done)
				}
			}
		}
		g.edgeStable = t
	}
}

// edgeStableOf fills t[p<<n|o]: p's discs that survive every continuation of the line, where a
// disc may be played on any empty square (it may flip along other lines) and flips along this
// one what it brackets.
func edgeStableOf(n, p, o int, t []uint8, done []bool) uint8 {
	key := p<<n | o
	if done[key] {
		return t[key]
	}
	stable := uint8(p)
	empty := (1<<n - 1) &^ (p | o)
	for x := 0; x < n && stable != 0; x++ {
		if empty>>x&1 == 0 {
			continue
		}
		np, no := lineMove(n, p|1<<x, o, x)
		stable &= edgeStableOf(n, np, no, t, done)
		no2, np2 := lineMove(n, o|1<<x, p, x)
		stable &= edgeStableOf(n, np2, no2, t, done)
	}
	t[key], done[key] = stable, true
	return stable
}

// lineMove flips, on a line of n squares, the discs of o that the disc of p just placed on x
// brackets; it returns the new p and o.
func lineMove(n, p, o, x int) (int, int) {
	for _, d := range []int{-1, 1} {
		y := x + d
		for y >= 0 && y < n && o>>y&1 != 0 {
			y += d
		}
		if y < 0 || y >= n || p>>y&1 == 0 {
			continue
		}
		for z := x + d; z != y; z += d {
			p |= 1 << z
			o &^= 1 << z
		}
	}
	return p, o
}

// columnByte gathers column a of x into a byte, row k on bit k.
func columnByte(x uint64) uint64 {
	return (x & 0x0101010101010101) * 0x0102040810204080 >> 56
}

// fullLines returns the squares whose row, column, diagonal and anti-diagonal lines are full,
// one mask per direction; squares outside the board count as full, so lines end at its edge.
func (g *geometry) fullLines(occupied uint64) (h, v, d, a uint64) {
	x := occupied | ^g.mask
	h = x & (x >> 1)
	h &= h >> 2
	h &= h >> 4
	h = (h & 0x0101010101010101) * 0xFF
	v = x & bits.RotateLeft64(x, 8)
	v &= bits.RotateLeft64(v, 16)
	v &= bits.RotateLeft64(v, 32)
	if g.size == 8 {
		d, a = fullDiagonals(x)
		return h, v, d, a
	}
	for i := range 15 {
		if m := diagonalLines[i]; x&m == m {
			d |= m
		}
		if m := antiDiagonalLines[i]; x&m == m {
			a |= m
		}
	}
	return h, v, d, a
}

// fullDiagonals returns the squares of the 8x8 board whose diagonal (d) and anti-diagonal (a)
// lines are full in x. Each square's line is checked outwards by doubling steps (1, 2, then 4
// squares) in both directions; a square whose step would leave the board keeps what it has,
// since its line ends there.
func fullDiagonals(x uint64) (d, a uint64) {
	const (
		row0, row01, row0123 = 0x00000000000000FF, 0x000000000000FFFF, 0x00000000FFFFFFFF
		row7, row67, row4567 = 0xFF00000000000000, 0xFFFF000000000000, 0xFFFFFFFF00000000
		col0, col01, col0123 = 0x0101010101010101, 0x0303030303030303, 0x0F0F0F0F0F0F0F0F
		col7, col67, col4567 = 0x8080808080808080, 0xC0C0C0C0C0C0C0C0, 0xF0F0F0F0F0F0F0F0
	)
	// diagonal: +9 is a row down and a column right
	d = fullAlong(x, 9, row7|col7, row67|col67, row4567|col4567, row0|col0, row01|col01, row0123|col0123)
	// anti-diagonal: +7 is a row down and a column left
	a = fullAlong(x, 7, row7|col0, row67|col01, row4567|col0123, row0|col7, row01|col67, row0123|col4567)
	return d, a
}

// fullAlong returns the squares whose line in direction +shift is full in x. down1, down2 and
// down4 are the squares from which a step of 1, 2 or 4 squares forwards leaves the line; up1,
// up2 and up4 the same backwards.
func fullAlong(x uint64, shift uint, down1, down2, down4, up1, up2, up4 uint64) uint64 {
	down := x & (x>>shift | down1)
	down &= down>>(2*shift) | down2
	down &= down>>(4*shift) | down4
	up := x & (x<<shift | up1)
	up &= up<<(2*shift) | up2
	up &= up<<(4*shift) | up4
	return down & up
}

// diagonalLines and antiDiagonalLines are the 15 lines of each diagonal direction.
var diagonalLines, antiDiagonalLines [15]uint64

func init() {
	for sq := range 64 {
		r, c := sq/8, sq%8
		diagonalLines[r-c+7] |= 1 << sq
		antiDiagonalLines[r+c] |= 1 << sq
	}
}

// stable returns discs of p that can never be flipped (a subset of them all).
func (g *geometry) stable(p, o uint64) uint64 {
	n := uint(g.size)
	last := n - 1
	line := uint64(1)<<n - 1
	t := g.edgeStable
	edge := uint64(t[(p&line)<<n|o&line])
	edge |= uint64(t[(p>>(8*last)&line)<<n|o>>(8*last)&line]) << (8 * last)
	edge |= columnSpread[t[columnByte(p)<<n|columnByte(o)]]
	edge |= columnSpread[t[columnByte(p>>last)<<n|columnByte(o>>last)]] << last

	inner := g.mask &^ (line | line<<(8*last) | columnSpread[line] | columnSpread[line]<<last)
	inner &= p
	fh, fv, fd, fa := g.fullLines(p | o)
	next := edge | fh&fv&fd&fa&inner
	var stable uint64
	for next&^stable != 0 {
		stable |= next
		h := stable>>1 | stable<<1 | fh
		v := stable>>8 | stable<<8 | fv
		d := stable>>9 | stable<<9 | fd
		a := stable>>7 | stable<<7 | fa
		next = h & v & d & a & inner
	}
	return stable
}
