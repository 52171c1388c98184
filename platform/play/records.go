package play

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// starter starts what a new game waits for and returns it as its creator sees it (see creator).
type starter interface {
	started(ctx context.Context, u *domain.User, id string) (api.Game, error)
}

// records makes games of records (imports) and records of games (exports), in any of a game's
// record formats.
type records struct {
	store   Store
	reg     *game.Registry
	games   *tables
	started starter
	now     func() time.Time
}

// importRecord reads a record (an Othello GGF or move list, or any game's own format) and makes
// it a hot-seat game of the caller's, to replay or to continue.
func (r *records) importRecord(ctx context.Context, req api.Import, user Creator) (api.Game, error) {
	if req.Kind == "" {
		req.Kind = "reversi"
	}
	g, err := r.reg.Lookup(req.Kind)
	if err != nil {
		return api.Game{}, domain.Errorf(domain.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), req.Options)
	if err != nil {
		return api.Game{}, domain.Errorf(domain.BadOption, "%v", err)
	}
	format := req.Format
	if format == "" {
		if strings.Contains(req.Text, "(;") {
			format = "ggf"
		} else if len(game.RecordFormats(g)) > 1 {
			format = game.RecordFormats(g)[1].Name
		}
	}
	recs, err := game.ReadRecords(g, format, strings.NewReader(req.Text), o)
	if err != nil {
		return api.Game{}, domain.Errorf(domain.BadRecord, "reading the record: %v", err)
	}
	if len(recs) == 0 {
		return api.Game{}, domain.Errorf(domain.BadRecord, "the text holds no game")
	}
	rec := recs[0]
	if len(rec.Moves) > maxGameMoves {
		return api.Game{}, domain.Errorf(domain.TooLarge, "the record holds %d moves; a game here holds at most %d", len(rec.Moves), maxGameMoves)
	}
	if err := checkBound(rec.Start); err != nil {
		return api.Game{}, err
	}
	now := r.now()
	tb, err := game.NewTable(rec.Start, game.TableConfig{Now: now})
	if err != nil {
		return api.Game{}, err
	}
	var evs []game.Event
	for i, text := range rec.Moves {
		m, err := game.ParseMove(tb.State(), text)
		if err != nil {
			return api.Game{}, domain.Errorf(domain.IllegalMove, "move %d (%s): %v", i+1, text, err)
		}
		for _, p := range m.Actors.Players() {
			e, err := tb.Submit(p, m.Actions[p], now)
			if err != nil {
				return api.Game{}, domain.Errorf(domain.IllegalMove, "move %d (%s): %v", i+1, text, err)
			}
			evs = append(evs, e...)
		}
	}
	evs = append(evs, moveLimit(tb, now)...)
	if req.Finished && !tb.Over() {
		return api.Game{}, domain.Errorf(domain.BadRecord, "the record does not reach the end of the game (%d moves)", len(rec.Moves)).
			Words("import.unfinished", "moves", strconv.Itoa(len(rec.Moves)))
	}
	u, err := user() // only now: a refused import makes no guest
	if err != nil {
		return api.Game{}, err
	}
	row := domain.Game{ID: domain.NewID(), Kind: g.Name(), Start: tb.Start().Encode(), Mode: domain.ModeHotSeat, CreatedBy: u.ID,
		Created: now, Status: domain.StatusActive, Outcome: game.InPlay, Seats: [2]domain.Seat{{UserID: u.ID}, {UserID: u.ID}}}
	empty, err := game.NewTable(rec.Start, game.TableConfig{Now: now})
	if err != nil {
		return api.Game{}, err
	}
	row.Meta = domain.MetaOf(empty.Snapshot())
	status := domain.StatusActive
	if tb.Over() {
		status = domain.StatusOver
	}
	// The game and its moves (one change, with their events) are stored together: a game
	// stored alone would be left empty by a failure between the two.
	if err := r.store.CreateGameWithMoves(ctx, row, domain.Change{GameID: row.ID, Snapshot: tb.Snapshot(), Events: evs,
		Status: status, Outcome: tb.Outcome(), Now: now}); err != nil {
		return api.Game{}, err
	}
	return r.started.started(ctx, u, row.ID)
}

// Export is a game's record in a format.
type Export struct {
	Body      []byte
	MediaType string
	// Filename is the file's name (the game's id and the format's extension).
	Filename string
	// JSON is the record when the format is JSON (Body is then empty).
	JSON *api.Record
}

// export writes game id's record: "json" (or ""), or one of the game's record formats.
func (r *records) export(ctx context.Context, id, format string) (Export, error) {
	var row domain.Game
	var tb *game.Table
	if err := r.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		row, tb = lg.row, lg.tb.Clone()
		return nil
	}); err != nil {
		return Export{}, err
	}
	rec := tb.Record([2]string{seatName(row.Seats[0]), seatName(row.Seats[1])})
	if format == "json" {
		j := recordJSON(row, rec)
		return Export{JSON: &j, Filename: row.ID + ".json"}, nil
	}
	f, err := game.LookupRecordFormat(tb.Game(), format)
	if err != nil {
		if format == "" {
			j := recordJSON(row, rec)
			return Export{JSON: &j}, nil
		}
		return Export{}, domain.Errorf(domain.BadRequest, "%v (or json)", err)
	}
	if f.Write == nil {
		return Export{}, domain.Errorf(domain.BadRequest, "%s records are read-only", f.Name)
	}
	var b bytes.Buffer
	if err := f.Write(&b, rec); err != nil {
		return Export{}, domain.Errorf(domain.BadRecord, "this game cannot be written as %s: %v", f.Name, err)
	}
	ct := f.MediaType
	if ct == "" {
		ct = "text/plain; charset=utf-8"
	}
	return Export{Body: b.Bytes(), MediaType: ct, Filename: row.ID + "." + f.Ext}, nil
}

func seatName(s domain.Seat) string {
	switch {
	case s.UserName != "":
		return s.UserName
	case s.AI != "":
		return "Turncoat AI (" + s.AI + ")"
	}
	return ""
}

// recordJSON is a game's JSON record.
func recordJSON(row domain.Game, rec game.Record) api.Record {
	return api.Record{ID: row.ID, Game: rec.Start.Game().Name(), Options: rec.Start.Options().Map(), Start: rec.Start.Encode(),
		Players: rec.Players, Date: rec.Date, Moves: append([]string{}, rec.Moves...), Result: rec.Result}
}
