package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// a whole 4x4 game with no pass, every move of it reviewed exactly
const game4x4 = "b1a1d3d2c1d1a2b4c4a4a3d4"

var reviewLine = regexp.MustCompile(`^ply=(\d+) move=([a-h][1-8]) loss=(\d+) class=(book|best|good|inaccuracy|mistake|blunder) exact=(yes|no) source=(book|solver|engine) best=[a-h][1-8] before=[+-]\d+ played=[+-]\d+ eval=[+-]\d+ empties=\d+( pv=\S+)?$`)

func TestReviewCommand(t *testing.T) {
	code, out, errOut := runCLI(t, "", "review", "--size", "4", game4x4)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "review: ") {
		t.Errorf("no progress on stderr: %q", errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], `review game="othello 4x4" `) {
		t.Fatalf("first line %q", lines[0])
	}
	moves := 0
	losses := [2]int{}
	for _, l := range lines[1:] {
		m := reviewLine.FindStringSubmatch(l)
		if m == nil {
			break
		}
		moves++
		if m[1] != strconv.Itoa(moves) || m[5] != "yes" || m[6] != "solver" {
			t.Errorf("line %q: want ply %d, exact, by the solver", l, moves)
		}
		loss, _ := strconv.Atoi(m[3])
		losses[(moves-1)%2] += loss
		if (loss == 0) != (m[4] == "best") {
			t.Errorf("line %q: loss %d classed %s", l, loss, m[4])
		}
	}
	if moves != len(game4x4)/2 {
		t.Fatalf("%d move lines, want %d:\n%s", moves, len(game4x4)/2, out)
	}
	rest := lines[1+moves:]
	if len(rest) != 3 {
		t.Fatalf("after the moves %d lines, want the totals and the turning point:\n%s", len(rest), out)
	}
	for i, side := range []string{"black", "white"} {
		want := regexp.MustCompile(`^` + side + ` moves=\d+ loss=` + strconv.Itoa(losses[i]) +
			` average=\d+\.\d\d accuracy=\d+\.\d book=0 best=\d+ good=\d+ inaccuracy=\d+ mistake=\d+ blunder=\d+$`)
		if !want.MatchString(rest[i]) {
			t.Errorf("totals %q, want %s", rest[i], want)
		}
	}
	if !regexp.MustCompile(`^turning-point (none|ply=\d+ move=[a-d][1-4] side=(black|white) loss=\d+ )`).MatchString(rest[2]) {
		t.Errorf("turning point line %q", rest[2])
	}

	// the same game from a file
	path := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(path, []byte(game4x4+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out2, errOut := runCLI(t, "", "review", "--size", "4", path)
	if code != 0 || out2 != out {
		t.Errorf("from a file: exit %d %s\n%s", code, errOut, out2)
	}
}

// TestReviewCommandOpening: an 8x8 opening's book moves are classed book, an X-square after
// them is a loss.
func TestReviewCommandOpening(t *testing.T) {
	code, out, errOut := runCLI(t, "", "review", "--book", "none", "--level", "3", "f5d6c3d3c4f4f6f3e6e7g2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "\nply=1 move=f5 loss=0 class=book exact=no source=book ") {
		t.Errorf("the first move is not the book's:\n%s", out)
	}
	m := regexp.MustCompile(`(?m)^ply=11 move=g2 loss=(\d+) class=(inaccuracy|mistake|blunder) exact=no source=engine `).FindStringSubmatch(out)
	if m == nil || m[1] == "0" {
		t.Errorf("the X-square g2 is not a loss:\n%s", out)
	}
}

func TestReviewCommandErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"review", "f5d6a1"}, "ply 3"},
		{[]string{"review", "f5zz"}, "zz"},
		{[]string{"review", "--level", "11", "f5"}, "--level 11"},
		{[]string{"review", "--exact", "40", "f5"}, "--exact 40"},
		{[]string{"review"}, "want a record"},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q (want %q), stdout %q", c.args, code, errOut, c.want, out)
		}
	}
}
