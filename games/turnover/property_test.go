package turnover

import (
	"maps"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"turncoat/game"
)

// referenceMoves is a second move generator, written from the spec on a plain 8x8 array with
// direction loops, independent of the bitboards: it maps each legal move ("e2e3") of the side
// to move to the position after it (ShortFEN).
func referenceMoves(p *Position) map[string]string {
	type stack struct {
		k     Kind
		owner game.Player
	}
	var b [8][8]stack // [file][rank]
	for s := range Square(64) {
		if c := p.Cell(s); c != 0 {
			b[s.File()][s.Rank()] = stack{c.Kind(), c.Owner()}
		}
	}
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	type pseudo struct {
		f, r, g, q int  // from, to
		res        Kind // on the target after the move, before promotion
		capture    bool
	}
	gen := func(side game.Player) []pseudo {
		var out []pseudo
		dr := 1
		if side == game.Second {
			dr = -1
		}
		// landing rule for part m from (f,r) to (g,q); ok false if illegal.
		land := func(m Kind, f, r, g, q int, mayEmpty, mayCapture bool) {
			t := b[g][q]
			switch {
			case t.k == None:
				if mayEmpty {
					out = append(out, pseudo{f, r, g, q, m, false})
				}
			case t.k&m == 0 && t.k|m != 5:
				out = append(out, pseudo{f, r, g, q, t.k | m, false})
			case t.owner != side && mayCapture:
				out = append(out, pseudo{f, r, g, q, m, true})
			}
		}
		for f := range 8 {
			for r := range 8 {
				st := b[f][r]
				if st.k == None || st.owner != side {
					continue
				}
				m := st.k & -st.k
				switch st.k {
				case Pawn, Castle:
					if on(f, r+dr) {
						land(m, f, r, f, r+dr, true, false)
						if st.k == Castle && b[f][r+dr].k == None && on(f, r+2*dr) {
							land(m, f, r, f, r+2*dr, true, false)
						}
					}
					for _, df := range []int{-1, 1} {
						if on(f+df, r+dr) {
							land(m, f, r, f+df, r+dr, false, true)
						}
					}
				case Knight:
					for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
						if on(f+d[0], r+d[1]) {
							land(m, f, r, f+d[0], r+d[1], true, true)
						}
					}
				default:
					var dirs [][2]int
					if st.k == Bishop || st.k == Queen {
						dirs = append(dirs, [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}...)
					}
					if st.k == Rook || st.k == Queen {
						dirs = append(dirs, [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}...)
					}
					for _, d := range dirs {
						for g, q := f+d[0], r+d[1]; on(g, q); g, q = g+d[0], q+d[1] {
							land(m, f, r, g, q, true, true)
							if b[g][q].k != None {
								break
							}
						}
					}
				}
			}
		}
		return out
	}
	side := p.Side()
	castles := func(pl game.Player) (n, f, r int) {
		for g := range 8 {
			for q := range 8 {
				if b[g][q].k == Castle && b[g][q].owner == pl {
					n, f, r = n+1, g, q
				}
			}
		}
		return
	}
	n, cf, cr := castles(side)
	restricted := false
	if n == 1 {
		for _, e := range gen(side.Other()) {
			if e.capture && e.g == cf && e.q == cr {
				restricted = true
			}
		}
	}
	theirs, _, _ := castles(side.Other())
	out := map[string]string{}
	for _, m := range gen(side) {
		t := b[m.g][m.q]
		if restricted && m.f == cf && m.r == cr && t.k != Queen && !(t.k == Castle && t.owner != side && theirs == 1) {
			continue
		}
		c := *p
		res := m.res
		last := 7
		if side == game.Second {
			last = 0
		}
		if (res == Pawn || res == Castle) && m.q == last {
			res = Queen
		}
		c.SetCell(SquareAt(m.f, m.r), MakeCell(b[m.f][m.r].k&^(b[m.f][m.r].k&-b[m.f][m.r].k), side))
		c.SetCell(SquareAt(m.g, m.q), MakeCell(res, side))
		c.SetSide(side.Other())
		out[SquareAt(m.f, m.r).String()+SquareAt(m.g, m.q).String()] = c.ShortFEN()
	}
	return out
}

