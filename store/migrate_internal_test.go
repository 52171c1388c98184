package store

import (
	"io/fs"
	"strings"
	"testing"
)

// TestMigrationsSpelled renders the one set of migrations for both databases: every file, each
// column kind spelled as its database spells it, nothing left unspelled.
func TestMigrationsSpelled(t *testing.T) {
	for _, c := range []struct {
		postgres bool
		want     []string
		never    []string
	}{
		{false, []string{"id         INTEGER PRIMARY KEY,", "seq        INTEGER PRIMARY KEY AUTOINCREMENT,", "user_id    INTEGER NOT NULL REFERENCES users(id)"},
			[]string{"GENERATED", "BYTEA", "{{"}},
		{true, []string{"id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,", "user_id    BIGINT NOT NULL REFERENCES users(id)", "part       BYTEA"},
			[]string{"AUTOINCREMENT", "BLOB", "{{"}},
	} {
		fsys, err := migrationFS(c.postgres)
		if err != nil {
			t.Fatal(err)
		}
		names, err := fs.Glob(fsys, "*.sql")
		if err != nil || len(names) < 8 {
			t.Fatalf("postgres=%v: migrations %v %v", c.postgres, names, err)
		}
		var all strings.Builder
		for _, n := range names {
			b, err := fs.ReadFile(fsys, n)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(b), "-- +goose Up") {
				t.Errorf("postgres=%v: %s does not start with goose's Up", c.postgres, n)
			}
			all.Write(b)
		}
		for _, w := range c.want {
			if !strings.Contains(all.String(), w) {
				t.Errorf("postgres=%v: no %q", c.postgres, w)
			}
		}
		for _, w := range c.never {
			if strings.Contains(all.String(), w) {
				t.Errorf("postgres=%v: %q left in", c.postgres, w)
			}
		}
	}
}
