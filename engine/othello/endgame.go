package othello

import (
	"math/bits"
	"turncoat/games/discs"
)

// The exact endgame solver.
//
// Every search below the root is a null-window search: it tells whether a position's value is
// above alpha (returning a lower bound) or not (an upper bound). The root and the principal
// variation use a full window (pvs), re-searching a move only when a null window proves it
// better. Down the tree the search changes gear as the empties run out:
//
//   - many empties (nws): stability cut-offs, the transposition table (its move tried first,
//     before the others are even generated), enhanced transposition cut-offs, and moves ordered
//     fastest first (the fewer replies the opponent has, the sooner the line ends) with corner
//     stability and parity, plus, while the board is open, a shallow evaluated search;
//   - from shallowEmpties+1 to ttEmpties-1 (a board's own bound: tuning.go): the same
//     ordering with the searcher's own small local table instead of the shared one;
//   - shallowEmpties or fewer (shallow): moves in regions of odd parity first, then by the
//     square's usual worth, and stability cut-offs (and the local table at shallowEmpties);
//   - four, three, two and one empty: specialised code with no move generation at all (and a
//     stability cut-off at four), and the last move's flips counted from tables.
//
// Scores run from -squares to +squares (64 on 8x8).

const (
	// shallowEmpties is the number of empties at and below which the solver searches without
	// the shared table and orders moves by parity and square alone.
	shallowEmpties = 6
	// ttEmpties is the number of empties from which the solver uses the shared table once the
	// table is full (ttEmptiesRoom before); between shallowEmpties and it, moves are ordered
	// fastest first and the searcher's own local table (small, in the caches) serves instead. With
	// the local table, 13 against 10: FFO #50 20.0 s against 21.8 s, #56 31.0 s against 39.2 s. On
	// the hardest positions the shared table is full, and what the nodes of 13 to 15 empties store
	// there evicts what costlier nodes found: one thread, the default 256 MB, FFO #55 9.41 G nodes
	// at 13, 8.88 G at 14, 8.09 G at 15, 7.89 G at 16; FFO #40-#59 18.16 G at 13, 17.27 G at 16
	// (with the replacement by cost, table.go), though the smaller ones, whose table never fills,
	// take more (#40-#49 629 M against 701 M, #54 2.53 G against 2.84 G). 6x6 has its own
	// (tuning.go).
	ttEmpties = 16
	// ttEmptiesRoom is the solver's bound while the shared table has room: from 13 the small
	// positions take fewer nodes, from 16 those that fill the table (above). A solver starts
	// from 13 and goes to 16 once its stores have evicted a ttFillShare-th of the table's
	// entries of the same search. One thread, 256 MB, local tables of 2^11: FFO #40-#59 16.72 G
	// nodes against 17.27 G from 16 always (#40-#49 629 M against 701 M, #54 2.55 G against
	// 2.84 G, #55 7.94 G either way), at a share of 4; of 16, 16.79 G (the switch made early
	// costs #53 and #54 3% each); of 8, #53 and #54 as at 16; of 3 or 2 (local tables of 2^12),
	// #53 0.2% and #54 0.9% fewer, but #55 0.9% (3) and 2.4% (2) more.
	ttEmptiesRoom = 13
	ttFillShare   = 4
	// mobilityOnlyEmpties is the number of empties at and below which the fastest-first
	// ordering counts the opponent's replies only, without the potential mobility and corner
	// stability that break ties above: FFO #50 4% faster for 0.1% fewer nodes.
	mobilityOnlyEmpties = 8
	// fastestFirstEmpties is the number of empties at and below which moves are ordered by
	// mobility alone; above it, by a shallow evaluated search as well. With the evaluation
	// trained on self-play, 13 against 15: FFO #45-#52 4.5% fewer nodes in the same time
	// (14: 2.1% fewer, 17: 3.7% more).
	fastestFirstEmpties = 13
	// etcEmpties is the number of empties from which the solver probes every child in the
	// table before searching any (enhanced transposition cut-off); below it, the hash move is
	// searched before the other moves are generated. With the four-way table, 14 against 12:
	// FFO #46, #49 and #50 51-52 s against 55-56 s (3% more nodes), #51, #52 and #56 101 s
	// against 106 s (the same nodes); 16 was slower.
	etcEmpties = 14

	infinity = 127
)

