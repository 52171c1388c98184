package puzzles

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"turncoat/engine/exact"
	"turncoat/engine/puzzle"
	"turncoat/game"
	"turncoat/games"
	"turncoat/games/turncoat"
)

// The test sets of the kinds other than Othello (testdata/KIND.jsonl.gz): a few puzzles of
// each, cut from games played by random moves (seeded) and valued by exact means within their
// reach, so that the service's tests play every kind through its game:
//
//   - Blocs: every move's result by the exact solver (engine/exact, Grundy values); a puzzle is
//     a position with exactly one winning move.
//   - Troll: positions of at most trollEmpties empty squares, solved to the end by a negamax
//     over the game itself; exactly one winning move.
//   - Turnover: a position with exactly one move that wins at once (the opponent's last Castle
//     taken, or no move left in check): a mate in 1, valued 99 in the unit "mate"; every other
//     move is searched two plies further (98 for a mate in 2, -99 when the opponent then wins
//     at once, else 0: no mate within that reach).
//   - Turncoat: 3x3 boards with a round cap of 4, solved exactly (engine/exact); Red's
//     selections valued by what each guarantees against Yellow's best answer (a pure
//     strategy's security), exactly one selection winning whatever Yellow selects, and the
//     Reply Yellow's selection of most weight in its optimal strategy.
//
// TURNCOAT_PUZZLE_FIXTURES=write go test ./platform/puzzles -run TestFixtures writes them again;
// TURNCOAT_PUZZLE_FIXTURES=check builds them and checks that the files hold the same puzzles
// (a few seconds: not on every run).

const (
	fixturesPerKind = 2
	trollEmpties    = 7
)

