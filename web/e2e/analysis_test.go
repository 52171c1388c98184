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
