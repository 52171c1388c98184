package othello

import "math"

// Multi-prob-cut in the midgame (Buro's selective search, as NTest and Edax use it): at a
// null-window node searched to depth d, a search to the much shallower mpcShallow(d) predicts
// the deep value as a*v + b with a measured standard deviation sigma; when even the prediction
// minus (or plus) mpcT deviations lies above (below) the window, the node is cut with the
// bound, without the deep search. The constants are fitted on positions of real games by
// TestMPCFit (mpc_fit_test.go), which prints the table below. The cut is taken only by the
// levels that ask for it (Limits.Selective: levels 8 to 10), in their midgame iterations; the
// solver's searches never use it.

// mpcParams is the fitted model of depth d: the shallow search's depth, and the deep value as
// a*shallow + b with the residual's standard deviation sigma, in discs.
type mpcParams struct {
	shallow     int
	a, b, sigma float64
}

const (
	// mpcMinDepth is the least depth at which a node tries multi-prob-cut.
	mpcMinDepth = 3
)

// mpcT is the cut's margin in standard deviations.
var mpcT = 1.5

// mpcShallow is the depth of the search that predicts one to depth d (Edax's choice: the same
// parity, about half as deep).
func mpcShallow(d int) int {
	s := 2*(d/4) + d&1
	if s == 0 {
		s = d - 2
	}
	return s
}

// mpcCut is, for each depth, the shallow depth and the shallow values at and beyond which
// the node is cut (as offsets: the high cut needs shallow >= (bound - b + t*sigma)/a).
type mpcCut struct {
	shallow int
	// high(beta) = ceil((beta - b + t*sigma)/a), low(alpha) = floor((alpha - b - t*sigma)/a):
	// kept as the four numbers of the two lines
	inva, offHigh, offLow float64
}

// The model's error depends on the phase: about half as large above 40 empties as below.
const mpcPhases = 3

var mpcPhaseNames = [mpcPhases]string{"20 to 32 empties (and fewer)", "33 to 44 empties", "45 empties and more"}

// mpcPhase is the phase of a position with n empties.
func mpcPhase(n int) int {
	switch {
	case n <= 32:
		return 0
	case n <= 44:
		return 1
	}
	return 2
}

// mpcCuts[n][d] is the cut at depth d of a node with n empties, with the margin mpcT (zero
// shallow: none).
var mpcCuts = mpcCutsOf(mpcT)

func mpcCutsOf(t float64) *[65][64]mpcCut {
	c := new([65][64]mpcCut)
	for n := range c {
		for d := mpcMinDepth; d < len(c[n]); d++ {
			p := mpcModel(mpcPhase(n), d)
			c[n][d] = mpcCut{shallow: p.shallow, inva: 1 / p.a, offHigh: -p.b + t*p.sigma, offLow: -p.b - t*p.sigma}
		}
	}
	return c
}

// mpcModel returns the fitted model of depth d in phase (beyond the fitted depths, the
// deepest one's, its error grown by 5% a ply).
func mpcModel(phase, d int) mpcParams {
	fitted := mpcFitted[phase]
	if d < len(fitted) {
		return fitted[d]
	}
	last := len(fitted) - 1
	p := fitted[last]
	p.shallow = mpcShallow(d)
	p.sigma *= 1 + 0.05*float64(d-last)
	return p
}

// midProbcut tries to decide midNWS(alpha) at depth by the shallow search: ok reports that it
// did, with v the bound. The static evaluation chooses which side to try, so that one shallow
// search usually runs at most.
func (s *searcher) midProbcut(p, o uint64, alpha, depth, n int) (v int, ok bool) {
	c := &mpcCuts[n][depth]
	if c.shallow <= 0 || c.shallow >= n {
		return 0, false
	}
	eval := s.evaluate(p, o, n)
	if eval > alpha {
		// the deep value is above alpha if the shallow one is at least hi
		hi := int(math.Ceil((float64(alpha+1) + c.offHigh) * c.inva))
		if hi <= 64 && s.midNWS(p, o, max(hi, -63)-1, c.shallow, n) >= hi {
			return alpha + 1, true
		}
		return 0, false
	}
	// the deep value is at most alpha if the shallow one is at most lo
	lo := int(math.Floor((float64(alpha) + c.offLow) * c.inva))
	if lo >= -64 && s.midNWS(p, o, min(lo, 63), c.shallow, n) <= lo {
		return alpha, true
	}
	return 0, false
}

// setMPC turns multi-prob-cut on or off for the searcher (its helpers take it on at each
// split point).
func (s *searcher) setMPC(on bool) { s.mpc = on }
