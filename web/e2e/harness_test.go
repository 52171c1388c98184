// Package e2e_test drives the web UI in a real browser (Debian's chromium, through chromedp)
// against the real server, started in-process on a SQLite store: games played by clicking,
// dragging and typing, two players in separate browser contexts, screenshots of every board.
// Without a browser the tests skip (CI=true makes them mandatory).
package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"turncoat/app"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/platform/accounts"
	"turncoat/platform/booksvc"
	"turncoat/platform/puzzles"
	"turncoat/store"
	"turncoat/web"
)

// suite is what every test shares: one server, one browser.
var suite struct {
	once    sync.Once
	err     error
	url     string
	srv     *app.App
	ts      *httptest.Server
	st      *store.Store
	dir     string
	browser context.Context
	cancel  []func()
	// skew moves the server's clock forward (tests that need a deadline to pass add to it).
	skew atomic.Int64
	// assets counts the requests for the UI's files (everything outside /api/), 304s included.
	assets atomic.Int64
}

func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(suite.cancel) - 1; i >= 0; i-- {
		suite.cancel[i]()
	}
	if suite.dir != "" {
		os.RemoveAll(suite.dir)
	}
	os.Exit(code)
}

// start brings up the server and the browser once for the whole package.
func start(t *testing.T) {
	t.Helper()
	chromium := testenv.Chromium(t)
	suite.once.Do(func() {
		ctx := context.Background()
		dir, err := os.MkdirTemp("", "turncoat-e2e-")
		if err != nil {
			suite.err = err
			return
		}
		suite.dir = dir
		st, err := store.Open(ctx, filepath.Join(dir, "e2e.db"), store.Options{})
		if err != nil {
			suite.err = err
			return
		}
		suite.st = st
		bk, err := booksvc.New(booksvc.Config{Store: st})
		if err != nil {
			suite.err = err
			return
		}
		// the test sets of the puzzles' other kinds, served beside the shipped set
		fixtures, err := puzzles.ReadFiles(filepath.Join("..", "..", "platform", "puzzles", "testdata", "*.jsonl.gz"))
		if err != nil {
			suite.err = err
			return
		}
		srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), Web: web.Files(), Book: bk,
			Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return time.Now().Add(time.Duration(suite.skew.Load())) }, MaxThink: 20 * time.Second, LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1,
			Puzzles: fixtures})
		if err != nil {
			suite.err = err
			return
		}
		suite.srv = srv
		handler := srv.Handler()
		suite.ts = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasPrefix(r.URL.Path, "/api/") {
				suite.assets.Add(1)
			}
			handler.ServeHTTP(w, r)
		}))
		suite.url = suite.ts.URL
		suite.cancel = append(suite.cancel, func() {
			suite.ts.CloseClientConnections()
			suite.ts.Close()
			srv.Close()
			st.Close()
		})
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(chromium),
			chromedp.NoSandbox,
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("no-first-run", true),
			chromedp.Flag("lang", "en-US"),
			chromedp.Flag("autoplay-policy", "no-user-gesture-required"),
			chromedp.WindowSize(1280, 900),
		)
		alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
		browser, cancelBrowser := chromedp.NewContext(alloc)
		suite.cancel = append(suite.cancel, cancelAlloc, cancelBrowser)
		if err := chromedp.Do(browser); err != nil {
			suite.err = fmt.Errorf("starting %s: %w", chromium, err)
			return
		}
		suite.browser = browser
	})
	if suite.err != nil {
		t.Fatal(suite.err)
	}
}

// page is one tab in a browser context of its own (its own cookies, so its own guest account,
// and its own local storage), with what it logged, threw and received over WebSockets.
type page struct {
	t      *testing.T
	ctx    context.Context
	mu     sync.Mutex
	errors []string
	frames []string
	// scrollTo is an element the next screenshot centres (else the top of the page).
	scrollTo string
}

func newPage(t *testing.T) *page {
	t.Helper()
	start(t)
	ctx, cancel := chromedp.NewContext(suite.browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	p := &page{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	console := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	logs := chromedp.Events(ctx, cdplog.EntryAdded)
	frames := chromedp.Events(ctx, network.WebSocketFrameReceived)
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				p.addError("console." + string(ev.Type) + ": " + strings.Join(parts, " "))
			}
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			msg := ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				msg += " " + ev.ExceptionDetails.Exception.Description
			}
			p.addError("exception: " + msg)
		}
	}()
	go func() {
		for ev, err := range logs {
			if err != nil {
				return
			}
			if ev.Entry.Level == cdplog.EntryLevelError || ev.Entry.Source == cdplog.EntrySourceSecurity {
				p.addError("log: " + ev.Entry.Text + " " + ev.Entry.URL)
			}
		}
	}()
	go func() {
		for ev, err := range frames {
			if err != nil {
				return
			}
			if ev.Response != nil {
				p.mu.Lock()
				p.frames = append(p.frames, string(ev.Response.PayloadData))
				p.mu.Unlock()
			}
		}
	}()
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	// Every violation of the server's content security policy is an error of the page.
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if errs := p.consoleErrors(); len(errs) > 0 {
			t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
		}
	})
	return p
}

