package play

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aiwork"
)

// Creator is who makes a game: their account comes only once the request is found good (so a
// refused request makes no guest).
type Creator func() (*domain.User, error)

// creator makes the games: from a player's request, a join of an open seat, a rematch, a
// pairing of another service; and starts what a new game waits for.
type creator struct {
	store Store
	reg   *game.Registry
	games *tables
	aiw   *aiwork.Work
	// record commits the changes that make a game (a join, a rematch) and starts what a game
	// waits for.
	record interface {
		committer
		afterChange(lg *liveGame)
	}
	jobs         jobPlanner
	views        viewer
	now          func() time.Time
	lobbyChanged func()
	log          *slog.Logger
	mod          Moderation
}

// refuseBlocked refuses u's join of, or rematch in, game row when u and a player seated there
// blocked one another.
func (c *creator) refuseBlocked(ctx context.Context, row domain.Game, u *domain.User) error {
	for _, seat := range row.Seats {
		if seat.UserID != 0 && seat.UserID != u.ID {
			if err := c.mod.Blocked(ctx, u.ID, seat.UserID); err != nil {
				return err
			}
		}
	}
	return nil
}

// create makes a game from a request and returns it as its creator sees it (with the
// invitation link of an online game's open seat).
func (c *creator) create(ctx context.Context, req api.CreateGame, user Creator) (api.Game, error) {
	if err := checkHintsRequest(req); err != nil {
		return api.Game{}, err
	}
	var u *domain.User
	row, _, invite, err := c.createGame(ctx, func() (*domain.User, error) {
		var err error
		u, err = user()
		return u, err
	}, req, "")
	if err != nil {
		return api.Game{}, err
	}
	if req.Hints {
		if err := c.store.SetGameSettings(ctx, row.ID, domain.GameSettings{Hints: true}); err != nil {
			return api.Game{}, err
		}
	}
	v, err := c.started(ctx, u, row.ID)
	if invite != "" {
		v.Invite = "/play/" + row.ID + "?seat=" + invite
	}
	return v, err
}

// started returns a new game as u sees it, after starting what it waits for (its AI, its
// clock).
func (c *creator) started(ctx context.Context, u *domain.User, id string) (api.Game, error) {
	var v api.Game
	err := c.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		c.record.afterChange(lg)
		if lg.row.Status == domain.StatusOpen && lg.row.Mode == domain.ModeOnline {
			c.lobbyChanged()
		}
		v = c.views.view(lg, u, game.NoPlayer)
		return nil
	})
	return v, err
}