func TestFixtures(t *testing.T) {
	mode := os.Getenv("TURNCOAT_PUZZLE_FIXTURES")
	if mode == "" {
		t.Skip("TURNCOAT_PUZZLE_FIXTURES=check (or write) builds the test sets")
	}
	for _, kind := range []string{puzzle.Turnover, puzzle.Blocs, puzzle.Troll, puzzle.Turncoat} {
		t.Run(kind, func(t *testing.T) {
			ps, err := buildFixtures(kind)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := puzzle.Write(&buf, ps); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", kind+".jsonl.gz")
			if mode == "write" {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			have, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(have, buf.Bytes()) {
				t.Fatalf("%s is not what the builder makes now (TURNCOAT_PUZZLE_FIXTURES=write makes it again)", path)
			}
		})
	}
}

func buildFixtures(kind string) ([]puzzle.Puzzle, error) {
	if kind == puzzle.Turncoat {
		return buildTurncoat()
	}
	reg := games.Registry()
	g, err := reg.Lookup(kind)
	if err != nil {
		return nil, err
	}
	var analyze func(game.State) ([]puzzle.MoveValue, error)
	unit := UnitResult
	switch kind {
	case puzzle.Blocs:
		analyze = blocsValues
	case puzzle.Troll:
		analyze = func(s game.State) ([]puzzle.MoveValue, error) {
			if empties(s) > trollEmpties {
				return nil, nil
			}
			return negamaxValues(s, map[string]int{}), nil
		}
	case puzzle.Turnover:
		unit = UnitMate
		analyze = turnoverValues
	}
	var out []puzzle.Puzzle
	for seed := uint64(1); len(out) < fixturesPerKind && seed < 400; seed++ {
		st, err := g.New(game.DefaultOptions(g.OptionSpecs()))
		if err != nil {
			return nil, err
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for ply := 0; ply < 400 && !st.Outcome().Over; ply++ {
			p, ok, err := lineFrom(st, analyze, unit)
			if err != nil {
				return nil, err
			}
			// a puzzle a game, and not the first positions (the game has started)
			if ok && ply >= 4 {
				p.ID = fmt.Sprintf("%s%d", puzzle.IDLetter(kind), len(out)+1)
				p.Kind = kind
				p.Source = puzzle.Source{Ply: ply}
				if kind == puzzle.Turnover {
					p.Empties = 0 // empty squares say nothing of a Turnover position
				}
				out = append(out, p)
				break
			}
			legal := st.Legal(st.ToAct().Single(), nil)
			if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
				return nil, err
			}
		}
	}
	if len(out) < fixturesPerKind {
		return out, fmt.Errorf("%s: only %d puzzles", kind, len(out))
	}
	return out, nil
}

// lineFrom makes a puzzle of st when its side to move has exactly one best move and it wins:
// the answer, then while the game goes on the opponent's best reply and the player's next
// answer, as long as it is alone (at most puzzle.MaxSteps answers).
func lineFrom(st game.State, analyze func(game.State) ([]puzzle.MoveValue, error), unit string) (puzzle.Puzzle, bool, error) {
	first, err := analyze(st)
	if err != nil || len(first) < 2 || first[0].Value <= 0 || first[0].Value == first[1].Value {
		return puzzle.Puzzle{}, false, err
	}
	p := puzzle.Puzzle{Options: st.Options().Map(), Position: st.Encode(), Empties: empties(st), Value: first[0].Value,
		Unit: unit, Margin: first[0].Value - first[1].Value, Themes: []string{}}
	s := st.Clone()
	player := s.ToAct().Single()
	step := puzzle.Step{Moves: first}
	for {
		if err := playText(s, player, step.Moves[0].Move); err != nil {
			return p, false, err
		}
		if s.Outcome().Over || len(p.Steps) == puzzle.MaxSteps-1 || s.ToAct().Single() != player.Other() {
			p.Steps = append(p.Steps, step)
			break
		}
		opp, err := analyze(s)
		if err != nil || len(opp) == 0 {
			p.Steps = append(p.Steps, step)
			break
		}
		reply := opp[0].Move
		s2 := s.Clone()
		if err := playText(s2, player.Other(), reply); err != nil {
			return p, false, err
		}
		if s2.Outcome().Over || s2.ToAct().Single() != player {
			p.Steps = append(p.Steps, step)
			break
		}
		next, err := analyze(s2)
		if err != nil {
			return p, false, err
		}
		want := p.Value
		if unit == UnitMate {
			want = p.Value + len(p.Steps) + 1 // a mate one move nearer
		}
		if len(next) < 2 || next[0].Value != want || next[0].Value == next[1].Value {
			p.Steps = append(p.Steps, step)
			break
		}
		step.Reply = []string{reply}
		p.Steps = append(p.Steps, step)
		s = s2
		step = puzzle.Step{Moves: next}
	}
	p.Rating = 1300 + 200*len(p.Steps) // a guess: a longer line is harder
	return p, true, nil
}

func playText(s game.State, p game.Player, text string) error {
	a, err := s.ParseAction(p, text)
	if err != nil {
		return err
	}
	return game.Play(s, p, a)
}

// empties counts the empty cells of a state's board.
func empties(s game.State) int {
	bv, ok := s.(game.BoardViewer)
	if !ok {
		return 0
	}
	n := 0
	for _, g := range bv.BoardView().Grids {
		for _, c := range g.Cells {
			if c.Piece == nil && !c.Hole {
				n++
			}
		}
	}
	return n
}

// sortValues orders values best first, ties by the move's text.
func sortValues(vs []puzzle.MoveValue) []puzzle.MoveValue {
	slices.SortFunc(vs, func(a, b puzzle.MoveValue) int {
		return cmp.Or(b.Value-a.Value, cmp.Compare(a.Move, b.Move))
	})
	return vs
}

func blocsValues(s game.State) ([]puzzle.MoveValue, error) {
	p := s.ToAct().Single()
	stats, err := exact.NewBlocsAgent(0, 1).Analyze(context.Background(), s, p)
	if err != nil {
		return nil, err
	}
	var out []puzzle.MoveValue
	for _, m := range stats {
		out = append(out, puzzle.MoveValue{Move: s.FormatAction(p, m.Action), Value: int(math.Round(2*m.Value - 1))})
	}
	return sortValues(out), nil
}

// negamaxValues values every move of the side to move by a search to the end: +1 a win, 0 a
// draw, -1 a loss.
func negamaxValues(s game.State, memo map[string]int) []puzzle.MoveValue {
	p := s.ToAct().Single()
	var out []puzzle.MoveValue
	for _, a := range s.Legal(p, nil) {
		c := s.Clone()
		if err := c.Apply(a); err != nil {
			panic(err)
		}
		out = append(out, puzzle.MoveValue{Move: s.FormatAction(p, a), Value: resultFor(c, p, memo)})
	}
	return sortValues(out)
}

// resultFor is p's result in s with perfect play.
func resultFor(s game.State, p game.Player, memo map[string]int) int {
	if o := s.Outcome(); o.Over {
		switch o.Winner {
		case p:
			return 1
		case game.NoPlayer:
			return 0
		}
		return -1
	}
	key := s.Encode()
	mover := s.ToAct().Single()
	v, ok := memo[key]
	if !ok {
		v = -1
		for _, a := range s.Legal(mover, nil) {
			c := s.Clone()
			if err := c.Apply(a); err != nil {
				panic(err)
			}
			if r := resultFor(c, mover, memo); r > v {
				if v = r; v == 1 {
					break
				}
			}
		}
		memo[key] = v
	}
	if mover != p {
		return -v
	}
	return v
}

// wins reports whether the game is over in s and p has won.
func wins(s game.State, p game.Player) bool {
	o := s.Outcome()
	return o.Over && o.Winner == p
}

// turnoverValues values the moves of a Turnover position in the unit "mate" within a short
// reach (see the file's doc); nil unless exactly one move wins at once.
func turnoverValues(s game.State) ([]puzzle.MoveValue, error) {
	p := s.ToAct().Single()
	legal := s.Legal(p, nil)
	now := 0
	for _, a := range legal {
		c := s.Clone()
		if err := c.Apply(a); err != nil {
			return nil, err
		}
		if wins(c, p) {
			now++
		}
	}
	if now != 1 {
		return nil, nil
	}
	var out []puzzle.MoveValue
	for _, a := range legal {
		c := s.Clone()
		if err := c.Apply(a); err != nil {
			return nil, err
		}
		v := 0
		switch {
		case wins(c, p):
			v = MateValue - 1
		case c.Outcome().Over:
		default:
			v = turnoverAfter(c, p)
		}
		out = append(out, puzzle.MoveValue{Move: s.FormatAction(p, a), Value: v})
	}
	return sortValues(out), nil
}

// turnoverAfter values the position after p's move, the opponent to move: -99 when the
// opponent wins at once, 98 when every reply allows p a win at once, else 0.
func turnoverAfter(c game.State, p game.Player) int {
	o := p.Other()
	mated := true
	for _, r := range c.Legal(o, nil) {
		d := c.Clone()
		if err := d.Apply(r); err != nil {
			panic(err)
		}
		if wins(d, o) {
			return -(MateValue - 1)
		}
		if !mated || d.Outcome().Over {
			mated = false
			continue
		}
		found := false
		for _, a := range d.Legal(p, nil) {
			e := d.Clone()
			if err := e.Apply(a); err != nil {
				panic(err)
			}
			if wins(e, p) {
				found = true
				break
			}
		}
		mated = found
	}
	if mated {
		return MateValue - 2
	}
	return 0
}

// buildTurncoat makes Turncoat puzzles on 3x3 boards (see the file's doc).
func buildTurncoat() ([]puzzle.Puzzle, error) {
	var out []puzzle.Puzzle
	for seed := uint64(1); len(out) < fixturesPerKind && seed < 200; seed++ {
		st, err := turncoat.NewState(turncoat.Rules{Size: 3, Mode: turncoat.WhiteAndBlack, Cap: 4, Seed: seed})
		if err != nil {
			return nil, err
		}
		sol, err := exact.SolveTurncoat(context.Background(), st, exact.TurncoatOptions{Tolerance: -1})
		if err != nil {
			continue // a setup out of the solver's reach
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for round := 0; round < 3 && !st.Outcome().Over; round++ {
			b := st.Boards()
			g, ok := sol.Game(b[0], b[1])
			if !ok {
				break
			}
			if p, ok := turncoatPuzzle(st, g); ok {
				p.ID = fmt.Sprintf("c%d", len(out)+1)
				p.Source = puzzle.Source{Ply: round}
				out = append(out, p)
				break
			}
			red := st.Legal(game.First, nil)
			yellow := st.Legal(game.Second, nil)
			if err := st.ApplyJoint(game.Joint{red[rng.IntN(len(red))], yellow[rng.IntN(len(yellow))]}); err != nil {
				return nil, err
			}
		}
	}
	if len(out) < fixturesPerKind {
		return out, fmt.Errorf("turncoat: only %d puzzles", len(out))
	}
	return out, nil
}

func turncoatPuzzle(st *turncoat.State, g exact.TurncoatGame) (puzzle.Puzzle, bool) {
	var moves []puzzle.MoveValue
	for i, sq := range g.RedSquares {
		lo := math.Inf(1)
		for j := range g.YellowSquares {
			lo = min(lo, g.At(i, j))
		}
		if lo != math.Round(lo) {
			return puzzle.Puzzle{}, false // a selection worth a mixed value: not in the unit
		}
		moves = append(moves, puzzle.MoveValue{Move: st.FormatAction(game.First, sq), Value: int(lo)})
	}
	sortValues(moves)
	if len(moves) < 2 || moves[0].Value != 1 || moves[1].Value == 1 || math.Abs(g.Value-1) > 1e-9 {
		return puzzle.Puzzle{}, false
	}
	best := 0
	for j := range g.YellowSquares {
		if g.Col[j] > g.Col[best]+1e-9 {
			best = j
		}
	}
	reply := st.FormatAction(game.Second, g.YellowSquares[best])
	return puzzle.Puzzle{Kind: puzzle.Turncoat, Options: st.Options().Map(), Position: st.Encode(), Value: 1, Unit: UnitResult,
		Margin: moves[0].Value - moves[1].Value, Rating: 1500, Themes: []string{},
		Steps: []puzzle.Step{{Moves: moves, Reply: []string{reply}}}}, true
}
