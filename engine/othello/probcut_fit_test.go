package othello

import (
	"context"
	"fmt"
	"math"
	"os"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
	"turncoat/internal/sharedtest"
)

// TestProbcutFit measures what the probcut table (probcut.go) holds: for positions of real
// games (WTHOR 2019-2021) with n empties, the mean and the standard deviation of the exact score
// minus the value of the shallow search probcut runs in its place, and checks them against the
// table. The full measure (12 to 24 empties, 60 positions each) takes minutes, so it runs only
// when asked:
//
//	TURNCOAT_PROBCUT_FIT=1 go test ./engine/othello -run ProbcutFit -v -timeout 1h
//
// Otherwise (unless -short, and always under CI=true) a reduced one checks the table on every
// change: the same 60 positions for each n from 12 to 20 empties (the deepest, where solves
// start with selective searches), some ten seconds. Both are deterministic: the same positions,
// solved from an empty table.
func TestProbcutFit(t *testing.T) {
	const perEmpties = 60
	maxEmpties := 24
	if os.Getenv("TURNCOAT_PROBCUT_FIT") == "" {
		if testing.Short() && !sharedtest.Required() {
			t.Skip("-short: set TURNCOAT_PROBCUT_FIT=1 to measure the probcut error table in full (minutes), or drop -short for the reduced check")
		}
		maxEmpties = 20
	}
	var boards []reversi.Board
	for _, year := range []int{2019, 2020, 2021} {
		name := fmt.Sprintf("data/wthor/WTH_%d.wtb", year)
		f, err := os.Open(sharedtest.Path(t, name))
		if err != nil {
			t.Fatal(err)
		}
		db, err := reversi.ReadWTB(f, name)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for i := range db.Games {
			r, err := db.Record(i, nil)
			if err != nil {
				t.Fatal(err)
			}
			b := r.Start
			for _, m := range r.Moves {
				if m == reversi.Pass {
					b.Pass()
				} else if _, err := b.Play(m); err != nil {
					break
				}
				boards = append(boards, b)
			}
		}
	}
	e := New(Options{TableBytes: 64 << 20})
	g := geometries[8]
	for n := probcutMinEmpties; n <= maxEmpties; n++ {
		var sum, sum2 float64
		count := 0
		for i := (n * 7919) % len(boards); count < perEmpties; i = (i + 104729) % len(boards) {
			b := boards[i]
			pos := PositionOf(b)
			if pos.Empties() != n || discs.Moves(pos.P, pos.O) == 0 {
				continue
			}
			e.Clear()
			res, err := e.Search(context.Background(), pos, Limits{ExactEmpties: 64})
			if err != nil {
				t.Fatal(err)
			}
			s := newTestSearcher(g)
			s.w = e.weights
			v := s.midPVS(pos.P, pos.O, -64, 64, probcutDepth(n), n)
			d := float64(res.Score - v)
			sum += d
			sum2 += d * d
			count++
		}
		mean := sum / float64(count)
		sigma := math.Sqrt(sum2/float64(count) - mean*mean)
		t.Logf("empties=%d depth=%d mean=%.2f sigma=%.2f", n, probcutDepth(n), mean, sigma)
		// the table must still describe the evaluation: 60 samples give sigma within about
		// 20%, so a larger gap, or a bias, means the table wants measuring again
		if sigma > 1.25*probcutSigma[n] || math.Abs(mean) > 2.5 {
			t.Errorf("empties=%d: mean %.2f sigma %.2f, the table says mean 0 sigma %.1f", n, mean, sigma, probcutSigma[n])
		}
	}
}

// TestProbcutDepths measures, for the positions of TestProbcutFit, the standard deviation of
// the exact score minus the value of shallow searches of every depth from 0 to 10: the table
// from which probcut's depths and margins are chosen. Minutes; run only when asked:
//
//	TURNCOAT_PROBCUT_DEPTHS=24 go test ./engine/othello -run ProbcutDepths -v -timeout 2h
func TestProbcutDepths(t *testing.T) {
	maxEmpties := 0
	fmt.Sscan(os.Getenv("TURNCOAT_PROBCUT_DEPTHS"), &maxEmpties)
	if maxEmpties == 0 {
		t.Skip("set TURNCOAT_PROBCUT_DEPTHS=N to measure the probcut error of every shallow depth up to N empties (minutes)")
	}
	const perEmpties = 60
	positions := wthorPositions(t, []int{2019, 2020, 2021})
	e := New(Options{TableBytes: 64 << 20})
	g := geometries[8]
	for n := probcutMinEmpties; n <= maxEmpties; n++ {
		var sum, sum2 [11]float64
		count := 0
		for k := 0; k < len(positions) && count < perEmpties; k++ {
			pos := positions[(n*7919+k*104729)%len(positions)]
			if pos.Empties() != n {
				continue
			}
			e.Clear()
			res, err := e.Search(context.Background(), pos, Limits{ExactEmpties: 64})
			if err != nil {
				t.Fatal(err)
			}
			for d := range sum {
				s := newTestSearcher(g)
				s.w = e.weights
				v := s.midPVS(pos.P, pos.O, -64, 64, d, n)
				diff := float64(res.Score - v)
				sum[d] += diff
				sum2[d] += diff * diff
			}
			count++
		}
		line := fmt.Sprintf("empties=%d", n)
		for d := range sum {
			mean := sum[d] / float64(count)
			line += fmt.Sprintf(" d%d=%.2f/%.2f", d, mean, math.Sqrt(sum2[d]/float64(count)-mean*mean))
		}
		t.Log(line)
	}
}
