package e2e_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games"
)

// What a new player hits, tried as a new user would, on a phone first.

// TestFirstMovesAndAbortPhone plays the start of a timed game between two people on phones: no
// clock runs until both sides have made their first move (each side's row says how long it has
// for it), and until then both players see Abort instead of Resign and a draw offer; the side
// yet to make its first move aborts, and the game ends with nobody winning. In a second game
// both sides move: the clocks run, and Resign is back.
func TestFirstMovesAndAbortPhone(t *testing.T) {
	black, white := newPage(t), newPage(t)
	black.open("/")
	white.open("/")
	black.phone()
	white.phone()
	timed := `{time: {kind: "fischer", baseMs: 180000, incrementMs: 2000}}`
	id := startOnline(t, black, white, timed)
	for _, p := range []*page{black, white} {
		p.wait(`document.querySelector("#abort-btn") && !document.querySelector("#resign-btn") && !document.querySelector("#draw-btn")`)
		p.wait(`/first move/.test(document.querySelector(".player[data-side=first] .first-move").textContent)`)
		if n := eval[int](p, `document.querySelectorAll(".clock.running").length`); n != 0 {
			t.Errorf("%d clocks run before the first move", n)
		}
	}
	black.scrollTo = "#abort-btn"
	black.screenshot(shots(t), "first-move-abort-phone", 390, 844)
	black.tapCell("f5")
	white.wait(`+document.querySelector(".board-host").dataset.version >= 1 && document.querySelector(".player[data-side=second] .first-move")`)
	for _, p := range []*page{black, white} {
		p.wait(`document.querySelector("#abort-btn") && document.querySelectorAll(".clock.running").length === 0`)
	}
	white.scrollTo = "#abort-btn"
	white.screenshot(shots(t), "first-move-abort-white-phone", 390, 844)
	white.click("#abort-btn")
	for _, p := range []*page{black, white} {
		p.wait(`/aborted/.test(document.querySelector(".status-text").textContent) && !document.querySelector("#abort-btn")`)
	}
	if o := eval[map[string]any](black, fmt.Sprintf(`fetch("/api/games/%s").then(r => r.json()).then(g => g.view.outcome)`, id)); o["ending"] != "abort" || o["winner"] != nil {
		t.Fatalf("outcome %v", o)
	}
	black.screenshot(shots(t), "first-move-aborted-phone", 390, 844)

	id = startOnline(t, black, white, timed)
	black.tapCell("f5")
	white.wait(`document.querySelector(".board-host .cell.legal")`)
	white.tapCell("d6")
	for _, p := range []*page{black, white} {
		p.wait(`document.querySelector(".player[data-side=first] .clock.running") && !document.querySelector(".first-move")`)
		p.wait(`document.querySelector("#resign-btn") && !document.querySelector("#abort-btn")`)
	}
	if ms := clockMs(t, white, "second"); ms != 180000 {
		t.Errorf("White's clock after its first move reads %.0f ms, want the whole 3 minutes (the first move is free)", ms)
	}
	black.screenshot(shots(t), "first-moves-clocks-run-phone", 390, 844)
	_ = id
}

// TestTurncoatResultAfterReveal plays the last round of a Turncoat game (a one-round cap) on a
// phone against the AI: while the board plays the round's reveal step by step, neither the
// status line nor the result box may tell the result; they tell it once the board has settled,
// and the tabs then show the final counts (the server's).
func TestTurncoatResultAfterReveal(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.phone()
	id := p.newGame(`{kind: "turncoat", mode: "ai", side: "first", level: 1, options: {cap: "1"}}`)
	p.openGame(id)
	p.wait(`document.querySelector(".board-host .cell.legal")`)
	// Watch what the page says while the board settles.
	p.do(evalVoid(`window.__early = [];
		new MutationObserver(() => {
			const host = document.querySelector(".board-host");
			const result = document.querySelector(".result");
			const said = document.querySelector(".status-text").textContent + " | " + (result && !result.hidden ? result.textContent : "");
			if (host.dataset.settled !== host.dataset.version && /draw|wins|drawn/i.test(said) && window.__early.length < 3) window.__early.push(said);
		}).observe(document.querySelector("main"), {subtree: true, childList: true, characterData: true, attributes: true})`))
	coord := eval[string](p, `document.querySelector(".board-host .cell.legal").dataset.coord`)
	p.tapCell(coord)
	p.wait(`document.querySelector(".tc-caption").textContent !== "" && +document.querySelector(".board-host").dataset.version >= 1`)
	p.screenshot(shots(t), "turncoat-last-round-revealing-phone", 390, 844)
	p.wait(`(() => { const host = document.querySelector(".board-host");
		return host.dataset.settled === host.dataset.version && /draw|wins/i.test(document.querySelector(".status-text").textContent); })()`)
	if early := eval[[]string](p, `window.__early`); len(early) > 0 {
		t.Errorf("the result was told while the reveal played: %q", early)
	}
	server := eval[[]int](p, fmt.Sprintf(`fetch("/api/games/%s").then(r => r.json()).then(g => g.view.board.tallies.map(x => x.value))`, id))
	shown := eval[[]int](p, `[...document.querySelectorAll(".tc-tab .tc-count")].map(e => +e.textContent)`)
	if fmt.Sprint(server) != fmt.Sprint(shown) {
		t.Errorf("the tabs show %v, the server counts %v", shown, server)
	}
	p.screenshot(shots(t), "turncoat-last-round-result-phone", 390, 844)
}

