package e2e_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// tourBoard is a tournament board as the API lists it.
type tourBoard struct {
	Number int `json:"number"`
	Seats  [2]struct {
		Player string `json:"player"`
		Misses int    `json:"misses"`
	} `json:"seats"`
	Rolls  [][2]int `json:"rolls"`
	ToMove string   `json:"toMove"`
	Due    bool     `json:"due"`
	Status string   `json:"status"`
}

func tourBoards(p *page, id string) []tourBoard {
	p.t.Helper()
	return eval[[]tourBoard](p, fmt.Sprintf(`fetch("/api/tournaments/%s/boards").then(r => r.json())`, id))
}

// postOnBoard has the player of p post a legal move of board n with a click on the board,
// drawn on the tournament's page.
func postOnBoard(t *testing.T, p *page, path string, n int) {
	t.Helper()
	id := strings.TrimPrefix(path, "/tournament/")
	move := eval[string](p, fmt.Sprintf(`fetch("/api/tournaments/%s/boards/%d").then(r => r.json()).then(b => b.view.legal[0])`, id, n))
	p.open(path)
	cell := fmt.Sprintf(`.tour-mini.mine .board-host[data-board="%d"] svg.board .cell[data-coord=%q] rect`, n, move)
	p.wait(`document.querySelector('` + cell + `')`)
	p.click(cell)
	// Posted: the page is drawn again, without the board to post on.
	p.wait(fmt.Sprintf(`!document.querySelector('.tour-mini.mine .board-host[data-board="%d"]') && document.querySelector(".tour-phase")`, n))
}

