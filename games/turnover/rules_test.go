package turnover

import (
	"fmt"
	"testing"

	"turncoat/game"
)

// mustFEN parses a position or fails the test.
func mustFEN(tb testing.TB, fen string) Position {
	tb.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		tb.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// sq names a square.
func sq(name string) Square {
	s, ok := parseSquare(name)
	if !ok {
		panic("bad square " + name)
	}
	return s
}

// outcomeText is "in-play", "draw <reason>" or "<white|black> <reason>".
func outcomeText(o game.Outcome) string {
	switch {
	case !o.Over:
		return "in-play"
	case o.Winner == game.First:
		return "white " + o.Reason
	case o.Winner == game.Second:
		return "black " + o.Reason
	}
	return "draw " + o.Reason
}

// TestInteractionTable checks every cell of the spec's interaction table (§3.3): each way a
// part moves, onto each kind of stack, friendly and enemy, with the result on the target, the
// class of the move, and the remainder the moving stack leaves on its origin.
func TestInteractionTable(t *testing.T) {
	// The seven target columns: empty, then the six kinds.
	columns := []Kind{None, Pawn, Bishop, Rook, Knight, Queen, Castle}
	// A cell: "-" illegal, "mv:X" a plain move leaving X on the target, "cmb:X" a combination
	// into X (friendly: combine, enemy: turnover), "cap" a capture (enemy only; friendly is
	// illegal).
	rows := []struct {
		name    string
		movers  []Kind // the origin stacks that move this way
		from    Square
		to      Square
		results [7]string
	}{
		{"O, 1 step straight forward", []Kind{Pawn, Castle}, sq("d4"), sq("d5"),
			[7]string{"mv:P", "-", "cmb:N", "-", "-", "cmb:C", "-"}},
		{"O, Castle 2 steps forward", []Kind{Castle}, sq("d4"), sq("d6"),
			[7]string{"mv:P", "-", "cmb:N", "-", "-", "cmb:C", "-"}},
		{"O, 1 step diagonally forward", []Kind{Pawn, Castle}, sq("d4"), sq("e5"),
			[7]string{"-", "cap", "cmb:N", "cap", "cap", "cmb:C", "cap"}},
		{"O, Knight leap", []Kind{Knight}, sq("d4"), sq("e6"),
			[7]string{"mv:P", "cap", "cmb:N", "cap", "cap", "cmb:C", "cap"}},
		{"I, Bishop diagonal slide", []Kind{Bishop}, sq("d4"), sq("f6"),
			[7]string{"mv:B", "cmb:N", "cap", "cmb:Q", "cap", "cap", "cap"}},
		{"I, Queen diagonal slide", []Kind{Queen}, sq("d4"), sq("f6"),
			[7]string{"mv:B", "cmb:N", "cap", "cmb:Q", "cap", "cap", "cap"}},
		{"I, Queen orthogonal slide", []Kind{Queen}, sq("d4"), sq("d6"),
			[7]string{"mv:B", "cmb:N", "cap", "cmb:Q", "cap", "cap", "cap"}},
		{"T, Rook orthogonal slide", []Kind{Rook}, sq("d4"), sq("d6"),
			[7]string{"mv:R", "cap", "cmb:Q", "cap", "cmb:C", "cap", "cap"}},
	}
	remainder := map[Kind]Kind{Pawn: None, Bishop: None, Rook: None, Knight: Bishop, Queen: Rook, Castle: Queen}
	kindOf := map[string]Kind{"P": Pawn, "N": Knight, "B": Bishop, "R": Rook, "Q": Queen, "C": Castle}
	for _, row := range rows {
		for _, mover := range row.movers {
			for col, target := range columns {
				for _, owner := range []game.Player{game.First, game.Second} {
					if target == None && owner == game.Second {
						continue
					}
					name := fmt.Sprintf("%s/%s onto %s", row.name, mover.Name(), target.Name())
					if target != None {
						name += [2]string{" (friendly)", " (enemy)"}[owner]
					}
					t.Run(name, func(t *testing.T) {
						// Two Castles a side far away keep the last-Castle rule out of the way.
						p := mustFEN(t, "cc6/8/8/8/8/8/8/CC6 w")
						p.SetCell(row.from, MakeCell(mover, game.First))
						p.SetCell(row.to, MakeCell(target, owner))
						want := row.results[col]
						m, ok := p.Lookup(row.from, row.to)
						if want == "-" || (want == "cap" && owner == game.First) {
							if ok {
								t.Fatalf("%s: %s%s is legal (%s), want illegal", p.FEN(), row.from, row.to, m.Class())
							}
							return
						}
						if !ok {
							t.Fatalf("%s: %s%s is illegal, want %s", p.FEN(), row.from, row.to, want)
						}
						var wantClass Class
						var wantKind Kind
						switch {
						case want == "cap":
							wantClass, wantKind = ClassCapture, mover.Moving()
						case want[:3] == "mv:":
							wantClass, wantKind = ClassMove, kindOf[want[3:]]
						default:
							wantClass, wantKind = ClassCombine, kindOf[want[4:]]
							if owner == game.Second {
								wantClass = ClassTurnover
							}
						}
						if m.Class() != wantClass {
							t.Errorf("class %s, want %s", m.Class(), wantClass)
						}
						c := p
						c.Make(m)
						if got := c.Cell(row.to); got != MakeCell(wantKind, game.First) {
							t.Errorf("target holds %s of %v, want a White %s", got.Kind().Name(), got.Owner(), wantKind.Name())
						}
						if got := c.Cell(row.from); got != MakeCell(remainder[mover], game.First) {
							t.Errorf("origin holds %s, want %s", got.Kind().Name(), remainder[mover].Name())
						}
						if m.Result() != wantKind {
							t.Errorf("Move.Result() = %s, want %s", m.Result().Name(), wantKind.Name())
						}
					})
				}
			}
		}
	}
}

// TestLeaveBehind checks the leave-behind table (§3.3): what each kind leaves on its origin
// when its outer part moves to an empty square, and what arrives there.
func TestLeaveBehind(t *testing.T) {
	cases := []struct {
		mover, left, arrives Kind
		to                   string
	}{
		{Pawn, None, Pawn, "d5"},
		{Bishop, None, Bishop, "e5"},
		{Rook, None, Rook, "d5"},
		{Knight, Bishop, Pawn, "e6"},
		{Queen, Rook, Bishop, "d5"},
		{Castle, Queen, Pawn, "d5"},
	}
	for _, c := range cases {
		p := mustFEN(t, "cc6/8/8/8/8/8/8/CC6 w")
		p.SetCell(sq("d4"), MakeCell(c.mover, game.First))
		m, ok := p.Lookup(sq("d4"), sq(c.to))
		if !ok {
			t.Fatalf("%s d4-%s: not legal", c.mover.Name(), c.to)
		}
		p.Make(m)
		if got := p.Cell(sq("d4")).Kind(); got != c.left {
			t.Errorf("%s leaves %s, want %s", c.mover.Name(), got.Name(), c.left.Name())
		}
		if got := p.Cell(sq(c.to)).Kind(); got != c.arrives {
			t.Errorf("%s sends %s, want %s", c.mover.Name(), got.Name(), c.arrives.Name())
		}
		if c.mover.Remainder() != c.left {
			t.Errorf("%s.Remainder() = %s, want %s", c.mover.Name(), c.mover.Remainder().Name(), c.left.Name())
		}
	}
}

// TestMoveRules checks the geometry and the restrictions one rule at a time, as the number of
// legal moves from one square (or whether one move is legal).
func TestMoveRules(t *testing.T) {
	cases := []struct {
		name, fen, from string
		want            []string // the legal targets from the square, in any order
	}{
		{"pawn steps forward, never back or sideways", "cc6/8/8/8/3P4/8/8/CC6 w", "d4", []string{"d5"}},
		{"black pawn steps down", "cc6/8/8/8/3p4/8/8/CC6 b", "d4", []string{"d3"}},
		{"pawn blocked by an enemy pawn in front, no empty diagonal", "cc6/8/8/3p4/3P4/8/8/CC6 w", "d4", nil},
		{"pawn blocked by a friendly rook in front", "cc6/8/8/3R4/3P4/8/8/CC6 w", "d4", nil},
		{"pawn joins an enemy bishop in front", "cc6/8/8/3b4/3P4/8/8/CC6 w", "d4", []string{"d5"}},
		{"pawn captures diagonally, not in front", "cc6/8/8/2rrr3/3P4/8/8/CC6 w", "d4", []string{"c5", "e5"}},
		{"castle 2-step from the first rank", "cc6/8/8/8/8/8/8/CC1C4 w", "d1", []string{"d2", "d3"}},
		{"castle 2-step from any rank", "cc6/8/8/8/3C4/8/8/CC6 w", "d4", []string{"d5", "d6"}},
		{"castle 2-step needs an empty first square", "cc6/8/8/8/8/8/3B4/CC1C4 w", "d1", []string{"d2"}},
		{"castle 2-step never captures", "cc6/8/8/8/8/3r4/8/CC1C4 w", "d1", []string{"d2"}},
		{"castle 2-step joins a queen of either colour", "cc6/8/8/8/8/3q4/8/CC1C4 w", "d1", []string{"d2", "d3"}},
		{"castle on its 7th rank steps once", "cc3c2/3C4/8/8/8/8/8/CC6 w", "d7", []string{"d8"}},
		{"knight leaps, no pawn steps", "cc6/8/8/8/3N4/8/8/CC6 w", "d4", []string{"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}},
		{"knight leaps over stacks", "cc6/8/8/2ppp3/2pNp3/2ppp3/8/CC6 w", "d4", []string{"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}},
		{"bishop slides through empty squares, stops at the first stack", "cc6/8/8/8/8/2p5/1B6/CC6 w", "b2", []string{"a3", "c1", "c3"}},
		{"rook slides orthogonally and stops at the first stack", "cc6/8/8/8/8/8/8/CCP1R3 w", "e1", []string{"d1", "f1", "g1", "h1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"}},
		{"queen's inner ring slides in eight directions", "cc6/8/8/8/8/8/8/CC5Q w", "h1", []string{"g1", "f1", "e1", "d1", "c1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "g2", "f3", "e4", "d5", "c6", "b7", "a8"}},
		{"nothing moves onto a friendly stack it cannot join", "cc6/8/8/8/8/8/1C6/CC6 w", "a1", []string{"a2", "a3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			var buf [MaxMoves]Move
			got := map[string]bool{}
			for _, m := range p.MovesFrom(sq(c.from), buf[:0]) {
				got[m.To().String()] = true
			}
			want := map[string]bool{}
			for _, w := range c.want {
				want[w] = true
			}
			for w := range want {
				if !got[w] {
					t.Errorf("%s: %s-%s missing", c.fen, c.from, w)
				}
			}
			for g := range got {
				if !want[g] {
					t.Errorf("%s: %s-%s should not be legal", c.fen, c.from, g)
				}
			}
		})
	}
}

// TestPromotion checks the single promotion rule (§4.1): a lone Pawn or a Castle on the
// mover's last rank becomes a Queen; nothing else promotes.
func TestPromotion(t *testing.T) {
	cases := []struct {
		name, fen, move, after string
		promotes               bool
	}{
		{"pawn to an empty last-rank square", "c7/4P3/8/8/8/8/8/CC6 w", "e7e8", "c3Q3/8/8/8/8/8/8/CC6 b", true},
		{"pawn captures a knight on the last rank (the Dagaz bug A13)", "c2n4/4P3/8/8/8/8/8/CC6 w", "e7d8", "c2Q4/8/8/8/8/8/8/CC6 b", true},
		{"pawn joins a bishop on the last rank: a Knight, no promotion", "c2b4/4P3/8/8/8/8/8/CC6 w", "e7d8", "c2N4/8/8/8/8/8/8/CC6 b", false},
		{"black pawn promotes on rank 1", "cc6/8/8/8/8/8/4p3/C6C b", "e2e1", "cc6/8/8/8/8/8/8/C3q2C w", true},
		{"knight's pawn leaps onto a bishop on the last rank: no promotion", "c3B3/8/3N4/8/8/8/8/CC6 w", "d6e8", "c3N3/8/3B4/8/8/8/8/CC6 b", false},
		{"knight takes a knight on the last rank", "r1cbr1rn/Pq2bq2/1r2R1Nn/8/3n4/1B4P1/R5R1/2r1RBC1 w", "g6h8", "r1cbr1rQ/Pq2bq2/1r2R1Bn/8/3n4/1B4P1/R5R1/2r1RBC1 b", true},
		{"castle 2-step onto the last rank", "c7/8/4C3/8/8/8/8/CC6 w", "e6e8", "c3Q3/8/4Q3/8/8/8/8/CC6 b", true},
		{"bishop reaching the last rank stays a bishop", "c7/8/8/8/8/8/8/CCB5 w", "c1h6", "c7/8/7B/8/8/8/8/CC6 b", false},
		{"rook joins a knight on the last rank: Castle, then Queen", "c3n3/8/8/8/8/8/8/CC2R3 w", "e1e8", "c3Q3/8/8/8/8/8/8/CC6 b", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			a, err := parseCoordinate(c.move)
			if err != nil {
				t.Fatal(err)
			}
			m, ok := p.Lookup(Square(a&63), Square(a>>6))
			if !ok {
				t.Fatalf("%s: %s not legal", c.fen, c.move)
			}
			if m.Promotes() != c.promotes {
				t.Errorf("Promotes() = %v, want %v", m.Promotes(), c.promotes)
			}
			p.Make(m)
			if got := p.ShortFEN(); got != c.after {
				t.Errorf("after %s: %s, want %s", c.move, got, c.after)
			}
		})
	}
}

// TestAttackAndCheck checks the attack rule (§4.2) and player-level check.
func TestAttackAndCheck(t *testing.T) {
	cases := []struct {
		name, fen, square string
		attacked          bool
	}{
		{"black pawn diagonally in front (from Black's side)", "c7/8/8/8/8/2p5/3C4/8 w", "d2", true},
		{"black pawn straight in front does not attack", "c7/8/8/8/8/3p4/3C4/8 w", "d2", false},
		{"white pawn behind does not attack a black castle below it", "8/8/8/8/8/2P5/3c4/C7 b", "d2", false},
		{"black castle attacks like a pawn", "8/8/8/4c3/3C4/8/8/8 w", "d4", true},
		{"knight a leap away", "c7/8/8/8/8/4n3/8/3C4 w", "d1", true},
		{"bishop on the same rank does not attack", "c7/8/8/8/8/8/8/C6b w", "a1", false},
		{"bishop on a clear diagonal (h8-a1)", "c6b/8/8/8/8/8/8/C7 w", "a1", true},
		{"bishop blocked", "c6b/8/8/8/8/8/1P6/C7 w", "a1", false},
		{"queen on a rank", "c7/8/8/8/8/8/8/C6q w", "a1", true},
		{"rook on a file", "r7/8/8/8/8/8/8/C7 w", "a1", true},
		{"rook does not attack diagonally", "c6r/8/8/8/8/8/8/C7 w", "a1", false},
		{"knight's inner ring does not slide", "c6n/8/8/8/8/8/8/C7 w", "a1", false},
		{"castle's inner parts do not slide", "c7/8/8/8/8/8/8/C6c w", "a1", false},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		s := sq(c.square)
		if got := p.Attacked(s, p.Cell(s).Owner()); got != c.attacked {
			t.Errorf("%s: %s: attacked = %v, want %v", c.name, c.fen, got, c.attacked)
		}
	}
	// Player-level check needs all Castles attacked.
	p := mustFEN(t, "c7/8/8/8/8/8/8/C5Cq w")
	if p.InCheck(game.First) {
		t.Errorf("%s: g1 is attacked, a1 is not (g1 shields it): want no check", p.FEN())
	}
	p = mustFEN(t, "c7/8/8/8/8/8/8/C6q w")
	if !p.InCheck(game.First) {
		t.Errorf("%s: the only Castle is attacked: want check", p.FEN())
	}
	p = mustFEN(t, "c7/8/8/8/8/8/8/8 w")
	if p.InCheck(game.First) {
		t.Errorf("no Castles is not check")
	}
}

// TestLastCastleRule checks the last-Castle rule (§4.3) and both exceptions.
func TestLastCastleRule(t *testing.T) {
	cases := []struct {
		name, fen string
		want      []string // the legal moves of the Castle's square, as coordinates
		square    string
	}{
		{"last castle attacked cannot move", "c7/8/8/8/8/8/8/C6r w", nil, "a1"},
		{"exception (a): onto its own queen", "c7/8/8/4Q3/4C3/8/8/7b w", []string{"e4e5"}, "e4"},
		{"exception (a): onto an enemy queen diagonally", "c7/8/8/5q2/4C3/8/8/7b w", []string{"e4f5"}, "e4"},
		{"exception (a): 2-step onto a queen", "c7/8/4q3/8/4C3/8/8/7b w", []string{"e4e6"}, "e4"},
		{"exception (b): capture the opponent's last castle", "8/8/8/4c3/3C4/8/8/8 w", []string{"d4e5"}, "d4"},
		{"no exception (b) while the opponent has another castle", "c7/8/8/4c3/3C4/8/8/8 w", nil, "d4"},
		{"a castle that is not the last moves freely though attacked", "c7/8/8/8/8/8/8/C5Cr w", []string{"g1g2", "g1g3"}, "g1"},
		{"the last castle not attacked moves (resignation)", "4c3/8/8/8/8/8/8/C7 w", []string{"a1a2", "a1a3"}, "a1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			var buf [MaxMoves]Move
			var got []string
			for _, m := range p.Moves(buf[:0]) {
				if m.From() == sq(c.square) {
					got = append(got, coordinate(m.Action()))
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("%s: moves from %s %v, want %v", c.fen, c.square, got, c.want)
			}
		})
	}
}
