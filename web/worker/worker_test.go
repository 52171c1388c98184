package worker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
	"turncoat/platform/aiwork"
	"turncoat/web/worker"
)

// call runs one method through the JSON interface, as the browser's worker does, and returns
// the reply's result (decoded into out) or its error.
func call(t *testing.T, e *worker.Engine, method string, params any, out any) *worker.Error {
	t.Helper()
	p, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := json.Marshal(map[string]any{"method": method, "params": json.RawMessage(p)})
	var r struct {
		Result json.RawMessage `json:"result"`
		Error  *worker.Error   `json:"error"`
	}
	if err := json.Unmarshal(e.HandleJSON(context.Background(), req), &r); err != nil {
		t.Fatalf("%s: the reply is not JSON: %v", method, err)
	}
	if r.Error != nil {
		return r.Error
	}
	if out != nil {
		if err := json.Unmarshal(r.Result, out); err != nil {
			t.Fatalf("%s: %v in %s", method, err, r.Result)
		}
	}
	return nil
}

// TestEveryGamePlays starts each game, plays its first legal moves (both selections at a
// simultaneous round, one side at a time as on the server), asks the AI, and reads its record.
func TestEveryGamePlays(t *testing.T) {
	e := worker.New(games.Registry())
	for _, name := range games.Registry().Names() {
		t.Run(name, func(t *testing.T) {
			var s struct {
				ID   string   `json:"id"`
				View api.Game `json:"view"`
			}
			if err := call(t, e, "newGame", map[string]any{"game": name}, &s); err != nil {
				t.Fatal(err)
			}
			if s.View.Kind != name || s.View.Mode != domain.ModeHotSeat || len(s.View.You) != 2 {
				t.Fatalf("view %+v", s.View)
			}
			for ply := 0; ply < 3; ply++ {
				var legal []string
				if err := call(t, e, "legal", map[string]any{"id": s.ID}, &legal); err != nil {
					t.Fatal(err)
				}
				if len(legal) == 0 || !equal(legal, s.View.View.Legal) {
					t.Fatalf("ply %d: legal %v, the view's %v", ply, legal, s.View.View.Legal)
				}
				var ai struct{ Move, Side string }
				if err := call(t, e, "aiMove", map[string]any{"id": s.ID, "level": 1, "ms": 2000, "side": s.View.View.Viewer.String()}, &ai); err != nil {
					t.Fatal(err)
				}
				if !contains(legal, ai.Move) {
					t.Fatalf("the AI's move %q is not among %v", ai.Move, legal)
				}
				move := map[string]any{"move": ai.Move, "side": ai.Side}
				var v struct {
					View api.Game `json:"view"`
				}
				if err := call(t, e, "play", map[string]any{"id": s.ID, "move": move}, &v); err != nil {
					t.Fatalf("play %v: %v", move, err)
				}
				s.View = v.View
				if s.View.View.Outcome.Over {
					break
				}
			}
			var rec worker.Records
			if err := call(t, e, "record", map[string]any{"id": s.ID}, &rec); err != nil {
				t.Fatal(err)
			}
			if rec.Record.Game != name || len(rec.Formats) == 0 {
				t.Fatalf("record %+v", rec)
			}
			if err := call(t, e, "close", map[string]any{"id": s.ID}, nil); err != nil {
				t.Fatal(err)
			}
			if err := call(t, e, "view", map[string]any{"id": s.ID}, nil); err == nil || err.Code != string(domain.NotFound) {
				t.Fatalf("a closed game's view: %v", err)
			}
		})
	}
}

