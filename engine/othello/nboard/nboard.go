// Package nboard speaks the NBoard protocol, the line protocol between the NBoard Othello GUI
// (and other tools) and Othello engines: Serve runs an engine behind it on a pair of streams,
// and EngineAgent drives an external engine that speaks it, as a Turncoat agent.
//
// The protocol (Chris Welty's; see the NTest documentation) sends one command a line:
//
//	nboard 2           the GUI's first line
//	set depth N        midgame depth; the engine answers "set myname NAME"
//	set game GGF       the position is now the end of this game
//	set contempt N     centidiscs a draw is worth less to the engine
//	move F5[/EV[/T]]   a move was played (PA passes; NBoard 1.1 sends just "F5")
//	hint N             evaluate about N moves: "search PV EVAL 0 DEPTH" lines, DEPTH being
//	                   "100%" for an exact solve and "100%W" for a win/draw/loss solve; in a
//	                   position of the engine's opening book, "book PV EVAL GAMES DEPTH" lines
//	                   for its book moves (and a search line for the best move outside it)
//	go                 choose a move: "=== MOVE/EVAL/TIME"; the board is not changed; on a
//	                   finished game "=== PA/EVAL/0.00" (a pass, worth the final score)
//	ping N             stop any search, then answer "pong N" (and, if it stopped one, a
//	                   status saying the engine waits again)
//	learn              learn the game (add it to the opening book): the engine answers
//	                   "learned", after a status line if it could not
//	quit               end
//
// The engine also sends "status TEXT" and "nodestats NODES SECONDS". Lines it does not
// understand are ignored, as the protocol asks; their errors go to a separate stream.
package nboard

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// Engine is what the protocol needs from an Othello engine.
type Engine interface {
	// Name is the engine's name as the GUI shows it.
	Name() string
	// Search evaluates the position (b with its side to move) at the midgame depth (the
	// engine decides its endgame depth) and returns up to n lines, best first: each its
	// principal variation, value and depth. n = 1 is a "go". It returns early, with what it
	// has, when ctx ends.
	Search(ctx context.Context, b reversi.Board, depth, n int, contempt float64) ([]Line, Stats, error)
	// NewGame forgets what the engine learned of earlier positions.
	NewGame()
}

// A BookEngine is an Engine with an opening book: "hint" and "go" in a book position answer
// from it, and "learn" adds the game to it.
type BookEngine interface {
	Engine
	// BookLines returns the book's lines of b, best first: its book moves (Games set) and the
	// best move outside the book; ok is false when b is not in the book.
	BookLines(b reversi.Board) (lines []Line, ok bool)
	// Learn adds a game (its start and its moves, passes explicit) to the book and keeps it.
	Learn(ctx context.Context, start reversi.Board, moves []int) error
}

// Line is one evaluated move.
type Line struct {
	// PV is the principal variation, starting with the move (reversi.Pass for a pass).
	PV []int
	// Eval is the value for the side to move, in discs.
	Eval float64
	// Depth is the search depth in plies.
	Depth int
	// Solved says whether the move was searched to the end of the game, and how: the protocol
	// reports such a line's depth as "100%" (exact) or "100%W" (win, draw or loss) rather than
	// as a number of plies.
	Solved Solved
	// Book marks a book move, Games the number of games that reached the position it leads
	// to: the protocol's "book" line.
	Book  bool
	Games int
}

// Solved says how far a line was solved.
type Solved uint8

// How far a line was solved.
const (
	// NotSolved: Eval is an evaluation at Depth.
	NotSolved Solved = iota
	// SolvedWLD: the sign of Eval is the result with perfect play (a win, a draw or a loss).
	SolvedWLD
	// SolvedExact: Eval is the final disc difference with perfect play.
	SolvedExact
)

// depth writes a line's depth as the protocol has it: "100%" for an exact solve, "100%W" for a
// win/draw/loss solve (the GUI shows these as solved), else the plies.
func (l Line) depth() string {
	switch l.Solved {
	case SolvedExact:
		return "100%"
	case SolvedWLD:
		return "100%W"
	}
	return strconv.Itoa(l.Depth)
}

// Stats describe a search's effort.
type Stats struct {
	Nodes   uint64
	Seconds float64
}

// session is the state of one protocol session.
type session struct {
	ctx      context.Context
	eng      Engine
	out      io.Writer
	errs     io.Writer
	outMu    sync.Mutex
	board    reversi.Board
	depth    int
	contempt float64
	// start and moves are the game so far (for "learn"): the position "set game" gave, and
	// the moves since (passes explicit).
	start reversi.Board
	moves []int
}

