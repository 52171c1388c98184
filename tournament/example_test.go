package tournament_test

import (
	"fmt"
	"math/rand/v2"
	"time"

	"turncoat/games"
	"turncoat/tournament"
)

// A server's view of a play-by-post tournament: every operation takes the time, returns events
// to store and broadcast, and a refused post says why.
func Example() {
	start := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewPCG(1, 1)) // a server seeds it from crypto/rand
	tr, _, err := tournament.New(games.Registry(), tournament.Config{}, start)
	if err != nil {
		panic(err)
	}
	_, _ = tr.Subscribe(start.Add(time.Hour), "Peacock")
	_, _ = tr.Subscribe(start.Add(2*time.Hour), "Tiger")

	// The window closes: pairing, dice, round 1.
	evs, _ := tr.Advance(start.Add(24*time.Hour), rng)
	for _, e := range evs {
		fmt.Println(e.Version, e.Kind, "|", e.Text)
	}
	red, blue := tr.Boards()[0].Seats[0].Player, tr.Boards()[0].Seats[1].Player
	now := start.Add(25 * time.Hour)
	if _, err := tr.Post(now, blue, "Board #1\nD 5"); err != nil {
		fmt.Println("refused:", err)
	}
	evs, _ = tr.Post(now, red, "board #1\nd 5")
	for _, e := range evs {
		fmt.Println(e.Version, e.Kind, "|", e.Text)
	}
	// Output:
	// 4 paired | Board #1: Tiger and Peacock
	// 5 dice | Board #1: Tiger rolls 1, Peacock rolls 6: Peacock plays Red
	// 6 seated | Board #1: Peacock (Red) vs Tiger (Blue)
	// 7 round_opened | Round 1 — only Reds post (until 2026-03-04 12:00 UTC)
	// refused: not the poster's round: Round 1 — only Reds post: you play Blue on Board #1; post in round 2
	// 8 post | Board #1: Peacock (Red) posted D 5
	// 9 move | Board #1: Peacock (Red) played D 5
	// 10 round_closed | Round 1 closed: 1 posted, 0 missed (everyone who had to post did)
	// 11 round_opened | Round 2 — only Blues post (until 2026-03-04 13:00 UTC)
}
