package othello

import "turncoat/games/discs"

// flip returns the discs of o that a disc of p placed on the empty square sq turns (zero when
// the move is illegal). It is the rules' vector kernel (AVX-512 or AVX2, chosen inside the
// assembly, so a call here is a single call): in the solver the AVX2 one measured 5% faster
// than a flip of our own from line tables (FFO #41-#44 and #47: 13.8 s against 14.5 s).
func flip(sq int, p, o uint64) uint64 { return discs.Flips(sq, p, o) }
