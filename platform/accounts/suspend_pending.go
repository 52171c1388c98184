package accounts

// PLACEHOLDER: delete this file at the merge. The accounts' own Suspend and Reinstate (in
// close.go, written on another branch) replace these two methods, which exist only so that the
// moderation's branch compiles and wires the moderators' "close account" to the accounts
// service.

import (
	"context"

	"turncoat/domain"
)

// Suspend is a placeholder (see the file's comment): it refuses.
func (s *Service) Suspend(ctx context.Context, userID int64, reason string) error {
	return domain.Errorf(domain.Unavailable, "not yet: closing an account needs the accounts service's Suspend")
}

// Reinstate is a placeholder (see the file's comment): it refuses.
func (s *Service) Reinstate(ctx context.Context, userID int64) error {
	return domain.Errorf(domain.Unavailable, "not yet: reinstating an account needs the accounts service's Reinstate")
}
