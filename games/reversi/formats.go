package reversi

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"turncoat/game"
)

var _ game.RecordKeeper = Game{}

// RecordFormats lists the formats the registry reads and writes Othello games in: GGF (the
// preferred one: it keeps the start, the players, the date and the result) and move lists (one
// game a line, from the start of the options the reader is given). OBF holds positions, not
// games, and WTHOR is a binary database whose player and tournament names live in files of
// their own: both are read and written from disk by the files package (games/reversi/files).
func (Game) RecordFormats() []game.RecordFormat {
	return []game.RecordFormat{
		{Name: "ggf", Doc: "Generic Game Format, as the GGS server, NBoard and Edax write it", Ext: "ggf",
			MediaType: "application/x-ggf", Read: readGGFRecords, Write: writeGGFRecord},
		{Name: "moves", Doc: "move lists, one game a line (f5d6c3...), passes left out", Ext: "txt",
			MediaType: "text/plain; charset=utf-8", Read: readMoveLists, Write: writeMoveList},
	}
}

// optionsOr returns o, or the defaults when o holds no Reversi options (the zero Options).
func optionsOr(o game.Options) game.Options {
	if o.Get("size") == "" {
		return game.DefaultOptions(optionSpecs)
	}
	return o
}

// readGGFRecords reads every game of a GGF file; games that give neither a BO[] nor a TY[]
// start from o's start position.
func readGGFRecords(rd io.Reader, o game.Options) ([]game.Record, error) {
	recs, err := readGGF(rd, "", NewState(rulesOf(optionsOr(o))).board)
	out := make([]game.Record, 0, len(recs))
	for i := range recs {
		g, gerr := recs[i].GameRecord()
		if gerr != nil {
			return out, where(gerr, "", i+1)
		}
		out = append(out, g)
	}
	return out, err
}

// writeGGFRecord writes one game as a GGF line.
func writeGGFRecord(w io.Writer, rec game.Record) error {
	r, err := RecordOf(rec)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, r.GGF()+"\n")
	return err
}

// readMoveLists reads a move list file: one game a line from the start position of o (blank
// lines, and lines starting with '#' or '%', are skipped). Passes may be left out. A game that
// reaches its end has the rules' outcome as its result.
func readMoveLists(rd io.Reader, o game.Options) ([]game.Record, error) {
	o = optionsOr(o)
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var out []game.Record
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") || strings.HasPrefix(text, "%") {
			continue
		}
		rec, err := parseMovesFrom(NewState(rulesOf(o)), text)
		if err != nil {
			return out, fmt.Errorf("line %d: %w", line, where(err, "", len(out)+1))
		}
		out = append(out, rec)
	}
	return out, sc.Err()
}

// parseMovesFrom plays a move list from start through the rules (the free start's placements
// and the end-at-once rule included), inserting the passes it leaves out.
func parseMovesFrom(start *State, text string) (game.Record, error) {
	s := start.Clone().(*State)
	var moves []string
	ply := 0
	err := scanMoves(text, func(tok string, offset int) error {
		ply++
		p := game.Player(s.board.Turn)
		if s.MustPass() && !isPass(tok) {
			if err := game.Play(s, p, Pass); err != nil {
				return &RecordError{Ply: ply, Square: "pass", Err: err}
			}
			moves = append(moves, SquareName(Pass))
			p = p.Other()
		}
		a, err := s.ParseAction(p, tok)
		if err != nil {
			return fmt.Errorf("offset %d: %v", offset, err)
		}
		if err := game.Play(s, p, a); err != nil {
			return &RecordError{Ply: ply, Square: s.FormatAction(p, a), Err: err}
		}
		moves = append(moves, s.FormatAction(p, a))
		return nil
	})
	if err != nil {
		return game.Record{}, err
	}
	return game.Record{Start: start, Moves: moves, Result: s.Outcome()}, nil
}

