package othello

import (
	"context"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// TestMPCCuts checks that multi-prob-cut does what it is for: on positions a few moves into
// common openings, a selective search to depth 9 takes far fewer nodes than the full one and
// stays near its value.
func TestMPCCuts(t *testing.T) {
	lines := []string{"f5d6c3d3c4f4f6f3e6e7", "f5f6e6f4e3c5c4e7c6e2", "f5d6c5f4e3", "f5d6c4d3c3f4f6f3e6e7"}
	var full, sel uint64
	for _, line := range lines {
		b := reversi.Start(8)
		for i := 0; i < len(line); i += 2 {
			sq, err := discs.ParseSquare(line[i : i+2])
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.Play(sq); err != nil {
				t.Fatal(err)
			}
		}
		pos := PositionOf(b)
		r := make([]Result, 2)
		for i, selective := range []bool{false, true} {
			e := New(Options{TableBytes: 16 << 20})
			res, err := e.Search(context.Background(), pos, Limits{Depth: 9, Selective: selective})
			if err != nil {
				t.Fatal(err)
			}
			r[i] = res
		}
		full += r[0].Nodes
		sel += r[1].Nodes
		if d := r[0].Score - r[1].Score; d > 4 || d < -4 {
			t.Errorf("%s: full search %+d, selective %+d", line, r[0].Score, r[1].Score)
		}
		t.Logf("%s: full %+d %d nodes, selective %+d %d nodes", line, r[0].Score, r[0].Nodes, r[1].Score, r[1].Nodes)
	}
	if sel >= full*3/4 {
		t.Errorf("selective searches took %d nodes, full ones %d: want under three quarters", sel, full)
	}
}
