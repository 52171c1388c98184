package match_test

import (
	"context"
	"errors"
	"net"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/engine"
	"turncoat/engine/match"
	"turncoat/engine/othello"
	"turncoat/engine/othello/nboard"
	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/internal/proctest"
)

// The helper engine is this test binary run again (TestHelperNBoardEngine): MATCH_HELPER_ENGINE
// says which engine it runs, MATCH_HELPER_DIAL where a searching engine reports it searches.
const (
	helperEnv = "MATCH_HELPER_ENGINE"
	dialEnv   = "MATCH_HELPER_DIAL"
)

// TestHelperNBoardEngine is not a test: run as a child process by the tests below, it is an
// NBoard engine on its standard streams. "play" is the Othello engine; "block" is an engine
// whose every search connects to $MATCH_HELPER_DIAL (so that the test knows it searches) and
// runs until it is stopped: by "ping", by "quit", never by the end of its input.
func TestHelperNBoardEngine(t *testing.T) {
	var eng nboard.Engine
	switch os.Getenv(helperEnv) {
	case "play":
		eng = nboard.FromEngine(othello.New(othello.Options{TableBytes: 1 << 20}))
	case "block":
		eng = blocker{addr: os.Getenv(dialEnv)}
	default:
		t.Skip("a helper process for the tests of engines in matches")
	}
	nboard.Serve(context.Background(), os.Stdin, os.Stdout, os.Stderr, eng)
	os.Exit(0)
}

type blocker struct{ addr string }

func (blocker) Name() string { return "Blocker" }
func (blocker) NewGame()     {}

func (b blocker) Search(ctx context.Context, _ reversi.Board, _, _ int, _ float64) ([]nboard.Line, nboard.Stats, error) {
	if c, err := net.Dial("tcp", b.addr); err == nil {
		defer c.Close()
	}
	<-ctx.Done()
	return nil, nboard.Stats{}, ctx.Err()
}

// engines lists the helper engines that are children of the test (running, or exited and never
// waited for) and not among before: those a match started.
type engines map[int]bool

// helperEngines returns the helper engines there now, as the baseline of a match's, and skips
// the test where the system cannot tell. The engines there before a match are not its to
// count (left by a test before that failed).
func helperEngines(t *testing.T) engines {
	t.Helper()
	name, ok := proctest.Name()
	if !ok {
		t.Skip("no /proc to list the engine processes by")
	}
	before := engines{}
	children, _ := proctest.Children(name)
	for _, c := range children {
		before[c.PID] = true
	}
	return before
}

// since returns the helper engines there now that were not there before.
func (before engines) since() []proctest.Process {
	name, _ := proctest.Name()
	children, _ := proctest.Children(name)
	var out []proctest.Process
	for _, c := range children {
		if !before[c.PID] {
			out = append(out, c)
		}
	}
	return out
}

// externalAgent makes agents that drive the helper engine in mode, at depth 1.
func externalAgent(t *testing.T, mode string) match.NewAgent {
	t.Setenv(helperEnv, mode) // the engines inherit it
	return func(uint64) (engine.Agent, error) {
		return nboard.NewEngineAgent(os.Args[0]+" -test.run=^TestHelperNBoardEngine$", 1)
	}
}

func random(seed uint64) (engine.Agent, error) { return engine.NewRandom(seed), nil }

