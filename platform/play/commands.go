package play

import (
	"context"
	"slices"
	"strings"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// Command runs one of a player's commands (a move, a resignation, a draw offer, a takeback...)
// at game id for u, and returns the game as u sees it after it, with only the history from the
// command's first change on (the client has the rest: view.movesFrom), and the game's version.
// A command refused with events (a side whose time had run out: the game ends on time) returns
// both the view and the error.
func (s *Service) Command(ctx context.Context, u *domain.User, id, kind string, req api.Command) (api.Game, int64, error) {
	return s.command(ctx, u, id, kind, req, true)
}

// Act runs a command as Command does and returns only the game's version after it: for a
// client that follows the game and so hears of the change as an event (the live protocol). The
// view is made only for an error that carries one. A view is most of what a move allocates.
func (s *Service) Act(ctx context.Context, u *domain.User, id, kind string, req api.Command) (int64, error) {
	_, version, err := s.command(ctx, u, id, kind, req, false)
	return version, err
}

func (s *Service) command(ctx context.Context, u *domain.User, id, kind string, req api.Command, wantView bool) (api.Game, int64, error) {
	if !slices.Contains(Commands, kind) {
		return api.Game{}, 0, domain.Errorf(domain.BadRequest, "unknown command %q", kind)
	}
	c, err := commandOf(req, kind)
	if err != nil {
		return api.Game{}, 0, err
	}
	// The view is made in the actor, after the command, when it is wanted; a pointer, so that
	// the closure does not put a whole view on the heap for each command that wants none.
	var v *api.Game
	evs, lg, err := s.doThen(ctx, id, u, c, func(lg *liveGame, err error) {
		if wantView || err != nil {
			gv := s.view(lg, u, c.side)
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
	c := command{kind: kind, side: game.NoPlayer, move: q.Move, ply: -1, moves: q.Moves, accept: q.Accept}
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
	if kind == cmdMove && strings.TrimSpace(q.Move) == "" {
		return c, domain.Errorf(domain.BadRequest, "a move is required: {\"move\": \"f5\"}")
	}
	if q.Moves < 0 || q.Moves > 10000 {
		return c, domain.Errorf(domain.BadRequest, "moves %d out of range", q.Moves)
	}
	return c, nil
}
