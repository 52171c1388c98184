package e2e_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// signUp registers a user in the page's session, then opens the account page, which remembers
// the registered user on this browser.
func (p *page) signUp(name string) {
	p.t.Helper()
	got := eval[string](p, fmt.Sprintf(`fetch("/api/signup", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({name: %q, password: "correct horse battery"})}).then(r => r.ok ? "ok" : r.text())`, name))
	if got != "ok" {
		p.t.Fatalf("signing up %s: %s", name, got)
	}
	p.open("/account")
	p.wait(fmt.Sprintf(`localStorage.getItem("turncoat.user") === %q`, name))
}

// TestTournamentByPost creates a tournament on its page, has two registered users subscribe,
// the host close the window, the player due post through the forum-text form, the host close
// the round, and checks the summary; then takes screenshots of the tournament page.
func TestTournamentByPost(t *testing.T) {
	host := newPage(t)
	host.open("/")
	host.signUp("Peacock")
	host.open("/tournaments")
	host.wait(`document.querySelector("#tc-title")`)
	host.do(chromedpSelect("#tc-game", "reversi"))
	host.do(chromedpSelect("#tc-missed", "pass"))
	host.type_(`#tc-title`, "6x6 Reversi, March")
	host.do(chromedpSelect(`.tour-create select[name=opt-size]`, "6"))
	host.click(`.tour-create button[type=submit]`)
	host.wait(`location.pathname.startsWith("/tournament/") && document.querySelector(".tour-phase")`)
	path := eval[string](host, `location.pathname`)
	id := strings.TrimPrefix(path, "/tournament/")

	players := map[string]*page{}
	for _, name := range []string{"Ann", "Bob"} {
		p := newPage(t)
		p.open("/")
		p.signUp(name)
		p.open(path)
		p.wait(`document.querySelector("#tour-subscribe")`)
		p.click(`#tour-subscribe`)
		p.wait(fmt.Sprintf(`document.querySelector(".tour-subscribers")?.textContent.includes(%q) && !document.querySelector("#tour-subscribe")`, name))
		players[name] = p
	}
	suite.skew.Add(int64(25 * time.Hour)) // the subscription window (24 hours) is over
	host.open(path)
	host.wait(`document.querySelector(".tour-subscribers")?.textContent.includes("Bob")`)
	host.click(`#tour-advance`)
	host.wait(`document.querySelector(".tour-round")`)
	if got := eval[string](host, `document.querySelector(".tour-round")?.textContent`); !strings.Contains(got, "Round 1") {
		t.Errorf("the round's title reads %q", got)
	}
	red := eval[string](host, `fetch("/api/tournaments/`+id+`/boards").then(r => r.json()).then(bs => bs[0].seats[0].player)`)
	move := eval[string](host, `fetch("/api/tournaments/`+id+`/boards/1").then(r => r.json()).then(b => b.view.legal[0])`)
	p := players[red]
	if p == nil {
		t.Fatalf("red is %q", red)
	}
	p.open(path)
	p.wait(`document.querySelector("#tour-post-text")`)
	p.do(evalVoid(`document.querySelector("#tour-post-text").value = ""`))
	p.type_(`#tour-post-text`, "Board #1\n"+strings.ToUpper(move[:1])+" "+move[1:])
	p.click(`.tour-post button[type=submit]`)
	p.wait(`document.querySelector('[data-board="1"]') && document.querySelector(".tour-summary")?.textContent.length > 0 && !document.querySelector(".tour-post .error")?.textContent`)
	// Every post due is in: round 1 closes at once and round 2 (Blue's) opens.
	host.open(path)
	host.wait(`document.querySelector(".tour-round") && document.querySelector(".tour-round")?.textContent.includes("Round 2 — only Blues post")`)
	host.wait(`document.querySelector(".tour-summary")?.textContent.includes("Round 1")`)
	sum := eval[string](host, `document.querySelector(".tour-summary")?.textContent`)
	t.Logf("summary:\n%s", sum)
	if played := "Red played " + strings.ToUpper(move[:1]) + " " + move[1:]; !strings.Contains(sum, played) {
		t.Errorf("the summary does not show %q: %q", played, sum)
	}
	// The host picks BBCode: each board's picture by its URL, which loads; then back to text.
	host.do(chromedpSelect("#tour-summary-format", "bbcode"))
	host.wait(`document.querySelector(".tour-summary")?.textContent.includes("[img]")`)
	if w := eval[int](host, `new Promise(ok => { const m = document.querySelector(".tour-summary").textContent.match(/\[img\]([^\[]+)\[\/img\]/);
		const i = new Image(); i.onload = () => ok(i.naturalWidth); i.onerror = () => ok(-1); i.src = m[1]; })`); w <= 0 {
		t.Errorf("the summary's first picture does not load (%d)", w)
	}
	if w := eval[int](host, `new Promise(ok => { const i = new Image(); i.onload = () => ok(i.naturalWidth); i.onerror = () => ok(-1);
		i.src = document.getElementById("tour-sheet").href; })`); w <= 0 {
		t.Errorf("the boards' sheet does not load (%d)", w)
	}
	host.do(chromedpSelect("#tour-summary-format", "text"))
	host.wait(`!document.querySelector(".tour-summary")?.textContent.includes("[img]")`)
	// Blue is told: the notification's badge in the header, then the list, marked read.
	blue := players["Ann"]
	if red == "Ann" {
		blue = players["Bob"]
	}
	blue.waitFor(`!document.querySelector("#notes-badge")?.hidden`, 30*time.Second)
	blue.open("/notifications")
	blue.wait(`document.querySelector(".notes li.unread") && document.querySelector("#notes-read")`)
	if n := eval[string](blue, `document.querySelector(".notes li")?.textContent`); !strings.Contains(n, "Round 2") {
		t.Errorf("the notification reads %q", n)
	}
	blue.clickUntil(`#notes-read`, `document.querySelector("#notes-badge")?.hidden && !document.querySelector(".notes li.unread")`)
	host.wait(`document.querySelector(".tour-mini svg.board .cell")`)
	dir := shots(t)
	host.screenshot(dir, "tournament-desktop", 1280, 900)
	host.screenshot(dir, "tournament-phone", 390, 844)

	// Blue posts with a click on its board, drawn small on the page.
	if got := eval[int](host, `document.querySelectorAll(".tour-mini svg.board").length`); got != 1 {
		t.Errorf("the host sees %d boards drawn", got)
	}
	blueMove := eval[string](host, `fetch("/api/tournaments/`+id+`/boards/1").then(r => r.json()).then(b => b.view.legal[0])`)
	blue.open(path)
	blue.wait(`document.querySelector(".tour-mini.mine svg.board .cell")`)
	blue.clickCell(blueMove)
	// The round's title and the summary arrive in separate requests: wait for both.
	blue.wait(`document.querySelector(".tour-round")?.textContent.includes("Round 3") && document.querySelector(".tour-summary")?.textContent.includes("Blue played")`)
	if sum := eval[string](blue, `document.querySelector(".tour-summary")?.textContent`); !strings.Contains(sum, "Blue played "+strings.ToUpper(blueMove[:1])+" "+blueMove[1:]) {
		t.Errorf("after Blue's click on %s the summary reads %q", blueMove, sum)
	}
	for _, q := range append([]*page{host}, players["Ann"], players["Bob"]) {
		if errs := q.consoleErrors(); len(errs) > 0 {
			t.Errorf("console errors: %v", errs)
		}
	}
}