// createGame validates a request and stores the game; it returns the row, the table and the
// invitation token of an online game's open seat.
func (c *creator) createGame(ctx context.Context, user func() (*domain.User, error), req api.CreateGame, rematchOf string) (domain.Game, *game.Table, string, error) {
	if err := correspondenceTime(&req); err != nil {
		return domain.Game{}, nil, "", err
	}
	now := c.now()
	tb, err := c.newTable(req.Kind, req.Options, req.Time, now)
	if err != nil {
		return domain.Game{}, nil, "", err
	}
	g := tb.Game()
	if req.Position != "" {
		if tb, err = fromPosition(g, req, now); err != nil {
			return domain.Game{}, nil, "", err
		}
	}
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
			if aiSpec, err = c.aiw.SeatSpec(g, req.Level, req.Engine); err != nil {
				return domain.Game{}, nil, "", err
			}
		}
		if err := checkBrowserAI(req); err != nil {
			return domain.Game{}, nil, "", err
		}
	case domain.ModeOnline:
		if req.BrowserAI {
			return domain.Game{}, nil, "", domain.Errorf(domain.BadRequest, "browserAI is for games against the AI")
		}
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
		n, err := c.store.CountPlaying(ctx, u.ID, domain.ModeAI)
		if err != nil {
			return domain.Game{}, nil, "", err
		}
		if err := mayStartAIGame(n); err != nil {
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
		row.Seats[side.Other()] = domain.Seat{AI: aiSpec, Browser: req.BrowserAI}
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
	if err := c.store.CreateGame(ctx, row, c.startJobs(row, tb)...); err != nil {
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
func (c *creator) newTable(kind string, options map[string]string, tc game.TimeControl, now time.Time) (*game.Table, error) {
	g, err := c.reg.Lookup(kind)
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

// fromPosition starts the table of a game from req.Position instead of the start: a game
// against the AI or hot-seat (a position from a review, to practise from), never rated, and
// never a position where the game is over.
func fromPosition(g game.Game, req api.CreateGame, now time.Time) (*game.Table, error) {
	if req.Mode == domain.ModeOnline {
		return nil, domain.Errorf(domain.BadRequest, "a game from a position is hot-seat or against the AI").Words("create.position_mode")
	}
	o, err := game.ParseOptions(g.OptionSpecs(), req.Options)
	if err != nil {
		return nil, domain.Errorf(domain.BadOption, "%s: %v", g.Name(), err)
	}
	st, err := game.ReadPosition(g, o, req.Position)
	if err != nil {
		return nil, domain.Errorf(domain.BadRequest, "the position: %v", err).Words("create.position_bad", "error", err.Error())
	}
	if st.ToAct() == game.Nobody {
		return nil, domain.Errorf(domain.BadRequest, "the position: the game is over there").Words("create.position_over")
	}
	if err := checkBound(st); err != nil {
		return nil, err
	}
	return game.NewTable(st, game.TableConfig{Time: req.Time, Now: now})
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

// join takes an online game's open seat for u: with the invitation's token, or any open
// challenge from the lobby. The join is a change like a move: versioned, committed with the
// seat, notified to every instance; the clocks start with it, not when the game was offered.
func (c *creator) join(ctx context.Context, id, token string, user Creator) (api.Game, error) {
	u, err := user()
	if err != nil {
		return api.Game{}, err
	}
	row, err := c.games.row(ctx, id)
	if err != nil {
		return api.Game{}, err
	}
	if err := c.refuseBlocked(ctx, row, u); err != nil {
		return api.Game{}, err
	}
	lg, err := c.games.update(ctx, id, func(ctx context.Context, lg *liveGame) (*liveGame, func(context.Context) error, error) {
		side, seated, err := openSeat(lg.row, u.ID, token)
		if err != nil || seated {
			return lg, nil, err // already seated: nothing to change
		}
		now := c.now()
		work := lg.tb.Clone()
		evs, err := work.Begin(now)
		if err != nil {
			return nil, nil, err
		}
		row := lg.row
		row.Seats[side] = domain.Seat{UserID: u.ID, UserName: u.Name}
		row.Status = domain.StatusActive
		return lg, func(ctx context.Context) error {
			return c.record.commit(ctx, lg, row, work, evs, now, func(ch *domain.Change) {
				ch.Seat = &domain.SeatTaken{Side: int(side), UserID: u.ID}
			})
		}, nil
	})
	if errors.Is(err, domain.ErrConflict) {
		return api.Game{}, domain.Errorf(domain.NotAllowed, "game %s has no open seat: someone joined first", id)
	}
	if err != nil {
		return api.Game{}, err
	}
	return c.started(ctx, u, lg.id)
}

// openSeat returns the seat of a game user may take with an invitation's token ("" for an open
// challenge): an open seat with no invitation, or the one the token opens. seated tells that
// user holds a seat already (a second join changes nothing).
func openSeat(row domain.Game, user int64, token string) (side game.Player, seated bool, err error) {
	side = game.NoPlayer
	for p := game.First; p <= game.Second; p++ {
		seat := row.Seats[p]
		if seat.UserID == user {
			return p, true, nil
		}
		if seat.Open() && (seat.InviteHash == "" || token != "" && seat.InviteHash == domain.HashToken(token)) {
			side = p
		}
	}
	if side != game.NoPlayer {
		return side, false, nil
	}
	if token != "" {
		return side, false, domain.Errorf(domain.Forbidden, "this invitation is not valid (used, or for another game)")
	}
	return side, false, domain.Errorf(domain.NotAllowed, "game %s has no open seat", row.ID)
}

// rematch starts a new game with the same options and the colours swapped, for a player of a
// finished game; created tells whether this call made it (both players asking get the same
// rematch). The finished game learns of its rematch by a versioned change committed with the
// new game, so that its followers on every instance see the link at once.
func (c *creator) rematch(ctx context.Context, u *domain.User, id string) (v api.Game, created bool, err error) {
	var rematch string
	row, err := c.games.row(ctx, id)
	if err != nil {
		return api.Game{}, false, err
	}
	if row.Seats[0].UserID == u.ID || row.Seats[1].UserID == u.ID {
		if err := c.refuseBlocked(ctx, row, u); err != nil {
			return api.Game{}, false, err
		}
	}
	_, err = c.games.update(ctx, id, func(ctx context.Context, lg *liveGame) (*liveGame, func(context.Context) error, error) {
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
		now := c.now()
		ntb, err := c.newTable(row.Kind, opts, row.Time, now)
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
			return c.record.commit(ctx, lg, orow, work, evs, now, func(ch *domain.Change) {
				ch.Rematch = &nrow
				ch.Jobs = append(ch.Jobs, c.startJobs(nrow, ntb)...)
			})
		}, nil
	})
	if err != nil {
		return api.Game{}, false, err
	}
	if created {
		if gs, err := c.store.GameSettingsOf(ctx, id); err == nil && gs != (domain.GameSettings{}) {
			if err := c.store.SetGameSettings(ctx, rematch, gs); err != nil {
				c.log.Warn("the rematch's settings", "game", rematch, "error", err)
			}
		}
	}
	v, err = c.started(ctx, u, rematch)
	return v, created, err
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

// createPaired stores a paired game and starts what it waits for (its clock); ErrConflict
// when it exists already.
func (c *creator) createPaired(ctx context.Context, p Paired) error {
	now := c.now()
	tb, err := c.newTable(p.Kind, p.Options, p.Time, now)
	if err != nil {
		return err
	}
	row := domain.Game{ID: p.ID, Kind: tb.Game().Name(), Start: tb.Start().Encode(), Time: p.Time, Mode: domain.ModeOnline,
		CreatedBy: p.CreatedBy, Created: now, Status: domain.StatusActive, Outcome: game.InPlay, Rated: p.Rated,
		Seats: [2]domain.Seat{{UserID: p.Users[0]}, {UserID: p.Users[1]}}}
	settle(&row, tb)
	if err := c.store.CreateGame(ctx, row, c.startJobs(row, tb)...); err != nil {
		return err
	}
	_, err = c.started(ctx, nil, row.ID)
	return err
}

// startJobs are the jobs a new game calls for (see finisher).
func (c *creator) startJobs(row domain.Game, tb *game.Table) []domain.Job {
	out, _ := c.jobs.jobs(row, tb, row.Status, false, false)
	return out
}

// checkBrowserAI refuses a browser's AI where the browser cannot stand in for the server's: in
// a hot-seat game (no AI seat) and with a vetted engine spec (the page's engine plays levels).
func checkBrowserAI(req api.CreateGame) error {
	if !req.BrowserAI {
		return nil
	}
	if req.Mode != domain.ModeAI {
		return domain.Errorf(domain.BadRequest, "browserAI is for games against the AI")
	}
	if req.Engine != "" {
		return domain.Errorf(domain.BadRequest, "browserAI plays the AI's levels, not an engine spec")
	}
	return nil
}
