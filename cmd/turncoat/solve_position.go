package main

import (
	"context"
	"fmt"
	"strings"

	"turncoat/engine/othello"
	"turncoat/game"
	"turncoat/games/reversi"
)

// The Othello positions "solve" takes besides OBF files: the start of a board under the game's
// options (--size, --options), and one position given on the command line (--position).

// solveRules reads the rules of "start" and --position from --options and --size (which,
// when given, sets the size option), and reports which options were given explicitly.
func solveRules(options, size string) (reversi.Rules, map[string]bool, error) {
	specs := reversi.Game{}.OptionSpecs()
	o, err := game.ParseOptionString(specs, options)
	if err != nil {
		return reversi.Rules{}, nil, usageError{"--options: " + err.Error()}
	}
	given := map[string]bool{}
	for _, pair := range strings.FieldsFunc(options, func(r rune) bool { return r == ',' || r == ' ' }) {
		name, _, _ := strings.Cut(pair, "=")
		given[name] = true
	}
	if size != "" {
		if given["size"] && o.Get("size") != size {
			return reversi.Rules{}, nil, usagef("--size %s and --options size=%s disagree", size, o.Get("size"))
		}
		if o, err = o.With("size", size); err != nil {
			return reversi.Rules{}, nil, usagef("--size: %v", err)
		}
		given["size"] = true
	}
	st, err := reversi.Game{}.New(o)
	if err != nil {
		return reversi.Rules{}, nil, usageError{err.Error()}
	}
	return st.(*reversi.State).Rules(), given, nil
}

// startProblem is the start position of the rules as a problem to solve.
func startProblem(r reversi.Rules) (reversi.Problem, error) {
	if r.Start == reversi.StartFree {
		return reversi.Problem{}, usagef("start=free begins with the placement of the four centre discs, which the solver does not play: solve the diagonal and the parallel start, or a position after the placements (--position)")
	}
	return reversi.Problem{ID: "start", Board: reversi.NewState(r).Board()}, nil
}

// parsePositionArg reads --position: the game's encoding ("size=6,... ROWS X"), or a board's
// squares row by row from a1 (rows may be separated by '/' or spaces: X black, O white, - or .
// empty) then the side to move, X or O, optionally followed as in OBF by "; MOVE:score; ...".
// The number of squares gives the size (16, 36 or 64); a size given by --size or --options must
// agree.
func parsePositionArg(text string, r reversi.Rules, sizeGiven bool) (reversi.Problem, error) {
	bad := func(format string, args ...any) (reversi.Problem, error) {
		return reversi.Problem{}, usagef("--position: "+format, args...)
	}
	if strings.HasPrefix(strings.TrimSpace(text), "size=") {
		st, err := reversi.DecodeState(strings.TrimSpace(text))
		if err != nil {
			return bad("%v", err)
		}
		b := st.Board()
		if sizeGiven && b.Size != r.Size {
			return bad("a %dx%d position, but the size given is %d", b.Size, b.Size, r.Size)
		}
		return reversi.Problem{ID: "position", Board: b}, nil
	}
	head, scores, hasScores := strings.Cut(text, ";")
	fields := strings.Fields(head)
	if len(fields) < 2 {
		return bad("want the squares row by row from a1, a space, and the side to move (X or O)")
	}
	squares := strings.Join(fields[:len(fields)-1], "")
	n := len(strings.ReplaceAll(squares, "/", ""))
	size, ok := reversi.SizeOfSquares(n)
	if !ok {
		return bad("%d squares: want 16, 36 or 64 (a 4x4, 6x6 or 8x8 board)", n)
	}
	if sizeGiven && size != r.Size {
		return bad("%d squares make a %dx%d board, but the size given is %d", n, size, size, r.Size)
	}
	b, err := reversi.ParseBoardText(squares, size)
	if err != nil {
		return bad("%v", err)
	}
	switch side := fields[len(fields)-1]; side {
	case "X", "x", "*", "B", "b":
		b.Turn = 0
	case "O", "o", "W", "w":
		b.Turn = 1
	default:
		return bad("side to move %q: want X or O", side)
	}
	pr := reversi.Problem{ID: "position", Board: b}
	if hasScores {
		// the moves and scores of an OBF line, to judge the answer by
		withScores, err := reversi.ParseOBFLine(strings.ReplaceAll(squares, "/", "") + " " + fields[len(fields)-1] + ";" + scores)
		if err != nil {
			return bad("%v", err)
		}
		pr.Moves, pr.HasScore, pr.Score = withScores.Moves, withScores.HasScore, withScores.Score
	}
	return pr, nil
}

// perfectLine returns the perfect-play line of a solved position in move-list notation, passes
// as "pa" ("e4c5b4..."), checked by replaying it with the rules: it must be legal and end with
// exactly the solved score.
func perfectLine(ctx context.Context, eng *othello.Engine, b reversi.Board, score int, noMoveEnds bool) (string, error) {
	line, err := eng.PerfectLine(ctx, othello.PositionOf(b), score, noMoveEnds)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	for i, m := range line {
		if m == reversi.Pass {
			if b.Moves() != 0 {
				return "", fmt.Errorf("the perfect-play line passes at move %d with a move to play", i+1)
			}
			b.Pass()
			out.WriteString("pa")
			continue
		}
		if _, err := b.Play(m); err != nil {
			return "", fmt.Errorf("the perfect-play line is illegal at move %d (%s): %v", i+1, reversi.SquareName(m), err)
		}
		out.WriteString(reversi.SquareName(m))
	}
	if b.Moves() != 0 || (!noMoveEnds && b.OpponentMoves() != 0) {
		return "", fmt.Errorf("the perfect-play line stops before the end of the game")
	}
	if len(line)%2 == 1 {
		b.Pass() // the score is for the side that moved first
	}
	if got := b.FinalMargin(); got != score {
		return "", fmt.Errorf("the perfect-play line ends %+d, not %+d", got, score)
	}
	return out.String(), nil
}