func (s *session) send(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
	if f, ok := s.out.(interface{ Flush() error }); ok {
		f.Flush()
	}
}

func (s *session) fail(format string, args ...any) {
	if s.errs != nil {
		fmt.Fprintf(s.errs, "nboard: "+format+"\n", args...)
	}
}

// Serve runs the protocol: commands from in, replies to out (flushed line by line when out has
// a Flush method), complaints about bad lines to errs (may be nil). It returns at "quit", when
// ctx ends, or at the end of in once the commands it held are done. A search runs while Serve
// keeps reading, so that "ping" (and "quit") stop it at once; other commands wait for it.
func Serve(ctx context.Context, in io.Reader, out, errs io.Writer, eng Engine) error {
	s := &session{ctx: ctx, eng: eng, out: out, errs: errs, board: reversi.Start(8), start: reversi.Start(8), depth: 12}
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
		close(lines)
	}()

	var (
		pending   []string      // commands that arrived during a search
		searching chan struct{} // closed when the running search ends; nil when idle
		cancel    context.CancelFunc
		inputErr  error
		// replied tells, once searching is closed, whether the search sent its replies (it
		// had finished when it was stopped)
		replied *bool
	)
	// stop stops the running search, if any, and reports whether it was cut short (it sent
	// nothing).
	stop := func() bool {
		if searching == nil {
			return false
		}
		cancel()
		<-searching
		searching = nil
		return !*replied
	}
	defer stop()
	for {
		var line string
		switch {
		case len(pending) > 0 && searching == nil:
			line, pending = pending[0], pending[1:]
		case lines == nil && searching == nil:
			// the input ended and every command it held is done
			return inputErr
		default:
			var done <-chan struct{}
			if searching != nil {
				done = searching
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-done:
				searching = nil
				cancel()
				continue
			case l, ok := <-lines:
				if !ok {
					lines, inputErr = nil, <-readErr
					continue
				}
				line = l
			}
		}
		cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
		arg = strings.TrimSpace(arg)
		switch {
		case cmd == "quit":
			return nil
		case cmd == "ping" && searching != nil:
			// the commands sent before the ping take effect first; searches among them are
			// stale and skipped
			cut := stop()
			for _, l := range pending {
				if c, _, _ := strings.Cut(strings.TrimSpace(l), " "); c != "go" && c != "hint" {
					s.handle(l, nil)
				}
			}
			pending = pending[:0]
			s.send("pong %s", arg)
			if cut {
				// the stopped search said it was thinking: say that the engine waits again
				s.send("status %s is waiting", s.eng.Name())
			}
			continue
		case searching != nil:
			pending = append(pending, line)
			continue
		}
		s.handle(line, func(n int, move bool) {
			sctx, c := context.WithCancel(ctx)
			cancel = c
			searching, replied = make(chan struct{}), new(bool)
			go func(done chan struct{}, replied *bool, b reversi.Board, depth int, contempt float64) {
				defer close(done)
				*replied = s.search(sctx, b, depth, n, contempt, move)
			}(searching, replied, s.board, s.depth, s.contempt)
		})
	}
}

// handle runs one command but "quit"; go and hint start a search with start (which may be nil:
// they are then skipped).
func (s *session) handle(line string, start func(n int, move bool)) {
	cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	arg = strings.TrimSpace(arg)
	switch cmd {
	case "", "nboard":
	case "ping":
		s.send("pong %s", arg)
	case "set":
		s.set(arg)
	case "move":
		s.move(arg)
	case "go":
		if start != nil {
			start(1, true)
		}
	case "hint":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			s.fail("hint %q: want a number of moves", arg)
			return
		}
		if start != nil {
			start(n, false)
		}
	case "learn":
		s.learn()
	default:
		if len(cmd) == 2 { // NBoard 1.1's bare move
			s.move(cmd)
			return
		}
		s.fail("unknown command %q", line)
	}
}

// set handles "set depth", "set game" and "set contempt".
func (s *session) set(arg string) {
	name, value, _ := strings.Cut(arg, " ")
	value = strings.TrimSpace(value)
	switch name {
	case "depth":
		d, err := strconv.Atoi(value)
		if err != nil || d < 1 || d > 60 {
			s.fail("set depth %q: want 1 to 60", value)
			return
		}
		s.depth = d
		s.send("set myname %s%d", s.eng.Name(), d)
	case "game":
		r, err := reversi.ParseGGF(value)
		if err != nil {
			s.fail("set game: %v", err)
			return
		}
		b, err := r.Replay()
		if err != nil {
			s.fail("set game: %v", err)
			return
		}
		if s.board.Size != b.Size || len(r.Moves) == 0 {
			s.eng.NewGame()
		}
		s.board, s.start, s.moves = b, r.Start, r.Moves
	case "contempt":
		c, err := strconv.ParseFloat(value, 64)
		if err != nil {
			s.fail("set contempt %q: want a number of centidiscs", value)
			return
		}
		s.contempt = c
	default:
		s.fail("unknown setting %q", arg)
	}
}

