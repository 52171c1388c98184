package book

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// The book file (version 1).
//
//	magic    "TCBOOK" (6 bytes), then the format version (1 byte, 1) and a byte of flags (0)
//	body     DEFLATE-compressed (RFC 1951)
//	trailer  CRC-32 (IEEE) of the uncompressed body, 4 bytes little-endian
//
// The body holds no positions, only moves: the book is written as a depth-first walk from the
// standard start, each position once, and the reader replays the moves to find the positions.
//
//	uvarint  plies: how deep the book goes (1-60)
//	uvarint  depth: the depth of the engine's searches that valued its leaves (0-60, 0: unknown)
//	uvarint  positions: the number of positions (0 for an empty book, else the start is one)
//	record   the start's, if the book is not empty
//
// A position's record, the board being the one the walk reached (not the canonical one):
//
//	uvarint  games that reached it (at most 2^32-1)
//	byte     its leaf: a square 0-63 of its canonical position (see Key), 64 when every legal
//	         move is a book move, 65 when the leaf is still to be evaluated
//	byte     the leaf's value, a signed byte -64..64 (only after a square)
//	byte     n, the number of its book moves, then n bytes: the moves' squares on the board, in
//	         increasing order
//	records  for each of those moves in that order whose position (after a forced pass, if the
//	         opponent must pass) has not been written yet, that position's record
//
// Values are not stored: reading values the tree by negamax. The reader checks every field
// (legal moves, a position written once, leaves outside the book, the count, the checksum)
// and refuses a malformed file with an error saying what is wrong.

const (
	magic         = "TCBOOK"
	formatVersion = 1
	// maxFileBytes and maxBodyBytes bound what the reader accepts (a book of millions of
	// positions is far smaller).
	maxFileBytes = 64 << 20
	maxBodyBytes = 256 << 20
	maxPositions = 1 << 26
)

// Write writes the book to w in the book file format and returns the number of bytes written.
// The same book always gives the same bytes.
func (b *Book) Write(w io.Writer) (int64, error) {
	b.mu.RLock()
	body := b.nodes.encode(b.plies, b.depth)
	b.mu.RUnlock()
	var out bytes.Buffer
	out.WriteString(magic)
	out.WriteByte(formatVersion)
	out.WriteByte(0)
	fw, err := flate.NewWriter(&out, flate.BestCompression)
	if err != nil {
		return 0, err
	}
	if _, err := fw.Write(body); err != nil {
		return 0, err
	}
	if err := fw.Close(); err != nil {
		return 0, err
	}
	out.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(body)))
	n, err := w.Write(out.Bytes())
	return int64(n), err
}

// encode writes the body.
func (t tree) encode(plies, depth int) []byte {
	buf := binary.AppendUvarint(nil, uint64(plies))
	buf = binary.AppendUvarint(buf, uint64(depth))
	buf = binary.AppendUvarint(buf, uint64(len(t)))
	if len(t) == 0 {
		return buf
	}
	written := make(map[Key]bool, len(t))
	s := reversi.Start(8)
	var walk func(p, o uint64)
	walk = func(p, o uint64) {
		k, _ := canonical(p, o)
		written[k] = true
		n := t[k]
		buf = binary.AppendUvarint(buf, uint64(n.games))
		leaf := n.leaf
		if t.stale(k, n) {
			leaf = leafPending
		}
		buf = append(buf, leaf)
		if leaf < leafNone {
			buf = append(buf, byte(n.leafValue))
		}
		in := t.bookMoves(p, o)
		buf = append(buf, byte(bits.OnesCount64(in)))
		for m := in; m != 0; m &= m - 1 {
			buf = append(buf, byte(bits.TrailingZeros64(m)))
		}
		for m := in; m != 0; m &= m - 1 {
			np, no := next(p, o, bits.TrailingZeros64(m))
			if !written[KeyOf(np, no)] {
				walk(np, no)
			}
		}
	}
	walk(s.Black, s.White)
	return buf
}

// next returns the position a move leads to, after the opponent's pass when it must pass,
// from its mover's side (the move must not end the game).
func next(p, o uint64, sq int) (uint64, uint64) {
	np, no := play(p, o, sq)
	if discs.Moves(np, no) == 0 {
		return no, np
	}
	return np, no
}

// FormatError is the error of a malformed book file.
type FormatError struct {
	// Offset is where in the uncompressed body the problem is (-1 for the file as a whole).
	Offset int
	Msg    string
}

func (e *FormatError) Error() string {
	if e.Offset < 0 {
		return "book file: " + e.Msg
	}
	return fmt.Sprintf("book file: at byte %d of the book: %s", e.Offset, e.Msg)
}

func fileError(format string, args ...any) error {
	return &FormatError{Offset: -1, Msg: fmt.Sprintf(format, args...)}
}

// Read reads a book in the book file format. A file that is not one, or is damaged, is an
// error (a *FormatError) saying what is wrong; Read never panics.
func Read(r io.Reader) (*Book, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileBytes {
		return nil, fileError("larger than %d MB", maxFileBytes>>20)
	}
	if len(data) < len(magic)+2+4 || string(data[:len(magic)]) != magic {
		return nil, fileError("not a Turncoat opening book (no %q header)", magic)
	}
	if v := data[len(magic)]; v != formatVersion {
		return nil, fileError("format version %d; this program reads version %d", v, formatVersion)
	}
	if f := data[len(magic)+1]; f != 0 {
		return nil, fileError("unknown flags %#x", f)
	}
	rest := bytes.NewReader(data[len(magic)+2:])
	fr := flate.NewReader(rest)
	body, err := io.ReadAll(io.LimitReader(fr, maxBodyBytes+1))
	if err != nil {
		return nil, fileError("the compressed book is damaged: %v", err)
	}
	if len(body) > maxBodyBytes {
		return nil, fileError("the book is larger than %d MB", maxBodyBytes>>20)
	}
	var trailer [4]byte
	if _, err := io.ReadFull(rest, trailer[:]); err != nil {
		return nil, fileError("truncated: no checksum")
	}
	if rest.Len() != 0 {
		return nil, fileError("%d bytes after the checksum", rest.Len())
	}
	if got, want := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(trailer[:]); got != want {
		return nil, fileError("checksum mismatch (%08x, want %08x): the file is damaged", got, want)
	}
	return decode(body)
}

