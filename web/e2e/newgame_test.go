package e2e_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"turncoat/app"
	"turncoat/game"
	"turncoat/games"
	"turncoat/internal/testgame"
	"turncoat/platform/accounts"
	"turncoat/store"
	"turncoat/web"
)

// serveWithTestGame starts a server of its own whose registry holds the program's games and
// the test game (tic-tac-toe with discs), which nothing in the web UI knows by name: no board
// module, no rules page, no words in the catalogues. It returns the server's address.
func serveWithTestGame(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "newgame.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	reg := game.NewRegistry(append(games.Registry().Games(), testgame.Game{})...)
	srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: reg, Web: web.Files(), Log: slog.New(slog.DiscardHandler),
		MaxThink: 20 * time.Second, LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
		srv.Close()
		st.Close()
	})
	return ts.URL
}

// TestNewGame plays a game the web UI has never heard of, to its end, by clicks: the home page
// lists it from the server's description (its title and summary in the server's English, in
// Portuguese too, with an icon of its piece style), its rules page says there is none, and its
// board is the generic one (checkered, as the game says) that takes its moves from the view's
// legal actions, refuses a taken square, marks the last move and the winning line, and ends
// with the result in words.
func TestNewGame(t *testing.T) {
	base := serveWithTestGame(t)
	p := newPage(t)
	open := func(path string) {
		t.Helper()
		p.do(chromedp.Navigate(base + path))
		p.wait(`document.documentElement.dataset.ready === "1"`)
	}
	dir := shots(t)
	info := game.InfoOf(testgame.Game{})

	open("/")
	card := `.game-card[data-kind="tictactoe"]`
	p.wait(`document.querySelector('` + card + `')`)
	text := eval[string](p, `document.querySelector('`+card+`').innerText`)
	if !strings.Contains(text, "Tic-tac-toe") || !strings.Contains(text, info.Summary) {
		t.Fatalf("the home page's card of the new game says %q", text)
	}
	if eval[int](p, `document.querySelectorAll('`+card+` svg.game-icon .i-b, `+card+` svg.game-icon .i-dark').length`) == 0 {
		t.Error("the new game's icon has neither discs nor checkered squares")
	}
	// In a language whose catalogue does not know the game, the server's English stands in.
	setLanguage(p, "pt")
	if got := eval[string](p, `document.querySelector('`+card+` p').innerText`); got != info.Summary {
		t.Errorf("in Portuguese the new game's summary is %q, want the server's %q", got, info.Summary)
	}
	setLanguage(p, "en")

	// No rules page: said as such.
	open("/rules/tictactoe")
	p.wait(`document.querySelector(".rules-none")`)
	if got := eval[string](p, `document.querySelector(".rules-none").innerText`); !strings.Contains(got, "Tic-tac-toe") {
		t.Errorf("the rules page of the new game says %q", got)
	}
	if eval[int](p, `document.querySelectorAll(".rules-nav a").length`) < 6 {
		t.Error("the rules page does not list every game the server plays")
	}

	// A hot-seat game on the 3x3 board: Black a1 b1 c1, White a2 b2, and a taken square refused.
	id := p.newGame(`{kind: "tictactoe", mode: "hotseat", options: {size: "3"}}`)
	p.do(chromedp.Navigate(base + "/play/" + id))
	p.wait(`document.querySelector(".board-host[data-ready]")`)
	if !eval[bool](p, `document.querySelector(".board-host svg.board").classList.contains("checkered")`) {
		t.Error("the board is not checkered, as the game says it is")
	}
	for i, move := range []string{"a1", "a2", "b1", "a1", "b2", "c1"} {
		v := p.view(id, "")
		p.clickCell(move)
		if move == "a1" && i > 0 {
			p.wait(`[...document.querySelectorAll(".toast")].some(e => e.innerText.includes("a1"))`)
			if after := p.view(id, ""); after.Version != v.Version {
				t.Fatalf("a click on the taken square a1 played a move (version %d to %d)", v.Version, after.Version)
			}
			continue
		}
		p.settled(v.Version + 1)
		if i == 2 {
			// The last move is marked on its square, and the board says it to screen readers.
			if got := eval[string](p, `document.querySelector('.cell[data-coord="b1"]').getAttribute("aria-label")`); !strings.Contains(got, "last move") {
				t.Errorf("b1 after Black's move there reads %q", got)
			}
			if eval[int](p, `document.querySelectorAll(".last-mark").length`) != 1 {
				t.Error("the last move is not marked")
			}
			p.screenshot(dir, "newgame-tictactoe-playing-desktop", 1280, 900)
		}
	}
	p.wait(`!document.querySelector("#result").hidden`)
	if got := eval[string](p, `document.querySelector("#result").innerText`); !strings.Contains(got, "Black") {
		t.Errorf("the result says %q, want Black's win", got)
	}
	if v := p.view(id, ""); !v.Over || v.Ply != 5 {
		t.Fatalf("after Black's row: over %v at ply %d", v.Over, v.Ply)
	}
	if n := eval[int](p, `document.querySelectorAll(".chain-dot").length`); n != 3 {
		t.Errorf("%d squares of the winning line marked, want 3", n)
	}
	if n := eval[int](p, `document.querySelectorAll(".cell.legal").length`); n != 0 {
		t.Errorf("%d squares still take a move after the end", n)
	}
	if got := eval[string](p, `document.querySelector(".player[data-side=first] .tally").innerText`); got != "3" {
		t.Errorf("Black's count reads %q, want 3", got)
	}
	p.screenshot(dir, "newgame-tictactoe-over-desktop", 1280, 900)
	p.screenshot(dir, "newgame-tictactoe-over-phone", 390, 844)
	t.Logf("played %s to its end by clicks at %s", testgame.Name, fmt.Sprintf("%s/play/%s", base, id))
}