// evalVoid runs JavaScript for its effect.
func evalVoid(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](js)
}

// type_ focuses a field and types text into it, as a user would.
func (p *page) type_(sel, text string) {
	p.t.Helper()
	p.do(chromedp.Focus(sel), chromedp.SendKeys(sel, text))
}

// TestProfileAfterRatedGame plays a rated online game between two registered users (one
// resigns), then reads the winner's profile, the leaderboard and the notifications page.
func TestProfileAfterRatedGame(t *testing.T) {
	a := newPage(t)
	a.open("/")
	a.signUp("Cleo")
	// The new game form: online, an open challenge, rated, three days a move plus one.
	a.open("/new/reversi")
	a.wait(`document.querySelector("#rated")`)
	a.click(`input[name=who][value=online]`)
	a.click(`input[name=invite][value=open]`)
	a.click(`#rated`)
	a.do(chromedpSelect("#tkind", "correspondence"))
	a.do(chromedpSelect("#tdays", "3"))
	a.do(evalVoid(`document.querySelector("#tincdays").value = "1"`))
	a.click(`form button[type=submit].primary`)
	a.wait(`location.pathname.startsWith("/play/")`)
	id := strings.TrimPrefix(eval[string](a, `location.pathname`), "/play/")
	if got := eval[string](a, `fetch("/api/games").then(r => r.json()).then(l => { const g = l.find(g => g.id === "`+id+`"); return g.rated + " " + g.time; })`); !strings.HasPrefix(got, "true ") {
		t.Errorf("the game made by the form: rated and time %q", got)
	} else {
		t.Logf("the game made by the form: rated and time %q", got)
	}
	b := newPage(t)
	b.open("/")
	b.signUp("Dave")
	b.open("/play/" + id + "?join=1")
	b.wait(`document.querySelector(".board-host[data-ready]") && location.search === ""`)
	got := eval[string](b, `fetch("/api/games/`+id+`/resign", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(r => r.ok ? "ok" : r.text())`)
	if got != "ok" {
		t.Fatalf("resigning: %s", got)
	}
	for i := 0; ; i++ {
		a.open("/players/Cleo")
		a.wait(`document.querySelector("#h-ratings")`)
		if eval[bool](a, `!!document.querySelector(".ratings td")`) {
			break
		}
		if i == 60 {
			t.Fatal("no rating on the profile after 30 seconds")
		}
		time.Sleep(500 * time.Millisecond)
	}
	rating := eval[string](a, `document.querySelector(".ratings tbody tr").innerText`)
	t.Logf("Cleo's rating: %q", rating)
	if !strings.Contains(rating, "±") || !strings.Contains(rating, "Reversi") {
		t.Errorf("the profile's rating row reads %q", rating)
	}
	if n := eval[int](a, `document.querySelectorAll(".game-list li").length`); n < 1 {
		t.Errorf("the profile lists %d recent games", n)
	}
	// The recent game says the result for the profile's player and the opponent's rating.
	if recent := eval[string](a, `document.querySelector(".game-list li").innerText`); !strings.Contains(recent, "Won") || !strings.Contains(recent, "Dave (1500)") {
		t.Errorf("the profile's recent game reads %q", recent)
	}
	if variant := eval[string](a, `document.querySelector(".ratings tbody th").innerText`); variant != "Reversi / Othello 8×8" {
		t.Errorf("the profile's rating is of %q", variant)
	}
	dir := shots(t)
	a.screenshot(dir, "profile-desktop", 1280, 900)
	a.screenshot(dir, "profile-phone", 390, 844)
	a.open("/leaderboard?game=reversi")
	a.wait(`document.querySelector(".ratings tbody tr")`)
	if top := eval[string](a, `document.querySelector(".ratings tbody tr").innerText`); !strings.Contains(top, "Cleo") {
		t.Errorf("the leaderboard's first row reads %q", top)
	}
	a.open("/notifications")
	a.wait(`document.querySelector("h1") && document.querySelector("#notes-link") && !document.querySelector("#notes-link").hidden`)
	for _, q := range []*page{a, b} {
		if errs := q.consoleErrors(); len(errs) > 0 {
			t.Errorf("console errors: %v", errs)
		}
	}
}
