// Package files reads and writes Othello record files in every format Turncoat knows (WTHOR
// databases with their name files, GGF, move lists, OBF positions), telling the format from the
// file's name and contents.
package files

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"turncoat/games/reversi"
)

// Format is a record file format.
type Format string

// Formats.
const (
	WTHOR Format = "wthor"
	GGF   Format = "ggf"
	Moves Format = "moves"
	OBF   Format = "obf"
)

// ParseFormat reads a format name.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(s)); f {
	case WTHOR, GGF, Moves, OBF:
		return f, nil
	case "wtb":
		return WTHOR, nil
	}
	return "", fmt.Errorf("unknown format %q (want wthor, ggf, moves or obf)", s)
}

// Detect tells a file's format from its name and its first bytes.
func Detect(path string, head []byte) Format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".wtb":
		return WTHOR
	case ".ggf":
		return GGF
	case ".obf":
		return OBF
	}
	t := bytes.TrimSpace(head)
	if bytes.HasPrefix(t, []byte("(;")) {
		return GGF
	}
	if len(head) >= 16 && bytes.IndexFunc(head[:16], func(r rune) bool { return r == 0 }) >= 0 {
		return WTHOR // binary
	}
	if i := bytes.IndexAny(t, " \t"); i == 64 || i == 36 || i == 16 {
		return OBF
	}
	return Moves
}

// Loaded is what a file held: the games that parsed, and an error for each that did not.
type Loaded struct {
	Format  Format
	Records []reversi.Record
	// Numbers are the games' numbers in the file (1-based), one for each of Records, which
	// leaves out the games that could not be read.
	Numbers []int
	// Bad are the games that could not be read or replayed, each a *reversi.RecordError
	// saying where and why.
	Bad []error
	// NotGames counts the entries of Bad that are no game at all: a move-list file's lines of
	// other text (garbage, prose), which cannot even start a move list.
	NotGames int
}

// Games returns the number of games the file holds, read or broken; lines that are no game
// at all do not count. A file with none (an empty file, garbage, a GGF file without a game)
// holds nothing to check or convert.
func (l *Loaded) Games() int { return len(l.Records) + len(l.Bad) - l.NotGames }

func (l *Loaded) add(r reversi.Record, number int) {
	l.Records = append(l.Records, r)
	l.Numbers = append(l.Numbers, number)
}

// Load reads a record file of any format. An error is returned for the file as a whole (it
// cannot be opened, its header is broken, it is a WTHOR name file); broken games are in
// Loaded.Bad.
func Load(path string) (Loaded, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".jou", ".trn":
		what := map[string]string{".jou": "players", ".trn": "tournaments"}[ext]
		return Loaded{}, fmt.Errorf("%s is a WTHOR name file (the names of %s), not a game file: games are in the .wtb files beside it", path, what)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Loaded{}, err
	}
	l := Loaded{Format: Detect(path, data[:min(len(data), 256)])}
	switch l.Format {
	case WTHOR:
		return l, loadWTHOR(path, data, &l)
	case GGF:
		return l, loadGGF(path, data, &l)
	case OBF:
		probs, err := reversi.ReadOBF(bytes.NewReader(data), path)
		if err != nil {
			return l, err
		}
		for i, p := range probs {
			l.add(reversi.Record{Start: p.Board}, i+1)
		}
		return l, nil
	}
	// A move list file: one game a line, from the standard 8x8 start.
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") || strings.HasPrefix(text, "%") {
			continue
		}
		n++
		r, err := reversi.ParseMoveList(text, reversi.Start(8))
		if err != nil {
			l.Bad = append(l.Bad, located(err, fmt.Sprintf("%s:%d", path, line), n))
			if !reversi.StartsWithMove(text) {
				l.NotGames++
			}
			continue
		}
		l.add(r, n)
	}
	return l, sc.Err()
}

func located(err error, file string, game int) error {
	var re *reversi.RecordError
	if errors.As(err, &re) {
		c := *re
		c.File, c.Game = file, game
		return &c
	}
	return &reversi.RecordError{File: file, Game: game, Err: err}
}

func loadGGF(path string, data []byte, l *Loaded) error {
	text := string(data)
	for n := 1; ; n++ {
		i := strings.Index(text, "(;")
		if i < 0 {
			return nil
		}
		j := strings.Index(text[i:], ";)")
		if j < 0 {
			l.Bad = append(l.Bad, &reversi.RecordError{File: path, Game: n, Err: fmt.Errorf("game is not closed with \";)\"")})
			return nil
		}
		r, err := reversi.ParseGGF(text[i : i+j+2])
		if err != nil {
			l.Bad = append(l.Bad, located(err, path, n))
		} else {
			l.add(r, n)
		}
		text = text[i+j+2:]
	}
}

