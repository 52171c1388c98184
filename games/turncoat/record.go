package turncoat

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"turncoat/game"
)

// Record is a whole game: the rules it was played under (size, mode, round cap, and the setup:
// a seed or explicit boards), its rounds, Red's selection then Yellow's, and what is known of
// its players, event and date.
type Record struct {
	Rules  Rules
	Rounds []game.Joint
	// Players are Red's and Yellow's names, "" when unknown.
	Players [2]string
	// Event and Date say where and when the game was played, when known.
	Event string
	Date  time.Time
	// Ended is how the game ended off the board (a resignation, an agreed draw, a flag fall)
	// when it stopped before its rules ended it; Ended.Over is false otherwise. A result by the
	// rules is not stored: the rounds give it.
	Ended game.Outcome
}

// Result words of a record.
const (
	resultRed    = "red"
	resultYellow = "yellow"
	resultDraw   = "draw"
)

// String writes the record as text that ParseRecord reads back:
//
//	size 8
//	mode white-and-black
//	cap 100
//	seed 42
//	red Ann
//	yellow Bob
//	event Club night
//	date 2026-01-31
//	1. c3 f6
//	2. d4 d4
//	result red
//
// An explicit setup is written "setup <board>" (or "<Red's board>:<Yellow's board>") in place
// of the seed. Players, event and date are written when known (the date as 2006-01-02, or RFC
// 3339 when it has a time of day). The result line (red, yellow or draw) follows the rounds of
// a finished game; a game that ended off the board gives the ending and its reason after the
// winner ("result yellow resignation Red resigned"). Line breaks in names are written as
// spaces (WriteRecord refuses them).
func (r Record) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "size %d\nmode %s\ncap %d\n", r.Rules.Size, r.Rules.Mode, r.Rules.Cap)
	if r.Rules.Setup != "" {
		fmt.Fprintf(&b, "setup %s\n", r.Rules.Setup)
	} else {
		fmt.Fprintf(&b, "seed %d\n", r.Rules.Seed)
	}
	header := func(key, value string) {
		value = strings.TrimSpace(strings.NewReplacer("\r", " ", "\n", " ").Replace(value))
		if value != "" {
			fmt.Fprintf(&b, "%s %s\n", key, value)
		}
	}
	header(resultRed, r.Players[0])
	header(resultYellow, r.Players[1])
	header("event", r.Event)
	if !r.Date.IsZero() {
		header("date", formatDate(r.Date))
	}
	for i, j := range r.Rounds {
		fmt.Fprintf(&b, "%d. %s %s\n", i+1, SquareName(int(j[0])), SquareName(int(j[1])))
	}
	s, err := r.Replay()
	switch {
	case err != nil:
	case s.Result() != InPlay:
		b.WriteString("result " + resultWord(s.Result()) + "\n")
	case r.Ended.Over:
		line := "result " + winnerWord(r.Ended.Winner) + " " + r.Ended.Ending.String()
		if reason := oneLine(r.Ended.Reason); reason != "" {
			line += " " + reason
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// oneLine returns text with its white space runs made single spaces.
func oneLine(text string) string { return strings.Join(strings.Fields(text), " ") }

// formatDate writes a date alone when it has no time of day, else the time in RFC 3339.
func formatDate(d time.Time) string {
	if d.Hour() == 0 && d.Minute() == 0 && d.Second() == 0 && d.Nanosecond() == 0 && d.Location() == time.UTC {
		return d.Format(time.DateOnly)
	}
	return d.Format(time.RFC3339Nano)
}

// parseDate reads a date (2006-01-02) or a time in RFC 3339.
func parseDate(text string) (time.Time, error) {
	if d, err := time.Parse(time.DateOnly, text); err == nil {
		return d, nil
	}
	return time.Parse(time.RFC3339Nano, text)
}

func resultWord(r Result) string {
	switch r {
	case RedWins:
		return resultRed
	case YellowWins:
		return resultYellow
	}
	return resultDraw
}

func winnerWord(p game.Player) string {
	switch p {
	case game.First:
		return resultRed
	case game.Second:
		return resultYellow
	}
	return resultDraw
}

// Replay plays the record's rounds from its start and returns the final state; an error names
// the round that is not legal. A record must name its start: RandomSeed without a setup is an
// error.
func (r Record) Replay() (*State, error) {
	if r.Rules.Setup == "" && r.Rules.Seed == RandomSeed {
		return nil, errNoStart
	}
	s, err := NewState(r.Rules)
	if err != nil {
		return nil, err
	}
	for i, j := range r.Rounds {
		if err := game.PlayJoint(s, j); err != nil {
			return nil, fmt.Errorf("round %d (%s %s): %w", i+1, SquareName(int(j[0])), SquareName(int(j[1])), err)
		}
	}
	return s, nil
}

// errNoStart marks a record that names neither a seed nor a setup.
var errNoStart = fmt.Errorf("%w: the record names neither a seed (other than 0) nor a setup, so its start is unknown", game.ErrSyntax)

// recordHeaders are the header keys, and whether each takes the rest of its line.
var recordHeaders = map[string]bool{
	"size": false, "mode": false, "cap": false, "seed": false, "setup": false,
	resultRed: true, resultYellow: true, "event": true, "date": true,
}

// ParseRecord reads a record written by Record.String. Header lines come first, in any order,
// each at most once: "size N", "mode M", "cap N", "seed N" or "setup BOARD[:BOARD]" (one of the
// two is required: the start must be known; missing others take the defaults), and "red NAME",
// "yellow NAME", "event TEXT", "date DATE". Then the rounds, "N. <Red's square> <Yellow's
// square>" numbered from 1 (several may share a line); then optionally "result red|yellow|draw",
// which must match the game, or for a game the rules have not ended, the winner (or draw), how
// it ended (resignation, agreement, time, abort, adjudication) and a reason. Blank lines and
// lines starting with '#' are ignored. The rounds are replayed, so a record that parses is a
// legal game.
func ParseRecord(text string) (Record, error) { return parseRecord(text, nil) }

// parseRecord is ParseRecord with the options of records that do not give them (nil for the
// defaults).
func parseRecord(text string, defaults map[string]string) (Record, error) {
	raw := map[string]string{}
	var rec Record
	lines := strings.Split(text, "\n")
	i := 0
	for ; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		key := strings.ToLower(f[0])
		if _, err := strconv.Atoi(strings.TrimSuffix(key, ".")); err == nil || key == "result" {
			break // the rounds begin
		}
		restOfLine, known := recordHeaders[key]
		if !known {
			return Record{}, fmt.Errorf("%w: line %d: unknown header %q (want size, mode, cap, seed, setup, red, yellow, event or date)", game.ErrSyntax, i+1, f[0])
		}
		if len(f) < 2 || (!restOfLine && len(f) != 2) {
			return Record{}, fmt.Errorf("%w: line %d: want \"%s <value>\"", game.ErrSyntax, i+1, key)
		}
		if _, dup := raw[key]; dup {
			return Record{}, fmt.Errorf("%w: line %d: %s given twice", game.ErrSyntax, i+1, key)
		}
		value := strings.Join(f[1:], " ")
		if restOfLine {
			value = strings.TrimSpace(strings.TrimSpace(lines[i])[len(f[0]):])
		}
		raw[key] = value
		switch key {
		case resultRed:
			rec.Players[0] = value
		case resultYellow:
			rec.Players[1] = value
		case "event":
			rec.Event = value
		case "date":
			d, err := parseDate(value)
			if err != nil {
				return Record{}, fmt.Errorf("%w: line %d: date %q: want 2006-01-02 or an RFC 3339 time", game.ErrSyntax, i+1, value)
			}
			rec.Date = d
		}
	}
	opts := map[string]string{}
	for k, v := range defaults {
		opts[k] = v
	}
	_, hasSeed := raw["seed"]
	_, hasSetup := raw["setup"]
	if hasSeed || hasSetup { // the record's own start replaces the defaults'
		delete(opts, "seed")
		delete(opts, "setup")
	}
	for _, k := range []string{"size", "mode", "cap", "seed", "setup"} {
		if v, ok := raw[k]; ok {
			opts[k] = v
		}
	}
	o, err := game.ParseOptions(optionSpecs, opts)
	if err != nil {
		return Record{}, err
	}
	rec.Rules = RulesOf(o)
	if rec.Rules.Setup == "" && rec.Rules.Seed == RandomSeed {
		return Record{}, errNoStart
	}
	start, err := NewState(rec.Rules)
	if err != nil {
		return Record{}, err
	}
	// The rest is tokens: "N." then two squares, per round; then perhaps "result ...".
	type token struct {
		text string
		line int
	}
	var toks []token
	for ; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) > 0 && strings.HasPrefix(f[0], "#") {
			continue
		}
		for _, t := range f {
			toks = append(toks, token{t, i + 1})
		}
	}
	var result []string
	resultLine := 0
	for k := 0; k < len(toks); {
		t := toks[k]
		if strings.EqualFold(t.text, "result") {
			resultLine = t.line
			for _, r := range toks[k+1:] {
				result = append(result, r.text)
			}
			if len(result) == 0 {
				return Record{}, fmt.Errorf("%w: line %d: \"result\" wants red, yellow or draw", game.ErrSyntax, t.line)
			}
			break
		}
		want := strconv.Itoa(len(rec.Rounds)+1) + "."
		if t.text != want {
			return Record{}, fmt.Errorf("%w: line %d: %q: want round number %q", game.ErrSyntax, t.line, t.text, want)
		}
		if k+2 >= len(toks) {
			return Record{}, fmt.Errorf("%w: line %d: round %s wants Red's and Yellow's squares", game.ErrSyntax, t.line, want)
		}
		var j game.Joint
		for p := game.First; p <= game.Second; p++ {
			a, err := start.ParseAction(p, toks[k+1+int(p)].text)
			if err != nil {
				return Record{}, fmt.Errorf("line %d: round %s: %w", toks[k+1+int(p)].line, want, err)
			}
			j[p] = a
		}
		rec.Rounds = append(rec.Rounds, j)
		k += 3
	}
	end, err := rec.Replay()
	if err != nil {
		return Record{}, err
	}
	if result == nil {
		return rec, nil
	}
	who := strings.ToLower(result[0])
	winner := game.NoPlayer
	switch who {
	case resultRed:
		winner = game.First
	case resultYellow:
		winner = game.Second
	case resultDraw:
	default:
		return Record{}, fmt.Errorf("%w: line %d: result %q: want red, yellow or draw", game.ErrSyntax, resultLine, result[0])
	}
	if len(result) == 1 {
		switch {
		case end.Result() == InPlay:
			return Record{}, fmt.Errorf("%w: the record says %q but the game is not over after %d rounds", errResult, who, len(rec.Rounds))
		case who != resultWord(end.Result()):
			return Record{}, fmt.Errorf("%w: the record says %q but the game ends %s", errResult, who, resultWord(end.Result()))
		}
		return rec, nil
	}
	ending, err := game.ParseEnding(strings.ToLower(result[1]))
	if err != nil || ending == game.EndNone || ending == game.EndRules || ending == game.EndClaim {
		return Record{}, fmt.Errorf("%w: line %d: the result's ending %q: want resignation, agreement, time, abort or adjudication", game.ErrSyntax, resultLine, result[1])
	}
	if end.Result() != InPlay {
		return Record{}, fmt.Errorf("%w: the record says the game ended by %s, but its rounds end it by the rules (%s)", errResult, ending, resultWord(end.Result()))
	}
	rec.Ended = game.Outcome{Over: true, Winner: winner, Ending: ending, Reason: strings.Join(result[2:], " ")}
	return rec, nil
}

