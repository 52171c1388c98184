package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"turncoat/internal/proctest"
	"turncoat/internal/testenv"
)

// programChildren returns the program's processes that are children of the test (running, or
// exited and never waited for) and not among before: those a match started.
func programChildren(before map[int]bool) []proctest.Process {
	children, _ := proctest.Children("turncoat")
	var out []proctest.Process
	for _, c := range children {
		if !before[c.PID] {
			out = append(out, c)
		}
	}
	return out
}

// gameLines calls onGame with each "game N/M: ..." line written to it: the line a match
// prints when a game's result is in, once that game's agents are closed.
type gameLines struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	all    strings.Builder
	onGame func(line string)
}

func (w *gameLines) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.all.Write(p)
	w.buf.Write(p)
	for {
		line, err := w.buf.ReadString('\n')
		if err != nil {
			w.buf.WriteString(line) // not a whole line yet
			break
		}
		if strings.HasPrefix(line, "game ") && w.onGame != nil {
			w.onGame(strings.TrimSpace(line))
		}
	}
	return len(p), nil
}

func (w *gameLines) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.all.String()
}

// TestMatchEndsItsEngines runs "turncoat match" with this very program's "turncoat nboard" as
// the external engine, and counts the engine processes still there (running, or exited and
// never waited for) when each game's result is printed and when the match is over: against a
// built-in agent one game at a time, none after each game; two engines against each other, two
// games at once, at most the other game's two; and a match cancelled (as Ctrl-C does) while an
// engine searches a move it would need hours for, none once the command has returned.
func TestMatchEndsItsEngines(t *testing.T) {
	if _, ok := proctest.Name(); !ok {
		t.Skip("no /proc to list the engine processes by")
	}
	bin := builtBinary(t)
	// the program's processes there before a match are not its to count (left by other
	// tests, or by a case before that failed)
	baseline := func() map[int]bool {
		before := map[int]bool{}
		for _, c := range programChildren(nil) {
			before[c.PID] = true
		}
		return before
	}
	engine := func(depth int) string {
		return fmt.Sprintf(`nboard:cmd="%s" nboard --book none --hash 4,depth=%d`, bin, depth)
	}
	runMatch := func(t *testing.T, ctx context.Context, onGame func(line string), args ...string) (int, string) {
		t.Helper()
		var out bytes.Buffer
		errOut := &gameLines{onGame: onGame}
		code := run(ctx, append([]string{"match"}, args...), strings.NewReader(""), &out, errOut)
		return code, out.String() + errOut.String()
	}

	t.Run("against a built-in agent", func(t *testing.T) {
		before := baseline()
		var alive []int
		code, out := runMatch(t, context.Background(), func(string) {
			alive = append(alive, len(programChildren(before)))
		}, "--a", engine(1), "--b", "greedy", "--games", "4")
		if code != 0 || len(alive) != 4 {
			t.Fatalf("exit %d, %d games:\n%s", code, len(alive), out)
		}
		for i, n := range alive {
			if n != 0 {
				t.Errorf("after game %d: %d engine processes still there, want 0 (after each game: %v)", i+1, n, alive)
				break
			}
		}
		if left := programChildren(before); len(left) != 0 {
			t.Errorf("after the match: engine processes %v still there", left)
		}
	})

	t.Run("two engines", func(t *testing.T) {
		before := baseline()
		most, games := 0, 0
		code, out := runMatch(t, context.Background(), func(string) {
			games++
			most = max(most, len(programChildren(before)))
		}, "--a", engine(1), "--b", engine(2), "--games", "4", "--workers", "2")
		if code != 0 || games != 4 {
			t.Fatalf("exit %d, %d games:\n%s", code, games, out)
		}
		if most > 2 {
			t.Errorf("%d engine processes at a game's end, want at most the other game's 2", most)
		}
		if left := programChildren(before); len(left) != 0 {
			t.Errorf("after the match: engine processes %v still there", left)
		}
	})

	t.Run("cancelled", func(t *testing.T) {
		before := baseline()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// The command says nothing when its engine starts, so the test looks for the process:
		// a bounded poll is the only way to learn it. At depth 60 the engine's first move
		// takes hours, so it is still searching (or about to) whenever it is seen.
		started := make(chan bool, 1)
		go func() {
			defer cancel()
			started <- testenv.PollUntil(ctx, time.Minute, func() bool { return len(programChildren(before)) > 0 })
		}()
		code, out := runMatch(t, ctx, nil, "--a", engine(60), "--b", "random", "--games", "2")
		if !<-started {
			t.Fatalf("the engine never started (exit %d):\n%s", code, out)
		}
		if code == 0 {
			t.Errorf("a cancelled match exited 0:\n%s", out)
		}
		if left := programChildren(before); len(left) != 0 {
			t.Errorf("after the cancelled match: engine processes %v still there", left)
		}
	})
}
