package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"turncoat/game"
)

// ErrNoPairing marks a Swiss round that cannot be paired without a repeated game (too many
// rounds for the field).
var ErrNoPairing = errors.New("no pairing without a repeated game")

// swissNodes bounds the pairing search; a field that needs more has no reasonable pairing.
const swissNodes = 2_000_000

// swissPlayer is what the pairing knows of a player.
type swissPlayer struct {
	name    string
	seed    int
	points  float64
	met     map[string]bool
	colours []game.Player // First or Second, game by game
	byes    int
}

// colourDiff is the number of games with First minus those with Second.
func (p *swissPlayer) colourDiff() int {
	d := 0
	for _, c := range p.colours {
		if c == game.First {
			d++
		} else {
			d--
		}
	}
	return d
}

// lastTwo reports the colour of p's last two games when they were the same, else NoPlayer.
func (p *swissPlayer) lastTwo() game.Player {
	n := len(p.colours)
	if n >= 2 && p.colours[n-1] == p.colours[n-2] {
		return p.colours[n-1]
	}
	return game.NoPlayer
}

// due returns the colour p must have next to keep its colours balanced (a difference of two,
// or the same colour twice in a row), or NoPlayer when either will do.
func (p *swissPlayer) due() game.Player {
	switch d := p.colourDiff(); {
	case d >= 2:
		return game.Second
	case d <= -2:
		return game.First
	}
	if c := p.lastTwo(); c.Valid() {
		return c.Other()
	}
	return game.NoPlayer
}

// Swiss pairs round of a Swiss event. players are in seed order (by rating, strongest first)
// and results are every game so far (byes included). The rules:
//
//   - players are ranked by points, then seed, and paired within their score group, the top
//     half against the bottom half (the Dutch way); a player who cannot be paired in the group
//     floats down to the next;
//   - two players never meet twice;
//   - colours are balanced: a player who has had First twice more than Second (or the same
//     colour twice in a row) gets the other colour, and two players who both need the same
//     colour are not paired while another pairing exists; of a pair, the player with fewer
//     Firsts (then the one who had Second last, then the higher ranked in odd rounds) plays
//     First;
//   - with an odd field the lowest-ranked player who has not had a bye gets one (ByePoints).
//
// It returns the pairings, board 1 the top pair and the bye last, or ErrNoPairing when every
// pairing would repeat a game.
func Swiss(players []string, results []GameResult, round int) ([]Pairing, error) {
	seed, err := checkPlayers(players)
	if err != nil {
		return nil, err
	}
	if err := checkResults(seed, results); err != nil {
		return nil, err
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("%w: a Swiss event needs two players at least", ErrEvent)
	}
	if round < 1 {
		return nil, fmt.Errorf("%w: round %d", ErrEvent, round)
	}
	ps := make([]*swissPlayer, len(players))
	for i, name := range players {
		ps[i] = &swissPlayer{name: name, seed: i, met: map[string]bool{}}
	}
	for _, r := range results {
		a := ps[seed[r.Players[0]]]
		if r.Players[1] == "" {
			a.byes++
			a.points += ByePoints
			continue
		}
		b := ps[seed[r.Players[1]]]
		a.points += r.score(game.First)
		b.points += r.score(game.Second)
		a.met[b.name], b.met[a.name] = true, true
		a.colours = append(a.colours, game.First)
		b.colours = append(b.colours, game.Second)
	}
	order := slices.Clone(ps)
	slices.SortStableFunc(order, func(a, b *swissPlayer) int {
		return cmp.Or(cmp.Compare(b.points, a.points), cmp.Compare(a.seed, b.seed))
	})
	// The bye: the lowest-ranked player without one, such that the others can be paired.
	var bye *swissPlayer
	field := order
	if len(order)%2 == 1 {
		for pass := 0; pass < 2 && bye == nil; pass++ {
			for i := len(order) - 1; i >= 0; i-- {
				if pass == 0 && order[i].byes > 0 {
					continue
				}
				rest := slices.Delete(slices.Clone(order), i, i+1)
				if pairs, ok := pairField(rest, round); ok {
					bye = order[i]
					return finishSwiss(pairs, bye, round), nil
				}
			}
		}
		return nil, fmt.Errorf("%w: round %d", ErrNoPairing, round)
	}
	pairs, ok := pairField(field, round)
	if !ok {
		return nil, fmt.Errorf("%w: round %d", ErrNoPairing, round)
	}
	return finishSwiss(pairs, nil, round), nil
}

