package e2e_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLobbyDrawRematch posts an open challenge from the lobby, accepts it from another browser's
// home page, agrees a draw (offered by one, accepted by the other) and starts the rematch, which
// the other player is offered to join.
func TestLobbyDrawRematch(t *testing.T) {
	a := newPage(t)
	a.open("/lobby")
	a.do(chromedpSelect("#ch-kind", "troll"))
	a.click(`.post-row button`)
	a.wait(`location.pathname.startsWith("/play/") && document.querySelector(".board-host[data-ready]")`)
	id := strings.TrimPrefix(eval[string](a, `location.pathname`), "/play/")
	a.wait(`document.querySelector(".invite").innerText.length > 0`)

	b := newPage(t)
	b.open("/")
	b.wait(fmt.Sprintf(`document.querySelector('.challenges a[href="/play/%s?join=1"]')`, id))
	b.click(fmt.Sprintf(`.challenges a[href="/play/%s?join=1"]`, id))
	b.wait(`document.querySelector(".board-host[data-ready]") && location.search === ""`)
	// A draw is offered once both sides have moved (before, the game may only be aborted).
	for _, p := range []*page{a, b, a, b} {
		eval[int](p, fmt.Sprintf(`fetch("/api/games/%[1]s").then(r => r.json()).then(g => !g.view.legal.length ? 0 : fetch("/api/games/%[1]s/move", {method: "POST",
			headers: {"Content-Type": "application/json"}, body: JSON.stringify({move: g.view.legal[0]})}).then(r => r.status))`, id))
	}
	a.wait(`document.querySelector("#draw-btn")`)
	a.click(`#draw-btn`)
	b.wait(`document.querySelector("#accept-draw")`)
	b.click(`#accept-draw`)
	for _, p := range []*page{a, b} {
		p.wait(`!document.querySelector("#result").hidden && document.querySelector("#result").dataset.winner === "draw"`)
	}
	if got := eval[string](a, `document.querySelector("#result").innerText`); got != "Draw agreed." {
		t.Errorf("the result reads %q", got)
	}
	a.click(`#rematch-btn`)
	a.wait(fmt.Sprintf(`location.pathname !== "/play/%s" && document.querySelector(".board-host[data-ready]")`, id))
	b.wait(`document.querySelector("#rematch-link")`)
	b.click(`#rematch-link`)
	b.wait(`document.querySelector(".board-host[data-ready]")`)
	if ap, bp := eval[string](a, `location.pathname`), eval[string](b, `location.pathname`); ap != bp {
		t.Errorf("the rematch: %s and %s", ap, bp)
	}
}

// TestImportAndAnalysis imports an Othello game typed as a move list on the import page, replays
// it, then sets up a position on the analysis board and has it valued.
func TestImportAndAnalysis(t *testing.T) {
	p := newPage(t)
	p.open("/import")
	p.do(chromedp.SetValue(chromedp.CSS("#imp-text"), "f5d6c3d3c4f4f6f3e6e7"))
	p.click(`form.import button[type=submit]`)
	p.wait(`location.pathname.startsWith("/play/") && document.querySelector(".board-host[data-ready]")`)
	if n := eval[int](p, `document.querySelectorAll("ol.moves button[data-ply]").length`); n != 11 {
		t.Fatalf("the imported game lists %d positions, want the start and 10 moves", n)
	}
	// Once the socket is in, nothing redraws the list under the click.
	p.wait(`document.querySelector(".conn")?.dataset.state === "online"`)
	p.click(`ol.moves button[data-ply="4"]`)
	p.wait(`document.querySelector(".board-host").dataset.replay === "4"`)

	p.open("/analysis?size=6")
	p.wait(`document.querySelector("ol.values li")`)
	p.click(`#an-edit`)
	p.wait(`!document.querySelector(".edit-bar").hidden`)
	p.click(`.edit-bar button`) // empty the board
	// Black c3, c4; White d4: a position where Black has moves.
	for _, sq := range []string{"c3", "c4", "d4", "d4"} {
		p.clickCell(sq)
	}
	p.click(`#an-edit`)
	p.wait(`document.querySelector("ol.values li") && location.search.includes("pos=")`)
	if n := eval[int](p, `document.querySelectorAll(".board-host .disc").length`); n != 3 {
		t.Errorf("the set-up position shows %d discs, want 3", n)
	}
	if got := eval[string](p, `document.querySelector("ol.values").innerText`); !strings.Contains(got, "e5") {
		t.Errorf("the values list %q lacks e5", got)
	}
}