// stabilityThreshold[n] is the alpha from which a null-window search at n empties tries a
// stability cut-off: below it the bound from stable discs is rarely low enough to cut.
var stabilityThreshold = [65]int{
	99, 99, 99, 99, 10, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38,
	40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62,
	64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
	64, 64, 64, 64, 64,
}

// neighbours[sq] are the squares around sq: a move there turns nothing unless one of them holds
// an opponent disc.
var neighbours [64]uint64

func init() {
	for sq := range 64 {
		r, c := sq/8, sq%8
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				rr, cc := r+dr, c+dc
				if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 {
					neighbours[sq] |= 1 << (8*rr + cc)
				}
			}
		}
	}
}

// squareOrder8 orders squares of equal parity in the shallow solver on 8x8 (its squareRank,
// geometry.go): corners first, then the squares a strong player likes, the X-squares next to
// empty corners last.
var squareOrder8 = []string{
	"a1", "a8", "h1", "h8",
	"c4", "c5", "d3", "d6", "e3", "e6", "f4", "f5",
	"c3", "c6", "f3", "f6",
	"a3", "a6", "c1", "c8", "f1", "f8", "h3", "h6",
	"a4", "a5", "d1", "d8", "e1", "e8", "h4", "h5",
	"b4", "b5", "d2", "d7", "e2", "e7", "g4", "g5",
	"b3", "b6", "c2", "c7", "f2", "f7", "g3", "g6",
	"a2", "a7", "b1", "b8", "g1", "g8", "h2", "h7",
	"b2", "b7", "g2", "g7",
	"d4", "e4", "d5", "e5",
}

// rankTables numbers the squares in the order given (its squares first, the others of the grid
// after them): squareRank[sq] is the rank of square sq, rankedSquare[r] the square of rank r,
// and byteRanks[k][v] the rank-space image of the squares of byte value v in byte k of a
// bitboard (see toRanks).
func rankTables(order []string) (squareRank, rankedSquare [64]uint8, byteRanks [8][256]uint64) {
	var ranked uint64
	r := 0
	for _, name := range order {
		sq, err := discs.ParseSquare(name)
		if err != nil {
			panic(err)
		}
		squareRank[sq] = uint8(r)
		ranked |= 1 << sq
		r++
	}
	for sq := range 64 {
		if ranked&(1<<sq) == 0 {
			squareRank[sq] = uint8(r)
			r++
		}
	}
	for x, r := range squareRank {
		rankedSquare[r] = uint8(x)
	}
	for k := range 8 {
		for v := range 256 {
			for b := range 8 {
				if v>>b&1 != 0 {
					byteRanks[k][v] |= 1 << squareRank[8*k+b]
				}
			}
		}
	}
	return squareRank, rankedSquare, byteRanks
}

// stopSignal unwinds a search that must stop (its context ended, or a limit was reached); the
// root recovers it.
type stopSignal struct{}

// solve1 returns the final score for p to move with the single empty square sq.
func (s *searcher) solve1(p, o uint64, sq int) int {
	s.nodes++
	return lastScore(p, sq, s.g.mask, s.g.squares)
}

