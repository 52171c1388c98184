package e2e_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// humanMoveJS plays one move of the side the page's player holds, by clicks on the board as a
// person would make them (the page's board reads the clicks; the legal moves come from the
// engine's game the board shows): a pass by the status line's button, a Turnover stack from its
// square to another, a Blocs placement with its face chosen first, a Blocs turn by the mouse
// (answered "mouse:" and the square, for the test to press), any other move by its square.
// It answers what it played, or "" when nothing was the player's to play.
const humanMoveJS = `(async () => {
	const host = document.querySelector(".board-host[data-engine]");
	if (!host || document.querySelector(".play[data-status=over]")) return "";
	const {openEngine} = await import(new URL("engine/client.js", document.querySelector("script[type=module]").src));
	const engine = await openEngine();
	const g = (await engine.view(host.dataset.engine, host.dataset.viewer || undefined)).view;
	const click = el => el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
	const cell = c => host.querySelector('svg.board .cell[data-coord="' + c + '"] rect');
	const pass = document.querySelector("#pass-btn");
	if (pass) { click(pass); return "pass"; }
	if (!host.querySelector("svg.board.interactive, svg.board:not(.idle)") && !g.view.legal.length) return "";
	const legal = g.view.legal;
	if (host.dataset.kind === "turnover") {
		const a = (g.actions || []).find(a => a.from && a.to);
		if (!a) return "";
		click(cell(a.from)); click(cell(a.to));
		return a.move;
	}
	if (host.dataset.kind === "blocs" && /^[BW][a-z]\d+$/.test(legal[0])) {
		click(host.querySelector('.face-btn[data-face="' + legal[0][0] + '"]'));
		click(cell(legal[0].slice(1)));
		return legal[0];
	}
	const single = legal.find(m => cell(m));
	// Blocs turns a square by a press and a release on it (a drag of one square): the mouse's.
	if (single && host.dataset.kind === "blocs") return "mouse:" + single;
	if (!single) return "no square for " + JSON.stringify(legal.slice(0, 5)) + " " + JSON.stringify((g.actions || []).slice(0, 3));
	click(cell(single));
	return single;
})()`

