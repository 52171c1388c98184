package e2e_test

import (
	"fmt"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// forcedPass returns the moves of a random 8x8 game up to a position where the side to move
// must pass (and the game goes on).
func forcedPass(t *testing.T) []string {
	t.Helper()
	g, _ := games.Registry().Lookup("reversi")
	for seed := uint64(1); seed < 2000; seed++ {
		st, _ := g.New(game.DefaultOptions(g.OptionSpecs()))
		var moves []string
		for i := 0; st.ToAct() != game.Nobody; i++ {
			p := st.ToAct().Single()
			var buf [64]game.Action
			legal := st.Legal(p, buf[:0])
			if len(legal) == 1 && st.FormatAction(p, legal[0]) == "pass" && len(moves) < 50 {
				return moves
			}
			a := legal[(int(seed)*7+i*13)%len(legal)]
			moves = append(moves, st.FormatAction(p, a))
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no forced pass found")
	return nil
}

// TestForcedPassValued opens the analysis board at a position where the side to move must pass:
// the pass carries the position's real value (the opponent's best, from the other side), not 0.
func TestForcedPassValued(t *testing.T) {
	p := newPage(t)
	p.open("/")
	moves := forcedPass(t)
	p.open("/analysis?size=8&level=4&moves=" + strings.Join(moves, ""))
	p.wait(`document.querySelector("ol.values li")`)
	shown := eval[string](p, `document.querySelector("ol.values li strong").innerText`)
	body := fmt.Sprintf(`{kind: "reversi", moves: %s, level: 4}`, jsList(append(moves, "pass")))
	best := eval[float64](p, `fetch("/api/analyze", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(`+body+`)})
		.then(r => r.json()).then(r => Math.max(...r.moves.map(m => m.value)))`)
	want := fmt.Sprintf("%+d", -int(best))
	want = strings.NewReplacer("-", "−", "+0", "0").Replace(want)
	t.Logf("after %s the pass is valued %q; the opponent's best after it %v", strings.Join(moves, ""), shown, best)
	if shown != want {
		t.Errorf("the forced pass shows %q, want %q (minus the opponent's best, %v)", shown, want, best)
	}
}

func jsList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// TestOpeningNames shows the named Othello openings: on the analysis board (the position's and,
// in the explorer, the one each book move reaches) and on a game's page.
func TestOpeningNames(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.open("/analysis?size=8&moves=f5d6c3d3")
	p.wait(`document.querySelector("#an-opening") && !document.querySelector("#an-opening").hidden`)
	if got := eval[string](p, `document.querySelector("#an-opening").innerText`); got != "Opening: Perpendicular" {
		t.Errorf("after f5d6c3d3 the analysis board says %q", got)
	}
	p.wait(`document.querySelector('ol.book-moves li[data-move="c4"] .opening-name')`)
	if got := eval[string](p, `document.querySelector('ol.book-moves li[data-move="c4"] .opening-name').innerText`); got != "Tiger" {
		t.Errorf("the explorer's c4 leads to %q", got)
	}
	p.screenshot(dir, "analysis-opening-en-desktop", 1280, 900)
	setLanguage(p, "es")
	p.wait(`document.querySelector("#an-opening")?.innerText.startsWith("Apertura:")`)
	p.scrollTo = "#an-book"
	p.screenshot(dir, "analysis-opening-es-phone", 390, 844)
	id := p.importGame("reversi", "moves", "f5d6c3d3c4f4f6b4e3")
	p.openGame(id)
	p.wait(`document.querySelector(".opening-line") && !document.querySelector(".opening-line").hidden`)
	if got := eval[string](p, `document.querySelector(".opening-line .opening-name").innerText`); got != "Kung" {
		t.Errorf("the game's page names the opening %q", got)
	}
}
