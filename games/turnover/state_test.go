package turnover

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
)

// newState starts a game under r from a position.
func newState(tb testing.TB, r Rules, fen string) *State {
	tb.Helper()
	return NewState(r, mustFEN(tb, fen))
}

// play plays moves in notation, failing the test on an error.
func play(tb testing.TB, s *State, moves ...string) {
	tb.Helper()
	for _, text := range moves {
		p := s.ToAct().Single()
		a, err := s.ParseAction(p, text)
		if err == nil {
			err = game.Play(s, p, a)
		}
		if err != nil {
			tb.Fatalf("%s: %s: %v", s.pos.FEN(), text, err)
		}
	}
}

func legalActions(s *State) []game.Action {
	var buf [MaxMoves]game.Action
	return s.Legal(s.pos.side, buf[:0])
}

// shuffle is four plies that bring the rooks back: the position repeats.
var shuffle = []string{"Rh2", "Rh7", "Rh1", "Rh8"}

const shuffleFEN = "c6r/8/8/8/8/8/8/C6R w"

func TestRepetitionClaim(t *testing.T) {
	s := newState(t, Standard, shuffleFEN)
	play(t, s, shuffle...)
	if s.Repetitions() != 2 || s.CanClaimRepetition() || slices.Contains(legalActions(s), Claim) {
		t.Fatalf("after one round: %d occurrences, claim %v; want 2 and no claim", s.Repetitions(), s.CanClaimRepetition())
	}
	if err := s.Apply(Claim); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("claim without repetition: %v, want ErrIllegal", err)
	}
	play(t, s, shuffle...)
	if s.Repetitions() != 3 || !s.CanClaimRepetition() || !slices.Contains(legalActions(s), Claim) {
		t.Fatalf("after two rounds: %d occurrences, claim %v; want 3 and a claim", s.Repetitions(), s.CanClaimRepetition())
	}
	// Not claiming is playing on; the claim comes back with the next repetition of a position.
	c := s.Clone().(*State)
	play(t, c, "Rh2") // the position after Rh2 has occurred twice before: Black may claim
	if !c.CanClaimRepetition() || c.Repetitions() != 3 {
		t.Errorf("after Rh2 again: claim %v with %d occurrences, want a claim with 3", c.CanClaimRepetition(), c.Repetitions())
	}
	a, err := s.ParseAction(game.First, "claim")
	if err != nil || a != Claim {
		t.Fatalf("ParseAction(claim) = %v, %v", a, err)
	}
	if s.FormatAction(game.First, Claim) != "claim" {
		t.Errorf("FormatAction(Claim) = %q", s.FormatAction(game.First, Claim))
	}
	text := s.Encode()
	if err := game.Play(s, game.First, Claim); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Over || o.Winner != game.NoPlayer || !strings.Contains(o.Reason, "repetition") {
		t.Errorf("after the claim: %+v, want a draw by repetition", o)
	}
	// The encoding keeps the history: the decoded state may claim too, and the claimed
	// state decodes finished.
	d, err := DecodeState(text)
	if err != nil {
		t.Fatal(err)
	}
	if !d.CanClaimRepetition() {
		t.Errorf("decoded %q: no claim", text)
	}
	d2, err := DecodeState(s.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if d2.Outcome() != s.Outcome() {
		t.Errorf("decoded claimed game: %v, want %v", d2.Outcome(), s.Outcome())
	}
	// Perft counts the claim as an action (and a leaf).
	d3, _ := DecodeState(text)
	if g, f := game.Perft(d3, 3), d3.Perft(3); g != f {
		t.Errorf("perft with a claim: contract %d, specialised %d", g, f)
	}
	if got, moves := game.Perft(d3, 1), len(legalActions(d3)); got != uint64(moves) || !slices.Contains(legalActions(d3), Claim) {
		t.Errorf("perft(1) = %d, legal actions %d (with the claim)", got, moves)
	}
}