// errResult marks a record whose result line contradicts its rounds.
var errResult = fmt.Errorf("%w: wrong result", game.ErrIllegal)

// RecordFormats returns Turncoat's record format: "text", the rules' record (see Record.String).
func (Game) RecordFormats() []game.RecordFormat {
	return []game.RecordFormat{{
		Name:      "text",
		Doc:       "Turncoat game record: size, mode, cap, seed or setup, players, one line per round, result",
		Ext:       "txt",
		MediaType: "text/plain; charset=utf-8",
		Read:      ReadRecords,
		Write:     WriteRecord,
	}}
}

var _ game.RecordKeeper = Game{}

// WriteRecord writes rec, a game of Turncoat, as a text record (Record.String). Its start must
// be a game's start (no rounds played); a start that is not its rules' own setup is written as
// an explicit setup. The moves are replayed and the result checked against them: a result by
// the rules must be where the moves end, any other ending comes before the rules end the game.
func WriteRecord(w io.Writer, rec game.Record) error {
	r, err := FromGameRecord(rec)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, r.String())
	return err
}

// FromGameRecord turns a record of the registry's form into a Turncoat Record (see WriteRecord).
func FromGameRecord(rec game.Record) (Record, error) {
	start, ok := rec.Start.(*State)
	if !ok {
		return Record{}, fmt.Errorf("turncoat record: the start is not a Turncoat position (%T)", rec.Start)
	}
	if start.round != 0 {
		return Record{}, fmt.Errorf("turncoat record: the start is after %d rounds; a record starts at a game's start", start.round)
	}
	for _, text := range []string{rec.Players[0], rec.Players[1], rec.Event, rec.Result.Reason} {
		if strings.ContainsAny(text, "\r\n") {
			return Record{}, fmt.Errorf("turncoat record: %q holds a line break", text)
		}
	}
	r := Record{Rules: start.rules, Players: rec.Players, Event: rec.Event, Date: rec.Date}
	if own, err := r.Rules.StartBoards(); err != nil || own != start.boards {
		r.Rules.Setup = setupText(start.boards, r.Rules.Size)
	}
	s := start.Clone().(*State)
	for i, text := range rec.Moves {
		m, err := game.ParseMove(s, text)
		if err == nil {
			err = game.PlayMove(s, m)
		}
		if err != nil {
			return Record{}, fmt.Errorf("turncoat record: round %d (%s): %w", i+1, text, err)
		}
		r.Rounds = append(r.Rounds, m.Actions)
	}
	end := s.Outcome()
	switch res := rec.Result; {
	case !res.Over:
	case res.Ending == game.EndRules || res.Ending == game.EndNone:
		if !end.Over || end.Winner != res.Winner {
			return Record{}, fmt.Errorf("%w: turncoat record: the result (%s) is not where the rounds end (%s)", errResult, res.Describe(sideNames), end.Describe(sideNames))
		}
	case end.Over:
		return Record{}, fmt.Errorf("%w: turncoat record: the result says %s, but the rounds end the game by the rules (%s)", errResult, res.Ending, end.Describe(sideNames))
	case res.Ending == game.EndClaim:
		return Record{}, fmt.Errorf("turncoat record: Turncoat has no draw to claim")
	default:
		r.Ended = res
	}
	return r, nil
}

