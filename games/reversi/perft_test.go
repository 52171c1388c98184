package reversi

import (
	"fmt"
	"testing"

	"turncoat/game"
)

// Published perft counts (the rule spec's reference numbers).
var perftTables = map[int][]uint64{
	8: {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800, 1939886636},
	6: {1, 4, 12, 56, 244, 1364, 7604, 47740, 308716, 2114912},
}

func TestPerft8(t *testing.T) {
	maxDepth := 10
	if testing.Short() {
		maxDepth = 8
	}
	for d := 1; d <= maxDepth; d++ {
		if got, want := Perft(Start(8), d), perftTables[8][d]; got != want {
			t.Errorf("8x8 perft(%d) = %d, want %d", d, got, want)
		}
	}
}

func TestPerft6(t *testing.T) {
	for d := 1; d < len(perftTables[6]); d++ {
		if got, want := Perft(Start(6), d), perftTables[6][d]; got != want {
			t.Errorf("6x6 perft(%d) = %d, want %d", d, got, want)
		}
	}
}

// TestPerftContract checks the generic perft through the game contract against the bitboard one,
// for every size: it exercises State's move generation, passes and end of game.
func TestPerftContract(t *testing.T) {
	for _, c := range []struct{ size, depth int }{{4, 11}, {6, 6}, {8, 5}} {
		s := NewState(Rules{Size: c.size, Start: StartDiagonal, NoMove: NoMovePass})
		for d := 1; d <= c.depth; d++ {
			if got, want := game.Perft(s, d), Perft(Start(c.size), d); got != want {
				t.Errorf("%dx%d depth %d: contract perft %d, bitboard perft %d", c.size, c.size, d, got, want)
			}
		}
	}
}

// TestFourByFourGames counts the complete games of 4x4 Othello: 60,060 (rule spec).
func TestFourByFourGames(t *testing.T) {
	if got := Perft(Start(4), 20); got != 60060 {
		t.Errorf("4x4 complete games: %d, want 60060", got)
	}
}

// BenchmarkPerft reports leaves per second; 8x8 depth 12 (1,939,886,636 leaves) is the speed
// target: go test -run XXX -bench 'Perft/8x8/depth=12' ./games/reversi/
func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct{ size, depth int }{{8, 9}, {8, 12}, {6, 9}} {
		b.Run(fmt.Sprintf("%dx%d/depth=%d", c.size, c.size, c.depth), func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				n := Perft(Start(c.size), c.depth)
				if n != perftTables[c.size][c.depth] {
					b.Fatalf("perft(%d) = %d, want %d", c.depth, n, perftTables[c.size][c.depth])
				}
				nodes += n
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestNoAllocations checks that the contract's hot path (Legal into a caller's buffer, Apply)
// does not allocate.
func TestNoAllocations(t *testing.T) {
	s := NewState(Standard)
	buf := make([]game.Action, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		c := *s
		for c.ToAct() != game.Nobody {
			buf = c.Legal(game.Player(c.board.Turn), buf)
			if err := c.Apply(buf[len(buf)/2]); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("a game through Legal and Apply allocates %v times", allocs)
	}
}
