package puzzle

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"turncoat/engine/othello"
	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// MinMargin is the least number of discs by which every other first move must be worse than
// the answer, unless a build asks for another: four discs is more than a slip of counting, so
// the answer is a real idea of the position, not one of several near-equal moves.
const MinMargin = 4

// MaxSteps is the most moves a puzzle asks of the player: the line stops there (the position is
// still solved to the end: Rest continues it) so that a puzzle stays a puzzle, not an endgame.
const MaxSteps = 3

// Candidate is a position of a real game to try as a puzzle.
type Candidate struct {
	Board  reversi.Board
	Source Source
}

// Prover solves Othello positions exactly: one engine, used by one goroutine at a time.
type Prover struct {
	eng *othello.Engine
}

// NewProver returns a prover with a small table (puzzles have few empties).
func NewProver() *Prover {
	return &Prover{eng: othello.New(othello.Options{TableBytes: 8 << 20, Threads: 1})}
}

// values returns the exact value of every legal move of b for its side to move, best first,
// ties by square (so that the order does not depend on the search's).
func (pr *Prover) values(ctx context.Context, b reversi.Board) ([]MoveValue, error) {
	mv, _, err := pr.eng.Analyze(ctx, othello.PositionOf(b), othello.Limits{})
	if err != nil {
		return nil, err
	}
	type sv struct{ sq, v int }
	list := make([]sv, 0, len(mv))
	for _, m := range mv {
		if !m.Exact {
			return nil, fmt.Errorf("the solve of %s was not exact", reversi.SquareName(m.Move))
		}
		list = append(list, sv{m.Move, m.Score})
	}
	slices.SortFunc(list, func(a, b sv) int {
		if a.v != b.v {
			return b.v - a.v
		}
		return a.sq - b.sq
	})
	out := make([]MoveValue, len(list))
	for i, m := range list {
		out[i] = MoveValue{Move: reversi.SquareName(m.sq), Value: m.v}
	}
	return out, nil
}

// Make tries c as a puzzle: ok is false when its best move is not alone by margin discs, or
// when it has fewer than three moves to choose from.
func (pr *Prover) Make(ctx context.Context, c Candidate, margin int) (Puzzle, bool, error) {
	pr.eng.Clear() // a fresh table, so that the same position gives the same line on any worker
	b := c.Board
	first, err := pr.values(ctx, b)
	if err != nil {
		return Puzzle{}, false, err
	}
	if len(first) < 3 || first[0].Move == "pass" || first[0].Value-first[1].Value < margin {
		return Puzzle{}, false, nil
	}
	_, _, empties := b.Counts()
	p := Puzzle{
		Kind:     Othello,
		Position: positionText(b),
		Empties:  empties,
		Value:    first[0].Value,
		Margin:   first[0].Value - first[1].Value,
		Source:   c.Source,
	}
	step := Step{Moves: first}
	player := b.Turn
	var answered reversi.Board // the position after the last answer
	for {
		if err := playName(&b, step.Moves[0].Move); err != nil {
			return Puzzle{}, false, err
		}
		answered = b
		if len(p.Steps) == MaxSteps-1 {
			p.Steps = append(p.Steps, step)
			break
		}
		// the opponent's replies, and the passes of either side, up to the player's next move
		var reply []string
		for b.Moves() != 0 || b.OpponentMoves() != 0 {
			if b.Moves() == 0 {
				reply = append(reply, "pass")
				b.Pass()
				continue
			}
			if b.Turn == player {
				break
			}
			opp, err := pr.values(ctx, b)
			if err != nil {
				return Puzzle{}, false, err
			}
			reply = append(reply, opp[0].Move)
			if err := playName(&b, opp[0].Move); err != nil {
				return Puzzle{}, false, err
			}
		}
		if b.Moves() == 0 {
			// the game is over
			p.Steps = append(p.Steps, step)
			break
		}
		next, err := pr.values(ctx, b)
		if err != nil {
			return Puzzle{}, false, err
		}
		if len(next) < 2 || next[1].Value == next[0].Value {
			// a forced move or a tie: the puzzle ends with the player's last move
			p.Steps = append(p.Steps, step)
			break
		}
		step.Reply = reply
		p.Steps = append(p.Steps, step)
		step = Step{Moves: next}
	}
	// the line's proofs start from a clear table: the analyses' shallow passes leave bounds
	// that are not the solver's
	pr.eng.Clear()
	rest, err := pr.eng.PerfectLine(ctx, othello.PositionOf(answered), -p.Value, false)
	if err != nil {
		return Puzzle{}, false, err
	}
	for _, sq := range rest {
		p.Rest = append(p.Rest, reversi.SquareName(sq))
	}
	end := answered
	for _, m := range p.Rest {
		if err := playName(&end, m); err != nil {
			return Puzzle{}, false, err
		}
	}
	p.Themes = themes(c.Board, &p, end)
	p.Rating = startRating(&p)
	return p, true, nil
}

