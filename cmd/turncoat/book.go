package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
)

func init() {
	register(command{name: "book", summary: "build, show, export and teach the Othello opening book", run: runBook})
}

const bookUsage = `Usage: turncoat book build [--plies P] [--min-games K] [--depth D] [--out FILE] [--force] DIR|FILE...
       turncoat book show [--book FILE | --file FILE] [MOVES | --position POSITION]
       turncoat book export [--book FILE | --file FILE] [--out FILE]
       turncoat book learn [--book FILE] FILE...

The opening book holds the positions of the first plies of real games (the WTHOR database),
each with the number of games that reached it and its value: the negamax of the book tree
below it down to its leaves, the best move outside the book of each position as the engine
values it. Values are discs for the side to move. Levels 8 to 10, "turncoat analyze", the NBoard
engine and the server use it. The program ships a book; games learned from NBoard's "learn",
"book learn" and the server are laid over it.

build makes a book from game files (WTHOR .wtb, GGF or move lists; a directory means its .wtb
files): the positions reached by at least --min-games games within --plies plies, leaves valued
by --depth-ply searches; the same games and flags give the same file. It reports its progress on
stderr, then its size and time. The shipped book is rebuilt from the repository's root with

    go run ./cmd/turncoat book build --force --out engine/othello/book/shipped.book ../shared/data/wthor

show prints the book's moves of a position (a move list from the start, or --position with the
squares from a1 and X or O to move; the start without either), best first:

    move=f6 value=+1 games=21211   (after f5d6c3d3c4f4)
    ...
    move=e2 value=-14 leaf         (the best move outside the book, valued by the engine)

after a line with the position's games and value. A position out of the book says book=no.

export writes the book as text, one line per position, in the order of a walk from the start:
the moves that reach it (in the orientation where the game opens with f5), its games, its
value, its leaf ("f5d6c7f4 games=96 value=-15 leaf=f3:-19"; "-" when every move is in the book).

learn adds the games of record files (8x8 games from the standard start; others are skipped
and reported) to the user's book, --book, written whole or not at all.

--book is the user's book of learned games, laid over the shipped one (default: learned.book
in the turncoat folder of the user's configuration directory; "none" for the shipped book
alone); --file uses a book file alone instead (as "book build" wrote it).
`

func runBook(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, bookUsage)
		return usagef("want build, show, export or learn")
	}
	if args[0] == "--help" || args[0] == "-h" || args[0] == "-help" {
		fmt.Fprint(e.stdout, bookUsage)
		return nil
	}
	var err error
	switch args[0] {
	case "build":
		err = bookBuild(ctx, e, args[1:])
	case "show":
		err = bookShow(e, args[1:])
	case "export":
		err = bookExport(e, args[1:])
	case "learn":
		err = bookLearn(ctx, e, args[1:])
	default:
		return usagef("unknown book command %q (want build, show, export or learn)", args[0])
	}
	if err != nil {
		return inCommand{"book " + args[0], err}
	}
	return nil
}

// Defaults of "book build": the shipped book's settings.
const (
	bookPlies    = 30
	bookMinGames = 10
	bookDepth    = 8
	bookHashMB   = 16
)

// bookEvaluator returns the engine that values a book's leaves at depth: one thread, its own
// table.
func bookEvaluator(depth, hashMB int) book.Evaluator {
	return book.EngineEvaluator(othello.New(othello.Options{TableBytes: hashMB << 20, Threads: 1}), depth)
}

// gameFiles expands the arguments into record files: a directory stands for its .wtb files.
func gameFiles(args []string) ([]string, error) {
	var paths []string
	for _, p := range args {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			paths = append(paths, p)
			continue
		}
		var found []string
		for _, pat := range []string{"*.wtb", "*.WTB"} {
			m, err := filepath.Glob(filepath.Join(p, pat))
			if err != nil {
				return nil, err
			}
			found = append(found, m...)
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no .wtb files in the directory", p)
		}
		sort.Strings(found)
		paths = append(paths, found...)
	}
	return paths, nil
}

// readGames reads the games of record files: the move lists of the 8x8 games from the
// standard start, the number of games that could not be read, and of those not from that start.
func readGames(ctx context.Context, paths []string) (games [][]int, bad, other int, err error) {
	for _, path := range paths {
		if err := ctx.Err(); err != nil {
			return nil, 0, 0, err
		}
		l, err := files.Load(path)
		if err != nil {
			return nil, 0, 0, err
		}
		if l.Format == files.OBF {
			return nil, 0, 0, fmt.Errorf("%s holds positions (OBF), not games", path)
		}
		bad += len(l.Bad) - l.NotGames
		for _, r := range l.Records {
			moves, err := book.GameMoves(r)
			if err != nil {
				other++
				continue
			}
			games = append(games, moves)
		}
	}
	return games, bad, other, nil
}