// solve2 is the null-window search (alpha, alpha+1) with the two empty squares x1 and x2.
func (s *searcher) solve2(p, o uint64, alpha int, x1, x2 int) int {
	s.nodes++
	best := -infinity
	if neighbours[x1]&o != 0 {
		if f := flip(x1, p, o); f != 0 {
			best = -s.solve1(o&^f, p|f|1<<x1, x2)
			if best > alpha {
				return best
			}
		}
	}
	if neighbours[x2]&o != 0 {
		if f := flip(x2, p, o); f != 0 {
			return max(best, -s.solve1(o&^f, p|f|1<<x2, x1))
		}
	}
	if best != -infinity {
		return best
	}
	// p passes: the opponent moves, minimising
	best = infinity
	if neighbours[x1]&p != 0 {
		if f := flip(x1, o, p); f != 0 {
			s.nodes++
			best = s.solve1(p&^f, o|f|1<<x1, x2)
			if best <= alpha {
				return best
			}
		}
	}
	if neighbours[x2]&p != 0 {
		if f := flip(x2, o, p); f != 0 {
			s.nodes++
			return min(best, s.solve1(p&^f, o|f|1<<x2, x1))
		}
	}
	if best != infinity {
		return best
	}
	return s.g.finalScore(p, o)
}

// solve3 is the null-window search with the three empty squares x1, x2, x3, tried in that
// order.
func (s *searcher) solve3(p, o uint64, alpha int, x1, x2, x3 int) int {
	s.nodes++
	best := -infinity
	if neighbours[x1]&o != 0 {
		if f := flip(x1, p, o); f != 0 {
			best = -s.solve2(o&^f, p|f|1<<x1, -alpha-1, x2, x3)
			if best > alpha {
				return best
			}
		}
	}
	if neighbours[x2]&o != 0 {
		if f := flip(x2, p, o); f != 0 {
			v := -s.solve2(o&^f, p|f|1<<x2, -alpha-1, x1, x3)
			if v > alpha {
				return v
			}
			best = max(best, v)
		}
	}
	if neighbours[x3]&o != 0 {
		if f := flip(x3, p, o); f != 0 {
			return max(best, -s.solve2(o&^f, p|f|1<<x3, -alpha-1, x1, x2))
		}
	}
	if best != -infinity {
		return best
	}
	empty := uint64(1)<<x1 | 1<<x2 | 1<<x3
	if discs.Moves(o, p)&empty == 0 {
		return s.g.finalScore(p, o)
	}
	return -s.solve3(o, p, -alpha-1, x1, x2, x3)
}

// solve4 is the null-window search with the four empty squares x1..x4, tried in that order
// (shallow puts those of quadrants of odd parity first). It starts with a stability cut-off:
// with the table of edges and the full lines computed by shifts, that cut is cheap enough here
// (FFO #50 815 M -> 622 M nodes, 28.8-29.0 s -> 26.9-27.4 s; before, the same cut was 3%
// slower).
func (s *searcher) solve4(p, o uint64, alpha int, x1, x2, x3, x4 int) int {
	s.nodes++
	if alpha >= stabilityThreshold[4] {
		if v := s.g.squares - 2*bits.OnesCount64(s.g.stable(o, p)); v <= alpha {
			return v
		}
	}
	best := -infinity
	if neighbours[x1]&o != 0 {
		if f := flip(x1, p, o); f != 0 {
			best = -s.solve3(o&^f, p|f|1<<x1, -alpha-1, x2, x3, x4)
			if best > alpha {
				return best
			}
		}
	}
	if neighbours[x2]&o != 0 {
		if f := flip(x2, p, o); f != 0 {
			v := -s.solve3(o&^f, p|f|1<<x2, -alpha-1, x1, x3, x4)
			if v > alpha {
				return v
			}
			best = max(best, v)
		}
	}
	if neighbours[x3]&o != 0 {
		if f := flip(x3, p, o); f != 0 {
			v := -s.solve3(o&^f, p|f|1<<x3, -alpha-1, x1, x2, x4)
			if v > alpha {
				return v
			}
			best = max(best, v)
		}
	}
	if neighbours[x4]&o != 0 {
		if f := flip(x4, p, o); f != 0 {
			return max(best, -s.solve3(o&^f, p|f|1<<x4, -alpha-1, x1, x2, x3))
		}
	}
	if best != -infinity {
		return best
	}
	empty := uint64(1)<<x1 | 1<<x2 | 1<<x3 | 1<<x4
	if discs.Moves(o, p)&empty == 0 {
		return s.g.finalScore(p, o)
	}
	return -s.solve4(o, p, -alpha-1, x1, x2, x3, x4)
}

