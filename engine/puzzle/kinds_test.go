package puzzle

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games/turnover"
)

// buildKind builds count puzzles of kind and returns them with their bytes.
func buildKind(t *testing.T, kind string, seed uint64, count, workers int) ([]Puzzle, []byte) {
	t.Helper()
	ps, err := Build(context.Background(), kind, Options{Seed: seed, Count: count, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, ps); err != nil {
		t.Fatal(err)
	}
	return ps, b.Bytes()
}

// TestBuildKindsReproducible: for the kinds quick to build, the same seed gives the same bytes
// on one worker and on two (another seed other puzzles), and every puzzle built proves, with its
// id, unit and themes.
func TestBuildKindsReproducible(t *testing.T) {
	for _, tc := range []struct {
		kind  string
		seed  uint64
		count int
		unit  string
		theme string
	}{
		{Blocs, 7, 6, UnitResult, ""},
		// each position solved exactly: one puzzle is enough, of a seed that finds it at once
		{Turncoat, 6, 1, UnitResult, "pieces-"},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			ps, one := buildKind(t, tc.kind, tc.seed, tc.count, 1)
			if _, two := buildKind(t, tc.kind, tc.seed, tc.count, 2); !bytes.Equal(one, two) {
				t.Fatal("a seed built different sets on one worker and on two")
			}
			other, _ := buildKind(t, tc.kind, tc.seed+1, tc.count, 1)
			if slices.EqualFunc(ps, other, func(a, b Puzzle) bool { return a.Position == b.Position }) {
				t.Fatal("two seeds built the same puzzles")
			}
			read, err := Read(bytes.NewReader(one))
			if err != nil || len(read) != tc.count {
				t.Fatalf("reading the set back: %d puzzles, %v", len(read), err)
			}
			for i := range read {
				p := &read[i]
				if err := Prove(context.Background(), p); err != nil {
					t.Fatal(err)
				}
				if p.Kind != tc.kind || p.Unit != tc.unit || !strings.HasPrefix(p.ID, IDLetter(tc.kind)) || p.Source.Game < 1 ||
					p.Value != p.Steps[0].Moves[0].Value || len(p.Themes) == 0 || !strings.HasPrefix(p.Themes[0], tc.theme) {
					t.Fatalf("puzzle %+v", p)
				}
			}
		})
	}
}

// mateInThree is a Turnover position where Black's only move that forces a win within three
// moves is :Qb2 (turning White's Queen over, next to White's last Castle); no other mates as
// fast, and each of Black's next two moves is the only one that mates as fast.
const mateInThree = "c4c2/8/1p1p1b2/8/8/Pr6/1RR5/1C6 b 3 39"

// TestTurnoverMate: the mate search proves a mate in three whose first move alone mates that
// fast, its line ends the game with the player's win under the game's own rules, and a changed
// claim does not prove.
func TestTurnoverMate(t *testing.T) {
	m := newTurnoverMaker()
	pos, err := turnover.ParseFEN(mateInThree)
	if err != nil {
		t.Fatal(err)
	}
	p, ok, err := m.make(context.Background(), candidate{state: turnover.NewState(turnover.Standard, pos)})
	if err != nil || !ok {
		t.Fatalf("no puzzle: %v", err)
	}
	if p.Value != 97 || p.Answer(0) != ":Qb2+" || len(p.Steps) != 3 || !slices.Contains(p.Themes, "mate-in-3") {
		t.Fatalf("puzzle: value %d, answer %s, themes %q", p.Value, p.Answer(0), p.Themes)
	}
	for _, mv := range p.Steps[0].Moves[1:] {
		if mv.Value >= p.Value {
			t.Fatalf("%s is worth %d, as much as the answer", mv.Move, mv.Value)
		}
	}
	// the whole line, played by the game's rules, ends with Black's win
	s := turnover.NewState(turnover.Standard, pos)
	var line []string
	for _, st := range p.Steps {
		line = append(append(line, st.Moves[0].Move), st.Reply...)
	}
	end, err := game.Replay(s, append(line, p.Rest...))
	if err != nil {
		t.Fatal(err)
	}
	if o := end.Outcome(); !o.Over || o.Winner != game.Second {
		t.Fatalf("the line ends %+v", o)
	}
	if err := m.prove(context.Background(), &p); err != nil {
		t.Fatal(err)
	}
	refused(t, p)
}

