package e2e_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
)

// leavingMove returns a legal move after moves that is none of the shipped book's moves (the
// book's best move outside it, at worst).
func leavingMove(t *testing.T, moves string) string {
	t.Helper()
	shipped, err := book.SharedShipped()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := reversi.ParseMoveList(moves, reversi.Start(8))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := rec.Replay()
	e, _ := shipped.Lookup(b)
	in := map[int]bool{}
	for _, m := range e.Moves {
		in[m.Square] = !m.Leaf
	}
	best := ""
	for sq := range 64 {
		if b.Moves()&(1<<sq) == 0 || in[sq] {
			continue
		}
		if _, isLeaf := in[sq]; !isLeaf {
			return reversi.SquareName(sq) // valued by a search: the book has not even its leaf
		}
		best = reversi.SquareName(sq)
	}
	if best == "" {
		t.Fatalf("every move after %s is a book move", moves)
	}
	return best
}

// TestOpeningTrainer: on a phone, the trainer lists the named openings and finds one by its
// name; the Tiger drilled as Black: the player's first move is the line's, the book replies
// on the board, the line goes on, and a move out of the book ends the drill with what it cost
// in discs against the book's move. Screenshots of the list, a drill and its end.
func TestOpeningTrainer(t *testing.T) {
	p := newPage(t)
	dir := shots(t)
	p.phone()
	p.open("/trainer")
	p.wait(`document.querySelectorAll("#tr-openings li[data-line]").length > 60`)
	if got := eval[string](p, `document.querySelector("#tr-guest").innerText`); !strings.Contains(got, "Sign in") {
		t.Errorf("a guest is told %q", got)
	}
	// the search finds the Tiger by its name
	p.click("#tr-search")
	p.key("tiger")
	p.wait(`[...document.querySelectorAll("#tr-openings li[data-line]")].every(li => li.innerText.toLowerCase().includes("tiger"))`)
	names := eval[[]string](p, `[...document.querySelectorAll("#tr-openings li[data-line] button")].map(b => b.innerText)`)
	if len(names) < 3 || len(names) > 6 {
		t.Errorf("searching tiger lists %v", names)
	}
	p.screenshot(dir, "trainer-pick-phone", 390, 844)
	p.phone()

	// the Tiger as Black: f5 is the line's move, the book answers d6
	p.click(`#tr-openings li[data-line="f5d6c3d3c4"] button`)
	p.wait(`document.querySelector("#tr-drill[data-state=ready]") && document.querySelectorAll(".board-host .disc").length === 4`)
	if got := eval[string](p, `document.querySelector("#tr-title").innerText`); got != "Tiger" {
		t.Errorf("the drill's title: %q", got)
	}
	p.tapCell("f5")
	p.wait(`document.querySelector("#tr-drill[data-state=ready][data-moves=f5d6]") && document.querySelectorAll(".board-host .disc").length === 6`)
	if got := eval[string](p, `document.querySelector("#tr-verdict.right").innerText`); !strings.Contains(got, "f5: the line's move") {
		t.Errorf("after f5 the page says %q", got)
	}
	if got := eval[string](p, `document.querySelector("#tr-progress").innerText`); got != "Move 2 of 30" {
		t.Errorf("the progress after f5 d6: %q", got)
	}
	p.tapCell("c3")
	p.wait(`document.querySelector("#tr-drill[data-state=ready][data-moves=f5d6c3d3]")`)
	// the line's last move: past it the book picks its reply
	p.tapCell("c4")
	p.wait(`document.querySelector("#tr-drill[data-state=ready]")?.dataset.moves.length === 12`)
	p.screenshot(dir, "trainer-drill-phone", 390, 844)
	p.phone()

	// a move out of the book: its cost in discs against the book's move, and the drill ends
	moves := eval[string](p, `document.querySelector("#tr-drill").dataset.moves`)
	out := leavingMove(t, moves)
	p.tapCell(out)
	p.wait(`document.querySelector("#tr-drill[data-state=done]")`)
	got := eval[string](p, `document.querySelector("#tr-verdict.out").innerText`)
	cost, _ := strconv.Atoi(eval[string](p, `document.querySelector("#tr-verdict").dataset.cost`))
	want := regexp.MustCompile(out + ` leaves the book: −(\d+) discs? against ([a-h][1-8]), the book's move`)
	m := want.FindStringSubmatch(got)
	if m == nil || m[1] != strconv.Itoa(cost) {
		t.Errorf("out of the book the page says %q (cost %d)", got, cost)
	}
	if got := eval[string](p, `document.querySelector("#tr-summary").innerText`); !strings.Contains(got, "you left the book") {
		t.Errorf("the end: %q", got)
	}
	// above the board too, where a phone shows it
	if got := eval[string](p, `document.querySelector("#tr-status").innerText`); !want.MatchString(got) {
		t.Errorf("above the board: %q", got)
	}
	// a guest's schedule is this browser's
	if got := eval[string](p, `document.querySelector("#tr-summary").innerText`); !strings.Contains(got, "box 1 of this browser's schedule") {
		t.Errorf("a guest's end: %q", got)
	}
	if got := eval[string](p, `JSON.parse(localStorage.getItem("turncoat.trainer")).map(l => l.line + " " + l.color + " " + l.box).join()`); got != "f5d6c3d3c4 black 1" {
		t.Errorf("this browser's schedule: %q", got)
	}
	if !eval[bool](p, `!document.querySelector("#tr-next").hidden && !document.querySelector("#tr-again").hidden`) {
		t.Error("no next line offered at the end")
	}
	p.screenshot(dir, "trainer-left-phone", 390, 844)
	p.screenshot(dir, "trainer-left-desktop", 1280, 900)
	p.scrollTo = "#tr-verdict"
	p.screenshot(dir, "trainer-left-panel-phone", 390, 844)
	// the drill's address starts it again, here in Portuguese
	setLanguage(p, "pt")
	p.wait(`document.querySelector("#tr-drill[data-state=ready]") && document.querySelector("#tr-line").innerText.startsWith("A linha, você com as Pretas")`)
	p.screenshot(dir, "trainer-pt-phone", 390, 844)
	setLanguage(p, "en")
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}