// TestRoundViews: at a Turncoat round of a hot-seat game each side's view shows its own
// selection and never the other's, as the server's views for the holder of both seats: the
// page passes the device from one player to the other.
func TestRoundViews(t *testing.T) {
	e := worker.New(games.Registry())
	var s worker.Started
	if err := call(t, e, "newGame", map[string]any{"game": "turncoat", "options": map[string]string{"seed": "7"}}, &s); err != nil {
		t.Fatal(err)
	}
	type viewed struct {
		View api.Game `json:"view"`
	}
	view := func(as string) game.View {
		t.Helper()
		var v viewed
		if err := call(t, e, "view", map[string]any{"id": s.ID, "as": as}, &v); err != nil {
			t.Fatal(err)
		}
		return v.View.View
	}
	// Yellow selects first: Red's selection is not made yet, and Red's view knows nothing of
	// Yellow's.
	yellow := view("second")
	if yellow.Viewer != game.Second || len(yellow.Legal) == 0 || len(yellow.ToAct.Players()) != 2 {
		t.Fatalf("Yellow's view of the first round: viewer %v, legal %v", yellow.Viewer, yellow.Legal)
	}
	if err := call(t, e, "play", map[string]any{"id": s.ID, "move": map[string]any{"move": yellow.Legal[0], "side": "second"}}, nil); err != nil {
		t.Fatal(err)
	}
	if v := view("second"); v.Own != yellow.Legal[0] || !v.Submitted[1] || v.Ply != 0 {
		t.Fatalf("Yellow's view after its selection: own %q, submitted %v, ply %d", v.Own, v.Submitted, v.Ply)
	}
	red := view("first")
	if red.Viewer != game.First || red.Own != "" || !red.Submitted[1] || red.Submitted[0] || len(red.Legal) == 0 {
		t.Fatalf("Red's view after Yellow's selection: own %q, submitted %v, legal %v", red.Own, red.Submitted, red.Legal)
	}
	var after viewed
	if err := call(t, e, "play", map[string]any{"id": s.ID, "move": map[string]any{"move": red.Legal[0], "side": "first"}}, &after); err != nil {
		t.Fatal(err)
	}
	if after.View.View.Ply != 1 {
		t.Fatalf("the round is not played once both selected: ply %d", after.View.View.Ply)
	}
	// A page that plays a game's AI (a server's game with browserAI) starts the engine's game
	// from the view's state, and asks the AI's selection there.
	var from worker.Started
	if err := call(t, e, "newGame", map[string]any{"game": "turncoat", "options": after.View.View.Options, "state": after.View.View.State}, &from); err != nil {
		t.Fatalf("a game from the view's state: %v", err)
	}
	var ai struct{ Move, Side string }
	if err := call(t, e, "aiMove", map[string]any{"id": from.ID, "level": 2, "side": "second"}, &ai); err != nil || ai.Side != "second" || ai.Move == "" {
		t.Fatalf("the AI's selection from the view's state: %+v %v", ai, err)
	}
}

func equal(a, b []string) bool { return strings.Join(a, " ") == strings.Join(b, " ") }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestRefusals: bad input gets the server's code and sentence.
func TestRefusals(t *testing.T) {
	e := worker.New(games.Registry())
	var s worker.Started
	if err := call(t, e, "newGame", map[string]any{"game": "reversi", "options": map[string]string{"size": "6"}}, &s); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, method string
		params       any
		code         domain.Code
		message      string
	}{
		{"bad position", "newGame", map[string]any{"game": "reversi", "state": "XO"}, domain.BadRequest, "the position"},
		{"unknown game", "newGame", map[string]any{"game": "chess"}, domain.UnknownKind, `unknown game "chess"`},
		{"bad option", "newGame", map[string]any{"game": "reversi", "options": map[string]string{"size": "5"}}, domain.BadOption, `reversi: invalid option: size="5": want one of 4, 6, 8`},
		{"illegal move", "play", map[string]any{"id": s.ID, "move": "a1"}, domain.IllegalMove, "a1"},
		{"bad notation", "play", map[string]any{"id": s.ID, "move": "zz"}, domain.BadNotation, "zz"},
		{"no move", "play", map[string]any{"id": s.ID, "move": ""}, domain.BadRequest, "a move is required"},
		{"stale ply", "play", map[string]any{"id": s.ID, "move": map[string]any{"move": "c4", "ply": 3}}, domain.StalePly, "ply"},
		{"bad side", "play", map[string]any{"id": s.ID, "move": map[string]any{"move": "c4", "side": "third"}}, domain.BadRequest, `side "third"`},
		{"no such game", "view", map[string]any{"id": "x"}, domain.NotFound, "no game x"},
		{"bad level", "analyse", map[string]any{"id": s.ID, "level": 11}, domain.BadRequest, "level 11: want 1 to 10"},
		{"bad AI level", "aiMove", map[string]any{"id": s.ID, "level": -1}, domain.BadRequest, "AI level -1"},
		{"unknown parameter", "view", map[string]any{"id": s.ID, "colour": "red"}, domain.BadJSON, "colour"},
		{"bad viewer", "view", map[string]any{"id": s.ID, "as": "third"}, domain.BadRequest, `as "third": want first or second`},
		{"unknown method", "resign", map[string]any{}, domain.BadRequest, `unknown method "resign"`},
		{"analysis, illegal move", "analysis", map[string]any{"kind": "reversi", "moves": []string{"f5", "f5"}}, domain.IllegalMove, "move 2 (f5)"},
		{"bench too deep", "bench", map[string]any{"depth": 30}, domain.BadRequest, "depth 30: want 1 to 14"},
		{"no hints", "analysis", map[string]any{"kind": "turnover", "level": 3}, domain.NotAllowed, "has no hints"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := call(t, e, c.method, c.params, nil)
			if err == nil || err.Code != string(c.code) || !strings.Contains(err.Message, c.message) {
				t.Fatalf("got %v, want %s with %q", err, c.code, c.message)
			}
		})
	}
	if out := e.HandleJSON(context.Background(), []byte("{")); !bytes.Contains(out, []byte(`"code":"bad_json"`)) {
		t.Fatalf("a request that is not JSON: %s", out)
	}
}