// checkConsistent fails unless the bitboards and the hash agree with the mailbox.
func checkConsistent(t rapid.TB, p *Position) {
	var owner [2]uint64
	var kinds [8]uint64
	for s := range Square(64) {
		if c := p.Cell(s); c != 0 {
			owner[c.Owner()] |= 1 << s
			kinds[c.Kind()] |= 1 << s
		}
	}
	if owner != p.owner || kinds != p.kinds {
		t.Fatalf("%s: bitboards disagree with the mailbox", p.FEN())
	}
	if p.ComputeHash() != p.Hash() {
		t.Fatalf("%s: incremental hash %x, recomputed %x", p.FEN(), p.Hash(), p.ComputeHash())
	}
}

// checkPosition compares the move generator with the reference, checks every move's
// notation round trip (short, long, annotated, both Knight letters) and the FEN round trip.
func checkPosition(t rapid.TB, p *Position) {
	checkConsistent(t, p)
	q, err := ParseFEN(p.FEN())
	if err != nil || q != *p {
		t.Fatalf("FEN round trip of %s: %v", p.FEN(), err)
	}
	want := referenceMoves(p)
	var buf [MaxMoves]Move
	moves := p.Moves(buf[:0])
	got := map[string]string{}
	for _, m := range moves {
		c := *p
		c.Make(m)
		checkConsistent(t, &c)
		if c.Cell(m.To()) != MakeCell(m.Result(), p.Side()) || m.Mover() != p.Cell(m.From()).Kind() || m.Target() != p.Cell(m.To()).Kind() {
			t.Fatalf("%s: %s: the move's flags (mover %s, target %s, result %s) disagree with the board", p.FEN(), coordinate(m.Action()), m.Mover().Name(), m.Target().Name(), m.Result().Name())
		}
		got[coordinate(m.Action())] = c.ShortFEN()
	}
	if len(got) != len(moves) {
		t.Fatalf("%s: duplicate moves", p.FEN())
	}
	if !maps.Equal(got, want) {
		for _, k := range slices.Sorted(maps.Keys(want)) {
			if got[k] != want[k] {
				t.Errorf("%s: %s: generator %q, reference %q", p.FEN(), k, got[k], want[k])
			}
		}
		for _, k := range slices.Sorted(maps.Keys(got)) {
			if _, ok := want[k]; !ok {
				t.Errorf("%s: %s: generator only (%q)", p.FEN(), k, got[k])
			}
		}
		t.FailNow()
	}
	for _, letter := range []byte{'K', 'N'} {
		n := Notation{KnightLetter: letter}
		for _, m := range moves {
			for _, text := range []string{n.format(p, m, moves), n.write(m, true), n.FormatAnnotated(p, m)} {
				back, err := n.Parse(p, text)
				if err != nil {
					t.Fatalf("%s: %s printed %q, which reads as an error: %v", p.FEN(), coordinate(m.Action()), text, err)
				}
				if back != m {
					t.Fatalf("%s: %s printed %q, which reads as %s", p.FEN(), coordinate(m.Action()), text, coordinate(back.Action()))
				}
			}
		}
	}
}

// TestRandomGames plays random games from both setups and checks every position on the way
// (generator against the reference, notation and FEN round trips, hash), the game state's
// encoding round trip, and the generic perft against the specialised one.
func TestRandomGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := Standard
		r.Setup = rapid.SampledFrom([]string{SetupFirstRank, SetupZigzag}).Draw(t, "setup")
		r.Repetition = rapid.SampledFrom([]string{RepetitionClaim, RepetitionAuto}).Draw(t, "repetition")
		r.MateEndsGame = rapid.Bool().Draw(t, "mate")
		r.FiftyMovePlies = rapid.SampledFrom([]int{100, 12, 0}).Draw(t, "fifty")
		plies := rapid.IntRange(0, 160).Draw(t, "plies")
		s := NewState(r, StartPosition(r.Setup))
		var buf [MaxMoves]game.Action
		for ply := 0; ply < plies && s.ToAct() != game.Nobody; ply++ {
			pos := s.Position()
			checkPosition(t, &pos)
			legal := s.Legal(pos.Side(), buf[:0])
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
			if err := game.Play(s, pos.Side(), a); err != nil {
				t.Fatalf("%s: %s: %v", pos.FEN(), coordinate(a), err)
			}
		}
		checkState(t, s)
	})
}

