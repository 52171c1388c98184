package match

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/games/turncoat"
)

// near reports whether x is within 0.05 of want (infinities equal themselves).
func near(x, want float64) bool {
	if math.IsInf(want, 0) {
		return x == want
	}
	return math.Abs(x-want) < 0.05
}

// TestEloOf checks the logistic Elo difference of known scores.
func TestEloOf(t *testing.T) {
	for p, want := range map[float64]float64{
		0.5: 0, 0.75: 190.85, 0.25: -190.85, 0.9: 381.70, 0.64: 99.95, 0.01: -798.25,
		0: math.Inf(-1), 1: math.Inf(1), -0.1: math.Inf(-1), 1.1: math.Inf(1),
	} {
		if got := EloOf(p); !near(got, want) {
			t.Errorf("EloOf(%g) = %.2f, want %.2f", p, got, want)
		}
	}
}

// TestEloInterval checks the estimate and its 95% interval against figures worked out by hand:
// for 60 wins, 30 draws and 10 losses the mean score is 0.75, the per-game scores' variance
// (60*1 + 30*0.25)/100 - 0.75^2 = 0.1125, the standard error sqrt(0.1125/100) = 0.03354, and
// the interval is the Elo of 0.75 -+ 1.96 * 0.03354 = 0.68426 and 0.81574.
func TestEloInterval(t *testing.T) {
	for _, c := range []struct {
		name        string
		r           Result
		elo, lo, hi float64
	}{
		{"60-30-10", Result{Wins: 60, Draws: 30, Losses: 10}, 190.85, 134.36, 258.45},
		{"10-30-60", Result{Wins: 10, Draws: 30, Losses: 60}, -190.85, -258.45, -134.36},
		// All draws: no spread, so no width.
		{"0-10-0", Result{Draws: 10}, 0, 0, 0},
		// 3 wins, 1 loss: 0.75 -+ 1.96 * sqrt(0.1875/4) = 0.32565 and 1.17435 (beyond a
		// perfect score).
		{"3-0-1", Result{Wins: 3, Losses: 1}, 190.85, -126.42, math.Inf(1)},
		{"5-0-0", Result{Wins: 5}, math.Inf(1), math.Inf(1), math.Inf(1)},
		{"none", Result{}, 0, math.Inf(-1), math.Inf(1)},
	} {
		// The same result with its games listed gives the same figures.
		withGames := Result{}
		for range c.r.Wins {
			withGames.add(Game{AScore: 1})
		}
		for range c.r.Draws {
			withGames.add(Game{AScore: 0.5})
		}
		for range c.r.Losses {
			withGames.add(Game{AScore: 0})
		}
		for _, r := range []Result{c.r, withGames} {
			elo, lo, hi := r.Elo()
			if !near(elo, c.elo) || !near(lo, c.lo) || !near(hi, c.hi) {
				t.Errorf("%s (%d games listed): elo %.2f [%.2f, %.2f], want %.2f [%.2f, %.2f]", c.name, len(r.Games), elo, lo, hi, c.elo, c.lo, c.hi)
			}
		}
	}
}

// TestAccounting checks that games are counted as wins, draws and losses from A's side.
func TestAccounting(t *testing.T) {
	var r Result
	for _, s := range []float64{1, 0.5, 0, 1, 0.5, 1} {
		r.add(Game{AScore: s})
	}
	if r.Wins != 3 || r.Draws != 2 || r.Losses != 1 || len(r.Games) != 6 {
		t.Fatalf("wins=%d draws=%d losses=%d games=%d, want 3, 2, 1 and 6", r.Wins, r.Draws, r.Losses, len(r.Games))
	}
	if points, n := r.Score(); points != 4 || n != 6 {
		t.Errorf("score %g/%d, want 4/6", points, n)
	}
	if s := r.String(); !strings.HasPrefix(s, "wins=3 draws=2 losses=1 score=4.0/6 (66.7%) elo=+120 [") {
		t.Errorf("String() = %q", s)
	}
}

// discScore is the greedy agents' evaluation: p's discs minus the opponent's.
func discScore(s game.State, p game.Player) float64 {
	b := s.(*reversi.State).Board()
	black, white, _ := b.Counts()
	if p == game.First {
		return float64(black - white)
	}
	return float64(white - black)
}

func greedy(seed uint64) (engine.Agent, error) { return engine.NewGreedy(seed, discScore), nil }
func random(seed uint64) (engine.Agent, error) { return engine.NewRandom(seed), nil }

