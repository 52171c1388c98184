package turnoverab

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/games/turnover"
)

func mustPos(tb testing.TB, fen string) turnover.Position {
	tb.Helper()
	p, err := turnover.ParseFEN(fen)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func coord(m turnover.Move) string { return m.From().String() + m.To().String() }

// TestTactics checks that the search finds the obvious: take the last Castle, do not resign
// by moving the last Castle, save the last Castle, win material.
func TestTactics(t *testing.T) {
	cases := []struct {
		name, fen string
		depth     int
		want      []string // any of these
		score     func(int) bool
	}{
		{"take the last Castle", "c7/8/8/8/8/8/8/C6R w", 1, []string{"h1h8"}, nil},
		{"take the last Castle (Black)", "c6r/8/8/8/8/8/8/C7 b", 1, []string{"h8h1"}, nil},
		{"do not move the last Castle when another move exists", "4c3/8/8/8/8/8/7P/C7 w", 2, []string{"h2h3"}, nil},
		{"block the attack on the last Castle", "c7/8/8/8/8/8/3R4/C6r w", 3, []string{"d2d1"}, nil},
		{"capture the attacker of the last Castle", "c7/8/8/8/8/8/7R/C6r w", 3, []string{"h2h1"}, nil},
		{"a won position scores as a win", "c7/8/8/8/8/8/8/C6R w", 3, nil, func(v int) bool { return v > mateBound }},
		{"terra arrasada is a draw", "8/8/8/4c3/3C4/8/8/8 w", 2, []string{"d4e5"}, func(v int) bool { return v == 0 }},
		{"win a free Queen", "c3q3/8/8/8/8/8/8/C3R3 w", 3, []string{"e1e8"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSearcher(turnover.Standard, 16)
			res := s.Search(context.Background(), mustPos(t, c.fen), nil, Limits{Depth: c.depth})
			if c.want != nil {
				ok := false
				for _, w := range c.want {
					ok = ok || coord(res.Move) == w
				}
				if !ok {
					t.Errorf("%s: best %s (score %d), want one of %v", c.fen, coord(res.Move), res.Score, c.want)
				}
			}
			if c.score != nil && !c.score(res.Score) {
				t.Errorf("%s: score %d", c.fen, res.Score)
			}
		})
	}
}

// minimax is the reference for the search's value: plain negamax to depth, then the same
// quiescence, with the same end-of-game rules.
func minimax(s *Searcher, p *turnover.Position, depth, ply int) int {
	if v, ok := s.terminal(p, ply); ok {
		return v
	}
	if depth == 0 {
		return s.quiesce(p, ply, -infinity, infinity, 0)
	}
	var buf [turnover.MaxMoves]turnover.Move
	moves := p.Moves(buf[:0])
	if len(moves) == 0 {
		if p.InCheck(p.Side()) {
			return -mateScore + ply
		}
		return 0
	}
	best := -infinity
	for _, m := range moves {
		c := *p
		c.Make(m)
		best = max(best, -minimax(s, &c, depth-1, ply+1))
	}
	return best
}

// TestSearchMatchesMinimax compares the search's value (principal variation search, table,
// ordering, mate-distance pruning) with plain minimax over the same quiescence, on positions
// of random games, with the reductions and extensions that change the tree turned off.
func TestSearchMatchesMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for game := 0; game < 6; game++ {
		st := turnover.NewState(turnover.Standard, turnover.StartPosition([]string{turnover.SetupFirstRank, turnover.SetupZigzag}[game%2]))
		var buf [turnover.MaxMoves]turnover.Move
		for ply := 0; ply < 24 && st.ToAct() != 0; ply++ {
			p := st.Position()
			moves := p.Moves(buf[:0])
			if ply%8 == 5 {
				for depth := 1; depth <= 2; depth++ {
					s := NewSearcher(turnover.Standard, 16)
					s.exact = true
					res := s.Search(context.Background(), p, nil, Limits{Depth: depth})
					ref := NewSearcher(turnover.Standard, 16)
					ref.exact = true
					if want := minimax(ref, &p, depth, 0); res.Score != want {
						t.Errorf("%s depth %d: search %d, minimax %d", p.FEN(), depth, res.Score, want)
					}
					checked++
				}
			}
			if err := st.Apply(moves[rng.IntN(len(moves))].Action()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 30 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestCancel checks that a cancelled search returns a legal move promptly: cancelled before it
// starts (deterministic) and while it searches. Without its context a 60-ply search would run
// for hours: the bound fails only on a real hang.
func TestCancel(t *testing.T) {
	st := turnover.NewState(turnover.Standard, mustPos(t, "crc1c1rr/1b4C1/P1n3n1/1p1br3/3b2R1/1Q2P1BR/1N6/1rCC1R2 w"))
	a := NewAgent("test", Config{Limits: Limits{Depth: 60}, TTBits: 16})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	running, stop := context.WithCancel(context.Background())
	defer stop()
	time.AfterFunc(20*time.Millisecond, stop)
	for _, ctx := range []context.Context{cancelled, running} {
		done := make(chan struct{})
		var act game.Action
		var err error
		go func() {
			defer close(done)
			act, err = a.Choose(ctx, st, game.First)
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatal("a cancelled search still runs after a minute")
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := game.CheckLegal(st, game.First, act); err != nil {
			t.Errorf("cancelled search returned %v: %v", act, err)
		}
		if a.Last.Depth >= 60 {
			t.Errorf("a cancelled search reached depth %d", a.Last.Depth)
		}
	}
	if _, err := a.Choose(context.Background(), st, game.Second); err == nil {
		t.Error("a move for the side not to move")
	}
}

// TestClaim checks that the agent claims a repetition when it is worse, and plays on when it
// is better.
func TestClaim(t *testing.T) {
	// White (a Castle and a Rook) against Black (a Castle, a Queen and a Rook): White is worse.
	st := turnover.NewState(turnover.Standard, mustPos(t, "c5qr/8/8/8/8/8/8/C6R w"))
	for _, m := range []string{"h1h2", "h8h7", "h2h1", "h7h8", "h1h2", "h8h7", "h2h1", "h7h8"} {
		if err := game.Play(st, st.ToAct().Single(), mustAction(t, st, m)); err != nil {
			t.Fatal(err)
		}
	}
	if !st.CanClaimRepetition() {
		t.Fatal("no claim after two rounds")
	}
	a := NewAgent("test", Config{Limits: Limits{Depth: 3}, TTBits: 16})
	act, err := a.Choose(context.Background(), st, game.First)
	if err != nil {
		t.Fatal(err)
	}
	if act != turnover.Claim {
		t.Errorf("worse side played %s (score %d), want the claim", st.FormatAction(game.First, act), a.Last.Score)
	}
	// White plays on; Black, the better side, may claim too but does not.
	if err := game.Play(st, game.First, mustAction(t, st, "h1h2")); err != nil {
		t.Fatal(err)
	}
	if !st.CanClaimRepetition() {
		t.Fatal("no claim for Black")
	}
	act, err = a.Choose(context.Background(), st, game.Second)
	if err != nil {
		t.Fatal(err)
	}
	if act == turnover.Claim {
		t.Errorf("the better side claimed a draw (score %d)", a.Last.Score)
	}
}

func mustAction(tb testing.TB, st *turnover.State, text string) game.Action {
	tb.Helper()
	a, err := st.ParseAction(st.ToAct().Single(), text)
	if err != nil {
		tb.Fatal(err)
	}
	return a
}

// TestAgentPlaysLegalGames plays a short game between two shallow agents: every move is legal
// and the game ends or runs on with legal moves.
func TestAgentPlaysLegalGames(t *testing.T) {
	st := turnover.NewState(turnover.Standard, turnover.StartPosition(turnover.SetupZigzag))
	agents := [2]engine.Agent{
		NewAgent("a", Config{Limits: Limits{Depth: 2}, TTBits: 16, Noise: 30, Seed: 1}),
		NewAgent("b", Config{Limits: Limits{Depth: 1}, TTBits: 16}),
	}
	for ply := 0; ply < 200 && st.ToAct() != 0; ply++ {
		p := st.ToAct().Single()
		a, err := agents[p].Choose(context.Background(), st, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.Play(st, p, a); err != nil {
			t.Fatalf("ply %d: %v", ply+1, err)
		}
	}
}

func TestEvaluateIsSymmetric(t *testing.T) {
	for _, fen := range []string{turnover.FirstRankFEN, "crc1c1rr/1b4C1/P1n3n1/1p1br3/3b2R1/1Q2P1BR/1N6/1rCC1R2 w"} {
		p := mustPos(t, fen)
		m := mirror(t, &p)
		if a, b := Evaluate(&p), Evaluate(&m); a != b {
			t.Errorf("%s: %d, mirrored %d", fen, a, b)
		}
		if Material(&p, game.First) != -Material(&m, game.First) {
			t.Errorf("%s: material not antisymmetric", fen)
		}
	}
}

// mirror flips the board top to bottom and swaps the colours and the side to move.
func mirror(tb testing.TB, p *turnover.Position) turnover.Position {
	var m turnover.Position
	for s := range turnover.Square(64) {
		if c := p.Cell(s); c != 0 {
			m.SetCell(turnover.SquareAt(s.File(), 7-s.Rank()), turnover.MakeCell(c.Kind(), c.Owner().Other()))
		}
	}
	m.SetSide(p.Side().Other())
	m.SetCounters(p.Clock(), 1)
	return m
}

func BenchmarkSearch(b *testing.B) {
	p := mustPos(b, "crc1c1rr/1b4C1/P1n3n1/1p1br3/3b2R1/1Q2P1BR/1N6/1rCC1R2 w")
	var nodes int64
	for b.Loop() {
		s := NewSearcher(turnover.Standard, 18)
		nodes += s.Search(context.Background(), p, nil, Limits{Depth: 6}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
