package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
)

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("P%d", i+1)
	}
	return out
}

// TestBergerTables checks the round robin of six against FIDE's Berger table (first named plays
// First, i.e. White).
func TestBergerTables(t *testing.T) {
	want := [][]string{
		{"P1-P6", "P2-P5", "P3-P4"},
		{"P6-P4", "P5-P3", "P1-P2"},
		{"P2-P6", "P3-P1", "P4-P5"},
		{"P6-P5", "P1-P4", "P2-P3"},
		{"P3-P6", "P4-P2", "P5-P1"},
	}
	rounds, err := RoundRobin(names(6))
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != len(want) {
		t.Fatalf("%d rounds, want %d", len(rounds), len(want))
	}
	for r, games := range rounds {
		var got []string
		for _, g := range games {
			got = append(got, g.Players[0]+"-"+g.Players[1])
		}
		if !slices.Equal(got, want[r]) {
			t.Errorf("round %d: %v, want %v", r+1, got, want[r])
		}
	}
	// Four players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
	rounds, _ = RoundRobin(names(4))
	var got []string
	for _, games := range rounds {
		for _, g := range games {
			got = append(got, g.Players[0]+"-"+g.Players[1])
		}
	}
	if w := []string{"P1-P4", "P2-P3", "P4-P3", "P1-P2", "P2-P4", "P3-P1"}; !slices.Equal(got, w) {
		t.Errorf("four players: %v, want %v", got, w)
	}
}

// TestRoundRobinEveryOpponent: for every field size everyone meets everyone exactly once, plays
// at most once a round, sits out once in an odd field, and has First and Second as evenly as
// can be, never three times the same colour in a row.
func TestRoundRobinEveryOpponent(t *testing.T) {
	for n := 2; n <= 14; n++ {
		players := names(n)
		rounds, err := RoundRobin(players)
		if err != nil {
			t.Fatal(err)
		}
		met := map[[2]string]int{}
		byes := map[string]int{}
		colours := map[string][]game.Player{}
		for r, games := range rounds {
			seen := map[string]bool{}
			for i, g := range games {
				if g.Round != r+1 || g.Board != i+1 {
					t.Errorf("n=%d round %d: game %d numbered round %d board %d", n, r+1, i+1, g.Round, g.Board)
				}
				for _, p := range g.Players {
					if p == "" {
						continue
					}
					if seen[p] {
						t.Errorf("n=%d round %d: %s plays twice", n, r+1, p)
					}
					seen[p] = true
				}
				if g.Bye() {
					byes[g.Players[0]]++
					continue
				}
				a, b := g.Players[0], g.Players[1]
				met[[2]string{min(a, b), max(a, b)}]++
				colours[a] = append(colours[a], game.First)
				colours[b] = append(colours[b], game.Second)
			}
		}
		for i, a := range players {
			for _, b := range players[i+1:] {
				if k := met[[2]string{min(a, b), max(a, b)}]; k != 1 {
					t.Errorf("n=%d: %s and %s meet %d times", n, a, b, k)
				}
			}
			if n%2 == 1 && byes[a] != 1 {
				t.Errorf("n=%d: %s sits out %d rounds", n, a, byes[a])
			}
			diff, run, longest := 0, 0, 0
			for j, c := range colours[a] {
				if c == game.First {
					diff++
				} else {
					diff--
				}
				if j > 0 && c == colours[a][j-1] {
					run++
				} else {
					run = 1
				}
				longest = max(longest, run)
			}
			if diff < -1 || diff > 1 || longest > 2 {
				t.Errorf("n=%d: %s's colours %v: difference %d, %d in a row", n, a, colours[a], diff, longest)
			}
		}
	}
	if _, err := RoundRobin([]string{"A"}); !errors.Is(err, ErrEvent) {
		t.Errorf("one player: %v", err)
	}
	if _, err := RoundRobin([]string{"A", "A"}); !errors.Is(err, ErrEvent) {
		t.Errorf("a player twice: %v", err)
	}
}

// randomResult plays a pairing at random, the stronger seed more often winning.
func randomResult(rng *rand.Rand, p Pairing) GameResult {
	r := GameResult{Round: p.Round, Players: p.Players, Winner: game.NoPlayer}
	if p.Bye() {
		return r
	}
	switch x := rng.IntN(10); {
	case x < 4:
		r.Winner, r.Margin = game.First, 2+rng.IntN(30)
	case x < 8:
		r.Winner, r.Margin = game.Second, -2-rng.IntN(30)
	}
	return r
}

