//go:build !amd64 || purego

package discs

const (
	useAVX2   = false
	useAVX512 = false
	fastPDEP  = false
)

// Flips returns the opponent discs that a disc of p placed on the empty square sq turns; zero
// means the move is illegal.
func Flips(sq int, p, o uint64) uint64 { return flipsGo(sq, p, o) }

func movesAVX2(p, o uint64) uint64         { return movesGo(p, o) }
func flipsAVX2(sq int, p, o uint64) uint64 { return flipsGo(sq, p, o) }

func flipsAVX512(sq int, p, o uint64) uint64 { return flipsGo(sq, p, o) }
func perft2AVX2(p, o, moves uint64) uint64   { return perft2Go(p, o, moves) }

func perft3AVX2(p, o, moves uint64) uint64 { return perft3Go(p, o, moves) }

func randomPlayouts2(p, o, mask, seed uint64) (pf1, of1, pf2, of2 uint64) {
	return randomPlayouts2Go(p, o, mask, seed)
}

func randomPlayouts2AVX2(p, o, mask, seed uint64, _ bool) (pf1, of1, pf2, of2 uint64) {
	return randomPlayouts2Go(p, o, mask, seed)
}

func childrenAVX(p, o, moves, mask uint64, buf *[MaxMoves]Child, _ bool) int {
	return childrenGo(p, o, moves, mask, buf)
}