// Prove solves the puzzle's every step again and says where it differs from what it claims:
// each step's moves and values, the answers alone by the margin (the first) or by value (the
// others), each reply a best move of the opponent.
func (pr *Prover) Prove(ctx context.Context, p *Puzzle) error {
	pr.eng.Clear()
	b, err := ParsePosition(p.Position)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	player := b.Turn
	for i, st := range p.Steps {
		if b.Turn != player {
			return fmt.Errorf("puzzle %s step %d: not the player's turn", p.ID, i+1)
		}
		got, err := pr.values(ctx, b)
		if err != nil {
			return fmt.Errorf("puzzle %s step %d: %w", p.ID, i+1, err)
		}
		if !slices.Equal(got, st.Moves) {
			return fmt.Errorf("puzzle %s step %d: the solver gives %v, the puzzle says %v", p.ID, i+1, got, st.Moves)
		}
		if got[0].Value != p.Value {
			return fmt.Errorf("puzzle %s step %d: the line's value is %+d, not the position's %+d", p.ID, i+1, got[0].Value, p.Value)
		}
		if i == 0 && (len(got) < 2 || got[0].Value-got[1].Value != p.Margin || p.Margin < 1) {
			return fmt.Errorf("puzzle %s: the answer is not alone by %d discs", p.ID, p.Margin)
		}
		if i > 0 && (len(got) < 2 || got[1].Value == got[0].Value) {
			return fmt.Errorf("puzzle %s step %d: a forced move, or two moves keep the value", p.ID, i+1)
		}
		if err := playName(&b, got[0].Move); err != nil {
			return err
		}
		for _, r := range st.Reply {
			if r != "pass" && b.Turn == player {
				return fmt.Errorf("puzzle %s step %d: the reply %s is the player's move", p.ID, i+1, r)
			}
			if r != "pass" {
				opp, err := pr.values(ctx, b)
				if err != nil {
					return err
				}
				if v := valueOf(opp, r); v != opp[0].Value {
					return fmt.Errorf("puzzle %s step %d: the reply %s is worth %+d to the opponent, the best %+d", p.ID, i+1, r, v, opp[0].Value)
				}
			}
			if err := playName(&b, r); err != nil {
				return fmt.Errorf("puzzle %s step %d: %w", p.ID, i+1, err)
			}
		}
		if (i < len(p.Steps)-1) != (len(st.Reply) > 0) {
			return fmt.Errorf("puzzle %s step %d: a reply is wanted between steps, and only there", p.ID, i+1)
		}
	}
	// the rest of the line ends the game with the puzzle's value
	for _, m := range p.Rest {
		if err := playName(&b, m); err != nil {
			return fmt.Errorf("puzzle %s, the line after the answers: %w", p.ID, err)
		}
	}
	if b.Moves() != 0 || b.OpponentMoves() != 0 {
		return fmt.Errorf("puzzle %s: the line does not reach the end of the game", p.ID)
	}
	if got := finalFor(b, player); got != p.Value {
		return fmt.Errorf("puzzle %s: the line ends %+d for the player, not %+d", p.ID, got, p.Value)
	}
	return nil
}

