// Package textrecord is the text record format of the games whose notation writes every move
// as one word (Blocs, Troll): a header line a field, then the moves, numbered two to a line, then
// the result. With side names One and Two:
//
//	game blocs
//	options first-flip=continue,seating=same
//	one Ann
//	two Bob
//	event Club night
//	date 2026-01-31
//	1. Bb3 Wa1
//	...
//	9. a1-c3 b2
//	result one
//
// "game" and the game's name open every record. A start other than the options' own is written
// "start <encoding>" instead of the options line. The players are headed by their sides' names
// in lower case, and, with event and date, written when known (the date as 2006-01-02, or RFC
// 3339 when it has a time of day). The result line gives the winner (a side's name) or draw; an
// ending other than the rules follows it with its reason ("result two resignation One
// resigned"). A game uses it through Format, or Write and Read.
package textrecord

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"turncoat/game"
)

// Format returns the text record format of g, "text" (extension txt), described by doc.
func Format(g game.Game, doc string) game.RecordFormat {
	return game.RecordFormat{
		Name:      "text",
		Doc:       doc,
		Ext:       "txt",
		MediaType: "text/plain; charset=utf-8",
		Read:      func(r io.Reader, o game.Options) ([]game.Record, error) { return Read(r, g, o) },
		Write:     func(w io.Writer, rec game.Record) error { return Write(w, g, rec) },
	}
}

