package reversi

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"turncoat/games/discs"
)

// Record is one game of Othello as the record formats hold it: the start position, the moves,
// the players and the recorded result.
type Record struct {
	// Start is the position before the first move (size, discs, side to move).
	Start Board
	// Moves are squares, and Pass. After parsing, every pass is explicit, also where the source
	// left it out.
	Moves []int
	// Black, White, Event, Date and Place are the record's names (empty when unknown).
	Black, White, Event, Date, Place string
	// HasResult tells whether the record states a result.
	HasResult bool
	// Result is Black's discs minus White's as recorded (empties to the winner). When the
	// record states a result that is not a whole disc difference (a GGS komi game's
	// RE[-22.87]), Result is the disc difference that result implies: the stated result plus
	// the komi, to the nearest disc; Stated keeps the figure as written.
	Result int
	// Stated is the result exactly as the record states it, set (HasStated) when that is not
	// Result itself: a fractional GGF result, or a komi game's, which is Black's disc
	// difference minus the komi. StatedResult gives it in every case.
	HasStated bool
	Stated    float64
	// Komi is GGF's KM[], in Black's view (HasKomi says whether the record gives one): a komi
	// game's stated result is Black's disc difference minus the komi, so that KM[-0.5] and a
	// 36-28 finish give RE[+8.5].
	HasKomi bool
	Komi    float64
	// ResultNote qualifies a result that is not a final position's: "resigned", "timeout",
	// "agreed" (GGF's r, t, s).
	ResultNote string
	// Theoretical is WTHOR's theoretical result, Black's discs minus White's with perfect play
	// from the position with TheoreticalDepth empty squares (HasTheoretical says if known).
	HasTheoretical   bool
	Theoretical      int
	TheoreticalDepth int
	// Extra holds tags the formats carry that have no field here (GGF's TI, RB, ...), in order,
	// so that a GGF record is written back as it was read.
	Extra [][2]string
}

// RecordError says where a record is wrong: the file, the game (1-based), the ply (1-based)
// and the square, where they are known.
type RecordError struct {
	File   string
	Game   int
	Ply    int
	Square string
	Err    error
}

func (e *RecordError) Error() string {
	var parts []string
	if e.File != "" {
		parts = append(parts, e.File)
	}
	if e.Game > 0 {
		parts = append(parts, fmt.Sprintf("game %d", e.Game))
	}
	if e.Ply > 0 {
		p := fmt.Sprintf("ply %d", e.Ply)
		if e.Square != "" {
			p += " (" + e.Square + ")"
		}
		parts = append(parts, p)
	}
	parts = append(parts, e.Err.Error())
	return strings.Join(parts, ": ")
}

func (e *RecordError) Unwrap() error { return e.Err }

// where adds the file and the game number to an error from parsing one game.
func where(err error, file string, gameNo int) error {
	if err == nil {
		return nil
	}
	var re *RecordError
	if errors.As(err, &re) {
		c := *re
		if c.File == "" {
			c.File = file
		}
		if c.Game == 0 {
			c.Game = gameNo
		}
		return &c
	}
	return &RecordError{File: file, Game: gameNo, Err: err}
}

// Errors of replaying a record.
var (
	ErrIllegalMove = errors.New("illegal move")
	ErrAfterEnd    = errors.New("move after the end of the game")
)

// player makes moves on a board for the record readers: it checks each move and inserts the
// passes the source left out.
type player struct {
	b     Board
	moves []int
}

// play applies one move of the record (a square or Pass). ply is the ply number of the move as
// the source counts it, for errors.
func (pl *player) play(sq int, ply int) error {
	mask := discs.SquareMask(pl.b.Size)
	moves := pl.b.Moves()
	if moves == 0 {
		if pl.b.OpponentMoves() == 0 {
			return &RecordError{Ply: ply, Square: SquareName(sq), Err: ErrAfterEnd}
		}
		if sq != Pass {
			// The source left out the pass: insert it.
			pl.b.Pass()
			pl.moves = append(pl.moves, Pass)
			moves = pl.b.Moves()
		}
	}
	if sq == Pass {
		if moves != 0 {
			return &RecordError{Ply: ply, Square: "pass", Err: fmt.Errorf("%w: pass while %s has a move", ErrIllegalMove, colourName(pl.b.Turn))}
		}
		pl.b.Pass()
		pl.moves = append(pl.moves, Pass)
		return nil
	}
	if sq < 0 || sq > 63 || mask&(1<<sq) == 0 {
		return &RecordError{Ply: ply, Square: SquareName(sq), Err: fmt.Errorf("%w: not on the %dx%d board", ErrIllegalMove, pl.b.Size, pl.b.Size)}
	}
	if _, err := pl.b.Play(sq); err != nil {
		return &RecordError{Ply: ply, Square: SquareName(sq), Err: fmt.Errorf("%w: %v", ErrIllegalMove, err)}
	}
	pl.moves = append(pl.moves, sq)
	return nil
}

func colourName(turn int) string { return [2]string{"Black", "White"}[turn&1] }