func TestRepetitionAuto(t *testing.T) {
	r := Standard
	r.Repetition = RepetitionAuto
	s := newState(t, r, shuffleFEN)
	play(t, s, shuffle...)
	play(t, s, shuffle[:3]...)
	if s.Outcome().Over {
		t.Fatal("over before the third occurrence")
	}
	play(t, s, shuffle[3])
	if o := s.Outcome(); !o.Over || o.Winner != game.NoPlayer || !strings.Contains(o.Reason, "repetition") {
		t.Errorf("third occurrence: %+v, want a draw by repetition", o)
	}
	if s.ToAct() != game.Nobody || len(legalActions(s)) != 0 {
		t.Errorf("finished game: ToAct %v, %d actions", s.ToAct(), len(legalActions(s)))
	}
}

func TestFiftyMoveRule(t *testing.T) {
	cases := []struct {
		name, fen, move string
		clock           int // after the move, from a clock of 7
	}{
		{"plain move counts", "c6r/8/8/8/8/8/8/C6R w 7 1", "Rh2", 8},
		{"friendly combination counts", "c6r/8/8/8/8/8/7B/C6R w 7 1", "Qh2", 8},
		{"turnover resets", "c6r/8/8/8/8/8/7b/C6R w 7 1", ":Qh2", 0},
		{"capture resets", "c6r/8/8/8/8/8/7p/C6R w 7 1", "Rxh2", 0},
		{"promotion resets", "c6r/4P3/8/8/8/8/8/C6R w 7 1", "Qe8", 0},
		{"pawn move counts", "c6r/8/8/8/8/8/4P3/C6R w 7 1", "e3", 8},
	}
	for _, c := range cases {
		s := newState(t, Standard, c.fen)
		play(t, s, c.move)
		if s.pos.Clock() != c.clock {
			t.Errorf("%s: %s: clock %d, want %d", c.name, c.move, s.pos.Clock(), c.clock)
		}
	}
	r := Standard
	r.FiftyMovePlies = 8
	s := newState(t, r, shuffleFEN)
	play(t, s, shuffle...)
	play(t, s, shuffle[:3]...)
	if s.Outcome().Over {
		t.Fatal("over after 7 plies")
	}
	play(t, s, shuffle[3])
	if o := s.Outcome(); !o.Over || o.Winner != game.NoPlayer || !strings.Contains(o.Reason, "without capture") {
		t.Errorf("after 8 quiet plies: %+v, want a draw", o)
	}
	// 0 turns the rule off.
	r.FiftyMovePlies = 0
	s = newState(t, r, "c6r/8/8/8/8/8/8/C6R w 5000 1")
	if s.Outcome().Over {
		t.Errorf("fifty-move-plies=0: over at clock 5000")
	}
}

func TestMateEndsGame(t *testing.T) {
	// Black's Rh1 attacks White's last Castle; White can still push its pawn, but nothing saves
	// the Castle: checkmate under mate-ends-game ("++", the game ends), only check ("+") under
	// the standard rules, where play goes on. With a White rook able to block on d1 it is only
	// "+". Without the pawn White has no legal move at all (the last Castle in check may not
	// move): checkmate under both rules.
	for _, c := range []struct{ fen, want, mate string }{
		{"c7/8/8/8/8/8/4P2r/C7 b", "Rh1+", "Rh1++"},
		{"c7/8/8/8/8/8/3R3r/C7 b", "Rh1+", "Rh1+"},
		{"c7/8/8/8/8/8/3R4/C6r b", "Rh2", "Rh2"},
		{"c7/8/8/8/8/8/7r/C7 b", "Rh1++", "Rh1++"},
	} {
		for _, mate := range []bool{false, true} {
			r := Standard
			r.MateEndsGame = mate
			want := c.want
			if mate {
				want = c.mate
			}
			s := newState(t, r, c.fen)
			a, err := s.ParseAction(game.Second, want)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.FormatAction(game.Second, a); got != want {
				t.Errorf("%s, mate-ends-game=%v: %q, want %q", c.fen, mate, got, want)
			}
			play(t, s, want)
			o := s.Outcome()
			wantOver := strings.HasSuffix(want, "++")
			if o.Over != wantOver || (wantOver && (o.Winner != game.Second || o.Reason != "checkmate")) {
				t.Errorf("%s %s, mate-ends-game=%v: %+v", c.fen, c.want, mate, o)
			}
			if g, f := game.Perft(s, 2), s.Perft(2); g != f {
				t.Errorf("perft: contract %d, specialised %d", g, f)
			}
		}
	}
}