// TestSwissNeverRepeats runs Swiss events of every size with random results: no two players
// ever meet twice, everyone plays once a round, byes go to players without one, and colours
// stay balanced.
func TestSwissNeverRepeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for n := 2; n <= 20; n++ {
		for trial := range 3 {
			players := names(n)
			// Up to half the field's size in rounds: every player still has half the field
			// to meet, so a pairing without repeats exists (Dirac).
			rounds := max(1, n/2)
			var results []GameResult
			met := map[[2]string]bool{}
			byes := map[string]int{}
			for r := 1; r <= rounds; r++ {
				pairs, err := Swiss(players, results, r)
				if err != nil {
					t.Fatalf("n=%d trial %d round %d: %v", n, trial, r, err)
				}
				seen := map[string]bool{}
				for _, p := range pairs {
					for _, x := range p.Players {
						if x == "" {
							continue
						}
						if seen[x] {
							t.Fatalf("n=%d round %d: %s paired twice", n, r, x)
						}
						seen[x] = true
					}
					if p.Bye() {
						if byes[p.Players[0]] > 0 {
							t.Errorf("n=%d round %d: %s gets a second bye", n, r, p.Players[0])
						}
						byes[p.Players[0]]++
					} else {
						k := [2]string{min(p.Players[0], p.Players[1]), max(p.Players[0], p.Players[1])}
						if met[k] {
							t.Fatalf("n=%d trial %d round %d: %s and %s meet again", n, trial, r, k[0], k[1])
						}
						met[k] = true
					}
					results = append(results, randomResult(rng, p))
				}
				if len(seen) != n {
					t.Fatalf("n=%d round %d: %d players paired", n, r, len(seen))
				}
			}
			diff := map[string]int{}
			for _, r := range results {
				if r.Players[1] != "" {
					diff[r.Players[0]]++
					diff[r.Players[1]]--
				}
			}
			for p, d := range diff {
				if d < -2 || d > 2 {
					t.Errorf("n=%d trial %d: %s has First %+d times more than Second", n, trial, p, d)
				}
			}
		}
	}
}

// TestSwissScoreGroups checks the first two rounds of an eight-player Swiss by hand. Round 1
// pairs the top half against the bottom half: 1-5, 2-6, 3-7, 4-8. If 1, 2, 7 and 8 win, round 2
// pairs the winners' group {1, 2, 7, 8} top half against bottom half (1-7, 2-8) and the losers'
// group {3, 4, 5, 6} the same way (3-5, 4-6); nobody meets anyone twice.
func TestSwissScoreGroups(t *testing.T) {
	players := names(8)
	pairs, err := Swiss(players, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := pairString(pairs)
	if want := "P1-P5 P6-P2 P3-P7 P8-P4"; got != want && !sameGames(got, "P1-P5 P2-P6 P3-P7 P4-P8") {
		t.Errorf("round 1: %s, want the games of %s", got, want)
	}
	var results []GameResult
	for _, p := range pairs {
		r := GameResult{Round: 1, Players: p.Players, Winner: game.First}
		// P1, P2, P7 and P8 win.
		if w := p.Players[1]; w == "P1" || w == "P2" || w == "P7" || w == "P8" {
			r.Winner = game.Second
		}
		results = append(results, r)
	}
	pairs, err = Swiss(players, results, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := pairString(pairs); !sameGames(got, "P1-P7 P2-P8 P3-P5 P4-P6") {
		t.Errorf("round 2: %s, want the games P1-P7 P2-P8 P3-P5 P4-P6", got)
	}
	// Colours: everyone who had First in round 1 has Second in round 2 where the pairing
	// allows it; here it always does.
	first := map[string]bool{}
	for _, r := range results {
		first[r.Players[0]] = true
	}
	for _, p := range pairs {
		if first[p.Players[0]] && !first[p.Players[1]] {
			t.Errorf("round 2: %s-%s: %s had First in round 1 and gets it again", p.Players[0], p.Players[1], p.Players[0])
		}
	}
	// An odd field: the lowest-ranked player gets the bye, and not twice.
	players = names(5)
	pairs, _ = Swiss(players, nil, 1)
	if last := pairs[len(pairs)-1]; !last.Bye() || last.Players[0] != "P5" {
		t.Errorf("odd field, round 1: bye %v, want P5's", last.Players)
	}
	results = nil
	for _, p := range pairs {
		results = append(results, GameResult{Round: 1, Players: p.Players, Winner: game.Second})
	}
	pairs, _ = Swiss(players, results, 2)
	if last := pairs[len(pairs)-1]; !last.Bye() || last.Players[0] == "P5" {
		t.Errorf("odd field, round 2: bye %v, not P5's again", last.Players)
	}
}

func pairString(ps []Pairing) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.Players[0]+"-"+p.Players[1])
	}
	return strings.Join(s, " ")
}

