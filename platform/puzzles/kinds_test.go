package puzzles

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine/puzzle"
	"turncoat/game"
)

// fixtureSet reads the test sets of the kinds other than Othello (testdata/, see
// fixtures_test.go).
func fixtureSet(t testing.TB) []puzzle.Puzzle {
	t.Helper()
	set, err := ReadFiles(filepath.Join("testdata", "*.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return set
}

var fixedNow = func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) }

// TestKinds plays a puzzle of each kind through the service as a guest: the whole line right,
// a wrong first move told by its loss in the kind's unit, an illegal move, too many moves.
func TestKinds(t *testing.T) {
	set := fixtureSet(t)
	svc, err := New(nil, set, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := svc.Kinds(), []string{puzzle.Turnover, puzzle.Turncoat, puzzle.Blocs, puzzle.Troll}; !slices.Equal(got, want) {
		t.Fatalf("kinds %v, want %v (the registry's order)", got, want)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		id, unit string
		// right is the whole line's answers; wrong a wrong first move and its loss
		right   []string
		wrong   string
		loss    int
		illegal string
	}{
		// White takes Black's last Castle with the Queen's Castle part from c8 (mate in 1);
		// the Queen to c8 with check mates only in 2: it loses one move of the mate
		{"v1", UnitMate, []string{"xCb8.Q"}, ":Qc8+", 1, "Ka1"},
		{"v2", UnitMate, []string{"QxCh8"}, "Bb2+", 99, "Ka1"},
		// Blocs placement: three answers, each the only winning placement by Grundy values
		{"b1", UnitResult, []string{"Wd4", "Wc4", "Bd2"}, "Ba4", 2, "Wa1"},
		{"b2", UnitResult, []string{"Wc3"}, "Bb1", 2, "Wa1"},
		// Troll: Black connects top and bottom with c5; any other move loses
		{"l1", UnitResult, []string{"c5"}, "h6", 2, "a1"},
		// Turncoat: Red's b1 turns Red's last white piece (a win whatever Yellow selects);
		// a2 only draws against Yellow's best answer
		{"c1", UnitResult, []string{"b1"}, "a2", 1, "a1"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			pz, err := svc.Puzzle(tc.id)
			if err != nil {
				t.Fatal(err)
			}
			if pz.Unit != tc.unit || pz.Moves != len(tc.right) || len(pz.View.Legal) == 0 || pz.View.Board == nil {
				t.Fatalf("puzzle %s: unit %q, %d moves, %d legal moves in its view", tc.id, pz.Unit, pz.Moves, len(pz.View.Legal))
			}
			var res api.PuzzleResult
			for i := range tc.right {
				res, err = svc.Attempt(ctx, nil, tc.id, api.PuzzleAttempt{Moves: tc.right[:i+1]})
				if err != nil {
					t.Fatalf("answers %q: %v", tc.right[:i+1], err)
				}
				want := api.PuzzleContinue
				if i == len(tc.right)-1 {
					want = api.PuzzleSolved
				}
				if res.Result != want || res.Loss != 0 || len(res.Views) == 0 {
					t.Fatalf("answers %q: %s, loss %d, %d views; want %s", tc.right[:i+1], res.Result, res.Loss, len(res.Views), want)
				}
			}
			if res.Rating == nil || res.Rating.Rating <= res.Before.Rating || res.Unit != tc.unit {
				t.Fatalf("a solved puzzle: rating %v from %v, unit %q", res.Rating, res.Before, res.Unit)
			}
			last := res.Views[len(res.Views)-1]
			if pz.Kind != puzzle.Blocs && (!last.Outcome.Over || last.Outcome.Winner != pz.Side) {
				t.Fatalf("after the answer: %+v, want a win for %v", last.Outcome, pz.Side)
			}
			res, err = svc.Attempt(ctx, nil, tc.id, api.PuzzleAttempt{Moves: []string{tc.wrong}})
			if err != nil || res.Result != api.PuzzleFailed || res.Loss != tc.loss || res.Best != tc.right[0] {
				t.Fatalf("%s: %+v, %v; want failed by %d, the answer %s", tc.wrong, res, err, tc.loss, tc.right[0])
			}
			if pz.Kind == puzzle.Turncoat {
				// the round is played: Red's selection and Yellow's, revealed together
				if len(res.Reply) != 1 || len(res.Views) != 1 || res.Views[0].Ply != 1 {
					t.Fatalf("a Turncoat selection: replies %q, %d views", res.Reply, len(res.Views))
				}
			}
			_, err = svc.Attempt(ctx, nil, tc.id, api.PuzzleAttempt{Moves: []string{tc.illegal}})
			if de := (*domain.Error)(nil); !errors.As(err, &de) || de.Code != domain.IllegalMove {
				t.Fatalf("%s: %v, want an illegal move", tc.illegal, err)
			}
			_, err = svc.Attempt(ctx, nil, tc.id, api.PuzzleAttempt{Moves: append(slices.Clone(tc.right), tc.right...)})
			if de := (*domain.Error)(nil); !errors.As(err, &de) || de.Code != domain.BadRequest {
				t.Fatalf("too many moves: %v, want a bad request", err)
			}
		})
	}
}

