package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"turncoat/game"
	"turncoat/platform"
	"turncoat/store"
)

// liveGame is a game held in memory: its row and its table, rebuilt from the store by
// replaying the move log, and the connections that follow it. The store is authoritative: a
// change is committed before the table in memory moves on, and a conflict reloads it.
type liveGame struct {
	mu   sync.Mutex
	id   string
	row  store.Game
	tb   *game.Table
	subs map[*conn]*subscription
	// ai is the AI search running for this game, if any.
	ai    *aiRun
	timer *time.Timer
	used  time.Time
	// online is the presence last sent to the followers: which seats follow the game, and
	// how many spectators.
	online   [2]bool
	watchers int
}

// live returns the game, loaded if needed, with its lock held: the caller unlocks it.
func (s *Server) live(ctx context.Context, id string) (*liveGame, error) {
	s.mu.Lock()
	lg := s.games[id]
	if lg == nil {
		lg = &liveGame{id: id, subs: map[*conn]*subscription{}}
		s.games[id] = lg
	}
	s.mu.Unlock()
	lg.mu.Lock()
	if lg.tb == nil {
		if err := s.loadLocked(ctx, lg); err != nil {
			lg.mu.Unlock()
			s.mu.Lock()
			if s.games[id] == lg && lg.tb == nil && len(lg.subs) == 0 {
				delete(s.games, id)
			}
			s.mu.Unlock()
			return nil, err
		}
	}
	lg.used = s.now()
	return lg, nil
}

// loadLocked (re)reads the game from the store and restores its table.
func (s *Server) loadLocked(ctx context.Context, lg *liveGame) error {
	row, snap, err := s.store.LoadSnapshot(ctx, lg.id)
	if errors.Is(err, store.ErrNotFound) {
		return platform.Errorf(platform.NotFound, "no game %q", lg.id)
	}
	if err != nil {
		return err
	}
	tb, err := game.Restore(s.reg, snap, nil)
	if err != nil {
		return fmt.Errorf("game %s does not replay: %w", lg.id, err)
	}
	if lg.tb == nil {
		s.metrics.openGames.Inc()
	}
	lg.row, lg.tb = row, tb
	return nil
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
)

