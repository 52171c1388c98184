package othello

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"strings"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// TestLossSet checks the disc-loss set: every position legal, 20 to 25 empties, every legal move
// valued once; and the values of the positions with the fewest empties solved again.
func TestLossSet(t *testing.T) {
	set, err := LossSet()
	if err != nil {
		t.Fatal(err)
	}
	if len(set) < 50 {
		t.Fatalf("%d positions, want at least 50", len(set))
	}
	e := New(Options{TableBytes: 16 << 20})
	checked := 0
	for _, p := range set {
		n := bits.OnesCount64(p.Board.Empty())
		if n < 20 || n > 25 {
			t.Errorf("%s: %d empties, want 20 to 25", p.ID, n)
		}
		var valued uint64
		for _, m := range p.Moves {
			if valued&(1<<m.Square) != 0 {
				t.Errorf("%s: %s valued twice", p.ID, reversi.SquareName(m.Square))
			}
			valued |= 1 << m.Square
		}
		if valued != p.Board.Moves() {
			t.Errorf("%s: valued moves %x, legal moves %x", p.ID, valued, p.Board.Moves())
		}
		if n == 20 && checked < 3 && !testing.Short() {
			checked++
			res, err := e.Search(context.Background(), PositionOf(p.Board), Limits{ExactEmpties: 64})
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != p.Score {
				t.Errorf("%s: solved %+d, the set says %+d", p.ID, res.Score, p.Score)
			}
		}
	}
}

// TestMeasureLoss runs the measure with a weak level on a few positions: its losses are what
// the set says of the moves it chose.
func TestMeasureLoss(t *testing.T) {
	set, err := LossSet()
	if err != nil {
		t.Fatal(err)
	}
	res, err := MeasureLoss(context.Background(), 1, set[:8], Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Positions != 8 || res.Total < 0 || res.Perfect > 8 {
		t.Errorf("got %+v", res)
	}
}

// TestMakeLossSet writes testdata/loss.obf: positions of WTHOR games of 2018 (years the
// probcut and multi-prob-cut fits do not use) with 20 to 25 empties, every move solved
// exactly. Minutes; run only when asked:
//
//	TURNCOAT_MAKE_LOSS_SET=12 go test ./engine/othello -run MakeLossSet -v -timeout 2h
//
// (the number is the positions for each number of empties).
func TestMakeLossSet(t *testing.T) {
	per := 0
	fmt.Sscan(os.Getenv("TURNCOAT_MAKE_LOSS_SET"), &per)
	if per == 0 {
		t.Skip("set TURNCOAT_MAKE_LOSS_SET=N to remake the disc-loss set with N positions for each of 20 to 25 empties (minutes: an hour for 10 positions)")
	}
	positions := wthorPositions(t, []int{2018})
	e := New(Options{TableBytes: 256 << 20, Threads: 2})
	var out strings.Builder
	out.WriteString("% The disc-loss set (loss.go): positions of WTHOR 2018 games, every move solved exactly.\n")
	out.WriteString("% Made by TestMakeLossSet (loss_test.go).\n")
	for n := 20; n <= 25; n++ {
		count := 0
		for k := 0; k < len(positions) && count < per; k++ {
			pos := positions[(n*7919+k*104729)%len(positions)]
			if pos.Empties() != n || bits.OnesCount64(discs.Moves(pos.P, pos.O)) < 2 {
				continue
			}
			e.Clear()
			values, _, err := e.Analyze(context.Background(), pos, Limits{ExactEmpties: 64})
			if err != nil {
				t.Fatal(err)
			}
			b := reversi.Board{Size: 8, Black: pos.P, White: pos.O}
			p := reversi.Problem{Board: b}
			for _, v := range values {
				p.Moves = append(p.Moves, reversi.MoveScore{Square: v.Move, Score: v.Score})
			}
			p.HasScore, p.Score = true, values[0].Score
			out.WriteString(p.OBF() + "\n")
			count++
			t.Logf("empties=%d %d/%d %s", n, count, per, p.OBF())
			if err := os.WriteFile("testdata/loss.obf", []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