// TestEndOrder checks the order in which the end of the game is decided (§4.4).
func TestEndOrder(t *testing.T) {
	r := Standard
	r.FiftyMovePlies = 10
	cases := []struct{ fen, want string }{
		{"8/8/8/8/8/8/8/8 w 50 1", "draw terra arrasada"},         // no Castles before the clock
		{"c7/8/8/8/8/8/8/8 w 50 1", "black White has no Castles"}, // the side to move has none
		{"8/8/8/8/8/8/8/C7 w 50 1", "white Black moved its last"}, // the side that moved has none
		{"c7/8/8/8/8/8/p7/C7 w 10 1", "draw 10 plies"},            // the clock before stalemate
		{"c7/8/8/8/8/8/8/C6r w 9 1", "black checkmate"},           // no move, in check
		{"c7/8/8/8/8/8/p7/C7 w 9 1", "draw stalemate"},            // no move, no check
		{"c7/8/8/8/8/8/8/C7 w 9 1", "in-play"},                    //
		{"8/8/8/8/2c5/8/8/C7 b 0 1", "in-play"},                   // Black to move, both have one
	}
	for _, c := range cases {
		s := newState(t, r, c.fen)
		if got := outcomeText(s.Outcome()); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.fen, got, c.want)
		}
	}
}

