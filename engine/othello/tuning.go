package othello

import "math"

// Search parameters by board size.
//
// The selective searches and probcut (probcut.go) were measured on 8x8 with its learned
// evaluation; 6x6 has an evaluation of its own (eval6.go) whose errors are its own, and a
// smaller board with smaller scores. Each geometry carries the parameters its searches use:
// 8x8 and 4x4 the ones of probcut.go, 6x6 those measured for it below.

// tuning is what a board size sets in the search's parameters.
type tuning struct {
	// probcutMargins[sel-1][n] is the margin, in discs, of selectivity sel at n empties; its
	// length is the number of selective searches before an exact solve.
	probcutMargins [][65]int
	// probcutConfidence[sel-1] is the chance, in percent, that a cut of selectivity sel is
	// right.
	probcutConfidence []int
	// fastestFirst is the number of empties at and below which the solver orders moves by
	// mobility alone; above it, by a shallow evaluated search as well.
	fastestFirst int
	// sortBase sets the depth of the solver's ordering searches: (empties - sortBase) / 3.
	sortBase int
	// ttFrom is the number of empties from which the solver uses the shared table (below it,
	// its local one) while the table has room; ttFromFull once it is full. Both ttEmpties, at
	// most.
	ttFrom, ttFromFull int
	// localShift is 64 minus the log2 of the entries of each of the solver's local tables the
	// board uses (at most localBits, endgame.go).
	localShift int
}

// probcutSigma6[n] is the standard deviation, in discs, of the exact score of a 6x6 position
// with n empties minus the value of the probcut search (TestProbcutFit6 measures it).
var probcutSigma6 = func() [65]float64 {
	var s [65]float64
	for n := range s {
		switch {
		case n <= 12:
			s[n] = 4.5
		case n <= 14:
			s[n] = 4
		case n <= 18:
			s[n] = 3.3
		default:
			s[n] = 3
		}
	}
	return s
}()

// probcutT6 are the margins of the 6x6 selective searches, in standard deviations.
var probcutT6 = []float64{1.5, 2.5, 4}

const (
	// fastestFirst6 and sortBase6 are fastestFirst and sortBase on 6x6. The solver's ordering
	// searches two plies shallower than with sortBase6 12 (depth 1 from 21 empties, 2 from 24,
	// 4 from 27) cost fewer nodes than they lose: solving the starts on one thread, the
	// parallel one 818 M -> 770 M nodes, the diagonal one 476 M -> 455 M (14: 802 M and 478 M;
	// 16: 754 M and 489 M; 20: 805 M for the parallel start).
	fastestFirst6 = 12
	sortBase6     = 18
	// ttEmpties6 is ttEmpties on 6x6: its solves fill no table, and the shared table from 13
	// empties saves nodes there (one thread: the parallel start 755 M nodes against 784 M from
	// 16, the diagonal one 454 M against 473 M).
	ttEmpties6 = 13
	// localBits6 is localBits on 6x6: its solves are small and its nodes cheap, so a local
	// table beyond the processor's nearest caches costs more in misses than it saves (one
	// thread, localBits6 14 against 12: the diagonal start 448 M nodes against 452 M but 16.6 s
	// against 16.0 s, the parallel one 744 M against 751 M but 27.3 s against 26.4 s).
	localBits6 = 12
)

func init() {
	for _, g := range geometries {
		g.probcutMargins, g.probcutConfidence = probcutMargins, confidencesOf(probcutT)
		g.fastestFirst, g.sortBase, g.ttFrom, g.ttFromFull = fastestFirstEmpties, sortBase, ttEmptiesRoom, ttEmpties
		g.localShift = 64 - localBits
	}
	g := geometries[6]
	g.probcutMargins, g.probcutConfidence = make([][65]int, len(probcutT6)), confidencesOf(probcutT6)
	for sel, t := range probcutT6 {
		for n := range 65 {
			g.probcutMargins[sel][n] = int(math.Ceil(t * probcutSigma6[n]))
		}
	}
	g.fastestFirst, g.sortBase, g.ttFrom, g.ttFromFull = fastestFirst6, sortBase6, ttEmpties6, ttEmpties6
	g.localShift = 64 - localBits6
}