func bookBuild(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "book build", "[--plies P] [--min-games K] [--depth D] [--out FILE] [--force] DIR|FILE...", `
Builds an opening book from game files (WTHOR .wtb, GGF, move lists; a directory means its .wtb
files): the positions reached by at least --min-games games within their first --plies plies
(through positions that are in the book), each position's best move outside the book valued by
a --depth-ply engine search, the tree valued by negamax. The same games and flags give the same
file (one search thread, its table cleared for each position). Progress goes to stderr; the
last line gives the file's size, its positions and the time taken. An existing --out is
replaced only with --force, and never by a build that fails or is interrupted.`)
	plies := fs.Int("plies", bookPlies, "book positions are those of the games' first plies plies")
	minGames := fs.Int("min-games", bookMinGames, "a position enters the book when this many games reached it")
	depth := fs.Int("depth", bookDepth, "depth of the engine searches that value the leaves")
	hash := fs.Int("hash", bookHashMB, "the engine's transposition table, in MB")
	out := fs.String("out", "opening.book", "the book file to write (never replaced without --force)")
	force := fs.Bool("force", false, "replace --out if it exists")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		return usagef("want game files or a directory of WTHOR files")
	case *plies < 1 || *plies > book.MaxPlies:
		return usagef("--plies %d: want 1 to %d", *plies, book.MaxPlies)
	case *minGames < 1:
		return usagef("--min-games %d: want 1 or more", *minGames)
	case *depth < 1 || *depth > 20:
		return usagef("--depth %d: want 1 to 20 plies", *depth)
	case *hash < 1 || *hash > 4096:
		return usagef("--hash %d: want 1 to 4096 MB", *hash)
	}
	if _, err := os.Stat(*out); err == nil && !*force {
		return usagef("--out %s exists: give --force to replace it, or another --out", *out)
	}
	paths, err := gameFiles(pos)
	if err != nil {
		return err
	}
	t0 := time.Now()
	games, bad, other, err := readGames(ctx, paths)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		return fmt.Errorf("no 8x8 game from the standard start in %s (%d unreadable, %d from other starts): nothing written", strings.Join(pos, ", "), bad, other)
	}
	progress := func(string, int, int) {}
	if !*quiet {
		fmt.Fprintf(e.stderr, "book: %d games from %d files (%d unreadable, %d from other starts left out)\n", len(games), len(paths), bad, other)
		progress = bookProgress(e, t0)
	}
	b, err := book.Build(ctx, games, book.BuildConfig{Plies: *plies, MinGames: *minGames, Depth: *depth,
		Evaluator: bookEvaluator(*depth, *hash), Progress: progress})
	if err != nil {
		return err
	}
	size, err := saveBook(*out, b, *force)
	if err != nil {
		return err
	}
	st := b.Stats()
	value, _ := b.Value()
	fmt.Fprintf(e.stdout, "wrote %s: bytes=%d positions=%d leaves=%d games=%d plies=%d min-games=%d depth=%d start-value=%+d seconds=%.0f\n",
		*out, size, st.Positions, st.Leaves, st.Games, *plies, *minGames, *depth, value, time.Since(t0).Seconds())
	return nil
}

// bookProgress reports a build's progress on stderr: a line rewritten in place on a terminal,
// else a line every 5 percent of the leaves.
func bookProgress(e *env, t0 time.Time) func(stage string, done, total int) {
	status := e.statusWriter()
	lastPct := -1
	return func(stage string, done, total int) {
		if stage != "leaves" || total == 0 {
			return
		}
		elapsed := time.Since(t0)
		left := ""
		if done > 0 {
			left = fmt.Sprintf(", about %s left", (elapsed * time.Duration(total-done) / time.Duration(done)).Round(time.Second))
		}
		if status != nil {
			fmt.Fprintf(status, "\r\x1b[Kbook: leaves %d of %d, %s%s", done, total, elapsed.Round(time.Second), left)
			if done == total {
				fmt.Fprint(status, "\r\x1b[K")
			}
			return
		}
		if pct := done * 20 / total * 5; pct != lastPct {
			lastPct = pct
			fmt.Fprintf(e.stderr, "book: leaves %d of %d (%d%%), %s%s\n", done, total, pct, elapsed.Round(time.Second), left)
		}
	}
}