func TestStateErrors(t *testing.T) {
	s := newState(t, Standard, FirstRankFEN)
	for _, c := range []struct {
		text string
		err  error
	}{
		{"", game.ErrSyntax},
		{"Z9", game.ErrSyntax},
		{"e2.Q", game.ErrSyntax},
		{"Re5.Q", game.ErrSyntax},
		{"a5", game.ErrIllegal},    // no pawn
		{"Cd3", game.ErrIllegal},   // nothing makes a Castle on d3
		{"d3", game.ErrIllegal},    // a pawn move, but the move is the Castle's
		{"C.d4", game.ErrIllegal},  // too far
		{"d1d4", game.ErrIllegal},  // too far
		{"C.d3x", game.ErrSyntax},  //
		{"Cxd3", game.ErrIllegal},  // nothing to capture
		{":Qd3", game.ErrIllegal},  // nothing to turn over
		{"xd8", game.ErrIllegal},   //
		{"C.3", game.ErrSyntax},    // rank alone without an origin square
		{"claimx", game.ErrSyntax}, //
	} {
		_, err := s.ParseAction(game.First, c.text)
		if !errors.Is(err, c.err) {
			t.Errorf("ParseAction(%q) = %v, want %v", c.text, err, c.err)
		}
	}
	if _, err := s.ParseAction(game.First, "Ce1.5"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("Ce1.5: %v, want ErrIllegal (e1 to e5 is too far)", err)
	}
	// An ambiguous short form names the candidates.
	p := newState(t, Standard, "4c3/8/8/4B3/8/3N1N2/8/C7 w")
	_, err := p.ParseAction(game.First, "Ke5")
	if !errors.Is(err, game.ErrSyntax) || !strings.Contains(err.Error(), "Kd3.Ke5") || !strings.Contains(err.Error(), "Kf3.Ke5") {
		t.Errorf("ambiguous Ke5: %v", err)
	}
	// Illegal actions through the contract.
	for _, a := range []game.Action{-5, 0, 1 << 13, 3 | 40<<6} {
		if err := s.Apply(a); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("Apply(%d) = %v, want ErrIllegal", a, err)
		}
	}
	if err := s.ApplyJoint(game.Joint{0, 0}); !errors.Is(err, game.ErrNotYourTurn) {
		t.Errorf("ApplyJoint: %v", err)
	}
	if len(s.Legal(game.Second, nil)) != 0 {
		t.Error("Black has moves with White to move")
	}
	over := newState(t, Standard, "c7/8/8/8/8/8/8/C6r w")
	if err := over.Apply(3); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("Apply after the end: %v", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	good := NewState(Standard, StartPosition(SetupFirstRank))
	play(t, good, "C.d3", "C.e6")
	text := good.Encode()
	if !strings.Contains(text, " from ") {
		t.Fatalf("history missing: %q", text)
	}
	for _, bad := range []string{
		"",
		"setup=first-rank",
		"setup=nowhere,mate-ends-game=false " + FirstRankFEN,
		strings.Replace(text, "d1d3", "d1d4", 1),                                  // illegal history
		strings.Replace(text, "ccccqccc", "ccccqcc1", 1),                          // bad FEN
		strings.Replace(text, "e8e6", "e8e6 a1a2", 1),                             // history leads elsewhere
		strings.Replace(text, " from ", " form ", 1),                              // keyword
		"setup=first-rank " + FirstRankFEN + " from " + FirstRankFEN + " d1d3 xx", // bad move
	} {
		if _, err := DecodeState(bad); err == nil {
			t.Errorf("DecodeState(%q) succeeded", bad)
		}
	}
	if d, err := DecodeState(text); err != nil || d.Encode() != text {
		t.Errorf("round trip of %q: %v", text, err)
	}
	// A capture starts the history afresh.
	s := newState(t, Standard, "cc6/8/8/8/8/8/7p/CC5R w")
	play(t, s, "Rxh2", "C.a6")
	if enc := s.Encode(); !strings.Contains(enc, "from cc6/8/8/8/8/8/7R/CC6 b 0 1 a8a6") {
		t.Errorf("history after a capture: %q", enc)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	s := NewState(Standard, StartPosition(SetupFirstRank))
	play(t, s, "C.d3")
	c := s.Clone().(*State)
	play(t, c, "C.e6", "Q.g4")
	if s.pos.ShortFEN() != "cccccccc/8/8/8/8/3P4/8/CCCQCCCC b" || len(s.History()) != 2 {
		t.Errorf("the original changed: %s, %d hashes", s.pos.ShortFEN(), len(s.History()))
	}
	play(t, s, "C.a6")
	if c.pos.ShortFEN() != "ccccqccc/8/4p3/8/6B1/3P4/8/CCCRCCCC b" {
		t.Errorf("the clone changed: %s", c.pos.ShortFEN())
	}
}

func TestApplyDoesNotAllocate(t *testing.T) {
	s := NewState(Standard, StartPosition(SetupFirstRank))
	var buf [MaxMoves]game.Action
	if allocs := testing.AllocsPerRun(100, func() { _ = s.Legal(game.First, buf[:0]) }); allocs != 0 {
		t.Errorf("Legal allocates %.0f times", allocs)
	}
	// Apply on fresh clones (their history has spare room).
	clones := make([]*State, 101)
	for i := range clones {
		clones[i] = s.Clone().(*State)
	}
	legal := s.Legal(game.First, buf[:0])
	i := 0
	allocs := testing.AllocsPerRun(100, func() {
		if err := clones[i].Apply(legal[i%len(legal)]); err != nil {
			t.Fatal(err)
		}
		i++
	})
	if allocs != 0 {
		t.Errorf("Apply allocates %.0f times", allocs)
	}
}

func TestDiagram(t *testing.T) {
	s := newState(t, Standard, "c6b/8/8/8/8/8/8/C3N3 w")
	d := s.Diagram(game.First)
	for _, want := range []string{
		" 8   c  .  .  .  .  .  .  b  8",
		" 1   C* .  .  .  K  .  .  .  1", // a1 is attacked along the long diagonal
		"     a  b  c  d  e  f  g  h",
		"Castles: White 1, Black 1.",
		"K Knight = outer + inner ring",
		"White is in check",
		"White to move (move 1).",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
	r := Standard
	r.KnightLetter = 'N'
	if d := NewState(r, mustFEN(t, "c7/8/8/8/8/8/8/C3N3 w")).Diagram(game.NoPlayer); !strings.Contains(d, "N  .  .  .  1") || strings.Contains(d, "White is in check") {
		t.Errorf("knight-letter=N diagram:\n%s", d)
	}
}

// TestRepetitionClaimEitherSide checks the claim of spec §4.6: once a position has occurred for
// the third time either player may claim the draw, the side to move with the action Claim and
// the other through DrawClaimer; never before the third occurrence; the draw is a claimed one.
func TestRepetitionClaimEitherSide(t *testing.T) {
	s := newState(t, Standard, shuffleFEN)
	var claimer DrawClaimer = s
	// Occurrences of the position after each ply: the start comes back after 4 and 8 plies,
	// the position after Rh2 after 5 and 9.
	wantReps := []int{1, 1, 1, 1, 2, 2, 2, 2, 3, 3}
	moves := append(append(append([]string{}, shuffle...), shuffle...), shuffle[0])
	for ply := 0; ; ply++ {
		if got := s.Repetitions(); got != wantReps[ply] {
			t.Fatalf("ply %d: %d occurrences, want %d", ply, got, wantReps[ply])
		}
		can := wantReps[ply] >= 3
		for p := game.First; p <= game.Second; p++ {
			if claimer.CanClaimDraw(p) != can {
				t.Fatalf("ply %d: %v may claim: %v, want %v", ply, p, claimer.CanClaimDraw(p), can)
			}
		}
		if got := slices.Contains(legalActions(s), Claim); got != can {
			t.Fatalf("ply %d: Claim among the legal actions: %v, want %v", ply, got, can)
		}
		if !can {
			c := s.Clone().(*State)
			err := c.ClaimDraw(s.pos.side.Other())
			if !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), "third time") || c.Outcome().Over {
				t.Fatalf("ply %d: a claim before the third occurrence: %v, %+v", ply, err, c.Outcome())
			}
		}
		if ply == len(moves) {
			break
		}
		play(t, s, moves[ply])
	}
	// Black to move, for the third time in this position: Black claims with the action, White
	// (not to move, with no legal action) through ClaimDraw; the outcome is the same.
	if len(s.Legal(game.First, nil)) != 0 {
		t.Fatal("White has legal actions with Black to move")
	}
	byAction, byWhite, byBlack := s.Clone().(*State), s.Clone().(*State), s.Clone().(*State)
	if err := game.Play(byAction, game.Second, Claim); err != nil {
		t.Fatal(err)
	}
	if err := byWhite.ClaimDraw(game.First); err != nil {
		t.Fatal(err)
	}
	if err := byBlack.ClaimDraw(game.Second); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]*State{"Black's Claim": byAction, "White's ClaimDraw": byWhite, "Black's ClaimDraw": byBlack} {
		o := c.Outcome()
		if !o.Over || o.Winner != game.NoPlayer || o.Ending != game.EndClaim || !strings.Contains(o.Reason, "repetition") {
			t.Errorf("%s: %+v, want a claimed draw", name, o)
		}
		if c.ToAct() != game.Nobody || c.CanClaimDraw(game.First) {
			t.Errorf("%s: play goes on", name)
		}
		if err := c.ClaimDraw(game.First); !errors.Is(err, game.ErrGameOver) {
			t.Errorf("%s: a second claim: %v, want ErrGameOver", name, err)
		}
		d, err := DecodeState(c.Encode())
		if err != nil || d.Outcome() != o || d.Encode() != c.Encode() {
			t.Errorf("%s: %q decodes to %v, %v", name, c.Encode(), d, err)
		}
	}
	if err := s.ClaimDraw(game.NoPlayer); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("a claim by nobody: %v", err)
	}
	// Under repetition=auto there is nothing to claim: the third occurrence ends the game.
	r := Standard
	r.Repetition = RepetitionAuto
	a := newState(t, r, shuffleFEN)
	play(t, a, shuffle...)
	if err := a.ClaimDraw(game.Second); !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), "repetition=auto") {
		t.Errorf("a claim under repetition=auto: %v", err)
	}
	play(t, a, shuffle...)
	if err := a.ClaimDraw(game.Second); !errors.Is(err, game.ErrGameOver) || a.Outcome().Ending != game.EndRules {
		t.Errorf("after the automatic draw: %v, %+v", err, a.Outcome())
	}
}