// cspWatch reports each violation of the content security policy as a console error.
const cspWatch = `document.addEventListener("securitypolicyviolation", e => console.error("CSP violation: " +
	e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " at " + e.sourceFile + ":" + e.lineNumber))`

func (p *page) addError(s string) {
	p.mu.Lock()
	p.errors = append(p.errors, s)
	p.mu.Unlock()
}

func (p *page) consoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errors...)
}

// dropConnection closes the page's WebSocket as a network failure would, through the page's own
// live.js (the module of the page's version: another URL would be another module).
const dropConnection = `import(new URL("live.js", document.querySelector("script[type=module]").src)).then(m => m.drop())`

// forgetErrors drops the logged errors that contain text: the failed requests a test makes on
// purpose (the browser logs every refused fetch).
func (p *page) forgetErrors(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	kept := p.errors[:0]
	for _, e := range p.errors {
		if !strings.Contains(e, text) {
			kept = append(kept, e)
		}
	}
	p.errors = kept
}

// received returns the WebSocket messages the page has received so far.
func (p *page) received() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.frames...)
}

// do runs actions, failing the test on error.
func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("%v", err)
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) and decodes its JSON result.
func eval[T any](p *page, js string) T {
	p.t.Helper()
	out, err := tryEval[T](p, js)
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", short(js), err)
	}
	return out
}

// tryEval is eval, returning its error.
func tryEval[T any](p *page, js string) (T, error) {
	var out T
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return out, err
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, fmt.Errorf("%w (%s)", err, raw)
	}
	return out, nil
}

// navigating reports whether an evaluation failed because the page went to another address
// under it (a click that navigates, a rematch): a wait for what the next page shows asks again.
func navigating(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "navigated or closed") || strings.Contains(msg, "Execution context was destroyed") ||
		strings.Contains(msg, "Cannot find context")
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// wait polls a JavaScript condition until it is true (generous: a loaded machine is slow, but a
// page that never gets there fails).
func (p *page) wait(cond string) {
	p.t.Helper()
	p.waitFor(cond, 20*time.Second)
}

func (p *page) waitFor(cond string, d time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(d)
	for {
		ok, err := tryEval[bool](p, "Promise.resolve("+cond+").then(v => !!v)")
		switch {
		case err != nil && !navigating(err):
			p.t.Fatalf("evaluating %s: %v", short(cond), err)
		case ok:
			return
		}
		if time.Now().After(deadline) {
			state := eval[string](p, `(document.querySelector("#status-line")||document.body).innerText.slice(0,300)`)
			p.t.Fatalf("waited %v for %s; the page says: %s", d, short(cond), state)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// open goes to a path of the app and waits until the app has drawn it.
func (p *page) open(path string) {
	p.t.Helper()
	p.do(chromedp.Navigate(suite.url + path))
	p.wait(`document.documentElement.dataset.ready === "1"`)
}

// openGame goes to a game's page and waits for its board.
func (p *page) openGame(id string) {
	p.t.Helper()
	p.open("/play/" + id)
	p.wait(`document.querySelector(".board-host[data-ready]")`)
}

// center returns the middle of the first element matching a CSS selector, in viewport pixels,
// after scrolling it into view.
func (p *page) center(sel string) (float64, float64) {
	p.t.Helper()
	// The element must hold still for two looks 16 ms apart and be what the pointer would hit
	// there (itself or a child, or for a drawing a sibling over it in the same group, such as a
	// board cell's disc): a control that moves as a re-render lands (a button row that reflows
	// when the turn passes) would otherwise take the click on whatever slid under it. After
	// about a second of waiting it gives the last place, as a hurried person would click.
	pt := eval[[]float64](p, fmt.Sprintf(`(async () => {
		const pause = () => new Promise(r => setTimeout(r, 16));
		let last = null;
		for (let i = 0; i < 60; i++) {
			const el = document.querySelector(%q);
			if (!el) return null;
			el.scrollIntoView({block: "center", inline: "center"});
			const r = el.getBoundingClientRect();
			const at = [r.left + r.width / 2, r.top + r.height / 2];
			const still = last && last[0] === at[0] && last[1] === at[1];
			last = at;
			if (still) {
				const hit = document.elementFromPoint(at[0], at[1]);
				const group = el instanceof SVGElement ? el.parentElement : null;
				if (hit && (hit === el || el.contains(hit) || (group && group.contains(hit)))) return at;
			}
			await pause();
		}
		return last;
	})()`, sel))
	if len(pt) != 2 {
		p.t.Fatalf("no element %s", sel)
	}
	return pt[0], pt[1]
}

// click clicks the middle of an element with the mouse, as a person would.
func (p *page) click(sel string) {
	p.t.Helper()
	x, y := p.center(sel)
	p.do(chromedp.MouseClickXY(x, y))
}

// onlineReversi starts an online Reversi game: Black creates it, White joins by its invitation
// link, each in a browser of their own; it returns when Black's page offers its first moves.
func onlineReversi(t *testing.T) (black, white *page, id string) {
	t.Helper()
	black = newPage(t)
	black.open("/")
	created := eval[map[string]string](black, `fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({kind: "reversi", mode: "online", side: "first"})}).then(r => r.json()).then(g => ({id: g.id, invite: g.invite}))`)
	id = created["id"]
	black.openGame(id)
	white = newPage(t)
	white.do(chromedp.Navigate(suite.url + created["invite"]))
	white.wait(`document.querySelector(".board-host[data-ready]") && location.search === ""`)
	black.wait(`document.querySelector(".board-host .cell.legal")`)
	return black, white, id
}

// clickUntil clicks an element until cond holds, three times at most, as a person clicks again
// a button that did nothing. On a loaded machine a click on "Mark all as read" has once been
// lost, the page otherwise unchanged (cause not found). The tournament page's lost clicks were
// its boards and summary drawn late above its buttons, which slid them from under the pointer:
// it now draws its buttons last. (The game page keeps its buttons: TestButtonsSurviveUpdates.)
func (p *page) clickUntil(sel, cond string) {
	p.t.Helper()
	holds := func(within time.Duration) bool {
		deadline := time.Now().Add(within)
		for {
			if ok, err := tryEval[bool](p, "Promise.resolve("+cond+").then(v => !!v)"); err == nil && ok {
				return true
			}
			if time.Now().After(deadline) {
				return false
			}
			time.Sleep(40 * time.Millisecond)
		}
	}
	for try := 1; ; try++ {
		p.click(sel)
		if holds(3 * time.Second) {
			return
		}
		if try == 3 {
			p.waitFor(cond, time.Second) // fails, saying what the page says
			return
		}
		p.wait(`document.querySelector(` + strconv.Quote(sel) + `) || (` + cond + `)`)
		if holds(0) {
			return
		}
	}
}

// clickCell clicks a square of the board (of the visible grid).
func (p *page) clickCell(coord string) {
	p.t.Helper()
	p.click(fmt.Sprintf(`.board-host svg.board .cell[data-coord=%q] rect`, coord))
}

// drag presses the mouse on one element, moves it over another in steps, and releases it.
func (p *page) drag(from, to string) {
	p.t.Helper()
	x0, y0 := p.center(from)
	x1, y1 := p.center(to)
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0, y0),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	}
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		steps = append(steps, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft, held))
	}
	steps = append(steps, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.do(steps...)
}

