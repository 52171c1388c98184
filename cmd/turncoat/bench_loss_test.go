package main

import (
	"strings"
	"testing"
)

// TestBenchLoss runs the disc-loss measure with the weakest level on a few positions.
func TestBenchLoss(t *testing.T) {
	code, out, stderr := runCLI(t, "", "bench", "loss", "--levels", "1,2", "--limit", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "level=1 positions=5 mean_loss=") || !strings.HasPrefix(lines[1], "level=2 positions=5 ") {
		t.Fatalf("output:\n%s", out)
	}
}
