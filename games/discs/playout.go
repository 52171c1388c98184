package discs

import "math/bits"

// RandomPlayouts2 plays two games of uniformly random legal moves on the squares of mask
// (SquareMask of the board's size) from the position where p is to move against o, a side
// without a move passing, until neither side can move. It returns each game's final discs of the
// side that was to move and of the other. seed drives the choices (one splitmix64 sequence for
// both games): the same seed plays the same games. It is the playout of Monte Carlo search: on
// amd64 the two games run interleaved in one AVX2 loop and take little longer than one would
// (one game's plies depend on each other; the other's fill the gaps).
func RandomPlayouts2(p, o, mask, seed uint64) (pFinal1, oFinal1, pFinal2, oFinal2 uint64) {
	return randomPlayouts2(p, o, mask, seed)
}

// randomPlayouts2Go is the portable RandomPlayouts2, with the same choices: the games take
// turns, one ply each (a finished game's turn is skipped), drawing from one splitmix64 sequence;
// the k-th of a position's n moves is played, k = (32 random bits * n) >> 32.
func randomPlayouts2Go(p, o, mask, seed uint64) (pf1, of1, pf2, of2 uint64) {
	type game struct {
		p, o          uint64
		swapped, done bool
		passes        int
	}
	g := [2]game{{p: p, o: o}, {p: p, o: o}}
	for !g[0].done || !g[1].done {
		for i := range g {
			x := &g[i]
			if x.done {
				continue
			}
			m := Moves(x.p, x.o) & mask
			if m == 0 {
				x.passes++
				if x.passes == 2 {
					x.done = true
					continue
				}
				x.p, x.o, x.swapped = x.o, x.p, !x.swapped
				continue
			}
			x.passes = 0
			seed += 0x9e3779b97f4a7c15
			z := seed
			z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
			z = (z ^ z>>27) * 0x94d049bb133111eb
			z ^= z >> 31
			k := (z >> 32) * uint64(bits.OnesCount64(m)) >> 32
			for ; k > 0; k-- {
				m &= m - 1
			}
			sq := bits.TrailingZeros64(m)
			f := Flips(sq, x.p, x.o)
			x.p, x.o, x.swapped = x.o&^f, x.p|f|uint64(1)<<sq, !x.swapped
		}
	}
	for i := range g {
		if g[i].swapped {
			g[i].p, g[i].o = g[i].o, g[i].p
		}
	}
	return g[0].p, g[0].o, g[1].p, g[1].o
}
