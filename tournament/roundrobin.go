package tournament

import "fmt"

// RoundRobin returns the rounds of a round robin in which everyone meets everyone once, by the
// Berger tables (FIDE's): with the players numbered 1..n in the order given (n made even with a
// bye), round r pairs n with the player k for whom 2k = r+1 (mod n-1), and every other player a
// with the b for whom a+b = r+1 (mod n-1). Colours alternate as the tables give them: n plays
// First in even rounds, and of a and b (a < b) the lower plays First when b-a is odd. So every
// player has First and Second as evenly as can be. A player paired with the bye sits the round
// out (Pairing.Bye). Boards follow the tables' order, byes last.
func RoundRobin(players []string) ([][]Pairing, error) {
	if _, err := checkPlayers(players); err != nil {
		return nil, err
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("%w: a round robin needs two players at least", ErrEvent)
	}
	n := len(players)
	if n%2 == 1 {
		n++
	}
	name := func(i int) string { // i from 1; the bye is "" (the n-th of an odd field)
		if i > len(players) {
			return ""
		}
		return players[i-1]
	}
	wrap := func(x int) int { // into 1..n-1
		x %= n - 1
		if x <= 0 {
			x += n - 1
		}
		return x
	}
	rounds := make([][]Pairing, n-1)
	for r := 1; r <= n-1; r++ {
		k := 0
		for i := 1; i < n; i++ {
			if wrap(2*i) == wrap(r+1) {
				k = i
				break
			}
		}
		var games []Pairing
		add := func(first, second int) {
			a, b := name(first), name(second)
			switch {
			case a == "":
				a, b = b, ""
			case b == "":
			}
			games = append(games, Pairing{Round: r, Players: [2]string{a, b}})
		}
		if r%2 == 0 {
			add(n, k)
		} else {
			add(k, n)
		}
		for j := 1; j < n/2; j++ {
			a, b := wrap(k+j), wrap(k-j)
			lo, hi := min(a, b), max(a, b)
			if (hi-lo)%2 == 1 {
				add(lo, hi)
			} else {
				add(hi, lo)
			}
		}
		// Byes go last, games keep the tables' order.
		var out []Pairing
		var byes []Pairing
		for _, g := range games {
			if g.Bye() {
				byes = append(byes, g)
			} else {
				out = append(out, g)
			}
		}
		out = append(out, byes...)
		for i := range out {
			out[i].Board = i + 1
		}
		rounds[r-1] = out
	}
	return rounds, nil
}
