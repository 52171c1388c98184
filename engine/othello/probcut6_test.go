package othello

import (
	"context"
	"math"
	"os"
	"testing"

	"turncoat/games/discs"
)

// TestProbcutFit6 measures what the 6x6 probcut table (tuning.go) holds, as TestProbcutFit does
// for 8x8: for positions of generated 6x6 games (a seed of their own, not the evaluation's) with
// n empties, the mean and the standard deviation of the exact score minus the value of the
// shallow search probcut runs in its place. The full measure (12 to 22 empties, 60 positions
// each) takes minutes, so it runs only when asked:
//
//	TURNCOAT_PROBCUT_FIT=1 go test ./engine/othello -run ProbcutFit6 -v -timeout 1h
//
// Otherwise (unless -short) a reduced one, 40 positions from 12 to 16 empties, checks the table
// on every change in some seconds.
func TestProbcutFit6(t *testing.T) {
	perEmpties, maxEmpties, games := 40, 16, 160
	if os.Getenv("TURNCOAT_PROBCUT_FIT") != "" {
		perEmpties, maxEmpties, games = 60, 22, 600
	} else if testing.Short() {
		t.Skip("-short: set TURNCOAT_PROBCUT_FIT=1 to measure the 6x6 probcut error table in full (minutes), or drop -short for the reduced check")
	}
	samples, err := Samples6(context.Background(), Samples6Config{Games: games, Seed: 99, SolveEmpties: maxEmpties})
	if err != nil {
		t.Fatal(err)
	}
	g := geometries[6]
	for n := probcutMinEmpties; n <= maxEmpties; n++ {
		var sum, sum2 float64
		count := 0
		for _, x := range samples {
			if int(x.Empties) != n || discs.Moves(x.P, x.O)&g.mask == 0 || count == perEmpties {
				continue
			}
			s := newTestSearcher(g)
			s.w6 = DefaultWeights6()
			depth := probcutDepth(n)
			d := float64(int(x.Target) - s.midPVS(x.P, x.O, -64, 64, depth, n))
			sum += d
			sum2 += d * d
			count++
		}
		mean := sum / float64(count)
		sigma := math.Sqrt(sum2/float64(count) - mean*mean)
		t.Logf("empties=%d depth=%d positions=%d mean=%.2f sigma=%.2f", n, probcutDepth(n), count, mean, sigma)
		// 40 samples give sigma within about 25%: a larger gap, or a bias, means the table
		// wants measuring again
		if want := probcutSigma6[n]; sigma > 1.3*want || math.Abs(mean) > 2 {
			t.Errorf("empties=%d: mean %.2f sigma %.2f, the table says mean 0 sigma %.1f", n, mean, sigma, want)
		}
	}
}
