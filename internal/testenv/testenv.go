// Package testenv gives tests the local services they need (PostgreSQL, a browser): found, or
// skipped with a message saying what is missing; under CI=true a missing service fails the test.
package testenv

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// CI reports whether the tests run in CI, where every service must be present.
func CI() bool { return os.Getenv("CI") == "true" }

// missing skips the test, or fails it in CI.
func missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if CI() {
		t.Fatalf("%s (CI=true makes this mandatory)", msg)
	}
	t.Skip(msg)
}

// PostgresURL is the server the PostgreSQL tests use: TURNCOAT_TEST_POSTGRES, or the local
// default (trust authentication, database test).
func PostgresURL() string {
	if u := os.Getenv("TURNCOAT_TEST_POSTGRES"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
}

// Postgres returns the URL of a fresh schema of its own on the test PostgreSQL server (dropped
// when the test ends), and a name unique to it (for notification channels). Without a server
// the test is skipped, or fails in CI.
func Postgres(t testing.TB) (dsn, name string) {
	t.Helper()
	base := PostgresURL()
	db, err := sql.Open("pgx", base)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = db.PingContext(ctx)
		cancel()
	}
	if err != nil {
		missing(t, "no PostgreSQL at %s (set TURNCOAT_TEST_POSTGRES): %v", base, err)
	}
	name = "t_" + strings.ToLower(rand.Text()[:12])
	if _, err := db.Exec("CREATE SCHEMA " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Exec("DROP SCHEMA " + name + " CASCADE")
		db.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String(), name
}

// Chromium returns the path of a Chromium browser for end-to-end tests; without one the test is
// skipped, or fails in CI.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missing(t, "no Chromium browser on PATH (apt-get install chromium)")
	return ""
}
