package turnover

import (
	"testing"

	"turncoat/game"
)

// perftTable holds the spec's perft counts (§7.2) from depth 1; the seed setup's depth 5 runs
// in BenchmarkPerft, the rest in TestPerft.
var perftTable = []struct {
	setup string
	nodes []uint64
}{
	{SetupFirstRank, []uint64{16, 256, 6000, 139978, 3774248}},
	{SetupZigzag, []uint64{16, 256}},
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		s := NewState(Standard, StartPosition(c.setup))
		before := s.Encode()
		for d, want := range c.nodes {
			if d+1 > 4 {
				break
			}
			if got := s.Perft(d + 1); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", c.setup, d+1, got, want)
			}
		}
		if s.Encode() != before {
			t.Errorf("%s: perft changed the state", c.setup)
		}
	}
	// Through the contract, and with the CLI's entry point.
	g, err := Game{}.New(Standard.Options())
	if err != nil {
		t.Fatal(err)
	}
	if got := game.FastPerft(g, 4); got != 139978 {
		t.Errorf("FastPerft(4) = %d", got)
	}
}

func BenchmarkPerft(b *testing.B) {
	p := StartPosition(SetupFirstRank)
	var nodes uint64
	for b.Loop() {
		n := Perft(p, Standard, nil, 5)
		if n != 3774248 {
			b.Fatalf("perft(5) = %d, want 3774248", n)
		}
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkMoves(b *testing.B) {
	s := NewState(Standard, mustFEN(b, "crc1c1rr/1b4C1/P1n3n1/1p1br3/3b2R1/1Q2P1BR/1N6/1rCC1R2 w"))
	p := s.Position()
	var buf [MaxMoves]Move
	for b.Loop() {
		_ = p.Moves(buf[:0])
	}
}
