package nboard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// EngineAgent plays with an external engine that speaks the NBoard protocol (Edax -nboard,
// NTest, or "turncoat nboard" itself): before each move it sends the position as a GGF game,
// synchronises with ping, and sends "go". The engine process starts at the first move and ends
// when the agent is closed: whoever makes the agent must close it (a match does when each game
// ends), as an agent left to the garbage collector leaves its engine running, taking cores from
// the next games, until a collection happens to find it.
type EngineAgent struct {
	name  string
	args  []string
	depth int
	mu    sync.Mutex
	proc  *process
	// cleanup ends proc should the agent be collected unclosed: a backstop, not the rule.
	cleanup runtime.Cleanup
	closed  bool
}

var (
	_ engine.Agent   = (*EngineAgent)(nil)
	_ engine.Starter = (*EngineAgent)(nil)
)

// process is a running engine: its input, and its output lines.
type process struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string
	// closing is closed when the engine is being closed: nobody reads lines any more, and
	// what the engine still says is dropped, so that it never blocks writing instead of
	// reading its "quit".
	closing chan struct{}
	// readErr is why the reading stopped before the engine's output ended (set before lines
	// is closed).
	readErr error
	ping    int
}

// quitGrace is how long Close waits for an engine to exit after "quit" before it kills it: an
// engine stops its search at "quit" and exits at once, so one still there is stuck.
const quitGrace = 2 * time.Second

// errClosed is what a closed agent answers.
var errClosed = errors.New("the engine agent is closed")

// NewEngineAgent returns an agent for the engine started by cmdline (words separated by spaces;
// double quotes keep spaces in a word), searching at depth.
func NewEngineAgent(cmdline string, depth int) (*EngineAgent, error) {
	args, err := splitCommandLine(cmdline)
	if err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return nil, errors.New("want the engine's command line, e.g. nboard:edax -nboard")
	}
	if _, err := exec.LookPath(args[0]); err != nil {
		return nil, fmt.Errorf("engine %q: %w", args[0], err)
	}
	return &EngineAgent{name: "nboard:" + cmdline, args: args, depth: depth}, nil
}

// splitCommandLine splits words at spaces, keeping double-quoted spaces.
func splitCommandLine(s string) ([]string, error) {
	var out []string
	var w strings.Builder
	inWord, quoted := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case (r == ' ' || r == '\t') && !quoted:
			if inWord {
				out = append(out, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("command line %q: unclosed quote", s)
	}
	if inWord {
		out = append(out, w.String())
	}
	return out, nil
}

// Name returns "nboard:" and the command line.
func (a *EngineAgent) Name() string { return a.name }

// Close ends the engine process, if one runs: it sends "quit" (which stops a search at once),
// closes the engine's input and waits for it to exit, killing it after quitGrace; the process
// is gone, waited for, when Close returns. It reports an engine that had to be killed. A
// closed agent plays no more; closing it again does nothing.
func (a *EngineAgent) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	if a.proc == nil {
		return nil
	}
	p := a.proc
	a.proc = nil
	a.cleanup.Stop()
	return p.close()
}

func (p *process) close() error {
	close(p.closing)
	// Writing may block on an engine that reads nothing; the kill below ends it (the write
	// then fails), so it has a goroutine of its own. It fails harmlessly on an engine that
	// has exited. The end of the input alone would not do: an engine may finish the work it
	// was given first ("turncoat nboard" does), or wait for more.
	go func() {
		_ = p.send("quit")
		p.stdin.Close()
	}()
	exited := make(chan error, 1)
	go func() { exited <- p.cmd.Wait() }()
	timer := time.NewTimer(quitGrace)
	defer timer.Stop()
	select {
	case <-exited:
		// its exit status is not reported: an engine told to quit owes nothing more, and
		// what failed during its moves was reported by them
		return nil
	case <-timer.C:
		_ = p.cmd.Process.Kill()
		<-exited
		return fmt.Errorf("the engine did not quit within %v: killed", quitGrace)
	}
}

func (a *EngineAgent) start() (*process, error) {
	if a.closed {
		return nil, errClosed
	}
	if a.proc != nil {
		return a.proc, nil
	}
	cmd := exec.Command(a.args[0], a.args[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", a.args[0], err)
	}
	p := &process{cmd: cmd, stdin: stdin, lines: make(chan string, 64), closing: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case p.lines <- sc.Text():
			case <-p.closing:
			}
		}
		p.readErr = sc.Err()
		close(p.lines)
		// a line too long for the scanner ends the reading, not the engine: what it still
		// writes is drained, or it would block writing and never read its "quit"
		_, _ = io.Copy(io.Discard, stdout)
	}()
	a.cleanup = runtime.AddCleanup(a, func(p *process) { _ = p.close() }, p)
	a.proc = p
	if err := p.send("nboard 2\nset depth %d", a.depth); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *process) send(format string, args ...any) error {
	_, err := fmt.Fprintf(p.stdin, format+"\n", args...)
	return err
}

