package e2e_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games"
)

// randomRecord plays random games of kind until done says one is right, and returns its record
// in the game's text format.
func randomRecord(t *testing.T, kind string, done func(game.State) bool) string {
	t.Helper()
	g, _ := games.Registry().Lookup(kind)
	for seed := uint64(1); seed < 500; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		st, err := g.New(game.DefaultOptions(g.OptionSpecs()))
		if err != nil {
			t.Fatal(err)
		}
		start := st.Clone()
		var moves []string
		for st.ToAct() != game.Nobody && !done(st) {
			p := st.ToAct().Single()
			var buf [256]game.Action
			legal := st.Legal(p, buf[:0])
			a := legal[rng.IntN(len(legal))]
			moves = append(moves, st.FormatAction(p, a))
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if !done(st) {
			continue
		}
		text, err := game.FormatRecord("text", game.Record{Start: start, Moves: moves, Result: st.Outcome()})
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	t.Fatalf("no random %s game found", kind)
	return ""
}

// importGame imports a record with the page's session and returns the new game's id.
func (p *page) importGame(kind, format, text string) string {
	p.t.Helper()
	body, _ := json.Marshal(map[string]string{"kind": kind, "format": format, "text": text})
	id := eval[string](p, fmt.Sprintf(`fetch("/api/import", {method: "POST", headers: {"Content-Type": "application/json"}, body: %q})
		.then(r => r.json()).then(g => g.id || JSON.stringify(g))`, body))
	if len(id) != 10 {
		p.t.Fatalf("importing a %s record: %s", kind, id)
	}
	return id
}

func (p *page) setTheme(dark bool) {
	p.t.Helper()
	want := "light"
	if dark {
		want = "dark"
	}
	if eval[string](p, `document.documentElement.dataset.theme`) != want {
		p.click("#pref-theme")
	}
	p.wait(fmt.Sprintf(`document.documentElement.dataset.theme === %q`, want))
}

// TestTurncoatHotSeat plays a hot-seat Turncoat round through the "pass the device" covers:
// the boards are covered until a player shows theirs, covered again once that player is done,
// and the Turn is animated once both have chosen.
func TestTurncoatHotSeat(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.open("/")
	setLanguage(p, "pt")
	id := p.newGame(`{kind: "turncoat", mode: "hotseat"}`)
	p.openGame(id)
	p.wait(`!document.querySelector(".tc-cover").hidden`)
	p.screenshot(dir, "hotseat-turncoat-cover-pt-desktop", 1280, 900)
	if eval[bool](p, `getComputedStyle(document.querySelector(".tc-stage svg.board")).visibility !== "hidden"`) {
		t.Fatal("the board shows under the cover")
	}
	p.click(`.tc-show[data-side=first]`)
	p.wait(`document.querySelector(".tc-cover").hidden && document.querySelector(".tc-stage .cell.legal")`)
	v := p.view(id, "first")
	p.clickCell(v.Legal[3])
	p.wait(`document.querySelector(".own-ring") && document.querySelector(".tc-done")`)
	p.screenshot(dir, "hotseat-turncoat-red-selected-pt-phone", 390, 844)
	p.click(`.tc-done`)
	p.wait(`!document.querySelector(".tc-cover").hidden && document.querySelectorAll(".tc-show").length === 1`)
	if eval[int](p, `document.querySelectorAll(".own-ring").length`) != 0 {
		t.Fatal("Red's selection still shows under the cover")
	}
	p.click(`.tc-show[data-side=second]`)
	p.wait(`document.querySelector(".tc-cover").hidden && document.querySelector(".tc-stage[data-board=yellow] .cell.legal")`)
	if eval[int](p, `document.querySelectorAll(".own-ring").length`) != 0 {
		t.Fatal("Yellow sees Red's selection")
	}
	v = p.view(id, "second")
	p.clickCell(v.Legal[10])
	// The Turn: four steps (or two), then the next round's cover.
	p.wait(`document.querySelector(".turn-ring")`)
	time.Sleep(300 * time.Millisecond)
	p.screenshot(dir, "hotseat-turncoat-turn-animation-pt-desktop", 1280, 900)
	p.waitFor(`!document.querySelector(".turn-ring") && document.querySelectorAll("ol.moves button[data-ply]").length === 2`, 30*time.Second)
	over := p.view(id, "").Over
	if !over {
		p.wait(`!document.querySelector(".tc-cover").hidden`)
	}
	p.wait(`document.querySelector(".verified[data-verified=true]")`)
}

// TestScreenshots takes screenshots of the pages and of the boards in their special states, at
// desktop and phone sizes, in the three languages and both themes, for a person to look at.
func TestScreenshots(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.open("/")
	p.screenshot(dir, "home-en-desktop", 1280, 900)
	setLanguage(p, "pt")
	p.setTheme(true)
	p.open("/")
	p.screenshot(dir, "home-pt-dark-phone", 390, 844)
	p.open("/new/turncoat")
	p.screenshot(dir, "new-turncoat-pt-dark-desktop", 1280, 900)
	setLanguage(p, "es")
	p.setTheme(false)
	p.open("/new/reversi")
	p.screenshot(dir, "new-reversi-es-phone", 390, 844)
	p.open("/rules/turnover")
	p.screenshot(dir, "rules-turnover-es-desktop", 1280, 900)
	p.open("/lobby")
	p.screenshot(dir, "lobby-es-desktop", 1280, 900)

	// Turnover: a position with a Castle in check, a stack picked and its destinations shown.
	checkRec := randomRecord(t, "turnover", func(s game.State) bool {
		b := s.(game.BoardViewer).BoardView()
		return len(b.Grids[0].Marks) > 0 && s.ToAct() != game.Nobody
	})
	id := p.importGame("turnover", "text", checkRec)
	p.setTheme(true)
	p.openGame(id)
	p.wait(`document.querySelector(".check-glow")`)
	g := eval[struct {
		Actions []struct{ From string } `json:"actions"`
	}](p, gameJS(id))
	best, most := "", 0
	counts := map[string]int{}
	for _, a := range g.Actions {
		counts[a.From]++
		if counts[a.From] > most {
			best, most = a.From, counts[a.From]
		}
	}
	p.clickCell(best)
	p.wait(`document.querySelector(".land")`)
	p.screenshot(dir, "turnover-check-picked-es-dark-desktop", 1280, 900)
	p.screenshot(dir, "turnover-check-picked-es-dark-phone", 390, 844)

	// Troll: a won game, its chain drawn.
	trollRec := randomRecord(t, "troll", func(s game.State) bool {
		o := s.Outcome()
		return o.Over && o.Winner != game.NoPlayer
	})
	setLanguage(p, "en")
	p.setTheme(false)
	id = p.importGame("troll", "text", trollRec)
	p.openGame(id)
	p.wait(`document.querySelector(".chain-line") && !document.querySelector("#result").hidden`)
	p.screenshot(dir, "troll-chain-en-desktop", 1280, 900)
	p.screenshot(dir, "troll-chain-en-phone", 390, 844)

	// Reversi 8x8 in the high-contrast theme, after a few moves, with hints.
	id = p.newGame(`{kind: "reversi", mode: "hotseat"}`)
	p.openGame(id)
	for i, m := range []string{"f5", "d6", "c3", "d3", "c4"} {
		p.clickCell(m)
		p.wait(fmt.Sprintf(`+document.querySelector(".board-host").dataset.version >= %d`, i+1))
	}
	p.click(`details.box:last-of-type summary`)
	p.do(chromedpSelect("#board-theme", "contrast"))
	p.click(`#hint-btn`)
	p.wait(`document.querySelector("text.hint")`)
	p.screenshot(dir, "reversi-contrast-hints-en-desktop", 1280, 900)
	p.do(chromedpSelect("#board-theme", "auto"))

	// The analysis board.
	p.open("/analysis?size=8&moves=f5d6c3d3c4f4")
	p.wait(`document.querySelector("ol.values li")`)
	p.screenshot(dir, "analysis-en-desktop", 1280, 900)
	setLanguage(p, "pt")
	p.wait(`document.querySelector("ol.values li")`)
	p.screenshot(dir, "analysis-pt-phone", 390, 844)
	setLanguage(p, "en")
	p.wait(`document.querySelector("ol.values li")`)
	if got := eval[string](p, `document.querySelector(".analysis .status-line").innerText`); !strings.Contains(got, "to move") {
		t.Errorf("the analysis board says %q", got)
	}
}
