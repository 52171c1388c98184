package othello

import "math"

// Selective endgame search (probcut).
//
// Before solving a position exactly, the solver searches it to the end several times with
// probcut: at a node with many empties, a shallow midgame search predicts the exact score, and
// when the prediction lies far enough outside the window (t standard deviations of its measured
// error) the node is cut without being solved. Each iteration, with a wider margin, is more
// exact and slower; the last one has none. The selective iterations cost a fraction of the
// exact one and leave in the table, for almost every node it will meet, the move that proved
// best: that ordering is what makes the exact search fast. Their bounds are marked with the
// selectivity they were found at, and the exact search trusts only exact ones.

const (
	// selectiveEmpties is the fewest empties at which a solve starts with selective searches.
	selectiveEmpties = 20
	// probcutMinEmpties is the fewest empties at which a selective search tries probcut.
	probcutMinEmpties = 12
	// selExact is the selectivity of an exact search (no probcut).
	selExact = 7
)

// probcutT[i] is the margin, in standard deviations, of selectivity i+1: the chance that a cut
// is right is about 73%, 87%, 95% and 99%. Each level leaves in the table the best moves of
// nodes the previous one cut without searching, so the exact search after them finds more of
// its nodes ordered; the fourth level costs a fraction of what it saves there. Measured in
// nodes on one thread, three levels against four: FFO #58 2.54 G against 1.53 G (the exact
// search 2.47 G against 1.39 G, the fourth level 69 M), #50 438 M against 412 M, #53 1.69 G
// against 1.78 G. A fifth at 3.3: #58 1.38 G, #50 467 M.
var probcutT = []float64{1.1, 1.5, 2.0, 2.6}

// probcutDepth is the depth of the shallow search that stands in for the exact one at n empties.
func probcutDepth(n int) int { return 2*(n/5) + n&1 }

// probcutSigma[n] is the standard deviation, in discs, of the exact score at n empties minus the
// value of the probcut search. TestProbcutFit measured it on 60 positions of real games for each
// n from 12 to 24: about 7 with the 4-ply searches of 12 to 14 empties, 4 to 6.5 with the deeper
// ones beyond (no trend with n), with means within 2 discs of zero. The table rounds that up.
// Scaling it by 0.7 or 1.4 made FFO #55 slower (566 s and 706 s, against 546 s).
var probcutSigma = func() [65]float64 {
	var s [65]float64
	for n := range s {
		switch {
		case n <= 14:
			s[n] = 7
		default:
			s[n] = 5.5
		}
	}
	return s
}()

// probcutMargins[sel][n] is the margin of selectivity sel at n empties, in whole discs.
var probcutMargins = marginsOf(probcutT)

// confidencesOf returns the chance, in percent, that a cut of each margin ts (in standard
// deviations of a normal error) is right.
func confidencesOf(ts []float64) []int {
	c := make([]int, len(ts))
	for i, t := range ts {
		c[i] = int(math.Round(100 * math.Erf(t/math.Sqrt2)))
	}
	return c
}

func marginsOf(ts []float64) [][65]int {
	m := make([][65]int, len(ts))
	for sel, t := range ts {
		for n := range 65 {
			m[sel][n] = int(math.Ceil(t * probcutSigma[n]))
		}
	}
	return m
}

// setSelectivity sets the selectivity of the searcher (its helpers take it on at each split
// point): 0 for exact searches, i+1 for probcut with the margin probcutT[i].
func (s *searcher) setSelectivity(sel int) {
	ex := selExact
	if sel != 0 {
		ex = sel - 1
	}
	s.sel, s.exactness = sel, ex
}

// probcut tries to decide the null-window search (alpha, alpha+1) of a position with n empties
// by a shallow search: ok reports that it did, with v the bound. The static evaluation chooses
// which side to try, so that at most one shallow search usually runs.
func (s *searcher) probcut(p, o uint64, alpha, n int) (v int, ok bool) {
	margin := s.g.probcutMargins[s.sel-1][n]
	depth := probcutDepth(n)
	eval := s.evaluate(p, o, n)
	if b := alpha + 1 + margin; b <= 64 && eval >= alpha+1 {
		if s.midNWS(p, o, b-1, depth, n) >= b {
			return alpha + 1, true
		}
	}
	if a := alpha - margin; a >= -64 && eval <= alpha {
		if s.midNWS(p, o, a, depth, n) <= a {
			return alpha, true
		}
	}
	return 0, false
}

// selective runs the selective searches of the root (n empties) to the end, from the least
// exact to the most, each in an aspiration window around the previous value (guess for the
// first), calling done with the value of each that finishes (its best move at the front of
// roots) and the chance, in percent, that its cuts are right; it returns the last value, or ok
// false when the search was stopped. The searcher is exact again afterwards.
func (s *searcher) selective(roots []rootMove, guess, n int, done func(v, confidence int)) (v int, ok bool) {
	defer s.setSelectivity(0)
	v = guess
	for sel := 1; sel <= len(s.g.probcutMargins); sel++ {
		s.setSelectivity(sel)
		if v, ok = s.aspiration(roots, v, n, n); !ok {
			return v, false
		}
		done(v, s.g.probcutConfidence[sel-1])
	}
	return v, true
}