// NameFiles returns the name files that belong to a .wtb file: "X.JOU"/"X.TRN" beside "X.wtb"
// when they exist, else WTHOR.JOU and WTHOR.TRN in the same folder ("" when absent).
func NameFiles(wtb string) (players, tournaments string) {
	dir, base := filepath.Split(wtb)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	find := func(ext string) string {
		for _, cand := range []string{stem + ext, stem + strings.ToLower(ext), "WTHOR" + ext, "wthor" + strings.ToLower(ext)} {
			p := filepath.Join(dir, cand)
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
		return ""
	}
	return find(".JOU"), find(".TRN")
}

func loadWTHOR(path string, data []byte, l *Loaded) error {
	f, err := reversi.ReadWTB(bytes.NewReader(data), path)
	if err != nil {
		return err
	}
	names := &reversi.WTHORNames{}
	jou, trn := NameFiles(path)
	for _, nf := range []struct {
		path string
		size int
		dst  *[]string
	}{{jou, 20, &names.Players}, {trn, 26, &names.Tournaments}} {
		if nf.path == "" {
			continue
		}
		b, err := os.ReadFile(nf.path)
		if err != nil {
			return err
		}
		if *nf.dst, err = reversi.ReadWTHORNames(bytes.NewReader(b), nf.path, nf.size); err != nil {
			return err
		}
	}
	for i := range f.Games {
		r, err := f.Record(i, names)
		if err != nil {
			l.Bad = append(l.Bad, located(err, path, i+1))
			continue
		}
		l.add(r, i+1)
	}
	return nil
}

// Skipped is a game Save left out because the format cannot hold it.
type Skipped struct {
	// Index is the game's index in the records Save was given.
	Index int
	// Err says why.
	Err error
}

// Save writes the records to path in the given format; WTHOR writes the .wtb file and, beside
// it, its player (.JOU) and tournament (.TRN) name files with the same stem. Games the format
// cannot hold (WTHOR and move lists: 8x8 games from the standard start; OBF: games that
// replay) are left out and returned, and the rest written, as with games a reader cannot read.
// When there were games but none can be written, Save writes nothing and says so. Each file is
// written whole or not at all: a failure leaves what was at path before.
func Save(path string, format Format, records []reversi.Record) ([]Skipped, error) {
	var buf bytes.Buffer
	var skipped []Skipped
	skip := func(i int, err error) { skipped = append(skipped, Skipped{Index: i, Err: err}) }
	switch format {
	case GGF:
		for _, r := range records {
			buf.WriteString(r.GGF())
			buf.WriteByte('\n')
		}
	case Moves:
		for i, r := range records {
			if err := standardStart(r); err != nil {
				skip(i, fmt.Errorf("%w (a move list file says nothing of the start; GGF does)", err))
				continue
			}
			buf.WriteString(r.MoveList(false))
			buf.WriteByte('\n')
		}
	case OBF:
		for i, r := range records {
			final, err := r.Replay()
			if err != nil {
				skip(i, err)
				continue
			}
			p := reversi.Problem{Board: final}
			buf.WriteString(p.OBF())
			buf.WriteByte('\n')
		}
	case WTHOR:
		return saveWTHOR(path, records)
	default:
		return nil, fmt.Errorf("unknown format %q", format)
	}
	if err := nothingWritten(format, records, skipped); err != nil {
		return skipped, err
	}
	return skipped, writeFile(path, buf.Bytes())
}

// standardStart checks that a game starts from the standard 8x8 position, the only start WTHOR
// and move-list files know.
func standardStart(r reversi.Record) error {
	if r.Start.Size != 8 {
		return fmt.Errorf("a %dx%d game: only 8x8 games from the standard start can be stored", r.Start.Size, r.Start.Size)
	}
	if r.Start != reversi.Start(8) {
		return fmt.Errorf("the game starts from %s, not from the standard start", r.Start.Text())
	}
	return nil
}

// nothingWritten is the error of a save that had games and could write none of them.
func nothingWritten(format Format, records []reversi.Record, skipped []Skipped) error {
	if len(records) == 0 || len(skipped) < len(records) {
		return nil
	}
	return fmt.Errorf("none of the %d games can be written as %s: nothing was written", len(records), format)
}

// writeFile writes data to path through a temporary file beside it, so that a failure leaves
// what was there.
func writeFile(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
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
	}
	return err
}

func saveWTHOR(path string, records []reversi.Record) ([]Skipped, error) {
	now := time.Now()
	players, events := &index{}, &index{}
	f := reversi.WTHORFile{Header: reversi.WTHORHeader{Created: now, BoardSize: 8}}
	depth := -1
	var skipped []Skipped
	for i, r := range records {
		err := standardStart(r)
		var g reversi.WTHORGame
		if err == nil {
			g, err = reversi.WTHORGameOf(r, events.of(r.Event), players.of(r.Black), players.of(r.White))
		}
		if err != nil {
			skipped = append(skipped, Skipped{Index: i, Err: err})
			continue
		}
		if r.HasTheoretical && depth < 0 {
			depth = r.TheoreticalDepth
		}
		if f.Header.Year == 0 && len(r.Date) >= 4 {
			fmt.Sscanf(r.Date[:4], "%d", &f.Header.Year)
		}
		f.Games = append(f.Games, g)
	}
	if err := nothingWritten(WTHOR, records, skipped); err != nil {
		return skipped, err
	}
	f.Header.Depth = max(depth, 0)
	var wtb, jou, trn bytes.Buffer
	if err := reversi.WriteWTB(&wtb, f); err != nil {
		return skipped, err
	}
	if err := reversi.WriteWTHORNames(&jou, players.names, 20, now); err != nil {
		return skipped, err
	}
	if err := reversi.WriteWTHORNames(&trn, events.names, 26, now); err != nil {
		return skipped, err
	}
	stem := strings.TrimSuffix(path, filepath.Ext(path))
	for _, out := range []struct {
		path string
		data []byte
	}{{path, wtb.Bytes()}, {stem + ".JOU", jou.Bytes()}, {stem + ".TRN", trn.Bytes()}} {
		if err := writeFile(out.path, out.data); err != nil {
			return skipped, err
		}
	}
	return skipped, nil
}

// index numbers names in order of first appearance.
type index struct {
	names []string
	at    map[string]int
}

func (x *index) of(name string) int {
	if x.at == nil {
		x.at = map[string]int{}
	}
	if i, ok := x.at[name]; ok {
		return i
	}
	x.at[name] = len(x.names)
	x.names = append(x.names, name)
	return len(x.names) - 1
}
