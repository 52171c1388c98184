package othello

import (
	"bytes"
	"compress/flate"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// The exact 6x6 book.
//
// 6x6 Othello is solved: the diagonal start is a loss by 4 for Black, the parallel one a loss
// by 2. The book holds what the solver takes too long to find over the board: for each start
// and each colour, every position the colour meets while it plays a best move against any
// replies, from the start down to the book's leaf (a number of empties, at and below which the
// solver answers in a fraction of a second). For each such position it knows the exact value
// and the best move it follows (its tree goes on only after that move), and in the positions
// with at least the book's "full" number of empties, the exact value of every legal move, for
// the analysis board. The opponent's positions of the trees need no entry: each of their
// moves leads to a position of the book.
//
// Positions are kept in a canonical orientation (the least of the eight symmetries of the
// board), so that symmetric lines share their entries. The file stores no position at all:
// walking the trees in a fixed order from the starts, the loader meets the positions in the
// order the builder met them, and reads their values in turn (book6build.go solves them;
// "go generate" rebuilds the file, for hours on one thread).

//go:generate go run ./internal/book6gen -out book6.bin -leaf 22 -from 26 -full 32 -threads 2 -hash 2048

//go:embed book6.bin
var book6Data []byte

// book6Magic opens the book file; the byte after it is the leaf, the next the full depth, then the number of positions (uint32) and the values, the whole deflated.
const book6Magic = "6x6book1"

// book6Entry is what the book knows of a position of its side to move (canonical orientation).
type book6Entry struct {
	// best is the index, among the position's moves in square order, of the best move the
	// book follows; value is the position's exact value.
	best  uint8
	value int8
	// values are the exact values of all the moves, in square order (nil when the position
	// has fewer empties than the book's full depth).
	values []int8
}

// book6 is the loaded book.
type book6 struct {
	leaf, full int
	entries    map[[2]uint64]book6Entry
}

var mask6 = discs.SquareMask(6)

// canonical6 returns the least image (p first, then o) of a 6x6 position under the board's
// symmetries, and the symmetry that gives it.
func canonical6(p, o uint64) (cp, co uint64, t int) {
	cp, co = p, o
	for s := 1; s < 8; s++ {
		sp, so := symBoard(6, s, p), symBoard(6, s, o)
		if sp < cp || sp == cp && so < co {
			cp, co, t = sp, so, s
		}
	}
	return cp, co, t
}

// book6Starts are the two starts, Black to move, from the mover's side.
func book6Starts() [][2]uint64 {
	var out [][2]uint64
	for _, start := range []string{reversi.StartDiagonal, reversi.StartParallel} {
		b := reversi.NewState(reversi.Rules{Size: 6, Start: start, NoMove: reversi.NoMovePass}).Board()
		p, o := b.Mover()
		out = append(out, [2]uint64{p, o})
	}
	return out
}

// book6Walk walks the book's trees in the order the file follows: for each start, the tree of
// Black then that of White. entry gives the entry of a canonical position of the side whose
// tree it is (read from the file, or solved by the builder).
type book6Walk struct {
	b     *book6
	entry func(p, o uint64, n int) (book6Entry, error)
	// theirs holds the opponent's positions (canonical) already walked.
	theirs map[[2]uint64]bool
}

func (w *book6Walk) run() error {
	for _, s := range book6Starts() {
		if err := w.ours(s[0], s[1]); err != nil {
			return err
		}
		if err := w.opponent(s[0], s[1]); err != nil {
			return err
		}
	}
	return nil
}

// ours walks a position where the tree's side is to move.
func (w *book6Walk) ours(p, o uint64) error {
	n := 36 - bits.OnesCount64(p|o)
	if n <= w.b.leaf {
		return nil
	}
	if discs.Moves(p, o)&mask6 == 0 {
		if discs.Moves(o, p)&mask6 == 0 {
			return nil
		}
		return w.opponent(o, p)
	}
	cp, co, _ := canonical6(p, o)
	k := [2]uint64{cp, co}
	if _, ok := w.b.entries[k]; ok {
		return nil
	}
	e, err := w.entry(cp, co, n)
	if err != nil {
		return err
	}
	moves := discs.Moves(cp, co) & mask6
	if int(e.best) >= bits.OnesCount64(moves) || (e.values != nil && len(e.values) != bits.OnesCount64(moves)) {
		return fmt.Errorf("6x6 book: an entry does not fit its position's %d moves", bits.OnesCount64(moves))
	}
	w.b.entries[k] = e
	sq := nthSquare(moves, int(e.best))
	np, no := play(cp, co, sq, flip(sq, cp, co))
	return w.opponent(np, no)
}

// opponent walks a position where the tree's opponent is to move: every move.
func (w *book6Walk) opponent(p, o uint64) error {
	n := 36 - bits.OnesCount64(p|o)
	if n <= w.b.leaf {
		return nil
	}
	moves := discs.Moves(p, o) & mask6
	if moves == 0 {
		if discs.Moves(o, p)&mask6 == 0 {
			return nil
		}
		return w.ours(o, p)
	}
	cp, co, _ := canonical6(p, o)
	k := [2]uint64{cp, co}
	if w.theirs[k] {
		return nil
	}
	w.theirs[k] = true
	for m := discs.Moves(cp, co) & mask6; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		np, no := play(cp, co, sq, flip(sq, cp, co))
		if err := w.ours(np, no); err != nil {
			return err
		}
	}
	return nil
}

