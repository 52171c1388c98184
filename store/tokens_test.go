package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/internal/testenv"
	"turncoat/store"
)

// TestAPITokensAndEndedCredentials: tokens with a limit that expired ones do not count against,
// a list, a revoke by id limited to the owner, sessions ended one at a time or all at once, and
// the purge of what expired.
func TestAPITokensAndEndedCredentials(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, _ := s.CreateUser(ctx, "ann", "h", false, now0)
		bob, _ := s.CreateUser(ctx, "bob", "h", false, now0)
		day := now0.Add(24 * time.Hour)
		for i, tok := range []domain.APIToken{{ID: "a", Name: "bot a", Created: now0, Expires: day}, {ID: "b", Name: "bot b", Created: now0.Add(time.Second)}} {
			if err := s.CreateAPIToken(ctx, ann.ID, "hash-"+tok.ID, tok, 2); err != nil {
				t.Fatalf("token %d: %v", i, err)
			}
		}
		if err := s.CreateAPIToken(ctx, ann.ID, "hash-c", domain.APIToken{ID: "c", Name: "c", Created: now0}, 2); !errors.Is(err, domain.ErrLimit) {
			t.Errorf("a third token: %v, want ErrLimit", err)
		}
		// Once "a" has expired it leaves its place.
		if err := s.CreateAPIToken(ctx, ann.ID, "hash-c", domain.APIToken{ID: "c", Name: "c", Created: day}, 2); err != nil {
			t.Errorf("a token in the place of an expired one: %v", err)
		}
		u, tok, err := s.APITokenUser(ctx, "hash-a")
		if err != nil || u.ID != ann.ID || tok.ID != "a" || !tok.Expires.Equal(day) || !tok.Expired(day) || tok.Expired(now0) {
			t.Errorf("token a: %+v %+v %v", u, tok, err)
		}
		list, err := s.APITokens(ctx, ann.ID)
		if err != nil || len(list) != 3 || list[0].ID != "a" || list[1].Name != "bot b" {
			t.Errorf("list: %+v %v", list, err)
		}
		if _, err := s.DeleteAPIToken(ctx, bob.ID, "a"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("bob revoking ann's token: %v", err)
		}
		if h, err := s.DeleteAPIToken(ctx, ann.ID, "b"); err != nil || h != "hash-b" {
			t.Errorf("revoke: %q %v", h, err)
		}
		if _, _, err := s.APITokenUser(ctx, "hash-b"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("a revoked token: %v", err)
		}
		if err := s.DeleteAPITokenByHash(ctx, "hash-c"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.APITokenUser(ctx, "hash-c"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("a token revoked by its hash: %v", err)
		}

		for _, h := range []string{"s1", "s2"} {
			if err := s.CreateSession(ctx, h, ann.ID, day, now0); err != nil {
				t.Fatal(err)
			}
		}
		s.CreateSession(ctx, "s3", bob.ID, day, now0)
		if u, exp, err := s.SessionByHash(ctx, "s1"); err != nil || u.ID != ann.ID || !exp.Equal(day) {
			t.Errorf("session: %+v %v %v", u, exp, err)
		}
		if err := s.EndSession(ctx, "s1"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SessionByHash(ctx, "s1"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("an ended session: %v", err)
		}
		s.CreateSession(ctx, "s4", ann.ID, day, now0)
		hashes, err := s.EndUserSessions(ctx, ann.ID)
		slices.Sort(hashes)
		if err != nil || !slices.Equal(hashes, []string{"s2", "s4"}) {
			t.Errorf("ending ann's sessions: %v %v", hashes, err)
		}
		if _, _, err := s.SessionByHash(ctx, "s3"); err != nil {
			t.Errorf("bob's session: %v", err)
		}
		// The purge: expired sessions at once, expired tokens after a week.
		if err := s.DeleteExpiredCredentials(ctx, day.Add(time.Hour), 7*24*time.Hour); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SessionByHash(ctx, "s3"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("an expired session after the purge: %v", err)
		}
		if _, _, err := s.APITokenUser(ctx, "hash-a"); err != nil {
			t.Errorf("a token expired an hour ago was purged: %v", err)
		}
		s.DeleteExpiredCredentials(ctx, day.Add(8*24*time.Hour), 7*24*time.Hour)
		if _, _, err := s.APITokenUser(ctx, "hash-a"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("a token expired 8 days ago: %v", err)
		}
	})
}

// twoInstances opens two stores on one fresh PostgreSQL schema, as two instances would (closed
// when the test ends, with ctx).
func twoInstances(t *testing.T) (ctx context.Context, a, b *store.Store) {
	t.Helper()
	dsn, name := testenv.Postgres(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	for _, s := range []**store.Store{&a, &b} {
		var err error
		if *s, err = store.Open(ctx, dsn, store.Options{Channel: name}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { (*s).Close() })
	}
	return ctx, a, b
}

// TestListenEnded: an instance learns of the sessions and tokens another one ends.
func TestListenEnded(t *testing.T) {
	ctx, a, b := twoInstances(t)
	got := make(chan string, 10)
	ready := make(chan struct{}, 1)
	go b.ListenEnded(ctx, func(h string) { got <- h }, func() { ready <- struct{}{} })
	<-ready
	u, _ := a.CreateUser(ctx, "ann", "h", false, now0)
	a.CreateSession(ctx, "sess", u.ID, now0.Add(time.Hour), now0)
	a.CreateAPIToken(ctx, u.ID, "tok", domain.APIToken{ID: "t", Name: "t", Created: now0}, 5)
	a.EndSession(ctx, "sess")
	a.DeleteAPIToken(ctx, u.ID, "t")
	for _, want := range []string{"sess", "tok"} {
		select {
		case h := <-got:
			if h != want {
				t.Errorf("heard %q, want %q", h, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no word of %q", want)
		}
	}
}