// TestOfflineApp installs the app on a phone and plays it without the network. Chromium's
// install criteria are met (the manifest fetched and parsed without errors, no installability
// error, the service worker controlling the page); then the network goes (emulated offline,
// and the server stops answering: it refuses every request, and counts them), the page is
// loaded again from the worker, and a game of each kind is started and finished against the
// AI at level 1 (the smallest variants: 4x4 Reversi, one round of 4x4 Turncoat, Turnover drawn
// after two quiet plies), and a hot-seat Turncoat round played by both players on the device;
// every game is kept in the browser. With the network back, the player signs up and uploads
// them: each is a finished casual game of the account's.
func TestOfflineApp(t *testing.T) {
	p := newPage(t)
	dir := shots(t)
	// A server of this test's own, which can stop answering: the browser's emulation does not
	// reach every request (a service worker's own fetches), the server's refusal does.
	var down atomic.Bool
	var reached atomic.Int64
	var reachedPaths sync.Map
	handler := suite.srv.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			reached.Add(1)
			reachedPaths.Store(r.URL.Path, true)
			if hj, ok := w.(http.Hijacker); ok {
				if c, _, err := hj.Hijack(); err == nil {
					c.Close() // as a dead network: no answer at all
					return
				}
			}
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
	})
	p.phone()
	// No motion: the moves are drawn at once (the animations are the play page's own tests').
	if _, err := chromedp.Call(p.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
		t.Fatal(err)
	}
	p.do(chromedp.Navigate(ts.URL + "/"))
	p.wait(`document.documentElement.dataset.ready === "1"`)
	p.wait(`navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)`)

	// Chromium's install criteria.
	man, err := chromedp.Call(p.ctx, cdppage.GetAppManifest, cdppage.GetAppManifestParams{})
	if err != nil {
		t.Fatal(err)
	}
	if len(man.Errors) > 0 || !strings.HasSuffix(man.URL, "/manifest.webmanifest") || !strings.Contains(man.Data, `"standalone"`) {
		b, _ := json.Marshal(man.Errors)
		t.Fatalf("the manifest as Chromium reads it: %s errors %s", man.URL, b)
	}
	inst, err := chromedp.Call(p.ctx, cdppage.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	var refusals []*cdppage.InstallabilityError
	for _, e := range inst.InstallabilityErrors {
		// The test's tab is in a browser context of its own, which Chromium counts as
		// incognito, where nothing installs: every other criterion holds.
		if e.ErrorID != "in-incognito" {
			refusals = append(refusals, e)
		}
	}
	if len(refusals) > 0 {
		b, _ := json.Marshal(refusals)
		t.Fatalf("Chromium finds the app not installable: %s", b)
	}
	kept := eval[struct{ Files, Bytes int }](p, `(async () => {
		let files = 0, bytes = 0;
		for (const name of await caches.keys()) {
			const c = await caches.open(name);
			for (const req of await c.keys()) { files++; bytes += (await (await c.match(req)).arrayBuffer()).byteLength; }
		}
		return {files, bytes};
	})()`)
	t.Logf("the worker keeps %d files, %d bytes", kept.Files, kept.Bytes)

	// The network goes.
	down.Store(true)
	setOffline(t, p, true)
	p.do(chromedp.Navigate(ts.URL + "/"))
	p.wait(`document.documentElement.dataset.ready === "1"`)
	p.wait(`location.pathname === "/offline" && document.querySelector("#off-start") && !document.querySelector("#offline-badge").hidden`)
	p.forgetErrors("ERR_INTERNET_DISCONNECTED")
	p.screenshot(dir, "offline-list-offline-en-phone", 390, 844)
	p.phone()

	games := []struct {
		kind, opponent string
		options        map[string]string
	}{
		{"reversi", "ai", map[string]string{"size": "4"}},
		{"turncoat", "ai", map[string]string{"size": "4", "cap": "1"}},
		{"turnover", "ai", map[string]string{"fifty-move-plies": "2"}},
		{"blocs", "ai", nil},
		{"troll", "ai", nil},
		{"turncoat", "hotseat", map[string]string{"size": "4", "cap": "1"}},
	}
	shotRound := false
	for _, g := range games {
		began := time.Now()
		// Within the app, as a player goes from game to game: the engine started once.
		p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('main a[href="/offline"]')?.click()`))
		p.wait(`location.pathname === "/offline" && document.querySelector("#off-start")`)
		p.do(chromedpSelect("#off-kind", g.kind), chromedpSelect("#off-opponent", g.opponent), chromedpSelect("#off-level", "1"))
		for name, value := range g.options {
			p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const el = document.querySelector(".off-options [name=\"opt-%s\"]"); el.value = %q; })()`, name, value)))
		}
		p.click("#off-start")
		p.wait(`document.querySelector(".board-host[data-engine][data-ready]")`)
		if g.kind == "reversi" {
			// A hint from the browser's engine, then the move taken back with the AI's reply.
			p.wait(`document.querySelector(".play[data-can-act=true]")`)
			eval[string](p, humanMoveJS)
			p.wait(`document.querySelectorAll(".moves button[data-ply]").length >= 3 && document.querySelector(".play[data-can-act=true] #hint-btn")`)
			p.click("#hint-btn")
			p.wait(`document.querySelector(".board-host .hint")`)
			p.scrollTo = ".board-host"
			p.screenshot(dir, "offline-reversi-hint-en-phone", 390, 844)
			p.phone()
			p.click("#takeback-btn")
			p.wait(`document.querySelectorAll(".moves button[data-ply]").length === 1 && document.querySelector(".play[data-can-act=true]") && !document.querySelector("#takeback-btn")`)
		}
		played := ""
		for moves := 0; ; moves++ {
			if moves > 200 {
				p.screenshot(dir, "offline-stuck", 390, 844)
				t.Log(eval[string](p, `(async () => { const {openEngine} = await import(new URL("engine/client.js", document.querySelector("script[type=module]").src));
					const e = await openEngine(); const g = (await e.view(document.querySelector(".board-host").dataset.engine)).view;
					return document.querySelector("#toasts").innerText + " | " + document.querySelector(".play").dataset.busy + JSON.stringify({legal: g.view.legal, actions: g.actions, toAct: g.view.toAct, viewer: g.view.viewer}) + document.querySelector(".board-host svg").getAttribute("class") + [...document.querySelectorAll(".cell")].map(c => c.getAttribute("class")).join(",") })()`))
				t.Fatalf("%s %s: no end after 200 moves (the last: %q; the page says %q)", g.kind, g.opponent, played,
					eval[string](p, `document.querySelector("#status-line").innerText + " / " + document.querySelector(".moves").innerText`))
			}
			p.wait(`document.querySelector(".play[data-status=over], .play[data-can-act=true]")`)
			if g.opponent == "hotseat" {
				// Turncoat on one device: the first player shows their board, selects, hands the
				// device over; the second does the same, and the round is played.
				if eval[bool](p, `!!document.querySelector(".play[data-status=over]")`) {
					break
				}
				// Yellow selects first (the last of the cover's buttons while both are due), and
				// Red's board then shows nothing of Yellow's selection.
				if eval[bool](p, `!!document.querySelector(".tc-done")`) {
					if !shotRound {
						p.scrollTo = ".board-host"
						p.screenshot(dir, "offline-turncoat-hotseat-selected-en-phone", 390, 844)
						p.phone()
					}
					p.click(".tc-done")
					if !shotRound {
						shotRound = true
						p.wait(`!document.querySelector(".tc-cover").hidden`)
						p.scrollTo = ".board-host"
						p.screenshot(dir, "offline-turncoat-hotseat-pass-en-phone", 390, 844)
						p.phone()
					}
					continue
				}
				side := eval[string](p, `([...document.querySelectorAll(".tc-cover:not([hidden]) .tc-show")].pop() || {dataset: {}}).dataset.side || ""`)
				if side != "" {
					p.click(fmt.Sprintf(`.tc-show[data-side=%q]`, side))
					p.wait(fmt.Sprintf(`document.querySelector(".board-host").dataset.viewer === %q`, side))
					if side == "first" && eval[bool](p, `!!document.querySelector(".board-host .own-ring")`) {
						t.Errorf("Red's board shows a selection before Red made one")
					}
				}
			}
			played = eval[string](p, humanMoveJS)
			if sq, ok := strings.CutPrefix(played, "mouse:"); ok {
				p.clickCell(sq)
			}
			if strings.HasPrefix(played, "no square") {
				t.Fatalf("%s: %s", g.kind, played)
			}
			if played == "" && eval[bool](p, `!!document.querySelector(".play[data-status=over]")`) {
				break
			}
		}
		p.wait(`!document.querySelector("#result").hidden`)
		t.Logf("%s %s: %s (%d moves in %v)", g.kind, g.opponent, eval[string](p, `document.querySelector("#result").innerText`),
			eval[int](p, `document.querySelectorAll(".moves li").length`), time.Since(began).Round(time.Millisecond))
		if g.kind != "reversi" && g.opponent != "hotseat" {
			continue
		}
		name := fmt.Sprintf("offline-%s-%s-over-en-phone", g.kind, g.opponent)
		p.screenshot(dir, name, 390, 844)
		p.phone()
		if g.kind == "reversi" {
			// The finished game replayed, a move at a time.
			p.click(`.moves button[data-ply="1"]`)
			p.wait(`document.querySelector(".board-host").dataset.replay === "1" && !document.querySelector(".replay-bar").hidden`)
			p.click(`.replay-ctl button:nth-child(3)`)
			p.wait(`document.querySelector(".board-host").dataset.replay === "2"`)
			// The players' counts are the shown position's: 3 discs each after two moves.
			for _, side := range []string{"first", "second"} {
				if got := eval[string](p, `document.querySelector(".player[data-side=`+side+`] .tally").innerText.trim()`); got != "3" {
					t.Errorf("replaying move 2, %s's count reads %q, not the position's 3", side, got)
				}
			}
			p.scrollTo = ".board-host"
			p.screenshot(dir, "offline-reversi-replay-en-phone", 390, 844)
			p.phone()
		}
	}
	p.do(chromedp.Navigate(ts.URL + "/offline"))
	p.wait(`document.querySelectorAll(".offline-game[data-over=true]").length === 6`)
	// What reached the server while it was down (and got no answer) is only what the worker
	// asks of the network first, falling back on its copies: the page's address, the games'
	// list, and the browser's check for a new worker. The modules, the catalogues and the
	// engine came from the worker's copies alone.
	var paths []string
	reachedPaths.Range(func(k, _ any) bool {
		paths = append(paths, k.(string))
		return true
	})
	for _, path := range paths {
		if path != "/" && !strings.HasPrefix(path, "/offline") && path != "/api/kinds" && path != "/sw.js" {
			t.Errorf("the page asked the server for %s while offline", path)
		}
	}
	t.Logf("while offline, %d requests reached the server (all refused): %v", reached.Load(), paths)

	// The network comes back: the player signs up and uploads the games.
	down.Store(false)
	setOffline(t, p, false)
	p.do(chromedp.Navigate(ts.URL + "/account"))
	p.wait(`document.querySelector("#signup-name")`)
	p.type_("#signup-name", "Wanderer")
	p.type_("#signup-pw", "quiet-harbour-41")
	p.click(`form:has(#signup-pw) button[type=submit]`)
	p.wait(`localStorage.getItem("turncoat.user") === "Wanderer"`)
	p.forgetErrors("401") // the account page asks who is signed in before anyone is
	p.do(chromedp.Navigate(ts.URL + "/offline"))
	p.wait(`document.documentElement.dataset.network === "online" && document.querySelector("#off-upload") && !document.querySelector("#off-upload").disabled`)
	p.click("#off-upload")
	p.wait(`document.querySelectorAll(".offline-game[data-uploaded]:not([data-uploaded=''])").length === 6`)
	mine := eval[[]struct {
		ID, Kind, Status string
		Rated            bool
	}](p, `fetch("/api/games").then(r => r.json())`)
	over := 0
	for _, g := range mine {
		if g.Status == "over" && !g.Rated {
			over++
		}
	}
	if over != 6 {
		t.Errorf("the account's games after the upload: %+v", mine)
	}
	p.scrollTo = "#offline-games"
	p.screenshot(dir, "offline-uploaded-en-phone", 390, 844)
}

// setOffline emulates the browser's network gone (for the page and its service worker, and in
// navigator.onLine) or back.
func setOffline(t *testing.T, p *page, offline bool) {
	t.Helper()
	conditions := []*network.Conditions{}
	if offline {
		conditions = append(conditions, &network.Conditions{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
	}
	if _, err := chromedp.Call(p.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{EmulateOfflineServiceWorker: &offline,
		MatchedNetworkConditions: conditions}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: offline, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatal(err)
	}
}
