package play

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"strings"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// Creator is who makes a game: their account comes only once the request is found good (so a
// refused request makes no guest).
type Creator func() (*domain.User, error)

// Create makes a game from a request and returns it as its creator sees it (with the
// invitation link of an online game's open seat).
func (s *Service) Create(ctx context.Context, req api.CreateGame, user Creator) (api.Game, error) {
	if err := checkHintsRequest(req); err != nil {
		return api.Game{}, err
	}
	var u *domain.User
	row, _, invite, err := s.createGame(ctx, func() (*domain.User, error) {
		var err error
		u, err = user()
		return u, err
	}, req, "")
	if err != nil {
		return api.Game{}, err
	}
	if req.Hints {
		if err := s.store.SetGameSettings(ctx, row.ID, domain.GameSettings{Hints: true}); err != nil {
			return api.Game{}, err
		}
	}
	v, err := s.started(ctx, u, row.ID)
	if invite != "" {
		v.Invite = "/play/" + row.ID + "?seat=" + invite
	}
	return v, err
}

// started returns a new game as u sees it, after starting what it waits for (its AI, its
// clock).
func (s *Service) started(ctx context.Context, u *domain.User, id string) (api.Game, error) {
	var v api.Game
	err := s.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		s.afterChange(lg)
		if lg.row.Status == domain.StatusOpen && lg.row.Mode == domain.ModeOnline {
			s.cfg.LobbyChanged()
		}
		v = s.view(lg, u, game.NoPlayer)
		return nil
	})
	return v, err
}

// createGame validates a request and stores the game; it returns the row, the table and the
// invitation token of an online game's open seat.
func (s *Service) createGame(ctx context.Context, user func() (*domain.User, error), req api.CreateGame, rematchOf string) (domain.Game, *game.Table, string, error) {
	if err := correspondenceTime(&req); err != nil {
		return domain.Game{}, nil, "", err
	}
	now := s.now()
	tb, err := s.newTable(req.Kind, req.Options, req.Time, now)
	if err != nil {
		return domain.Game{}, nil, "", err
	}
	g := tb.Game()
	side := game.First
	switch req.Side {
	case "", "first":
	case "second":
		side = game.Second
	case "random":
		var b [1]byte
		rand.Read(b[:])
		side = game.Player(b[0] & 1)
	default:
		return domain.Game{}, nil, "", domain.Errorf(domain.BadRequest, "side %q: want first, second or random", req.Side)
	}
	var aiSpec string
	switch req.Mode {
	case domain.ModeHotSeat, domain.ModeAI:
		if req.Rated {
			return domain.Game{}, nil, "", domain.Errorf(domain.BadRequest, "hot-seat games and games against the AI are unrated")
		}
		if req.Mode == domain.ModeAI {
			if aiSpec, err = s.aiw.SeatSpec(g, req.Level, req.Engine); err != nil {
				return domain.Game{}, nil, "", err
			}
		}
	case domain.ModeOnline:
		// No clock runs before the opponent joins: the join begins the game.
		if tb, err = game.NewTable(tb.Start(), game.TableConfig{Time: req.Time, Now: now, Held: true}); err != nil {
			return domain.Game{}, nil, "", err
		}
	default:
		return domain.Game{}, nil, "", domain.Errorf(domain.BadRequest, "mode %q: want hotseat, ai or online", req.Mode)
	}
	u, err := user()
	if err != nil {
		return domain.Game{}, nil, "", err
	}
	if req.Mode == domain.ModeAI {
		if err := s.allowAIGame(ctx, u); err != nil {
			return domain.Game{}, nil, "", err
		}
	}
	row := domain.Game{ID: domain.NewID(), Kind: g.Name(), Start: tb.Start().Encode(), Time: req.Time, Mode: req.Mode,
		CreatedBy: u.ID, Created: now, Status: domain.StatusActive, Outcome: game.InPlay, RematchOf: rematchOf}
	var invite string
	switch req.Mode {
	case domain.ModeHotSeat:
		row.Seats = [2]domain.Seat{{UserID: u.ID}, {UserID: u.ID}}
	case domain.ModeAI:
		row.Seats[side] = domain.Seat{UserID: u.ID}
		row.Seats[side.Other()] = domain.Seat{AI: aiSpec}
	case domain.ModeOnline:
		row.Seats[side] = domain.Seat{UserID: u.ID}
		row.Status = domain.StatusOpen
		if !req.Open {
			invite = rand.Text()
			row.Seats[side.Other()] = domain.Seat{InviteHash: domain.HashToken(invite)}
		}
		row.Rated = req.Rated
	}
	settle(&row, tb)
	if err := s.store.CreateGame(ctx, row, s.startJobs(row, tb)...); err != nil {
		return domain.Game{}, nil, "", err
	}
	return row, tb, invite, nil
}