// small returns the 6x6 Reversi start.
func small() game.State {
	return reversi.NewState(reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
}

// TestRunBothColours plays a small real match, greedy against random on 6x6: each opening is
// played once with A on each side, each game's record replays to its outcome, the counts add
// up, the match is reproducible from its seed whatever the number of workers, and greedy
// beats random.
func TestRunBothColours(t *testing.T) {
	start := small()
	openings := RandomOpenings(start, 5, 2, 7)
	if len(openings) != 5 {
		t.Fatalf("%d openings", len(openings))
	}
	cfg := Config{Start: start, Openings: openings, Games: 10, A: greedy, B: random, Seed: 3}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 10 || res.Wins+res.Draws+res.Losses != 10 {
		t.Fatalf("%d games, %d-%d-%d", len(res.Games), res.Wins, res.Draws, res.Losses)
	}
	sides := map[int][]game.Player{}
	wins, draws := 0, 0
	for i, g := range res.Games {
		sides[g.Opening] = append(sides[g.Opening], g.ASide)
		end, err := game.Replay(openings[g.Opening], g.Moves)
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		if o := end.Outcome(); !o.Over || o != g.Outcome {
			t.Errorf("game %d: replays to %+v, recorded %+v", i+1, o, g.Outcome)
		}
		if g.AScore != g.Outcome.Reward(g.ASide) {
			t.Errorf("game %d: A scored %g as %s in %+v", i+1, g.AScore, g.ASide, g.Outcome)
		}
		switch g.AScore {
		case 1:
			wins++
		case 0.5:
			draws++
		}
	}
	if wins != res.Wins || draws != res.Draws {
		t.Errorf("counted %d wins and %d draws, the result says %d and %d", wins, draws, res.Wins, res.Draws)
	}
	for o := range openings {
		if s := sides[o]; len(s) != 2 || s[0] == s[1] {
			t.Errorf("opening %d: A played %v, want each side once", o, s)
		}
	}
	if points, n := res.Score(); points <= float64(n)/2 {
		t.Errorf("greedy scored %g of %d against random", points, n)
	}
	cfg.Workers = 3
	again, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// the think times are the clock's; the moves they were counted over are not
	if !reflect.DeepEqual(withoutTimes(again), withoutTimes(res)) {
		t.Errorf("with 3 workers: %v, with 1: %v", again, res)
	}
	t.Log(res)
}

// withoutTimes returns r with its think times (not their move counts) zeroed.
func withoutTimes(r Result) Result {
	r.Games = slices.Clone(r.Games)
	for i := range r.Games {
		for j := range r.Games[i].Think {
			r.Games[i].Think[j].Total, r.Games[i].Think[j].Max = 0, 0
		}
	}
	for j := range r.Think {
		r.Think[j].Total, r.Think[j].Max = 0, 0
	}
	return r
}

// TestThinkCounted: every move is counted to the agent that chose it, and the match's think
// times sum its games'.
func TestThinkCounted(t *testing.T) {
	// the agents of each game, made in the games' order (one worker): A's then B's
	var chosen [2][]*atomic.Int64
	counting := func(i int, make NewAgent) NewAgent {
		return func(seed uint64) (engine.Agent, error) {
			a, err := make(seed)
			chosen[i] = append(chosen[i], new(atomic.Int64))
			return countingAgent{a, chosen[i][len(chosen[i])-1]}, err
		}
	}
	res, err := Run(context.Background(), Config{Start: small(), Games: 6, A: counting(0, greedy), B: counting(1, random), Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var moves [2]int
	for i, g := range res.Games {
		for j := range moves {
			if n := int(chosen[j][i].Load()); g.Think[j].Moves != n {
				t.Errorf("game %d: %d moves counted to agent %d, which chose %d", i+1, g.Think[j].Moves, j, n)
			}
			moves[j] += g.Think[j].Moves
		}
	}
	if res.Think[0].Moves != moves[0] || res.Think[1].Moves != moves[1] {
		t.Errorf("the match counts %d and %d moves, its games %v", res.Think[0].Moves, res.Think[1].Moves, moves)
	}
}

// TestAgentsStarted: a match starts the agents that have a start before their first move.
func TestAgentsStarted(t *testing.T) {
	starting := func(seed uint64) (engine.Agent, error) {
		a, err := random(seed)
		return &startingAgent{Agent: a}, err
	}
	res, err := Run(context.Background(), Config{Start: small(), Games: 2, A: starting, B: starting, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 2 {
		t.Errorf("%d games, want 2", len(res.Games))
	}
}

// startingAgent refuses to move before it is started.
type startingAgent struct {
	engine.Agent
	started bool
}

func (a *startingAgent) Start(context.Context) error {
	a.started = true
	return nil
}

func (a *startingAgent) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	if !a.started {
		return game.NoAction, errors.New("not started")
	}
	return a.Agent.Choose(ctx, s, p)
}

// countingAgent counts its agent's choices.
type countingAgent struct {
	engine.Agent
	n *atomic.Int64
}

func (c countingAgent) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	c.n.Add(1)
	return c.Agent.Choose(ctx, s, p)
}

func TestThinkSums(t *testing.T) {
	ms := time.Millisecond
	var r Result
	r.add(Game{Think: [2]Think{{Moves: 2, Total: 30 * ms, Max: 20 * ms}, {Moves: 1, Total: 5 * ms, Max: 5 * ms}}})
	r.add(Game{Think: [2]Think{{Moves: 2, Total: 10 * ms, Max: 6 * ms}, {Moves: 3, Total: 90 * ms, Max: 70 * ms}}})
	want := [2]Think{{Moves: 4, Total: 40 * ms, Max: 20 * ms}, {Moves: 4, Total: 95 * ms, Max: 70 * ms}}
	if r.Think != want {
		t.Errorf("think %+v, want %+v", r.Think, want)
	}
	if m := r.Think[1].Mean(); m != 95*ms/4 {
		t.Errorf("B's mean %v, want %v", m, 95*ms/4)
	}
	if m := (Think{}).Mean(); m != 0 {
		t.Errorf("mean without moves %v, want 0", m)
	}
}

// TestRunDefaults checks what Run does unasked: an odd number of games rounds up to whole
// pairs, the openings come from Openings, and a game that runs too long is adjudicated a draw.
func TestRunDefaults(t *testing.T) {
	res, err := Run(context.Background(), Config{Start: small(), Games: 3, A: random, B: random, Seed: 1, MaxPlies: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 4 || res.Draws != 4 {
		t.Fatalf("%v, want 4 games, all drawn", res)
	}
	for _, g := range res.Games {
		if g.Outcome.Ending != game.EndAdjudication || g.Outcome.Reason != "move limit" || len(g.Moves) != 4 {
			t.Errorf("a game stopped at the move limit: %+v after %d moves", g.Outcome, len(g.Moves))
		}
	}
	if _, err := Run(context.Background(), Config{Start: small(), A: random, B: random}); err == nil {
		t.Error("a match of no games ran")
	}
}

// cheat plays an action that is never legal.
type cheat struct{}

func (cheat) Name() string { return "cheat" }
func (cheat) Choose(context.Context, game.State, game.Player) (game.Action, error) {
	return 999, nil
}

// TestRunErrors checks that a failing agent stops the match with an error naming the game, and
// that a cancelled match stops without one.
func TestRunErrors(t *testing.T) {
	_, err := Run(context.Background(), Config{Start: small(), Games: 2, A: func(uint64) (engine.Agent, error) { return cheat{}, nil }, B: random})
	if err == nil || !strings.Contains(err.Error(), "game 1: ply ") || !strings.Contains(err.Error(), "cheat") {
		t.Errorf("an illegal move: %v", err)
	}
	broken := errors.New("no such engine")
	_, err = Run(context.Background(), Config{Start: small(), Games: 2, A: random, B: func(uint64) (engine.Agent, error) { return nil, broken }})
	if !errors.Is(err, broken) {
		t.Errorf("an agent that cannot be made: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, Config{Start: small(), Games: 20, A: random, B: random})
	if err != nil || len(res.Games) != 0 {
		t.Errorf("a cancelled match: %v, %v", res, err)
	}
}

// TestOpenings checks the openings a match gets: the game's set where it has one (Turncoat's
// random setups), else distinct random positions a few plies in, never finished.
func TestOpenings(t *testing.T) {
	ops, err := Openings(context.Background(), small(), 6, 1)
	if err != nil || len(ops) != 6 {
		t.Fatalf("%d openings, %v", len(ops), err)
	}
	seen := map[string]bool{}
	for _, s := range ops {
		b := s.(*reversi.State).Board()
		if black, white, _ := b.Counts(); black+white != 8 || s.ToAct() == game.Nobody || seen[s.Encode()] {
			t.Errorf("opening %s: %d discs, over %v, repeated %v", s.Encode(), black+white, s.ToAct() == game.Nobody, seen[s.Encode()])
		}
		seen[s.Encode()] = true
	}
	rules := turncoat.Rules{Size: 6, Mode: turncoat.WhiteAndBlack, Cap: 100, Seed: 1}
	tc, err := turncoat.NewState(rules)
	if err != nil {
		t.Fatal(err)
	}
	ops, err = Openings(context.Background(), tc, 4, 9)
	if err != nil || len(ops) != 4 {
		t.Fatalf("turncoat: %d openings, %v", len(ops), err)
	}
	setups := map[string]bool{}
	for _, s := range ops {
		st := s.(*turncoat.State)
		if st.Round() != 0 {
			t.Errorf("a turncoat start in round %d", st.Round())
		}
		setups[s.Encode()] = true
	}
	if len(setups) != 4 {
		t.Errorf("%d different setups of 4", len(setups))
	}
	rules.Setup = "WWWWWW/WWWWWW/WWBWWW/WWWWWW/WWWWWW/WWWWWB"
	fixed, err := turncoat.NewState(rules)
	if err != nil {
		t.Fatal(err)
	}
	if ops, err := Openings(context.Background(), fixed, 4, 9); err != nil || len(ops) != 1 || ops[0].Encode() != fixed.Encode() {
		t.Errorf("an explicit setup: %d openings, %v; want the start alone", len(ops), err)
	}
}
