package e2e_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"turncoat/game"
	"turncoat/games"
)

// phone makes the page a phone's screen (390x844, touch, two device pixels a pixel).
func (p *page) phone() {
	p.t.Helper()
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
}

// tapCell clicks a board square where it is on the screen, without scrolling the page first
// (the test checks what the page itself scrolls).
func (p *page) tapCell(coord string) {
	p.t.Helper()
	pt := eval[[]float64](p, fmt.Sprintf(`(() => {
		const r = document.querySelector('.board-host svg.board .cell[data-coord=%q] rect').getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, coord))
	if pt[1] < 0 || pt[1] > 844 {
		p.t.Fatalf("square %s is off the screen (at y=%.0f)", coord, pt[1])
	}
	p.do(chromedp.MouseClickXY(pt[0], pt[1]))
}

// TestPhoneBoardStaysInView plays moves in a long game on a phone's screen: the move list
// scrolls itself to the last move, and the page does not move (the board's top rows stay in
// view); a long finished game opens at the top of the page.
func TestPhoneBoardStaysInView(t *testing.T) {
	p := newPage(t)
	p.open("/")
	long := othelloMoves(t, func(s game.State) bool { return discCount(s) >= 40 }) // 36 plies
	id := p.importGame("reversi", "moves", long)
	p.phone()
	p.openGame(id)
	p.do(evalVoid(`window.scrollTo(0, 0)`))
	for i := 0; i < 4; i++ {
		v := p.view(id, "")
		if v.Over {
			break
		}
		move := v.Legal[0]
		if move == "pass" {
			p.click(`#pass-btn`)
			p.do(evalVoid(`window.scrollTo(0, 0)`))
		} else {
			p.tapCell(move)
		}
		p.settled(v.Version + 1)
		if y := eval[float64](p, `window.scrollY`); y != 0 {
			t.Fatalf("after move %d the page scrolled by %.0f px: the board's top rows are hidden", i+1, y)
		}
		inList := eval[bool](p, `(() => {
			const l = document.querySelector("ol.moves"), b = l.querySelector("[aria-current]");
			const lr = l.getBoundingClientRect(), br = b.getBoundingClientRect();
			return br.top >= lr.top - 1 && br.bottom <= lr.bottom + 1;
		})()`)
		if !inList {
			t.Fatalf("after move %d the move list does not show the current move", i+1)
		}
	}
	p.screenshot(shots(t), "phone-long-game-en-phone", 390, 844)

	// A long finished game opens at the top.
	over := p.importGame("reversi", "moves", othelloMoves(t, func(s game.State) bool { return s.Outcome().Over }))
	p.phone()
	p.openGame(over)
	time.Sleep(300 * time.Millisecond)
	if y := eval[float64](p, `window.scrollY`); y != 0 {
		t.Fatalf("a finished game of 60 moves opens scrolled down by %.0f px", y)
	}
}

