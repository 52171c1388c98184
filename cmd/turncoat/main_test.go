package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"turncoat/internal/sharedtest"
)

// runCLI runs the program in-process with the given arguments and standard input.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestPerftCommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "perft", "6")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	line := regexp.MustCompile(`^depth=(\d+) nodes=(\d+) seconds=\d+\.\d{3} nps=\d+$`)
	want := []string{"4", "12", "56", "244", "1396", "8200"}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for i, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil || m[1] != strconv.Itoa(i+1) || m[2] != want[i] {
			t.Errorf("line %q, want depth=%d nodes=%s", l, i+1, want[i])
		}
	}
	code, out, _ = runCLI(t, "", "perft", "--size", "6", "5")
	if code != 0 || !strings.Contains(out, "depth=5 nodes=1364 ") {
		t.Errorf("6x6 perft: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "perft", "9", "--size", "4")
	if code != 0 || !strings.Contains(out, "depth=9 nodes=") {
		t.Errorf("flags after the depth: exit %d\n%s", code, out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"nosuchcommand"},
		{"perft"},
		{"perft", "x"},
		{"perft", "--size", "5", "3"},
		{"perft", "--bogus", "3"},
		{"records"},
		{"records", "frobnicate"},
		{"analyze", "--hash", "0", "f5"},
		{"solve", "--threads", "0", "-"},
		{"nboard", "--threads", "65"},
		{"nboard", "--level", "11"},
		{"bench", "loss", "--levels", "0"},
		{"bench", "loss", "--levels", "9,x"},
		{"records", "check"},
		{"records", "convert", "--to", "pdf", "a", "b"},
		{"play"},
		{"play", "chess"},
		{"play", "reversi", "--white", "grandmaster"},
		{"match", "--a", "random"},
		{"serve", "--trusted-proxies", "10.0.0.0/33"},
	} {
		code, _, stderr := runCLI(t, "", args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", args, code, stderr)
		}
		if len(args) > 0 && stderr == "" {
			t.Errorf("%q: no message on stderr", args)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, c := range commands {
		code, out, _ := runCLI(t, "", c.name, "--help")
		if code != 0 || !strings.Contains(out, "Usage: turncoat "+c.name) {
			t.Errorf("%s --help: exit %d, output %q", c.name, code, out)
		}
	}
	code, out, _ := runCLI(t, "", "help")
	if code != 0 || !strings.Contains(out, "perft") || !strings.Contains(out, "records") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
}

func TestRecordsCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(good, []byte("f5d6c3d3c4f4f6f3e6e7\nf5f6\n"), 0o644)
	os.WriteFile(bad, []byte("f5d6\nf5d6c3a1\n"), 0o644)
	code, out, _ := runCLI(t, "", "records", "check", good)
	if code != 0 || out != "games=2 legal=2 illegal=0 score_match=0 score_mismatch=0\n" {
		t.Errorf("good file: exit %d, %q", code, out)
	}
	code, out, stderr := runCLI(t, "", "records", "check", good, bad)
	if code != 1 || !strings.HasSuffix(out, "games=4 legal=3 illegal=1 score_match=0 score_mismatch=0\n") {
		t.Errorf("bad file: exit %d, %q", code, out)
	}
	if !strings.Contains(stderr, "bad.txt:2: game 2: ply 4 (a1): illegal move: a1 flips nothing") {
		t.Errorf("the illegal game is not located: %q", stderr)
	}
}

func TestRecordsConvertAndCheckWTHOR(t *testing.T) {
	src := filepath.Join(sharedtest.Path(t, "data/wthor"), "WTH_1980.wtb")
	dir := t.TempDir()
	ggf := filepath.Join(dir, "1980.ggf")
	wtb := filepath.Join(dir, "again.wtb")
	if code, _, stderr := runCLI(t, "", "records", "convert", "--to", "ggf", src, ggf); code != 0 {
		t.Fatalf("to ggf: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "records", "convert", "--to", "wthor", ggf, wtb); code != 0 {
		t.Fatalf("to wthor: exit %d: %s", code, stderr)
	}
	_, want, _ := runCLI(t, "", "records", "check", src)
	for _, p := range []string{ggf, wtb} {
		if _, got, _ := runCLI(t, "", "records", "check", p); got != want {
			t.Errorf("%s: %q, the original says %q", p, got, want)
		}
	}
	for _, ext := range []string{".JOU", ".TRN"} {
		if _, err := os.Stat(filepath.Join(dir, "again"+ext)); err != nil {
			t.Errorf("WTHOR name file: %v", err)
		}
	}
}

func TestPlayReversi(t *testing.T) {
	// Black (human) plays f5, then asks for the moves, types nonsense and an illegal move,
	// then leaves; White is the AI.
	code, out, _ := runCLI(t, "f5\nmoves\nzz\nf4\nquit\n", "play", "reversi", "--white", "ai", "--level", "1")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{
		" 3  . . . * . . . .", // legal-move markers at the start
		"Black (X) 2, White (O) 2; Black to move",
		"White (AI) plays ",
		"Legal: ",
		`syntax error: "zz" is not a square name like f5`,
		"Game left unfinished.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Two AIs play a whole 6x6 game to the end.
	code, out, _ = runCLI(t, "", "play", "reversi", "--size", "6", "--black", "ai", "--white", "random")
	if code != 0 || !strings.Contains(out, "Game over: ") {
		t.Errorf("AI game: exit %d\n%s", code, out)
	}
}

func TestMovesCommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "moves")
	if code != 0 || !strings.HasSuffix(out, "\nmoves=4\n") || !strings.Contains(out, "f5\n") {
		t.Errorf("reversi start: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "moves", "--game", "turnover")
	if code != 0 || !strings.HasSuffix(out, "moves=16 move=16 combine=0 turnover=0 capture=0\n") {
		t.Errorf("turnover start: exit %d\n%s", code, out)
	}
	if code, _, _ := runCLI(t, "", "moves", "--game", "turnover", "--position", "not a position"); code != 2 {
		t.Errorf("bad position: exit %d, want 2", code)
	}
}

func TestSolveBlocsAndTurncoat(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "blocs", "BWWW/WWWW/WWWW/WWWW"}, "value=1 move=a1\n"},
		{[]string{"solve", "blocs", "BWWW/BWWW/WWWW/WWWW"}, "value=3 move=a1-a2\n"},
		{[]string{"solve", "blocs", "BWBW/WWWW/WWWW/WWWW"}, "value=0 move=none\n"},
		{[]string{"solve", "blocs", "--placement"}, "winner=second\n"},
		{[]string{"solve", "turncoat", "--mode", "white-only", "--cap", "100", "--red", "WWWB/WW../WWWB/BB.B", "--yellow", "WWWB/WW../WWWB/BB.B"},
			"value=0.000000000\nred=c1:0.333333333,a2:0.333333333,b3:0.333333333\nyellow=a3:0.500000000,c3:0.500000000\n"},
	} {
		code, out, stderr := runCLI(t, "", c.args...)
		if code != 0 || out != c.want {
			t.Errorf("%q: exit %d, output %q (stderr %q), want %q", c.args, code, out, stderr, c.want)
		}
	}
	for _, args := range [][]string{
		{"solve", "blocs", "B.../..../..../...."},
		{"solve", "blocs", "BWWW/WWWW"},
		{"solve", "turncoat", "--mode", "white-only", "--red", "WWW/WXW/WWW"},
	} {
		if code, _, stderr := runCLI(t, "", args...); code != 2 || stderr == "" {
			t.Errorf("%q: exit %d, stderr %q: want a usage error", args, code, stderr)
		}
	}
}
