package reversi

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// WTHOR, the French federation's binary game database: a .wtb file of games (16-byte header,
// 68-byte records) and two name files, players (.JOU, 20-byte records) and tournaments (.TRN,
// 26-byte records). All integers are little-endian; names are Latin-1, zero-padded. Passes are
// not recorded: readers infer them.

// WTHOR sizes.
const (
	wthorHeaderSize     = 16
	wthorGameSize       = 68
	wthorPlayerNameSize = 20
	wthorEventNameSize  = 26
)

// WTHORHeader is the header of a .wtb file.
type WTHORHeader struct {
	// Created is the file's creation date.
	Created time.Time
	// Year is the year of the games.
	Year int
	// BoardSize is 8 (10 exists in the format; Turncoat reads 8x8 only).
	BoardSize int
	// Solitaire marks a file of solitaire problems (game type 1).
	Solitaire bool
	// Depth is the number of empty squares at which the theoretical scores were computed.
	Depth int
}

// WTHORGame is one raw game record.
type WTHORGame struct {
	Tournament, Black, White int
	// Real is Black's disc count at the end (empties to the winner); Theoretical the same with
	// perfect play from the position with Depth empties.
	Real, Theoretical int
	// Moves are the moves in WTHOR's coding (10*row + column, 11 = a1, 88 = h8), without passes;
	// the unused tail is zero.
	Moves [60]byte
}

// WTHORFile is a decoded .wtb file.
type WTHORFile struct {
	Header WTHORHeader
	Games  []WTHORGame
}

// ReadWTB reads a .wtb file; name is used in errors.
func ReadWTB(rd io.Reader, name string) (WTHORFile, error) {
	var h [wthorHeaderSize]byte
	if _, err := io.ReadFull(rd, h[:]); err != nil {
		return WTHORFile{}, &RecordError{File: name, Err: fmt.Errorf("reading the 16-byte header: %w", err)}
	}
	n := int(binary.LittleEndian.Uint32(h[4:8]))
	f := WTHORFile{Header: WTHORHeader{
		Created:   time.Date(int(h[0])*100+int(h[1]), time.Month(max(h[2], 1)), int(max(h[3], 1)), 0, 0, 0, 0, time.UTC),
		Year:      int(binary.LittleEndian.Uint16(h[10:12])),
		BoardSize: int(h[12]),
		Solitaire: h[13] == 1,
		Depth:     int(h[14]),
	}}
	if f.Header.BoardSize == 0 {
		f.Header.BoardSize = 8
	}
	if f.Header.BoardSize != 8 {
		return f, &RecordError{File: name, Err: fmt.Errorf("board size %d: Turncoat reads 8x8 WTHOR files", f.Header.BoardSize)}
	}
	if n > 10_000_000 {
		return f, &RecordError{File: name, Err: fmt.Errorf("header claims %d games", n)}
	}
	data := make([]byte, n*wthorGameSize)
	got, err := io.ReadFull(rd, data)
	if err != nil {
		return f, &RecordError{File: name, Game: got/wthorGameSize + 1, Err: fmt.Errorf("the header promises %d games, the file holds %d whole records: %w", n, got/wthorGameSize, err)}
	}
	f.Games = make([]WTHORGame, n)
	for i := range f.Games {
		rec := data[i*wthorGameSize : (i+1)*wthorGameSize]
		g := &f.Games[i]
		g.Tournament = int(binary.LittleEndian.Uint16(rec[0:2]))
		g.Black = int(binary.LittleEndian.Uint16(rec[2:4]))
		g.White = int(binary.LittleEndian.Uint16(rec[4:6]))
		g.Real, g.Theoretical = int(rec[6]), int(rec[7])
		copy(g.Moves[:], rec[8:])
	}
	return f, nil
}

// WriteWTB writes a .wtb file.
func WriteWTB(w io.Writer, f WTHORFile) error {
	h := make([]byte, wthorHeaderSize, wthorHeaderSize+len(f.Games)*wthorGameSize)
	c := f.Header.Created
	h[0], h[1], h[2], h[3] = byte(c.Year()/100), byte(c.Year()%100), byte(c.Month()), byte(c.Day())
	binary.LittleEndian.PutUint32(h[4:8], uint32(len(f.Games)))
	binary.LittleEndian.PutUint16(h[10:12], uint16(f.Header.Year))
	h[12] = 8
	if f.Header.Solitaire {
		h[13] = 1
	}
	h[14] = byte(f.Header.Depth)
	buf := h
	for _, g := range f.Games {
		var rec [wthorGameSize]byte
		binary.LittleEndian.PutUint16(rec[0:2], uint16(g.Tournament))
		binary.LittleEndian.PutUint16(rec[2:4], uint16(g.Black))
		binary.LittleEndian.PutUint16(rec[4:6], uint16(g.White))
		rec[6], rec[7] = byte(g.Real), byte(g.Theoretical)
		copy(rec[8:], g.Moves[:])
		buf = append(buf, rec[:]...)
	}
	_, err := w.Write(buf)
	return err
}