// Rank space: the shallow solver keeps its empty squares as a bitboard of their ranks (bit
// squareRank[sq] for square sq, by the board's order of squares), so that reading it lowest bit
// first lists them best first, and taking a square away is clearing a bit.

// toRanks returns the rank-space image of the bitboard b.
func (g *geometry) toRanks(b uint64) uint64 {
	t := &g.byteRanks
	return t[0][uint8(b)] | t[1][uint8(b>>8)] | t[2][uint8(b>>16)] |
		t[3][uint8(b>>24)] | t[4][uint8(b>>32)] | t[5][uint8(b>>40)] |
		t[6][uint8(b>>48)] | t[7][uint8(b>>56)]
}

// popRank takes the best-ranked square off the rank-space set r and returns it.
func (g *geometry) popRank(r *uint64) int {
	x := int(g.rankedSquare[bits.TrailingZeros64(*r)&63])
	*r &= *r - 1
	return x
}

// shallow is the null-window search with n empty squares (4 to shallowEmpties), given in rank
// space by r: no table, odd-parity regions first and the better-ranked squares first within
// them, stability cut-offs.
func (s *searcher) shallow(p, o uint64, alpha int, r uint64, n int, parity uint8) int {
	if n == 4 {
		// the squares of odd quadrants first, by rank within each group
		odd, even := r&s.g.parityRanks[parity&15], r&^s.g.parityRanks[parity&15]
		var x [4]int
		for i := range x {
			if odd != 0 {
				x[i] = s.g.popRank(&odd)
			} else {
				x[i] = s.g.popRank(&even)
			}
		}
		return s.solve4(p, o, alpha, x[0], x[1], x[2], x[3])
	}
	s.nodes++
	if alpha >= stabilityThreshold[n] {
		if v := s.g.squares - 2*bits.OnesCount64(s.g.stable(o, p)); v <= alpha {
			return v
		}
	}
	best := -infinity
	q := &s.g.quadrant
	odd := s.g.parityRanks[parity&15]
	// two passes: odd quadrants, then even ones
	for _, c := range [2]uint64{r & odd, r &^ odd} {
		for ; c != 0; c &= c - 1 {
			rank := bits.TrailingZeros64(c)
			x := int(s.g.rankedSquare[rank&63])
			if neighbours[x]&o == 0 {
				continue
			}
			f := flip(x, p, o)
			if f == 0 {
				continue
			}
			v := -s.shallow(o&^f, p|f|1<<x, -alpha-1, r&^(1<<rank), n-1, parity^q[x])
			if v > best {
				if v > alpha {
					return v
				}
				best = v
			}
		}
	}
	if best != -infinity {
		return best
	}
	if discs.Moves(o, p)&s.g.mask == 0 {
		return s.g.finalScore(p, o)
	}
	return -s.shallow(o, p, -alpha-1, r, n, parity)
}

// child is a move being ordered: its square, the position it leads to (seen from the
// opponent) with the opponent's replies there, and its ordering key, higher first.
type child = discs.Child

// weightedMobility counts moves on the corners (of the board: 0x8100000000000081 on 8x8) twice:
// a corner given away is worse than a move.
func weightedMobility(moves, corners uint64) int {
	return bits.OnesCount64(moves) + bits.OnesCount64(moves&corners)
}

// potentialMobility counts the empty squares next to p's discs: where the opponent may later
// find moves.
func potentialMobility(p, empty uint64) int {
	// neighbours of p within the board, without wrapping between columns a and h
	x := p & 0x7E7E7E7E7E7E7E7E
	n := x<<1 | x>>1 | x<<7 | x>>7 | x<<9 | x>>9 | p<<8 | p>>8
	return bits.OnesCount64(n & empty)
}

