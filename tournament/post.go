package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// PostText is a player's forum post read: which board it is for and the move on it.
type PostText struct {
	// Board is the board number, from 1.
	Board int
	// Move is the move in the game's notation: a square written the forum's way ("D 5", "d5")
	// comes out as "d5"; a pass as "pass"; anything else (another game's notation) with its
	// spacing tidied.
	Move string
	// Pass tells that the post is a pass ("Pass - no moves available").
	Pass bool
}

// PassText is how a pass is posted, as the forum writes it.
const PassText = "Pass - no moves available"

// ErrPostFormat marks a post that does not read as "Board #N" and a move.
var ErrPostFormat = errors.New("post format")

// maxMoveLen bounds a move's text: no game's notation is longer.
const maxMoveLen = 40

// ParsePost reads a post in the forum's format: the board number, then the move on the next line
// (or on the same line after the number), e.g.
//
//	Board #3
//	D 5
//
// or "Board #1" and "Pass - no moves available". It is tolerant of case, spacing and
// punctuation ("board 3: d5", "BOARD #3 D5", "d 5"), and skips a quote header such as
// "Peacock wrote:" on the first line. It checks the format only: whether the board is the
// poster's, the round theirs and the move legal is the tournament's business (Tournament.Post).
// Errors wrap ErrPostFormat and say what was expected.
func ParsePost(text string) (PostText, error) {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > 0 && !hasPrefixFold(lines[0], "board") && hasSuffixFold(lines[0], "wrote:") {
		lines = lines[1:]
	}
	if len(lines) == 0 {
		return PostText{}, refused("post.empty", fmt.Errorf("%w: the post is empty; write \"Board #N\" and your move on the next line", ErrPostFormat))
	}
	n, rest, err := parseBoardLine(lines[0])
	if err != nil {
		return PostText{}, err
	}
	moveLine := rest
	extra := lines[1:]
	if moveLine == "" {
		if len(extra) == 0 {
			return PostText{}, refused("post.no_move", fmt.Errorf("%w: no move after %q: write the square (like \"D 5\") or %q on the next line", ErrPostFormat, lines[0], PassText),
				"line", lines[0], "pass", PassText)
		}
		moveLine, extra = extra[0], extra[1:]
	}
	p := PostText{Board: n}
	p.Move, p.Pass, err = parseMove(moveLine)
	if err != nil {
		return PostText{}, err
	}
	if len(extra) > 0 {
		return PostText{}, refused("post.after_move", fmt.Errorf("%w: %q after the move %q: one move per post, and nothing after it", ErrPostFormat, extra[0], moveLine),
			"line", extra[0], "move", moveLine)
	}
	return p, nil
}

// parseBoardLine reads "Board #N" (also "board N", "Board no. N", "board#N:") and returns N and
// whatever follows on the line.
func parseBoardLine(line string) (int, string, error) {
	if !hasPrefixFold(line, "board") {
		return 0, "", refused("post.board_first", fmt.Errorf("%w: %q: a post starts with the board number, like \"Board #3\"", ErrPostFormat, line), "line", line)
	}
	s := strings.TrimSpace(line[len("board"):])
	for _, p := range []string{"#", "no.", "no", "nr.", "nr", "number"} {
		if hasPrefixFold(s, p) {
			s = strings.TrimSpace(s[len(p):])
			break
		}
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, "", refused("post.board_missing", fmt.Errorf("%w: %q: the board number is missing (write \"Board #3\")", ErrPostFormat, line), "line", line)
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil || n < 1 || i > 9 {
		return 0, "", refused("post.no_number", fmt.Errorf("%w: %q: no board has the number %s", ErrPostFormat, line, s[:i]), "line", line, "number", s[:i])
	}
	rest := strings.TrimSpace(s[i:])
	rest = strings.TrimSpace(strings.TrimLeft(rest, ":.,-"))
	return n, rest, nil
}

// parseMove reads a move line: a pass ("Pass", "pass - no moves available"), a square written
// the forum's way ("D 5", "d5", "D-5"), or another notation as it stands (spacing tidied).
func parseMove(line string) (move string, pass bool, err error) {
	if hasPrefixFold(line, "pass") && (len(line) == 4 || !isWordByte(line[4])) {
		return "pass", true, nil
	}
	if hasPrefixFold(line, "board") {
		return "", false, refused("post.one_board", fmt.Errorf("%w: %q: one board per post", ErrPostFormat, line), "line", line)
	}
	f := strings.Fields(line)
	for _, r := range line {
		if unicode.IsControl(r) && !unicode.IsSpace(r) || r == unicode.ReplacementChar {
			return "", false, refused("post.not_text", fmt.Errorf("%w: %q: the move has a character that is not text", ErrPostFormat, line))
		}
	}
	move = strings.Join(f, " ")
	if len(move) > maxMoveLen {
		return "", false, refused("post.too_long", fmt.Errorf("%w: %q: too long for a move", ErrPostFormat, line))
	}
	if sq, ok := forumSquare(move); ok {
		return sq, false, nil
	}
	return move, false, nil
}

// forumSquare reads a square as the forum writes it: a column letter, then the row number, with
// optional spaces or a dash between ("D 5", "d5", "D - 5"); it returns "d5".
func forumSquare(s string) (string, bool) {
	if len(s) < 2 || !isLetter(s[0]) {
		return "", false
	}
	rest := strings.TrimLeft(s[1:], " -")
	if len(rest) == 0 || len(rest) > 2 {
		return "", false
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] < '0' || rest[i] > '9' {
			return "", false
		}
	}
	return string(s[0]|0x20) + rest, true
}

// String writes the post as a player would: "Board #3", a new line, then "D 5" or the pass.
func (p PostText) String() string {
	return fmt.Sprintf("Board #%d\n%s", p.Board, ForumMove(p.Move))
}

// ForumMove writes a move the way the forum writes it: a square as "D 5", a pass as
// PassText; other notations as they are.
func ForumMove(move string) string {
	if strings.EqualFold(move, "pass") {
		return PassText
	}
	if sq, ok := forumSquare(move); ok && sq == move {
		return strings.ToUpper(sq[:1]) + " " + sq[1:]
	}
	return move
}

func isLetter(c byte) bool   { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isWordByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '_' || c >= 0x80 }

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}
