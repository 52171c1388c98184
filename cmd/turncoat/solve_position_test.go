package main

import (
	"regexp"
	"strings"
	"testing"
)

// A 6x6 position with 12 empties (the parallel start after 20 moves of its perfect-play line),
// Black to move: b2, and Black loses by 2.
const (
	sixRows = "--OOO-/X-XOO-/XXOOXX/XXOXX-/XOXX--/--OX--"
	sixFlat = "--OOO-X-XOO-XXOOXXXXOXX-XOXX----OX--"
)

// solveLine is the line solve prints for a position: the answer, then the perfect-play line.
var solveLine = regexp.MustCompile(`^id=(\S+) best=([a-h][1-8]) score=([+-]\d+) nodes=\d+ seconds=\d+\.\d{3} line=((?:[a-h][1-8]|pa)+)$`)

// TestSolvePositionForms: a 6x6 or 4x4 position is solved from the board text of --position
// (rows with '/' or flat), an OBF line (whose score is judged), the game's encoding and an OBF
// file of 36 or 16 squares; each answer is the same, with its perfect-play line.
func TestSolvePositionForms(t *testing.T) {
	for _, c := range []struct {
		stdin   string
		args    []string
		correct string
	}{
		{"", []string{"--position", sixRows + " X"}, "0"},
		{"", []string{"--position", sixFlat + " x", "--size", "6"}, "0"},
		{"", []string{"--position", sixFlat + " X; B2:-2;"}, "1"},
		{"", []string{"--position", "size=6,start=diagonal,first=black,nomove=pass " + sixRows + " X"}, "0"},
		{sixFlat + " X; -2\n", []string{"--line", "-"}, "1"},
	} {
		code, out, errOut := runCLI(t, c.stdin, append([]string{"solve", "--hash", "16"}, c.args...)...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) != 2 {
			t.Fatalf("%q: exit %d\n%s%s", c.args, code, out, errOut)
		}
		m := solveLine.FindStringSubmatch(lines[0])
		if m == nil || m[2] != "b2" || m[3] != "-2" || !strings.HasPrefix(m[4], "b2") {
			t.Errorf("%q: %q, want b2 scoring -2 with its line", c.args, lines[0])
		}
		if !strings.HasPrefix(lines[1], "positions=1 correct="+c.correct+" ") {
			t.Errorf("%q: %q, want correct=%s", c.args, lines[1], c.correct)
		}
	}
	// White to move there: a line with a pass
	code, out, errOut := runCLI(t, "", "solve", "--position", sixRows+" O")
	if m := solveLine.FindStringSubmatch(strings.Split(out, "\n")[0]); code != 0 || m == nil || m[3] != "+14" || !strings.Contains(m[4], "pa") {
		t.Errorf("White to move: exit %d\n%s%s", code, out, errOut)
	}
	// 4x4 from 16 squares, as text and as OBF: the diagonal start, -10
	start4 := "----/-OX-/-XO-/----"
	for _, args := range [][]string{{"--position", start4 + " X"}, {"-"}} {
		code, out, errOut := runCLI(t, strings.ReplaceAll(start4, "/", "")+" X\n", append([]string{"solve"}, args...)...)
		if code != 0 || !strings.Contains(out, " score=-10 ") {
			t.Errorf("4x4 %q: exit %d\n%s%s", args, code, out, errOut)
		}
	}
}

// TestSolveStartOptions: "start" under the game's options, with its perfect-play line.
func TestSolveStartOptions(t *testing.T) {
	for _, c := range []struct {
		args  []string
		score string
	}{
		{[]string{"--size", "4", "start"}, "-10"},
		{[]string{"--options", "size=4", "start"}, "-10"},
		{[]string{"--size", "4", "--options", "start=parallel", "start"}, "-4"},
		{[]string{"--options", "size=4,start=parallel,first=white", "start"}, "-4"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"solve", "--hash", "16"}, c.args...)...)
		m := solveLine.FindStringSubmatch(strings.Split(out, "\n")[0])
		if code != 0 || m == nil || m[1] != "start" || m[3] != c.score {
			t.Errorf("%q: exit %d, want score %s and a line\n%s%s", c.args, code, c.score, out, errOut)
		}
	}
	// the rule that ends the game when the side to move has no move
	code, out, errOut := runCLI(t, "", "solve", "--size", "4", "--options", "nomove=end", "start")
	if code != 0 || solveLine.FindStringSubmatch(strings.Split(out, "\n")[0]) == nil {
		t.Errorf("nomove=end: exit %d\n%s%s", code, out, errOut)
	}
}

// TestSolvePositionErrors: malformed positions and options are usage errors naming the fault.
func TestSolvePositionErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--position", sixRows[:len(sixRows)-1] + " X"}, "--position: 35 squares: want 16, 36 or 64"},
		{[]string{"--position", strings.Replace(sixRows, "XOXX", "XOXZ", 1) + " X"}, "--position: square e4: unexpected 'Z'"},
		{[]string{"--position", sixRows + " Q"}, `--position: side to move "Q": want X or O`},
		{[]string{"--position", sixRows}, "--position: want the squares row by row from a1, a space, and the side to move"},
		{[]string{"--position", sixRows + " X", "--size", "8"}, "--position: 36 squares make a 6x6 board, but the size given is 8"},
		{[]string{"--position", sixRows + " X; B2:x;"}, `--position: field "B2:x": want MOVE:score`},
		{[]string{"--position", "size=6,start=sideways " + sixRows + " X"}, `--position: invalid option: start="sideways"`},
		{[]string{"--position", sixRows + " X", "start"}, `--position solves one position: no files or "start" with it`},
		{[]string{"--position", sixRows + " X", "--options", "start=parallel"}, "--options start= and first= describe \"start\""},
		{[]string{"--options", "start=free", "--size", "6", "start"}, "start=free begins with the placement of the four centre discs"},
		{[]string{"--options", "bogus=1", "start"}, `--options: invalid option: unknown option "bogus"`},
		{[]string{"--options", "start", "start"}, `--options: invalid option: "start" is not name=value`},
		{[]string{"--options", "size=5", "start"}, `--options: invalid option: size="5": want one of 4, 6, 8`},
		{[]string{"--size", "6", "--options", "size=4", "start"}, "--size 6 and --options size=4 disagree"},
		{[]string{"--size", "6", "-"}, "--size and --options size=, start= and first= describe \"start\""},
		{[]string{}, `want OBF files, "-" for standard input, "start", or --position`},
	} {
		code, stdout, stderr := runCLI(t, "", append([]string{"solve"}, c.args...)...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, `Run "turncoat solve --help" for usage.`) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}
