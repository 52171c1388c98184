package game

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"
)

// A Record is one game as record files hold it: where it started, its moves in the game's
// notation, and what is known of its players, date and result. Moves are stored as notation,
// never as Action numbers: actions are an implementation detail that may change between
// versions; notation is what players read and what replays.
type Record struct {
	// Start is the starting position (its options included).
	Start State
	// Moves are the moves in the game's notation, as game.ParseMove reads them.
	Moves []string
	// Players are the names of First and Second, "" when unknown.
	Players [2]string
	// Event and Date say where and when it was played, when known.
	Event string
	Date  time.Time
	// Result is the result the record states; Over is false when it states none. A game
	// stopped before its end by resignation or time says so here.
	Result Outcome
}

// Final replays the record's moves from its start and returns the position they reach.
func (r Record) Final() (State, error) { return Replay(r.Start, r.Moves) }

// A RecordFormat is one kind of record file a game reads and writes.
type RecordFormat struct {
	// Name identifies the format in URLs and the CLI ("ggf", "moves", "text").
	Name string
	// Doc says what the format is, in a few words.
	Doc string
	// Ext is the usual file extension, without the dot.
	Ext string
	// MediaType is the HTTP content type of a file in this format.
	MediaType string
	// Read reads every game of a file; o gives the options of games whose records do not say
	// (a move list's board size). Nil when the format is write-only.
	Read func(r io.Reader, o Options) ([]Record, error)
	// Write writes one game. Nil when the format is read-only.
	Write func(w io.Writer, rec Record) error
}

// RecordKeeper is a game with record formats of its own.
type RecordKeeper interface {
	RecordFormats() []RecordFormat
}

// RecordFormats returns g's record formats (none if it has no records).
func RecordFormats(g Game) []RecordFormat {
	if k, ok := g.(RecordKeeper); ok {
		return k.RecordFormats()
	}
	return nil
}

// LookupRecordFormat returns g's record format of the given name; an empty name gives the
// game's first (preferred) format.
func LookupRecordFormat(g Game, name string) (RecordFormat, error) {
	fs := RecordFormats(g)
	if len(fs) == 0 {
		return RecordFormat{}, fmt.Errorf("%s has no record formats", g.Name())
	}
	if name == "" {
		return fs[0], nil
	}
	var names []string
	for _, f := range fs {
		if strings.EqualFold(f.Name, name) {
			return f, nil
		}
		names = append(names, f.Name)
	}
	return RecordFormat{}, fmt.Errorf("%s has no record format %q (known: %s)", g.Name(), name, strings.Join(names, ", "))
}

// WriteRecord writes rec in the named format of its game ("" for the preferred one).
func WriteRecord(w io.Writer, format string, rec Record) error {
	f, err := LookupRecordFormat(rec.Start.Game(), format)
	if err != nil {
		return err
	}
	if f.Write == nil {
		return fmt.Errorf("%s: the %s format is read-only", rec.Start.Game().Name(), f.Name)
	}
	return f.Write(w, rec)
}

// FormatRecord returns rec written in the named format.
func FormatRecord(format string, rec Record) (string, error) {
	var b bytes.Buffer
	if err := WriteRecord(&b, format, rec); err != nil {
		return "", err
	}
	return b.String(), nil
}

// ReadRecords reads the games of a file in g's named format ("" for the preferred one), with o
// the options of games whose records do not give them.
func ReadRecords(g Game, format string, r io.Reader, o Options) ([]Record, error) {
	f, err := LookupRecordFormat(g, format)
	if err != nil {
		return nil, err
	}
	if f.Read == nil {
		return nil, fmt.Errorf("%s: the %s format cannot be read", g.Name(), f.Name)
	}
	return f.Read(r, o)
}
