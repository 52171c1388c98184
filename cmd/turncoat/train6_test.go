package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"turncoat/engine/othello"
)

// TestTrain6: "train --size 6" plays, solves and fits without data; the same flags give the
// same weights, from the games or from the samples file they left; what it writes is a 6x6
// evaluation; it never replaces a file without --force.
func TestTrain6(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "s.bin")
	args := func(out string) []string {
		return []string{"train", "--size", "6", "--games", "30", "--seed", "5", "--solve", "12", "--quiet", "--out", filepath.Join(dir, out)}
	}
	code, out, errOut := runCLI(t, "", append(args("a.weights"), "--samples", samples)...)
	if code != 0 || !regexp.MustCompile(`(?m)^positions=\d+ train=\d+ valid=\d+ \(30 games of seed 5 solved from 12 empties, kept in `).MatchString(out) ||
		!regexp.MustCompile(`(?m)^valid all: positions=\d+ rmse=\S+ mae=\S+ \(the heuristic: rmse=\S+ mae=\S+\)$`).MatchString(out) {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "", args("b.weights")...); code != 0 {
		t.Fatalf("again: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "", append(args("c.weights"), "--samples", samples)...)
	if code != 0 || !strings.Contains(out, "read from "+samples) {
		t.Fatalf("from the samples: exit %d\n%s%s", code, out, errOut)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.weights"))
	for _, name := range []string{"b.weights", "c.weights"} {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs from a.weights", name)
		}
	}
	if _, err := othello.ReadWeights6(bytes.NewReader(a)); err != nil {
		t.Errorf("the weights written: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{args("a.weights"), "exists: give --force"},
		{[]string{"train", "--size", "6", "somedir"}, `--size 6 plays its own games: no databases (got "somedir")`},
		{[]string{"train", "--size", "7"}, "--size 7: want 8 or 6"},
		{[]string{"train", "--size", "6", "--solve", "40"}, "--solve 1 to 32 empties"},
	} {
		if code, _, stderr := runCLI(t, "", c.args...); code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}
