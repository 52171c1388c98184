package e2e_test

import (
	"fmt"
	"strings"
	"testing"

	"turncoat/engine/puzzle"
	"turncoat/platform/puzzles"
)

// TestPuzzles, on a phone's screen: a guest solves a puzzle of several moves by tapping them
// (the opponent answers between), fails another with the discs it gives away, gets the next
// one, and keeps a rating in the browser; the home page shows the daily puzzle. Screenshots of
// each.
func TestPuzzles(t *testing.T) {
	p := newPage(t)
	dir := shots(t)
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	var long, short *puzzle.Puzzle
	for i := range set {
		if set[i].Kind != puzzle.Othello {
			continue // TestPuzzleKinds plays the other kinds
		}
		if long == nil && len(set[i].Steps) >= 2 {
			long = &set[i]
		}
		if short == nil && len(set[i].Steps) == 1 && len(set[i].Steps[0].Moves) >= 3 {
			short = &set[i]
		}
	}
	if long == nil || short == nil {
		t.Fatal("the shipped set lacks a puzzle of several moves or of one")
	}
	p.phone()
	board := `document.querySelector(".board-host svg.board .cell")`

	// Solve: every answer, the replies between.
	p.open("/puzzles/" + long.ID)
	p.wait(board)
	p.wait(`document.querySelector("#pz-title").innerText === "Puzzle ` + long.ID + `"`)
	p.screenshot(dir, "puzzle-start-en-phone", 390, 844)
	p.phone()
	discs := 64 - long.Empties
	for i := range long.Steps {
		p.clickCell(long.Answer(i))
		discs++
		if i < len(long.Steps)-1 {
			p.wait(fmt.Sprintf(`document.querySelector("#pz-status").dataset.played === "%d"`, i+1))
			p.wait(`document.querySelector("#pz-status").innerText.startsWith("Right!")`)
			// the replies are on the board before the next tap
			for _, r := range long.Steps[i].Reply {
				if r != "pass" {
					discs++
				}
			}
			p.wait(fmt.Sprintf(`document.querySelectorAll(".board-host .lay-pieces .disc").length === %d`, discs))
		}
	}
	p.wait(`document.querySelector("#pz-verdict")?.innerText.startsWith("Solved!")`)
	if got := eval[string](p, `document.querySelector("#pz-result").className`); !strings.Contains(got, "solved") {
		t.Errorf("the solved verdict's box is %q", got)
	}
	if r := eval[string](p, `localStorage.getItem("turncoat.puzzleRating") || ""`); !strings.Contains(r, `"rating"`) {
		t.Errorf("a guest's rating is not kept in the browser: %q", r)
	}
	p.wait(`document.querySelector("#pz-rating").innerText.includes("(+")`)
	p.scrollTo = "#pz-result"
	p.screenshot(dir, "puzzle-solved-en-phone", 390, 844)
	p.phone()

	// Fail: a move that is not the answer.
	p.open("/puzzles/" + short.ID)
	p.wait(board)
	wrong := short.Steps[0].Moves[len(short.Steps[0].Moves)-1]
	loss := short.Steps[0].Moves[0].Value - wrong.Value
	p.clickCell(wrong.Move)
	p.wait(`document.querySelector("#pz-verdict")?.innerText.startsWith("Wrong")`)
	verdict := eval[string](p, `document.querySelector("#pz-verdict").innerText`)
	if want := fmt.Sprintf("gives away %d discs. The answer was %s.", loss, short.Answer(0)); !strings.Contains(verdict, want) {
		t.Errorf("the wrong move's verdict %q, want %q", verdict, want)
	}
	p.scrollTo = "#pz-result"
	p.screenshot(dir, "puzzle-failed-en-phone", 390, 844)
	p.phone()

	// The next puzzle, at the guest's rating.
	p.click("#pz-next")
	p.wait(`!location.pathname.endsWith("/` + short.ID + `") && document.querySelector("#pz-result").hidden`)
	p.wait(board)

	// The daily puzzle on the home page, and its page.
	p.open("/")
	p.wait(`document.querySelector("#daily-puzzle") && !document.querySelector("#daily-puzzle").hidden`)
	// It comes after the page, in a request of its own: below the games' buttons, which it
	// would otherwise slide away from under a tap.
	if below := eval[[]int](p, `(() => {
		const top = document.querySelector("#daily-puzzle").getBoundingClientRect().top;
		const buttons = [...document.querySelectorAll("button[data-quick]")];
		return [buttons.length, buttons.filter(b => b.getBoundingClientRect().bottom > top).length];
	})()`); below[0] == 0 || below[1] != 0 {
		t.Errorf("of the home page's %d quick-play buttons, %d are below the daily puzzle's top", below[0], below[1])
	}
	p.scrollTo = "#daily-puzzle"
	p.screenshot(dir, "home-daily-puzzle-en-phone", 390, 844)
	p.phone()
	p.click("#daily-puzzle a")
	p.wait(`document.querySelector("#pz-title")?.innerText === "Daily puzzle"`)
	p.wait(board)
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestPuzzleKinds, on a phone's screen: a guest solves a Blocs puzzle by taps (the face, then
// the square), a Turncoat one by selecting a square (revealed with Yellow's selection of the
// same round), a Turnover one by the piece and its target, and picks the kind of the next
// puzzle. Screenshots of each.
func TestPuzzleKinds(t *testing.T) {
	p := newPage(t)
	dir := shots(t)
	p.phone()
	board := `document.querySelector(".board-host svg.board .cell")`

	// Blocs b2: White up on c3 is the only winning placement (by the Grundy values).
	p.open("/puzzles/b2")
	p.wait(board)
	p.wait(`document.querySelector("#pz-game").innerText === "Blocs" && document.querySelector("#pz-task").innerText.includes("only winning move")`)
	p.screenshot(dir, "puzzle-blocs-start-en-phone", 390, 844)
	p.phone()
	p.click(`.board-host .face-btn[data-face="W"]`)
	p.clickCell("c3")
	p.wait(`document.querySelector("#pz-verdict")?.innerText.startsWith("Solved!")`)
	if got := eval[string](p, `document.querySelector("#pz-result").innerText`); !strings.Contains(got, "With best play Player two wins.") {
		t.Errorf("the Blocs verdict: %q", got)
	}
	p.scrollTo = "#pz-result"
	p.screenshot(dir, "puzzle-blocs-solved-en-phone", 390, 844)
	p.phone()

	// Turncoat c1: Red selects b1, its last white piece; Yellow's selection is shown with it.
	p.open("/puzzles/c1")
	p.wait(board)
	p.wait(`document.querySelector("#pz-task").innerText.startsWith("Red to select")`)
	p.screenshot(dir, "puzzle-turncoat-start-en-phone", 390, 844)
	p.phone()
	p.clickCell("b1")
	p.wait(`document.querySelector("#pz-verdict")?.innerText.startsWith("Solved!")`)
	if got := eval[string](p, `document.querySelector("#pz-revealed")?.innerText || ""`); got != "Yellow selected b1." {
		t.Errorf("the revealed selection: %q", got)
	}
	p.scrollTo = "#pz-result"
	p.screenshot(dir, "puzzle-turncoat-solved-en-phone", 390, 844)
	p.phone()

	// Turnover v2: the Queen from h1 takes Black's last Castle on h8, a win in 1 (from-to taps
	// as on the game page).
	p.open("/puzzles/v2")
	p.wait(board)
	p.wait(`document.querySelector("#pz-task").innerText.startsWith("White to play and win in 1")`)
	p.clickCell("h1")
	p.clickCell("h8")
	p.wait(`document.querySelector("#pz-verdict")?.innerText.startsWith("Solved!")`)
	if got := eval[string](p, `document.querySelector("#pz-result").innerText`); !strings.Contains(got, "With best play White wins in 1.") {
		t.Errorf("the Turnover verdict: %q", got)
	}
	p.scrollTo = "#pz-result"
	p.screenshot(dir, "puzzle-turnover-solved-en-phone", 390, 844)
	p.phone()

	// The kind picker: the next puzzle is a Troll one.
	p.wait(`[...document.querySelectorAll("#pz-kind option")].some(o => o.value === "troll")`)
	eval[bool](p, `(() => { const s = document.querySelector("#pz-kind"); s.value = "troll"; s.dispatchEvent(new Event("change")); return true; })()`)
	p.wait(`document.querySelector("#pz-game").innerText === "Troll" && document.querySelector("#pz-result").hidden`)
	p.wait(board)
	p.screenshot(dir, "puzzle-troll-start-en-phone", 390, 844)
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
