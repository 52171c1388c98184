package server_test

import (
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
	"turncoat/store"
)

type analysis struct {
	View struct {
		Ply     int      `json:"ply"`
		State   string   `json:"state"`
		ToAct   []string `json:"toAct"`
		Legal   []string `json:"legal"`
		Outcome struct {
			Over bool `json:"over"`
		} `json:"outcome"`
		Board *struct {
			Grids []struct {
				Cells []struct {
					Coord string `json:"coord"`
				} `json:"cells"`
			} `json:"grids"`
		} `json:"board"`
	} `json:"view"`
	Side    string `json:"side"`
	Level   int    `json:"level"`
	Actions []struct {
		Move, From, To, Class string
	} `json:"actions"`
	Moves []struct {
		Move  string  `json:"move"`
		Value float64 `json:"value"`
		Unit  string  `json:"unit"`
		Exact bool    `json:"exact"`
	} `json:"moves"`
}

// legalAfter plays moves in the rules engine and returns the legal moves of the side to act.
func legalAfter(t *testing.T, kind string, moves ...string) []string {
	t.Helper()
	g, _ := games.Registry().Lookup(kind)
	st, err := g.New(game.DefaultOptions(g.OptionSpecs()))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		mv, err := game.ParseMove(st, m)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.PlayMove(st, mv); err != nil {
			t.Fatal(err)
		}
	}
	p := st.ToAct().Single()
	var buf [256]game.Action
	var out []string
	for _, a := range st.Legal(p, buf[:0]) {
		out = append(out, st.FormatAction(p, a))
	}
	return out
}