// TestPassNoticeKeepsBoardStill plays, on a phone, the move after which the opponent must pass:
// the pass notice (with its Pass button) appears above the board, and the board does not move,
// neither then nor after the pass.
func TestPassNoticeKeepsBoardStill(t *testing.T) {
	for _, lang := range []string{"en", "pt"} {
		t.Run(lang, func(t *testing.T) {
			p := newPage(t)
			p.open("/")
			setLanguage(p, lang)
			moves := forcedPass(t)
			id := p.importGame("reversi", "moves", strings.Join(moves[:len(moves)-1], ""))
			p.phone()
			p.openGame(id)
			p.do(evalVoid(`window.scrollTo(0, 0)`))
			boardY := func() float64 {
				return eval[float64](p, `document.querySelector(".board-host svg.board").getBoundingClientRect().top + scrollY`)
			}
			before := boardY()
			p.tapCell(moves[len(moves)-1])
			p.wait(`document.querySelector(".pass-notice") && document.querySelector("#pass-btn")`)
			p.do(evalVoid(`window.scrollTo(0, 0)`))
			if y := boardY(); y != before {
				t.Errorf("the board moved from y=%.0f to y=%.0f when the pass notice appeared", before, y)
			}
			p.screenshot(shots(t), "pass-notice-"+lang+"-phone", 390, 844)
			p.phone() // the screenshot left the desktop's size
			p.click("#pass-btn")
			p.wait(`!document.querySelector(".pass-notice")`)
			p.do(evalVoid(`window.scrollTo(0, 0)`))
			if y := boardY(); y != before {
				t.Errorf("the board moved from y=%.0f to y=%.0f after the pass", before, y)
			}
			p.screenshot(shots(t), "after-pass-"+lang+"-phone", 390, 844)
		})
	}
}

// TestAnalysisForcedPassPhone opens the analysis board on a phone at a position whose side to
// move must pass: the status says that side must pass (not that it is to move), the engine's
// line writes the pass as "pass" with the moves apart; after the pass the status says who
// passed and who is to move.
func TestAnalysisForcedPassPhone(t *testing.T) {
	p := newPage(t)
	p.open("/")
	moves := forcedPass(t)
	mover, other := "Black", "White"
	if len(moves)%2 == 1 {
		mover, other = "White", "Black"
	}
	p.phone()
	p.open("/analysis?size=8&level=2&moves=" + strings.Join(moves, ""))
	p.wait(`document.querySelector("ol.values li .pv")`)
	status := eval[string](p, `document.querySelector(".status-line").innerText`)
	if !strings.Contains(status, mover+" has no legal move and must pass") || strings.Contains(status, mover+" to move") {
		t.Errorf("at the forced pass the status says %q", status)
	}
	pv := eval[string](p, `document.querySelector("ol.values li .pv").innerText`)
	if !strings.HasPrefix(strings.TrimSpace(pv), "pass ") {
		t.Errorf("the line reads %q", pv)
	}
	for _, f := range strings.Fields(pv)[1:] {
		if len(f) != 2 && f != "pass" {
			t.Errorf("the line reads %q: %q is not one move", pv, f)
		}
	}
	p.screenshot(shots(t), "analysis-forced-pass-phone", 390, 844)
	p.click("#an-pass")
	p.wait(`document.querySelector("ol.values li") && /to move/.test(document.querySelector(".status-line").innerText)`)
	status = eval[string](p, `document.querySelector(".status-line").innerText`)
	if !strings.Contains(status, mover+" passes") || !strings.Contains(status, other+" to move") {
		t.Errorf("after the pass the status says %q", status)
	}
	p.screenshot(shots(t), "analysis-after-pass-phone", 390, 844)
}