// saveBook writes b to path and returns the size written. Without replace it creates the file
// only if there is none; with replace it writes beside it and renames over it, so that a failed
// write leaves the old file whole. The folder is made if missing.
func saveBook(path string, b *book.Book, replace bool) (int64, error) {
	var buf bytes.Buffer
	if _, err := b.Write(&buf); err != nil {
		return 0, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, err
	}
	if !replace {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			return 0, fmt.Errorf("%s appeared meanwhile: not replaced (give --force to replace it)", path)
		}
		if err != nil {
			return 0, err
		}
		_, err = f.Write(buf.Bytes())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
			return 0, fmt.Errorf("writing %s: %w", path, err)
		}
		return int64(buf.Len()), nil
	}
	return int64(buf.Len()), writeFileAtomic(path, func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	})
}

// writeFileAtomic replaces path with what write writes: a temporary file beside it, synced,
// renamed over it.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// defaultUserBook returns where the user's learned book lives by default: learned.book in the
// turncoat folder of the user's configuration directory ("" when there is none).
func defaultUserBook() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "turncoat", "learned.book")
}

// books are the opening books a command uses.
type books struct {
	// combined is the shipped book with the user's laid over it (or a --file book alone).
	combined *book.Book
	// user is the user's book of learned games (empty when there is no file yet), and
	// userPath its file ("" when none is used).
	user     *book.Book
	userPath string
}

// openBooks loads the books: the file alone when file is set; else the shipped book and the
// user's book at userPath ("none" or "" for none; a missing file is an empty book) over it.
func openBooks(file, userPath string) (*books, error) {
	if file != "" {
		b, err := readBookFile(file)
		if err != nil {
			return nil, err
		}
		return &books{combined: b}, nil
	}
	shipped, err := book.Shipped()
	if err != nil {
		return nil, fmt.Errorf("the shipped opening book: %w", err)
	}
	bs := &books{combined: shipped}
	if userPath == "none" || userPath == "" {
		return bs, nil
	}
	bs.userPath = userPath
	user, err := readBookFile(userPath)
	switch {
	case errors.Is(err, os.ErrNotExist):
		bs.user = book.New(shipped.Plies(), shipped.Depth())
	case err != nil:
		return nil, err
	default:
		bs.user = user
		shipped.Merge(user)
	}
	return bs, nil
}

