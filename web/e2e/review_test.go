package e2e_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestReview on a phone: an imported 4x4 Othello record is reviewed with one click; the marks
// come on the move list and the graph, each side's accuracy and the turning point are shown; a
// click on the blunder shows the better move on the board with its line, and "Practise from
// here" starts a game against the AI from the position before it, the player on the side that
// blundered.
func TestReview(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.open("/")
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	body, _ := json.Marshal(map[string]any{"kind": "reversi", "options": map[string]string{"size": "4"}, "text": "a2a3a4a1c1pad4"})
	id := eval[string](p, fmt.Sprintf(`fetch("/api/import", {method: "POST", headers: {"Content-Type": "application/json"}, body: %q})
		.then(r => r.json()).then(g => g.id || JSON.stringify(g))`, body))
	if len(id) != 10 {
		t.Fatalf("importing: %s", id)
	}
	p.openGame(id)
	p.wait(`document.querySelector("#review-btn")`)
	p.click("#review-btn")
	p.waitFor(`document.querySelector("#review[data-state=done]")`, 30e9)
	// White's a3 (ply 2) throws a won game away: a blunder, marked on the list and the graph.
	p.wait(`document.querySelector("ol.moves .rv-mark.rv-blunder[data-ply='2']")`)
	if n := eval[int](p, `document.querySelectorAll(".review-moves .rv-move").length`); n != 1 {
		t.Errorf("%d marked moves listed, want the blunder", n)
	}
	if n := eval[int](p, `document.querySelectorAll(".review-graph .g-dot.rv-blunder").length`); n != 1 {
		t.Errorf("%d blunders marked on the graph, want 1", n)
	}
	acc := eval[[]string](p, `[...document.querySelectorAll(".review-sides .accuracy")].map(e => e.textContent)`)
	if len(acc) != 2 || acc[0] != "100" {
		t.Errorf("the accuracies: %q", acc)
	}
	if tp := eval[string](p, `document.querySelector("#turning-point").textContent`); !strings.Contains(tp, "2.") || !strings.Contains(tp, "a3") {
		t.Errorf("the turning point: %q", tp)
	}
	p.scrollTo = "#review"
	p.screenshot(dir, "review-phone", 390, 844)

	// The mark on the move list shows the better move (as the marked moves' list does).
	p.click("ol.moves .rv-mark[data-ply='2']")
	p.wait(`document.querySelector("#review-detail") && document.querySelector(".board-host").dataset.replay === "1"`)
	// The board shows the position before the blunder, with the better move (a1) and the move
	// played valued on it.
	best := eval[string](p, `document.querySelector("#review-best").textContent`)
	if !strings.Contains(best, "a1") {
		t.Errorf("the better move: %q", best)
	}
	if line := eval[string](p, `(document.querySelector("#review-line .pv") || {}).textContent || ""`); !strings.HasPrefix(line, "a1 ") {
		t.Errorf("the better line: %q", line)
	}
	p.wait(`document.querySelectorAll(".board-host text.hint").length === 2 && document.querySelectorAll(".board-host text.hint.best").length === 1`)
	if best := eval[string](p, `document.querySelector(".board-host text.hint.best").textContent`); best != "+10" {
		t.Errorf("the better move's value on the board: %q, want +10", best)
	}
	p.scrollTo = ".board-host"
	p.screenshot(dir, "review-better-move-phone", 390, 844)
	p.scrollTo = "#review-detail"
	p.screenshot(dir, "review-line-phone", 390, 844)

	p.click("#practise-btn")
	p.wait(`location.pathname !== "/play/` + id + `" && document.querySelector(".board-host[data-ready]")`)
	next := strings.TrimPrefix(eval[string](p, `location.pathname`), "/play/")
	v := p.view(next, "")
	if v.Ply != 0 || v.Over || len(v.ToAct) != 1 || v.ToAct[0] != "second" {
		t.Errorf("the practice game: %+v", v)
	}
	p.screenshot(dir, "review-practise-phone", 390, 844)
}

// TestReviewTurncoat on a phone: an imported 3x3 Turncoat record's review gives both sides'
// selections of each round: Red's thrown forced win is a blunder marked on the round in the
// move list and listed with Red's name; a click on it says the better selection, and "Practise
// from here" plays the round again against the AI.
func TestReviewTurncoat(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.open("/")
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	body, _ := json.Marshal(map[string]any{"kind": "turncoat", "text": "size 3\nmode white-and-black\ncap 100\nsetup BBB/BBB/BBW:WWW/WBW/WWW\n1. a1 b2\n"})
	id := eval[string](p, fmt.Sprintf(`fetch("/api/import", {method: "POST", headers: {"Content-Type": "application/json"}, body: %q})
		.then(r => r.json()).then(g => g.id || JSON.stringify(g))`, body))
	if len(id) != 10 {
		t.Fatalf("importing: %s", id)
	}
	p.openGame(id)
	p.wait(`document.querySelector("#review-btn")`)
	p.click("#review-btn")
	p.waitFor(`document.querySelector("#review[data-state=done]")`, 30e9)
	p.wait(`document.querySelector("ol.moves .rv-mark.rv-blunder[data-ply='1']")`)
	marked := eval[[]string](p, `[...document.querySelectorAll(".review-moves .rv-move")].map(b => b.textContent)`)
	if len(marked) != 1 || !strings.HasPrefix(marked[0], "1. Red a1??") {
		t.Errorf("the marked selections: %q", marked)
	}
	if words := eval[string](p, `document.querySelector("#review").innerText`); !strings.Contains(words, "against the other side's best mixed play") {
		t.Errorf("the review does not say what its values are: %q", words)
	}
	if tp := eval[string](p, `document.querySelector("#turning-point").textContent`); !strings.Contains(tp, "Red a1") {
		t.Errorf("the turning point: %q", tp)
	}
	p.click(".review-moves .rv-move")
	p.wait(`document.querySelector("#review-detail")`)
	if best := eval[string](p, `document.querySelector("#review-best").textContent`); !strings.Contains(best, "c3") {
		t.Errorf("the better selection: %q", best)
	}
	p.scrollTo = "#review"
	p.screenshot(dir, "review-turncoat-phone", 390, 844)
	// practise the round again against the AI, the player Red
	p.click("#practise-btn")
	p.wait(`location.pathname !== "/play/` + id + `" && document.querySelector(".board-host[data-ready]")`)
	next := strings.TrimPrefix(eval[string](p, `location.pathname`), "/play/")
	if v := p.view(next, ""); v.Ply != 0 || v.Over || len(v.ToAct) != 2 {
		t.Errorf("the practice game: %+v", v)
	}
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}
