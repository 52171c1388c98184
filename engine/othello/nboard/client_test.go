package nboard

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"strings"
	"testing"

	"turncoat/engine/othello"
	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/internal/proctest"
)

// TestHelperClosingEngine is not a test: run by the tests of EngineAgent.Close as a child
// process, it is the Othello engine behind the protocol, misbehaving as $NBOARD_HELPER_CLOSE
// says. "deaf" never sees the end of its input, so only "quit" ends it (as with an engine
// that waits for more input); "stuck" does not exit at "quit" or at the end of its input.
func TestHelperClosingEngine(t *testing.T) {
	mode := os.Getenv("NBOARD_HELPER_CLOSE")
	if mode == "" {
		t.Skip("a helper process for the tests of EngineAgent.Close")
	}
	var in io.Reader = os.Stdin
	if mode == "deaf" {
		in = endless{os.Stdin}
	}
	Serve(context.Background(), in, os.Stdout, os.Stderr, FromEngine(othello.New(othello.Options{TableBytes: 1 << 20})))
	if mode == "stuck" {
		hang()
	}
	os.Exit(0)
}

// hang blocks the helper until it is killed, as the test's bound does: it waits for an
// interrupt (which ends the helper too), a wait the runtime never takes for a deadlock, as it
// would a bare wait on a channel with nothing else running.
func hang() {
	never := make(chan os.Signal, 1)
	signal.Notify(never, os.Interrupt)
	<-never
}

// endless is an input whose end never comes: a read at its end hangs.
type endless struct{ r io.Reader }

func (e endless) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	if errors.Is(err, io.EOF) {
		hang()
	}
	return n, err
}

// closingAgent starts the helper engine in mode with one move and returns the agent and the
// engine's process id; it skips the test where the system cannot list processes.
func closingAgent(t *testing.T, mode string) (*EngineAgent, int, string) {
	t.Helper()
	name, ok := proctest.Name()
	if !ok {
		t.Skip("no /proc to list the engine processes by")
	}
	t.Setenv("NBOARD_HELPER_CLOSE", mode)
	a, err := NewEngineAgent(os.Args[0]+" -test.run=^TestHelperClosingEngine$", 1)
	if err != nil {
		t.Fatal(err)
	}
	s := reversi.NewState(reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
	act, err := a.Choose(context.Background(), s, game.First)
	if err != nil {
		t.Fatal(err)
	}
	if err := game.Play(s, game.First, act); err != nil {
		t.Fatal(err)
	}
	return a, a.proc.cmd.Process.Pid, name
}

// running reports whether pid is still a child of the test, exited but not waited for
// included.
func running(name string, pid int) bool {
	children, _ := proctest.Children(name)
	for _, c := range children {
		if c.PID == pid {
			return true
		}
	}
	return false
}

// TestCloseQuitsEngine closes an engine that only "quit" ends: Close must send it (closing
// the input alone leaves it running until it is killed, an error), and the process must be
// gone when Close returns. The closed agent plays no more, and closes again quietly.
func TestCloseQuitsEngine(t *testing.T) {
	a, pid, name := closingAgent(t, "deaf")
	if err := a.Close(); err != nil {
		t.Fatalf("Close: %v, want the engine to quit", err)
	}
	if running(name, pid) {
		t.Errorf("engine %d still there after Close", pid)
	}
	s := reversi.NewState(reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
	if _, err := a.Choose(context.Background(), s, game.First); !errors.Is(err, errClosed) {
		t.Errorf("a closed agent played: %v", err)
	}
	if err := a.Close(); err != nil {
		t.Errorf("closing again: %v", err)
	}
}

// TestCloseKillsStuckEngine closes an engine that exits neither at "quit" nor at the end of
// its input: Close kills it after quitGrace, says so, and leaves no process behind.
func TestCloseKillsStuckEngine(t *testing.T) {
	a, pid, name := closingAgent(t, "stuck")
	if err := a.Close(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Errorf("Close: %v, want the engine killed", err)
	}
	if running(name, pid) {
		t.Errorf("engine %d still there after Close", pid)
	}
}

// TestStartBeforeMoves starts the engine before any move: the process runs and has answered
// when Start returns, the moves that follow use it, and a closed agent does not start again.
func TestStartBeforeMoves(t *testing.T) {
	t.Setenv("NBOARD_HELPER_CLOSE", "plain")
	a, err := NewEngineAgent(os.Args[0]+" -test.run=^TestHelperClosingEngine$", 1)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a.proc == nil {
		t.Fatal("no engine process after Start")
	}
	proc := a.proc
	s := reversi.NewState(reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
	act, err := a.Choose(context.Background(), s, game.First)
	if err != nil {
		t.Fatal(err)
	}
	if err := game.CheckLegal(s, game.First, act); err != nil {
		t.Error(err)
	}
	if a.proc != proc {
		t.Error("the move started another engine")
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Start(context.Background()); !errors.Is(err, errClosed) {
		t.Errorf("a closed agent started: %v", err)
	}
}