// GameRecord returns the record in the registry's form: the start, the rounds in notation
// ("c3 f6"), and the result (the rules' outcome where the rounds end the game, else how it
// ended off the board, if it did).
func (r Record) GameRecord() (game.Record, error) {
	if r.Rules.Setup == "" && r.Rules.Seed == RandomSeed {
		return game.Record{}, errNoStart
	}
	start, err := NewState(r.Rules)
	if err != nil {
		return game.Record{}, err
	}
	rec := game.Record{Start: start.Clone(), Players: r.Players, Event: r.Event, Date: r.Date, Result: game.InPlay}
	s := start
	for i, j := range r.Rounds {
		rec.Moves = append(rec.Moves, game.FormatMove(s, game.Simultaneous(j)))
		if err := game.PlayJoint(s, j); err != nil {
			return game.Record{}, fmt.Errorf("round %d: %w", i+1, err)
		}
	}
	switch {
	case s.Outcome().Over:
		rec.Result = s.Outcome()
	case r.Ended.Over:
		rec.Result = r.Ended
	}
	return rec, nil
}

// ReadRecords reads every game of a file of Turncoat records (see ParseRecord); a header line
// after a game's rounds or result begins the next game. o gives the size, mode, cap and seed
// or setup of records that do not say (nil options for the defaults).
func ReadRecords(rd io.Reader, o game.Options) ([]game.Record, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("turncoat record: %w", err)
	}
	var defaults map[string]string
	if o.String() != "" {
		if _, err := game.ParseOptionString(optionSpecs, o.String()); err != nil {
			return nil, fmt.Errorf("turncoat record: the options given: %w", err)
		}
		defaults = o.Map()
	}
	chunks, firstLines := splitRecords(string(data))
	if len(chunks) == 0 {
		return nil, fmt.Errorf("%w: turncoat record: no game in the file", game.ErrSyntax)
	}
	var out []game.Record
	for i, chunk := range chunks {
		r, err := parseRecord(chunk, defaults)
		if err == nil {
			var rec game.Record
			if rec, err = r.GameRecord(); err == nil {
				out = append(out, rec)
				continue
			}
		}
		if len(chunks) > 1 {
			return nil, fmt.Errorf("turncoat record %d (from line %d): %w", i+1, firstLines[i], err)
		}
		return nil, fmt.Errorf("turncoat record: %w", err)
	}
	return out, nil
}

// splitRecords cuts a file into records: a header line after rounds or a result, or a header
// the current record already has (the record before had no rounds), starts a new one. Blank and
// comment lines stay with the record before them, so line numbers within the first record are
// the file's. It returns each record's text and the line it starts on.
func splitRecords(text string) ([]string, []int) {
	var chunks []string
	var starts []int
	var cur []string
	curStart, inRounds, hasContent := 1, false, false
	seen := map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		isHeader, key := false, ""
		if len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			key = strings.ToLower(f[0])
			_, isHeader = recordHeaders[key]
			if !isHeader {
				inRounds = true
			}
		}
		if isHeader && (inRounds || seen[key]) {
			chunks, starts = append(chunks, strings.Join(cur, "\n")), append(starts, curStart)
			cur, curStart, inRounds = nil, n+1, false
			clear(seen)
		}
		if isHeader {
			seen[key] = true
		}
		if len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			hasContent = true
		}
		cur = append(cur, line)
	}
	if hasContent {
		chunks, starts = append(chunks, strings.Join(cur, "\n")), append(starts, curStart)
	}
	return chunks, starts
}
