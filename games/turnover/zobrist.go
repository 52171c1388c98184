package turnover

// Zobrist keys: one per (cell content, square) and one for Black to move, from a fixed
// generator so that hashes are the same in every run (tests and records may rely on them).
var (
	zobristCell [16][64]uint64
	zobristSide uint64
)

func init() {
	x := uint64(0x7475726e6f766572) // "turnover"
	next := func() uint64 {         // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range zobristCell {
		for s := range zobristCell[c] {
			zobristCell[c][s] = next()
		}
	}
	zobristSide = next()
}

// ComputeHash recomputes the position's hash from scratch (Make keeps it incrementally; tests
// compare the two).
func (p *Position) ComputeHash() uint64 {
	var h uint64
	for s, c := range p.cells {
		if c != 0 {
			h ^= zobristCell[c][s]
		}
	}
	if p.side != 0 {
		h ^= zobristSide
	}
	return h
}
