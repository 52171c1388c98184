package nboard

import (
	"bufio"
	"context"
	"io"
	"math/bits"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"turncoat/engine/othello"
	"turncoat/game"
	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// fakeEngine answers at once with the legal moves in square order, each worth 1.5 discs less
// than the one before, or, when block is set, waits for its context to end.
type fakeEngine struct {
	block    bool
	mu       sync.Mutex
	newGames int
	boards   []reversi.Board
}

func (*fakeEngine) Name() string { return "Fake" }

func (f *fakeEngine) NewGame() {
	f.mu.Lock()
	f.newGames++
	f.mu.Unlock()
}

func (f *fakeEngine) Search(ctx context.Context, b reversi.Board, depth, n int, _ float64) ([]Line, Stats, error) {
	f.mu.Lock()
	f.boards = append(f.boards, b)
	block := f.block
	f.mu.Unlock()
	if block {
		<-ctx.Done()
		return nil, Stats{}, ctx.Err()
	}
	var out []Line
	m := b.Moves()
	if m == 0 {
		out = append(out, Line{PV: []int{reversi.Pass}, Eval: 0, Depth: depth})
	}
	for i := 0; m != 0 && len(out) < n; m &= m - 1 {
		out = append(out, Line{PV: []int{bits.TrailingZeros64(m), 19}, Eval: 1.5 - 1.5*float64(i), Depth: depth})
		i++
	}
	return out, Stats{Nodes: 1234, Seconds: 0.5}, nil
}

// gui is the GUI's side of a session over pipes.
type gui struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	all   []string
}

func newGUI(t *testing.T, eng Engine) *gui {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	g := &gui{t: t, in: inW, lines: make(chan string, 100), done: make(chan error, 1)}
	go func() {
		g.done <- Serve(context.Background(), inR, outW, io.Discard, eng)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			g.lines <- sc.Text()
		}
		close(g.lines)
	}()
	return g
}

func (g *gui) send(lines ...string) {
	for _, l := range lines {
		if _, err := io.WriteString(g.in, l+"\n"); err != nil {
			g.t.Fatal(err)
		}
	}
}

// until reads replies up to and including last.
func (g *gui) until(last string) []string {
	g.t.Helper()
	var got []string
	for {
		select {
		case l, ok := <-g.lines:
			if !ok {
				g.t.Fatalf("the engine ended before %q; got %q", last, got)
			}
			got = append(got, l)
			g.all = append(g.all, l)
			if l == last {
				return got
			}
		case <-time.After(10 * time.Second):
			g.t.Fatalf("no %q within 10 seconds; got %q", last, got)
		}
	}
}

// quit ends the session and checks that nothing more was sent.
func (g *gui) quit() {
	g.t.Helper()
	g.send("quit")
	for l := range g.lines {
		g.t.Errorf("after quit: %q", l)
	}
	if err := <-g.done; err != nil {
		g.t.Fatal(err)
	}
}

const startGGF = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[Human]PW[Turncoat]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)"

// TestTranscript is a scripted GUI session against the fake engine: every reply in the
// protocol's exact format and order.
func TestTranscript(t *testing.T) {
	eng := &fakeEngine{}
	g := newGUI(t, eng)
	g.send("nboard 2", "set depth 6")
	g.until("set myname Fake6")
	g.send("set game "+startGGF, "ping 1")
	g.until("pong 1")
	g.send("go")
	g.until("status Fake is waiting")
	g.send("hint 3")
	g.until("status Fake is waiting")
	g.send("move C3/0.50/1.25", "C4", "learn")
	g.until("learned")
	g.send("bogus command", "set contempt 50", "move z9", "ping 2")
	g.until("pong 2")
	g.quit()
	want := []string{
		"set myname Fake6",
		"pong 1",
		"status Fake is thinking",
		"nodestats 1234 0.50",
		"=== C3/1.50/0.50",
		"status Fake is waiting",
		"status Fake is thinking",
		"search C3D3 1.50 0 6",
		"search C4D3 0.00 0 6",
		"search C5D3 -1.50 0 6",
		"nodestats 1234 0.50",
		"status Fake is waiting",
		"learned",
		"pong 2",
	}
	if strings.Join(g.all, "\n") != strings.Join(want, "\n") {
		t.Fatalf("transcript:\n%s\nwant:\n%s", strings.Join(g.all, "\n"), strings.Join(want, "\n"))
	}
	// go and hint searched the position after f5 d6
	b := reversi.Start(8)
	for _, m := range []string{"f5", "d6"} {
		sq, _ := discs.ParseSquare(m)
		b.Play(sq)
	}
	if len(eng.boards) != 2 || eng.boards[0] != b || eng.boards[1] != b {
		t.Fatalf("the engine searched %v, want the position after f5 d6 twice", eng.boards)
	}
	if eng.newGames != 0 {
		t.Errorf("a game with moves started %d new games", eng.newGames)
	}
}

// TestPingStopsSearch checks that a ping during a search stops it promptly, that the commands
// sent before the ping take effect (the stale searches among them skipped), and that nothing of
// the stopped search is sent.
func TestPingStopsSearch(t *testing.T) {
	eng := &fakeEngine{block: true}
	g := newGUI(t, eng)
	g.send("nboard 2", "set depth 20", "go")
	g.until("status Fake is thinking")
	t0 := time.Now()
	g.send("move F5", "go", "ping 9")
	if got := g.until("pong 9"); len(got) != 1 {
		t.Fatalf("replies before the pong: %q", got)
	}
	if d := time.Since(t0); d > time.Second {
		t.Errorf("pong took %v", d)
	}
	eng.mu.Lock()
	eng.block = false
	eng.mu.Unlock()
	g.send("hint 1")
	got := g.until("status Fake is waiting")
	// the move before the ping was played: White's first move in square order is f4
	if len(got) != 4 || got[1] != "search F4D3 1.50 0 20" {
		t.Fatalf("hint after the ping: %q", got)
	}
	g.quit()
}