// TestGenericBoardPlaysAnyGame draws the games that have boards of their own with the generic
// board instead, and plays a move on each by clicks, as a new game would be played: Reversi by
// a click on a square, Turncoat by a click on the viewer's own board of the two drawn, Turnover by picking a stack and then its destination (the moves the
// game describes from square to square), Blocs' placements by a square and then the face to
// put up, from the buttons the board offers for the moves that start on one square.
func TestGenericBoardPlaysAnyGame(t *testing.T) {
	p := newPage(t)
	p.open("/")
	for _, c := range []struct {
		kind   string
		clicks func(legal []string, actions []struct{ Move, From, To string }) (moves []string, want string)
	}{
		{"reversi", func(legal []string, _ []struct{ Move, From, To string }) ([]string, string) {
			return []string{"cell:" + legal[0]}, legal[0]
		}},
		{"turnover", func(_ []string, actions []struct{ Move, From, To string }) ([]string, string) {
			a := actions[len(actions)/2]
			return []string{"cell:" + a.From, "cell:" + a.To}, a.Move
		}},
		{"turncoat", func(legal []string, _ []struct{ Move, From, To string }) ([]string, string) {
			return []string{"cell:" + legal[len(legal)/2]}, legal[len(legal)/2] // on Red's board, the first drawn
		}},
		{"blocs", func(legal []string, _ []struct{ Move, From, To string }) ([]string, string) {
			m := legal[len(legal)-1] // "Wd4": the white face up
			return []string{"cell:" + m[1:], "choice:" + m}, m
		}},
	} {
		t.Run(c.kind, func(t *testing.T) {
			id := p.newGame(fmt.Sprintf(`{kind: %q, mode: "hotseat"}`, c.kind))
			g := eval[struct {
				View struct {
					Legal []string `json:"legal"`
				} `json:"view"`
				Actions []struct{ Move, From, To string } `json:"actions"`
			}](p, gameJS(id))
			clicks, want := c.clicks(g.View.Legal, g.Actions)
			// The generic board in a box of its own, fed the game's view and actions; its moves
			// are recorded, not sent.
			eval[bool](p, fmt.Sprintf(`(async () => {
				const m = await import(new URL("board/generic.js", document.querySelector("script[type=module]").src));
				const g = await fetch("/api/games/%s").then(r => r.json());
				document.querySelector("#generic")?.remove();
				const host = document.createElement("div");
				host.id = "generic";
				host.className = "board-host";
				document.querySelector("main").prepend(host);
				window.played = [];
				const board = m.create(host, {t: k => k, kind: g.kind, label: "generic", sideName: s => s,
					act: move => window.played.push(move), refuse: () => {}, say: () => {}});
				board.draw(g.view, {interactive: true, actions: g.actions || []});
				return true;
			})()`, id))
			for _, click := range clicks {
				what, arg, _ := strings.Cut(click, ":")
				if what == "cell" {
					p.click(fmt.Sprintf(`#generic .cell[data-coord=%q] rect`, arg))
				} else {
					p.click(fmt.Sprintf(`#generic .choice[data-move=%q]`, arg))
				}
			}
			if got := eval[[]string](p, `window.played`); len(got) != 1 || got[0] != want {
				t.Fatalf("clicks %v played %v, want %s", clicks, got, want)
			}
		})
	}
}