// refused checks that changed claims of a good puzzle do not prove.
func refused(t *testing.T, good Puzzle) {
	t.Helper()
	clone := func() Puzzle {
		p := good
		p.Steps = slices.Clone(good.Steps)
		for i := range p.Steps {
			p.Steps[i].Moves = slices.Clone(p.Steps[i].Moves)
		}
		p.Rest = slices.Clone(good.Rest)
		return p
	}
	for _, tc := range []struct {
		name   string
		change func(p *Puzzle)
	}{
		{"a value off by one", func(p *Puzzle) { p.Steps[0].Moves[0].Value++; p.Value++ }},
		{"a larger margin", func(p *Puzzle) { p.Margin++ }},
		{"the answer swapped", func(p *Puzzle) { p.Steps[0].Moves[0], p.Steps[0].Moves[1] = p.Steps[0].Moves[1], p.Steps[0].Moves[0] }},
		{"another unit", func(p *Puzzle) { p.Unit = "discs" }},
	} {
		p := clone()
		tc.change(&p)
		if err := Prove(context.Background(), &p); err == nil {
			t.Errorf("%s: proven", tc.name)
		}
	}
}

// TestTrollEndgame: an endgame of ten empties solves to a win that one move alone keeps, and the
// puzzle proves; changed claims do not.
func TestTrollEndgame(t *testing.T) {
	m := newTrollMaker()
	p := Puzzle{Kind: Troll, Position: "rules=1987,first=black WWWBBBBB/WWB..BBW/WBWB.B.W/BBWBB..W/WWBWWBWW/WWWWWWBW/WWBBWB.B/.BBBBB.. B"}
	s, err := readPosition(m.game(), &p)
	if err != nil {
		t.Fatal(err)
	}
	p, ok, err := m.make(context.Background(), candidate{state: s})
	if err != nil || !ok {
		t.Fatalf("no puzzle: %v", err)
	}
	if p.Value != 1 || p.Unit != UnitResult || p.Answer(0) != "a8" || p.Empties != 10 || !slices.Contains(p.Themes, "endgame-10") {
		t.Fatalf("puzzle %+v", p)
	}
	if err := m.prove(context.Background(), &p); err != nil {
		t.Fatal(err)
	}
	refused(t, p)
}

// TestTurnoverMateAgainstRules: the mate search's values agree, for mates in one and two, with a
// plain search over the game's own states (their Apply and Outcome), every move and every
// defence.
func TestTurnoverMateAgainstRules(t *testing.T) {
	// winIn tells whether the side to move in s wins within n of its moves, by the game's rules.
	var winIn func(s game.State, n int) bool
	mates := func(s game.State, a game.Action, n int) bool {
		me := s.ToAct().Single()
		c := s.Clone()
		if err := c.Apply(a); err != nil {
			t.Fatal(err)
		}
		if o := c.Outcome(); o.Over {
			return o.Winner == me
		}
		if n == 1 {
			return false
		}
		for _, d := range c.Legal(me.Other(), nil) {
			e := c.Clone()
			if err := e.Apply(d); err != nil {
				t.Fatal(err)
			}
			if o := e.Outcome(); o.Over {
				if o.Winner != me {
					return false
				}
				continue
			}
			if !winIn(e, n-1) {
				return false
			}
		}
		return true
	}
	winIn = func(s game.State, n int) bool {
		for _, a := range s.Legal(s.ToAct().Single(), nil) {
			if mates(s, a, n) {
				return true
			}
		}
		return false
	}
	for _, fen := range []string{mateInThree, "R4Qc1/8/5p2/6P1/8/8/5b2/bb1CCC1r w 1 15", "qr4rc/5c2/p1p5/P2p1b2/3P4/3P3P/1C4P1/1Q3BR1 b 0 42"} {
		pos, err := turnover.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		s := turnover.NewState(turnover.Standard, pos)
		got, err := newTurnoverMaker().values(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		p := s.ToAct().Single()
		for _, a := range s.Legal(p, nil) {
			name := s.FormatAction(p, a)
			want := 0
			switch {
			case mates(s, a, 1):
				want = 99
			case mates(s, a, 2):
				want = 98
			}
			i := slices.IndexFunc(got, func(m MoveValue) bool { return m.Move == name })
			if v := got[i].Value; (want > 0 && v != want) || (want == 0 && v >= 98) {
				t.Errorf("%s: %s is worth %d by the mate search, the rules' search says %d", fen, name, v, want)
			}
		}
	}
}