// TestOpeningTrainerSchedule: a registered account's missed drill goes to box 1 of its
// schedule, said at the drill's end; the line comes due ten minutes later.
func TestOpeningTrainerSchedule(t *testing.T) {
	p := newPage(t)
	p.phone()
	p.open("/")
	p.signUp("drillann")
	p.open("/trainer?line=f5d6c3d3c4&color=black")
	p.wait(`document.querySelector("#tr-drill[data-state=ready]") && !document.querySelector("#tr-guest")`)
	for i, m := range []string{"f5", "c3", "c4"} {
		p.tapCell(m)
		p.wait(fmt.Sprintf(`document.querySelector("#tr-drill[data-state=ready]")?.dataset.moves.length === %d`, 4*(i+1)))
	}
	p.tapCell(leavingMove(t, eval[string](p, `document.querySelector("#tr-drill").dataset.moves`)))
	p.wait(`document.querySelector("#tr-drill[data-state=done]")`)
	if got := eval[string](p, `document.querySelector("#tr-summary").innerText`); !strings.Contains(got, "Missed.") || !strings.Contains(got, "box 1") {
		t.Errorf("the end of a missed drill: %q", got)
	}
	p.scrollTo = "#tr-summary"
	p.screenshot(shots(t), "trainer-scheduled-phone", 390, 844)
	due := eval[[]string](p, `fetch("/api/trainer/due").then(r => r.json()).then(d => d.lines.map(l => l.line + " " + l.color + " " + l.box))`)
	if len(due) != 1 || due[0] != "f5d6c3d3c4 black 1" {
		t.Errorf("the schedule: %v", due)
	}
}

// TestOpeningTrainerAdopt: the schedule a browser kept for a guest comes into the account the
// guest signs up as on the trainer's next visit, and the browser forgets it.
func TestOpeningTrainerAdopt(t *testing.T) {
	p := newPage(t)
	p.phone()
	p.open("/")
	eval[bool](p, `localStorage.setItem("turncoat.trainer", JSON.stringify([{name: "Tiger", line: "f5d6c3d3c4", color: "black", box: 2,
		dueAt: new Date(Date.now() + 864e5).toISOString(), due: false, right: 1, missed: 0}])), true`)
	p.signUp("adoptann")
	p.open("/trainer")
	p.wait(`document.querySelectorAll("#tr-openings li[data-line]").length > 60 && !localStorage.getItem("turncoat.trainer")`)
	due := eval[[]string](p, `fetch("/api/trainer/due").then(r => r.json()).then(d => d.lines.map(l => l.line + " " + l.color + " " + l.box + " " + l.right))`)
	if len(due) != 1 || due[0] != "f5d6c3d3c4 black 2 1" {
		t.Errorf("the account's schedule: %v", due)
	}
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}
