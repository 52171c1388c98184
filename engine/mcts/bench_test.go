package mcts

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games"
	"turncoat/games/reversi"
	"turncoat/games/turncoat"
	"turncoat/internal/wyrand"
)

// report adds throughput metrics: n per wall-clock second, and n per second of the process's
// CPU time ("/cpu-s": per core, whatever else the machine runs).
func report(b *testing.B, n int64, unit string, cpu0 time.Duration) {
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), unit+"/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), unit+"/cpu-s")
	}
}

// benchPlayouts measures playouts per second from start with the given playout.
func benchPlayouts(b *testing.B, start game.State, play Playout) {
	rng := rand.New(wyrand.New(1, 0))
	var sum float64
	var n int64
	cpu0 := cpuTime()
	for b.Loop() {
		s := start.Clone()
		sum += play(s, rng)
		n++
	}
	report(b, n, "playouts", cpu0)
	if sum < 0 {
		b.Fatal("negative reward")
	}
}

// BenchmarkPlayout measures random playouts per second on one core for every game: the
// game's own playout (GamePlayout: specialised bitboard playouts for Reversi and Turncoat)
// and the generic one through the contract (RandomPlayout).
func BenchmarkPlayout(b *testing.B) {
	for _, g := range games.Registry().Games() {
		start, err := g.New(game.DefaultOptions(g.OptionSpecs()))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(g.Name()+"/game", func(b *testing.B) { benchPlayouts(b, start, GamePlayout(g)) })
		b.Run(g.Name()+"/contract", func(b *testing.B) { benchPlayouts(b, start, RandomPlayout(g)) })
	}
}

func registered(name string) bool {
	_, err := games.Registry().Lookup(name)
	return err == nil
}

// BenchmarkReversiRandomGame is the bare 8x8 Othello playout on bitboards (two games a call).
func BenchmarkReversiRandomGame(b *testing.B) {
	rng := rand.New(wyrand.New(1, 0))
	start := reversi.Start(8)
	var n int64
	cpu0 := cpuTime()
	for b.Loop() {
		reversi.RandomGame(start, rng)
		n += 2
	}
	report(b, n, "playouts", cpu0)
}

// BenchmarkTurncoatRandomGame is the bare 8x8 Turncoat random playout on bitboards (the
// default setup, seed 1), and BenchmarkTurncoatGreedyGame the epsilon-greedy one searches use.
func BenchmarkTurncoatRandomGame(b *testing.B) {
	benchTurncoat(b, func(s *turncoat.State, rng *rand.Rand) float64 {
		bd := s.Boards()
		return turncoat.RandomGame(bd[0], bd[1], turncoat.WhiteAndBlack, 0, turncoat.DefaultCap, rng)
	})
}

func BenchmarkTurncoatGreedyGame(b *testing.B) {
	benchTurncoat(b, func(s *turncoat.State, rng *rand.Rand) float64 {
		bd := s.Boards()
		return turncoat.GreedyGame(bd[0], bd[1], turncoat.WhiteAndBlack, 0, turncoat.DefaultCap, turncoat.PlayoutEpsilon, rng)
	})
}

func benchTurncoat(b *testing.B, play func(*turncoat.State, *rand.Rand) float64) {
	s, err := turncoat.NewState(turncoat.Standard)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(wyrand.New(1, 0))
	var n int64
	cpu0 := cpuTime()
	for b.Loop() {
		play(s, rng)
		n++
	}
	report(b, n, "playouts", cpu0)
}

// BenchmarkSearchReversi measures full MCTS iterations per second on the 8x8 Othello start
// (one tree, one core).
func BenchmarkSearchReversi(b *testing.B) {
	benchSearch(b, reversi.NewState(reversi.Standard))
}

// BenchmarkSearchTurncoat measures SM-MCTS iterations per second on the 8x8 Turncoat start.
func BenchmarkSearchTurncoat(b *testing.B) {
	start, err := turncoat.NewState(turncoat.Standard)
	if err != nil {
		b.Fatal(err)
	}
	benchSearch(b, start)
}

// benchSearch measures full search iterations per second from start (one tree, one core).
func benchSearch(b *testing.B, start game.State) {
	m := New(Config{Iterations: 20000, Seed: 1, Solver: true})
	var iters int64
	cpu0 := cpuTime()
	for b.Loop() {
		r, err := m.Search(context.Background(), start)
		if err != nil {
			b.Fatal(err)
		}
		iters += r.Iterations
	}
	report(b, iters, "iterations", cpu0)
}
