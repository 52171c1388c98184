package main

import (
	"bufio"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
	"turncoat/internal/sharedtest"
)

// repeatedGamesFile writes a WTHOR file of n games that share their first moves (a few
// openings), so that a book of them has positions many games reached.
func repeatedGamesFile(t *testing.T, dir string, n int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), 11))
	var records []reversi.Record
	for i := range n {
		b := reversi.Start(8)
		r := reversi.Record{Start: b, Date: "2001", Black: "a", White: "b", Event: "e"}
		for ply := 0; ; ply++ {
			m := b.Moves()
			if m == 0 {
				if b.OpponentMoves() == 0 {
					break
				}
				b.Pass()
				r.Moves = append(r.Moves, reversi.Pass)
				continue
			}
			k := rng.IntN(bits.OnesCount64(m))
			if ply < 6 {
				k = i % 2 % bits.OnesCount64(m) // two openings
			}
			for ; k > 0; k-- {
				m &= m - 1
			}
			sq := bits.TrailingZeros64(m)
			b.Play(sq)
			r.Moves = append(r.Moves, sq)
		}
		black, white := b.FinalScore()
		r.HasResult, r.Result = true, black-white
		records = append(records, r)
	}
	path := filepath.Join(dir, "WTH_2001.wtb")
	if _, err := files.Save(path, files.WTHOR, records); err != nil {
		t.Fatal(err)
	}
	return path
}

var buildLine = regexp.MustCompile(`^wrote (\S+): bytes=(\d+) positions=(\d+) leaves=(\d+) games=(\d+) plies=(\d+) min-games=(\d+) depth=(\d+) start-value=[+-]\d+ seconds=\d+\n$`)

// TestBookCommands builds a book from a file of games, shows, exports and learns with it.
func TestBookCommands(t *testing.T) {
	dir := t.TempDir()
	games := repeatedGamesFile(t, dir, 40)
	out := filepath.Join(dir, "test.book")
	code, stdout, stderr := runCLI(t, "", "book", "build", "--plies", "12", "--min-games", "2", "--depth", "2", "--out", out, games)
	m := buildLine.FindStringSubmatch(stdout)
	if code != 0 || m == nil {
		t.Fatalf("build: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "book: 40 games from 1 files") || !strings.Contains(stderr, "(100%)") {
		t.Errorf("build's progress: %q", stderr)
	}
	st, err := os.Stat(out)
	if err != nil || strconv.FormatInt(st.Size(), 10) != m[2] || m[5] != "40" || m[6] != "12" || m[7] != "2" || m[8] != "2" {
		t.Fatalf("build: %q; the file: %v %v", stdout, st, err)
	}
	positions, _ := strconv.Atoi(m[3])
	if positions < 8 {
		t.Fatalf("only %d positions", positions)
	}
	// the same games and flags give the same file; an existing file needs --force
	data, _ := os.ReadFile(out)
	code, _, stderr = runCLI(t, "", "book", "build", "--plies", "12", "--min-games", "2", "--depth", "2", "--out", out, games)
	if code != 2 || !strings.Contains(stderr, "exists: give --force") {
		t.Fatalf("build over a file: exit %d, %q", code, stderr)
	}
	if code, _, stderr = runCLI(t, "", "book", "build", "--quiet", "--force", "--plies", "12", "--min-games", "2", "--depth", "2", "--out", out, games); code != 0 || stderr != "" {
		t.Fatalf("build --force: exit %d, %q", code, stderr)
	}
	if again, _ := os.ReadFile(out); string(again) != string(data) {
		t.Fatal("the same build gave another file")
	}

	// show: the start (every first move leads to one position), a move list, a position
	code, stdout, _ = runCLI(t, "", "book", "show", "--file", out)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != 0 || len(lines) != 5 || !strings.HasPrefix(lines[0], "position=--------/--------/--------/---OX---/---XO---/--------/--------/-------- to-move=black book=yes games=40 value=") {
		t.Fatalf("show the start: exit %d\n%s", code, stdout)
	}
	for _, l := range lines[1:] {
		if !regexp.MustCompile(`^move=(d3|c4|f5|e6) value=[+-]\d+ games=40$`).MatchString(l) {
			t.Fatalf("show the start: line %q", l)
		}
	}
	first := strings.Fields(lines[1])[0][len("move="):]
	code, stdout, _ = runCLI(t, "", "book", "show", "--file", out, first)
	if code != 0 || !strings.Contains(stdout, "to-move=white book=yes games=40 ") || !strings.Contains(stdout, "\nmove=") {
		t.Fatalf("show %s: exit %d\n%s", first, code, stdout)
	}
	b, _ := reversi.ParseMoveList(first, reversi.Start(8))
	bd, _ := b.Replay()
	position := strings.ReplaceAll(bd.Text(), "/", "") + " O"
	code, stdout2, _ := runCLI(t, "", "book", "show", "--file", out, "--position", position)
	if code != 0 || stdout2 != stdout {
		t.Fatalf("show --position %q: exit %d\n%s\nwant\n%s", position, code, stdout2, stdout)
	}
	if code, stdout, _ = runCLI(t, "", "book", "show", "--file", out, "f5f6e6f4e3c5c4"); code != 0 || !strings.HasSuffix(stdout, "book=no\n") {
		t.Fatalf("show out of the book: exit %d\n%s", code, stdout)
	}

	// export: a line per position
	code, stdout, _ = runCLI(t, "", "book", "export", "--file", out)
	var exported int
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		exported++
		if !regexp.MustCompile(`^(start|([a-h][1-8]|pa)+) games=\d+ value=[+-]\d+ leaf=(-|[a-h][1-8]:[+-]\d+)$`).MatchString(l) {
			t.Fatalf("export: line %q", l)
		}
	}
	if code != 0 || exported != positions {
		t.Fatalf("export: exit %d, %d lines for %d positions", code, exported, positions)
	}
	text := filepath.Join(dir, "book.txt")
	if code, _, _ = runCLI(t, "", "book", "export", "--file", out, "--out", text); code != 0 {
		t.Fatalf("export --out: exit %d", code)
	}
	if got, _ := os.ReadFile(text); string(got) != stdout {
		t.Fatal("export --out wrote another text than the standard output's")
	}
}

