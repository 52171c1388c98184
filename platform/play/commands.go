package play

import (
	"context"
	"slices"
	"strings"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// command is one thing a side (or the server) does at a table.
type command struct {
	kind string
	side game.Player
	move string
	// ply, when not -1, is the ply the client believes current: a move made at a stale ply is
	// refused instead of being played somewhere the player did not look.
	ply    int
	moves  int
	accept bool
	// winner and reason of an adjudication.
	winner game.Player
	reason string
	// add is the time cmdAddTime gives the side's clock.
	add time.Duration
	// ai marks a move its game's player sends for an AI seat (see browserAISide).
	ai bool
}

// Command kinds.
const (
	cmdMove     = "move"
	cmdWithdraw = "withdraw"
	cmdResign   = "resign"
	cmdDraw     = "draw"    // offer, or accept a standing offer
	cmdDecline  = "decline" // decline a draw offer
	cmdClaim    = "claim"
	cmdAbort    = "abort"
	cmdTakeback = "takeback" // immediate (hot-seat, against the AI) or a request (online)
	cmdAnswer   = "answer"   // answer a takeback request
	cmdTick     = "tick"
	cmdAdjudge  = "adjudicate"
	cmdAddTime  = "add_time" // a vacation's days on a correspondence clock
)

// Commands lists the commands players send (POST /api/games/{id}/{command}).
var Commands = []string{cmdMove, cmdWithdraw, cmdResign, cmdDraw, cmdDecline, cmdClaim, cmdAbort, cmdTakeback, cmdAnswer}

// doer runs a command at a game: the clocks, the AI and the jobs act through it as the server
// (who nil).
type doer interface {
	do(ctx context.Context, id string, who *domain.User, c command) ([]game.Event, error)
}

// viewer makes a game's view for a user (see views).
type viewer interface {
	view(lg *liveGame, u *domain.User, as game.Player) api.Game
}

// committer stores what a command did to a copy of a game's table, and moves the game in
// memory on (see recorder).
type committer interface {
	commit(ctx context.Context, lg *liveGame, row domain.Game, work *game.Table, evs []game.Event, now time.Time, edit func(*domain.Change)) error
}

// commander runs the commands of the players and of the server at the tables: each on a copy
// of the table, in the game's actor, committed from the version it was made on.
type commander struct {
	games  *tables
	views  viewer
	commit committer
	now    func() time.Time
}

// command runs a player's command of a kind and returns the game's version after it, with u's
// view when wantView (or when an error carries one).
func (c *commander) command(ctx context.Context, u *domain.User, id, kind string, req api.Command, wantView bool) (api.Game, int64, error) {
	if !slices.Contains(Commands, kind) {
		return api.Game{}, 0, domain.Errorf(domain.BadRequest, "unknown command %q", kind)
	}
	cmd, err := commandOf(req, kind)
	if err != nil {
		return api.Game{}, 0, err
	}
	// The view is made in the actor, after the command, when it is wanted; a pointer, so that
	// the closure does not put a whole view on the heap for each command that wants none.
	var v *api.Game
	evs, lg, err := c.doThen(ctx, id, u, cmd, func(lg *liveGame, err error) {
		if wantView || err != nil {
			gv := c.views.view(lg, u, cmd.side)
			v = &gv
		}
	})
	if lg == nil {
		return api.Game{}, 0, err
	}
	var version int64
	if n := len(evs); n > 0 {
		version = evs[n-1].Version
	}
	if v == nil {
		return api.Game{}, version, err
	}
	// The answer carries the history from the command's first change on.
	v.View.Since(game.HistoryFrom(evs))
	if err != nil {
		e := *domain.AsError(err)
		e.View = *v
		return *v, version, &e
	}
	return *v, version, nil
}

// commandOf reads a command request of a kind.
func commandOf(q api.Command, kind string) (command, error) {
	c := command{kind: kind, side: game.NoPlayer, move: q.Move, ply: -1, moves: q.Moves, accept: q.Accept, ai: q.AI}
	if q.Side != "" {
		p, err := game.ParsePlayer(q.Side)
		if err != nil || !p.Valid() {
			return c, domain.Errorf(domain.BadRequest, "side %q: want first or second", q.Side)
		}
		c.side = p
	}
	if q.Ply != nil {
		if *q.Ply < 0 {
			return c, domain.Errorf(domain.BadRequest, "ply %d: want 0 or more", *q.Ply)
		}
		c.ply = *q.Ply
	}
	if q.AI && kind != cmdMove {
		return c, domain.Errorf(domain.BadRequest, "\"ai\" marks a move: the browser plays only the AI's moves")
	}
	if q.AI && q.Ply == nil {
		return c, domain.Errorf(domain.BadRequest, "an AI's move names the ply it was found at: {\"move\": \"f5\", \"ai\": true, \"ply\": 0}")
	}
	if kind == cmdMove && strings.TrimSpace(q.Move) == "" {
		return c, domain.Errorf(domain.BadRequest, "a move is required: {\"move\": \"f5\"}")
	}
	if q.Moves < 0 || q.Moves > 10000 {
		return c, domain.Errorf(domain.BadRequest, "moves %d out of range", q.Moves)
	}
	return c, nil
}

// do runs a command at game id for who (nil for the server itself: clocks, the AI) in the
// game's actor, and returns its events: the change is made on a copy of the table and committed
// from its version through the aggregate helper's Update, which reloads the game and tries the
// command again when another instance committed first (a command pinned to a ply is then
// refused as stale).
func (c *commander) do(ctx context.Context, id string, who *domain.User, cmd command) ([]game.Event, error) {
	evs, _, err := c.doThen(ctx, id, who, cmd, nil)
	return evs, err
}

// doThen is do, with then run in the actor after the command (its answer's view, made on the
// same state), told of the command's error when it was refused with events.
func (c *commander) doThen(ctx context.Context, id string, who *domain.User, cmd command, then func(lg *liveGame, cmdErr error)) ([]game.Event, *liveGame, error) {
	var evs []game.Event
	var cmdErr error
	lg, err := c.games.update(ctx, id, func(ctx context.Context, lg *liveGame) (*liveGame, func(context.Context) error, error) {
		cmd := cmd
		evs, cmdErr = nil, nil
		if who != nil && cmd.ai {
			side, err := browserAISide(lg.row, lg.tb.ToAct(), who.ID, cmd.side)
			if err != nil {
				return nil, nil, err
			}
			cmd.side = side
		} else if who != nil {
			side, err := actingSide(lg.row, lg.tb.ToAct(), who.ID, cmd.side)
			if err != nil {
				return nil, nil, err
			}
			cmd.side = side
		}
		if cmd.ply >= 0 && cmd.ply != lg.tb.Ply() {
			return nil, nil, c.staleError(lg, who)
		}
		now := c.now()
		work := lg.tb.Clone()
		evs, cmdErr = run(work, lg.row, cmd, now)
		if len(evs) == 0 {
			if cmdErr == nil {
				cmdErr = domain.Errorf(domain.NotAllowed, "nothing happened")
			}
			return nil, nil, cmdErr
		}
		evs = append(evs, moveLimit(work, now)...)
		// The change is stored, then lg moves on in place (commit): the value stays lg.
		return lg, func(ctx context.Context) error {
			if err := c.commit.commit(ctx, lg, lg.row, work, evs, now, nil); err != nil {
				return err
			}
			if then != nil {
				then(lg, cmdErr)
			}
			return nil
		}, nil
	})
	if err != nil {
		return nil, nil, err
	}
	return evs, lg, cmdErr
}

// run applies c to tb (a copy of the live table): the table's rules, with the service's on
// draws and takebacks.
func run(tb *game.Table, row domain.Game, c command, now time.Time) ([]game.Event, error) {
	switch c.kind {
	case cmdMove:
		return tb.SubmitText(c.side, c.move, now)
	case cmdWithdraw:
		return tb.Withdraw(c.side, now)
	case cmdResign:
		return tb.Resign(c.side, now)
	case cmdDraw:
		return offerDraw(tb, row, c.side, now)
	case cmdDecline:
		return tb.DeclineDraw(c.side, now)
	case cmdClaim:
		return claimDraw(tb, c.side, now)
	case cmdAbort:
		return tb.Abort(c.side, now)
	case cmdAbandon:
		return tb.Abandon(c.side, now)
	case cmdTakeback:
		return takeBack(tb, row, c.side, c.moves, now)
	case cmdAnswer:
		return tb.AnswerTakeback(c.side, c.accept, now)
	case cmdTick:
		return tb.Tick(now), nil
	case cmdAdjudge:
		return tb.Adjudicate(c.winner, c.reason, now)
	case cmdAddTime:
		return tb.AddTime(c.side, c.add, now)
	}
	return nil, domain.Errorf(domain.BadRequest, "unknown command %q", c.kind)
}

// actingSide returns the side user acts for at a game: the side the request named (side, or
// NoPlayer), else the seat user holds, else, for the holder of both seats, the side alone to
// act. It refuses a user who holds no seat, or not the one named, and any command before the
// game has its opponent.
func actingSide(row domain.Game, toAct game.Actors, user int64, side game.Player) (game.Player, error) {
	var held []game.Player
	for p := game.First; p <= game.Second; p++ {
		if row.Seats[p].UserID == user {
			held = append(held, p)
		}
	}
	if len(held) == 0 {
		return side, domain.Errorf(domain.Forbidden, "you do not play in game %s", row.ID)
	}
	if row.Status == domain.StatusOpen {
		return side, domain.Errorf(domain.NotAllowed, "the game waits for an opponent to join")
	}
	if side == game.NoPlayer {
		switch {
		case len(held) == 1:
			side = held[0]
		case toAct.Single() != game.NoPlayer:
			side = toAct.Single()
		default:
			return side, domain.Errorf(domain.BadRequest, "you hold both seats: say which side acts (\"side\": \"first\" or \"second\")")
		}
	}
	if !side.Valid() || row.Seats[side].UserID != user {
		return side, domain.Errorf(domain.Forbidden, "you do not hold the %s seat of game %s", sideWord(side), row.ID)
	}
	return side, nil
}

// browserAISide returns the AI seat user may move for with the engine of user's browser: the
// side named (or the game's AI seat), when it is an AI seat that opted in to the browser's
// moves (Seat.Browser, set only in casual games against the AI), the other seat is user's,
// and it acts now. Anything else is refused: a rated game, another person's game, the human's
// own seat, a move out of turn. The move itself is then checked as any move.
func browserAISide(row domain.Game, toAct game.Actors, user int64, side game.Player) (game.Player, error) {
	if side == game.NoPlayer {
		for p := game.First; p <= game.Second; p++ {
			if row.Seats[p].AI != "" {
				side = p
			}
		}
	}
	if !side.Valid() {
		return side, domain.Errorf(domain.Forbidden, "game %s has no AI seat", row.ID)
	}
	seat, other := row.Seats[side], row.Seats[side.Other()]
	switch {
	case row.Rated || row.Mode != domain.ModeAI:
		return side, domain.Errorf(domain.Forbidden, "only a casual game against the AI takes the AI's moves from a browser")
	case seat.AI == "":
		return side, domain.Errorf(domain.Forbidden, "the %s seat of game %s is not the AI's", sideWord(side), row.ID)
	case !seat.Browser:
		return side, domain.Errorf(domain.Forbidden, "game %s plays its AI on the server (it was not created with browserAI)", row.ID)
	case other.UserID != user:
		return side, domain.Errorf(domain.Forbidden, "you do not play in game %s", row.ID)
	case row.Status != domain.StatusActive:
		return side, domain.Errorf(domain.NotAllowed, "game %s is not in play", row.ID)
	case !toAct.Has(side):
		return side, domain.Errorf(domain.NotYourTurn, "the AI does not act now in game %s", row.ID)
	}
	return side, nil
}

func sideWord(p game.Player) string {
	if p.Valid() {
		return p.String()
	}
	return "unknown"
}

// staleError is the conflict a client gets when it acted on an old position, with the fresh
// view so it catches up at once.
func (c *commander) staleError(lg *liveGame, who *domain.User) error {
	e := domain.Errorf(domain.StalePly, "the game has moved on: it is at ply %d (version %d)", lg.tb.Ply(), lg.tb.Version())
	e.View = c.views.view(lg, who, game.NoPlayer)
	return e
}
