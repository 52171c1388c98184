package turnover

import (
	"fmt"
	"strconv"
	"strings"

	"turncoat/game"
)

// The position format (FEN-like, spec §5.6): the ranks from 8 down to 1, separated by '/',
// each listing files a to h with a letter per stack and a digit for a run of empty squares;
// then "w" or "b" for the side to move; then, optionally, the halfmove clock (plies since the
// last capture, turnover or promotion) and the move number, as in chess.
//
// Letters: P N B R Q C for White's Pawn, Knight, Bishop, Rook, Queen and Castle, lower case for
// Black's. The FEN's letters are its own: the move notation writes a Knight K by default and
// uses no letter for a Pawn, and other programs' formats use k for the Castle. Never share the
// tables.

// fenLetters maps a Kind to its FEN letter (White's; Black's are lower case).
var fenLetters = [8]byte{Pawn: 'P', Knight: 'N', Bishop: 'B', Rook: 'R', Queen: 'Q', Castle: 'C'}

func fenKind(c byte) (Kind, game.Player, bool) {
	pl := game.First
	if c >= 'a' && c <= 'z' {
		pl, c = game.Second, c-'a'+'A'
	}
	for k, l := range fenLetters {
		if l != 0 && l == c {
			return Kind(k), pl, true
		}
	}
	return None, game.NoPlayer, false
}

// ParseFEN reads a position in the format above.
func ParseFEN(text string) (Position, error) {
	var p Position
	f := strings.Fields(text)
	if len(f) < 2 || len(f) > 4 {
		return p, fmt.Errorf("%w: position %q: want \"<ranks 8 to 1> <w|b> [clock [move number]]\"", game.ErrSyntax, text)
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return p, fmt.Errorf("%w: position %q: %d ranks, want 8 separated by '/'", game.ErrSyntax, f[0], len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				if file > 8 {
					return p, fmt.Errorf("%w: position: rank %d (%q) has more than 8 squares", game.ErrSyntax, r+1, row)
				}
				continue
			}
			k, pl, ok := fenKind(c)
			if !ok {
				return p, fmt.Errorf("%w: position: rank %d (%q): %q is not a stack (want PNBRQC, pnbrqc or a digit 1-8)", game.ErrSyntax, r+1, row, c)
			}
			if file >= 8 {
				return p, fmt.Errorf("%w: position: rank %d (%q) has more than 8 squares", game.ErrSyntax, r+1, row)
			}
			p.put(SquareAt(file, r), MakeCell(k, pl))
			file++
		}
		if file != 8 {
			return p, fmt.Errorf("%w: position: rank %d (%q) has %d squares, want 8", game.ErrSyntax, r+1, row, file)
		}
	}
	switch f[1] {
	case "w", "W":
		p.SetSide(game.First)
	case "b", "B":
		p.SetSide(game.Second)
	default:
		return p, fmt.Errorf("%w: position: side to move %q, want w or b", game.ErrSyntax, f[1])
	}
	clock, number := 0, 1
	if len(f) > 2 {
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 0 || n > 1_000_000 {
			return p, fmt.Errorf("%w: position: halfmove clock %q, want a number 0 to 1000000", game.ErrSyntax, f[2])
		}
		clock = n
	}
	if len(f) > 3 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 || n > 1_000_000 {
			return p, fmt.Errorf("%w: position: move number %q, want a number 1 to 1000000", game.ErrSyntax, f[3])
		}
		number = n
	}
	p.SetCounters(clock, number)
	return p, nil
}

// Placement returns the board part of the FEN ("cccccccc/8/8/8/8/8/8/CCCCCCCC").
func (p *Position) Placement() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := p.cells[SquareAt(f, r)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			l := fenLetters[c.Kind()]
			if c.Owner() == game.Second {
				l += 'a' - 'A'
			}
			b.WriteByte(l)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// ShortFEN returns the board and the side to move ("cccccccc/8/8/8/8/8/8/CCCCCCCC w"): what the
// repetition rule compares.
func (p *Position) ShortFEN() string {
	return p.Placement() + " " + [2]string{"w", "b"}[p.side]
}

// FEN returns the full position text: board, side, clock and move number.
func (p *Position) FEN() string {
	return fmt.Sprintf("%s %d %d", p.ShortFEN(), p.clock, p.number)
}

// Setups (spec §1).
const (
	SetupFirstRank = "first-rank"
	SetupZigzag    = "zigzag"
)

// The start positions.
const (
	FirstRankFEN = "cccccccc/8/8/8/8/8/8/CCCCCCCC w 0 1"
	ZigzagFEN    = "c1c1c1c1/1c1c1c1c/8/8/8/8/1C1C1C1C/C1C1C1C1 w 0 1"
)

// StartPosition returns the start of the named setup.
func StartPosition(setup string) Position {
	text := FirstRankFEN
	if setup == SetupZigzag {
		text = ZigzagFEN
	}
	p, err := ParseFEN(text)
	if err != nil {
		panic(err) // the constants above are valid
	}
	return p
}