// sameGames compares two lists of games regardless of colours and order.
func sameGames(a, b string) bool {
	norm := func(s string) []string {
		var out []string
		for _, g := range strings.Fields(s) {
			x, y, _ := strings.Cut(g, "-")
			out = append(out, min(x, y)+"-"+max(x, y))
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(norm(a), norm(b))
}

// TestTieBreaks checks standings against a table computed by hand. Four players, a round robin:
//
//	round 1: A-D 1-0 (+10), B-C draw
//	round 2: D-C 0-1 (-10), A-B 0-1 (-6)
//	round 3: B-D draw, C-A draw
//
// Points: B 2, C 2, A 1.5, D 0.5. Sonneborn-Berger: B = 2/2 (C drawn) + 1.5 (A beaten) + 0.5/2
// (D drawn) = 2.75; C = 1 + 0.5 + 0.75 = 2.25; A = 0.5 + 1 = 1.5; D = 1. Buchholz: B = C = 4,
// A = 4.5, D = 5.5. Discs: B +6, C +10, A +4, D -20.
func TestTieBreaks(t *testing.T) {
	players := []string{"A", "B", "C", "D"}
	results := []GameResult{
		{Round: 1, Players: [2]string{"A", "D"}, Winner: game.First, Margin: 10},
		{Round: 1, Players: [2]string{"B", "C"}, Winner: game.NoPlayer},
		{Round: 2, Players: [2]string{"D", "C"}, Winner: game.Second, Margin: -10},
		{Round: 2, Players: [2]string{"A", "B"}, Winner: game.Second, Margin: -6},
		{Round: 3, Players: [2]string{"B", "D"}, Winner: game.NoPlayer},
		{Round: 3, Players: [2]string{"C", "A"}, Winner: game.NoPlayer},
	}
	want := []Standing{
		{Rank: 1, Player: "B", Points: 2, Games: 3, Wins: 1, Draws: 2, Buchholz: 4, SonnebornBerger: 2.75, Discs: 6},
		{Rank: 2, Player: "C", Points: 2, Games: 3, Wins: 1, Draws: 2, Buchholz: 4, SonnebornBerger: 2.25, Discs: 10},
		{Rank: 3, Player: "A", Points: 1.5, Games: 3, Wins: 1, Draws: 1, Losses: 1, Buchholz: 4.5, SonnebornBerger: 1.5, Discs: 4},
		{Rank: 4, Player: "D", Points: 0.5, Games: 3, Draws: 1, Losses: 2, Buchholz: 5.5, SonnebornBerger: 1, Discs: -20},
	}
	got, err := Standings(players, results, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("default tie-breaks:\n got %+v\nwant %+v", got, want)
	}
	// Buchholz cannot separate B and C; the disc difference puts C first.
	got, _ = Standings(players, results, []TieBreak{TieBuchholz, TieDiscs})
	if order := []string{got[0].Player, got[1].Player}; !slices.Equal(order, []string{"C", "B"}) || got[1].Rank != 2 {
		t.Errorf("Buchholz then discs: %v (ranks %d, %d), want C before B", order, got[0].Rank, got[1].Rank)
	}
	// Wins cannot separate them: they share first place, in seed order.
	got, _ = Standings(players, results, []TieBreak{TieWins})
	if got[0].Player != "B" || got[1].Player != "C" || got[0].Rank != 1 || got[1].Rank != 1 || got[2].Rank != 3 {
		t.Errorf("wins only: %+v", got)
	}
	// A bye scores a win and counts no opponent.
	got, _ = Standings([]string{"A", "B", "C"}, []GameResult{
		{Round: 1, Players: [2]string{"A", "B"}, Winner: game.First, Margin: 4},
		{Round: 1, Players: [2]string{"C", ""}},
	}, nil)
	if got[0].Player != "A" || got[0].Buchholz != 0 || got[1].Player != "C" || got[1].Points != 1 || got[1].Byes != 1 || got[1].Buchholz != 0 {
		t.Errorf("with a bye: %+v", got)
	}
	for _, bad := range [][]GameResult{
		{{Players: [2]string{"A", "Z"}}},
		{{Players: [2]string{"A", "A"}}},
	} {
		if _, err := Standings(players, bad, nil); !errors.Is(err, ErrEvent) {
			t.Errorf("%v: error %v, want ErrEvent", bad, err)
		}
	}
	if _, err := Standings(players, nil, []TieBreak{"coin"}); !errors.Is(err, ErrEvent) {
		t.Errorf("unknown tie-break: %v", err)
	}
	// ResultOf reads a game's outcome.
	o := game.Outcome{Over: true, Winner: game.Second, Scored: true, Score: [2]int{14, 22}}
	if r := ResultOf(3, [2]string{"A", "B"}, o); r.Winner != game.Second || r.Margin != -8 || r.Round != 3 {
		t.Errorf("ResultOf: %+v", r)
	}
}

func TestKnockout(t *testing.T) {
	// Eight players: 1-8, 4-5, 2-7, 3-6; the higher seed plays First.
	k, err := NewKnockout(names(8))
	if err != nil {
		t.Fatal(err)
	}
	if got := pairString(k.Pending()); got != "P1-P8 P4-P5 P2-P7 P3-P6" {
		t.Errorf("first round %s", got)
	}
	for _, w := range []struct {
		match  int
		winner string
	}{{1, "P1"}, {2, "P5"}, {3, "P7"}, {4, "P3"}} {
		if err := k.Report(1, w.match, w.winner); err != nil {
			t.Fatal(err)
		}
	}
	if got := pairString(k.Pending()); got != "P1-P5 P3-P7" {
		t.Errorf("semi-finals %s", got)
	}
	if err := k.Report(2, 1, "P8"); !errors.Is(err, ErrEvent) {
		t.Errorf("a winner who did not play: %v", err)
	}
	_ = k.Report(2, 1, "P5")
	_ = k.Report(2, 2, "P3")
	if got := pairString(k.Pending()); got != "P3-P5" {
		t.Errorf("final %s", got)
	}
	if k.Champion() != "" {
		t.Errorf("a champion before the final")
	}
	_ = k.Report(3, 1, "P5")
	if k.Champion() != "P5" || len(k.Pending()) != 0 {
		t.Errorf("champion %q", k.Champion())
	}
	if err := k.Report(3, 1, "P3"); !errors.Is(err, ErrEvent) {
		t.Errorf("a second result for the final: %v", err)
	}
	// Stored and read back.
	data, _ := json.Marshal(k)
	var back Knockout
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if err := ValidateKnockout(&back); err != nil {
		t.Errorf("a stored bracket: %v", err)
	}
	back.Rounds[1][0].Players = [2]string{"P1", "P4"}
	if err := ValidateKnockout(&back); !errors.Is(err, ErrEvent) {
		t.Errorf("a tampered bracket: %v", err)
	}

	// Five players: a bracket of eight, byes for seeds 1, 2 and 3, decided at once.
	k, _ = NewKnockout(names(5))
	if k.RoundCount() != 3 {
		t.Errorf("5 players: %d rounds, want 3", k.RoundCount())
	}
	var first []Pairing
	for _, m := range k.Rounds[0] {
		first = append(first, Pairing{Players: m.Players})
	}
	if got := pairString(first); got != "P1- P4-P5 P2- P3-" {
		t.Errorf("5 players, first round %s", got)
	}
	if got := pairString(k.Pending()); got != "P4-P5" {
		t.Errorf("5 players, to play %s", got)
	}
	_ = k.Report(1, 2, "P5")
	if got := pairString(k.Pending()); got != "P1-P5 P2-P3" {
		t.Errorf("5 players, second round %s", got)
	}
	// Every size: the bracket ends with one champion after n-1 matches.
	for n := 2; n <= 17; n++ {
		k, err := NewKnockout(names(n))
		if err != nil {
			t.Fatal(err)
		}
		played := 0
		for k.Champion() == "" {
			ps := k.Pending()
			if len(ps) == 0 {
				t.Fatalf("n=%d: nothing to play and no champion", n)
			}
			for _, p := range ps {
				if err := k.Report(p.Round, p.Board, p.Players[1]); err != nil {
					t.Fatal(err)
				}
				played++
			}
		}
		if played != n-1 {
			t.Errorf("n=%d: %d matches played, want %d", n, played, n-1)
		}
		if err := ValidateKnockout(k); err != nil {
			t.Errorf("n=%d: %v", n, err)
		}
	}
}
