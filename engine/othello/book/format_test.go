package book

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"

	"turncoat/games/reversi"
)

// file wraps a body as a book file: the header, the compressed body and its checksum.
func file(body []byte) []byte {
	var out bytes.Buffer
	out.WriteString(magic)
	out.WriteByte(formatVersion)
	out.WriteByte(0)
	fw, _ := flate.NewWriter(&out, flate.BestSpeed)
	fw.Write(body)
	fw.Close()
	out.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(body)))
	return out.Bytes()
}

// body returns the uncompressed body of a book file.
func body(t testing.TB, data []byte) []byte {
	t.Helper()
	fr := flate.NewReader(bytes.NewReader(data[len(magic)+2 : len(data)-4]))
	var out bytes.Buffer
	if _, err := out.ReadFrom(fr); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestReadRefusesMalformedFiles(t *testing.T) {
	good := encode(t, build(t, randomGames(100, 61), 8, 2))
	gb := body(t, good)
	// the start's record: games (uvarint), leaf, [value], count, moves...
	startRec := func() int {
		_, n1 := binary.Uvarint(gb)
		_, n2 := binary.Uvarint(gb[n1:])
		_, n3 := binary.Uvarint(gb[n1+n2:])
		return n1 + n2 + n3
	}()
	positions := func() int { c, _ := binary.Uvarint(gb[2:]); return int(c) }()
	patch := func(at int, b ...byte) []byte {
		out := bytes.Clone(gb)
		copy(out[at:], b)
		return file(out)
	}
	gamesLen := func() int { _, n := binary.Uvarint(gb[startRec:]); return n }()
	leafAt := startRec + gamesLen
	countAt := leafAt + 1
	if gb[leafAt] < leafNone {
		countAt++
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a Turncoat opening book"},
		{"other file", []byte("(;GM[Othello]PB[x]PW[y];)"), "not a Turncoat opening book"},
		{"newer version", append([]byte(magic+"\x02\x00"), good[8:]...), "format version 2"},
		{"flags", append([]byte(magic+"\x01\x07"), good[8:]...), "unknown flags"},
		{"truncated", good[:len(good)/2], "damaged"},
		{"no checksum", good[:len(good)-4], "checksum"},
		{"bad checksum", append(bytes.Clone(good[:len(good)-1]), good[len(good)-1]^1), "checksum mismatch"},
		{"trailing bytes", append(bytes.Clone(good), 0), "after the checksum"},
		{"not deflate", append([]byte(magic+"\x01\x00"), 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0), "damaged"},
		{"zero plies", file([]byte{0, 0, 0}), "plies are 0"},
		{"too many plies", file([]byte{61, 0, 0}), "plies: 61, at most 60"},
		{"too deep searches", file([]byte{30, 61, 0}), "search depth: 61, at most 60"},
		{"overlong number", file([]byte{30, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}), "overlong"},
		{"too many positions", file(binary.AppendUvarint([]byte{30, 0}, 1<<40)), "number of positions: 1099511627776, at most"},
		{"count too high", file(append(binary.AppendUvarint([]byte{8, 0}, uint64(positions+1)), gb[startRec:]...)), fmt.Sprintf("%d positions, the header says %d", positions, positions+1)},
		{"count too low", file(append(binary.AppendUvarint([]byte{8, 0}, uint64(positions-1)), gb[startRec:]...)), fmt.Sprintf("more positions than the %d", positions-1)},
		{"missing start", file([]byte{30, 0, 1}), "truncated"},
		{"body after the last position", file(append(bytes.Clone(gb), 7)), "after the last position"},
		{"leaf out of range", patch(leafAt, 66), "want a square 0-63"},
		{"leaf not legal", patch(leafAt, 0, 0), "leaf a1 is not a legal move"},
		{"too many moves", patch(countAt, 9), "legal moves"},
		{"illegal book move", patch(countAt+1, 0), "not a legal move"},
		{"moves out of order", patch(countAt+1, 44, 37), "out of order"},
		{"shallower than its positions", file(append([]byte{1}, gb[1:]...)), "deeper than the book's 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Read(bytes.NewReader(tc.data))
			if err == nil {
				t.Fatalf("read a book of %d positions", b.Len())
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T), want a *FormatError", err, err)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "book file: ") {
				t.Fatalf("error %q, want one saying %q", err, tc.want)
			}
		})
	}
}

// handBody writes a small book by hand: the start (every first move is a book move: they
// transpose), the position after d3, whose book move is c5 and whose leaf is leaf (a square of
// its canonical position, or leafNone/leafPending), and the position after d3c5.
func handBody(leaf func(p, o uint64) byte) []byte {
	start := reversi.Start(8)
	afterD3 := start
	afterD3.Play(19)
	p, o := afterD3.Mover()
	l := leaf(p, o)
	body := []byte{2, 0, 3, 5, leafNone, 4, 19, 26, 37, 44, 5, l}
	if l < leafNone {
		body = append(body, 0)
	}
	return append(body, 1, 34, 2, leafPending, 0)
}

// canonicalSquare returns the square sq of the position p to move against o in its key's frame.
func canonicalSquare(p, o uint64, sq int) byte {
	_, sym := canonical(p, o)
	return byte(transformSquare(sq, sym))
}

func TestReadHandMadeBooks(t *testing.T) {
	for _, tc := range []struct {
		name string
		leaf func(p, o uint64) byte
		want string
	}{
		{"pending leaf", func(p, o uint64) byte { return leafPending }, ""},
		{"leaf c3", func(p, o uint64) byte { return canonicalSquare(p, o, 18) }, ""},
		{"leaf is the book move c5", func(p, o uint64) byte { return canonicalSquare(p, o, 34) }, "is a book move"},
		{"every move in the book, falsely", func(p, o uint64) byte { return leafNone }, "marked as having every move in the book"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Read(bytes.NewReader(file(handBody(tc.leaf))))
			if tc.want == "" {
				if err != nil || b.Len() != 3 {
					t.Fatalf("read %v, %v; want a book of 3 positions", b, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// FuzzRead: the reader never panics, and what it accepts it writes back in a form it reads as
// the same book.
func FuzzRead(f *testing.F) {
	f.Add(encode(f, build(f, randomGames(50, 71), 8, 2)))
	f.Add(encode(f, build(f, randomGames(50, 73), 60, 10)))
	f.Add(encode(f, New(10, 3)))
	f.Add([]byte(magic + "\x01\x00"))
	f.Add(file([]byte{30, 0, 1, 1, 65, 0}))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Read(bytes.NewReader(data))
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T), want a *FormatError", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if _, err := b.Write(&buf); err != nil {
			t.Fatal(err)
		}
		again, err := Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("a book read from a file cannot be read back once written: %v", err)
		}
		var buf2 bytes.Buffer
		again.Write(&buf2)
		if !bytes.Equal(buf.Bytes(), buf2.Bytes()) || again.Len() != b.Len() {
			t.Fatal("a book written, read and written again changed")
		}
	})
}