// writeMoveList writes one game as a move list line: its moves as square names, passes left
// out but for a last one ("pa"), and "-" for a game without moves. A move list cannot say where
// a game started: the game must start from the start position of its own options, which the
// reader must be given.
func writeMoveList(w io.Writer, rec game.Record) error {
	st, ok := rec.Start.(*State)
	if !ok {
		return fmt.Errorf("a move list holds Reversi games, not %s", rec.Start.Game().Name())
	}
	if st.Encode() != NewState(st.rules).Encode() {
		return fmt.Errorf("a move list starts from the start position of its options; this game starts from %s (GGF keeps it)", st.board.Text())
	}
	var b strings.Builder
	s := st.Clone()
	for i, text := range rec.Moves {
		m, err := game.ParseMove(s, text)
		if err == nil {
			err = game.PlayMove(s, m)
		}
		if err != nil {
			return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
		}
		switch a := m.Actions[m.Actors.Single()]; {
		case a != Pass:
			b.WriteString(SquareName(int(a)))
		case i == len(rec.Moves)-1:
			b.WriteString("pa") // a last pass: no move after it says it was played
		}
	}
	if b.Len() == 0 {
		b.WriteByte('-') // a game without moves: a line that is not blank, with no move in it
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// GameRecord converts the record to the registry's form: the start as a State under the
// standard rules (its colour to move first, the parallel start recognised), the moves in
// notation ("pass" for every pass), the names, the date when it can be read, and the result as
// an Outcome. A result that is the final position's own is that position's outcome; any other
// (a resignation, a time loss, an agreed score, a komi game, an unfinished game's adjudicated
// score) keeps the recorded winner and disc difference, with the empty squares split so that
// the scores differ by it.
func (r *Record) GameRecord() (game.Record, error) {
	if r.Start.Size != 4 && r.Start.Size != 6 && r.Start.Size != 8 {
		return game.Record{}, fmt.Errorf("board size %d: want 4, 6 or 8", r.Start.Size)
	}
	rules := Rules{Size: r.Start.Size, Start: StartDiagonal, First: r.Start.Turn, NoMove: NoMovePass}
	if par := NewState(Rules{Size: r.Start.Size, Start: StartParallel, NoMove: NoMovePass}).board; par.Black == r.Start.Black && par.White == r.Start.White {
		rules.Start = StartParallel
	}
	start, err := FromBoard(r.Start, rules)
	if err != nil {
		return game.Record{}, err
	}
	moves := make([]string, len(r.Moves))
	for i, sq := range r.Moves {
		moves[i] = SquareName(sq)
	}
	final, err := game.Replay(start, moves)
	if err != nil {
		return game.Record{}, err
	}
	g := game.Record{Start: start, Moves: moves, Players: [2]string{r.Black, r.White}, Event: r.Event,
		Date: parseRecordDate(r.Date), Result: r.outcome(final.(*State))}
	if g.Event == "" {
		g.Event = r.Place
	}
	return g, nil
}

// outcome is the recorded result as an Outcome, given the final position.
func (r *Record) outcome(final *State) game.Outcome {
	if !r.HasResult {
		return game.InPlay
	}
	ending := game.EndRules
	switch r.ResultNote {
	case "resigned":
		ending = game.EndResignation
	case "timeout":
		ending = game.EndTime
	case "agreed":
		ending = game.EndAgreement
	}
	end := final.Outcome()
	if ending == game.EndRules && !r.HasStated && end.Over && end.Score[0]-end.Score[1] == r.Result {
		return end
	}
	o := game.Outcome{Over: true, Winner: game.NoPlayer, Scored: true, Ending: ending}
	switch x := r.StatedResult(); {
	case x > 0:
		o.Winner = game.First
	case x < 0:
		o.Winner = game.Second
	}
	n := r.Start.Size * r.Start.Size
	o.Score = [2]int{(n + r.Result) / 2, (n - r.Result) / 2}
	sides := [2]string{"Black", "White"}
	switch {
	case ending == game.EndResignation && o.Winner != game.NoPlayer:
		o.Reason = sides[o.Winner.Other()] + " resigned"
	case ending == game.EndTime && o.Winner != game.NoPlayer:
		o.Reason = sides[o.Winner.Other()] + " ran out of time"
	case ending == game.EndAgreement:
		o.Reason = "score agreed"
	case r.HasKomi:
		o.Reason = "komi " + signed(r.Komi)
	case !end.Over:
		o.Ending, o.Reason = game.EndAdjudication, "result recorded before the end"
	default:
		o.Reason = "result as recorded"
	}
	return o
}

// RecordOf converts a registry record to an Othello record, for the GGF and WTHOR writers. The
// game must be one GGF can hold: a side without a move passes, and its start is a position
// (not the free start's placements). The result's disc difference is its score's; a
// resignation or a time loss without a score in the winner's favour is written as the whole
// board (GGS's RE[+64:r]); an aborted game states no result.
func RecordOf(rec game.Record) (Record, error) {
	st, ok := rec.Start.(*State)
	if !ok {
		if rec.Start == nil {
			return Record{}, errors.New("the record has no start position")
		}
		return Record{}, fmt.Errorf("not a Reversi game: %s", rec.Start.Game().Name())
	}
	if st.rules.NoMove != NoMovePass {
		return Record{}, errors.New("GGF holds games in which a side without a move passes; under this game's rules the game ends at once (nomove=end)")
	}
	if st.placing() {
		return Record{}, errors.New("GGF cannot hold the free start's placements: record the game from the position after them")
	}
	r := Record{Start: st.board, Black: rec.Players[0], White: rec.Players[1], Event: rec.Event}
	if !rec.Date.IsZero() {
		d := rec.Date
		if zone, _ := d.Zone(); zone == "" || strings.ContainsAny(zone, "+-0123456789") {
			d = d.UTC() // GGF names the zone: an unnamed one (an offset) is written as UTC
		}
		r.Date = d.Format(ggfDateLayout)
	}
	pl := player{b: st.board}
	for i, text := range rec.Moves {
		a, err := st.ParseAction(game.Player(pl.b.Turn), strings.TrimSpace(text))
		if err != nil {
			return Record{}, &RecordError{Ply: i + 1, Square: text, Err: err}
		}
		if err := pl.play(int(a), i+1); err != nil {
			return Record{}, err
		}
	}
	r.Moves = pl.moves
	res := rec.Result
	if !res.Over || res.Ending == game.EndAbort {
		return r, nil
	}
	switch res.Ending {
	case game.EndResignation:
		r.ResultNote = "resigned"
	case game.EndTime:
		r.ResultNote = "timeout"
	case game.EndAgreement:
		r.ResultNote = "agreed"
	}
	r.HasResult = true
	n := st.rules.Size * st.rules.Size
	diff, scored := 0, res.Scored
	if scored {
		diff = res.Score[0] - res.Score[1]
	} else if r.ResultNote == "" && pl.b.Moves() == 0 && pl.b.OpponentMoves() == 0 {
		black, white := pl.b.FinalScore()
		diff, scored = black-white, true
	}
	switch {
	case res.Winner == game.NoPlayer:
		diff = 0
	case !scored || (res.Winner == game.First) != (diff > 0) || diff == 0:
		// no score, or one that does not say who won (a resignation while ahead on discs)
		diff = n
		if res.Winner == game.Second {
			diff = -n
		}
	}
	r.Result = diff
	return r, nil
}

// ggfDateLayout is GGF's date form, as the GGS server writes it: 2004.09.18_05:54:38.MDT.
const ggfDateLayout = "2006.01.02_15:04:05.MST"

// parseRecordDate reads the dates records carry: GGS's "2004.09.18_05:54:38.MDT", NBoard's
// "2014-02-21 20:52:27 GMT", plain dates, a year (WTHOR), or seconds since 1970 (GGS's
// DT[945277754]). It gives the zero time for anything else.
func parseRecordDate(s string) time.Time {
	s = strings.TrimSpace(s)
	for _, layout := range []string{ggfDateLayout, "2006-01-02 15:04:05 MST", "2006-01-02 15:04:05", "2006.01.02", "2006-01-02", "2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	if len(s) > 4 && strings.Trim(s, "0123456789") == "" {
		if secs, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(secs, 0).UTC()
		}
	}
	return time.Time{}
}