// TestClubTournament runs a whole small tournament through the pages only, as a club evening
// with rounds of ten minutes: the host creates it with the game's options chosen from selects,
// four players subscribe, the host is told that nothing is due yet and then starts at once
// (asked twice); the boards show their dice; players post by clicking their boards; a player
// who does not post has their turn passed (the forced-pass rule), twice, and the host replaces
// them with a reserve who volunteered; the standings list everyone; a forfeit writes the
// ledger.
func TestClubTournament(t *testing.T) {
	dir := shots(t)
	host := newPage(t)
	host.open("/")
	host.signUp("Hana")
	host.open("/tournaments")
	host.wait(`document.querySelector(".tour-create select[name=opt-size]")`)
	host.type_(`#tc-title`, "Club evening")
	host.do(chromedpSelect("#tc-game", "reversi"))
	host.do(chromedpSelect(`.tour-create select[name=opt-size]`, "6"))
	host.do(chromedpSelect("#tc-round", "10m"))
	host.do(chromedpSelect("#tc-window", "1h"))
	host.do(chromedpSelect("#tc-missed", "pass"))
	host.scrollTo = ".tour-create"
	host.screenshot(dir, "tournament-create-en-desktop", 1280, 900)
	host.click(`.tour-create button[type=submit]`)
	host.wait(`location.pathname.startsWith("/tournament/") && document.querySelector(".tour-phase")`)
	path := eval[string](host, `location.pathname`)
	id := strings.TrimPrefix(path, "/tournament/")

	players := map[string]*page{}
	for _, name := range []string{"Ivo", "Jan", "Kim", "Lea"} {
		p := newPage(t)
		p.open("/")
		p.signUp(name)
		p.open(path)
		p.wait(`document.querySelector("#tour-subscribe")`)
		p.click(`#tour-subscribe`)
		p.wait(fmt.Sprintf(`document.querySelector(".tour-subscribers")?.textContent.includes(%q)`, name))
		players[name] = p
	}
	// Nothing is due before the window ends: the host is told so.
	host.open(path)
	host.wait(`document.querySelector("#tour-advance")`)
	host.click(`#tour-advance`)
	host.wait(`document.querySelector(".tour-said")?.textContent.includes("Nothing was due")`)
	// Start now, asked twice.
	host.wait(`document.querySelector("#tour-start")`)
	host.click(`#tour-start`)
	host.wait(`document.querySelector("#tour-start-yes")`)
	if q := eval[string](host, `document.querySelector(".tour-start").innerText`); !strings.Contains(q, "4 players") {
		t.Errorf("the confirmation reads %q", q)
	}
	host.click(`#tour-start-yes`)
	host.wait(`document.querySelector(".tour-round")?.textContent.includes("Round 1")`)
	if said := eval[string](host, `document.querySelector(".tour-said")?.textContent || ""`); !strings.Contains(said, "2 boards") || !strings.Contains(said, "Round 1 opened") {
		t.Errorf("after the start the host reads %q", said)
	}
	// The boards come in a request of their own, after the round's line.
	host.wait(`document.querySelectorAll(".tour-boards .tour-dice").length === 2`)
	dice := eval[string](host, `document.querySelector(".tour-dice").textContent`)
	t.Logf("board 1: %s", dice)
	bs := tourBoards(host, id)
	if len(bs) != 2 || len(bs[0].Rolls) == 0 {
		t.Fatalf("boards %+v", bs)
	}
	red1, blue1, red2, blue2 := bs[0].Seats[0].Player, bs[0].Seats[1].Player, bs[1].Seats[0].Player, bs[1].Seats[1].Player

	// Round 1 (Red): board 1 posts, board 2's Red does not; the round's time runs out.
	postOnBoard(t, players[red1], path, 1)
	miss := func(round string) {
		t.Helper()
		suite.skew.Add(int64(11 * time.Minute))
		host.open(path)
		host.wait(`document.querySelector("#tour-advance")`)
		// The host's buttons come last, once all above them is drawn (the boards in play, the
		// summary): they do not move once there, and one click does it.
		top := `document.querySelector("#tour-advance").getBoundingClientRect().top + scrollY`
		at := eval[float64](host, top)
		host.wait(`document.querySelectorAll(".tour-mini svg.board").length > 0 && document.querySelector(".tour-summary").textContent.length > 0`)
		if now := eval[float64](host, top); now != at {
			t.Errorf("the host's Advance button moved from %.0f px to %.0f px after it appeared", at, now)
		}
		host.click(`#tour-advance`)
		host.wait(`(document.querySelector(".tour-said")?.textContent || "").length > 0`)
		host.wait(fmt.Sprintf(`document.querySelector(".tour-round")?.textContent.includes(%q)`, round))
		// The host's click closes the round, unless the round's deadline job (working on the
		// same skewed clock) came first: the host is then told nothing was due, and the miss
		// shows on the board all the same (checked below).
		if said := eval[string](host, `document.querySelector(".tour-said")?.textContent || ""`); !strings.Contains(said, "was passed") && !strings.Contains(said, "Nothing was due") {
			t.Errorf("after the round's time ran out the host reads %q", said)
		}
	}
	miss("Round 2")
	if b := tourBoards(host, id)[1]; b.Seats[0].Misses != 1 || b.ToMove != "second" {
		t.Fatalf("board 2 after Red's miss: %+v", b)
	}
	// Round 2 (Blue): both post; the round closes at once.
	postOnBoard(t, players[blue1], path, 1)
	postOnBoard(t, players[blue2], path, 2)
	host.open(path)
	host.wait(`document.querySelector(".tour-round")?.textContent.includes("Round 3")`)
	// Round 3 (Red): board 2's Red misses again.
	postOnBoard(t, players[red1], path, 1)
	miss("Round 4")

	// A reserve volunteers; the host replaces the player who missed twice.
	max := newPage(t)
	max.open("/")
	max.signUp("Max")
	max.open(path)
	max.wait(`document.querySelector("#tour-reserve")`)
	max.click(`#tour-reserve`)
	max.wait(`document.body.innerText.includes("Reserves: Max")`)
	host.open(path)
	host.wait(`document.querySelector("#tour-replace")`)
	host.do(chromedpSelect("#th-replace-board", "2"))
	host.type_("#th-replace-out", red2)
	host.type_("#th-replace-in", "Max")
	host.click(`#tour-replace button[type=submit]`)
	host.wait(`document.querySelector(".tour-said")?.textContent.includes("Max replaces") && document.querySelector("#tour-forfeit")`)
	if b := tourBoards(host, id)[1]; b.Seats[0].Player != "Max" {
		t.Fatalf("board 2 after the replacement: %+v", b)
	}
	// The standings list every player who held a seat.
	host.wait(`document.querySelectorAll(".tour-standings tbody tr").length >= 5`)
	// A forfeit ends board 1: its winner's reward is in the ledger.
	host.do(chromedpSelect("#th-forfeit-board", "1"))
	host.type_("#th-forfeit-player", blue1)
	host.type_("#th-forfeit-reason", "left early")
	host.click(`#tour-forfeit button[type=submit]`)
	host.wait(`document.querySelector(".tour-said")?.textContent.includes("Board #1 is over")`)
	host.wait(`document.querySelector(".tour-ledger li")?.textContent.includes("WRZ$")`)
	if l := eval[string](host, `document.querySelector(".tour-ledger li").textContent`); !strings.Contains(l, red1) {
		t.Errorf("the ledger's entry reads %q; board 1's winner is %s", l, red1)
	}
	host.screenshot(dir, "tournament-club-en-desktop", 1280, 900)
	host.scrollTo = ".tour-standings"
	host.screenshot(dir, "tournament-club-standings-en-desktop", 1280, 900)
	setLanguage(host, "pt")
	host.wait(`document.querySelector(".tour-host")`)
	host.screenshot(dir, "tournament-club-pt-phone", 390, 844)
	setLanguage(host, "es")
	host.wait(`document.querySelector(".tour-host")`)
	host.scrollTo = ".tour-host"
	host.screenshot(dir, "tournament-club-host-es-phone", 390, 844)
	_ = blue2
}