// Write writes rec, a game of g, as a text record, which Read reads back. It writes nothing
// when rec cannot be written: no start, a start of another game, a header or a reason that
// holds a line break, a move that is not one word.
func Write(w io.Writer, g game.Game, rec game.Record) error {
	if rec.Start == nil {
		return fmt.Errorf("%s record: no start position", g.Name())
	}
	if rec.Start.Game().Name() != g.Name() {
		return fmt.Errorf("%s record: the start is a position of %s", g.Name(), rec.Start.Game().Name())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "game %s\n", g.Name())
	o := rec.Start.Options()
	if fresh, err := g.New(o); err == nil && fresh.Encode() == rec.Start.Encode() {
		fmt.Fprintf(&b, "options %s\n", o)
	} else {
		fmt.Fprintf(&b, "start %s\n", rec.Start.Encode())
	}
	sides := g.SideNames(o)
	header := func(key, value string) error {
		if value == "" {
			return nil
		}
		if strings.ContainsAny(value, "\r\n") {
			return fmt.Errorf("%s record: the %s %q holds a line break", g.Name(), key, value)
		}
		fmt.Fprintf(&b, "%s %s\n", key, strings.TrimSpace(value))
		return nil
	}
	for p, name := range rec.Players {
		if err := header(strings.ToLower(sides[p]), name); err != nil {
			return err
		}
	}
	if err := header("event", rec.Event); err != nil {
		return err
	}
	if !rec.Date.IsZero() {
		_ = header("date", formatDate(rec.Date))
	}
	for i, m := range rec.Moves {
		if m == "" || strings.ContainsFunc(m, isSpace) {
			return fmt.Errorf("%s record: move %d %q is not one word of notation", g.Name(), i+1, m)
		}
		switch {
		case i%2 == 0:
			fmt.Fprintf(&b, "%d. %s", i/2+1, m)
		default:
			fmt.Fprintf(&b, " %s\n", m)
		}
	}
	if len(rec.Moves)%2 == 1 {
		b.WriteByte('\n')
	}
	if res := rec.Result; res.Over {
		word := resultDraw
		if res.Winner.Valid() {
			word = strings.ToLower(sides[res.Winner])
		}
		line := "result " + word
		if res.Ending != game.EndRules && res.Ending != game.EndNone {
			line += " " + res.Ending.String()
			if r := strings.TrimSpace(res.Reason); r != "" {
				line += " " + r
			}
		}
		if strings.ContainsAny(line, "\r\n") {
			return fmt.Errorf("%s record: the result's reason %q holds a line break", g.Name(), res.Reason)
		}
		b.WriteString(line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

const resultDraw = "draw"

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}

// formatDate writes a date alone when it has no time of day, else the time in RFC 3339.
func formatDate(d time.Time) string {
	if d.Hour() == 0 && d.Minute() == 0 && d.Second() == 0 && d.Nanosecond() == 0 && d.Location() == time.UTC {
		return d.Format(time.DateOnly)
	}
	return d.Format(time.RFC3339Nano)
}

// textLine is a line of a record file, numbered from 1.
type textLine struct {
	n    int
	text string
}

// Read reads every record of a file of g's text records. Blank lines and lines starting with
// '#' are ignored; a file with a single game may leave out its "game" line; a record with
// neither options nor start takes o (the defaults when o is empty). Each game is replayed, so
// a record that reads is a legal game, and the moves come back in the game's own spelling; a
// result must agree with the moves. Errors name the record (when the file holds several), the
// line and the ply.
func Read(r io.Reader, g game.Game, o game.Options) ([]game.Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var games [][]textLine
	var cur []textLine
	n := 0
	for sc.Scan() {
		n++
		if strings.ContainsRune(strings.TrimRight(sc.Text(), "\r"), '\r') {
			return nil, fmt.Errorf("%s record: line %d: a carriage return inside a line", g.Name(), n)
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if key, _ := cutWord(line); key == "game" {
			if cur != nil {
				games = append(games, cur)
			}
			cur = []textLine{}
		}
		if cur == nil {
			cur = []textLine{} // a single record without its "game" line
		}
		cur = append(cur, textLine{n, line})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s record: line %d: %w", g.Name(), n+1, err)
	}
	if cur != nil {
		games = append(games, cur)
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("%w: %s record: no game in the file", game.ErrSyntax, g.Name())
	}
	recs := make([]game.Record, 0, len(games))
	for i, lines := range games {
		rec, err := readTextRecord(g, lines, o)
		if err != nil {
			if len(games) > 1 {
				return nil, fmt.Errorf("%s record %d: %w", g.Name(), i+1, err)
			}
			return nil, fmt.Errorf("%s record: %w", g.Name(), err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// cutWord splits a line into its first word and the rest, trimmed.
func cutWord(line string) (string, string) {
	i := strings.IndexFunc(line, isSpace)
	if i < 0 {
		return strings.ToLower(line), ""
	}
	return strings.ToLower(line[:i]), strings.TrimSpace(line[i:])
}

// readTextRecord reads one record's lines.
func readTextRecord(g game.Game, lines []textLine, o game.Options) (game.Record, error) {
	rec := game.Record{Result: game.InPlay}
	seen := map[string]bool{}
	var optionsText, startText string
	var resultLine *textLine
	var moves []textLine
	// The side names depend on the options in principle; the headers are read after them.
	var sideLines [2]*textLine
	for k := range lines {
		l := &lines[k]
		key, value := cutWord(l.text)
		if resultLine != nil {
			return rec, fmt.Errorf("%w: line %d: nothing may follow the result", game.ErrSyntax, l.n)
		}
		if key == "result" {
			resultLine = l
			continue
		}
		if _, _, isNumber := cutMoveNumber(key); isNumber || len(moves) > 0 {
			moves = append(moves, *l)
			continue
		}
		if seen[key] {
			return rec, fmt.Errorf("%w: line %d: %s given twice", game.ErrSyntax, l.n, key)
		}
		seen[key] = true
		switch key {
		case "game":
			if !strings.EqualFold(value, g.Name()) {
				return rec, fmt.Errorf("%w: line %d: a record of %q, want %s", game.ErrSyntax, l.n, value, g.Name())
			}
		case "options":
			optionsText = value
		case "start":
			startText = value
		case "event":
			rec.Event = value
		case "date":
			d, err := parseDate(value)
			if err != nil {
				return rec, fmt.Errorf("%w: line %d: date %q: want 2006-01-02 or an RFC 3339 time", game.ErrSyntax, l.n, value)
			}
			rec.Date = d
		default:
			sideLines = placeSide(g, key, l, sideLines)
			if sideLines[0] != l && sideLines[1] != l {
				return rec, fmt.Errorf("%w: line %d: unknown header %q (want options, start, %s, event, date, or the moves)",
					game.ErrSyntax, l.n, key, sideWords(g))
			}
		}
	}
	start, err := recordStart(g, optionsText, startText, o)
	if err != nil {
		return rec, err
	}
	rec.Start = start
	for p, l := range sideLines {
		if l != nil {
			_, rec.Players[p] = cutWord(l.text)
		}
	}
	s := start.Clone()
	ply := 0
	for _, l := range moves {
		for _, tok := range strings.Fields(l.text) {
			if n, rest, ok := cutMoveNumber(tok); ok {
				if want := ply/2 + 1; n != want || ply%2 != 0 {
					return rec, fmt.Errorf("%w: line %d: move number %q where ply %d comes (want %d. before every other move)", game.ErrSyntax, l.n, tok, ply+1, want)
				}
				if rest == "" {
					continue
				}
				tok = rest
			}
			m, err := game.ParseMove(s, tok)
			var text string
			if err == nil {
				text = game.FormatMove(s, m)
				err = game.PlayMove(s, m)
			}
			if err != nil {
				return rec, fmt.Errorf("line %d: ply %d (%s): %w", l.n, ply+1, tok, err)
			}
			rec.Moves = append(rec.Moves, text)
			ply++
		}
	}
	if resultLine != nil {
		res, err := readResult(g, start.Options(), s.Outcome(), resultLine)
		if err != nil {
			return rec, err
		}
		rec.Result = res
	}
	return rec, nil
}

// placeSide puts the header line l in the slot of the side it names, if it names one.
func placeSide(g game.Game, key string, l *textLine, slots [2]*textLine) [2]*textLine {
	for p, name := range g.SideNames(game.DefaultOptions(g.OptionSpecs())) {
		if key == strings.ToLower(name) {
			slots[p] = l
		}
	}
	return slots
}

// sideWords lists the headers that name g's players.
func sideWords(g game.Game) string {
	n := g.SideNames(game.DefaultOptions(g.OptionSpecs()))
	return strings.ToLower(n[0]) + ", " + strings.ToLower(n[1])
}

// recordStart returns the start of a record: its start line, or its options, or o.
func recordStart(g game.Game, optionsText, startText string, o game.Options) (game.State, error) {
	if startText != "" {
		s, err := g.Decode(startText)
		if err != nil {
			return nil, fmt.Errorf("start: %w", err)
		}
		if optionsText != "" {
			return nil, fmt.Errorf("%w: a record gives its options or its start, not both", game.ErrSyntax)
		}
		return s, nil
	}
	text := optionsText
	if text == "" {
		text = o.String()
	}
	opts, err := game.ParseOptionString(g.OptionSpecs(), text)
	if err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	return g.New(opts)
}

// readResult reads a result line against the outcome of the moves.
func readResult(g game.Game, o game.Options, end game.Outcome, l *textLine) (game.Outcome, error) {
	_, rest := cutWord(l.text)
	who, rest := cutWord(rest)
	sides := g.SideNames(o)
	res := game.Outcome{Over: true, Winner: game.NoPlayer}
	switch who {
	case strings.ToLower(sides[0]):
		res.Winner = game.First
	case strings.ToLower(sides[1]):
		res.Winner = game.Second
	case resultDraw:
	default:
		return res, fmt.Errorf("%w: line %d: result %q: want %s, %s or %s", game.ErrSyntax, l.n, who,
			strings.ToLower(sides[0]), strings.ToLower(sides[1]), resultDraw)
	}
	ending, reason := cutWord(rest)
	res.Ending = game.EndRules
	if ending != "" {
		e, err := game.ParseEnding(ending)
		if err != nil || e == game.EndNone {
			return res, fmt.Errorf("%w: line %d: the result's ending %q: want rules, resignation, agreement, time, abort, adjudication or claim", game.ErrSyntax, l.n, ending)
		}
		res.Ending = e
	}
	if res.Ending == game.EndRules {
		if reason != "" {
			return res, fmt.Errorf("%w: line %d: a result by the rules takes no reason: the moves give it", game.ErrSyntax, l.n)
		}
		switch {
		case !end.Over:
			return res, fmt.Errorf("%w: line %d: the record says %s but the game is not over after its moves", game.ErrSyntax, l.n, who)
		case end.Winner != res.Winner:
			return res, fmt.Errorf("%w: line %d: the record says %s but the moves end %s", game.ErrSyntax, l.n, who, end.Describe(sides))
		}
		return end, nil
	}
	if end.Over {
		return res, fmt.Errorf("%w: line %d: the record says the game ended by %s, but its moves end it by the rules (%s)", game.ErrSyntax, l.n, res.Ending, end.Describe(sides))
	}
	res.Reason = reason
	return res, nil
}

// parseDate reads a date (2006-01-02) or a time in RFC 3339.
func parseDate(text string) (time.Time, error) {
	if d, err := time.Parse(time.DateOnly, text); err == nil {
		return d, nil
	}
	return time.Parse(time.RFC3339Nano, text)
}

// cutMoveNumber splits "12." (or "12.d3") into the number and the rest.
func cutMoveNumber(tok string) (int, string, bool) {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' || i > 6 {
		return 0, "", false
	}
	n, err := strconv.Atoi(tok[:i])
	if err != nil {
		return 0, "", false
	}
	return n, tok[i+1:], true
}