// TestInputEndFinishesWork checks that at the end of its input the engine finishes the search
// it was asked for before returning.
func TestInputEndFinishesWork(t *testing.T) {
	var out strings.Builder
	if err := Serve(context.Background(), strings.NewReader("set depth 2\ngo"), &out, io.Discard, &fakeEngine{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "=== D3/1.50/0.50") {
		t.Fatalf("output:\n%s", out.String())
	}
}

// TestRealEngineSession drives the Turncoat engine through the protocol: its "go" move must be
// legal, and a ping must stop a deep search at once.
func TestRealEngineSession(t *testing.T) {
	g := newGUI(t, FromEngine(othello.New(othello.Options{TableBytes: 1 << 20})))
	g.send("nboard 2", "set depth 4", "set game "+startGGF, "go")
	g.until("status Turncoat is waiting")
	g.send("hint 2")
	g.until("status Turncoat is waiting")
	g.quit()
	got := g.all
	var move string
	var searches int
	for _, l := range got {
		if rest, ok := strings.CutPrefix(l, "=== "); ok {
			move = rest
		}
		if strings.HasPrefix(l, "search ") {
			searches++
			if f := strings.Fields(l); len(f) != 5 || f[3] != "0" || f[4] != "4" {
				t.Errorf("search line %q: want \"search PV EVAL 0 4\"", l)
			}
		}
	}
	if got[0] != "set myname Turncoat4" || move == "" || searches != 2 {
		t.Fatalf("session:\n%s", strings.Join(got, "\n"))
	}
	sq, err := ParseMoveReply("=== " + move)
	if err != nil {
		t.Fatal(err)
	}
	b := reversi.Start(8)
	for _, m := range []string{"f5", "d6"} {
		s, _ := discs.ParseSquare(m)
		b.Play(s)
	}
	if _, err := b.Play(sq); err != nil {
		t.Fatalf("the engine's move %s: %v", move, err)
	}
}

func TestParseMoveReply(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"=== F5/1.00/0.5", 37, true},
		{"=== f5 0.00 0.0", 37, true},
		{"=== F5", 37, true},
		{"=== PA", reversi.Pass, true},
		{"===  a1/3", 0, true},
		{"=== ", 0, false},
		{"=== z9", 0, false},
		{"search F5 0 0 1", 0, false},
	} {
		got, err := ParseMoveReply(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("ParseMoveReply(%q) = %d, %v; want %d (ok %v)", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestSplitCommandLine(t *testing.T) {
	got, err := splitCommandLine(`edax  -nboard "-l 21" x`)
	if err != nil || strings.Join(got, "|") != "edax|-nboard|-l 21|x" {
		t.Fatalf("got %q, %v", got, err)
	}
	if _, err := splitCommandLine(`a "b`); err == nil {
		t.Fatal("an unclosed quote was accepted")
	}
}

// FuzzServe feeds arbitrary sessions to the protocol: no input may crash it or hang it.
func FuzzServe(f *testing.F) {
	f.Add("nboard 2\nset depth 3\nset game " + startGGF + "\nmove C3\ngo\nhint 2\nping 1\n")
	f.Add("set game (;GM[Othello]BO[6 ------------*O----O*------------ *];)\nmove PA\ngo\n")
	f.Add("move z9\nset depth x\nhint -1\nset game (;\n\nF5\nset contempt y\n")
	f.Fuzz(func(t *testing.T, script string) {
		eng := &fakeEngine{}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := Serve(ctx, strings.NewReader(script), io.Discard, io.Discard, eng); err != nil && ctx.Err() == nil {
			t.Fatal(err)
		}
	})
}

func FuzzParseMoveReply(f *testing.F) {
	f.Add("=== F5/1.00/0.5")
	f.Add("=== f5 0.00 0.0")
	f.Add("=== PA")
	f.Fuzz(func(t *testing.T, line string) {
		sq, err := ParseMoveReply(line)
		if err == nil && sq != reversi.Pass && (sq < 0 || sq > 63) {
			t.Fatalf("%q gave square %d", line, sq)
		}
	})
}

// TestHelperEngine is not a test: run by TestEngineAgentPlays as a child process, it is an
// engine speaking the protocol on its standard streams.
func TestHelperEngine(t *testing.T) {
	if os.Getenv("NBOARD_HELPER_ENGINE") != "1" {
		t.Skip("a helper process for TestEngineAgentPlays")
	}
	Serve(context.Background(), os.Stdin, os.Stdout, os.Stderr, FromEngine(othello.New(othello.Options{TableBytes: 1 << 20})))
	os.Exit(0)
}

// TestEngineAgentPlays drives an external engine process (this test binary, as
// TestHelperEngine) through a game: every move it returns must be legal.
func TestEngineAgentPlays(t *testing.T) {
	t.Setenv("NBOARD_HELPER_ENGINE", "1")
	a, err := NewEngineAgent(os.Args[0]+" -test.run=^TestHelperEngine$", 2)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	s := reversi.NewState(reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
	for s.ToAct() != game.Nobody {
		p := s.ToAct().Single()
		act, err := a.Choose(context.Background(), s, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.Play(s, p, act); err != nil {
			t.Fatalf("the engine played %s: %v", s.FormatAction(p, act), err)
		}
	}
	if _, err := NewEngineAgent("no-such-engine-program -x", 2); err == nil {
		t.Fatal("a missing program was accepted")
	}
}
