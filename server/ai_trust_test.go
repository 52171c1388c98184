package server_test

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/engine/ai"
	"turncoat/game"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/store"
)

// publicSeeds are the seeds an opponent can derive from what a game shows: its id, its ply and
// its version, mixed as the server once mixed them.
func publicSeeds(id string, ply int, version int64) []uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	base := h.Sum64()
	return []uint64{base ^ uint64(ply)*0x9e3779b97f4a7c15, base ^ uint64(version)*0x9e3779b97f4a7c15}
}

// TestAISelectionIsSecret plays Turncoat against the AI at levels 1 and 5 as an opponent who
// knows everything a player sees and, before choosing, reruns the same agent on the position
// with every seed it could derive. Over 40 rounds it guesses the AI's hidden selection no more
// often than the same number of reruns with seeds it cannot know (chance, for the AI's mixed
// strategy).
func TestAISelectionIsSecret(t *testing.T) {
	if raceEnabled {
		t.Skip("a statistical test of the AI's searches, which take minutes under the race detector: the run without -race makes it")
	}
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	g, _ := games.Registry().Lookup("turncoat")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, level := range []int{1, 5} {
		c := h.bot()
		spec := "level=" + string(rune('0'+level))
		predict := func(st game.State, seed uint64, side game.Player) string {
			a, err := ai.Limits{}.New(g, spec, seed)
			if err != nil {
				t.Fatal(err)
			}
			act, err := a.Choose(context.Background(), st, side)
			if err != nil {
				t.Fatal(err)
			}
			return st.FormatAction(side, act)
		}
		attack, chance, rounds := 0, 0, 0
		var id string
		w := c.dial()
		for rounds < 40 {
			if id == "" {
				id = c.create(map[string]any{"kind": "turncoat", "mode": "ai", "level": level, "side": "first"}).ID
				w.follow(id)
			}
			// The AI selects first: wait for its commitment.
			v := w.await(id, 20*time.Second, "the AI's selection", func(v gameJSON) bool { return v.View.Outcome.Over || v.View.Submitted[1] })
			if v.View.Outcome.Over {
				id = ""
				continue
			}
			st, err := g.Decode(v.View.State)
			if err != nil {
				t.Fatal(err)
			}
			guess := map[string]bool{}
			for _, seed := range publicSeeds(id, v.View.Ply, v.View.Version) {
				guess[predict(st.Clone(), seed, game.Second)] = true
			}
			luck := map[string]bool{}
			for range len(publicSeeds(id, 0, 0)) {
				luck[predict(st.Clone(), rng.Uint64(), game.Second)] = true
			}
			mine := v.View.Legal[rng.IntN(len(v.View.Legal))]
			if st := c.call("POST", "/api/games/"+id+"/move", map[string]any{"move": mine, "side": "first"}, nil); st != http.StatusOK {
				t.Fatalf("selection: %d %s", st, c.received())
			}
			after := c.game(id)
			played := after.View.Moves[len(after.View.Moves)-1].Reveal[1].Selection
			rounds++
			if guess[played] {
				attack++
			}
			if luck[played] {
				chance++
			}
			if after.View.Outcome.Over {
				id = ""
			}
		}
		t.Logf("level %d: the opponent's reruns with derivable seeds guessed %d of %d selections, with unknown seeds %d", level, attack, rounds, chance)
		if attack > chance+8 {
			t.Errorf("level %d: derivable seeds guessed the AI's secret selection %d times of %d, chance %d", level, attack, rounds, chance)
		}
	}
}

// aiQueueLength reads the number of AI searches waiting from the server's metrics.
func aiQueueLength(t testing.TB, c *client) float64 {
	_, b := c.raw("GET", "/metrics", nil)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "turncoat_ai_queue_length "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("the AI queue's metric: %q", line)
			}
			return n
		}
	}
	t.Fatal("no AI queue length in the metrics")
	return 0
}

// aiFlood has one user flood the server with level-10 work (eight Troll games against the AI,
// sixteen level-10 analyses), then returns how long another user's level-1 AI waits to move, and
// how many AI requests still waited in the queue when it had moved.
func aiFlood(t testing.TB, h *harness) (time.Duration, int) {
	flooder, other := h.member("Flood"), h.member("Other")
	for range 8 {
		flooder.create(map[string]any{"kind": "troll", "mode": "ai", "level": 10, "side": "second"})
	}
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			flooder.call("POST", "/api/analyze", map[string]any{"kind": "troll", "level": 10}, nil)
		}()
	}
	// The flood is under way once its analyses wait in the AI's queue too: with the two workers
	// of its callers, one search of the flooder's runs, so its eight games alone put at most
	// seven there (and all but two analyses beyond are refused at once).
	testenv.Eventually(t, 30*time.Second, "the flood's analyses in the AI's queue", func() bool { return aiQueueLength(t, other) >= 8 })
	w := other.dial()
	start := time.Now()
	g := other.create(map[string]any{"kind": "reversi", "mode": "ai", "level": 1, "side": "second"})
	w.follow(g.ID)
	w.await(g.ID, 60*time.Second, "the level-1 AI's move", func(v gameJSON) bool { return v.View.Ply > 0 })
	d := time.Since(start)
	waiting := aiQueueLength(t, other)
	h.srv.Close() // end the flood's searches
	wg.Wait()
	return d, int(waiting)
}

// TestAIFairness: while one user floods the server with level-10 work, another user's level-1
// AI moves before the flood's waiting work (when the AI was first come, first served, it waited
// 11-24 s behind all of it). What it asserts is the order, not a time, which a loaded machine
// stretches: when the level-1 move has come, most of the flood (at least eight requests, each a
// search of seconds on two workers) still waits. It runs alone (not in parallel).
func TestAIFairness(t *testing.T) {
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{}, func(c *app.Config) { c.AIWorkers = 2 })
	d, waiting := aiFlood(t, h)
	t.Logf("the level-1 AI moved %v after its game was made, under the flood; %d requests still waited", d, waiting)
	if waiting < 4 {
		t.Errorf("the level-1 AI moved only once the flood had drained to %d waiting requests (after %v)", waiting, d)
	}
}

// BenchmarkAIFairness measures the level-1 AI's move under another user's level-10 flood.
func BenchmarkAIFairness(b *testing.B) {
	var total time.Duration
	for b.Loop() {
		h := newHarness(b, b.TempDir()+"/t.db", store.Options{}, func(c *app.Config) { c.AIWorkers = 2 })
		d, _ := aiFlood(b, h)
		total += d
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/level1-move")
}