func readBookFile(path string) (*book.Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := book.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// bookFlags adds --book and --file to a command's flags.
func bookFlags(fs interface {
	String(name, value, usage string) *string
}) (user, file *string) {
	user = fs.String("book", defaultUserBook(), `the user's book of learned games, over the shipped one ("none": the shipped book alone)`)
	file = fs.String("file", "", "a book file to use alone instead")
	return user, file
}

// parsePosition reads a position: a move list from the 8x8 start, or with --position the
// squares from a1 and the side to move.
func parsePosition(moves []string, position string) (reversi.Board, string, error) {
	if position != "" {
		if len(moves) > 0 {
			return reversi.Board{}, "", usagef("give a move list or --position, not both")
		}
		st, err := reversi.Game{}.ParsePosition(reversi.Standard.Options(), position)
		if err != nil {
			return reversi.Board{}, "", usagef("--position: %v", err)
		}
		return st.(*reversi.State).Board(), "", nil
	}
	text := strings.Join(moves, "")
	rec, err := reversi.ParseMoveList(text, reversi.Start(8))
	if err != nil {
		return reversi.Board{}, "", usageError{err.Error()}
	}
	b, err := rec.Replay()
	if err != nil {
		return reversi.Board{}, "", usageError{err.Error()}
	}
	return b, rec.MoveList(false), nil
}

func bookShow(e *env, args []string) error {
	fs := newFlags(e, "book show", "[--book FILE | --file FILE] [MOVES | --position POSITION]", `
Prints the position's book moves, best first, with their values (discs for the side to move)
and the games that reached the position each leads to, and its leaf: the best move outside the
book as the engine values it. The first line gives the position, its games and its value, or
book=no when it is not in the book. The position is a move list from the start ("f5d6c3"), or
--position with the 64 squares from a1 (X black, O white, - empty) and X or O to move; without
either, the start.`)
	user, file := bookFlags(fs)
	position := fs.String("position", "", `the position: 64 squares from a1 and the side to move ("---...OX... X")`)
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	b, _, err := parsePosition(pos, *position)
	if err != nil {
		return err
	}
	bs, err := openBooks(*file, *user)
	if err != nil {
		return err
	}
	writeBookEntry(e.stdout, bs.combined, b, "", true)
	return nil
}

// writeBookEntry prints what the book knows of b: a line with its games and value (after the
// position, withPosition), then a line per book move, each line starting with prefix.
func writeBookEntry(w io.Writer, bk *book.Book, b reversi.Board, prefix string, withPosition bool) bool {
	entry, ok := bk.Lookup(b)
	fmt.Fprint(w, prefix)
	if withPosition {
		in := map[bool]string{true: "yes", false: "no"}[ok]
		fmt.Fprintf(w, "position=%s to-move=%s book=%s", b.Text(), [2]string{"black", "white"}[b.Turn], in)
		if !ok {
			fmt.Fprintln(w)
			return false
		}
		fmt.Fprint(w, " ")
	}
	if !ok {
		return false
	}
	fmt.Fprintf(w, "games=%d value=%s\n", entry.Games, valueText(entry.Value, entry.Valued))
	for _, m := range entry.Moves {
		if m.Leaf {
			fmt.Fprintf(w, "%smove=%s value=%s leaf\n", prefix, reversi.SquareName(m.Square), valueText(m.Value, m.Valued))
			continue
		}
		fmt.Fprintf(w, "%smove=%s value=%s games=%d\n", prefix, reversi.SquareName(m.Square), valueText(m.Value, m.Valued), m.Games)
	}
	return true
}

func valueText(v int, valued bool) string {
	if !valued {
		return "?"
	}
	return fmt.Sprintf("%+d", v)
}

func bookExport(e *env, args []string) error {
	fs := newFlags(e, "book export", "[--book FILE | --file FILE] [--out FILE]", `
Writes the book as text, one line per position in the order of a walk from the start:

    f5d6c7f4 games=96 value=-15 leaf=f3:-19

the moves that reach the position (the walk's first way there, in the orientation where the
game opens with f5; "start" for the start; "pa" a pass), the games that reached it, its value
for the side to move, and its leaf, the best move outside the book and its value ("-" when
every move is a book move, "?" while it waits for an evaluation). Lines starting with # are
comments.`)
	user, file := bookFlags(fs)
	out := fs.String("out", "", "the file to write (default: standard output)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	bs, err := openBooks(*file, *user)
	if err != nil {
		return err
	}
	if *out == "" {
		return bs.combined.Export(e.stdout)
	}
	return writeFileAtomic(*out, bs.combined.Export)
}

func bookLearn(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "book learn", "[--book FILE] FILE...", `
Adds the games of record files (GGF, WTHOR, move lists) to the user's book: the positions of
their first plies that the book lacks are added and valued by the engine (at the depth of the
shipped book's searches), every position of theirs counts one more game, and the book is valued
again. 8x8 games from the standard start only; others, and games that cannot be read, are
reported and skipped. The user's book is written once, whole, at the end (also when
interrupted, with the games learned until then).`)
	user := fs.String("book", defaultUserBook(), "the user's book of learned games, over the shipped one")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want game files")
	}
	if *user == "" || *user == "none" {
		return usagef("--book: want the file of the user's book (there is no user configuration directory to keep it in)")
	}
	bs, err := openBooks("", *user)
	if err != nil {
		return err
	}
	var records []reversi.Record
	skipped := 0
	for _, path := range pos {
		l, err := files.Load(path)
		if err != nil {
			return err
		}
		for _, bad := range l.Bad {
			fmt.Fprintf(e.stderr, "skipped: %v\n", bad)
		}
		skipped += len(l.Bad) - l.NotGames
		records = append(records, l.Records...)
	}
	depth := bs.combined.Depth()
	if depth == 0 {
		depth = bookDepth
	}
	ev := bookEvaluator(depth, bookHashMB)
	if _, err := bs.combined.Refresh(ctx, ev); err != nil {
		return err
	}
	learned, added := 0, 0
	var stopped error
	for i, r := range records {
		moves, err := book.GameMoves(r)
		if err != nil {
			fmt.Fprintf(e.stderr, "skipped: game %d: %v\n", i+1, err)
			skipped++
			continue
		}
		delta, n, err := bs.combined.Learn(ctx, moves, ev)
		if ctx.Err() != nil {
			stopped = ctx.Err()
			break
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "skipped: game %d: %v\n", i+1, err)
			skipped++
			continue
		}
		bs.user.Merge(delta)
		learned++
		added += n
	}
	if learned > 0 {
		if _, err := saveBook(*user, bs.user, true); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stdout, "learned=%d skipped=%d new-positions=%d book=%s positions=%d\n", learned, skipped, added, *user, bs.user.Len())
	return stopped
}