// pairField pairs an even field ranked best first: with the colour rule if it can, else without.
func pairField(field []*swissPlayer, round int) ([][2]*swissPlayer, bool) {
	for _, strict := range []bool{true, false} {
		s := &swissSearch{field: field, paired: make([]bool, len(field)), strict: strict, budget: swissNodes}
		if s.pair() {
			out := make([][2]*swissPlayer, 0, len(field)/2)
			for i := 0; i < len(s.pairs); i += 2 {
				out = append(out, colour(field[s.pairs[i]], field[s.pairs[i+1]], round))
			}
			return out, true
		}
	}
	return nil, false
}

// swissSearch pairs a ranked field by depth-first search: the top unpaired player takes the
// first acceptable opponent in order of preference, backtracking when the rest cannot be paired.
type swissSearch struct {
	field  []*swissPlayer
	paired []bool
	pairs  []int
	strict bool
	budget int
}

func (s *swissSearch) pair() bool {
	s.budget--
	if s.budget < 0 {
		return false
	}
	top := slices.Index(s.paired, false)
	if top < 0 {
		return true
	}
	p := s.field[top]
	s.paired[top] = true
	for _, j := range s.candidates(top) {
		q := s.field[j]
		if p.met[q.name] {
			continue
		}
		if s.strict {
			if d := p.due(); d.Valid() && d == q.due() {
				continue
			}
		}
		s.paired[j] = true
		s.pairs = append(s.pairs, top, j)
		if s.pair() {
			return true
		}
		s.pairs = s.pairs[:len(s.pairs)-2]
		s.paired[j] = false
	}
	s.paired[top] = false
	return false
}

// candidates orders top's possible opponents: first its own score group, the player half a
// group below it first (top half against bottom half), then the rest of the bottom half, then
// the top half; then the lower groups, nearest first.
func (s *swissSearch) candidates(top int) []int {
	pts := s.field[top].points
	var group, lower []int
	for j := top + 1; j < len(s.field); j++ {
		if s.paired[j] {
			continue
		}
		if s.field[j].points == pts {
			group = append(group, j)
		} else {
			lower = append(lower, j)
		}
	}
	// top and group make the unpaired part of the score group, m players; its bottom half
	// starts at the m/2-th of them, which is group[m/2-1] (top is the first of the top half).
	half := max((len(group)+1)/2-1, 0)
	out := make([]int, 0, len(group)+len(lower))
	out = append(out, group[half:]...)
	out = append(out, group[:half]...)
	return append(out, lower...)
}

// colour gives a pair its colours: the player who needs First (or has had it less, or had
// Second last) plays First; else the higher ranked in odd rounds.
func colour(a, b *swissPlayer, round int) [2]*swissPlayer {
	if da, db := a.due(), b.due(); da != db {
		switch {
		case da == game.First || db == game.Second:
			return [2]*swissPlayer{a, b}
		case db == game.First || da == game.Second:
			return [2]*swissPlayer{b, a}
		}
	}
	if ca, cb := a.colourDiff(), b.colourDiff(); ca != cb {
		if ca < cb {
			return [2]*swissPlayer{a, b}
		}
		return [2]*swissPlayer{b, a}
	}
	la, lb := last(a), last(b)
	if la != lb {
		if la == game.Second || lb == game.First {
			return [2]*swissPlayer{a, b}
		}
		return [2]*swissPlayer{b, a}
	}
	if round%2 == 1 {
		return [2]*swissPlayer{a, b}
	}
	return [2]*swissPlayer{b, a}
}

func last(p *swissPlayer) game.Player {
	if n := len(p.colours); n > 0 {
		return p.colours[n-1]
	}
	return game.NoPlayer
}

func finishSwiss(pairs [][2]*swissPlayer, bye *swissPlayer, round int) []Pairing {
	out := make([]Pairing, 0, len(pairs)+1)
	for i, p := range pairs {
		out = append(out, Pairing{Round: round, Board: i + 1, Players: [2]string{p[0].name, p[1].name}})
	}
	if bye != nil {
		out = append(out, Pairing{Round: round, Board: len(out) + 1, Players: [2]string{bye.name, ""}})
	}
	return out
}