// TestNextKind: the next puzzle is of the kind asked, or of any kind; a kind the set does not
// have is not found.
func TestNextKind(t *testing.T) {
	svc, err := New(nil, fixtureSet(t), fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, kind := range svc.Kinds() {
		p, err := svc.Next(ctx, nil, 1500, "", kind)
		if err != nil || p.Kind != kind {
			t.Fatalf("next %s: %s, %v", kind, p.Kind, err)
		}
	}
	seen := map[string]bool{}
	for range 60 {
		p, err := svc.Next(ctx, nil, 1500, "", "")
		if err != nil {
			t.Fatal(err)
		}
		seen[p.Kind] = true
	}
	if len(seen) != 4 {
		t.Fatalf("any kind: 60 puzzles of %d kinds, want all 4", len(seen))
	}
	_, err = svc.Next(ctx, nil, 1500, "", puzzle.Othello)
	if de := (*domain.Error)(nil); !errors.As(err, &de) || de.Code != domain.NotFound {
		t.Fatalf("a kind the set has not: %v", err)
	}
	// the daily puzzle takes the kinds in turn
	days := map[string]bool{}
	for d := range 4 {
		p, err := svc.Daily(fixedNow().AddDate(0, 0, d))
		if err != nil {
			t.Fatal(err)
		}
		days[p.Kind] = true
	}
	if len(days) != 4 {
		t.Fatalf("four days' puzzles are of %d kinds", len(days))
	}
}

// TestBadSets: a set whose moves its game does not take is refused when the service starts.
func TestBadSets(t *testing.T) {
	set := fixtureSet(t)
	for _, tc := range []struct {
		name   string
		change func(p *puzzle.Puzzle)
	}{
		{"an unknown kind", func(p *puzzle.Puzzle) { p.Kind = "chess" }},
		{"a bad option", func(p *puzzle.Puzzle) { p.Options = map[string]string{"size": "99"} }},
		{"an unreadable position", func(p *puzzle.Puzzle) { p.Position = "nonsense" }},
		{"an illegal answer", func(p *puzzle.Puzzle) { p.Steps[0].Moves[0].Move = "a1" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := slices.Clone(set)
			i := slices.IndexFunc(bad, func(p puzzle.Puzzle) bool { return p.ID == "l1" })
			p := bad[i]
			p.Steps = slices.Clone(p.Steps)
			p.Steps[0].Moves = slices.Clone(p.Steps[0].Moves)
			tc.change(&p)
			bad[i] = p
			if _, err := New(nil, bad, fixedNow); err == nil {
				t.Fatal("the set was taken")
			}
		})
	}
}

// BenchmarkServeAndCheckKinds serves a puzzle of each kind of the test sets and checks a
// guest's answer to it (its views and the rating included), by kind.
func BenchmarkServeAndCheckKinds(b *testing.B) {
	set := fixtureSet(b)
	svc, err := New(nil, set, fixedNow)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, kind := range svc.Kinds() {
		b.Run(kind, func(b *testing.B) {
			var of []*puzzle.Puzzle
			for i := range set {
				if set[i].Kind == kind {
					of = append(of, &set[i])
				}
			}
			i := 0
			for b.Loop() {
				p := of[i%len(of)]
				i++
				if _, err := svc.Puzzle(p.ID); err != nil {
					b.Fatal(err)
				}
				if _, err := svc.Attempt(ctx, nil, p.ID, api.PuzzleAttempt{Moves: []string{p.Answer(0)}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestTurncoatRounds: a Turncoat puzzle of two rounds goes on after the first selection: the
// round is played with Yellow's selection, which the result reveals with the position after the
// round, and Red selects again there. (The values are made up: the service checks by them
// without searching; the line's moves are real.)
func TestTurncoatRounds(t *testing.T) {
	set := fixtureSet(t)
	c := set[slices.IndexFunc(set, func(p puzzle.Puzzle) bool { return p.Kind == puzzle.Turncoat })]
	svc, err := New(nil, []puzzle.Puzzle{c}, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	// a round that does not end the game, and Red's selections after it
	st := svc.starts[0]
	var first, reply string
	var second []puzzle.MoveValue
	for _, a := range st.Legal(game.First, nil) {
		for _, b := range st.Legal(game.Second, nil) {
			s := st.Clone()
			if err := s.ApplyJoint(game.Joint{a, b}); err != nil {
				t.Fatal(err)
			}
			if s.Outcome().Over || second != nil {
				continue
			}
			first, reply = st.FormatAction(game.First, a), st.FormatAction(game.Second, b)
			for k, r := range s.Legal(game.First, nil) {
				second = append(second, puzzle.MoveValue{Move: s.FormatAction(game.First, r), Value: -k})
			}
		}
	}
	if second == nil || len(second) < 2 {
		t.Fatal("no round of the test puzzle goes on")
	}
	var others []puzzle.MoveValue
	for _, a := range st.Legal(game.First, nil) {
		if m := st.FormatAction(game.First, a); m != first {
			others = append(others, puzzle.MoveValue{Move: m, Value: -1})
		}
	}
	c.ID = "c99"
	c.Steps = []puzzle.Step{
		{Moves: append([]puzzle.MoveValue{{Move: first, Value: 0}}, others...), Reply: []string{reply}},
		{Moves: second, Reply: []string{st.FormatAction(game.Second, st.Legal(game.Second, nil)[0])}},
	}
	c.Value = 0
	svc, err = New(nil, []puzzle.Puzzle{c}, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := svc.Attempt(ctx, nil, "c99", api.PuzzleAttempt{Moves: []string{first}})
	if err != nil || res.Result != api.PuzzleContinue || !slices.Equal(res.Reply, []string{reply}) || len(res.Views) != 1 ||
		res.Views[0].Ply != 1 || res.Views[0].Moves[0].Text != first+" "+reply || len(res.Views[0].Legal) == 0 {
		t.Fatalf("the first round: %+v, %v", res, err)
	}
	res, err = svc.Attempt(ctx, nil, "c99", api.PuzzleAttempt{Moves: []string{first, second[1].Move}})
	if err != nil || res.Result != api.PuzzleFailed || res.Loss != 1 || len(res.Reply) != 1 || res.Views[0].Ply != 2 {
		t.Fatalf("a wrong second selection: %+v, %v", res, err)
	}
	if got := Line(&c); got[0] != first+" "+reply {
		t.Fatalf("the line %q writes the first round as %q", got, got[0])
	}
}
