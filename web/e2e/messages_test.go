package e2e_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"turncoat/game"
)

// TestMessagesInWords checks what the pages say when something is refused: one sentence in the
// page's language, never the code's words with the server's message as a tail; the password's
// length checked in the form before anything is sent; a refused Turncoat square says why; an
// unreadable typed move list says so; Blocs' end names the player who cannot move; a forced pass
// is information, and the page passes by itself when asked to.
func TestMessagesInWords(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.open("/")
	p.signUp("Pia")
	q := newPage(t)
	q.open("/account")
	q.wait(`document.querySelector("#signup-name")`)
	time.Sleep(200 * time.Millisecond)
	q.forgetErrors("401 (Unauthorized)") // a visitor without an account asks who they are
	q.type_("#signup-name", "Quentin")
	q.type_("#signup-pw", "short")
	q.click(`form.auth:last-of-type button[type=submit]`)
	q.wait(`document.querySelector("form.auth:last-of-type .error").textContent.length > 0`)
	if got := eval[string](q, `document.querySelector("form.auth:last-of-type .error").textContent`); got != "A password has 8 to 256 characters." {
		t.Errorf("a short password: %q", got)
	}
	q.do(evalVoid(`document.querySelector("#signup-name").value = ""; document.querySelector("#signup-pw").value = ""`))
	q.type_("#signup-name", "Pia")
	q.type_("#signup-pw", "correct horse battery")
	q.click(`form.auth:last-of-type button[type=submit]`)
	q.wait(`document.querySelector("form.auth:last-of-type .error").textContent.includes("taken")`)
	if got := eval[string](q, `document.querySelector("form.auth:last-of-type .error").textContent`); got != "That name is taken." {
		t.Errorf("a taken name: %q", got)
	}
	q.forgetErrors("409 (Conflict)")
	setLanguage(q, "es")
	q.type_("#signup-name", "Pia")
	q.type_("#signup-pw", "correct horse battery")
	q.click(`form.auth:last-of-type button[type=submit]`)
	q.wait(`document.querySelector("form.auth:last-of-type .error").textContent.length > 0`)
	if got := eval[string](q, `document.querySelector("form.auth:last-of-type .error").textContent`); got != "El nombre Pia ya existe." {
		t.Errorf("a taken name in Spanish: %q", got)
	}
	q.screenshot(dir, "account-name-taken-es-desktop", 1280, 900)
	time.Sleep(200 * time.Millisecond)
	q.forgetErrors("409 (Conflict)")
	q.forgetErrors("401 (Unauthorized)")

	// Turncoat in white-only mode: a square showing black is refused with the reason.
	id := p.newGame(`{kind: "turncoat", mode: "ai", level: 1, options: {mode: "white-only"}}`)
	p.openGame(id)
	p.wait(`document.querySelector(".tc-stage .cell.legal")`)
	black := eval[string](p, fmt.Sprintf(`fetch("/api/games/%s").then(r => r.json()).then(g => g.view.board.grids[0].cells.find(c => c.piece && c.piece.colour === "black").coord)`, id))
	p.clickCell(black)
	p.wait(`document.querySelector("#toasts").innerText.includes("only pieces showing white may be selected")`)

	// An unreadable move list on the analysis board.
	p.open("/analysis")
	p.wait(`document.querySelector("ol.values li")`)
	p.type_("#an-import", "f5 d6 zz9")
	p.click(`form.copy-row button[type=submit]`)
	p.wait(`document.querySelector(".analysis .status-line").innerText.includes("cannot be read")`)

	// Blocs: the end says which player cannot move.
	rec := randomRecord(t, "blocs", func(s game.State) bool {
		o := s.Outcome()
		return o.Over && strings.Contains(o.Reason, "cannot move")
	})
	id = p.importGame("blocs", "text", rec)
	p.openGame(id)
	p.wait(`!document.querySelector("#result").hidden`)
	res := eval[string](p, `document.querySelector("#result").innerText`)
	if !strings.Contains(res, "The board is all white: Player one cannot move.") && !strings.Contains(res, "The board is all white: Player two cannot move.") {
		t.Errorf("Blocs' end reads %q", res)
	}

	// A forced pass is information; asked to, the page passes by itself.
	moves := forcedPass(t)
	id = p.importGame("reversi", "moves", strings.Join(moves, ""))
	p.openGame(id)
	p.wait(`document.querySelector(".pass-notice")`)
	if role := eval[string](p, `document.querySelector(".pass-notice").getAttribute("role")`); role != "status" {
		t.Errorf("the pass is told with role %q", role)
	}
	p.screenshot(dir, "forced-pass-notice-en-desktop", 1280, 900)
	p.click("#autopass")
	p.wait(fmt.Sprintf(`fetch("/api/games/%s").then(r => r.json()).then(g => g.view.lastMove && g.view.lastMove.text === "pass")`, id))
	_ = chromedp.Navigate
}

// TestSmallThings: the new-game form says 6x6's by-post colours (and names the sides by them);
// the Black player's disc reads on a dark page (a ring of felt around it, as on the board).
func TestSmallThings(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.open("/new/reversi")
	p.wait(`document.querySelector(".colours-note")`)
	if !eval[bool](p, `document.querySelector(".colours-note").hidden`) {
		t.Error("8x8 is said to be drawn in red and blue")
	}
	p.do(chromedpSelect(`select[name=opt-size]`, "6"))
	p.wait(`!document.querySelector(".colours-note").hidden`)
	if got := eval[string](p, `document.querySelector(".colours-note").innerText + " | " + document.querySelector("#side").options[0].text`); !strings.Contains(got, "Red moves first, Blue second") || !strings.HasSuffix(got, "| Red") {
		t.Errorf("6x6 on the new-game form: %q", got)
	}
	p.screenshot(dir, "new-reversi-6x6-en-desktop", 1280, 900)
	id := p.newGame(`{kind: "reversi", mode: "ai", level: 1}`)
	p.setTheme(true)
	p.openGame(id)
	ring := eval[string](p, `getComputedStyle(document.querySelector(".player[data-side=first] .disc-chip")).boxShadow`)
	if ring == "none" || ring == "" {
		t.Errorf("the Black player's disc has no ring on a dark page: %q", ring)
	}
	p.screenshot(dir, "players-dark-phone", 390, 844)

	// Turnover counts each side's Castles, and says so beside the count.
	id = p.newGame(`{kind: "turnover", mode: "hotseat"}`)
	p.openGame(id)
	if got := eval[string](p, `document.querySelector(".player[data-side=first] .tally").innerText.replace(/\s+/g, " ").trim()`); got != "8 Castles" {
		t.Errorf("Turnover's count reads %q", got)
	}
}
