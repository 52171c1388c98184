package nboard

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/game"
	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// fakeEngine answers at once with the legal moves in square order, each worth 1.5 discs less
// than the one before, or, when block is set, waits for its context to end.
type fakeEngine struct {
	block    bool
	solved   Solved // how far the lines it returns are solved
	mu       sync.Mutex
	newGames int
	stops    int // searches that ended because their context did
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
	block, solved := f.block, f.solved
	f.mu.Unlock()
	if block {
		<-ctx.Done()
		f.mu.Lock()
		f.stops++
		f.mu.Unlock()
		return nil, Stats{}, ctx.Err()
	}
	var out []Line
	m := b.Moves()
	if m == 0 {
		out = append(out, Line{PV: []int{reversi.Pass}, Eval: 0, Depth: depth, Solved: solved})
	}
	for i := 0; m != 0 && len(out) < n; m &= m - 1 {
		out = append(out, Line{PV: []int{bits.TrailingZeros64(m), 19}, Eval: 1.5 - 1.5*float64(i), Depth: depth, Solved: solved})
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

// TestPingStopsSearch checks that a ping during a search stops it (the pong comes only once
// the search has returned, so no clock is needed to tell), that the engine then says it is
// waiting again, that the commands sent before the ping take effect (the stale searches among
// them skipped), and that nothing of the stopped search is sent.
func TestPingStopsSearch(t *testing.T) {
	eng := &fakeEngine{block: true}
	g := newGUI(t, eng)
	g.send("nboard 2", "set depth 20", "go")
	g.until("status Fake is thinking")
	g.send("move F5", "go", "ping 9")
	if got := g.until("pong 9"); len(got) != 1 {
		t.Fatalf("replies before the pong: %q", got)
	}
	if got := g.until("status Fake is waiting"); len(got) != 1 {
		t.Fatalf("after the pong: %q, want the waiting status", got)
	}
	eng.mu.Lock()
	stops, searches := eng.stops, len(eng.boards)
	eng.block = false
	eng.mu.Unlock()
	if stops != 1 || searches != 1 {
		t.Fatalf("%d searches, %d stopped by the ping; want the first go's, stopped", searches, stops)
	}
	g.send("hint 1")
	got := g.until("status Fake is waiting")
	// the move before the ping was played: White's first move in square order is f4
	if len(got) != 4 || got[1] != "search F4D3 1.50 0 20" {
		t.Fatalf("hint after the ping: %q", got)
	}
	// a ping with no search running is answered by its pong alone
	g.send("ping 10", "ping 11")
	if got := g.until("pong 11"); len(got) != 2 || got[0] != "pong 10" {
		t.Fatalf("pings while waiting: %q", got)
	}
	g.quit()
}

// TestSolvedDepths checks that solved lines carry the protocol's depths: "100%" for an exact
// solve, "100%W" for a win/draw/loss one.
func TestSolvedDepths(t *testing.T) {
	for _, c := range []struct {
		solved Solved
		depth  string
	}{{NotSolved, "6"}, {SolvedWLD, "100%W"}, {SolvedExact, "100%"}} {
		g := newGUI(t, &fakeEngine{solved: c.solved})
		g.send("nboard 2", "set depth 6")
		g.until("set myname Fake6")
		g.send("set game "+startGGF, "hint 2")
		got := g.until("status Fake is waiting")
		want := []string{"status Fake is thinking", "search C3D3 1.50 0 " + c.depth, "search C4D3 0.00 0 " + c.depth}
		if len(got) < 3 || strings.Join(got[:3], "\n") != strings.Join(want, "\n") {
			t.Errorf("solved %d: %q, want %q", c.solved, got, want)
		}
		g.quit()
	}
}

// TestGoOnFinishedGame checks that "go" on a finished game is answered with a pass worth the
// final disc difference, as a GUI waiting for "===" needs, without a search; "hint" only says
// the game is over.
func TestGoOnFinishedGame(t *testing.T) {
	eng := &fakeEngine{}
	g := newGUI(t, eng)
	full := strings.Repeat("*", 40) + strings.Repeat("O", 24)
	g.send("nboard 2", "set depth 6", "set game (;GM[Othello]BO[8 "+full+" O];)", "go")
	if got := g.until("status the game is over"); strings.Join(got, "|") != "set myname Fake6|=== PA/-16.00/0.00|status the game is over" {
		t.Fatalf("go on a finished game: %q", got)
	}
	g.send("hint 3")
	if got := g.until("status the game is over"); len(got) != 1 {
		t.Fatalf("hint on a finished game: %q", got)
	}
	g.quit()
	if len(eng.boards) != 0 {
		t.Errorf("the engine searched a finished game %d times", len(eng.boards))
	}
	if sq, err := ParseMoveReply("=== PA/-16.00/0.00"); err != nil || sq != reversi.Pass {
		t.Errorf("the reply reads as %d, %v", sq, err)
	}
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
		// the fake engine answers at once: a session that is still running after this
		// generous bound hangs
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err := Serve(ctx, strings.NewReader(script), io.Discard, io.Discard, eng)
		if ctx.Err() != nil {
			t.Fatalf("the session hung on %q", script)
		}
		if err != nil {
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

// negamax is the exact value of b for the side to move: its final disc difference with perfect
// play (empties to the winner).
func negamax(b reversi.Board) int {
	m := b.Moves()
	if m == 0 {
		if b.OpponentMoves() == 0 {
			return b.FinalMargin()
		}
		c := b
		c.Pass()
		return -negamax(c)
	}
	best := -1000
	for ; m != 0; m &= m - 1 {
		c := b
		c.Play(bits.TrailingZeros64(m))
		best = max(best, -negamax(c))
	}
	return best
}

// endgamePosition plays a random game from the start until empties squares are left, with at
// least two moves for the side to move; it returns the moves and the position.
func endgamePosition(t *testing.T, seed uint64, empties int) ([]int, reversi.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	for range 1000 {
		b := reversi.Start(8)
		var moves []int
		for {
			_, _, e := b.Counts()
			m := b.Moves()
			if e == empties && bits.OnesCount64(m) >= 2 {
				return moves, b
			}
			if m == 0 {
				if b.OpponentMoves() == 0 || e <= empties {
					break
				}
				b.Pass()
				moves = append(moves, reversi.Pass)
				continue
			}
			sq := bits.TrailingZeros64(m)
			for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
				m &= m - 1
				sq = bits.TrailingZeros64(m)
			}
			b.Play(sq)
			moves = append(moves, sq)
		}
	}
	t.Fatalf("no position with %d empties", empties)
	return nil, reversi.Board{}
}

// TestRealEngineReportsSolves checks the Turncoat engine's lines near the end: at "set depth 1"
// it solves for the win with 9 empties ("100%W", each eval's sign the move's result) and
// exactly with 7 or fewer ("100%", each eval the move's exact value), as a brute-force search
// says; and its "go" reply is a best move, worth the position's value.
func TestRealEngineReportsSolves(t *testing.T) {
	for _, c := range []struct {
		empties int
		depth   string
	}{{9, "100%W"}, {6, "100%"}} {
		moves, b := endgamePosition(t, uint64(c.empties), c.empties)
		rec := reversi.Record{Start: reversi.Start(8), Moves: moves}
		g := newGUI(t, FromEngine(othello.New(othello.Options{TableBytes: 1 << 20})))
		g.send("nboard 2", "set depth 1")
		g.until("set myname Turncoat1")
		g.send("set game "+rec.GGF(), "hint 60")
		lines := g.until("status Turncoat is waiting")
		g.send("go")
		reply := g.until("status Turncoat is waiting")
		g.quit()
		searches := 0
		for _, l := range lines {
			f := strings.Fields(l)
			if f[0] != "search" {
				continue
			}
			searches++
			if len(f) != 5 || f[4] != c.depth {
				t.Errorf("%d empties: %q, want depth %s", c.empties, l, c.depth)
				continue
			}
			sq, err := ParseMoveReply("=== " + f[1][:2])
			if err != nil {
				t.Fatal(err)
			}
			child := b
			child.Play(sq)
			exact := -negamax(child)
			eval, _ := strconv.ParseFloat(f[2], 64)
			if (c.depth == "100%" && int(eval) != exact) || (c.depth == "100%W" && cmp.Compare(int(eval), 0) != cmp.Compare(exact, 0)) {
				t.Errorf("%d empties: %q, but %s is worth %+d", c.empties, l, f[1][:2], exact)
			}
		}
		if searches != bits.OnesCount64(b.Moves()) {
			t.Errorf("%d empties: %d search lines for %d moves:\n%s", c.empties, searches, bits.OnesCount64(b.Moves()), strings.Join(lines, "\n"))
		}
		var move string
		for _, l := range reply {
			if rest, ok := strings.CutPrefix(l, "=== "); ok {
				move = rest
			}
		}
		sq, err := ParseMoveReply("=== " + move)
		if err != nil {
			t.Fatalf("%d empties: go: %q", c.empties, reply)
		}
		child := b
		child.Play(sq)
		best, got := negamax(b), -negamax(child)
		if (c.depth == "100%" && got != best) || cmp.Compare(got, 0) != cmp.Compare(best, 0) {
			t.Errorf("%d empties: go played %s, worth %+d; the best is worth %+d", c.empties, move, got, best)
		}
	}
}

// bookEngine is fakeEngine with a book that knows the start: its four moves (d3 best), and a
// move outside it; it records the games it learns.
type bookEngine struct {
	fakeEngine
	learnErr error
	learned  [][]int
	starts   []reversi.Board
}

func (b *bookEngine) BookLines(bd reversi.Board) ([]Line, bool) {
	if bd != reversi.Start(8) {
		return nil, false
	}
	return []Line{
		{PV: []int{19, 18}, Eval: 1, Depth: 8, Book: true, Games: 30},
		{PV: []int{37}, Eval: 1, Depth: 8, Book: true, Games: 25},
		{PV: []int{26}, Eval: 0, Depth: 8},
	}, true
}

func (b *bookEngine) Learn(_ context.Context, start reversi.Board, moves []int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.learnErr != nil {
		return b.learnErr
	}
	b.starts = append(b.starts, start)
	b.learned = append(b.learned, slices.Clone(moves))
	return nil
}

// TestBookTranscript: hint and go in a book position answer from the book, elsewhere from a
// search; learn hands the game (from set game and the moves since) to the engine.
func TestBookTranscript(t *testing.T) {
	eng := &bookEngine{}
	g := newGUI(t, eng)
	g.send("nboard 2", "set depth 6", "hint 2")
	want := []string{"set myname Fake6", "status Fake is reading its book", "book D3C3 1.00 30 8", "book F5 1.00 25 8", "nodestats 0 0.00", "status Fake is waiting"}
	if got := g.until("status Fake is waiting"); !slices.Equal(got, want) {
		t.Fatalf("hint in the book:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	g.send("hint 5")
	if got := g.until("status Fake is waiting"); !slices.Contains(got, "search C4 0.00 0 8") {
		t.Fatalf("hint 5 in the book: %q, want the move outside it as a search line", got)
	}
	g.send("go")
	if got := g.until("status Fake is waiting"); !slices.Equal(got, []string{"nodestats 0 0.00", "=== D3/1.00/0.00", "status Fake is waiting"}) {
		t.Fatalf("go in the book: %q", got)
	}
	g.send("set game "+startGGF, "move C3", "go")
	if got := g.until("status Fake is waiting"); !slices.Contains(got, "status Fake is thinking") {
		t.Fatalf("go out of the book: %q, want a search", got)
	}
	g.send("move PA", "learn")
	if got := g.until("learned"); !slices.Equal(got, []string{"status Fake is learning", "learned"}) {
		t.Fatalf("learn: %q", got)
	}
	eng.mu.Lock()
	eng.learnErr = errors.New("no room")
	eng.mu.Unlock()
	g.send("learn")
	if got := g.until("learned"); len(got) != 3 || got[1] != "status Fake could not learn the game: no room" {
		t.Fatalf("a learn that fails: %q", got)
	}
	g.quit()
	// f5 d6 from set game, then c3; the pass was refused (c3 leaves Black a move)
	if len(eng.learned) != 1 || !slices.Equal(eng.learned[0], []int{37, 43, 18}) || eng.starts[0] != reversi.Start(8) {
		t.Fatalf("learned %v from %v", eng.learned, eng.starts)
	}
}

// TestFixedLimitsIgnoreDepth: an engine given limits (a level's) searches at them whatever
// depth the client sets.
func TestFixedLimitsIgnoreDepth(t *testing.T) {
	empty := book.New(10, 8)
	eng := FromEngineWithBook(othello.New(othello.Options{TableBytes: 1 << 20}), BookConfig{Book: empty, Limits: &othello.Limits{Depth: 3}})
	g := newGUI(t, eng)
	g.send("nboard 2", "set depth 9", "set game "+startGGF, "hint 1")
	got := g.until("status Turncoat is waiting")
	g.quit()
	for _, l := range got {
		if strings.HasPrefix(l, "search ") {
			if f := strings.Fields(l); len(f) != 5 || f[4] != "3" {
				t.Errorf("search line %q: want depth 3, the fixed limits'", l)
			}
			return
		}
	}
	t.Fatalf("no search line in %q", got)
}