// await reads lines until one for which want returns true; ctx ending makes it stop the
// engine's search (with a ping) and return ctx's error.
func (p *process) await(ctx context.Context, want func(string) bool) (string, error) {
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				if p.readErr != nil {
					return "", fmt.Errorf("reading the engine: %w", p.readErr)
				}
				return "", errors.New("the engine exited")
			}
			if want(line) {
				return line, nil
			}
		case <-ctx.Done():
			p.ping++
			if p.send("ping %d", p.ping) == nil {
				pong := fmt.Sprintf("pong %d", p.ping)
				wait, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				_, _ = p.await(wait, func(l string) bool { return strings.TrimSpace(l) == pong })
				cancel()
			}
			return "", ctx.Err()
		}
	}
}

// Start starts the engine, if it is not running yet, and waits until it answers (a ping):
// what it loads at its start is then done. Choose starts it too when it was not started.
func (a *EngineAgent) Start(ctx context.Context) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	proc, err := a.start()
	if err != nil {
		return err
	}
	proc.ping++
	if err := proc.send("ping %d", proc.ping); err != nil {
		return fmt.Errorf("%s: %w", a.name, err)
	}
	pong := fmt.Sprintf("pong %d", proc.ping)
	_, err = proc.await(ctx, func(l string) bool { return strings.TrimSpace(l) == pong })
	return err
}

// Choose asks the engine for p's move in s.
func (a *EngineAgent) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	st, ok := s.(*reversi.State)
	if !ok {
		return game.NoAction, fmt.Errorf("nboard engine: not a reversi state (%s)", s.Game().Name())
	}
	if !s.ToAct().Has(p) {
		return game.NoAction, fmt.Errorf("%w: %s", engine.ErrNoMove, p)
	}
	if st.MustPass() {
		return reversi.Pass, nil
	}
	b := st.Board()
	if st.Placements() != b.Moves() || st.Rules().NoMove != reversi.NoMovePass {
		return game.NoAction, errors.New("nboard engine: external engines play the standard rules only")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	proc, err := a.start()
	if err != nil {
		return game.NoAction, err
	}
	rec := reversi.Record{Start: b}
	proc.ping++
	if err := proc.send("set game %s\nping %d", rec.GGF(), proc.ping); err != nil {
		return game.NoAction, fmt.Errorf("%s: %w", a.name, err)
	}
	pong := fmt.Sprintf("pong %d", proc.ping)
	if _, err := proc.await(ctx, func(l string) bool { return strings.TrimSpace(l) == pong }); err != nil {
		return game.NoAction, err
	}
	if err := proc.send("go"); err != nil {
		return game.NoAction, fmt.Errorf("%s: %w", a.name, err)
	}
	line, err := proc.await(ctx, func(l string) bool { return strings.HasPrefix(l, "===") })
	if err != nil {
		return game.NoAction, err
	}
	mv, err := ParseMoveReply(line)
	if err != nil {
		return game.NoAction, fmt.Errorf("%s: %w", a.name, err)
	}
	if err := game.CheckLegal(s, p, game.Action(mv)); err != nil {
		return game.NoAction, fmt.Errorf("%s played %s: %w", a.name, moveName(mv), err)
	}
	return game.Action(mv), nil
}

// ParseMoveReply reads the move of a "===" reply: "=== F5/1.00/0.5" (the protocol),
// "=== f5 0.00 0.0" (Edax) or "=== F5"; PA is a pass.
func ParseMoveReply(line string) (int, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "===")
	if !ok {
		return reversi.NoSquare, fmt.Errorf("%q is not a move reply (\"=== F5\")", line)
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return reversi.NoSquare, fmt.Errorf("%q: no move", line)
	}
	mv, _, _ := strings.Cut(f[0], "/")
	if strings.EqualFold(mv, "pa") || strings.EqualFold(mv, "ps") {
		return reversi.Pass, nil
	}
	sq, err := discs.ParseSquare(mv)
	if err != nil {
		return reversi.NoSquare, fmt.Errorf("%q: %v", line, err)
	}
	return sq, nil
}