// orderFastest fills the keys of moves for fastest-first search (sortKey, or mobilityKey alone
// at mobilityOnlyEmpties or fewer), regions of odd parity breaking ties when few empties are
// left.
func (s *searcher) orderFastest(moves []child, parity uint8, n int) {
	for i := range moves {
		m := &moves[i]
		if m.P == 0 { // a wipe-out
			m.Key = 1 << 30
			continue
		}
		if n <= mobilityOnlyEmpties {
			m.Key = mobilityKey(m.Replies, s.g.corners)
		} else {
			m.Key = s.sortKey(m)
		}
		if n < 12 && parity&s.g.quadrant[m.Square] != 0 {
			m.Key += wParity
		}
	}
}

// pickBest moves the best-keyed move of moves[i:] to index i.
func pickBest(moves []child, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if moves[j].Key > moves[b].Key {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
}

// genMoves lists the moves (a bitboard of p's legal moves) in buf with the positions they lead
// to and the opponent's replies there, within the board's squares mask.
func genMoves(p, o, moves, mask uint64, buf *[discs.MaxMoves]child) []child {
	return buf[:discs.Children(p, o, moves, mask, buf)]
}

// nws is the solver's null-window search with the table, for n > shallowEmpties empties: it
// returns a value above alpha (a lower bound of the exact score) or at most alpha (an upper
// bound).
func (s *searcher) nws(p, o uint64, alpha int, n int, parity uint8) int {
	if n <= shallowEmpties {
		if n == shallowEmpties {
			return s.shallowLocal(p, o, alpha, s.g.toRanks(s.g.mask&^(p|o)), parity)
		}
		return s.shallow(p, o, alpha, s.g.toRanks(s.g.mask&^(p|o)), n, parity)
	}
	return s.nwsWith(p, o, alpha, n, parity, discs.Moves(p, o)&s.g.mask)
}

// nwsWith is nws for n > shallowEmpties empties when p's moves are known already (the move
// ordering of the parent computed them).
func (s *searcher) nwsWith(p, o uint64, alpha int, n int, parity uint8, moves uint64) int {
	s.nodes++
	s.checkStop()
	useTT := n >= s.ttFrom
	if alpha >= stabilityThreshold[n] {
		if v := s.g.squares - 2*bits.OnesCount64(s.g.stable(o, p)); v <= alpha {
			return v
		}
	}
	if moves == 0 {
		if discs.Moves(o, p)&s.g.mask == 0 {
			return s.g.finalScore(p, o)
		}
		return -s.nws(o, p, -alpha-1, n, parity)
	}
	hashMove := noMove
	var local *localEntry
	if useTT {
		if d := s.tt.probe(p, o); d.valid() {
			if d.covers(n, s.exactness) {
				if d.lower() > alpha {
					s.noteBound(d)
					return d.lower()
				}
				if d.upper() <= alpha {
					s.noteBound(d)
					return d.upper()
				}
			}
			hashMove = d.move()
		}
	} else {
		local = s.localEntry(p, o, n)
		if v, ok := local.cut(p, o, alpha); ok {
			return v
		}
		if local.p == p && local.o == o {
			hashMove = int(local.move)
		}
	}
	inexact := s.inexact
	if s.sel != 0 && n >= probcutMinEmpties {
		if v, ok := s.probcut(p, o, alpha, n); ok {
			s.inexact++
			return v
		}
	}
	start := s.nodes
	best, bestMove := -infinity, noMove
	if n < etcEmpties && hashMove != noMove && moves&(1<<hashMove) != 0 {
		// the hash move first, before the other moves are even generated: it often refutes
		// alone
		f := flip(hashMove, p, o)
		best = -s.nws(o&^f, p|f|1<<hashMove, -alpha-1, n-1, parity^s.g.quadrant[hashMove])
		bestMove = hashMove
		moves &^= 1 << hashMove
	}
	if best <= alpha && moves != 0 {
		best, bestMove = s.nwsMoves(p, o, alpha, n, parity, moves, hashMove, best, bestMove)
	}
	if useTT {
		if s.tt.store(p, o, n, s.exactnessSince(inexact), alpha, alpha+1, best, bestMove, s.nodes-start) && s.ttFrom < s.g.ttFromFull {
			if s.evictions++; s.evictions >= s.fillLimit {
				s.ttFrom = s.g.ttFromFull
			}
		}
	} else if s.inexact == inexact {
		local.store(p, o, alpha, best, bestMove)
	}
	return best
}

// startTable starts a search's solver on the shared table from its board's bound for a table
// with room (ttFrom), until its stores have evicted a ttFillShare of the table's entries of the
// search.
func (s *searcher) startTable() {
	s.ttFrom, s.evictions, s.fillLimit = s.g.ttFrom, 0, 1
	if s.tt != nil {
		s.fillLimit = max(uint64(len(s.tt.buckets))*4/ttFillShare, 1)
	}
}

// The local table: below ttEmpties the solver's nodes are too many and too cheap for the shared
// table (a probe would cost a trip to memory and evict costlier entries), but a position met
// again a few moves later is still worth catching. Each searcher keeps, for each number of
// empties from shallowEmpties to ttEmpties-1, a small direct-mapped table of the last
// positions searched there, small enough to stay in the processor's caches. It keeps exact
// results only (a selective search stores none whose subtree made a selective decision), so
// its bounds hold in every search.

// shallowLocal is shallow for a position with shallowEmpties empties, through the local table.
func (s *searcher) shallowLocal(p, o uint64, alpha int, r uint64, parity uint8) int {
	e := s.localEntry(p, o, shallowEmpties)
	if v, ok := e.cut(p, o, alpha); ok {
		return v
	}
	v := s.shallow(p, o, alpha, r, shallowEmpties, parity)
	e.store(p, o, alpha, v, noMove)
	return v
}

// localBits is the log2 of the entries of the local table for one number of empties on 8x8:
// 384 KiB a number of empties, 3.75 MiB a searcher. Fewer misses save nodes at every size of the
// solve; the time stays the same. One thread, 256 MB, FFO #40-#59 16.33 G nodes against
// 16.58 G at 12 (#40-#49 603 M against 620 M, #53 1.78 G against 1.80 G, #54 2.49 G against
// 2.53 G, #55 7.76 G against 7.87 G); #40-#49 19.7-20.3 s against 19.9-20.5 s, alternated.
// On #40-#49 and #53-#55, 12.72 G at 13 against 12.63 G at 14; at 15, fewer nodes again (#55
// 7.71 G) but #55 7% slower. A board may use fewer: the first 2^(64-localShift) entries of
// each (tuning.go).
const localBits = 14

// localEntry is a position of the local table with the bounds of its value and its best move.
type localEntry struct {
	p, o         uint64
	lower, upper int8
	move         uint8
}

// localEntry returns the local table's slot of the position with n empties.
func (s *searcher) localEntry(p, o uint64, n int) *localEntry {
	h := (p ^ bits.RotateLeft64(o, 23)) * 0x9E3779B97F4A7C15
	return &s.local[n-shallowEmpties][h>>s.g.localShift]
}

// cut returns the slot's bound for the null-window search (alpha, alpha+1) of the position,
// if the slot holds the position and the bound decides the search.
func (e *localEntry) cut(p, o uint64, alpha int) (int, bool) {
	if e.p != p || e.o != o {
		return 0, false
	}
	if int(e.lower) > alpha {
		return int(e.lower), true
	}
	if int(e.upper) <= alpha {
		return int(e.upper), true
	}
	return 0, false
}

// store records in the slot the result of a null-window search (alpha, alpha+1) of the
// position: a lower bound above alpha, else an upper bound; the other bound is kept when the
// slot held the same position.
func (e *localEntry) store(p, o uint64, alpha, value, move int) {
	if e.p != p || e.o != o {
		*e = localEntry{p: p, o: o, lower: -64, upper: 64}
	}
	if value > alpha {
		e.lower = int8(value)
	} else {
		e.upper = int8(value)
	}
	e.move = uint8(move)
}

// nwsMoves searches the moves (a bitboard) of nws's node in turn until one proves it above
// alpha, starting from the best value and move found so far; hashMove, if among them, goes
// first.
func (s *searcher) nwsMoves(p, o uint64, alpha, n int, parity uint8, moves uint64, hashMove, best, bestMove int) (int, int) {
	list := genMoves(p, o, moves, s.g.mask, &s.moveStack[n])
	if n > s.ttFrom {
		// the children will probe the table (the enhanced transposition cut-off at once, or
		// each on entry, after the ordering): their buckets load meanwhile
		for i := range list {
			s.tt.prefetch(list[i].P, list[i].O)
		}
	}
	if n >= etcEmpties {
		// enhanced transposition cut-off: a child already known to be worth at most -alpha-1
		// for the opponent proves this node above alpha
		for i := range list {
			m := &list[i]
			if d := s.tt.probe(m.P, m.O); d.covers(n-1, s.exactness) && -d.upper() > alpha {
				s.noteBound(d)
				return -d.upper(), m.Square
			}
		}
	}
	if n-1 >= shallowEmpties && n-1 < s.ttFrom {
		// the same cut-off from the local table
		for i := range list {
			m := &list[i]
			if e := s.localEntry(m.P, m.O, n-1); e.p == m.P && e.o == m.O && -int(e.upper) > alpha {
				return -int(e.upper), m.Square
			}
		}
	}
	first := 0
	for i := range list {
		if list[i].Square == hashMove {
			list[0], list[i] = list[i], list[0]
			m := &list[0]
			v := -s.nws(m.P, m.O, -alpha-1, n-1, parity^s.g.quadrant[m.Square])
			if v > alpha {
				return v, m.Square
			}
			if v > best {
				best, bestMove = v, m.Square
			}
			first = 1
			break
		}
	}
	rest := list[first:]
	if n > s.g.fastestFirst {
		s.orderEvaluated(p, o, rest, n, alpha)
	} else {
		s.orderFastest(rest, parity, n)
	}
	var ranks uint64
	if n == shallowEmpties+1 {
		// the children are solved by shallow, which wants their empties in rank space
		ranks = s.g.toRanks(s.g.mask &^ (p | o))
	}
	// the keys with their moves' indexes, picked best first without branching on them (the
	// comparisons are unpredictable); a picked one becomes 0
	keys := s.keyStack[n][:len(rest)]
	for i := range rest {
		keys[i] = uint64(rest[i].Key+1<<31)<<8 | uint64(discs.MaxMoves-1-i)
	}
	for k := range rest {
		if best != -infinity && n >= splitEmpties && len(rest)-k >= 2 && s.canSplit() {
			// the first move did not refute the node: share the others with idle threads
			return s.splitMoves(s.splitKeyed(rest, keys), alpha, alpha+1, best, bestMove, func(w *searcher, m *splitMove, lo, hi int) int {
				return -w.nwsWith(m.np, m.no, -hi, n-1, parity^w.g.quadrant[m.sq], m.replies)
			})
		}
		top := uint64(0)
		for _, k := range keys {
			top = max(top, k)
		}
		j := discs.MaxMoves - 1 - int(top&0xFF)
		keys[j] = 0
		m := &rest[j]
		var v int
		if n == shallowEmpties+1 {
			v = -s.shallowLocal(m.P, m.O, -alpha-1, ranks&^(1<<s.g.squareRank[m.Square]), parity^s.g.quadrant[m.Square])
		} else {
			v = -s.nwsWith(m.P, m.O, -alpha-1, n-1, parity^s.g.quadrant[m.Square], m.Replies)
		}
		if v > best {
			best, bestMove = v, m.Square
			if v > alpha {
				break
			}
		}
	}
	return best, bestMove
}

// splitKeyed returns the moves of rest not yet picked (their keys are not 0), best first, for a
// split point.
func (s *searcher) splitKeyed(rest []child, keys []uint64) []splitMove {
	var out []splitMove
	for {
		top := uint64(0)
		for _, k := range keys {
			top = max(top, k)
		}
		if top == 0 {
			return out
		}
		j := discs.MaxMoves - 1 - int(top&0xFF)
		keys[j] = 0
		m := &rest[j]
		out = append(out, splitMove{sq: m.Square, np: m.P, no: m.O, replies: m.Replies})
	}
}

// pvs is the solver's full-window search: the exact score when it lies in (alpha, beta), else a
// bound as in nws.
func (s *searcher) pvs(p, o uint64, alpha, beta int, n int, parity uint8) int {
	if n == 0 {
		return s.g.finalScore(p, o)
	}
	if beta-alpha == 1 {
		return s.nws(p, o, alpha, n, parity)
	}
	s.nodes++
	s.checkStop()
	moves := discs.Moves(p, o) & s.g.mask
	if moves == 0 {
		if discs.Moves(o, p)&s.g.mask == 0 {
			return s.g.finalScore(p, o)
		}
		return -s.pvs(o, p, -beta, -alpha, n, parity)
	}
	hashMove := noMove
	if d := s.tt.probe(p, o); d.valid() {
		if d.covers(n, s.exactness) {
			switch {
			case d.lower() >= beta, d.lower() == d.upper():
				s.noteBound(d)
				return d.lower()
			case d.upper() <= alpha:
				s.noteBound(d)
				return d.upper()
			}
		}
		hashMove = d.move()
	}
	inexact := s.inexact
	list := genMoves(p, o, moves, s.g.mask, &s.moveStack[n])
	if n > s.g.fastestFirst {
		s.orderEvaluated(p, o, list, n, alpha)
	} else {
		s.orderFastest(list, parity, n)
	}
	if hashMove != noMove {
		for i := range list {
			if list[i].Square == hashMove {
				list[i].Key = 1 << 31
			}
		}
	}
	start := s.nodes
	a := alpha
	best, bestMove := -infinity, noMove
	for i := range list {
		if i >= 1 && n >= splitEmpties && len(list)-i >= 2 && s.canSplit() {
			best, bestMove = s.splitMoves(splitList(list[i:]), a, beta, best, bestMove, func(w *searcher, m *splitMove, lo, hi int) int {
				return -w.pvs(m.np, m.no, -hi, -lo, n-1, parity^w.g.quadrant[m.sq])
			})
			break
		}
		pickBest(list, i)
		m := &list[i]
		par := parity ^ s.g.quadrant[m.Square]
		var v int
		if i == 0 {
			v = -s.pvs(m.P, m.O, -beta, -a, n-1, par)
		} else {
			v = -s.nws(m.P, m.O, -a-1, n-1, par)
			if v > a && v < beta {
				v = -s.pvs(m.P, m.O, -beta, -v, n-1, par)
			}
		}
		if v > best {
			best, bestMove = v, m.Square
			if v >= beta {
				break
			}
			a = max(a, v)
		}
	}
	s.tt.store(p, o, n, s.exactnessSince(inexact), alpha, beta, best, bestMove, s.nodes-start)
	return best
}

// noteBound records that the search used the bound d from the table: when it came from a
// selective search, so is the result of every node above.
func (s *searcher) noteBound(d ttData) {
	if d.sel() != selExact {
		s.inexact++
	}
}

// exactnessSince is the exactness of a result whose search started when the count of
// selective decisions was inexact: a selective search's subtree in which probcut never cut,
// nor any selective bound was used, was solved exactly (below probcutMinEmpties always), and
// its result then serves the exact search too.
func (s *searcher) exactnessSince(inexact uint64) int {
	if s.inexact == inexact {
		return selExact
	}
	return s.exactness
}
