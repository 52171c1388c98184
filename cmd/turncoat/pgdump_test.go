package main

import (
	"context"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"testing"

	"turncoat/app"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/platform/accounts"
	"turncoat/store"
)

// TestPostgresDumpAndRestore runs the commands docs/deploy.md gives for PostgreSQL: pg_dump -Fc
// of a store with a game, the schema dropped, pg_restore; the program then serves the game
// from the restored database. Without the client tools it is skipped (CI installs them).
func TestPostgresDumpAndRestore(t *testing.T) {
	dsn, schema := testenv.Postgres(t)
	for _, tool := range []string{"pg_dump", "pg_restore", "psql"} {
		if _, err := exec.LookPath(tool); err != nil {
			if testenv.CI() {
				t.Fatalf("no %s (apt-get install postgresql-client)", tool)
			}
			t.Skipf("no %s (apt-get install postgresql-client)", tool)
		}
	}
	ctx := context.Background()
	serve := func() (*apiClient, func()) {
		st, err := store.Open(ctx, dsn, store.Options{Channel: schema})
		if err != nil {
			t.Fatal(err)
		}
		a, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1})
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(a.Handler())
		return &apiClient{t: t, base: ts.URL}, func() { ts.Close(); a.Close(); st.Close() }
	}
	c, stop := serve()
	ann := member(t, c.base, "Ann")
	g := ann.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	for range 5 {
		g = ann.move(g.ID, map[string]any{"move": g.View.Legal[0], "ply": g.View.Ply})
	}
	stop()

	dump := filepath.Join(t.TempDir(), "turncoat.dump")
	base := testenv.PostgresURL()
	run := func(name string, args ...string) {
		t.Helper()
		if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	run("pg_dump", "-Fc", "--schema", schema, "--file", dump, base)
	run("psql", base, "-qc", "DROP SCHEMA "+schema+" CASCADE")
	run("pg_restore", "--exit-on-error", "--no-owner", "--dbname", base, dump)

	c, stop = serve()
	defer stop()
	ann = ann.at(c.base)
	got, _ := ann.game(g.ID)
	if got.View.Ply != 5 || len(got.View.Moves) != 5 {
		t.Errorf("the restored game: ply %d, %d moves", got.View.Ply, len(got.View.Moves))
	}
	ann.move(g.ID, map[string]any{"move": got.View.Legal[0], "ply": 5})
}
