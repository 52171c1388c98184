package turnoverab

import (
	"testing"

	"turncoat/games/turnover"
)

func TestTable(t *testing.T) {
	tt := newTable(10)
	p, _ := turnover.ParseFEN(turnover.FirstRankFEN)
	var buf [turnover.MaxMoves]turnover.Move
	moves := p.Moves(buf[:0])
	cases := []struct {
		key   uint64
		move  turnover.Move
		score int
		depth int
		flag  uint8
	}{
		{0x123456789, moves[3], -mateScore + 7, 5, boundLower},
		{0xdeadbeef00, moves[0], 31999, 127, boundExact},
		{0xfeed0000401, moves[len(moves)-1], -32000, 1, boundUpper},
	}
	for _, c := range cases {
		tt.store(c.key, c.move, c.score, c.depth, c.flag)
		e, ok := tt.probe(c.key)
		if !ok || e.move != c.move || int(e.score) != c.score || int(e.depth) != c.depth || e.flag != c.flag {
			t.Errorf("stored %+v, probed %+v (%v)", c, e, ok)
		}
		if _, ok := tt.probe(c.key ^ 1<<40); ok {
			t.Errorf("another key found the entry of %x", c.key)
		}
	}
	// A shallower result of the same search does not replace a deeper one; a new search's does.
	tt.store(0x123456789, moves[1], 10, 2, boundExact)
	if e, _ := tt.probe(0x123456789); e.depth != 5 {
		t.Errorf("depth 2 replaced depth 5 in the same search: %+v", e)
	}
	tt.age++
	tt.store(0x123456789, moves[1], 10, 2, boundExact)
	if e, _ := tt.probe(0x123456789); e.depth != 2 || e.move != moves[1] {
		t.Errorf("a new search's entry did not replace an old one: %+v", e)
	}
}
