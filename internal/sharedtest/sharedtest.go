// Package sharedtest finds the project's shared reference material (rule sources, real game
// databases, endgame test positions), which lives beside the checkout in ../shared, for tests.
//
// A user's fresh clone has no ../shared: tests that need it skip with a clear message. CI sets
// CI=true, which turns those skips into failures.
package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the project's root: the nearest directory above the working directory that
// holds go.mod.
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("sharedtest: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Required reports whether missing optional test resources must fail the test (CI=true).
func Required() bool { return os.Getenv("CI") == "true" }

// Path returns the path of rel inside ../shared, skipping the test when it is absent (failing
// it under CI=true).
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join(Root(tb), "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		msg := "shared reference material not found at " + p + " (it sits beside the checkout in CI); skipping"
		if Required() {
			tb.Fatal(msg + ": CI=true requires it")
		}
		tb.Skip(msg)
	}
	return p
}