// checkHintsRequest refuses hints for both in a game that cannot have them: a rated game, or a
// game that is not between people (those have hints anyway).
func checkHintsRequest(req api.CreateGame) error {
	if !req.Hints {
		return nil
	}
	if req.Mode != domain.ModeOnline {
		return domain.Errorf(domain.BadRequest, "hints for both are for online games: hot-seat games and games against the AI have hints anyway")
	}
	if req.Rated {
		return domain.Errorf(domain.BadRequest, "a rated game has no hints")
	}
	return nil
}

// newTable starts a table of kind under options and a time control at now: every new game's
// first step (creating, rematches, event pairings). Bad kinds and options are the service's
// errors.
func (s *Service) newTable(kind string, options map[string]string, tc game.TimeControl, now time.Time) (*game.Table, error) {
	g, err := s.reg.Lookup(kind)
	if err != nil {
		return nil, domain.Errorf(domain.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), options)
	if err != nil {
		return nil, domain.Errorf(domain.BadOption, "%s: %v", g.Name(), err)
	}
	st, err := g.New(o)
	if err != nil {
		return nil, domain.Errorf(domain.BadOption, "%s: %v", g.Name(), err)
	}
	if err := checkBound(st); err != nil {
		return nil, err
	}
	if err := tc.Validate(); err != nil {
		return nil, domain.Errorf(domain.BadOption, "time: %v", err)
	}
	return game.NewTable(st, game.TableConfig{Time: tc, Now: now})
}

// settle fills in what a new game's row takes from its table: the clocks and offers, the first
// deadline of a game in play, and whether an AI moves first.
func settle(row *domain.Game, tb *game.Table) {
	row.Meta = domain.MetaOf(tb.Snapshot())
	if d, ok := tb.Deadline(); ok && row.Status == domain.StatusActive {
		row.Deadline = d
	}
	row.AITurn = aiTurn(*row, tb)
}

// Join takes an online game's open seat for u: with the invitation's token, or any open
// challenge from the lobby. The join is a change like a move: versioned, committed with the
// seat, notified to every instance; the clocks start with it, not when the game was offered.
func (s *Service) Join(ctx context.Context, id, token string, user Creator) (api.Game, error) {
	u, err := user()
	if err != nil {
		return api.Game{}, err
	}
	lg, err := s.games.Update(ctx, id, func(ctx context.Context, lg *liveGame) (*liveGame, func(context.Context) error, error) {
		side := game.NoPlayer
		for p := game.First; p <= game.Second; p++ {
			seat := lg.row.Seats[p]
			if seat.UserID == u.ID {
				return lg, nil, nil // already seated: nothing to change
			}
			if seat.Open() && (seat.InviteHash == "" || token != "" && seat.InviteHash == domain.HashToken(token)) {
				side = p
			}
		}
		if side == game.NoPlayer {
			if token != "" {
				return nil, nil, domain.Errorf(domain.Forbidden, "this invitation is not valid (used, or for another game)")
			}
			return nil, nil, domain.Errorf(domain.NotAllowed, "game %s has no open seat", id)
		}
		now := s.now()
		work := lg.tb.Clone()
		evs, err := work.Begin(now)
		if err != nil {
			return nil, nil, err
		}
		row := lg.row
		row.Seats[side] = domain.Seat{UserID: u.ID, UserName: u.Name}
		row.Status = domain.StatusActive
		return lg, func(ctx context.Context) error {
			return s.commitWork(ctx, lg, row, work, evs, now, func(c *domain.Change) {
				c.Seat = &domain.SeatTaken{Side: int(side), UserID: u.ID}
			})
		}, nil
	})
	if errors.Is(err, domain.ErrConflict) {
		return api.Game{}, domain.Errorf(domain.NotAllowed, "game %s has no open seat: someone joined first", id)
	}
	if err != nil {
		return api.Game{}, err
	}
	return s.started(ctx, u, lg.id)
}