// run applies c to tb (a copy of the live table).
func (s *Server) run(tb *game.Table, row store.Game, c command, now time.Time) ([]game.Event, error) {
	switch c.kind {
	case cmdMove:
		return tb.SubmitText(c.side, c.move, now)
	case cmdWithdraw:
		return tb.Withdraw(c.side, now)
	case cmdResign:
		return tb.Resign(c.side, now)
	case cmdDraw:
		if row.Seats[c.side.Other()].AI != "" {
			return nil, platform.Errorf(platform.NotAllowed, "the AI plays on: it does not agree draws")
		}
		return tb.OfferDraw(c.side, now)
	case cmdDecline:
		return tb.DeclineDraw(c.side, now)
	case cmdClaim:
		if tb.CanClaimDraw(c.side) {
			return tb.ClaimDraw(c.side, now)
		}
		if _, err := tb.State().ParseAction(c.side, "claim"); err != nil {
			return nil, platform.Errorf(platform.NotAllowed, "%s has no draw to claim here", tb.Game().Title())
		}
		return tb.SubmitText(c.side, "claim", now)
	case cmdAbort:
		return tb.Abort(c.side, now)
	case cmdTakeback:
		n := c.moves
		if row.Mode == platform.ModeOnline && row.Seats[c.side.Other()].UserID != row.Seats[c.side].UserID {
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
	return nil, platform.Errorf(platform.BadRequest, "unknown command %q", c.kind)
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

// do runs a command at a game for who (nil for the server itself: clocks, the AI) and returns
// its events. A command that loses a race to another instance reloads the game and, unless
// the client pinned a ply, is tried once more on the fresh state.
func (s *Server) do(ctx context.Context, id string, who *store.User, c command) ([]game.Event, error) {
	lg, err := s.live(ctx, id)
	if err != nil {
		return nil, err
	}
	defer lg.mu.Unlock()
	if who != nil {
		if err := s.authorize(lg, who, &c); err != nil {
			return nil, err
		}
	}
	if c.ply >= 0 && c.ply != lg.tb.Ply() {
		return nil, s.staleError(lg, who)
	}
	for attempt := 0; ; attempt++ {
		evs, err := s.apply(ctx, lg, c)
		if !errors.Is(err, store.ErrConflict) || attempt > 0 {
			return evs, err
		}
		if lerr := s.loadLocked(ctx, lg); lerr != nil {
			return nil, lerr
		}
		s.pushBacklog(ctx, lg)
		if c.ply >= 0 {
			return nil, s.staleError(lg, who)
		}
	}
}

// authorize checks that who holds the seat c acts for, and fills in the side when the request
// left it out.
func (s *Server) authorize(lg *liveGame, who *store.User, c *command) error {
	var held []game.Player
	for p := game.First; p <= game.Second; p++ {
		if lg.row.Seats[p].UserID == who.ID {
			held = append(held, p)
		}
	}
	if len(held) == 0 {
		return platform.Errorf(platform.Forbidden, "you do not play in game %s", lg.id)
	}
	if lg.row.Status == store.StatusOpen {
		return platform.Errorf(platform.NotAllowed, "the game waits for an opponent to join")
	}
	if c.side == game.NoPlayer {
		switch acts := lg.tb.ToAct(); {
		case len(held) == 1:
			c.side = held[0]
		case acts.Single() != game.NoPlayer:
			c.side = acts.Single()
		default:
			return platform.Errorf(platform.BadRequest, "you hold both seats: say which side acts (\"side\": \"first\" or \"second\")")
		}
	}
	if !c.side.Valid() || lg.row.Seats[c.side].UserID != who.ID {
		return platform.Errorf(platform.Forbidden, "you do not hold the %s seat of game %s", sideWord(c.side), lg.id)
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
func (s *Server) staleError(lg *liveGame, who *store.User) error {
	e := platform.Errorf(platform.StalePly, "the game has moved on: it is at ply %d (version %d)", lg.tb.Ply(), lg.tb.Version())
	e.View = s.gameView(lg, who, game.NoPlayer)
	return e
}

// apply runs c on a copy of the table, commits what it changed, and only then moves the table
// in memory on and tells everyone. Nothing is acknowledged before it is stored.
func (s *Server) apply(ctx context.Context, lg *liveGame, c command) ([]game.Event, error) {
	now := s.now()
	work := lg.tb.Clone()
	evs, cmdErr := s.run(work, lg.row, c, now)
	if len(evs) == 0 {
		return nil, cmdErr
	}
	evs = append(evs, moveLimit(work, now)...)
	if err := s.commitWork(ctx, lg, lg.row, work, evs, now, nil); err != nil {
		return nil, err
	}
	return evs, cmdErr
}

// commitWork commits what a command did to work (a copy of lg's table, lg locked) with row as
// the game's row after it (its seats, status, rematch), edit adding to the change what else it
// stores; and only then moves lg on and tells everyone, on this instance and, through the
// store's notification, on the others.
func (s *Server) commitWork(ctx context.Context, lg *liveGame, row store.Game, work *game.Table, evs []game.Event, now time.Time, edit func(*store.Change)) error {
	snap := work.Snapshot()
	status := row.Status
	if work.Over() {
		status = store.StatusOver
	}
	deadline, _ := work.Deadline()
	if status != store.StatusActive {
		deadline = time.Time{} // no clock falls before the game begins
	}
	change := store.Change{
		GameID: lg.id, FromVersion: lg.tb.Version(), FromPly: lg.tb.Ply(), FromPending: lg.tb.Submitted(),
		Snapshot: snap, Events: evs, Status: status, Outcome: work.Outcome(), Deadline: deadline,
		AITurn: aiTurn(row, work), Now: now,
		Lobby: row.Mode == platform.ModeOnline && status != lg.row.Status, // joined or ended: the lobby's lists change
	}
	ended := work.Over() && !lg.tb.Over()
	change.Jobs = s.effects(row, work, status, ended)
	if edit != nil {
		edit(&change)
	}
	if err := s.store.Commit(ctx, change); err != nil {
		return err
	}
	lg.tb, lg.row = work, row
	lg.row.Version, lg.row.Ply, lg.row.Status, lg.row.Outcome = snap.Version, len(snap.Moves), status, work.Outcome()
	lg.row.Meta, lg.row.Deadline, lg.row.AITurn = store.MetaOf(snap), deadline, change.AITurn
	for _, e := range evs {
		if e.Kind == game.EventMove {
			s.metrics.moves.Inc()
		}
	}
	s.broadcast(lg, evs)
	s.afterChange(lg)
	return nil
}

// aiTurn reports whether an AI seat must act at tb.
func aiTurn(row store.Game, tb *game.Table) bool {
	for _, p := range tb.ToAct().Players() {
		if row.Seats[p].AI != "" && tb.Pending(p) == nil {
			return true
		}
	}
	return false
}

// afterChange schedules what a change calls for: the AI's move, the clock's flag fall, and
// stops an AI search of a game that ended.
func (s *Server) afterChange(lg *liveGame) {
	if lg.tb.Over() {
		if lg.ai != nil {
			lg.ai.cancel()
			lg.ai = nil
		}
		if lg.timer != nil {
			lg.timer.Stop()
			lg.timer = nil
		}
		s.lobbyChanged()
		return
	}
	if lg.row.Status != store.StatusActive {
		return
	}
	if aiTurn(lg.row, lg.tb) {
		s.ai.enqueue(lg.id, lg.tb.Version(), s.aiw.GameOwner(lg.row))
	}
	s.scheduleClock(lg)
}

// scheduleClock sets a timer for the first running clock's flag fall.
func (s *Server) scheduleClock(lg *liveGame) {
	if s.scheduleCorrespondence(lg) {
		return // a correspondence deadline is a durable job, not a timer
	}
	if lg.timer != nil {
		lg.timer.Stop()
		lg.timer = nil
	}
	d, ok := lg.tb.Deadline()
	if !ok {
		return
	}
	id := lg.id
	lg.timer = time.AfterFunc(max(d.Sub(s.now()), 0)+time.Millisecond, func() {
		if s.closing.Load() {
			return
		}
		if _, err := s.do(context.Background(), id, nil, command{kind: cmdTick, ply: -1}); err != nil && !errors.Is(err, game.ErrGameOver) {
			s.log.Warn("clock tick failed", "game", id, "error", err)
		}
	})
}

// remoteChange follows a change another instance committed: the game is reloaded and the new
// events go to this instance's connections; the lobby's followers learn of a change that shows
// there.
func (s *Server) remoteChange(n store.Notice) {
	if n.Lobby {
		s.lobbyChanged()
	}
	id, version := n.Game, n.Version
	s.mu.Lock()
	lg := s.games[id]
	s.mu.Unlock()
	if lg == nil {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.tb == nil || lg.tb.Version() >= version {
		return
	}
	ctx := context.Background()
	if err := s.loadLocked(ctx, lg); err != nil {
		s.log.Warn("reloading a game changed elsewhere", "game", id, "error", err)
		return
	}
	s.pushBacklog(ctx, lg)
	s.scheduleClock(lg)
}

// resyncAll reloads every game in memory (after the notification connection was lost).
func (s *Server) resyncAll() {
	s.mu.Lock()
	ids := make([]string, 0, len(s.games))
	for id := range s.games {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	for _, id := range ids {
		s.remoteChange(store.Notice{Game: id, Version: 1 << 62})
	}
	s.lobbyChanged()
}

// pushBacklog sends each subscriber the stored events it has not seen (after a reload).
func (s *Server) pushBacklog(ctx context.Context, lg *liveGame) {
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

// resume picks up, after a start, the games that wait for an AI's move.
func (s *Server) resume(ctx context.Context) error {
	// Every game where an AI must act, a page at a time: the AI's move is the one thing a
	// change leaves to memory (its clocks' flag falls and its other effects are durable jobs).
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

// janitor forgets games nobody follows or used lately, so memory follows the live games.
func (s *Server) janitor(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := s.now()
		s.mu.Lock()
		for id, lg := range s.games {
			if !lg.mu.TryLock() {
				continue
			}
			idle := len(lg.subs) == 0 && lg.ai == nil && (lg.tb == nil || lg.tb.Over() || now.Sub(lg.used) > 30*time.Minute) &&
				now.Sub(lg.used) > time.Minute
			if idle && (lg.timer == nil || lg.tb == nil || lg.tb.Over()) {
				delete(s.games, id)
				if lg.tb != nil {
					s.metrics.openGames.Dec()
				}
			}
			lg.mu.Unlock()
		}
		s.mu.Unlock()
	}
}