// checkState checks the encoding round trip and perft through the contract.
func checkState(t rapid.TB, s *State) {
	text := s.Encode()
	d, err := DecodeState(text)
	if err != nil {
		t.Fatalf("Decode(Encode()) of %q: %v", text, err)
	}
	if got := d.Encode(); got != text {
		t.Fatalf("Encode(Decode(%q)) = %q", text, got)
	}
	if d.Repetitions() != s.Repetitions() || d.Outcome() != s.Outcome() {
		t.Fatalf("%q: decoded state differs: repetitions %d/%d, outcome %v/%v", text, d.Repetitions(), s.Repetitions(), d.Outcome(), s.Outcome())
	}
	if g, f := game.Perft(s, 2), s.Perft(2); g != f {
		t.Fatalf("%q: generic perft(2) %d, specialised %d", text, g, f)
	}
}

// TestRandomBoards checks the generator against the reference on random boards: any stacks
// anywhere, which reaches cases games rarely do (pawns on the far rank, crowded boards, one
// Castle under attack).
func TestRandomBoards(t *testing.T) {
	kinds := []Kind{Pawn, Bishop, Knight, Rook, Queen, Castle}
	rapid.Check(t, func(t *rapid.T) {
		var p Position
		n := rapid.IntRange(0, 40).Draw(t, "stacks")
		for range n {
			s := Square(rapid.IntRange(0, 63).Draw(t, "square"))
			k := rapid.SampledFrom(kinds).Draw(t, "kind")
			pl := game.Player(rapid.IntRange(0, 1).Draw(t, "owner"))
			p.SetCell(s, MakeCell(k, pl))
		}
		p.SetSide(game.Player(rapid.IntRange(0, 1).Draw(t, "side")))
		p.SetCounters(0, 1)
		checkPosition(t, &p)
	})
}

// TestPerftAgreesWithContract compares the specialised perft with game.Perft over the
// contract, from both setups and from the §7.3 positions.
func TestPerftAgreesWithContract(t *testing.T) {
	fens := []string{FirstRankFEN, ZigzagFEN}
	for _, row := range readTable(t, "vectors.txt", 3) {
		fens = append(fens, row[0])
	}
	for _, fen := range fens {
		st, err := Game{}.ParsePosition(Standard.Options(), fen)
		if err != nil {
			t.Fatal(err)
		}
		depth := 3
		if fen == FirstRankFEN || fen == ZigzagFEN {
			depth = 4
		}
		if g, f := game.Perft(st, depth), game.FastPerft(st, depth); g != f {
			t.Errorf("%s: perft(%d) contract %d, specialised %d", fen, depth, g, f)
		}
	}
}

// TestNoisyMoves checks NoisyMoves against Moves on random boards: exactly the captures,
// turnovers and promotions.
func TestNoisyMoves(t *testing.T) {
	kinds := []Kind{Pawn, Bishop, Knight, Rook, Queen, Castle}
	rapid.Check(t, func(t *rapid.T) {
		var p Position
		for range rapid.IntRange(0, 40).Draw(t, "stacks") {
			s := Square(rapid.IntRange(0, 63).Draw(t, "square"))
			p.SetCell(s, MakeCell(rapid.SampledFrom(kinds).Draw(t, "kind"), game.Player(rapid.IntRange(0, 1).Draw(t, "owner"))))
		}
		p.SetSide(game.Player(rapid.IntRange(0, 1).Draw(t, "side")))
		var a, b [MaxMoves]Move
		var want []Move
		for _, m := range p.Moves(a[:0]) {
			if m.Class() == ClassCapture || m.Class() == ClassTurnover || m.Promotes() {
				want = append(want, m)
			}
		}
		got := p.NoisyMoves(b[:0])
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: noisy %v, want %v", p.FEN(), got, want)
		}
	})
}
