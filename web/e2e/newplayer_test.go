package e2e_test

import (
	"fmt"
	"testing"
)

// What a new player hits, tried as a new user would, on a phone first.

// TestFirstMovesAndAbortPhone plays the start of a timed game between two people on phones: no
// clock runs until both sides have made their first move (each side's row says how long it has
// for it), and until then both players see Abort instead of Resign and a draw offer; the side
// yet to make its first move aborts, and the game ends with nobody winning. In a second game
// both sides move: the clocks run, and Resign is back.
func TestFirstMovesAndAbortPhone(t *testing.T) {
	black, white := newPage(t), newPage(t)
	black.open("/")
	white.open("/")
	black.phone()
	white.phone()
	timed := `{time: {kind: "fischer", baseMs: 180000, incrementMs: 2000}}`
	id := startOnline(t, black, white, timed)
	for _, p := range []*page{black, white} {
		p.wait(`document.querySelector("#abort-btn") && !document.querySelector("#resign-btn") && !document.querySelector("#draw-btn")`)
		p.wait(`/first move/.test(document.querySelector(".player[data-side=first] .first-move").textContent)`)
		if n := eval[int](p, `document.querySelectorAll(".clock.running").length`); n != 0 {
			t.Errorf("%d clocks run before the first move", n)
		}
	}
	black.scrollTo = "#abort-btn"
	black.screenshot(shots(t), "first-move-abort-phone", 390, 844)
	black.tapCell("f5")
	white.wait(`+document.querySelector(".board-host").dataset.version >= 1 && document.querySelector(".player[data-side=second] .first-move")`)
	for _, p := range []*page{black, white} {
		p.wait(`document.querySelector("#abort-btn") && document.querySelectorAll(".clock.running").length === 0`)
	}
	white.scrollTo = "#abort-btn"
	white.screenshot(shots(t), "first-move-abort-white-phone", 390, 844)
	white.click("#abort-btn")
	for _, p := range []*page{black, white} {
		p.wait(`/aborted/.test(document.querySelector(".status-text").textContent) && !document.querySelector("#abort-btn")`)
	}
	if o := eval[map[string]any](black, fmt.Sprintf(`fetch("/api/games/%s").then(r => r.json()).then(g => g.view.outcome)`, id)); o["ending"] != "abort" || o["winner"] != nil {
		t.Fatalf("outcome %v", o)
	}
	black.screenshot(shots(t), "first-move-aborted-phone", 390, 844)

	id = startOnline(t, black, white, timed)
	black.tapCell("f5")
	white.wait(`document.querySelector(".board-host .cell.legal")`)
	white.tapCell("d6")
	for _, p := range []*page{black, white} {
		p.wait(`document.querySelector(".player[data-side=first] .clock.running") && !document.querySelector(".first-move")`)
		p.wait(`document.querySelector("#resign-btn") && !document.querySelector("#abort-btn")`)
	}
	if ms := clockMs(t, white, "second"); ms != 180000 {
		t.Errorf("White's clock after its first move reads %.0f ms, want the whole 3 minutes (the first move is free)", ms)
	}
	black.screenshot(shots(t), "first-moves-clocks-run-phone", 390, 844)
	_ = id
}
