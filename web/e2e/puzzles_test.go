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
	p.screenshot(dir, "home-daily-puzzle-en-phone", 390, 844)
	p.phone()
	p.click("#daily-puzzle a")
	p.wait(`document.querySelector("#pz-title")?.innerText === "Daily puzzle"`)
	p.wait(board)
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
