package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
)

// liveGame is a game held in memory by its actor: its row and its table, rebuilt from the
// store by replaying the move log, its followers, its clock's timer and its AI's search. The
// store is authoritative: a change is committed before the table in memory moves on, and a
// conflict reloads it.
type liveGame struct {
	id   string
	row  domain.Game
	tb   *game.Table
	subs map[Follower]*subscription
	// ai is the AI search running for this game, if any.
	ai *aiRun
	// timer fires the first running clock's flag fall.
	timer clock.Timer
	// online and watchers are the presence last sent to the followers: which seats follow the
	// game, and how many spectators.
	online   [2]bool
	watchers int
	// flagQueued tells that the game's flag job is stored (see effects).
	flagQueued bool
}

// load reads game id from the store and restores its table (the actor's first work).
func (s *Service) load(ctx context.Context, id string) (*liveGame, error) {
	lg := &liveGame{id: id, subs: map[Follower]*subscription{}}
	if err := s.restore(ctx, lg); err != nil {
		return nil, err
	}
	s.cfg.Metrics.GamesInMemory(+1)
	return lg, nil
}

// reload reads a game again after another instance changed it, keeping what memory holds (its
// followers, who then get the events they missed).
func (s *Service) reload(ctx context.Context, _ string, lg *liveGame) (*liveGame, error) {
	if err := s.restore(ctx, lg); err != nil {
		return nil, err
	}
	s.pushBacklog(ctx, lg)
	return lg, nil
}

// restore (re)reads lg's row and table from the store.
func (s *Service) restore(ctx context.Context, lg *liveGame) error {
	row, snap, err := s.store.LoadSnapshot(ctx, lg.id)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.NotFound, "no game %q", lg.id)
	}
	if err != nil {
		return err
	}
	tb, err := game.Restore(s.reg, snap, nil)
	if err != nil {
		return fmt.Errorf("game %s does not replay: %w", lg.id, err)
	}
	lg.row, lg.tb = row, tb
	return nil
}

// keep reports whether an idle game must stay in memory: it has followers, an AI thinking, or
// a live clock running.
func keep(lg *liveGame) bool {
	return len(lg.subs) > 0 || lg.ai != nil || lg.timer != nil && !lg.tb.Over()
}

// evicted follows a game leaving memory.
func (s *Service) evicted(lg *liveGame) {
	if lg.timer != nil {
		lg.timer.Stop()
	}
	s.cfg.Metrics.GamesInMemory(-1)
}

// with runs f on game id in its actor (loading it first if needed).
func (s *Service) with(ctx context.Context, id string, f func(ctx context.Context, lg *liveGame) error) error {
	return s.games.Do(ctx, id, func(ctx context.Context, v **liveGame) error { return f(ctx, *v) })
}

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

