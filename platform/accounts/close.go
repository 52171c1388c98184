package accounts

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"

	"turncoat/domain"
)

// NameHeldFor is how long a closed account's name is held: nobody may take it meanwhile.
const NameHeldFor = 90 * day

// Close closes a registered user's account, given its password: its unfinished games end as
// abandoned (the user's side loses), its name becomes an anonymous one (closed-1a2b3c: its
// games stay, under that name) while the old name is held for NameHeldFor, its password,
// address and mailed links are dropped, and every session and API token ends. It cannot be
// undone.
func (s *Service) Close(ctx context.Context, u *domain.User, password string) error {
	if err := registered(u, "close your account", "registered.close"); err != nil {
		return err
	}
	if err := s.checkOwn(ctx, u, password); err != nil {
		return err
	}
	if s.att.Games != nil {
		if _, err := s.att.Games.AbandonGamesOf(ctx, u.ID); err != nil {
			return err
		}
	}
	now := s.now()
	for range 5 {
		b := make([]byte, 3)
		rand.Read(b)
		anon := "closed-" + hex.EncodeToString(b)
		ended, err := s.store.CloseUser(ctx, u.ID, anon, now.Add(NameHeldFor), now)
		if errors.Is(err, domain.ErrConflict) {
			continue // the anonymous name was taken: draw another
		}
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Errorf(domain.NotFound, "this account is closed already").Words("account.closed_already")
		}
		s.ended(ended)
		if err == nil && s.att.Games != nil {
			s.att.Games.PlayerRenamed(ctx, u.ID, anon)
		}
		return err
	}
	return errors.New("accounts: no free anonymous name")
}

// Suspend suspends an account (a moderator's decision, with its reason): it can no longer log
// in, play or chat (its sessions and API tokens end, and new ones are refused), and its
// unfinished games end as abandoned; its name stays. Reinstate undoes it.
func (s *Service) Suspend(ctx context.Context, userID int64, reason string) error {
	reason = strings.TrimSpace(reason)
	if len(reason) > 500 {
		return domain.Errorf(domain.BadRequest, "a reason has at most 500 bytes").Words("account.reason_long")
	}
	ended, err := s.store.SuspendUser(ctx, userID, reason, s.now())
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.NotFound, "no user %d", userID)
	}
	if err != nil {
		return err
	}
	s.ended(ended)
	if s.att.Games != nil {
		if _, err := s.att.Games.AbandonGamesOf(ctx, userID); err != nil {
			return err
		}
	}
	return nil
}

// Reinstate lifts an account's suspension: it logs in again (its games ended stay ended).
func (s *Service) Reinstate(ctx context.Context, userID int64) error {
	err := s.store.ReinstateUser(ctx, userID)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.NotFound, "no user %d", userID)
	}
	return err
}
