package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"turncoat/games"
)

// BenchmarkCloseRound closes a round of a 10,000-board tournament in memory: every post of the
// round applied to its board's table (one board misses), every board advanced, the next round
// opened, and the round's summary written. Posting is done beforehand, outside the timing.
func BenchmarkCloseRound(b *testing.B) {
	const boards = 10000
	var tr *Tournament
	setup := func() {
		rng := rand.New(rand.NewPCG(1, 2))
		var err error
		tr, _, err = New(games.Registry(), Config{}, t0)
		if err != nil {
			b.Fatal(err)
		}
		for i := range 2 * boards {
			if _, err := tr.Subscribe(t0.Add(time.Second), fmt.Sprintf("Player %05d", i)); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := tr.Advance(tr.SubscriptionCloses(), rng); err != nil {
			b.Fatal(err)
		}
	}
	// fill posts the first legal move of every player due but one.
	fill := func() bool {
		due := tr.Due()
		if tr.Phase() != PhasePlaying || len(due) < boards/2 {
			return false
		}
		r, _ := tr.Round()
		for _, d := range due[1:] {
			tab, _ := tr.Table(d.Board)
			s := tab.State()
			a := s.Legal(d.Side, nil)[0]
			if _, err := tr.Post(r.Opened, d.Player, postText(d.Board, s.FormatAction(d.Side, a))); err != nil {
				b.Fatal(err)
			}
		}
		return true
	}
	setup()
	b.ReportAllocs()
	var bytes int
	for b.Loop() {
		b.StopTimer()
		if !fill() {
			setup()
			fill()
		}
		r, _ := tr.Round()
		b.StartTimer()
		evs, err := tr.Advance(r.Deadline, nil)
		if err != nil || len(evs) < boards/2 {
			b.Fatalf("closing round %d: %d events, %v", r.Number, len(evs), err)
		}
		bytes = len(tr.Summary())
	}
	b.ReportMetric(boards, "boards")
	b.ReportMetric(float64(bytes), "summary-bytes")
}