// ReadWTHORNames reads a .JOU (recordSize 20) or .TRN (recordSize 26) file.
func ReadWTHORNames(rd io.Reader, name string, recordSize int) ([]string, error) {
	var h [wthorHeaderSize]byte
	if _, err := io.ReadFull(rd, h[:]); err != nil {
		return nil, fmt.Errorf("%s: reading the 16-byte header: %w", name, err)
	}
	n := int(binary.LittleEndian.Uint16(h[8:10]))
	data := make([]byte, n*recordSize)
	if got, err := io.ReadFull(rd, data); err != nil {
		return nil, fmt.Errorf("%s: the header promises %d names, the file holds %d: %w", name, n, got/recordSize, err)
	}
	names := make([]string, n)
	for i := range names {
		names[i] = latin1(data[i*recordSize : (i+1)*recordSize])
	}
	return names, nil
}

// WriteWTHORNames writes a .JOU or .TRN file; names longer than a record are cut.
func WriteWTHORNames(w io.Writer, names []string, recordSize int, created time.Time) error {
	if len(names) > 0xFFFF {
		return fmt.Errorf("%d names: WTHOR name files hold at most 65,535", len(names))
	}
	buf := make([]byte, wthorHeaderSize+len(names)*recordSize)
	buf[0], buf[1], buf[2], buf[3] = byte(created.Year()/100), byte(created.Year()%100), byte(created.Month()), byte(created.Day())
	binary.LittleEndian.PutUint16(buf[8:10], uint16(len(names)))
	for i, s := range names {
		enc := toLatin1(s)
		copy(buf[wthorHeaderSize+i*recordSize:wthorHeaderSize+(i+1)*recordSize-1], enc)
	}
	_, err := w.Write(buf)
	return err
}

func latin1(b []byte) string {
	if i := strings.IndexByte(string(b), 0); i >= 0 {
		b = b[:i]
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return strings.TrimRight(string(r), " ")
}

func toLatin1(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xFF {
			r = '?'
		}
		out = append(out, byte(r))
	}
	return out
}

// WTHORNames are the player and tournament names a .wtb file's numbers refer to.
type WTHORNames struct {
	Players, Tournaments []string
}

func nameAt(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return ""
}

// Record converts raw game i of the file to a Record, replaying the moves from the standard
// start with passes inferred. names may be nil.
func (f *WTHORFile) Record(i int, names *WTHORNames) (Record, error) {
	g := f.Games[i]
	r := Record{
		Start:            Start(8),
		HasResult:        true,
		Result:           2*g.Real - 64,
		HasTheoretical:   true,
		Theoretical:      2*g.Theoretical - 64,
		TheoreticalDepth: f.Header.Depth,
		Date:             fmt.Sprint(f.Header.Year),
	}
	if names != nil {
		r.Black, r.White, r.Event = nameAt(names.Players, g.Black), nameAt(names.Players, g.White), nameAt(names.Tournaments, g.Tournament)
	}
	pl := player{b: r.Start}
	for ply, c := range g.Moves {
		if c == 0 {
			break
		}
		row, col := int(c/10), int(c%10)
		if row < 1 || row > 8 || col < 1 || col > 8 {
			return r, &RecordError{Game: i + 1, Ply: ply + 1, Err: fmt.Errorf("byte %d is not a square (want 11..88)", c)}
		}
		if err := pl.play((row-1)*8+col-1, ply+1); err != nil {
			var re *RecordError
			if errors.As(err, &re) {
				re.Game = i + 1
			}
			return r, err
		}
	}
	r.Moves = pl.moves
	return r, nil
}

// WTHORGameOf converts a record to WTHOR coding. The record must start from the standard 8x8
// position. Without a recorded result the final position's score is used; without a
// theoretical score the real one is (WTHOR then says depth 0).
func WTHORGameOf(r Record, tournament, black, white int) (WTHORGame, error) {
	if r.Start != Start(8) {
		return WTHORGame{}, fmt.Errorf("WTHOR holds games from the standard 8x8 start only")
	}
	g := WTHORGame{Tournament: tournament, Black: black, White: white}
	n := 0
	for _, sq := range r.Moves {
		if sq == Pass {
			continue
		}
		if n == 60 {
			return g, fmt.Errorf("more than 60 moves")
		}
		g.Moves[n] = byte(10*(sq/8+1) + sq%8 + 1)
		n++
	}
	final, err := r.Replay()
	if err != nil {
		return g, err
	}
	b, _ := final.FinalScore()
	g.Real = b
	if r.HasResult {
		g.Real = (r.Result + 64) / 2
	}
	g.Theoretical = g.Real
	if r.HasTheoretical {
		g.Theoretical = (r.Theoretical + 64) / 2
	}
	return g, nil
}