// nthSquare returns the square of the i-th set bit of moves (from 0, lowest first).
func nthSquare(moves uint64, i int) int {
	for range i {
		moves &= moves - 1
	}
	return bits.TrailingZeros64(moves)
}

// readBook6 loads a book file.
func readBook6(data []byte) (*book6, error) {
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(data)))
	if err != nil {
		return nil, fmt.Errorf("6x6 book: %w", err)
	}
	if len(raw) < len(book6Magic)+6 || string(raw[:len(book6Magic)]) != book6Magic {
		return nil, errors.New("6x6 book: not a book file")
	}
	raw = raw[len(book6Magic):]
	b := &book6{leaf: int(raw[0]), full: int(raw[1]), entries: map[[2]uint64]book6Entry{}}
	count := int(binary.LittleEndian.Uint32(raw[2:]))
	raw = raw[6:]
	next := func() (int8, error) {
		if len(raw) == 0 {
			return 0, errors.New("6x6 book: the file ends early")
		}
		v := int8(raw[0])
		raw = raw[1:]
		return v, nil
	}
	w := &book6Walk{b: b, theirs: map[[2]uint64]bool{}, entry: func(p, o uint64, n int) (book6Entry, error) {
		var e book6Entry
		best, err := next()
		if err != nil {
			return e, err
		}
		e.best = uint8(best)
		if n < b.full {
			e.value, err = next()
			return e, err
		}
		e.values = make([]int8, bits.OnesCount64(discs.Moves(p, o)&mask6))
		for i := range e.values {
			if e.values[i], err = next(); err != nil {
				return e, err
			}
		}
		if int(e.best) < len(e.values) {
			e.value = e.values[e.best]
		}
		return e, nil
	}}
	if err := w.run(); err != nil {
		return nil, err
	}
	if len(raw) != 0 || len(b.entries) != count {
		return nil, fmt.Errorf("6x6 book: %d positions and %d bytes left, want %d and none", len(b.entries), len(raw), count)
	}
	return b, nil
}