// Replay plays the record's moves from its start and returns the final position; an error
// names the ply and the square of the first bad move.
func (r *Record) Replay() (Board, error) {
	pl := player{b: r.Start}
	for i, sq := range r.Moves {
		if err := pl.play(sq, i+1); err != nil {
			return pl.b, err
		}
	}
	return pl.b, nil
}

// Final returns the final position, and whether the game is over there (neither side can
// move). Records that do not replay give an error.
func (r *Record) Final() (Board, bool, error) {
	b, err := r.Replay()
	if err != nil {
		return b, false, err
	}
	return b, b.Moves() == 0 && b.OpponentMoves() == 0, nil
}

// StatedResult returns the result as the record states it, from Black's view: Stated when the
// record gave a figure other than Result, else Result.
func (r *Record) StatedResult() float64 {
	if r.HasStated {
		return r.Stated
	}
	return float64(r.Result)
}

// ScoreMatches reports whether the recorded result is the score of the record's final position:
// its discs with the empty squares going to the side ahead (split in a draw), less the komi in
// a komi game. Most records end with the game; some stop early (by agreement, on time) and
// still match this way. A result that is not a whole disc difference once the komi is counted
// (RE[-22.87] without a KM[]) matches no position.
func (r *Record) ScoreMatches() (bool, error) {
	b, err := r.Replay()
	if err != nil || !r.HasResult {
		return false, err
	}
	black, white := b.FinalScore()
	if black-white != r.Result {
		return false, nil
	}
	if !r.HasStated {
		return true, nil
	}
	implied := r.Stated
	if r.HasKomi {
		implied += r.Komi
	}
	return math.Abs(implied-float64(r.Result)) < 1e-6, nil
}

// ParseMoveList reads a game written as square names from start: "f5d6c3d3c4", with or without
// separators (spaces, commas, '-'), move numbers ("1. f5 d6 2. c3") and explicit passes (pass,
// pa, ps, @@@@), case-insensitive. Passes left out are inferred (when the side to move has no
// legal move the next move is the opponent's) and made explicit in the record's Moves.
func ParseMoveList(text string, start Board) (Record, error) {
	pl := player{b: start}
	ply := 0
	err := scanMoves(text, func(tok string, offset int) error {
		ply++
		sq := Pass
		if !isPass(tok) {
			var err error
			if sq, err = discs.ParseSquare(tok); err != nil {
				return fmt.Errorf("offset %d: %v", offset, err)
			}
		}
		return pl.play(sq, ply)
	})
	if err != nil {
		return Record{}, err
	}
	return Record{Start: start, Moves: pl.moves}, nil
}

// scanMoves calls f with each move of a move list (a square name or a pass word, as written)
// and its offset in text, skipping separators and move numbers; it stops at f's first error.
func scanMoves(text string, f func(tok string, offset int) error) error {
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '-' || c == ';':
			i++
		case c >= '0' && c <= '9':
			// a move number: digits then '.'
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j == len(text) || text[j] != '.' {
				return fmt.Errorf("offset %d: unexpected %q (a move number ends with '.')", i, text[i:j])
			}
			for j < len(text) && text[j] == '.' {
				j++
			}
			i = j
		default:
			tok, n := nextMoveToken(text[i:])
			if n == 0 {
				return fmt.Errorf("offset %d: unexpected %q: %w", i, clip(text[i:]), errNotAMove)
			}
			if err := f(tok, i); err != nil {
				return err
			}
			i += n
		}
	}
	return nil
}

var errNotAMove = errors.New("want a square like f5 or a pass")

// StartsWithMove reports whether text could be a move list at all: whether, after separators
// and a move number, it starts with a square name or a pass. A line of other text does not.
func StartsWithMove(text string) bool {
	found := false
	stop := errors.New("stop")
	err := scanMoves(text, func(string, int) error { found = true; return stop })
	return found && err == stop
}

// nextMoveToken returns the move token at the start of s (a square or a pass word) and its
// length, or 0 if there is none.
func nextMoveToken(s string) (string, int) {
	lower := strings.ToLower(s[:min(len(s), 4)])
	for _, p := range []string{"pass", "@@@@", "pa", "ps"} {
		if strings.HasPrefix(lower, p) {
			return p, len(p)
		}
	}
	if len(s) >= 2 {
		c, r := s[0]|0x20, s[1]
		if c >= 'a' && c <= 'h' && r >= '1' && r <= '8' {
			return s[:2], 2
		}
	}
	return "", 0
}

func clip(s string) string {
	if len(s) > 12 {
		return s[:12] + "..."
	}
	return s
}

// MoveList writes the moves as concatenated square names ("f5d6c3"); passes are written "pa"
// when explicitPasses is set and left out otherwise (a reader infers them from the move after
// them), but for a last pass, which no move follows.
func (r *Record) MoveList(explicitPasses bool) string {
	var b strings.Builder
	for i, sq := range r.Moves {
		if sq == Pass {
			if explicitPasses || i == len(r.Moves)-1 {
				b.WriteString("pa")
			}
			continue
		}
		b.WriteString(SquareName(sq))
	}
	return b.String()
}
