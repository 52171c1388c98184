package e2e_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestLosingMoveAsksFirst, on a phone's screen: in Turnover, moving one's last Castle is how the
// rules let a player resign, and it loses the game at once. An ordinary move is sent as it is
// tapped; the last Castle's move asks first ("you will lose the game"), Cancel sends nothing and
// leaves the board as it was, and Play sends it and ends the game.
func TestLosingMoveAsksFirst(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.open("/")
	// White: its last Castle on a1 and a Pawn on h2; Black: a Castle on e8 and a Pawn on a7.
	id := p.importGame("turnover", "text", "[FEN \"4c3/p7/8/8/8/8/7P/C7 w\"]\n\n*\n")
	p.phone()
	p.openGame(id)
	// Count the moves the page sends.
	p.do(evalVoid(`(() => {
		window.movesSent = 0;
		const f = window.fetch;
		window.fetch = function(url, opts) {
			if (String(url).endsWith("/move")) window.movesSent++;
			return f.apply(this, arguments);
		};
	})()`))
	sent := func() int { return eval[int](p, `window.movesSent`) }
	losing := func() []string {
		return eval[[]string](p, fmt.Sprintf(`fetch("/api/games/%s").then(r => r.json()).then(g => g.view.losing || [])`, id))
	}
	// pick taps a stack, then one of its destinations.
	pick := func(from, to string) {
		t.Helper()
		p.wait(fmt.Sprintf(`document.querySelector('.board-host .cell[data-coord=%q].legal')`, from))
		p.tapCell(from)
		p.wait(fmt.Sprintf(`document.querySelector('.board-host .cell[data-coord=%q].dest')`, to))
		p.tapCell(to)
	}

	if l := losing(); len(l) != 2 {
		t.Fatalf("White's losing moves %q, want the last Castle's two", l)
	}
	// Ordinary moves go at once, White's and then Black's.
	v := p.view(id, "")
	pick("h2", "h3")
	p.settled(v.Version + 1)
	pick("a7", "a6")
	p.settled(v.Version + 2)
	if n := sent(); n != 2 || eval[bool](p, `!!document.querySelector("#losing")`) {
		t.Fatalf("two ordinary moves: %d sent, or a question asked", n)
	}

	// The last Castle's move asks first; Cancel sends nothing.
	v = p.view(id, "")
	if v.Over || !slices.Equal(v.ToAct, []string{"first"}) {
		t.Fatalf("White should be to move: %+v", v)
	}
	pick("a1", "a2")
	p.wait(`document.querySelector("#losing[open]")`)
	if text := eval[string](p, `document.querySelector("#losing-text").textContent`); !strings.Contains(text, "last Castle") {
		t.Errorf("the question reads %q", text)
	}
	p.screenshot(dir, "turnover-losing-move-en-phone", 390, 844)
	p.phone()
	p.click("#losing-no")
	p.wait(`!document.querySelector("#losing")`)
	if n := sent(); n != 2 {
		t.Fatalf("cancelled: %d moves sent, want none more", n)
	}
	if now := p.view(id, ""); now.Version != v.Version || now.Ply != v.Ply || now.Over {
		t.Fatalf("cancelled: the game changed from %+v to %+v", v, now)
	}
	castle := `(() => { const c = document.querySelector('.board-host .cell[data-coord="a1"]'); return c.getAttribute("aria-label"); })()`
	if label := eval[string](p, castle); !strings.Contains(label, "Castle") {
		t.Errorf("cancelled: a1 reads %q, want White's Castle still there", label)
	}
	if eval[bool](p, `document.querySelector("#result").hidden === false`) {
		t.Error("cancelled: the result shows")
	}

	// Again, and Play: the move is sent and the game ends, Black the winner.
	pick("a1", "a2")
	p.wait(`document.querySelector("#losing[open]")`)
	p.click("#losing-yes")
	p.settled(v.Version + 1)
	p.wait(`document.querySelector("#result") && !document.querySelector("#result").hidden`)
	if n := sent(); n != 3 {
		t.Fatalf("confirmed: %d moves sent in all, want 3", n)
	}
	if now := p.view(id, ""); !now.Over || now.Ply != v.Ply+1 {
		t.Fatalf("confirmed: the game %+v, want it over after the move", now)
	}
	if w := eval[string](p, `document.querySelector("#result").dataset.winner`); w != "second" {
		t.Errorf("the result names %q the winner, want Black (second)", w)
	}
	p.screenshot(dir, "turnover-losing-move-played-en-phone", 390, 844)
}