// writeBook6 writes the book as readBook6 reads it: the entries in the order of the walk.
func writeBook6(wr io.Writer, b *book6) error {
	var raw []byte
	raw = append(raw, book6Magic...)
	raw = append(raw, byte(b.leaf), byte(b.full))
	raw = binary.LittleEndian.AppendUint32(raw, uint32(len(b.entries)))
	replay := &book6{leaf: b.leaf, full: b.full, entries: map[[2]uint64]book6Entry{}}
	w := &book6Walk{b: replay, theirs: map[[2]uint64]bool{}, entry: func(p, o uint64, n int) (book6Entry, error) {
		e, ok := b.entries[[2]uint64{p, o}]
		if !ok {
			return e, errors.New("6x6 book: a position of the walk is missing")
		}
		raw = append(raw, e.best)
		if n < b.full {
			raw = append(raw, byte(e.value))
		} else {
			for _, v := range e.values {
				raw = append(raw, byte(v))
			}
		}
		return e, nil
	}}
	if err := w.run(); err != nil {
		return err
	}
	zw, err := flate.NewWriter(wr, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	return zw.Close()
}

var (
	book6Once   sync.Once
	book6Shared *book6
	book6Err    error
)

// sharedBook6 returns the embedded book, loaded on first use.
func sharedBook6() (*book6, error) {
	book6Once.Do(func() { book6Shared, book6Err = readBook6(book6Data) })
	return book6Shared, book6Err
}

// lookup returns the entry of the position (any orientation) with the symmetry that maps it to
// the book's, if the book holds it.
func (b *book6) lookup(p, o uint64) (book6Entry, int, bool) {
	cp, co, t := canonical6(p, o)
	e, ok := b.entries[[2]uint64{cp, co}]
	return e, t, ok
}

// bestMove returns the move the book follows in the position (a square of the position's own
// orientation), if the book holds it.
func (b *book6) bestMove(p, o uint64) (int, bool) {
	e, t, ok := b.lookup(p, o)
	if !ok {
		return 0, false
	}
	cp, co := symBoard(6, t, p), symBoard(6, t, o)
	want := nthSquare(discs.Moves(cp, co)&mask6, int(e.best))
	for m := discs.Moves(p, o) & mask6; m != 0; m &= m - 1 {
		if sq := bits.TrailingZeros64(m); symSquare(6, t, sq) == want {
			return sq, true
		}
	}
	return 0, false
}

// value returns the exact value of the position for its mover, if the book knows it: a
// position of the book, a finished game, or a position whose every move (after passes) leads
// to one the book knows, looking at most depth moves ahead.
func (b *book6) value(p, o uint64, depth int) (int, bool) {
	if e, _, ok := b.lookup(p, o); ok {
		return int(e.value), true
	}
	moves := discs.Moves(p, o) & mask6
	if moves == 0 {
		if discs.Moves(o, p)&mask6 == 0 {
			return geometries[6].finalScore(p, o), true
		}
		v, ok := b.value(o, p, depth)
		return -v, ok
	}
	if depth <= 0 || 36-bits.OnesCount64(p|o) <= b.leaf {
		return 0, false
	}
	best := -infinity
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		np, no := play(p, o, sq, flip(sq, p, o))
		v, ok := b.value(np, no, depth-1)
		if !ok {
			return 0, false
		}
		best = max(best, -v)
	}
	return best, true
}

// moveValues returns the exact value of each move of the position (the mover has one), in
// square order, if the book knows them all: from the position's entry, or from the entries of
// the positions the moves lead to.
func (b *book6) moveValues(p, o uint64) ([]MoveValue, bool) {
	moves := discs.Moves(p, o) & mask6
	var out []MoveValue
	if e, t, ok := b.lookup(p, o); ok && e.values != nil {
		cp, co := symBoard(6, t, p), symBoard(6, t, o)
		cm := discs.Moves(cp, co) & mask6
		for m := moves; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			i := bits.OnesCount64(cm & (1<<symSquare(6, t, sq) - 1))
			out = append(out, MoveValue{Move: sq, Score: int(e.values[i]), Exact: true})
		}
		return out, true
	}
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		np, no := play(p, o, sq, flip(sq, p, o))
		v, ok := b.value(np, no, 1)
		if !ok {
			return nil, false
		}
		out = append(out, MoveValue{Move: sq, Score: -v, Exact: true})
	}
	return out, true
}

// line returns the book's line from the position: its best moves and every pass, while the
// book knows the position.
func (b *book6) line(p, o uint64) []int {
	var pv []int
	for len(pv) < 36 {
		if discs.Moves(p, o)&mask6 == 0 {
			if discs.Moves(o, p)&mask6 == 0 {
				break
			}
			pv = append(pv, reversi.Pass)
			p, o = o, p
			continue
		}
		sq, ok := b.bestMove(p, o)
		if !ok {
			break
		}
		pv = append(pv, sq)
		p, o = play(p, o, sq, flip(sq, p, o))
	}
	return pv
}
