package app

import (
	"context"

	"turncoat/domain"
	"turncoat/platform/moderation"
	"turncoat/store"
)

// Admin is the operator's part of the moderation, for the command line: the moderators and
// the chat's words, on the store, without a running server.
type Admin struct{ mod *moderation.Service }

// NewAdmin returns the operator's commands on a store.
func NewAdmin(st *store.Store) *Admin {
	return &Admin{mod: moderation.New(moderation.Config{Store: st})}
}

// SetModerator gives (on) or takes back the moderator's role of the user of a name: NotFound
// for an unknown name.
func (a *Admin) SetModerator(ctx context.Context, name string, on bool) (domain.User, error) {
	return a.mod.SetModerator(ctx, name, on)
}

// AddWord adds a word the chat refuses and returns it as stored (lower case).
func (a *Admin) AddWord(ctx context.Context, word string) (string, error) {
	return a.mod.AddWord(ctx, word)
}

// RemoveWord removes a word from the chat's filter: NotFound when it is not there.
func (a *Admin) RemoveWord(ctx context.Context, word string) (string, error) {
	return a.mod.RemoveWord(ctx, word)
}

// Words returns the words the chat refuses.
func (a *Admin) Words(ctx context.Context) ([]string, error) { return a.mod.Words(ctx) }