// TestBookLearn learns games into a user's book over the shipped one: the games count, the
// next command sees them, and a damaged user's book is refused and left as it was.
func TestBookLearn(t *testing.T) {
	dir := t.TempDir()
	user := filepath.Join(dir, "sub", "learned.book")
	game := outOfBookGame(t, 4)
	list := filepath.Join(dir, "games.txt")
	os.WriteFile(list, []byte(game+"\n"+game+"\nf5f4f4\n(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- O]W[F5];)\n"), 0o644)
	code, stdout, stderr := runCLI(t, "", "book", "learn", "--book", user, list)
	if code != 0 || !strings.HasPrefix(stdout, "learned=2 skipped=1 new-positions=") || !strings.Contains(stderr, "skipped:") {
		t.Fatalf("learn: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// the learned game's first position out of the shipped book is in the user's, twice
	rec, _ := reversi.ParseMoveList(game, reversi.Start(8))
	prefix := reversi.Record{Start: rec.Start, Moves: rec.Moves[:len(rec.Moves)-3]}
	code, stdout, _ = runCLI(t, "", "book", "show", "--book", user, prefix.MoveList(false))
	if code != 0 || !strings.Contains(stdout, "book=yes games=2 ") {
		t.Fatalf("show after learning: exit %d\n%s", code, stdout)
	}
	if code, stdout, _ = runCLI(t, "", "book", "show", "--book", "none", prefix.MoveList(false)); code != 0 || !strings.HasSuffix(stdout, "book=no\n") {
		t.Fatalf("show with the shipped book alone: exit %d\n%s", code, stdout)
	}
	// a damaged user's book: a clear error, and the file untouched
	os.WriteFile(user, []byte("TCBOOK\x01\x00garbage"), 0o644)
	code, _, stderr = runCLI(t, "", "book", "learn", "--book", user, list)
	if code != 1 || !strings.Contains(stderr, user+": book file: ") {
		t.Fatalf("learn into a damaged book: exit %d, %q", code, stderr)
	}
	if got, _ := os.ReadFile(user); string(got) != "TCBOOK\x01\x00garbage" {
		t.Fatal("the damaged book was changed")
	}
}

// outOfBookGame returns a move list that leaves the shipped book, then goes on extra plies:
// random moves from the start, the same for every call.
func outOfBookGame(t *testing.T, extra int) string {
	t.Helper()
	shipped, err := book.SharedShipped()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for {
		b := reversi.Start(8)
		var moves []int
		out := -1
		for len(moves) < 40 && (out < 0 || len(moves) < out+extra) {
			m := b.Moves()
			if m == 0 {
				break
			}
			if _, in := shipped.Lookup(b); !in && out < 0 {
				out = len(moves)
			}
			for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
				m &= m - 1
			}
			sq := bits.TrailingZeros64(m)
			b.Play(sq)
			moves = append(moves, sq)
		}
		if out >= 3 && len(moves) == out+extra {
			r := reversi.Record{Start: reversi.Start(8), Moves: moves}
			return r.MoveList(false)
		}
	}
}

func TestBookUsageErrors(t *testing.T) {
	dir := t.TempDir()
	games := repeatedGamesFile(t, dir, 4)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"book"}, "want build, show, export or learn"},
		{[]string{"book", "bind"}, `unknown book command "bind"`},
		{[]string{"book", "build"}, "want game files"},
		{[]string{"book", "build", "--plies", "0", games}, "--plies 0: want 1 to 60"},
		{[]string{"book", "build", "--min-games", "0", games}, "--min-games 0"},
		{[]string{"book", "build", "--depth", "30", games}, "--depth 30: want 1 to 20"},
		{[]string{"book", "show", "f5f5"}, "f5"},
		{[]string{"book", "show", "--position", "XO X"}, "--position"},
		{[]string{"book", "show", "--position", strings.Repeat("-", 64) + " X", "f5"}, "not both"},
		{[]string{"book", "export", "extra"}, `unexpected argument "extra"`},
		{[]string{"book", "learn"}, "want game files"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "--help\" for usage.") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	// a file of no games: a failure, nothing written
	junk := filepath.Join(dir, "junk.txt")
	os.WriteFile(junk, []byte("hello\n"), 0o644)
	out := filepath.Join(dir, "none.book")
	code, _, stderr := runCLI(t, "", "book", "build", "--out", out, junk)
	if _, err := os.Stat(out); code != 1 || !strings.Contains(stderr, "no 8x8 game from the standard start") || err == nil {
		t.Fatalf("build from junk: exit %d, %q, file: %v", code, stderr, err)
	}
}