// TestReversiEndInOneSentence opens, on a phone, a Reversi game that ended before the board was
// full (the empty squares go to the winner): the result gives the score once, the discs on the
// board and the reason once each, no brackets within brackets, every count with the same dash.
func TestReversiEndInOneSentence(t *testing.T) {
	g, _ := games.Registry().Lookup("reversi")
	var moves string
	for seed := uint64(1); seed < 3000 && moves == ""; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		st, _ := g.New(game.DefaultOptions(g.OptionSpecs()))
		var b strings.Builder
		for st.ToAct() != game.Nobody {
			p := st.ToAct().Single()
			var buf [64]game.Action
			legal := st.Legal(p, buf[:0])
			a := legal[rng.IntN(len(legal))]
			if m := st.FormatAction(p, a); m != "pass" {
				b.WriteString(m)
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if o := st.Outcome(); o.Winner != game.NoPlayer && strings.HasPrefix(o.Reason, "neither side can move") {
			moves = b.String()
		}
	}
	if moves == "" {
		t.Fatal("no game that ends with empty squares")
	}
	p := newPage(t)
	p.open("/")
	id := p.importGame("reversi", "moves", moves)
	p.phone()
	p.openGame(id)
	p.wait(`!document.querySelector("#result").hidden`)
	res := strings.TrimSpace(eval[string](p, `document.querySelector("#result").innerText`))
	status := strings.TrimSpace(eval[string](p, `document.querySelector(".status-text").innerText`))
	t.Logf("the result reads %q", res)
	if res != status {
		t.Errorf("the status says %q, the result %q", status, res)
	}
	// The score once, the discs on the board once, why once; no brackets in brackets; en dashes.
	if strings.Count(res, "(") > 1 || strings.Count(strings.ToLower(res), "discs on the board") != 1 ||
		!strings.Contains(strings.ToLower(res), "neither side can move") || strings.Count(strings.ToLower(res), "discs") != 1 ||
		regexp.MustCompile(`\d-\d`).MatchString(res) || strings.Count(res, "–") != 2 {
		t.Errorf("the result reads %q: want the score and the discs once each, en dashes, no nested brackets", res)
	}
	p.screenshot(shots(t), "reversi-end-one-sentence-phone", 390, 844)
}

// TestCorrespondenceClockDays opens a three-days-a-move game on a phone just after the join: the
// clocks read "3 days", not "2 days"; a day and a half later the side to move has
// "1 day 12 h".
func TestCorrespondenceClockDays(t *testing.T) {
	black, white := newPage(t), newPage(t)
	black.open("/")
	white.open("/")
	black.phone()
	startOnline(t, black, white, `{time: {kind: "correspondence", baseMs: 3 * 86400000}}`)
	clocks := func() []string {
		return eval[[]string](black, `[...document.querySelectorAll(".player .clock")].map(e => e.textContent)`)
	}
	for _, p := range []*page{black, white} {
		p.wait(`document.querySelectorAll(".clock").length === 2 && document.querySelector(".player[data-side=first] .clock.running")`)
		got := eval[[]string](p, `[...document.querySelectorAll(".player .clock")].map(e => e.textContent)`)
		if fmt.Sprint(got) != "[3 days 3 days]" {
			t.Errorf("just after the join the clocks read %q, want 3 days each", got)
		}
	}
	black.screenshot(shots(t), "correspondence-clock-days-phone", 390, 844)
	later := int64(36*time.Hour + time.Minute)
	suite.skew.Add(later)
	defer suite.skew.Add(-later)
	black.do(evalVoid(`location.reload()`))
	black.wait(`document.querySelectorAll(".clock").length === 2 && document.querySelector(".player[data-side=first] .clock").textContent !== "3 days"`)
	if got := clocks(); fmt.Sprint(got) != "[1 day 12 h 3 days]" {
		t.Errorf("a day and a half later the clocks read %q, want 1 day 12 h and 3 days", got)
	}
}

// TestTournamentPagePhone: on a phone a tournament's page counts its players in words with
// proper plurals ("3 players subscribed", in Portuguese too), and so does the summary for the
// forum; once the round opens, the standings fit the screen (their box would scroll, never cut
// them off at its right edge).
func TestTournamentPagePhone(t *testing.T) {
	host := newPage(t)
	host.open("/")
	host.signUp("Heron")
	host.open("/tournaments")
	host.wait(`document.querySelector("#tc-title")`)
	host.do(chromedpSelect("#tc-game", "reversi"))
	host.type_(`#tc-title`, "Spring Reversi by post, with a long title")
	host.do(chromedpSelect(`.tour-create select[name=opt-size]`, "6"))
	host.click(`.tour-create button[type=submit]`)
	host.wait(`location.pathname.startsWith("/tournament/") && document.querySelector(".tour-phase")`)
	path := eval[string](host, `location.pathname`)
	id := strings.TrimPrefix(path, "/tournament/")
	for _, name := range []string{"Anaximander", "Bartholomew", "Cassiopeia"} {
		p := newPage(t)
		p.open("/")
		p.signUp(name)
		if st := eval[int](p, fmt.Sprintf(`fetch("/api/tournaments/%s/subscribe", {method: "POST"}).then(r => r.status)`, id)); st != 200 {
			t.Fatalf("%s subscribing: %d", name, st)
		}
	}
	host.phone()
	host.open(path)
	host.wait(`document.querySelector(".tour-count") && document.querySelector(".tour-summary")?.textContent.length > 0`)
	if got := eval[string](host, `document.querySelector(".tour-count").textContent`); got != "3 players subscribed" {
		t.Errorf("the page counts %q", got)
	}
	if sum := eval[string](host, `document.querySelector(".tour-summary").textContent`); strings.Contains(sum, "(s)") || !strings.Contains(sum, "3 players subscribed") {
		t.Errorf("the summary reads %q", sum)
	}
	setLanguage(host, "pt")
	host.wait(`document.querySelector(".tour-count")?.textContent === "3 jogadores inscritos"`)
	setLanguage(host, "en")
	host.screenshot(shots(t), "tournament-subscription-phone", 390, 844)

	suite.skew.Add(int64(25 * time.Hour)) // the subscription window is over
	defer suite.skew.Add(-int64(25 * time.Hour))
	host.open(path)
	host.phone()
	host.wait(`document.querySelector("#tour-advance")`)
	host.click(`#tour-advance`)
	host.wait(`document.querySelector(".tour-standings")`)
	host.phone()
	fit := eval[map[string]float64](host, `(() => {
		const wrap = document.querySelector(".tour-standings").closest(".table-wrap");
		const r = wrap.getBoundingClientRect();
		return {right: r.right, width: innerWidth, scroll: wrap.scrollWidth, client: wrap.clientWidth,
			overflow: getComputedStyle(wrap).overflowX === "auto" || getComputedStyle(wrap).overflowX === "scroll" ? 1 : 0,
			page: document.documentElement.scrollWidth};
	})()`)
	if fit["right"] > fit["width"] || fit["page"] > fit["width"] || fit["scroll"] > fit["client"] || fit["overflow"] == 0 {
		t.Errorf("the standings on a phone: %v", fit)
	}
	host.scrollTo = ".tour-standings"
	host.screenshot(shots(t), "tournament-standings-phone", 390, 844)
}

// TestToastsKeepOffTheBoardPhone taps a square that is no move on a phone, with the page scrolled
// so that the board reaches the screen's bottom: the notice shows at the top, off the board, and
// a tap dismisses it.
func TestToastsKeepOffTheBoardPhone(t *testing.T) {
	p := newPage(t)
	p.open("/")
	id := p.newGame(`{kind: "reversi", mode: "hotseat"}`)
	p.phone()
	p.openGame(id)
	p.wait(`document.querySelector(".board-host .cell.legal")`)
	p.do(evalVoid(`window.scrollTo(0, document.querySelector(".board-host svg.board").getBoundingClientRect().bottom + scrollY - innerHeight + 20)`))
	p.tapCell("a1")
	p.wait(`document.querySelector("#toasts .toast")`)
	over := eval[bool](p, `(() => {
		const a = document.querySelector("#toasts .toast").getBoundingClientRect(), b = document.querySelector(".board-host svg.board").getBoundingClientRect();
		return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
	})()`)
	if over {
		t.Error("the notice covers the board")
	}
	p.screenshot(shots(t), "toast-off-board-phone", 390, 844)
	p.phone()
	p.wait(`document.querySelector("#toasts .toast")`)
	p.click("#toasts .toast")
	p.wait(`!document.querySelector("#toasts .toast")`)
}