// TestValuesMatchTheServer: the engine values a position's moves as the server's AI work does
// (the same agents, level and seed), for every game with hints.
func TestValuesMatchTheServer(t *testing.T) {
	e := worker.New(games.Registry())
	aiw := aiwork.New(1, time.Minute)
	for _, c := range []struct {
		kind  string
		moves []string
		level int
	}{
		{"reversi", []string{"f5", "d6", "c3", "d3", "c4"}, 4},
		{"reversi", nil, 6},
		{"blocs", nil, 3},
		{"troll", nil, 2},
	} {
		t.Run(c.kind, func(t *testing.T) {
			var got api.Analysis
			if err := call(t, e, "analysis", api.Analyze{Kind: c.kind, Moves: c.moves, Level: c.level}, &got); err != nil {
				t.Fatal(err)
			}
			g, _ := games.Registry().Lookup(c.kind)
			o, err := game.ParseOptions(g.OptionSpecs(), nil)
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(o)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range c.moves {
				a, err := st.ParseAction(st.ToAct().Single(), m)
				if err != nil {
					t.Fatal(err)
				}
				st.Apply(a)
			}
			want, err := aiw.Analyze(context.Background(), "test", st, st.ToAct().Single(), c.level)
			if err != nil {
				t.Fatal(err)
			}
			if !sameValues(got.Moves, want) {
				t.Fatalf("the browser's values\n%+v\nthe server's\n%+v", got.Moves, want)
			}
		})
	}
}

// sameValues compares hints but for their visits where a clock may cut a search (the MCTS
// engines' iterations are their own budget, the Othello engine's nodes its depth's).
func sameValues(a, b []api.Hint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Move != b[i].Move || a[i].Value != b[i].Value || a[i].Exact != b[i].Exact || a[i].PV != b[i].PV || a[i].Unit != b[i].Unit {
			return false
		}
	}
	return true
}

// TestWireForms: the engine's JSON is the API's: decoded into the API's types and written
// again, it is the same text (no field the API lacks, none renamed).
func TestWireForms(t *testing.T) {
	e := worker.New(games.Registry())
	var s struct {
		ID   string          `json:"id"`
		View json.RawMessage `json:"view"`
	}
	if err := call(t, e, "newGame", map[string]any{"game": "turnover"}, &s); err != nil {
		t.Fatal(err)
	}
	var an json.RawMessage
	if err := call(t, e, "analysis", api.Analyze{Kind: "reversi", Level: 2}, &an); err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Record json.RawMessage `json:"record"`
	}
	if err := call(t, e, "record", map[string]any{"id": s.ID}, &rec); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		raw  json.RawMessage
		into any
	}{{"game", s.View, &api.Game{}}, {"analysis", an, &api.Analysis{}}, {"record", rec.Record, &api.Record{}}} {
		if err := json.Unmarshal(c.raw, c.into); err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(c.into)
		var x, y any
		json.Unmarshal(c.raw, &x)
		json.Unmarshal(again, &y)
		a, _ := json.Marshal(x)
		b, _ := json.Marshal(y)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: the engine wrote\n%s\nthe API's type writes\n%s", c.name, a, b)
		}
	}
}

// maxDownload is the budget of the engine's download, compressed: every game in one file.
const maxDownload = 4_000_000

// TestDownloadSize keeps the engine's compressed file under its budget, and reports it.
func TestDownloadSize(t *testing.T) {
	fi, err := os.Stat("../static/engine/engine.wasm.gz")
	if err != nil {
		t.Fatalf("%v: run go generate ./web/worker", err)
	}
	t.Logf("the engine: %d bytes gzipped", fi.Size())
	if fi.Size() > maxDownload {
		t.Errorf("the engine is %d bytes gzipped: over its budget of %d", fi.Size(), maxDownload)
	}
}

// FuzzHandleJSON: any request gets a JSON reply with a result or an error, never a panic.
func FuzzHandleJSON(f *testing.F) {
	for _, s := range []string{`{"method":"hello"}`, `{"method":"newGame","params":{"game":"reversi"}}`,
		`{"method":"play","params":{"id":"local-1","move":"f5"}}`, `{"method":"analysis","params":{"kind":"reversi","moves":["f5"]}}`,
		`{"method":"play","params":{"id":"local-1","move":{"move":"f5","side":"first","ply":0}}}`, `[]`, `{"method":7}`} {
		f.Add(s)
	}
	e := worker.New(games.Registry())
	f.Fuzz(func(t *testing.T, req string) {
		out := e.HandleJSON(context.Background(), []byte(req))
		var r map[string]json.RawMessage
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("reply %s: %v", out, err)
		}
		if _, ok := r["error"]; !ok {
			if _, ok := r["result"]; !ok {
				t.Fatalf("reply %s has neither result nor error", out)
			}
		}
	})
}