// smallMatch is a match on 6x6 (short games) from random openings.
func smallMatch(games, workers int, a, b match.NewAgent) match.Config {
	start := reversi.NewState(reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
	return match.Config{Start: start, Openings: match.RandomOpenings(start, games, 2, 5), Games: games,
		A: a, B: b, Workers: workers, Seed: 1}
}

// TestMatchEndsEngines plays a short match between an external engine and a built-in agent,
// one game at a time: when each game's result is reported, that game's engine process has
// exited and been waited for (no other game runs then), and so at the end of the match.
// Engines left to the garbage collector ran on beside the next games.
func TestMatchEndsEngines(t *testing.T) {
	before := helperEngines(t)
	var alive []int
	cfg := smallMatch(4, 1, externalAgent(t, "play"), random)
	cfg.Progress = func(done, _ int, _ match.Result) {
		alive = append(alive, len(before.since()))
	}
	res, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, n := res.Score(); n != 4 {
		t.Fatalf("%d games played, want 4", n)
	}
	for i, n := range alive {
		if n != 0 {
			t.Errorf("after game %d: %d engine processes still there, want 0 (after each game: %v)", i+1, n, alive)
			break
		}
	}
	if left := before.since(); len(left) != 0 {
		t.Errorf("after the match: engine processes %v still there", left)
	}
}

// TestMatchEndsTwoEngines plays two external engines against each other, two games at once:
// when a game's result is reported only the other game's two engines may run, and none once
// the match is over.
func TestMatchEndsTwoEngines(t *testing.T) {
	before := helperEngines(t)
	ext := externalAgent(t, "play")
	var most int
	cfg := smallMatch(6, 2, ext, ext)
	cfg.Progress = func(done, _ int, _ match.Result) {
		most = max(most, len(before.since()))
	}
	res, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, n := res.Score(); n != 6 {
		t.Fatalf("%d games played, want 6", n)
	}
	if most > 2 {
		t.Errorf("%d engine processes at a game's end, want at most the other game's 2", most)
	}
	if left := before.since(); len(left) != 0 {
		t.Errorf("after the match: engine processes %v still there", left)
	}
}

// TestCancelledMatchEndsEngines cancels a match while two games' engines search (each search
// reports itself by connecting to the test, so the cancellation comes mid-search, with no
// sleep), and checks that no engine outlives the match.
func TestCancelledMatchEndsEngines(t *testing.T) {
	before := helperEngines(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	t.Setenv(dialEnv, ln.Addr().String())
	// a generous bound for a loaded machine: the engines search at once, and a run that
	// reaches it fails below
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	searching := make(chan error, 1)
	go func() {
		for range 2 {
			c, err := ln.Accept()
			if err != nil {
				searching <- err
				return
			}
			defer c.Close()
		}
		searching <- nil
		cancel()
	}()
	// A plays first in the first game and second in the other, where B's random move comes
	// first: both games reach an engine's search
	_, err = match.Run(ctx, smallMatch(2, 2, externalAgent(t, "block"), random))
	if ctx.Err() != context.Canceled {
		t.Fatalf("the match ended by %v (err %v), not cancelled mid-search", ctx.Err(), err)
	}
	if err := <-searching; err != nil {
		t.Fatal(err)
	}
	if left := before.since(); len(left) != 0 {
		t.Errorf("after the cancelled match: engine processes %v still there", left)
	}
}

// closer is a random agent that counts its closing, and fails it when told to.
type closer struct {
	*engine.Random
	closed *atomic.Int32
	fail   bool
	// choose, if set, runs before each move: it can cheat or cancel the match.
	choose func(ctx context.Context) (game.Action, error)
}

func (c closer) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	if c.choose != nil {
		return c.choose(ctx)
	}
	return c.Random.Choose(ctx, s, p)
}

func (c closer) Close() error {
	c.closed.Add(1)
	if c.fail {
		return errors.New("stuck: killed")
	}
	return nil
}

// TestMatchClosesAgents checks that every agent a match makes is closed, however its game
// ends (finished, an agent failing to be made or playing an illegal move, the match
// cancelled), and that an agent failing to close is reported to Warn without spoiling its
// game.
func TestMatchClosesAgents(t *testing.T) {
	var opened, closed atomic.Int32
	maker := func(fail bool, choose func(ctx context.Context) (game.Action, error)) match.NewAgent {
		return func(seed uint64) (engine.Agent, error) {
			opened.Add(1)
			return closer{Random: engine.NewRandom(seed), closed: &closed, fail: fail, choose: choose}, nil
		}
	}
	ok := maker(false, nil)
	broken := func(uint64) (engine.Agent, error) { return nil, errors.New("no such engine") }
	cheat := maker(false, func(context.Context) (game.Action, error) { return 999, nil })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelling := maker(false, func(context.Context) (game.Action, error) {
		cancel() // the match is cancelled while this agent chooses
		return game.NoAction, context.Canceled
	})
	for _, c := range []struct {
		name    string
		ctx     context.Context
		a, b    match.NewAgent
		wantErr bool
		warns   int
	}{
		{"finished", context.Background(), ok, ok, false, 0},
		{"closing fails", context.Background(), maker(true, nil), ok, false, 4},
		{"B not made", context.Background(), ok, broken, true, 0},
		{"illegal move", context.Background(), cheat, ok, true, 0},
		{"cancelled", ctx, cancelling, ok, false, 0},
	} {
		opened.Store(0)
		closed.Store(0)
		var warns []error
		cfg := smallMatch(4, 2, c.a, c.b)
		cfg.Warn = func(err error) { warns = append(warns, err) }
		res, err := match.Run(c.ctx, cfg)
		if (err != nil) != c.wantErr {
			t.Errorf("%s: error %v", c.name, err)
		}
		if opened.Load() == 0 || closed.Load() != opened.Load() {
			t.Errorf("%s: %d agents made that could be closed, %d closed", c.name, opened.Load(), closed.Load())
		}
		if len(warns) != c.warns {
			t.Errorf("%s: warned %v, want %d warnings", c.name, warns, c.warns)
		}
		if c.warns > 0 {
			if _, n := res.Score(); n != 4 || !strings.Contains(warns[0].Error(), "closing random: stuck: killed") {
				t.Errorf("%s: %d games counted, warned %v", c.name, n, warns)
			}
		}
	}
}
