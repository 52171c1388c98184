package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Two FFO positions (#1 and #2, 14 empties) with their published scores.
const twoFFO = `--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+0; A3:-2; B1:-4; A7:-8;
-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X; A4:+10; B2:+0; A3:-6; G7:-8; A7:-12; H7:-14; B7:-14; H2:-24;
`

func TestSolveOBF(t *testing.T) {
	code, out, errOut := runCLI(t, twoFFO, "solve", "--hash", "16", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := []*regexp.Regexp{
		regexp.MustCompile(`^id=1 best=g8 score=\+18 nodes=\d+ seconds=\d+\.\d{3}$`),
		regexp.MustCompile(`^id=2 best=a4 score=\+10 nodes=\d+ seconds=\d+\.\d{3}$`),
		regexp.MustCompile(`^positions=2 correct=2 nodes=\d+ seconds=\d+\.\d{3} nps=\d+$`),
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for i, re := range want {
		if !re.MatchString(lines[i]) {
			t.Errorf("line %q does not match %s", lines[i], re)
		}
	}

	// the same from a file, win/loss/draw only
	path := filepath.Join(t.TempDir(), "two.obf")
	if err := os.WriteFile(path, []byte(twoFFO), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "", "solve", "--wld", "--hash", "16", path)
	if code != 0 || !regexp.MustCompile(`(?m)^id=1 best=(g8|h1|h7) score=\+1 `).MatchString(out) ||
		!strings.Contains(out, "positions=2 correct=2 ") {
		t.Errorf("--wld: exit %d\n%s%s", code, out, errOut)
	}
}

func TestSolveStart(t *testing.T) {
	// 4x4 with perfect play: White wins 11-3 with two squares left empty, -10 for Black
	code, out, errOut := runCLI(t, "", "solve", "--hash", "16", "--size", "4", "start")
	if code != 0 || !strings.HasPrefix(out, "id=start best=") || !strings.Contains(out, " score=-10 ") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

func TestSolveRejectsBadPositions(t *testing.T) {
	for _, in := range []string{
		"garbage\n",
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- Z;\n",
	} {
		code, _, errOut := runCLI(t, in, "solve", "-")
		if code == 0 || !strings.Contains(errOut, "stdin:1") {
			t.Errorf("%q: exit %d, stderr %q; want a failure naming the line", in, code, errOut)
		}
	}
	if code, _, _ := runCLI(t, "", "solve", "--size", "5", "start"); code != 2 {
		t.Errorf("--size 5: exit %d, want 2", code)
	}
}

func TestAnalyze(t *testing.T) {
	code, out, errOut := runCLI(t, "", "analyze", "--depth", "4", "f5d6c3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// White to move after f5 d6 c3 has four moves: d3, f4, g5 and f3
	moves := regexp.MustCompile(`(?m)^move=([a-h][1-8]) score=[-+]?\d+ pv=([a-h][1-8])+$`).FindAllStringSubmatch(out, -1)
	if len(moves) != 4 {
		t.Fatalf("%d move lines, want 4:\n%s", len(moves), out)
	}
	if !regexp.MustCompile(`(?m)^best=[a-h][1-8] score=[-+]?\d+ depth=4 nodes=\d+ seconds=\S+ pv=`).MatchString(out) {
		t.Errorf("no best line:\n%s", out)
	}
	if code, _, errOut := runCLI(t, "", "analyze", "f5f5"); code == 0 || errOut == "" {
		t.Errorf("an illegal move list: exit %d, stderr %q", code, errOut)
	}
}

func TestNBoardCommand(t *testing.T) {
	in := "nboard 2\nset depth 4\n" +
		"set game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)\n" +
		"ping 1\ngo\n"
	code, out, errOut := runCLI(t, in, "nboard")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, re := range []string{`(?m)^set myname \S+$`, `(?m)^pong 1$`, `(?m)^nodestats \d+ \d+\.\d\d$`, `(?m)^=== [C-F][3-6]/-?\d+\.\d\d/\d+\.\d\d$`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no line matching %s in:\n%s", re, out)
		}
	}
}

func TestMatchReversi(t *testing.T) {
	code, out, errOut := runCLI(t, "", "match", "--a", "2", "--b", "random", "--games", "2", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !regexp.MustCompile(`wins=\d+ draws=\d+ losses=\d+ .* think: A mean \d+\.\d{3}s max \d+\.\d{3}s, B mean \d+\.\d{3}s max \d+\.\d{3}s\n`).MatchString(out) {
		t.Errorf("no result line:\n%s", out)
	}
}