// TestAnalyzeShowsBook: analyze gives the book's lines of a book position, before the
// engine's.
func TestAnalyzeShowsBook(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "analyze", "--depth", "2", "--hash", "1", "--book", "none", "f5d6")
	lines := strings.Split(stdout, "\n")
	if code != 0 || len(lines) < 4 || !regexp.MustCompile(`^book games=\d+ value=[+-]\d+$`).MatchString(lines[1]) ||
		!regexp.MustCompile(`^book move=c[345] value=[+-]\d+ games=\d+$`).MatchString(lines[2]) {
		t.Fatalf("analyze f5d6: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "", "analyze", "--depth", "2", "--hash", "1", "--book", "none", "--size", "6", "c2")
	if code != 0 || strings.Contains(stdout, "book ") {
		t.Fatalf("analyze a 6x6 position: exit %d\n%s", code, stdout)
	}
}

// TestShippedBookFromWTHOR: the shipped book's counts are the WTHOR games'.
func TestShippedBookFromWTHOR(t *testing.T) {
	dir := sharedtest.Path(t, "data/wthor")
	paths, err := gameFiles([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	games, bad, other, err := readGames(t.Context(), paths)
	if err != nil || bad != 0 || other != 0 {
		t.Fatalf("%d games, %d unreadable, %d other: %v", len(games), bad, other, err)
	}
	shipped, err := book.SharedShipped()
	if err != nil {
		t.Fatal(err)
	}
	st := shipped.Stats()
	// built by "book build" with its defaults
	if st.Games != len(games) || st.Pending != 0 || st.Plies != bookPlies || shipped.Depth() != bookDepth || st.FewestGames < bookMinGames {
		t.Fatalf("the shipped book: %+v, depth %d; WTHOR has %d games; book build's defaults: plies %d, min-games %d, depth %d",
			st, shipped.Depth(), len(games), bookPlies, bookMinGames, bookDepth)
	}
	// count the games through f5d6c3 and f5f6 (with their images under the symmetries)
	count := func(line string) int {
		r, _ := reversi.ParseMoveList(line, reversi.Start(8))
		want, _ := r.Replay()
		wp, wo := want.Mover()
		n := 0
		for _, g := range games {
			b := reversi.Start(8)
			for _, m := range g[:len(r.Moves)] {
				if m == reversi.Pass {
					b.Pass()
				} else {
					b.Play(m)
				}
			}
			p, o := b.Mover()
			if book.KeyOf(p, o) == book.KeyOf(wp, wo) {
				n++
			}
		}
		return n
	}
	for _, line := range []string{"f5d6c3", "f5f6", "f5d6c5f4e3"} {
		r, _ := reversi.ParseMoveList(line, reversi.Start(8))
		b, _ := r.Replay()
		e, ok := shipped.Lookup(b)
		if want := count(line); !ok || e.Games != want {
			t.Errorf("%s: the book has %d games (in %v), WTHOR %d", line, e.Games, ok, want)
		}
	}
}

// nboardProcess is a real "turncoat nboard" process.
type nboardProcess struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startNBoard(t *testing.T, args ...string) *nboardProcess {
	t.Helper()
	cmd := exec.Command(builtBinary(t), append([]string{"nboard", "--hash", "4"}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &nboardProcess{t: t, cmd: cmd, in: in, lines: make(chan string, 100)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return p
}

func (p *nboardProcess) send(lines ...string) {
	for _, l := range lines {
		if _, err := fmt.Fprintln(p.in, l); err != nil {
			p.t.Fatal(err)
		}
	}
}

// until reads replies up to and including the first that starts with last.
func (p *nboardProcess) until(last string) []string {
	p.t.Helper()
	var got []string
	deadline := time.After(60 * time.Second)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("the engine ended before %q; got %q", last, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, last) {
				return got
			}
		case <-deadline:
			p.t.Fatalf("no %q within a minute; got %q", last, got)
		}
	}
}

func (p *nboardProcess) quit() {
	p.t.Helper()
	p.send("quit")
	if err := p.cmd.Wait(); err != nil {
		p.t.Fatalf("the engine's exit: %v", err)
	}
}

// TestNBoardLearnPersists: a game learned through the protocol is in the book after the
// engine is restarted: a hint at a position the game left the shipped book from gives a book
// line for the game's move, with its one game.
func TestNBoardLearnPersists(t *testing.T) {
	user := filepath.Join(t.TempDir(), "learned.book")
	game := outOfBookGame(t, 6)
	rec, _ := reversi.ParseMoveList(game, reversi.Start(8))
	// the last book position of the shipped book on the game's way, and the game's move there
	shipped, _ := book.SharedShipped()
	b := reversi.Start(8)
	var at int
	for i, m := range rec.Moves {
		next := b
		next.Play(m)
		if _, in := shipped.Lookup(next); !in {
			at = i
			break
		}
		b = next
	}
	ggf := func(moves []int) string {
		r := reversi.Record{Start: reversi.Start(8), Moves: moves, Black: "a", White: "b"}
		return r.GGF()
	}
	move := strings.ToUpper(reversi.SquareName(rec.Moves[at]))
	bookLine := regexp.MustCompile(`^book ` + move + `\S* -?\d+\.\d\d 1 \d+$`)
	hasBookLine := func(lines []string) bool {
		for _, l := range lines {
			if bookLine.MatchString(l) {
				return true
			}
		}
		return false
	}

	p := startNBoard(t, "--book", user)
	p.send("nboard 2", "set depth 2", "set game "+ggf(rec.Moves[:at]), "hint 40")
	if got := p.until("status Turncoat is waiting"); hasBookLine(got) {
		t.Fatalf("before learning, a book line for %s with one game:\n%s", move, strings.Join(got, "\n"))
	}
	p.send("set game "+ggf(rec.Moves), "learn")
	if got := p.until("learned"); len(got) != 2 || got[0] != "status Turncoat is learning" {
		t.Fatalf("learn: %q", got)
	}
	p.quit()
	if _, err := os.Stat(user); err != nil {
		t.Fatalf("no user's book after learning: %v", err)
	}

	p = startNBoard(t, "--book", user)
	p.send("nboard 2", "set depth 2", "set game "+ggf(rec.Moves[:at]), "hint 40")
	if got := p.until("status Turncoat is waiting"); !hasBookLine(got) {
		t.Fatalf("after a restart, no book line for the learned %s with one game:\n%s", move, strings.Join(got, "\n"))
	}
	// the learned game's next position is in the book too: "go" answers at once from it
	p.send("set game "+ggf(rec.Moves[:at+1]), "go")
	got := p.until("=== ")
	for _, l := range got {
		if strings.Contains(l, "thinking") {
			t.Fatalf("go in a learned position: %q, want a book move without a search", got)
		}
	}
	p.quit()
}
