package othello

import (
	"math"
	"time"
)

// Managed time (Limits.Managed): how a search with a time cap decides, after each midgame
// iteration, whether to start another. A fixed share of the cap spends as much on a move
// every line agrees on as on one where the deeper search keeps changing its mind; strong
// engines instead stop early when the best move is settled, spend up to the cap when it is
// not, and never start an iteration that cannot finish in time. An iteration the cap cuts all
// the same is of some use once it has searched the last best move: a move it then proves better
// is played (Result.Partial). The decision is the pure function nextIteration, of the
// iterations so far.

// iteration is what a finished midgame iteration found.
type iteration struct {
	depth int
	// move is the iteration's best move, score its value in discs.
	move, score int
	// elapsed is the time from the search's start to the iteration's end.
	elapsed time.Duration
}

// timePolicy tunes managed time. Shares are of the time cap.
type timePolicy struct {
	// soft is the share of the cap after which no new iteration starts in an ordinary
	// position (the best move neither settled nor in doubt).
	soft float64
	// stableSoft is the share for a settled move: the same best move for the last
	// stableIterations iterations, its score not dropped.
	stableSoft       float64
	stableIterations int
	// drop is the fall of the score, in discs, that makes a position critical: then, as when
	// the last iteration changed the best move, iterations go on until the next would not
	// finish within the cap.
	drop int
	// minGrowth and maxGrowth bound the predicted ratio of the next iteration's time to the
	// last's (the effective branching factor): the measured ratio of tiny iterations is noise.
	minGrowth, maxGrowth float64
}

// managedTime is the policy of the levels that manage their time (8 to 10). Starting the last
// iteration when only half of it is predicted to fit (to use a cut iteration's better move)
// made level 10 think 5% longer a move for no gain: 97/200 against this policy (Elo -10, 95%
// interval -55 to +34).
// The policy was chosen on level 10 at a one-second cap. On the iteration times of 102
// self-play midgame positions, the prediction alone saved a quarter of the time the fixed half
// lost to iterations the cap then cut, the shares barely mattering; in games, shares of a
// quarter and a half of the cap made level 10 think 30% less a move than the fixed half. These
// shares spend about what the fixed half did, more of it on the moves in doubt.
var managedTime = timePolicy{
	soft:             0.75,
	stableSoft:       0.4,
	stableIterations: 6,
	drop:             4,
	minGrowth:        1.5,
	maxGrowth:        3,
}

// timeReason says why nextIteration decided as it did.
type timeReason int

const (
	// reasonOrdinary: an ordinary position, within its share of the cap (or beyond it: stop).
	reasonOrdinary timeReason = iota
	// reasonStable: the best move is settled; its smaller share decided.
	reasonStable
	// reasonChanged: the last iteration changed the best move; only the cap limits.
	reasonChanged
	// reasonDropped: the score fell sharply; only the cap limits.
	reasonDropped
	// reasonForced: one move (up to symmetry): nothing to search.
	reasonForced
	// reasonOverrun: the next iteration would not finish within the cap.
	reasonOverrun
)

func (r timeReason) String() string {
	return [...]string{"ordinary", "stable", "changed", "dropped", "forced", "overrun"}[r]
}

// nextIteration decides whether a search under managed time with the time cap limit starts
// another midgame iteration after those of hist (oldest first), in a position of moves distinct
// moves.
func nextIteration(hist []iteration, moves int, limit time.Duration, pol timePolicy) (more bool, why timeReason) {
	if moves <= 1 {
		return false, reasonForced
	}
	k := len(hist)
	if k == 0 {
		return true, reasonOrdinary
	}
	last := hist[k-1]
	budget, why := pol.soft, reasonOrdinary
	switch {
	case k >= 2 && hist[k-2].move != last.move:
		budget, why = 1, reasonChanged
	case dropped(hist, pol.drop):
		budget, why = 1, reasonDropped
	case settled(hist, pol.stableIterations):
		budget, why = pol.stableSoft, reasonStable
	}
	if last.elapsed >= time.Duration(budget*float64(limit)) {
		return false, why
	}
	if last.elapsed+nextDuration(hist, pol) > limit {
		return false, reasonOverrun
	}
	return true, why
}

// dropped tells whether the last iteration's score fell by drop discs or more. Othello's
// scores swing between odd and even depths, so the last score is compared with the one two
// iterations before, of the same parity, when there is one.
func dropped(hist []iteration, drop int) bool {
	k := len(hist)
	switch {
	case k >= 3:
		return hist[k-3].score-hist[k-1].score >= drop
	case k == 2:
		return hist[0].score-hist[1].score >= drop
	}
	return false
}

// settled tells whether the last n iterations agree on the best move.
func settled(hist []iteration, n int) bool {
	k := len(hist)
	if n < 1 || k < n {
		return false
	}
	for _, it := range hist[k-n:] {
		if it.move != hist[k-1].move {
			return false
		}
	}
	return true
}

// nextDuration predicts the time of the iteration after hist: the last one's time times the
// growth per ply, measured over the last two plies (iterations of odd and even depths differ)
// when it can be, and bounded by the policy.
func nextDuration(hist []iteration, pol timePolicy) time.Duration {
	k := len(hist)
	d := func(i int) float64 {
		if i == 0 {
			return float64(hist[0].elapsed)
		}
		return float64(hist[i].elapsed - hist[i-1].elapsed)
	}
	last := d(k - 1)
	growth := pol.maxGrowth
	switch {
	case k >= 3 && d(k-3) > 0:
		growth = math.Sqrt(last / d(k-3))
	case k == 2 && d(0) > 0:
		growth = last / d(0)
	}
	growth = min(max(growth, pol.minGrowth), pol.maxGrowth)
	return time.Duration(last * growth)
}