// othelloMoves plays a random 8x8 Othello game until done says to stop and returns its moves
// as a move list ("f5d6c3...").
func othelloMoves(t *testing.T, done func(game.State) bool) string {
	t.Helper()
	g, _ := games.Registry().Lookup("reversi")
	st, _ := g.New(game.DefaultOptions(g.OptionSpecs()))
	var b strings.Builder
	for i := 0; st.ToAct() != game.Nobody && !done(st); i++ {
		p := st.ToAct().Single()
		var buf [64]game.Action
		legal := st.Legal(p, buf[:0])
		a := legal[(i*7)%len(legal)]
		if m := st.FormatAction(p, a); m != "pass" {
			b.WriteString(m)
		}
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// discCount counts the discs on a Reversi board.
func discCount(s game.State) int {
	n := 0
	for _, c := range s.(game.BoardViewer).BoardView().Grids[0].Cells {
		if c.Piece != nil {
			n++
		}
	}
	return n
}

// clockMs reads a player's clock on the page in milliseconds ("4:58", "12.3", "1:02:03").
func clockMs(t *testing.T, p *page, side string) float64 {
	t.Helper()
	text := eval[string](p, fmt.Sprintf(`document.querySelector(".player[data-side=%s] .clock").innerText`, side))
	var total float64
	for _, part := range strings.Split(text, ":") {
		var x float64
		if _, err := fmt.Sscanf(part, "%g", &x); err != nil {
			t.Fatalf("the clock reads %q", text)
		}
		total = total*60 + x
	}
	return total * 1000
}

// TestClocksWaitForBothSeats creates a timed online game and waits for an opponent: no clock
// runs, both show the whole time, even after the server's clock has moved on ten minutes; when
// the opponent joins, the creator's page takes the clocks from the server at once (still, until
// both sides' first moves).
func TestClocksWaitForBothSeats(t *testing.T) {
	a := newPage(t)
	a.open("/")
	created := eval[map[string]string](a, `fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({kind: "reversi", mode: "online", side: "first", time: {kind: "fischer", baseMs: 60000, incrementMs: 0}})}).then(r => r.json()).then(g => ({id: g.id, invite: g.invite}))`)
	id := created["id"]
	suite.skew.Add(int64(10 * time.Minute))
	defer suite.skew.Add(-int64(10 * time.Minute))
	a.openGame(id)
	a.wait(`document.querySelectorAll(".clock").length === 2`)
	time.Sleep(1500 * time.Millisecond)
	if n := eval[int](a, `document.querySelectorAll(".clock.running").length`); n != 0 {
		t.Errorf("%d clocks run while the game waits for an opponent", n)
	}
	for _, side := range []string{"first", "second"} {
		if ms := clockMs(t, a, side); ms != 60000 {
			t.Errorf("while waiting, %s's clock reads %.0f ms, want the whole minute", side, ms)
		}
	}
	time.Sleep(2 * time.Second)
	b := newPage(t)
	b.do(chromedp.Navigate(suite.url + created["invite"]))
	b.wait(`document.querySelector(".board-host[data-ready]") && location.search === ""`)
	// No clock runs before both sides' first moves: Black's row says how long it has for its own.
	a.wait(`document.querySelector(".player[data-side=first] .first-move")`)
	// The creator's page shows what the server says, within a second.
	server := eval[float64](a, fmt.Sprintf(`fetch("/api/games/%s").then(r => r.json()).then(g => g.view.clock.remainingMs[0])`, id))
	shown := clockMs(t, a, "first")
	if math.Abs(server-shown) > 1000 {
		t.Errorf("after the join the creator's clock reads %.0f ms, the server's %.0f ms", shown, server)
	}
	// After a reconnection too.
	a.do(evalVoid(dropConnection))
	a.wait(`document.querySelector(".conn").dataset.state === "online"`)
	server = eval[float64](a, fmt.Sprintf(`fetch("/api/games/%s").then(r => r.json()).then(g => g.view.clock.remainingMs[0])`, id))
	if shown := clockMs(t, a, "first"); math.Abs(server-shown) > 1000 {
		t.Errorf("after a reconnection the creator's clock reads %.0f ms, the server's %.0f ms", shown, server)
	}
}

// startOnline creates an online game from a's session with body's fields added, has b join it
// by its invitation, and returns its id once both pages show the board.
func startOnline(t *testing.T, a, b *page, fields string) string {
	t.Helper()
	created := eval[map[string]string](a, `fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify(Object.assign({kind: "reversi", mode: "online", side: "first"}, `+fields+`))}).then(r => r.json()).then(g => ({id: g.id || JSON.stringify(g), invite: g.invite}))`)
	id := created["id"]
	if len(id) != 10 {
		t.Fatalf("creating a game: %s", id)
	}
	a.openGame(id)
	b.do(chromedp.Navigate(suite.url + created["invite"]))
	b.wait(`document.querySelector(".board-host[data-ready]") && location.search === ""`)
	a.wait(`document.querySelector(".board-host .cell.legal")`)
	return id
}

// TestNoEngineHelpBetweenPeople checks that a game between two people gives neither player the
// engine's help while it runs (no hint, no evaluation, the server refuses both), unless it was
// created with hints for both, which the page says; once the game is over, the evaluation and
// the analysis board open. A rated game says so, with both ratings, and the change at its end.
func TestNoEngineHelpBetweenPeople(t *testing.T) {
	a, b := newPage(t), newPage(t)
	a.open("/")
	b.open("/")
	id := startOnline(t, a, b, `{}`)
	for _, p := range []*page{a, b} {
		p.wait(`document.querySelector("#status-line").innerText.length > 0`)
		if eval[bool](p, `!!document.querySelector("#hint-btn")`) {
			t.Error("a casual game between people offers a hint")
		}
		if eval[bool](p, `!!document.querySelector("#eval-btn")`) {
			t.Error("a game between people in play offers the engine's evaluation")
		}
	}
	if st := eval[int](a, `fetch("/api/games/`+id+`/hint?as=first").then(r => r.status)`); st != 403 {
		t.Errorf("the server answers a hint in a casual game between people with %d", st)
	}
	if st := eval[int](a, `fetch("/api/games/`+id+`/analysis", {method: "POST", headers: {"Content-Type": "application/json"}, body: '{"ply": 0, "level": 3}'}).then(r => r.status)`); st != 403 {
		t.Errorf("the server answers the evaluation of a game in play with %d", st)
	}
	time.Sleep(200 * time.Millisecond) // the log entries of the refusals arrive
	a.forgetErrors("403 (Forbidden)")
	b.forgetErrors("403 (Forbidden)")
	// Over: the evaluation and the analysis board are open.
	eval[int](b, `fetch("/api/games/`+id+`/resign", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(r => r.status)`)
	a.wait(`!document.querySelector("#result").hidden && document.querySelector("#eval-btn") && document.querySelector("#analysis-link")`)

	// Hints for both: the page says so and offers them.
	id = startOnline(t, a, b, `{hints: true}`)
	a.wait(`document.querySelector(".badge-assist")`)
	a.wait(`document.querySelector("#hint-btn")`)
	if st := eval[int](a, `fetch("/api/games/`+id+`/hint?as=first&level=1").then(r => r.status)`); st != 200 {
		t.Errorf("the server answers a hint in a game with hints for both with %d", st)
	}
	a.screenshot(shots(t), "online-hints-allowed-desktop", 1280, 900)

	// Rated: the badge, both ratings, and at the end the change.
	c, d := newPage(t), newPage(t)
	c.open("/")
	c.signUp("Rhea")
	d.open("/")
	d.signUp("Saul")
	id = startOnline(t, c, d, `{rated: true}`)
	c.wait(`document.querySelector(".badge-rated") && document.querySelectorAll(".player .rating").length === 2`)
	eval[int](d, `fetch("/api/games/`+id+`/resign", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(r => r.status)`)
	c.waitFor(`document.querySelectorAll(".player .rating-change").length === 2`, 30*time.Second)
	gain := eval[string](c, `document.querySelector(".player[data-side=first] .rating-change").innerText`)
	if !strings.HasPrefix(gain, "+") {
		t.Errorf("the winner's rating change reads %q", gain)
	}
	c.screenshot(shots(t), "online-rated-over-desktop", 1280, 900)
	c.screenshot(shots(t), "online-rated-over-phone", 390, 844)
}

// TestButtonsSurviveUpdates: the game page keeps its buttons when an update redraws it (here
// the opponent's draw offer), so a press and a release on either side of the update still make
// a click. It used to build them again on every update, and such a click was lost.
func TestButtonsSurviveUpdates(t *testing.T) {
	black, white, id := onlineReversi(t)
	black.clickCell("f5")
	white.wait(`+document.querySelector(".board-host").dataset.version >= 1 && document.querySelector(".board-host .cell.legal")`)
	white.clickCell(white.view(id, "").Legal[0])
	black.wait(`+document.querySelector(".board-host").dataset.version >= 2 && document.querySelector("#takeback-btn")`)
	white.wait(`document.querySelector("#draw-btn")`)
	black.do(chromedp.Evaluate[chromedp.Void](`window.keptButtons = [...document.querySelectorAll("#takeback-btn, #resign-btn, button[data-ply]")]`))

	// Black presses Take back; White's draw offer redraws Black's page; Black lets go.
	x, y := black.center("#takeback-btn")
	black.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	white.click("#draw-btn")
	black.wait(`document.querySelector("#accept-draw")`)
	if lost := eval[[]string](black, `keptButtons.filter(b => !b.isConnected).map(b => b.id || "move " + b.dataset.ply)`); len(lost) > 0 {
		t.Fatalf("the update replaced the buttons %v", lost)
	}
	x, y = black.center("#takeback-btn")
	black.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	white.wait(`document.querySelector("#accept-takeback")`)
}
