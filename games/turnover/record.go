package turnover

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"turncoat/game"
)

// RecordFormats returns Turnover's record format: "text", the move text of spec §5.3 under
// tag pairs as chess players write them (see WriteRecord).
func (Game) RecordFormats() []game.RecordFormat {
	return []game.RecordFormat{{
		Name:      "text",
		Doc:       "Turnover move text (1. C.d3 C.e6 ...) with tag pairs for the options, start, players and result",
		Ext:       "txt",
		MediaType: "text/plain; charset=utf-8",
		Read:      ReadRecords,
		Write:     WriteRecord,
	}}
}

var _ game.RecordKeeper = Game{}

// Tag names of a record.
const (
	tagEvent   = "Event"
	tagDate    = "Date"
	tagWhite   = "White"
	tagBlack   = "Black"
	tagOptions = "Options"
	tagFEN     = "FEN"
	tagResult  = "Result"
	tagEnding  = "Ending"
	tagReason  = "Reason"
)

// WriteRecord writes rec as tag pairs and move text (FormatMoveText), which ReadRecords reads
// back:
//
//	[Event "Club night"]
//	[Date "2026-01-31"]
//	[White "Ann"]
//	[Black "Bob"]
//	[Options "setup=first-rank,mate-ends-game=false,fifty-move-plies=100,repetition=claim,knight-letter=K"]
//	[Result "0-1"]
//	[Ending "resignation"]
//	[Reason "White resigned"]
//
//	1. C.d3 C.e6 2. Q.g4 Q.b5 0-1
//
// Tags whose value is unknown are left out; FEN gives a start other than the options' own (its
// history, if it has one, is not kept). The result ends the move text ("*" alone when there are
// neither moves nor result); a game that ended off the
// board says how in Ending (resignation, agreement, time, abort, adjudication, or claim for a
// draw claimed by the side not to move) and Reason. A draw agreed is written "=", any other
// draw "½".
func WriteRecord(w io.Writer, rec game.Record) error {
	start, ok := rec.Start.(*State)
	if !ok {
		return fmt.Errorf("turnover record: the start is not a Turnover position (%T)", rec.Start)
	}
	s := start.Clone().(*State)
	var actions []game.Action
	for i, text := range rec.Moves {
		m, err := game.ParseMove(s, text)
		if err == nil {
			err = game.PlayMove(s, m)
		}
		if err != nil {
			return fmt.Errorf("turnover record: ply %d (%s): %w", i+1, text, err)
		}
		actions = append(actions, m.Actions[m.Actors.Single()])
	}
	moveText, err := FormatMoveText(start, actions)
	if err != nil {
		return fmt.Errorf("turnover record: %w", err)
	}
	end, res := s.Outcome(), rec.Result
	if res.Over && end.Over && (res.Winner != end.Winner || (res.Ending != game.EndRules && res.Ending != game.EndNone && res.Ending != end.Ending)) {
		return fmt.Errorf("%w: turnover record: the result (%s, %s) is not how the moves end the game (%s, %s)", game.ErrIllegal,
			res.Describe(sideNames), res.Ending, end.Describe(sideNames), end.Ending)
	}
	offBoard := res.Over && !end.Over
	if offBoard {
		switch {
		case res.Ending == game.EndRules || res.Ending == game.EndNone:
			return fmt.Errorf("%w: turnover record: the result (%s) is by the rules, but the moves do not end the game", game.ErrIllegal, res.Describe(sideNames))
		case res.Ending == game.EndClaim && (res.Winner != game.NoPlayer || !s.CanClaimRepetition()):
			return fmt.Errorf("%w: turnover record: a draw is claimed where the rules allow no claim", game.ErrIllegal)
		}
	}
	var b strings.Builder
	tag := func(name, value string) error {
		if value == "" {
			return nil
		}
		if strings.ContainsAny(value, "\r\n") {
			return fmt.Errorf("turnover record: the %s tag %q holds a line break", name, value)
		}
		fmt.Fprintf(&b, "[%s %s]\n", name, strconv.Quote(value))
		return nil
	}
	date := ""
	if !rec.Date.IsZero() {
		date = formatDate(rec.Date)
	}
	token := ResultOf(res)
	if res.Over && res.Ending == game.EndAgreement {
		token = ResultAgreed
	}
	for _, t := range [][2]string{
		{tagEvent, rec.Event}, {tagDate, date}, {tagWhite, rec.Players[0]}, {tagBlack, rec.Players[1]},
		{tagOptions, start.opts.String()},
	} {
		if err := tag(t[0], t[1]); err != nil {
			return err
		}
	}
	if fresh := NewState(start.rules, StartPosition(start.rules.Setup)); fresh.pos.FEN() != start.pos.FEN() {
		_ = tag(tagFEN, start.pos.FEN())
	}
	if res.Over {
		_ = tag(tagResult, token)
	}
	if offBoard {
		_ = tag(tagEnding, res.Ending.String())
		if err := tag(tagReason, res.Reason); err != nil {
			return err
		}
	}
	b.WriteByte('\n')
	if offBoard {
		if moveText != "" {
			moveText += " "
		}
		moveText += token
	}
	if moveText == "" {
		moveText = noMoves // so that the next game's tags do not read as this game's
	}
	b.WriteString(wrap(moveText, 79))
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

var sideNames = [2]string{"White", "Black"}

// noMoves is the move text of a game without moves or result, as in chess records.
const noMoves = "*"

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// formatDate writes a date alone when it has no time of day, else the time in RFC 3339.
func formatDate(d time.Time) string {
	if d.Hour() == 0 && d.Minute() == 0 && d.Second() == 0 && d.Nanosecond() == 0 && d.Location() == time.UTC {
		return d.Format(time.DateOnly)
	}
	return d.Format(time.RFC3339Nano)
}

// parseDate reads a date (2006-01-02, or 2006.01.02 as chess records write it) or a time in
// RFC 3339.
func parseDate(text string) (time.Time, error) {
	for _, layout := range []string{time.DateOnly, "2006.01.02"} {
		if d, err := time.Parse(layout, text); err == nil {
			return d, nil
		}
	}
	return time.Parse(time.RFC3339Nano, text)
}

// ReadRecords reads every game of a file of records (see WriteRecord): each game is its tag
// pairs, then its move text; a tag after move text begins the next game. A game without an
// Options tag takes o (the defaults when o is empty); FEN gives its start. Blank lines, lines
// starting with '%' or ';', and comments in braces are ignored. Each game is replayed, so a
// record that reads is a legal game, and the moves come back in the game's own spelling. A
// result must agree with the moves: one the rules give needs no Ending; a game the moves do not
// end may end by resignation (the default for 1-0 and 0-1), agreement (the default for =), a
// claimed draw (the default for ½ where a claim is allowed), time, abort or adjudication.
func ReadRecords(r io.Reader, o game.Options) ([]game.Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	type chunk struct {
		tags  []textLine
		moves []textLine
	}
	var games []chunk
	var cur *chunk
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '%' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			if cur == nil || len(cur.moves) > 0 {
				games = append(games, chunk{})
				cur = &games[len(games)-1]
			}
			cur.tags = append(cur.tags, textLine{n, line})
			continue
		}
		if cur == nil {
			games = append(games, chunk{})
			cur = &games[len(games)-1]
		}
		cur.moves = append(cur.moves, textLine{n, line})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("turnover record: line %d: %w", n+1, err)
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("%w: turnover record: no game in the file", game.ErrSyntax)
	}
	recs := make([]game.Record, 0, len(games))
	for i, g := range games {
		rec, err := readRecord(g.tags, g.moves, o)
		if err != nil {
			if len(games) > 1 {
				return nil, fmt.Errorf("turnover record %d: %w", i+1, err)
			}
			return nil, fmt.Errorf("turnover record: %w", err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// textLine is a line of a record file, numbered from 1.
type textLine struct {
	n    int
	text string
}

// readTag reads a tag pair line: [Name "value"].
func readTag(l textLine) (string, string, error) {
	inner, ok := strings.CutSuffix(strings.TrimPrefix(l.text, "["), "]")
	if !ok {
		return "", "", fmt.Errorf("%w: line %d: a tag pair ends with ']'", game.ErrSyntax, l.n)
	}
	name, quoted, ok := strings.Cut(strings.TrimSpace(inner), " ")
	if !ok || name == "" {
		return "", "", fmt.Errorf("%w: line %d: want a tag pair like [White \"Ann\"]", game.ErrSyntax, l.n)
	}
	value, err := strconv.Unquote(strings.TrimSpace(quoted))
	if err != nil || strings.HasPrefix(strings.TrimSpace(quoted), "`") {
		return "", "", fmt.Errorf("%w: line %d: the %s tag's value %s is not a quoted string", game.ErrSyntax, l.n, name, strings.TrimSpace(quoted))
	}
	return name, value, nil
}

// readRecord reads one game.
func readRecord(tagLines, moveLines []textLine, o game.Options) (game.Record, error) {
	rec := game.Record{Result: game.InPlay}
	tags := map[string]string{}
	for _, l := range tagLines {
		name, value, err := readTag(l)
		if err != nil {
			return rec, err
		}
		if _, dup := tags[name]; dup {
			return rec, fmt.Errorf("%w: line %d: the %s tag is given twice", game.ErrSyntax, l.n, name)
		}
		tags[name] = value
		switch name {
		case tagEvent:
			rec.Event = value
		case tagDate:
			d, err := parseDate(value)
			if err != nil {
				return rec, fmt.Errorf("%w: line %d: date %q: want 2006-01-02 or an RFC 3339 time", game.ErrSyntax, l.n, value)
			}
			rec.Date = d
		case tagWhite:
			rec.Players[0] = value
		case tagBlack:
			rec.Players[1] = value
		}
	}
	opts := o
	if text, ok := tags[tagOptions]; ok || o.String() != "" {
		if !ok {
			text = o.String()
		}
		var err error
		if opts, err = game.ParseOptionString(optionSpecs, text); err != nil {
			return rec, fmt.Errorf("options: %w", err)
		}
	}
	r := RulesOf(opts)
	pos := StartPosition(r.Setup)
	if fen, ok := tags[tagFEN]; ok {
		var err error
		if pos, err = ParseFEN(fen); err != nil {
			return rec, fmt.Errorf("FEN: %w", err)
		}
	}
	start := NewState(r, pos)
	rec.Start = start.Clone()
	var text strings.Builder
	for _, l := range moveLines {
		text.WriteString(l.text)
		text.WriteByte(' ')
	}
	body, err := stripComments(text.String())
	if err != nil {
		return rec, err
	}
	if f := strings.Fields(body); len(f) > 0 && f[len(f)-1] == noMoves {
		body = strings.Join(f[:len(f)-1], " ") // no result
	}
	actions, end, token, err := ParseMoveText(start, body)
	if err != nil {
		return rec, err
	}
	s := start.Clone().(*State)
	for _, a := range actions {
		p := s.pos.side
		rec.Moves = append(rec.Moves, game.FormatMove(s, game.Single(p, a)))
		if err := game.Play(s, p, a); err != nil {
			return rec, err // cannot happen: ParseMoveText played it
		}
	}
	if want, ok := tags[tagResult]; ok && want != token && !(want == "*" && token == "") && !(want == "1/2-1/2" && token == ResultDraw) {
		return rec, fmt.Errorf("%w: the Result tag says %s, the move text ends %q", game.ErrSyntax, want, token)
	}
	ending, hasEnding := tags[tagEnding]
	if end.Outcome().Over {
		if hasEnding && ending != end.Outcome().Ending.String() {
			return rec, fmt.Errorf("%w: the Ending tag says %s, but the moves end the game by %s (%s)", game.ErrSyntax, ending, end.Outcome().Ending, end.Outcome().Reason)
		}
		rec.Result = end.Outcome()
		return rec, nil
	}
	if token == "" {
		if hasEnding {
			return rec, fmt.Errorf("%w: an Ending tag, but no result ends the move text", game.ErrSyntax)
		}
		return rec, nil
	}
	res := game.Outcome{Over: true, Winner: game.NoPlayer, Reason: tags[tagReason]}
	switch token {
	case ResultWhite:
		res.Winner, res.Ending = game.First, game.EndResignation
	case ResultBlack:
		res.Winner, res.Ending = game.Second, game.EndResignation
	case ResultAgreed:
		res.Ending = game.EndAgreement
	case ResultDraw:
		res.Ending = game.EndClaim
	}
	if hasEnding {
		e, err := game.ParseEnding(ending)
		if err != nil || e == game.EndNone {
			return rec, fmt.Errorf("%w: Ending %q: want resignation, agreement, time, abort, adjudication or claim", game.ErrSyntax, ending)
		}
		res.Ending = e
	}
	switch {
	case res.Ending == game.EndRules:
		return rec, fmt.Errorf("%w: the record ends %s by the rules, but the moves do not end the game", game.ErrSyntax, token)
	case res.Ending == game.EndClaim && (res.Winner != game.NoPlayer || !end.CanClaimRepetition()):
		return rec, fmt.Errorf("%w: the record ends in a claimed draw (%s), but no draw may be claimed where the moves end (the position has occurred %d times); an agreed draw is written =",
			game.ErrSyntax, token, end.Repetitions())
	case res.Ending == game.EndAgreement && res.Winner != game.NoPlayer:
		return rec, fmt.Errorf("%w: the record says %s by agreement; an agreement ends in a draw", game.ErrSyntax, token)
	}
	rec.Result = res
	return rec, nil
}

// stripComments removes comments in braces from move text.
func stripComments(text string) (string, error) {
	var b strings.Builder
	for {
		open := strings.IndexByte(text, '{')
		if open < 0 {
			if strings.IndexByte(text, '}') >= 0 {
				return "", fmt.Errorf("%w: a '}' closes no comment", game.ErrSyntax)
			}
			b.WriteString(text)
			return b.String(), nil
		}
		shut := strings.IndexByte(text[open:], '}')
		if shut < 0 {
			return "", fmt.Errorf("%w: a comment opened with '{' is not closed", game.ErrSyntax)
		}
		b.WriteString(text[:open])
		b.WriteByte(' ')
		text = text[open+shut+1:]
	}
}
