package turnover

import (
	"fmt"
	"strconv"
	"strings"

	"turncoat/game"
)

// Move text is a whole game in notation (spec §5.3): move numbers, each White move and Black
// reply, and the result at the end: "1. C.d3 C.e6 2. Q.g4 Q.b5 3. :Ke6 :Ce6 ...". A game that
// starts with Black to move opens with "1...". The results are "1-0" (White won), "0-1" (Black
// won), "½" (a draw by the rules; "1/2-1/2" is read too) and "=" (a draw agreed).

// Result tokens.
const (
	ResultWhite  = "1-0"
	ResultBlack  = "0-1"
	ResultDraw   = "½"
	ResultAgreed = "="
)

// ResultOf returns the result token of a finished game ("" while in play).
func ResultOf(o game.Outcome) string {
	switch {
	case !o.Over:
		return ""
	case o.Winner == game.First:
		return ResultWhite
	case o.Winner == game.Second:
		return ResultBlack
	}
	return ResultDraw
}

// FormatMoveText writes the game played from start (which is not changed) by actions as move
// text, with the result when the game is over. It fails on an illegal action.
func FormatMoveText(start *State, actions []game.Action) (string, error) {
	s := start.Clone().(*State)
	var b strings.Builder
	for i, a := range actions {
		p := s.pos.side
		switch {
		case p == game.First:
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d. ", s.pos.number)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", s.pos.number)
		default:
			b.WriteByte(' ')
		}
		text := s.FormatAction(p, a)
		if err := game.Play(s, p, a); err != nil {
			return "", fmt.Errorf("move text: ply %d (%s): %w", i+1, text, err)
		}
		b.WriteString(text)
	}
	if r := ResultOf(s.outcome); r != "" {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(r)
	}
	return b.String(), nil
}

// ParseMoveText reads move text from start (which is not changed): move numbers (checked
// against the position's), moves in notation, and an optional result at the end. It returns
// the actions, the final state and the result token ("" if none; "½" for "1/2-1/2"). A result
// that contradicts the end of a finished game is an error; one given for a game still in play
// records how it ended off the board (resignation, agreement).
func ParseMoveText(start *State, text string) ([]game.Action, *State, string, error) {
	s := start.Clone().(*State)
	var actions []game.Action
	result := ""
	tokens := strings.Fields(text)
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		where := fmt.Sprintf("move text word %d (%q)", i+1, tok)
		switch tok {
		case ResultWhite, ResultBlack, ResultDraw, ResultAgreed, "1/2-1/2":
			if i != len(tokens)-1 {
				return nil, nil, "", fmt.Errorf("%w: %s: the result must come last", game.ErrSyntax, where)
			}
			result = tok
			if tok == "1/2-1/2" {
				result = ResultDraw
			}
			continue
		}
		if n, rest, ok := cutMoveNumber(tok); ok {
			black := strings.HasPrefix(rest, "..")
			rest = strings.TrimPrefix(rest, "..")
			if n != s.pos.MoveNumber() || black != (s.pos.side == game.Second) {
				want := fmt.Sprintf("%d.", s.pos.MoveNumber())
				if s.pos.side == game.Second {
					want += ".."
				}
				return nil, nil, "", fmt.Errorf("%w: %s: move number %s here, want %s", game.ErrSyntax, where, tok[:len(tok)-len(rest)], want)
			}
			if rest == "" {
				continue
			}
			tok = rest
		}
		if s.outcome.Over {
			return nil, nil, "", fmt.Errorf("%w: %s: the game is already over (%s)", game.ErrGameOver, where, s.outcome.Reason)
		}
		p := s.pos.side
		a, err := s.ParseAction(p, tok)
		if err == nil {
			err = game.Play(s, p, a)
		}
		if err != nil {
			return nil, nil, "", fmt.Errorf("%s, ply %d: %w", where, len(actions)+1, err)
		}
		actions = append(actions, a)
	}
	if result != "" && s.outcome.Over {
		want := ResultOf(s.outcome)
		if result != want && !(want == ResultDraw && result == ResultAgreed) {
			return nil, nil, "", fmt.Errorf("%w: move text ends %s, but the game ended %s (%s)", game.ErrSyntax, result, want, s.outcome.Reason)
		}
	}
	return actions, s, result, nil
}

// cutMoveNumber splits "12." or "12..." (or "12.C.d3") into the number and the rest after the
// first dot.
func cutMoveNumber(tok string) (int, string, bool) {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' {
		return 0, "", false
	}
	n, err := strconv.Atoi(tok[:i])
	if err != nil {
		return 0, "", false
	}
	return n, tok[i+1:], true
}
