package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestSolveOBFJudgesFinishedGames checks the wiring of the scoring: a finished position's
// value is its final disc difference for the side to move, in full or as a sign with --wld,
// and a wrong score in the file is not counted correct.
func TestSolveOBFJudgesFinishedGames(t *testing.T) {
	full := strings.Repeat("X", 40) + strings.Repeat("O", 24)
	in := full + " O; -16;\n" + full + " X; +10;\n"
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"solve", "--hash", "16", "-"}, []string{
			`^id=1 best=none score=-16 nodes=0 seconds=\d+\.\d{3}$`,
			`^id=2 best=none score=\+16 nodes=0 seconds=\d+\.\d{3}$`,
			`^positions=2 correct=1 `,
		}},
		{[]string{"solve", "--wld", "--hash", "16", "-"}, []string{
			`^id=1 best=none score=-1 `,
			`^id=2 best=none score=\+1 `,
			`^positions=2 correct=2 `,
		}},
	} {
		code, out, errOut := runCLI(t, in, c.args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) != len(c.want) {
			t.Fatalf("%q: exit %d\n%s%s", c.args, code, out, errOut)
		}
		for i, re := range c.want {
			if !regexp.MustCompile(re).MatchString(lines[i]) {
				t.Errorf("%q: line %q does not match %s", c.args, lines[i], re)
			}
		}
	}
}
