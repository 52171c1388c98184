package tournament

import (
	"fmt"
	"math/bits"
)

// Knockout is a single-elimination bracket. Players are seeded in the order given (seed 1
// first); the bracket has the next power of two of places, and the missing players are byes
// given to the top seeds. Seeds meet in the standard order (1 against the last, and 1 and 2 can
// only meet in the final). In every match the higher seed plays First. A match needs a winner:
// a drawn game is the caller's to decide (a replay, the disc difference, a die), and Report
// takes the player who goes through. It is plain data: its JSON is its stored form
// (ValidateKnockout checks one read back).
type Knockout struct {
	// Players are the players in seed order.
	Players []string `json:"players"`
	// Rounds are the rounds so far: the first one whole, each next one once the previous one
	// is decided.
	Rounds [][]Match `json:"rounds"`
}

// Match is one match of a knockout round.
type Match struct {
	Round int `json:"round"`
	// Number is the match's place in its round, from 1.
	Number int `json:"number"`
	// Players are First and Second, the higher seed first; Players[1] is empty for a bye.
	Players [2]string `json:"players"`
	// Winner is who goes through ("" until decided; a bye's player at once).
	Winner string `json:"winner,omitempty"`
}

// bracketOrder returns the seeds (from 1) in bracket order for size places: 1, size, and so
// on, so that adjacent pairs are first-round matches and the top seeds meet last.
func bracketOrder(size int) []int {
	order := []int{1}
	for len(order) < size {
		n := 2*len(order) + 1
		next := make([]int, 0, 2*len(order))
		for _, s := range order {
			next = append(next, s, n-s)
		}
		order = next
	}
	return order
}

// NewKnockout builds the bracket of players (in seed order) and its first round; byes are
// decided at once.
func NewKnockout(players []string) (*Knockout, error) {
	if _, err := checkPlayers(players); err != nil {
		return nil, err
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("%w: a knockout needs two players at least", ErrEvent)
	}
	size := 1 << bits.Len(uint(len(players)-1))
	order := bracketOrder(size)
	k := &Knockout{Players: append([]string(nil), players...)}
	var first []Match
	for i := 0; i < size; i += 2 {
		a, b := order[i], order[i+1]
		if a > b {
			a, b = b, a
		}
		m := Match{Round: 1, Number: i/2 + 1, Players: [2]string{players[a-1], ""}}
		if b <= len(players) {
			m.Players[1] = players[b-1]
		} else {
			m.Winner = m.Players[0]
		}
		first = append(first, m)
	}
	k.Rounds = [][]Match{first}
	k.advance()
	return k, nil
}

// RoundCount returns the number of rounds the bracket has (log2 of its size).
func (k *Knockout) RoundCount() int {
	return bits.Len(uint(len(k.Players) - 1))
}

// Pending returns the matches to play now: those of the latest round with two players and no
// winner, as pairings.
func (k *Knockout) Pending() []Pairing {
	var out []Pairing
	if len(k.Rounds) == 0 {
		return nil
	}
	for _, m := range k.Rounds[len(k.Rounds)-1] {
		if m.Winner == "" && m.Players[1] != "" {
			out = append(out, Pairing{Round: m.Round, Board: m.Number, Players: m.Players})
		}
	}
	return out
}

// Report records that winner went through match number of round; when the round is decided,
// the next one is drawn up.
func (k *Knockout) Report(round, number int, winner string) error {
	if round < 1 || round > len(k.Rounds) {
		return fmt.Errorf("%w: the knockout has no round %d yet", ErrEvent, round)
	}
	ms := k.Rounds[round-1]
	if number < 1 || number > len(ms) {
		return fmt.Errorf("%w: round %d has no match %d", ErrEvent, round, number)
	}
	m := &ms[number-1]
	if m.Winner != "" {
		return fmt.Errorf("%w: round %d match %d is decided: %s went through", ErrEvent, round, number, m.Winner)
	}
	if winner != m.Players[0] && winner != m.Players[1] {
		return fmt.Errorf("%w: %s does not play round %d match %d (%s - %s)", ErrEvent, winner, round, number, m.Players[0], m.Players[1])
	}
	m.Winner = winner
	k.advance()
	return nil
}

// advance draws up the next round while the latest one is decided.
func (k *Knockout) advance() {
	for {
		last := k.Rounds[len(k.Rounds)-1]
		if len(last) == 1 {
			return
		}
		for _, m := range last {
			if m.Winner == "" {
				return
			}
		}
		seed := make(map[string]int, len(k.Players))
		for i, p := range k.Players {
			seed[p] = i
		}
		r := len(k.Rounds) + 1
		next := make([]Match, len(last)/2)
		for i := range next {
			a, b := last[2*i].Winner, last[2*i+1].Winner
			if seed[b] < seed[a] {
				a, b = b, a
			}
			next[i] = Match{Round: r, Number: i + 1, Players: [2]string{a, b}}
		}
		k.Rounds = append(k.Rounds, next)
	}
}

// Champion returns the winner of the final, or "" while it is undecided.
func (k *Knockout) Champion() string {
	if len(k.Rounds) == 0 {
		return ""
	}
	last := k.Rounds[len(k.Rounds)-1]
	if len(last) != 1 {
		return ""
	}
	return last[0].Winner
}

// ValidateKnockout checks a bracket read back from storage: the players, the first round drawn
// as NewKnockout draws it, each later round from the winners of the one before, every winner a
// player of the match.
func ValidateKnockout(k *Knockout) error {
	fresh, err := NewKnockout(k.Players)
	if err != nil {
		return err
	}
	if len(k.Rounds) == 0 || len(k.Rounds) > fresh.RoundCount() {
		return fmt.Errorf("%w: a bracket of %d players with %d rounds", ErrEvent, len(k.Players), len(k.Rounds))
	}
	for r, ms := range k.Rounds {
		want := fresh.Rounds[r]
		if len(ms) != len(want) {
			return fmt.Errorf("%w: round %d has %d matches, want %d", ErrEvent, r+1, len(ms), len(want))
		}
		for i, m := range ms {
			if m.Round != r+1 || m.Number != i+1 || m.Players != want[i].Players {
				return fmt.Errorf("%w: round %d match %d is %s - %s, want %s - %s", ErrEvent, r+1, i+1, m.Players[0], m.Players[1], want[i].Players[0], want[i].Players[1])
			}
			if m.Winner != "" && m.Winner != m.Players[0] && m.Winner != m.Players[1] {
				return fmt.Errorf("%w: round %d match %d: %s did not play it", ErrEvent, r+1, i+1, m.Winner)
			}
			if m.Players[1] == "" && m.Winner != m.Players[0] {
				return fmt.Errorf("%w: round %d match %d is a bye that %s did not go through", ErrEvent, r+1, i+1, m.Players[0])
			}
			if r+1 < len(k.Rounds) && m.Winner == "" {
				return fmt.Errorf("%w: round %d match %d is undecided, yet round %d was drawn", ErrEvent, r+1, i+1, r+2)
			}
			if m.Winner != "" && m.Players[1] != "" {
				if err := fresh.Report(r+1, i+1, m.Winner); err != nil {
					return err
				}
			}
		}
	}
	if len(fresh.Rounds) != len(k.Rounds) {
		return fmt.Errorf("%w: %d rounds drawn, the results give %d", ErrEvent, len(k.Rounds), len(fresh.Rounds))
	}
	return nil
}
