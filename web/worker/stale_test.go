package worker_test

import (
	"os"
	"strings"
	"testing"

	"turncoat/web/worker/internal/sources"
)

// TestArtefactCurrent fails when the committed WebAssembly engine was built from other sources
// than the module's now (it compares hashes; it does not build).
func TestArtefactCurrent(t *testing.T) {
	want, err := sources.Hash("../..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../static/engine/engine.sources")
	if err != nil {
		t.Fatalf("the engine's source hash: %v: run go generate ./web/worker", err)
	}
	if strings.TrimSpace(string(got)) != want {
		t.Fatalf("web/static/engine/engine.wasm.gz was built from other sources (hash %s, now %s): run go generate ./web/worker",
			strings.TrimSpace(string(got)), want)
	}
}
