package reversi

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"turncoat/games/discs"
)

// OBF, the Othello Board File of endgame test suites: one position a line, "<64 squares a1..h8>
// <X|O>; <MOVE>:<score>; ...", scores being exact final disc differences for the side to move.
// '%' starts a comment; blank lines are skipped. Board characters: X x b * black, O o w white,
// - . empty. 16 or 36 squares give a 4x4 or 6x6 position.

// MoveScore is a move and its exact score for the side to move.
type MoveScore struct {
	Square int
	Score  int
}

// Problem is one OBF position.
type Problem struct {
	// Line is the line number in the file (1-based).
	Line int
	// ID names the position: its number in the suite when the file is named like
	// "fforum-40-59.obf" and holds that many positions (the FFO files' convention), else its
	// ordinal in the file.
	ID    string
	Board Board
	// Moves are the listed moves with their scores, in the file's order.
	Moves []MoveScore
	// HasScore tells whether the file gives the position's score; Score is then the best
	// listed score (or the bare score the line carries).
	HasScore bool
	Score    int
}

// BestMoves returns the listed moves that reach the position's score.
func (p *Problem) BestMoves() []int {
	var out []int
	for _, m := range p.Moves {
		if m.Score == p.Score {
			out = append(out, m.Square)
		}
	}
	return out
}

// Answer is a solver's answer to a problem: the move it chose (Pass for a pass) and its score
// for the side to move; WLD says that only the score's sign was solved for (a win, a draw or a
// loss).
type Answer struct {
	Move  int
	Score int
	WLD   bool
}

// Verdict is how an answer compares with what the problem's file gives.
type Verdict struct {
	// Checked tells whether the file gives the position's score, so that the answer can be
	// judged at all.
	Checked bool
	// ScoreRight: the answer's score is the position's (its sign, for a WLD answer).
	ScoreRight bool
	// MoveListed: the file gives a score for the answer's move. MoveBest: that score is the
	// position's (for a WLD answer: has its sign), so the move is one of the best.
	MoveListed, MoveBest bool
}

// Judge compares a solver's answer with the problem's known scores.
func (p *Problem) Judge(a Answer) Verdict {
	same := func(x, y int) bool {
		if a.WLD {
			return cmp.Compare(x, 0) == cmp.Compare(y, 0)
		}
		return x == y
	}
	v := Verdict{Checked: p.HasScore}
	if !p.HasScore {
		return v
	}
	v.ScoreRight = same(a.Score, p.Score)
	for _, m := range p.Moves {
		if m.Square == a.Move {
			v.MoveListed, v.MoveBest = true, same(m.Score, p.Score)
			break
		}
	}
	return v
}

var suiteName = regexp.MustCompile(`-(\d+)-(\d+)\.obf$`)

// ReadOBF reads every position of an OBF stream; name is the file name, for errors and ids.
func ReadOBF(rd io.Reader, name string) ([]Problem, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var out []Problem
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '%'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		p, err := ParseOBFLine(text)
		if err != nil {
			return out, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		p.Line = line
		p.ID = strconv.Itoa(len(out) + 1)
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("%s: %w", name, err)
	}
	if m := suiteName.FindStringSubmatch(filepath.Base(name)); m != nil {
		first, _ := strconv.Atoi(m[1])
		last, _ := strconv.Atoi(m[2])
		if last-first+1 == len(out) {
			for i := range out {
				out[i].ID = strconv.Itoa(first + i)
			}
		}
	}
	return out, nil
}

// ParseOBFLine reads one OBF position (without a comment).
func ParseOBFLine(text string) (Problem, error) {
	fields := strings.Split(text, ";")
	head := strings.Fields(fields[0])
	if len(head) < 2 {
		return Problem{}, fmt.Errorf("want the squares, a space and the side to move (X or O)")
	}
	squares := strings.Join(head[:len(head)-1], "")
	var n int
	for i := 0; i < len(squares); i++ {
		switch squares[i] {
		case 'X', 'x', 'b', '*', 'O', 'o', 'w', '-', '.':
			n++
		}
	}
	size, ok := SizeOfSquares(n)
	if !ok {
		return Problem{}, fmt.Errorf("%d squares: want 64 (or 36, 16)", n)
	}
	clean := strings.Map(func(r rune) rune {
		switch r {
		case 'X', 'x', 'b', '*', 'O', 'o', 'w', '-', '.':
			return r
		}
		return -1
	}, squares)
	b, err := ParseBoardText(clean, size)
	if err != nil {
		return Problem{}, err
	}
	switch head[len(head)-1] {
	case "X", "x", "*", "b", "B":
		b.Turn = 0
	case "O", "o", "w", "W":
		b.Turn = 1
	default:
		return Problem{}, fmt.Errorf("side to move %q: want X or O", head[len(head)-1])
	}
	p := Problem{Board: b}
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		mv, sc, hasMove := strings.Cut(f, ":")
		if !hasMove {
			sc = mv
		}
		score, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(sc), "+"))
		if err != nil {
			return Problem{}, fmt.Errorf("field %q: want MOVE:score or a score", f)
		}
		if hasMove {
			mv = strings.TrimSpace(mv)
			sq := Pass
			if !isPass(mv) {
				if sq, err = discs.ParseSquare(mv); err != nil {
					return Problem{}, fmt.Errorf("field %q: %v", f, err)
				}
			}
			p.Moves = append(p.Moves, MoveScore{sq, score})
		}
		if !p.HasScore || score > p.Score {
			p.HasScore, p.Score = true, score
		}
	}
	return p, nil
}

// OBF writes the problem as one OBF line, moves best first.
func (p *Problem) OBF() string {
	var b strings.Builder
	b.WriteString(strings.ReplaceAll(p.Board.Text(), "/", ""))
	b.WriteString(" " + [2]string{"X", "O"}[p.Board.Turn] + ";")
	moves := append([]MoveScore(nil), p.Moves...)
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Score > moves[j].Score })
	for _, m := range moves {
		name := "PA"
		if m.Square != Pass {
			name = strings.ToUpper(SquareName(m.Square))
		}
		fmt.Fprintf(&b, " %s:%+d;", name, m.Score)
	}
	if p.HasScore && (len(moves) == 0 || moves[0].Score != p.Score) {
		fmt.Fprintf(&b, " %+d;", p.Score)
	}
	return b.String()
}

// SizeOfSquares returns the size of the square board of n squares among those played (4x4,
// 6x6 and 8x8); ok is false for any other n.
func SizeOfSquares(n int) (size int, ok bool) {
	switch n {
	case 16:
		return 4, true
	case 36:
		return 6, true
	case 64:
		return 8, true
	}
	return 0, false
}