// TestAnalyze checks POST /api/analyze: a position reached by moves, replayed without analysis
// (level 0) or with the engine's value of every legal move; a position given in the game's
// own notation; Turnover's moves described square by square; and the errors, each naming what
// was wrong.
func TestAnalyze(t *testing.T) {
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{})
	c := h.browser()

	var a analysis
	if st := c.call("POST", "/api/analyze", map[string]any{"kind": "reversi", "moves": []string{"f5", "d6"}}, &a); st != 200 {
		t.Fatalf("analyze: %d %s", st, c.received())
	}
	want := legalAfter(t, "reversi", "f5", "d6")
	if a.View.Ply != 2 || !slices.Equal(a.View.Legal, want) || a.Side != "first" || a.Moves != nil {
		t.Fatalf("after f5 d6 at level 0: ply %d, legal %v (want %v), side %s, values %v", a.View.Ply, a.View.Legal, want, a.Side, a.Moves)
	}

	a = analysis{}
	if st := c.call("POST", "/api/analyze", map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "moves": []string{"d5"}, "level": 2}, &a); st != 200 {
		t.Fatalf("analyze with level: %d %s", st, c.received())
	}
	var valued []string
	for _, m := range a.Moves {
		valued = append(valued, m.Move)
		if m.Unit == "" {
			t.Errorf("move %s has no unit", m.Move)
		}
	}
	slices.Sort(valued)
	legal := slices.Clone(a.View.Legal)
	slices.Sort(legal)
	if a.Level != 2 || len(a.View.Legal) == 0 || !slices.Equal(valued, legal) || a.Side != "second" {
		t.Fatalf("6x6 after d5 at level 2: level %d, valued %v, legal %v, side %s", a.Level, valued, legal, a.Side)
	}

	// Every reply to a first move of the diagonal start is in the exact 6x6 book: exact values,
	// the best White's win by 4.
	best := -64.0
	for _, m := range a.Moves {
		if !m.Exact {
			t.Errorf("6x6 after d5 at level 2: %s worth %v is not said to be exact", m.Move, m.Value)
		}
		best = max(best, m.Value)
	}
	if best != 4 {
		t.Errorf("6x6 after d5: the best reply is worth %v, want the exact +4", best)
	}
	// After a losing first move (b2 of the parallel start loses by 16, c2 and d2 by 2) the book
	// has nothing: the values are the level's estimates, and not said to be exact.
	a = analysis{}
	if st := c.call("POST", "/api/analyze", map[string]any{"kind": "reversi", "options": map[string]string{"size": "6", "start": "parallel"}, "moves": []string{"b2"}, "level": 2}, &a); st != 200 {
		t.Fatalf("analyze the parallel start after b2: %d %s", st, c.received())
	}
	if len(a.Moves) == 0 {
		t.Fatalf("no values after b2 of the parallel start")
	}
	for _, m := range a.Moves {
		if m.Exact {
			t.Errorf("6x6 parallel start after b2 at level 2: %s is said to be exact", m.Move)
		}
	}

	// Late in a 6x6 game the engine solves, and says so: the analysis board shows exact values
	// where they are, whatever the level's usual depth on 8x8.
	played := []string{"d5"}
	for len(played) < 26 {
		a = analysis{}
		if st := c.call("POST", "/api/analyze", map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "moves": played}, &a); st != 200 {
			t.Fatalf("analyze %v: %d %s", played, st, c.received())
		}
		if a.View.Outcome.Over {
			break
		}
		played = append(played, a.View.Legal[len(played)%len(a.View.Legal)])
	}
	a = analysis{}
	if st := c.call("POST", "/api/analyze", map[string]any{"kind": "reversi", "options": map[string]string{"size": "6"}, "moves": played, "level": 5}, &a); st != 200 {
		t.Fatalf("analyze %v at level 5: %d %s", played, st, c.received())
	}
	if len(a.Moves) == 0 {
		t.Fatalf("no values after %v", played)
	}
	for _, m := range a.Moves {
		if !m.Exact || m.Value != float64(int(m.Value)) {
			t.Errorf("6x6 with %d moves played, level 5: %s worth %v, exact %v; want an exact disc count", len(played), m.Move, m.Value, m.Exact)
		}
	}

	// A position in Reversi's own notation: White to move on the standard start.
	a = analysis{}
	pos := strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " O"
	if st := c.call("POST", "/api/analyze", map[string]any{"kind": "reversi", "state": pos}, &a); st != 200 {
		t.Fatalf("analyze a position: %d %s", st, c.received())
	}
	if !slices.Equal(a.View.ToAct, []string{"second"}) || len(a.View.Legal) != 4 || a.View.Board == nil {
		t.Fatalf("position with White to move: toAct %v, legal %v", a.View.ToAct, a.View.Legal)
	}
	// And the canonical encoding of a view's state gives the same position back.
	state := a.View.State
	a = analysis{}
	if st := c.call("POST", "/api/analyze", map[string]any{"kind": "reversi", "state": state}, &a); st != 200 || a.View.State != state {
		t.Fatalf("analyze an encoded state: %d, state %q, want %q", st, a.View.State, state)
	}

	a = analysis{}
	if st := c.call("POST", "/api/analyze", map[string]any{"kind": "turnover", "moves": []string{"C.e3"}}, &a); st != 200 {
		t.Fatalf("turnover: %d %s", st, c.received())
	}
	if len(a.Actions) != len(a.View.Legal) || len(a.Actions) == 0 {
		t.Fatalf("turnover: %d actions for %d legal moves", len(a.Actions), len(a.View.Legal))
	}
	for _, x := range a.Actions {
		if x.From == "" || x.To == "" || x.Class == "" {
			t.Errorf("turnover action without squares: %+v", x)
		}
	}

	for _, bad := range []struct {
		body map[string]any
		code string
		says string
	}{
		{map[string]any{"kind": "chess"}, "unknown_kind", "chess"},
		{map[string]any{"kind": "reversi", "moves": []string{"f5", "a1"}}, "illegal_move", "move 2 (a1)"},
		{map[string]any{"kind": "reversi", "level": 11}, "bad_request", "level 11"},
		{map[string]any{"kind": "reversi", "options": map[string]string{"size": "5"}}, "bad_option", "size"},
		{map[string]any{"kind": "reversi", "state": "nonsense"}, "bad_request", "position"},
		{map[string]any{"kind": "reversi", "moves": make([]string, 1001)}, "bad_request", "1001 moves"},
		{map[string]any{"kind": "reversi", "side": "third"}, "bad_request", "third"},
	} {
		var e apiError
		st := c.call("POST", "/api/analyze", bad.body, &e)
		if st < 400 || e.Error.Code != bad.code || !strings.Contains(e.Error.Message, bad.says) {
			t.Errorf("%v: %d %s %q; want %s naming %q", bad.body, st, e.Error.Code, e.Error.Message, bad.code, bad.says)
		}
	}
}

// TestGameActions checks that a Turnover game's view carries its moves square by square for the
// side to move, and a Reversi game's none.
func TestGameActions(t *testing.T) {
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{})
	c := h.browser()
	var g struct {
		ID      string `json:"id"`
		Actions []struct {
			Move, From, To, Class string
		} `json:"actions"`
	}
	if st := c.call("POST", "/api/games", map[string]any{"kind": "turnover", "mode": "hotseat"}, &g); st != http.StatusCreated {
		t.Fatalf("create: %d", st)
	}
	if len(g.Actions) != 16 || g.Actions[0].Move != "C.a2" || g.Actions[0].From != "a1" || g.Actions[0].To != "a2" || g.Actions[0].Class != "move" {
		t.Fatalf("the start's actions: %+v", g.Actions)
	}
	r := c.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	var raw map[string]any
	c.call("GET", "/api/games/"+r.ID, nil, &raw)
	if _, ok := raw["actions"]; ok {
		t.Errorf("a Reversi game has actions: %v", raw["actions"])
	}
}
