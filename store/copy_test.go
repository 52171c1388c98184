package store_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"

	"turncoat/internal/testenv"
	"turncoat/store"
)

// TestCopyCoversTheSchema copies a new SQLite store into a new PostgreSQL one, both migrated to
// this version, job queue included: every table of either is copied or left out for a stated
// reason, and every column's type is one the copy converts. A migration that adds a table or a
// column the copy cannot carry fails here.
func TestCopyCoversTheSchema(t *testing.T) {
	dsn, name := testenv.Postgres(t)
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	lite, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	pg, err := store.Open(ctx, dsn, store.Options{Channel: name})
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	for _, s := range []*store.Store{lite, pg} {
		if err := s.MigrateJobQueue(ctx, quiet); err != nil {
			t.Fatal(err)
		}
	}
	counts, err := store.CopyToPostgres(ctx, lite, pg, nil)
	if err != nil {
		t.Fatalf("copying an empty store: %v", err)
	}
	var copied []string
	for _, c := range counts {
		copied = append(copied, c.Table)
	}
	for _, want := range []string{"users", "games", "moves", "pending", "events", "tournaments", "ratings", "notifications", "chat_messages", "book_games", "river_job"} {
		if !slices.Contains(copied, want) {
			t.Errorf("%s is not copied (copied: %v)", want, copied)
		}
	}
	for table, why := range store.NotCopied() {
		if slices.Contains(copied, table) || why == "" {
			t.Errorf("%s is both copied and left out (%q)", table, why)
		}
	}
}
