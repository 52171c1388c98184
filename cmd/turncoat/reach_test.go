package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// runCLIWithin runs the program in-process like runCLI, but stops it after d: a command that
// should have been refused at once and starts working instead fails rather than hangs.
func runCLIWithin(t *testing.T, d time.Duration, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var out, errOut bytes.Buffer
	code = run(ctx, args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestOutOfReachRefused: solves that could not finish are refused up front, with the reason
// and the limit, as usage errors (exit 2).
func TestOutOfReachRefused(t *testing.T) {
	start8 := strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " X\n"
	for _, c := range []struct {
		stdin string
		args  []string
		want  []string
	}{
		{"", []string{"solve", "--size", "8", "start"}, []string{"an exact solve of the 8x8 start is out of reach: it has 60 empties", "at most 36"}},
		{"", []string{"solve", "--wld", "--size", "8", "start"}, []string{"out of reach", "at most 36"}},
		{start8, []string{"solve", "-"}, []string{"position 1 (line 1) is out of reach: it has 60 empties"}},
		{"", []string{"analyze", "--exact", "40", "f5"}, []string{"--exact 40: want 0 to 36"}},
		{"", []string{"solve", "turncoat", "--red", "BWWW/WWWW/WWWW/WWWB"}, []string{"out of reach: a board of 16 pieces in white-and-black mode", "up to 13 pieces"}},
		{"", []string{"solve", "turncoat", "--red", "BW.W/WWWW/WWWW/W.WB"}, []string{"a board of 14 pieces"}},
		{"", []string{"solve", "turncoat", "--mode", "white-only", "--red", "BWWWW/WWWWW/WWWWW/WWWWW/WWWWB"}, []string{"out of reach: a 5x5 board", "up to 4x4"}},
	} {
		code, _, stderr := runCLIWithin(t, 20*time.Second, c.stdin, c.args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", c.args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%q: stderr %q lacks %q", c.args, stderr, w)
			}
		}
	}
	// What is within reach still runs: 12 pieces in white-and-black mode, every 4x4 board in
	// white-only mode (a short cap keeps it quick).
	for _, args := range [][]string{
		{"solve", "turncoat", "--cap", "1", "--red", "WW.W/W..W/WWWW/WB.W"},
		{"solve", "turncoat", "--cap", "1", "--mode", "white-only", "--red", "BWWW/WWWW/WWWW/WWWB"},
	} {
		if code, out, stderr := runCLIWithin(t, 2*time.Minute, "", args...); code != 0 || !strings.HasPrefix(out, "value=") {
			t.Errorf("%q: exit %d, output %q, stderr %q", args, code, out, stderr)
		}
	}
}
