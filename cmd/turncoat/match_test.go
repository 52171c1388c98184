package main

import (
	"strings"
	"testing"
)

// TestMatchList checks that --list shows each kind of the game with its declared parameters
// (type, range, default), and marks the kinds that start a process as command-line only.
func TestMatchList(t *testing.T) {
	code, out, errOut := runCLI(t, "", "match", "--list", "--game", "reversi")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"levels: 1 (beginner) to 10 (strongest)",
		"\nreversi-ab: the Othello engine",
		"\n    time (duration, 0s to 1h0m0s): time per move (0: none); default: the level's",
		"\n    hash (int, 1 to 65536 MB): the transposition table",
		"\n    threads (int, 1 to 64 threads, default 1): threads of the search",
		"\nmcts: Monte Carlo tree search",
		"\n    iterations (int, 0 to 1000000000 iterations)",
		"\nnboard: an external Othello engine speaking the NBoard protocol",
		"(starts an external program: command line only, never offered to the server's players)",
		"\n    depth (int, 1 to 60 plies, default 12)",
		"\nrandom: uniformly random legal moves",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("--list lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI(t, "", "match", "--list", "--game", "turnover")
	if code != 0 || !strings.Contains(out, "\nturnover-ab: ") || !strings.Contains(out, "    tt (int, 10 to 26 log2 entries, default 19)") || strings.Contains(out, "reversi-ab") {
		t.Errorf("turnover's list:\n%s", out)
	}
}

// TestMatchBadSpec checks that a bad agent spec is a usage error naming the parameter.
func TestMatchBadSpec(t *testing.T) {
	code, _, errOut := runCLI(t, "", "match", "--a", "reversi-ab:time=2", "--b", "random")
	if code != 2 || !strings.Contains(errOut, `reversi-ab: parameter time="2": want a duration with its unit, like 500ms or 2s`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
}
