package othello

import "testing"

func BenchmarkZZMidSelective(b *testing.B) {
	var positions []Position
	for _, pos := range wthorPositions(b, []int{2019, 2020, 2021}) {
		if n := pos.Empties(); n >= 30 && n <= 50 && len(positions) < 30 {
			positions = append(positions, pos)
		}
	}
	benchSearches(b, New(Options{TableBytes: 64 << 20, Threads: 1}), positions, Limits{Depth: 14, Selective: true})
}