// TestFiftyMoveClockAtTheLimit checks the clock at the last ply before the limit: a capture, a
// turnover or a promotion restarts it and play goes on; any other move reaches the limit and
// draws.
func TestFiftyMoveClockAtTheLimit(t *testing.T) {
	r := Standard
	r.FiftyMovePlies = 20
	cases := []struct {
		name, fen, move string
		over            bool
	}{
		{"capture", "c6r/8/8/8/8/8/7p/C6R w 19 30", "Rxh2", false},
		{"turnover", "c6r/8/8/8/8/8/7b/C6R w 19 30", ":Qh2", false},
		{"promotion", "c6r/4P3/8/8/8/8/8/C6R w 19 30", "Qe8", false},
		{"capture that promotes", "c2r1r2/4P3/8/8/8/8/8/C6R w 19 30", "xRd8.Q", false},
		{"friendly combination", "c6r/8/8/8/8/8/7B/C6R w 19 30", "Qh2", true},
		{"plain move", "c6r/8/8/8/8/8/8/C6R w 19 30", "Rh2", true},
		{"pawn step", "c6r/8/8/8/8/8/4P3/C6R w 19 30", "e3", true},
		{"Castle two-square step", "c6r/8/8/8/8/8/8/CC5R w 19 30", "C.a3", true},
	}
	for _, c := range cases {
		s := newState(t, r, c.fen)
		if s.Outcome().Over {
			t.Fatalf("%s: over at clock 19", c.name)
		}
		play(t, s, c.move)
		o := s.Outcome()
		if c.over {
			if !o.Over || o.Winner != game.NoPlayer || o.Ending != game.EndRules || !strings.Contains(o.Reason, "20 plies without capture, turnover or promotion") {
				t.Errorf("%s: %+v, want the draw at 20 plies", c.name, o)
			}
			continue
		}
		if o.Over || s.pos.Clock() != 0 {
			t.Errorf("%s: clock %d, %+v; want 0 and play on", c.name, s.pos.Clock(), o)
		}
	}
}