// Rematch starts a new game with the same options and the colours swapped, for a player of a
// finished game; created tells whether this call made it (both players asking get the same
// rematch). The finished game learns of its rematch by a versioned change committed with the
// new game, so that its followers on every instance see the link at once.
func (s *Service) Rematch(ctx context.Context, u *domain.User, id string) (v api.Game, created bool, err error) {
	var rematch string
	_, err = s.games.Update(ctx, id, func(ctx context.Context, lg *liveGame) (*liveGame, func(context.Context) error, error) {
		row, tb := lg.row, lg.tb
		if row.Seats[0].UserID != u.ID && row.Seats[1].UserID != u.ID {
			return nil, nil, domain.Errorf(domain.Forbidden, "you did not play in game %s", id)
		}
		if !tb.Over() {
			return nil, nil, domain.Errorf(domain.NotAllowed, "game %s is still in play", id)
		}
		if row.Rematch != "" {
			rematch, created = row.Rematch, false
			return lg, nil, nil
		}
		// A fresh random setup where the game has one (options marked Fresh).
		opts := game.RematchOptions(tb.Game().OptionSpecs(), tb.Start().Options())
		now := s.now()
		ntb, err := s.newTable(row.Kind, opts, row.Time, now)
		if err != nil {
			return nil, nil, err
		}
		nrow := domain.Game{ID: domain.NewID(), Kind: row.Kind, Start: ntb.Start().Encode(), Time: row.Time, Mode: row.Mode, Rated: row.Rated,
			CreatedBy: u.ID, Created: now, Status: domain.StatusActive, Outcome: game.InPlay, RematchOf: id,
			Seats: [2]domain.Seat{row.Seats[1], row.Seats[0]}}
		for i := range nrow.Seats {
			nrow.Seats[i].InviteHash = ""
			if nrow.Seats[i].Open() {
				return nil, nil, domain.Errorf(domain.NotAllowed, "game %s had an empty seat", id)
			}
		}
		settle(&nrow, ntb)
		work := lg.tb.Clone()
		evs, err := work.Rematch(nrow.ID, now)
		if err != nil {
			return nil, nil, err
		}
		orow := row
		orow.Rematch = nrow.ID
		rematch, created = nrow.ID, true
		return lg, func(ctx context.Context) error {
			return s.commitWork(ctx, lg, orow, work, evs, now, func(c *domain.Change) {
				c.Rematch = &nrow
				c.Jobs = append(c.Jobs, s.startJobs(nrow, ntb)...)
			})
		}, nil
	})
	if err != nil {
		return api.Game{}, false, err
	}
	if created {
		if gs, err := s.store.GameSettingsOf(ctx, id); err == nil && gs != (domain.GameSettings{}) {
			if err := s.store.SetGameSettings(ctx, rematch, gs); err != nil {
				s.log.Warn("the rematch's settings", "game", rematch, "error", err)
			}
		}
	}
	v, err = s.started(ctx, u, rematch)
	return v, created, err
}

// Import reads a record (an Othello GGF or move list, or any game's own format) and makes it a
// hot-seat game of the caller's, to replay or to continue.
func (s *Service) Import(ctx context.Context, req api.Import, user Creator) (api.Game, error) {
	if req.Kind == "" {
		req.Kind = "reversi"
	}
	g, err := s.reg.Lookup(req.Kind)
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
	now := s.now()
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
	if err := s.store.CreateGameWithMoves(ctx, row, domain.Change{GameID: row.ID, Snapshot: tb.Snapshot(), Events: evs,
		Status: status, Outcome: tb.Outcome(), Now: now}); err != nil {
		return api.Game{}, err
	}
	return s.started(ctx, u, row.ID)
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

// Export writes game id's record: "json" (or ""), or one of the game's record formats.
func (s *Service) Export(ctx context.Context, id, format string) (Export, error) {
	var row domain.Game
	var tb *game.Table
	if err := s.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
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

// Paired is a game another service makes for two players (a paired event's pairing): online,
// both seats taken, its clock running.
type Paired struct {
	ID        string
	Kind      string
	Options   map[string]string
	Time      game.TimeControl
	Rated     bool
	CreatedBy int64
	Users     [2]int64
}

// CreatePaired stores a paired game and starts what it waits for (its clock); ErrConflict
// when it exists already.
func (s *Service) CreatePaired(ctx context.Context, p Paired) error {
	now := s.now()
	tb, err := s.newTable(p.Kind, p.Options, p.Time, now)
	if err != nil {
		return err
	}
	row := domain.Game{ID: p.ID, Kind: tb.Game().Name(), Start: tb.Start().Encode(), Time: p.Time, Mode: domain.ModeOnline,
		CreatedBy: p.CreatedBy, Created: now, Status: domain.StatusActive, Outcome: game.InPlay, Rated: p.Rated,
		Seats: [2]domain.Seat{{UserID: p.Users[0]}, {UserID: p.Users[1]}}}
	settle(&row, tb)
	if err := s.store.CreateGame(ctx, row, s.startJobs(row, tb)...); err != nil {
		return err
	}
	_, err = s.started(ctx, nil, row.ID)
	return err
}

// startJobs are the jobs a new game calls for (see effects).
func (s *Service) startJobs(row domain.Game, tb *game.Table) []domain.Job {
	out, _ := s.effects(row, tb, row.Status, false, false)
	return out
}
