package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"turncoat/games"
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

// otherLine is a review line of a game other than Othello: the loss in the game's unit, never
// negative, and for Turncoat the side.
var otherLine = regexp.MustCompile(`^ply=(\d+) move=(\S+) loss=(\d+(?:\.\d+)?) class=(best|good|inaccuracy|mistake|blunder) exact=(yes|no)( side=(red|yellow))? source=(solver|engine|grundy|mcts) best=\S+ before=[+-][\d.]+ played=[+-][\d.]+ eval=[+-][\d.]+( pv=\S+)?$`)

// firstLegal are n moves of kind from its start (the first legal one each time), in notation.
func firstLegal(t *testing.T, kind string, n int) []string {
	t.Helper()
	s, err := games.Registry().New(kind, "")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for range n {
		p := s.ToAct().Single()
		a := s.Legal(p, nil)[0]
		out = append(out, s.FormatAction(p, a))
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// reviewLines runs review with args and returns its move lines (checked against otherLine) and
// the lines after them.
func reviewLines(t *testing.T, stdin string, args ...string) (moves [][]string, rest []string) {
	t.Helper()
	code, out, errOut := runCLI(t, stdin, append([]string{"review"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	if !strings.Contains(errOut, "review: ") {
		t.Errorf("%v: no progress on stderr: %q", args, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "review game=") {
		t.Fatalf("first line %q", lines[0])
	}
	for _, l := range lines[1:] {
		m := otherLine.FindStringSubmatch(l)
		if m == nil {
			break
		}
		moves = append(moves, m)
	}
	return moves, lines[1+len(moves):]
}

// TestReviewOtherGames: every game's review on the command line, quick (low levels): a line per
// move in the game's unit, then each side's totals by the game's side names.
func TestReviewOtherGames(t *testing.T) {
	for _, c := range []struct {
		kind, source string
	}{
		{"turnover", "engine"},
		{"blocs", "grundy"},
		{"troll", "mcts"},
	} {
		moves, rest := reviewLines(t, "", append([]string{"--game", c.kind, "--level", "2"}, firstLegal(t, c.kind, 4)...)...)
		if len(moves) != 4 || len(rest) != 3 {
			t.Errorf("%s: %d move lines, then %q", c.kind, len(moves), rest)
			continue
		}
		for i, m := range moves {
			if m[1] != strconv.Itoa(i+1) || m[8] != c.source && m[5] != "yes" {
				t.Errorf("%s: line %d: %q", c.kind, i+1, m[0])
			}
		}
		for i := range 2 {
			if !regexp.MustCompile(`^\S+ moves=2 loss=[\d.]+ average=`).MatchString(rest[i]) {
				t.Errorf("%s: totals %q", c.kind, rest[i])
			}
		}
	}
}

// TestReviewTurncoat: a Turncoat game, from its moves and from its record on standard input:
// two lines a round, Red's then Yellow's, exact on a 3x3 board, Red's thrown forced win a
// blunder and the turning point.
func TestReviewTurncoat(t *testing.T) {
	const setup = "BBB/BBB/BBW:WWW/WBW/WWW"
	const record = "size 3\nmode white-and-black\ncap 100\nsetup " + setup + "\n1. a1 b2\n"
	for _, args := range [][]string{
		{"--game", "turncoat", "--options", "size=3,setup=" + setup, "a1", "b2"},
		{"--game", "turncoat", "-"},
	} {
		moves, rest := reviewLines(t, record, args...)
		if len(moves) != 2 || len(rest) != 3 {
			t.Fatalf("%v: %d move lines, then %q", args, len(moves), rest)
		}
		red, yellow := moves[0], moves[1]
		if red[1] != "1" || red[2] != "a1" || red[4] != "blunder" || red[5] != "yes" || red[7] != "red" || red[8] != "solver" {
			t.Errorf("Red's line %q", red[0])
		}
		if yellow[1] != "1" || yellow[2] != "b2" || yellow[3] != "0" || yellow[7] != "yellow" {
			t.Errorf("Yellow's line %q", yellow[0])
		}
		if !strings.HasPrefix(rest[0], "red moves=1 loss=") || !strings.HasPrefix(rest[1], "yellow moves=1 loss=0 ") ||
			!strings.HasPrefix(rest[2], "turning-point ply=1 move=a1 side=red ") {
			t.Errorf("totals and turning point: %q", rest)
		}
	}
	if code, _, errOut := runCLI(t, "", "review", "--game", "turncoat", "--options", "size=3,setup="+setup, "a1"); code != 2 || !strings.Contains(errOut, "both") {
		t.Errorf("half a round: exit %d, %q", code, errOut)
	}
}
