// Package rating rates players with the Glicko-2 system (Mark Glickman, "Example of the Glicko-2
// system"): each player has a rating, a rating deviation (how uncertain the rating is) and a
// volatility (how erratic the player's results are).
//
// Ratings change once per rating period: [System.Update] takes a player's rating at the start of
// the period and every game the player finished in it (the opponent's rating and deviation at the
// start of the period, and the score: 1 win, 0.5 draw, 0 loss). A period without games only makes
// the deviation grow. How long a period is, and whether a server updates after every rated game
// (a period of one game) or in batches, is the caller's choice; so are the keys under which
// ratings are kept, with [Key] separating the variants of a game that play differently
// (6x6 and 8x8 Othello).
//
// The package does no I/O and keeps no state.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// glickoScale converts between the Glicko scale (ratings around 1500) and Glicko-2's internal
// scale: mu = (r - 1500) / 173.7178, phi = RD / 173.7178.
const glickoScale = 173.7178

// Defaults of a new player and of the system.
const (
	// DefaultRating is a new player's rating.
	DefaultRating = 1500
	// DefaultDeviation is a new player's deviation, and the largest a deviation grows to.
	DefaultDeviation = 350
	// DefaultVolatility is a new player's volatility (the paper's example value).
	DefaultVolatility = 0.06
	// DefaultTau is the system constant: it bounds how fast volatility changes. Glickman
	// suggests 0.3 to 1.2; the paper's example uses 0.5.
	DefaultTau = 0.5
	// convergence is the tolerance of the volatility iteration (the paper's epsilon).
	convergence = 0.000001
)

// Rating is a player's Glicko-2 rating on the familiar scale (1500 for a new player).
type Rating struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
}

// New returns a new player's rating: 1500, deviation 350, volatility 0.06.
func New() Rating {
	return Rating{Rating: DefaultRating, Deviation: DefaultDeviation, Volatility: DefaultVolatility}
}

// String writes the rating as players read it: "1464 ± 303" (the 95% interval, two deviations).
func (r Rating) String() string {
	return fmt.Sprintf("%.0f ± %.0f", r.Rating, 2*r.Deviation)
}

// Result is one game of a rating period, seen from the rated player.
type Result struct {
	// Opponent is the opponent's rating at the start of the period (its volatility is not
	// used).
	Opponent Rating `json:"opponent"`
	// Score is the player's result: 1 for a win, 0.5 for a draw, 0 for a loss.
	Score float64 `json:"score"`
}

// Win, Draw and Loss are the scores of a Result.
const (
	Win  = 1.0
	Draw = 0.5
	Loss = 0.0
)

// ErrInvalid marks a rating or a result that cannot be used: a deviation or volatility that is
// not positive, a score outside [0, 1], a value that is not a number.
var ErrInvalid = errors.New("rating: invalid input")

// System holds the constants of a Glicko-2 system. The zero value is not usable; start from
// [Default].
type System struct {
	// Tau constrains the change of volatility over time (see DefaultTau).
	Tau float64
	// MaxDeviation caps the deviation (the deviation of a new player), so that a long absence
	// never makes a player less known than a newcomer.
	MaxDeviation float64
}

// Default returns the system the project rates with: tau 0.5, deviations capped at 350.
func Default() System { return System{Tau: DefaultTau, MaxDeviation: DefaultDeviation} }

// Validate reports whether r can be rated.
func (r Rating) Validate() error {
	switch {
	case !finite(r.Rating):
		return fmt.Errorf("%w: rating %v is not a number", ErrInvalid, r.Rating)
	case !finite(r.Deviation) || r.Deviation <= 0:
		return fmt.Errorf("%w: deviation %v must be positive", ErrInvalid, r.Deviation)
	case !finite(r.Volatility) || r.Volatility <= 0:
		return fmt.Errorf("%w: volatility %v must be positive", ErrInvalid, r.Volatility)
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// g is the weight of an opponent with deviation phi (internal scale): the less certain the
// opponent's rating, the less the game tells.
func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is the expected score of mu against an opponent of muJ weighted by gJ.
func expected(mu, muJ, gJ float64) float64 { return 1 / (1 + math.Exp(-gJ*(mu-muJ))) }

// Update returns r after a rating period in which the player had the given results (none: the
// player did not play, and only the deviation grows). It follows the paper's steps 1 to 8, with
// the Illinois algorithm for the new volatility.
func (sys System) Update(r Rating, results []Result) (Rating, error) {
	if !(sys.Tau > 0) || !(sys.MaxDeviation > 0) {
		return r, fmt.Errorf("%w: system tau %v and maximum deviation %v must be positive", ErrInvalid, sys.Tau, sys.MaxDeviation)
	}
	if err := r.Validate(); err != nil {
		return r, err
	}
	mu := (r.Rating - DefaultRating) / glickoScale
	phi := r.Deviation / glickoScale
	sigma := r.Volatility
	if len(results) == 0 {
		// Step 6 alone: the deviation grows by the volatility.
		out := r
		out.Deviation = math.Min(math.Sqrt(phi*phi+sigma*sigma)*glickoScale, sys.MaxDeviation)
		return out, nil
	}
	// Steps 3 and 4: the estimated variance v of the rating from the games alone, and the
	// estimated improvement delta.
	var invV, sum float64
	for i, res := range results {
		if err := res.Opponent.Validate(); err != nil {
			return r, fmt.Errorf("result %d: %w", i+1, err)
		}
		if !(res.Score >= 0 && res.Score <= 1) {
			return r, fmt.Errorf("%w: result %d: score %v is not in [0, 1]", ErrInvalid, i+1, res.Score)
		}
		muJ := (res.Opponent.Rating - DefaultRating) / glickoScale
		gJ := g(res.Opponent.Deviation / glickoScale)
		e := expected(mu, muJ, gJ)
		invV += gJ * gJ * e * (1 - e)
		sum += gJ * (res.Score - e)
	}
	v := 1 / invV
	delta := v * sum
	// Step 5: the new volatility.
	sigmaNew := sys.volatility(phi, sigma, v, delta)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigmaNew*sigmaNew)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return Rating{
		Rating:     muNew*glickoScale + DefaultRating,
		Deviation:  math.Min(phiNew*glickoScale, sys.MaxDeviation),
		Volatility: sigmaNew,
	}, nil
}

// volatility solves the paper's step 5 for the new volatility by the Illinois algorithm (a
// regula falsi that always converges).
func (sys System) volatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	tau2 := sys.Tau * sys.Tau
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/tau2
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*sys.Tau) < 0 {
			k++
		}
		B = a - k*sys.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > convergence && i < 1000; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
