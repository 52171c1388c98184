package play

import (
	"context"
	"errors"

	"turncoat/domain"
	"turncoat/game"
)

// cmdAbandon ends a game because a player left it for good: the server's command (never a
// player's), run when an account is closed or suspended.
const cmdAbandon = "abandon"

// AbandonGamesOf ends every unfinished game of a user, because the user left for good (the
// account closed or suspended): a game in play ends as abandoned through its actor, a proper
// finish (the user's side loses, the end's jobs follow: rating, paired event, book), and both
// players are told; an open challenge of the user's is called off. It returns how many games
// it ended.
func (s *Service) AbandonGamesOf(ctx context.Context, userID int64) (int, error) {
	n := 0
	for _, st := range []domain.Status{domain.StatusActive, domain.StatusOpen} {
		rows, err := s.cfg.Store.ListGames(ctx, domain.ListFilter{UserID: userID, Status: st, Limit: 10000})
		if err != nil {
			return n, err
		}
		for _, row := range rows {
			side := game.NoPlayer
			for p := game.First; p <= game.Second; p++ {
				if row.Seats[p].UserID == userID {
					side = p
					break
				}
			}
			if side == game.NoPlayer {
				continue
			}
			kind := cmdAbandon
			if st == domain.StatusOpen {
				kind = cmdAbort
			}
			evs, err := s.commands.do(ctx, row.ID, nil, command{kind: kind, side: side, ply: -1})
			if errors.Is(err, game.ErrGameOver) || domain.ErrorCode(err) == domain.NotFound || err != nil && kind == cmdAbort {
				continue // it ended meanwhile, or the challenge cannot be called off (it stays open)
			}
			if err != nil {
				return n, err
			}
			for _, e := range evs {
				if e.Kind == game.EventEnd && e.Outcome != nil {
					n++
					if kind == cmdAbandon {
						if err := s.finish.noteEnd(ctx, row.ID, e.Outcome.Reason); err != nil {
							return n, err
						}
					}
				}
			}
		}
	}
	return n, nil
}

// PlayerRenamed shows a user under a new name (a closed account's anonymous one) in the games
// this instance holds in memory; the others name their players afresh when they are loaded.
func (s *Service) PlayerRenamed(ctx context.Context, userID int64, name string) {
	s.games.cache.Each(ctx, func(_ context.Context, _ string, v **liveGame) {
		lg := *v
		if lg == nil {
			return
		}
		for p := range lg.row.Seats {
			if lg.row.Seats[p].UserID == userID {
				lg.row.Seats[p].UserName = name
			}
		}
	})
}