// held says the left button is down during a move.
func held(p *input.DispatchMouseEventParams) { p.Buttons = 1 }

// key presses keys (kb constants or text).
func (p *page) key(keys string) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(keys))
}

// viewState is what the tests read of the game page.
type viewState struct {
	Version int64    `json:"version"`
	Ply     int      `json:"ply"`
	Legal   []string `json:"legal"`
	ToAct   []string `json:"toAct"`
	Over    bool     `json:"over"`
}

// view fetches the game's view from the API, with the page's own session.
func (p *page) view(id string, as string) viewState {
	p.t.Helper()
	q := ""
	if as != "" {
		q = "?as=" + as
	}
	return eval[viewState](p, fmt.Sprintf(`fetch("/api/games/%s%s").then(r => r.json()).then(g => ({
		version: g.view.version, ply: g.view.ply, legal: g.view.legal, toAct: g.view.toAct, over: g.view.outcome.over}))`, id, q))
}

// settled waits until the board has drawn (and finished animating) at least version v.
func (p *page) settled(v int64) {
	p.t.Helper()
	p.wait(fmt.Sprintf(`+(document.querySelector(".board-host") || {dataset: {}}).dataset.settled >= %d`, v))
}

// shots is the directory screenshots go to: TURNCOAT_SCREENSHOTS, else the test's own.
func shots(t *testing.T) string {
	if d := os.Getenv("TURNCOAT_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// screenshot saves the page at a size (desktop 1280x900 or phone 390x844) as name.png.
func (p *page) screenshot(dir, name string, width, height int64) {
	p.t.Helper()
	opts := []chromedp.EmulateViewportOption{}
	if width < 600 {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
	}
	p.do(chromedp.EmulateViewport(width, height, opts...))
	time.Sleep(150 * time.Millisecond)
	if p.scrollTo != "" {
		p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "center"})`, p.scrollTo)))
		p.scrollTo = ""
	} else {
		p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	}
	if over := eval[int](p, `document.documentElement.scrollWidth - innerWidth`); over > 0 {
		p.t.Errorf("%s: the page is %d pixels wider than the %d-pixel screen", name, over, width)
	}
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot %s", path)
	p.do(chromedp.EmulateViewport(1280, 900))
}

// newGame creates a game through the API with the page's session and returns its id.
func (p *page) newGame(body string) string {
	p.t.Helper()
	id := eval[string](p, `fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(`+body+`)})
		.then(r => r.json()).then(g => g.id || JSON.stringify(g))`)
	if len(id) != 10 {
		p.t.Fatalf("creating %s: %s", body, id)
	}
	return id
}

// chromedpSelect chooses an option of a select element and fires its change event.
func chromedpSelect(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q;
		s.dispatchEvent(new Event("change", {bubbles: true})); })()`, sel, value))
}