func valueOf(mv []MoveValue, move string) int {
	for _, m := range mv {
		if m.Move == move {
			return m.Value
		}
	}
	return -65
}

// playName plays a square's name, or "pass" for a pass.
func playName(b *reversi.Board, name string) error {
	if name == "pass" {
		if b.Moves() != 0 {
			return fmt.Errorf("a pass with moves to play")
		}
		b.Pass()
		return nil
	}
	sq, err := discs.ParseSquare(name)
	if err != nil {
		return err
	}
	_, err = b.Play(sq)
	return err
}

// positionText writes b as the puzzle's Position.
func positionText(b reversi.Board) string {
	side := " X"
	if b.Turn == 1 {
		side = " O"
	}
	return b.Text() + side
}

// ParsePosition reads an 8x8 Othello puzzle's Position.
func ParsePosition(s string) (reversi.Board, error) {
	rows, side, ok := strings.Cut(s, " ")
	if !ok || (side != "X" && side != "O") {
		return reversi.Board{}, fmt.Errorf("position %q: want the rows, a space and X or O", s)
	}
	b, err := reversi.ParseBoardText(rows, 8)
	if err != nil {
		return reversi.Board{}, err
	}
	if side == "O" {
		b.Turn = 1
	}
	return b, nil
}

// finalFor is the final disc difference of the finished game b for colour c (empties to the
// winner).
func finalFor(b reversi.Board, c int) int {
	m := b.FinalMargin() // the side to move's
	if b.Turn != c {
		return -m
	}
	return m
}

// themes computes the themes of p: start is its position, end the end of its perfect line.
func themes(start reversi.Board, p *Puzzle, end reversi.Board) []string {
	var out []string
	answer := p.Answer(0)
	switch answer {
	case "a1", "h1", "a8", "h8":
		out = append(out, ThemeCorner)
	}
	if sq, err := discs.ParseSquare(answer); err == nil && parityMove(start.Empty(), sq) {
		out = append(out, ThemeParity)
	}
	for _, st := range p.Steps {
		if slices.Contains(st.Reply, "pass") {
			out = append(out, ThemeTempo)
			break
		}
	}
	// a wipe-out: the opponent keeps no disc
	if opp := []uint64{end.White, end.Black}[start.Turn]; opp == 0 {
		out = append(out, ThemeWipeout)
	}
	return append(out, fmt.Sprintf("%s%d", ThemeEndgame, p.Empties))
}

// parityMove tells whether sq lies in an odd region of the empties while an even one exists.
func parityMove(empty uint64, sq int) bool {
	odd, even := false, false
	in := false
	for rest := empty; rest != 0; {
		region := flood(rest&-rest, empty)
		rest &^= region
		if bits.OnesCount64(region)%2 == 1 {
			if region&(1<<sq) != 0 {
				in = true
			}
			odd = true
		} else {
			even = true
		}
	}
	return in && odd && even
}

// flood returns the empties connected to seed (king moves).
func flood(seed, empty uint64) uint64 {
	const notA, notH = 0xfefefefefefefefe, 0x7f7f7f7f7f7f7f7f
	r := seed
	for {
		n := r | r<<8 | r>>8
		n |= (n<<1)&notA | (n>>1)&notH
		n &= empty
		if n == r {
			return r
		}
		r = n
	}
}

// startRating is a puzzle's first rating, before players rate it: harder with more empties,
// more moves to find, more moves to choose from, and a smaller margin.
func startRating(p *Puzzle) int {
	r := 1100 + 45*(p.Empties-10) + 150*(len(p.Steps)-1) + 12*len(p.Steps[0].Moves)
	r -= 6 * min(p.Margin, 30)
	return max(600, min(r, 2500))
}