// TestFiftyMoveClockInPlay plays random games with a short limit and checks the clock after
// every move against the rule: it restarts after a capture, a turnover or a promotion and
// counts every other ply, and the game is drawn exactly when it reaches the limit (unless a
// side has run out of Castles first).
func TestFiftyMoveClockInPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	resets, draws := 0, 0
	for i := range 60 {
		r := Standard
		r.FiftyMovePlies = 6 + i%10
		s := NewState(r, StartPosition(SetupFirstRank))
		for s.ToAct() != game.Nobody {
			p := s.pos.side
			legal := legalActions(s)
			a := legal[rng.IntN(len(legal))]
			if a == Claim {
				continue
			}
			m, ok := s.pos.Lookup(Square(a&63), Square(a>>6))
			if !ok {
				t.Fatalf("%s: legal %s is no move", s.pos.FEN(), coordinate(a))
			}
			want := s.pos.Clock() + 1
			if m.Class() == ClassCapture || m.Class() == ClassTurnover || m.Promotes() {
				want = 0
				resets++
			}
			if err := game.Play(s, p, a); err != nil {
				t.Fatal(err)
			}
			if s.pos.Clock() != want {
				t.Fatalf("after %s (%s): clock %d, want %d", coordinate(a), m.Class(), s.pos.Clock(), want)
			}
			o := s.Outcome()
			castlesLeft := s.pos.Castles(game.First) > 0 && s.pos.Castles(game.Second) > 0
			fifty := strings.Contains(o.Reason, "without capture")
			switch {
			case castlesLeft && want >= r.FiftyMovePlies && !fifty:
				t.Fatalf("%s: clock %d of %d, outcome %+v; want the 50-move draw", s.pos.FEN(), want, r.FiftyMovePlies, o)
			case fifty && want < r.FiftyMovePlies:
				t.Fatalf("%s: a 50-move draw at clock %d of %d", s.pos.FEN(), want, r.FiftyMovePlies)
			case fifty:
				draws++
			}
		}
	}
	if resets == 0 || draws == 0 {
		t.Errorf("%d resets and %d draws: the games do not exercise the rule", resets, draws)
	}
}
