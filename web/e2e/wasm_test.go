package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
	"turncoat/web/worker"
)

// engineJS loads the page's own client of the browser's engine (the module of the page's
// version) and runs body with it as e.
func engineJS(body string) string {
	return `import(new URL("engine/client.js", document.querySelector("script[type=module]").src)).then(m => m.openEngine()).then(async e => {
		if (!e) return {unavailable: true};
		` + body + `
	})`
}

// hintsOf is what a comparison of values looks at.
type hintsOf []struct {
	Move  string  `json:"move"`
	Value float64 `json:"value"`
	Exact bool    `json:"exact"`
	PV    string  `json:"pv"`
}

// TestEngineInTheBrowser, on a phone: the worker loads; a hot-seat game is played in the
// browser, with the server's words for a bad move; and the engine's values of a position are
// the server's at the same level.
func TestEngineInTheBrowser(t *testing.T) {
	p := newPage(t)
	p.phone()
	p.open("/")
	type result struct {
		Unavailable bool            `json:"unavailable"`
		Legal       []string        `json:"legal"`
		Ply         int             `json:"ply"`
		Refusal     string          `json:"refusal"`
		Code        string          `json:"code"`
		Mine        hintsOf         `json:"mine"`
		Server      hintsOf         `json:"server"`
		Record      json.RawMessage `json:"record"`
	}
	r := eval[result](p, engineJS(`
		const {id, view} = await e.newGame({game: "reversi", options: {size: "8"}});
		const legal = await e.legal(id);
		const after = await e.play(id, "f5");
		let refusal = "", code = "";
		try { await e.play(id, "a1"); } catch (err) { refusal = err.message; code = err.code; }
		const body = {kind: "reversi", options: {size: "8"}, moves: ["f5", "d6", "c3", "d3", "c4"], level: 5};
		const mine = await e.analysis(body);
		const server = await fetch("/api/analyze", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)}).then(r => r.json());
		const record = await e.record(id);
		return {legal, ply: after.view.view.ply, refusal, code, mine: mine.moves, server: server.moves, record};`))
	if r.Unavailable {
		t.Fatal("the browser's engine did not start")
	}
	if strings.Join(r.Legal, " ") != "d3 c4 f5 e6" || r.Ply != 1 {
		t.Errorf("legal %v, ply after f5 %d", r.Legal, r.Ply)
	}
	if r.Code != "illegal_move" || !strings.Contains(r.Refusal, "a1") {
		t.Errorf("a1 after f5: %q (%s)", r.Refusal, r.Code)
	}
	t.Logf("the browser's values %+v", r.Mine)
	if len(r.Mine) == 0 || fmt.Sprint(r.Mine) != fmt.Sprint(r.Server) {
		t.Errorf("the browser's values\n%+v\nthe server's\n%+v", r.Mine, r.Server)
	}
	if !strings.Contains(string(r.Record), `"moves":["f5"]`) {
		t.Errorf("record %s", r.Record)
	}
}

// middleGame returns the first plies of a fixed 8x8 game (each move picked by its rank among
// the legal ones).
func middleGame(t *testing.T, plies int) []string {
	t.Helper()
	g, _ := games.Registry().Lookup("reversi")
	st, _ := g.New(game.DefaultOptions(g.OptionSpecs()))
	var moves []string
	for i := 0; i < plies && st.ToAct() != game.Nobody; i++ {
		p := st.ToAct().Single()
		var buf [64]game.Action
		legal := st.Legal(p, buf[:0])
		a := legal[(i*7+3)%len(legal)]
		moves = append(moves, st.FormatAction(p, a))
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return moves
}

// TestEngineNodeRate measures the Othello search's node rate in the browser against the same
// search here (native code, one thread): a middle game position searched to a fixed depth
// without a clock visits the same nodes in both, so the rates compare the code alone. It logs
// the figures; it asserts only that the searches agree (a loaded machine's timings prove
// nothing).
func TestEngineNodeRate(t *testing.T) {
	p := newPage(t)
	p.open("/")
	bench := worker.Bench{Moves: middleGame(t, 20), Depth: 10}
	type run struct {
		Unavailable bool `json:"unavailable"`
		worker.BenchResult
	}
	r := eval[run](p, engineJS(`return e.bench(`+fmt.Sprintf(`{moves: %s, depth: %d}`, jsList(bench.Moves), bench.Depth)+`);`))
	if r.Unavailable {
		t.Fatal("the browser's engine did not start")
	}
	native, err := worker.New(games.Registry()).RunBench(context.Background(), bench)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Othello search to depth %d, one thread: browser %d nodes in %.0f ms (%.0f nodes/s); native %d nodes in %.0f ms (%.0f nodes/s); native/browser %.2f",
		bench.Depth, r.Nodes, r.Ms, r.NodesPerSec, native.Nodes, native.Ms, native.NodesPerSec, native.NodesPerSec/r.NodesPerSec)
	if r.Nodes != native.Nodes || r.Score != native.Score {
		t.Errorf("the browser searched %d nodes (score %d), native code %d (score %d): the same search should visit the same nodes",
			r.Nodes, r.Score, native.Nodes, native.Score)
	}
}

// TestAnalysisBoardInTheBrowser, on a phone: once the browser's engine is ready the analysis
// board's values come from it, and they are the server's analysis of the same position at the
// same level, move for move; a hint in a hot-seat game comes from it too.
func TestAnalysisBoardInTheBrowser(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.phone()
	moves := middleGame(t, 12)
	p.open("/analysis?size=8&level=4&moves=" + strings.Join(moves, ""))
	if ok := eval[bool](p, engineJS(`return true;`)); !ok {
		t.Fatal("the browser's engine did not start")
	}
	p.do(chromedpSelect("#an-level", "5"))
	p.wait(`document.querySelector("ol.values[data-by=browser] li")`)
	shown := eval[[]string](p, `[...document.querySelectorAll("ol.values li")].map(li => li.querySelector("button").innerText + " " + li.querySelector("strong").innerText)`)
	body := fmt.Sprintf(`{kind: "reversi", options: {size: "8"}, moves: %s, level: 5}`, jsList(moves))
	server := eval[hintsOf](p, `fetch("/api/analyze", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(`+body+`)})
		.then(r => r.json()).then(r => r.moves.sort((a, b) => b.value - a.value))`)
	var want []string
	for _, h := range server {
		v := fmt.Sprintf("%+d", int(h.Value))
		want = append(want, h.Move+" "+strings.NewReplacer("-", "−", "+0", "0").Replace(v))
	}
	t.Logf("after %s the board shows %v; the server's analysis %v", strings.Join(moves, ""), shown, want)
	if strings.Join(shown, ", ") != strings.Join(want, ", ") {
		t.Errorf("the analysis board shows\n%v\nthe server's analysis at the same level\n%v", shown, want)
	}
	p.screenshot(dir, "analysis-browser-engine-en-phone", 390, 844)

	id := p.newGame(`{kind: "reversi", mode: "hotseat", options: {size: "6"}}`)
	p.openGame(id)
	p.wait(`document.querySelector("#hint-btn")`)
	eval[bool](p, engineJS(`return true;`)) // the page's engine is ready (it started loading with the page)
	p.click("#hint-btn")
	p.wait(`document.querySelector(".board-host .hint")`)
	if by := eval[string](p, `document.querySelector("#hint-btn") ? document.querySelector("#hint-btn").parentElement.dataset.hintBy : ""`); by != "browser" {
		t.Errorf("the hot-seat game's hint came from %q, want the browser", by)
	}
}