// decoder reads a body.
type decoder struct {
	r     *bufio.Reader
	size  int
	plies int
	want  int
	t     tree
}

func (d *decoder) offset() int { return d.size - d.r.Buffered() }

func (d *decoder) fail(format string, args ...any) error {
	return &FormatError{Offset: d.offset(), Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) uvarint(what string, limit uint64) (uint64, error) {
	v, err := binary.ReadUvarint(d.r)
	if err != nil {
		return 0, d.fail("%s: truncated or overlong number", what)
	}
	if v > limit {
		return 0, d.fail("%s: %d, at most %d", what, v, limit)
	}
	return v, nil
}

func (d *decoder) byte(what string) (byte, error) {
	c, err := d.r.ReadByte()
	if err != nil {
		return 0, d.fail("%s: truncated", what)
	}
	return c, nil
}

func decode(body []byte) (*Book, error) {
	d := &decoder{r: bufio.NewReader(bytes.NewReader(body)), size: len(body)}
	plies, err := d.uvarint("the book's plies", MaxPlies)
	if err != nil {
		return nil, err
	}
	if plies == 0 {
		return nil, d.fail("the book's plies are 0")
	}
	d.plies = int(plies)
	depth, err := d.uvarint("the leaves' search depth", MaxPlies)
	if err != nil {
		return nil, err
	}
	want, err := d.uvarint("the number of positions", maxPositions)
	if err != nil {
		return nil, err
	}
	d.want = int(want)
	d.t = make(tree, min(d.want, 1<<16))
	if d.want > 0 {
		s := reversi.Start(8)
		if err := d.record(s.Black, s.White); err != nil {
			return nil, err
		}
	}
	if len(d.t) != d.want {
		return nil, d.fail("%d positions, the header says %d", len(d.t), d.want)
	}
	if d.r.Buffered() != 0 {
		return nil, d.fail("%d bytes after the last position", d.r.Buffered())
	}
	// leaves are checked once every position is known: a leaf must be outside the book, and
	// "every move is a book move" must be true
	for k, n := range d.t {
		switch {
		case n.leaf < leafNone && d.t.stale(k, n):
			return nil, fileError("position %s: its leaf %s is a book move", describe(k), discs.SquareName(int(n.leaf)))
		case n.leaf == leafNone && d.t.bookMoves(k.P, k.O) != discs.Moves(k.P, k.O):
			return nil, fileError("position %s: marked as having every move in the book, but some are not", describe(k))
		}
	}
	d.t.negamax()
	return &Book{nodes: d.t, plies: d.plies, depth: int(depth)}, nil
}

// record reads the record of the position p to move against o, and those of its children.
func (d *decoder) record(p, o uint64) error {
	k, _ := canonical(p, o)
	if len(d.t) >= d.want {
		return d.fail("more positions than the %d the header says", d.want)
	}
	if k.ply() > d.plies {
		return d.fail("a position at ply %d, deeper than the book's %d", k.ply(), d.plies)
	}
	games, err := d.uvarint("games", 1<<32-1)
	if err != nil {
		return err
	}
	n := node{games: uint32(games)}
	if n.leaf, err = d.byte("leaf"); err != nil {
		return err
	}
	switch {
	case n.leaf < leafNone:
		if discs.Moves(k.P, k.O)&(1<<n.leaf) == 0 {
			return d.fail("leaf %s is not a legal move", discs.SquareName(int(n.leaf)))
		}
		v, err := d.byte("leaf value")
		if err != nil {
			return err
		}
		if n.leafValue = int8(v); n.leafValue < -64 || n.leafValue > 64 {
			return d.fail("leaf value %d: want -64 to 64", n.leafValue)
		}
	case n.leaf > leafPending:
		return d.fail("leaf %d: want a square 0-63, 64 or 65", n.leaf)
	}
	d.t[k] = n
	count, err := d.byte("number of book moves")
	if err != nil {
		return err
	}
	legal := discs.Moves(p, o)
	if int(count) > bits.OnesCount64(legal) {
		return d.fail("%d book moves, but the position has %d legal moves", count, bits.OnesCount64(legal))
	}
	var moves [64]int
	for i := range int(count) {
		sq, err := d.byte("book move")
		if err != nil {
			return err
		}
		switch {
		case sq > 63 || legal&(1<<sq) == 0:
			return d.fail("book move %d is not a legal move", sq)
		case i > 0 && int(sq) <= moves[i-1]:
			return d.fail("book moves out of order")
		}
		if c := follow(p, o, int(sq)); c.terminal {
			return d.fail("book move %s ends the game", discs.SquareName(int(sq)))
		}
		moves[i] = int(sq)
	}
	for _, sq := range moves[:count] {
		np, no := next(p, o, sq)
		if !d.t.has(KeyOf(np, no)) {
			if err := d.record(np, no); err != nil {
				return err
			}
		}
	}
	return nil
}

// describe names a position for an error: its board, X to move.
func describe(k Key) string {
	bd := reversi.Board{Black: k.P, White: k.O, Size: 8}
	return bd.Text() + " X to move"
}
