package reversi

import (
	"strings"
	"testing"
)

// FFO #1 (14 empties) with its published scores: G8 is the only best move.
const ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+0; A3:-2; B1:-4; A7:-8;"

func TestJudge(t *testing.T) {
	sq := func(name string) int {
		p, err := (&State{rules: Standard}).ParseAction(0, name)
		if err != nil {
			t.Fatal(err)
		}
		return int(p)
	}
	full := strings.Repeat("X", 40) + strings.Repeat("O", 24) + " O; +16;"
	for _, c := range []struct {
		name, line string
		answer     Answer
		want       Verdict
	}{
		{"best move, exact score", ffo1, Answer{sq("g8"), 18, false}, Verdict{true, true, true, true}},
		{"right score, worse move", ffo1, Answer{sq("h1"), 18, false}, Verdict{true, true, true, false}},
		{"best move, wrong score", ffo1, Answer{sq("g8"), 16, false}, Verdict{true, false, true, true}},
		{"move not listed", ffo1, Answer{sq("b8"), 18, false}, Verdict{true, true, false, false}},
		{"win found, another winning move", ffo1, Answer{sq("h1"), 1, true}, Verdict{true, true, true, true}},
		{"win found with a drawing move", ffo1, Answer{sq("a2"), 1, true}, Verdict{true, true, true, false}},
		{"draw claimed in a won position", ffo1, Answer{sq("a2"), 0, true}, Verdict{true, false, true, false}},
		{"no scores in the file", strings.SplitN(ffo1, ";", 2)[0] + ";", Answer{sq("g8"), 18, false}, Verdict{}},
		{"a bare score", strings.SplitN(ffo1, ";", 2)[0] + "; +18;", Answer{sq("g8"), 18, false}, Verdict{true, true, false, false}},
		{"finished game", full, Answer{Pass, -16, false}, Verdict{true, false, false, false}},
		{"pass listed", strings.Repeat("-", 4) + strings.Repeat("O", 60) + " X; PS:-60;", Answer{Pass, -60, false}, Verdict{true, true, true, true}},
	} {
		p, err := ParseOBFLine(c.line)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.Judge(c.answer); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestFinalMargin(t *testing.T) {
	for _, c := range []struct {
		board string
		turn  int
		want  int
	}{
		{strings.Repeat("X", 40) + strings.Repeat("O", 24), 0, 16},
		{strings.Repeat("X", 40) + strings.Repeat("O", 24), 1, -16},
		{strings.Repeat("X", 20) + strings.Repeat("-", 34) + strings.Repeat("O", 10), 1, -44}, // empties to Black
		{strings.Repeat("X", 10) + strings.Repeat("-", 44) + strings.Repeat("O", 10), 0, 0},   // a draw
		{strings.Repeat("O", 3) + strings.Repeat("-", 33), 0, -36},                            // 6x6
	} {
		size := 8
		if len(c.board) == 36 {
			size = 6
		}
		b, err := ParseBoardText(c.board, size)
		if err != nil {
			t.Fatal(err)
		}
		b.Turn = c.turn
		if got := b.FinalMargin(); got != c.want {
			t.Errorf("%s (%s to move): %d, want %d", b.Text(), colourName(c.turn), got, c.want)
		}
	}
}