// run applies c to tb (a copy of the live table).
func (s *Service) run(tb *game.Table, row domain.Game, c command, now time.Time) ([]game.Event, error) {
	switch c.kind {
	case cmdMove:
		return tb.SubmitText(c.side, c.move, now)
	case cmdWithdraw:
		return tb.Withdraw(c.side, now)
	case cmdResign:
		return tb.Resign(c.side, now)
	case cmdDraw:
		if row.Seats[c.side.Other()].AI != "" {
			return nil, domain.Errorf(domain.NotAllowed, "the AI plays on: it does not agree draws")
		}
		return tb.OfferDraw(c.side, now)
	case cmdDecline:
		return tb.DeclineDraw(c.side, now)
	case cmdClaim:
		if tb.CanClaimDraw(c.side) {
			return tb.ClaimDraw(c.side, now)
		}
		if _, err := tb.State().ParseAction(c.side, "claim"); err != nil {
			return nil, domain.Errorf(domain.NotAllowed, "%s has no draw to claim here", tb.Game().Title())
		}
		return tb.SubmitText(c.side, "claim", now)
	case cmdAbort:
		return tb.Abort(c.side, now)
	case cmdTakeback:
		n := c.moves
		if row.Mode == domain.ModeOnline && row.Seats[c.side.Other()].UserID != row.Seats[c.side].UserID {
			if n <= 0 {
				n = 1
			}
			return tb.RequestTakeback(c.side, n, now)
		}
		if n <= 0 {
			n = movesBackTo(tb, c.side)
		}
		return tb.Takeback(n, now)
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

// movesBackTo counts the moves to take back so that p is to move again before its last move
// (against the AI, the AI's reply goes too).
func movesBackTo(tb *game.Table, p game.Player) int {
	moves := tb.Moves()
	for i := len(moves) - 1; i >= 0; i-- {
		if moves[i].Move.Actors.Has(p) {
			return len(moves) - i
		}
	}
	return 1
}

// do runs a command at game id for who (nil for the server itself: clocks, the AI) in the
// game's actor, and returns its events: the change is made on a copy of the table and committed
// from its version through the aggregate helper's Update, which reloads the game and tries the
// command again when another instance committed first (a command pinned to a ply is then
// refused as stale).
func (s *Service) do(ctx context.Context, id string, who *domain.User, c command) ([]game.Event, error) {
	evs, _, err := s.doThen(ctx, id, who, c, nil)
	return evs, err
}

// doThen is do, with then run in the actor after the command (its answer's view, made on the
// same state), told of the command's error when it was refused with events.
func (s *Service) doThen(ctx context.Context, id string, who *domain.User, c command, then func(lg *liveGame, cmdErr error)) ([]game.Event, *liveGame, error) {
	var evs []game.Event
	var cmdErr error
	lg, err := s.games.Update(ctx, id, func(ctx context.Context, lg *liveGame) (*liveGame, func(context.Context) error, error) {
		cmd := c
		evs, cmdErr = nil, nil
		if who != nil {
			if err := s.authorize(lg, who, &cmd); err != nil {
				return nil, nil, err
			}
		}
		if cmd.ply >= 0 && cmd.ply != lg.tb.Ply() {
			return nil, nil, s.staleError(lg, who)
		}
		now := s.now()
		work := lg.tb.Clone()
		evs, cmdErr = s.run(work, lg.row, cmd, now)
		if len(evs) == 0 {
			if cmdErr == nil {
				cmdErr = domain.Errorf(domain.NotAllowed, "nothing happened")
			}
			return nil, nil, cmdErr
		}
		evs = append(evs, moveLimit(work, now)...)
		// The change is stored, then lg moves on in place (commitWork): the value stays lg.
		return lg, func(ctx context.Context) error {
			if err := s.commitWork(ctx, lg, lg.row, work, evs, now, nil); err != nil {
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

// authorize checks that who holds the seat c acts for, and fills in the side when the request
// left it out.
func (s *Service) authorize(lg *liveGame, who *domain.User, c *command) error {
	var held []game.Player
	for p := game.First; p <= game.Second; p++ {
		if lg.row.Seats[p].UserID == who.ID {
			held = append(held, p)
		}
	}
	if len(held) == 0 {
		return domain.Errorf(domain.Forbidden, "you do not play in game %s", lg.id)
	}
	if lg.row.Status == domain.StatusOpen {
		return domain.Errorf(domain.NotAllowed, "the game waits for an opponent to join")
	}
	if c.side == game.NoPlayer {
		switch acts := lg.tb.ToAct(); {
		case len(held) == 1:
			c.side = held[0]
		case acts.Single() != game.NoPlayer:
			c.side = acts.Single()
		default:
			return domain.Errorf(domain.BadRequest, "you hold both seats: say which side acts (\"side\": \"first\" or \"second\")")
		}
	}
	if !c.side.Valid() || lg.row.Seats[c.side].UserID != who.ID {
		return domain.Errorf(domain.Forbidden, "you do not hold the %s seat of game %s", sideWord(c.side), lg.id)
	}
	return nil
}

func sideWord(p game.Player) string {
	if p.Valid() {
		return p.String()
	}
	return "unknown"
}

// staleError is the conflict a client gets when it acted on an old position, with the fresh
// view so it catches up at once.
func (s *Service) staleError(lg *liveGame, who *domain.User) error {
	e := domain.Errorf(domain.StalePly, "the game has moved on: it is at ply %d (version %d)", lg.tb.Ply(), lg.tb.Version())
	e.View = s.view(lg, who, game.NoPlayer)
	return e
}

// commitWork commits what a command did to work (a copy of lg's table, in lg's actor) with row
// as the game's row after it (its seats, status, rematch), edit adding to the change what else
// it stores; the change carries the durable jobs it calls for (see effects). Only then does lg
// move on and everyone hear of it, on this instance and, through the store's notification, on
// the others.
func (s *Service) commitWork(ctx context.Context, lg *liveGame, row domain.Game, work *game.Table, evs []game.Event, now time.Time, edit func(*domain.Change)) error {
	snap := work.Snapshot()
	status := row.Status
	if work.Over() {
		status = domain.StatusOver
	}
	deadline, _ := work.Deadline()
	if status != domain.StatusActive {
		deadline = time.Time{} // no clock falls before the game begins
	}
	change := domain.Change{
		GameID: lg.id, FromVersion: lg.tb.Version(), FromPly: lg.tb.Ply(), FromPending: lg.tb.Submitted(),
		Snapshot: snap, Events: evs, Status: status, Outcome: work.Outcome(), Deadline: deadline,
		AITurn: aiTurn(row, work), Now: now,
		Lobby: row.Mode == domain.ModeOnline && status != lg.row.Status, // joined or ended: the lobby's lists change
	}
	ended := work.Over() && !lg.tb.Over()
	var flag bool
	change.Jobs, flag = s.effects(row, work, status, ended, lg.flagQueued)
	if edit != nil {
		edit(&change)
	}
	if err := s.store.Commit(ctx, change); err != nil {
		return err
	}
	lg.tb, lg.row = work, row
	lg.flagQueued = lg.flagQueued || flag
	lg.row.Version, lg.row.Ply, lg.row.Status, lg.row.Outcome = snap.Version, len(snap.Moves), status, work.Outcome()
	lg.row.Meta, lg.row.Deadline, lg.row.AITurn = domain.MetaOf(snap), deadline, change.AITurn
	for _, e := range evs {
		if e.Kind == game.EventMove {
			s.cfg.Metrics.Move()
		}
	}
	s.broadcast(lg, evs)
	s.afterChange(lg)
	if change.Lobby {
		s.cfg.LobbyChanged()
	}
	return nil
}

// aiTurn reports whether an AI seat must act at tb.
func aiTurn(row domain.Game, tb *game.Table) bool {
	for _, p := range tb.ToAct().Players() {
		if row.Seats[p].AI != "" && tb.Pending(p) == nil {
			return true
		}
	}
	return false
}

// afterChange schedules what a change calls for in memory: the AI's move and the clock's flag
// fall; it stops an AI search and the timer of a game that ended.
func (s *Service) afterChange(lg *liveGame) {
	if lg.tb.Over() {
		if lg.ai != nil {
			lg.ai.cancel()
			lg.ai = nil
		}
		if lg.timer != nil {
			lg.timer.Stop()
			lg.timer = nil
		}
		return
	}
	if lg.row.Status != domain.StatusActive {
		return
	}
	if aiTurn(lg.row, lg.tb) {
		s.ai.enqueue(lg.id, lg.tb.Version(), s.aiw.GameOwner(lg.row))
	}
	s.scheduleClock(lg)
}

// scheduleClock sets a timer for the first running live clock's flag fall (a correspondence
// game's deadline is a durable job only).
func (s *Service) scheduleClock(lg *liveGame) {
	if lg.timer != nil {
		lg.timer.Stop()
		lg.timer = nil
	}
	if lg.row.Time.Kind == game.Correspondence {
		return
	}
	d, ok := lg.tb.Deadline()
	if !ok || s.closing.Load() {
		return
	}
	id := lg.id
	lg.timer = s.clk.AfterFunc(max(d.Sub(s.now()), 0)+time.Millisecond, func() {
		if s.closing.Load() {
			return
		}
		if _, err := s.do(s.bg, id, nil, command{kind: cmdTick, ply: -1}); err != nil && !errors.Is(err, game.ErrGameOver) && s.bg.Err() == nil {
			s.log.Warn("clock tick failed", "game", id, "error", err)
		}
	})
}

// RemoteChange follows a change another instance committed: a game in memory is reloaded and
// its new events go to this instance's followers.
func (s *Service) RemoteChange(ctx context.Context, id string, version int64) {
	s.games.Post(ctx, id, func(ctx context.Context, v **liveGame) {
		lg := *v
		if lg.tb == nil || lg.tb.Version() >= version {
			return
		}
		if _, err := s.reload(ctx, id, lg); err != nil {
			s.log.Warn("reloading a game changed elsewhere", "game", id, "error", err)
			return
		}
		s.afterChange(lg)
	})
}

// ResyncAll reloads every game in memory (after the notification connection was lost).
func (s *Service) ResyncAll(ctx context.Context) {
	s.games.Each(ctx, func(ctx context.Context, id string, v **liveGame) {
		if _, err := s.reload(ctx, id, *v); err != nil {
			s.log.Warn("reloading a game", "game", id, "error", err)
			return
		}
		s.afterChange(*v)
	})
}

// pushBacklog sends each follower the stored events it has not seen (after a reload).
func (s *Service) pushBacklog(ctx context.Context, lg *liveGame) {
	var from int64 = 1 << 62
	for _, sub := range lg.subs {
		from = min(from, sub.sent)
	}
	if len(lg.subs) == 0 || from >= lg.tb.Version() {
		return
	}
	stored, err := s.store.Events(ctx, lg.id, from, 10000)
	if err != nil {
		s.log.Warn("reading events", "game", lg.id, "error", err)
		return
	}
	evs := make([]game.Event, 0, len(stored))
	for _, e := range stored {
		var ev game.Event
		if json.Unmarshal(e.Body, &ev) == nil {
			evs = append(evs, ev)
		}
	}
	s.broadcast(lg, evs)
}

// resume picks up, after a start, the games that wait for an AI's move: every one, a page at a
// time (a change's other effects, its clocks' flag falls included, are durable jobs).
func (s *Service) resume(ctx context.Context) error {
	n, after := 0, ""
	for {
		gs, err := s.store.AITurnGames(ctx, after, 500)
		if err != nil {
			return err
		}
		for _, g := range gs {
			s.ai.enqueue(g.ID, g.Version, s.aiw.GameOwner(g))
			after = g.ID
		}
		n += len(gs)
		if len(gs) < 500 {
			break
		}
	}
	if n > 0 {
		s.log.Info("resumed the AI's moves", "games", n)
	}
	return nil
}

// GameOwner is the owner of a game's AI work (see aiwork).
func (s *Service) gameOwner(row domain.Game) string { return s.aiw.GameOwner(row) }

var _ = aiwork.Server
