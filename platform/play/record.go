package play

import (
	"context"
	"log/slog"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aiwork"
)

// jobPlanner decides the durable jobs a change calls for (see finisher).
type jobPlanner interface {
	jobs(row domain.Game, work *game.Table, status domain.Status, ended, flagQueued bool) ([]domain.Job, bool)
}

// broadcaster tells a game's followers of its events (see followers).
type broadcaster interface {
	broadcast(lg *liveGame, evs []game.Event)
}

// aiQueue asks for an AI seat's move (see aiPool).
type aiQueue interface {
	enqueue(id string, version int64, owner string)
	// later is enqueue once a browser had its time to send the move (see aiPool.later).
	later(id string, version int64, owner string)
}

// timers keeps a game's live clock's timer (see clocks).
type timers interface {
	schedule(lg *liveGame)
	stop(lg *liveGame)
}

// recorder stores the changes of the games and moves the games in memory on after them: a
// command's change is committed with the jobs it calls for, then the copy of the table it was
// made on replaces the game's, its followers hear of it, and what the game waits for (its AI's
// move, its clock's flag fall) is started again. Changes made on other instances come in as
// notices, and reload the games they touched.
type recorder struct {
	store        Store
	games        *tables
	jobs         jobPlanner
	followers    broadcaster
	ai           aiQueue
	clocks       timers
	aiw          *aiwork.Work
	metrics      Metrics
	lobbyChanged func()
	log          *slog.Logger
}

// commit commits what a command did to work (a copy of lg's table, in lg's actor) with row
// as the game's row after it (its seats, status, rematch), edit adding to the change what else
// it stores; the change carries the durable jobs it calls for. Only then does lg move on and
// everyone hear of it, on this instance and, through the store's notification, on the others.
func (r *recorder) commit(ctx context.Context, lg *liveGame, row domain.Game, work *game.Table, evs []game.Event, now time.Time, edit func(*domain.Change)) error {
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
	change.Jobs, flag = r.jobs.jobs(row, work, status, ended, lg.flagQueued)
	if edit != nil {
		edit(&change)
	}
	if err := r.store.Commit(ctx, change); err != nil {
		return err
	}
	lg.tb, lg.row = work, row
	lg.flagQueued = lg.flagQueued || flag
	lg.row.Version, lg.row.Ply, lg.row.Status, lg.row.Outcome = snap.Version, len(snap.Moves), status, work.Outcome()
	lg.row.Meta, lg.row.Deadline, lg.row.AITurn = domain.MetaOf(snap), deadline, change.AITurn
	for _, e := range evs {
		if e.Kind == game.EventMove {
			r.metrics.Move()
		}
	}
	r.followers.broadcast(lg, evs)
	r.afterChange(lg)
	if change.Lobby {
		r.lobbyChanged()
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

// browserAITurn reports whether the AI seat that must act at tb takes its moves from its
// player's browser first (Seat.Browser).
func browserAITurn(row domain.Game, tb *game.Table) bool {
	for _, p := range tb.ToAct().Players() {
		if row.Seats[p].AI != "" && row.Seats[p].Browser && tb.Pending(p) == nil {
			return true
		}
	}
	return false
}

// afterChange schedules what a change calls for in memory: the AI's move and the clock's flag
// fall; it stops an AI search and the timer of a game that ended.
func (r *recorder) afterChange(lg *liveGame) {
	if lg.tb.Over() {
		if lg.ai != nil {
			lg.ai.cancel()
			lg.ai = nil
		}
		r.clocks.stop(lg)
		return
	}
	if lg.row.Status != domain.StatusActive {
		return
	}
	switch {
	case browserAITurn(lg.row, lg.tb):
		r.ai.later(lg.id, lg.tb.Version(), r.aiw.GameOwner(lg.row))
	case aiTurn(lg.row, lg.tb):
		r.ai.enqueue(lg.id, lg.tb.Version(), r.aiw.GameOwner(lg.row))
	}
	r.clocks.schedule(lg)
}

// remoteChange follows a change another instance committed: a game in memory is reloaded and
// its new events go to this instance's followers.
func (r *recorder) remoteChange(ctx context.Context, id string, version int64) {
	r.games.cache.Post(ctx, id, func(ctx context.Context, v **liveGame) {
		lg := *v
		if lg.tb == nil || lg.tb.Version() >= version {
			return
		}
		r.resync(ctx, id, v)
	})
}

// resync reloads a game in memory and starts again what it waits for: a change made elsewhere,
// and (Config.Resync of the game actors) the many such notices a busy actor had no room for.
func (r *recorder) resync(ctx context.Context, id string, v **liveGame) {
	if _, err := r.games.reload(ctx, id, *v); err != nil {
		r.log.Warn("reloading a game changed elsewhere", "game", id, "error", err)
		return
	}
	r.afterChange(*v)
}

// resyncAll reloads every game in memory (after the notification connection was lost).
func (r *recorder) resyncAll(ctx context.Context) {
	r.games.cache.Each(ctx, r.resync)
}

// resume picks up, after a start, the games that wait for an AI's move: every one, a page at a
// time (a change's other effects, its clocks' flag falls included, are durable jobs).
func (r *recorder) resume(ctx context.Context) error {
	n, after := 0, ""
	for {
		gs, err := r.store.AITurnGames(ctx, after, 500)
		if err != nil {
			return err
		}
		for _, g := range gs {
			r.ai.enqueue(g.ID, g.Version, r.aiw.GameOwner(g))
			after = g.ID
		}
		n += len(gs)
		if len(gs) < 500 {
			break
		}
	}
	if n > 0 {
		r.log.Info("resumed the AI's moves", "games", n)
	}
	return nil
}