// move plays "F5", "F5/0.5/1.2" or "PA" on the current position.
func (s *session) move(arg string) {
	mv, _, _ := strings.Cut(arg, "/")
	mv = strings.TrimSpace(mv)
	if strings.EqualFold(mv, "pa") || strings.EqualFold(mv, "ps") {
		if s.board.Moves() != 0 {
			s.fail("move %s: a pass while a move is available", arg)
			return
		}
		s.board.Pass()
		s.moves = append(s.moves, reversi.Pass)
		return
	}
	sq, err := discs.ParseSquare(mv)
	if err == nil {
		_, err = s.board.Play(sq)
	}
	if err != nil {
		s.fail("move %q: %v", arg, err)
		return
	}
	s.moves = append(s.moves, sq)
}

// learn adds the game so far to the engine's book. The GUI waits for "learned": it is sent
// whatever happens, after a status line when the game could not be learned.
func (s *session) learn() {
	if be, ok := s.eng.(BookEngine); ok {
		s.send("status %s is learning", s.eng.Name())
		if err := be.Learn(s.ctx, s.start, s.moves); err != nil {
			s.send("status %s could not learn the game: %v", s.eng.Name(), err)
			s.fail("learn: %v", err)
		}
	}
	s.send("learned")
}

// search runs a "go" or a "hint" and sends its replies; it reports whether it did (not when
// ctx stopped it first).
func (s *session) search(ctx context.Context, b reversi.Board, depth, n int, contempt float64, move bool) bool {
	name := s.eng.Name()
	if b.Moves() == 0 && b.OpponentMoves() == 0 {
		if move {
			// a GUI that asks for a move waits for a "===": the only one there is, a pass,
			// worth the final disc difference
			s.send("=== PA/%.2f/0.00", float64(b.FinalMargin()))
		}
		s.send("status the game is over")
		return true
	}
	if be, ok := s.eng.(BookEngine); ok {
		if lines, in := be.BookLines(b); in && len(lines) > 0 {
			s.bookReply(lines, n, move)
			return true
		}
	}
	s.send("status %s is thinking", name)
	lines, st, err := s.eng.Search(ctx, b, depth, n, contempt)
	if ctx.Err() != nil {
		return false // stopped by ping or quit: what it found relates to an old position
	}
	if err != nil || len(lines) == 0 {
		s.send("status %s failed: %v", name, err)
		return true
	}
	if !move {
		for _, l := range lines {
			s.send("search %s %.2f 0 %s", formatPV(l.PV), l.Eval, l.depth())
		}
	}
	s.send("nodestats %d %.2f", st.Nodes, st.Seconds)
	if move {
		l := lines[0]
		s.send("=== %s/%.2f/%.2f", moveName(l.PV[0]), l.Eval, st.Seconds)
	}
	s.send("status %s is waiting", name)
	return true
}

// bookReply answers a "go" or a "hint" from the opening book: the best line's move, or up to
// n lines, "book PV EVAL GAMES DEPTH" for book moves, "search ..." for the best move outside.
func (s *session) bookReply(lines []Line, n int, move bool) {
	name := s.eng.Name()
	if move {
		l := lines[0]
		s.send("nodestats 0 0.00")
		s.send("=== %s/%.2f/0.00", moveName(l.PV[0]), l.Eval)
		s.send("status %s is waiting", name)
		return
	}
	s.send("status %s is reading its book", name)
	for _, l := range lines[:min(n, len(lines))] {
		if l.Book {
			s.send("book %s %.2f %d %s", formatPV(l.PV), l.Eval, l.Games, l.depth())
		} else {
			s.send("search %s %.2f 0 %s", formatPV(l.PV), l.Eval, l.depth())
		}
	}
	s.send("nodestats 0 0.00")
	s.send("status %s is waiting", name)
}

// moveName writes a square as NBoard does ("F5"), a pass as "PA".
func moveName(sq int) string {
	if sq == reversi.Pass {
		return "PA"
	}
	return strings.ToUpper(reversi.SquareName(sq))
}

func formatPV(pv []int) string {
	var b strings.Builder
	for _, sq := range pv {
		b.WriteString(moveName(sq))
	}
	return b.String()
}
