package e2e_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// TestMoveListAndKeys reads an Othello game's move list, numbered by move with Black's and
// White's side by side ("1. f5 d6"), steps through the game with the arrow keys, Home and End,
// and reads a Turncoat game's list, a round a line.
func TestMoveListAndKeys(t *testing.T) {
	p := newPage(t)
	p.open("/")
	id := p.importGame("reversi", "moves", "f5d6c3d3c4f4f6f3e6e7")
	p.openGame(id)
	rows := eval[[]string](p, `[...document.querySelectorAll("ol.moves li:not(.start)")].map(li => li.innerText.replace(/\s+/g, " ").trim())`)
	if len(rows) != 5 || rows[0] != "1. f5 d6" || rows[4] != "5. e6 e7" {
		t.Fatalf("the move list reads %q", rows)
	}
	p.do(evalVoid(`document.activeElement.blur()`))
	p.key(kb.ArrowLeft)
	p.wait(`document.querySelector(".board-host").dataset.replay === "9"`)
	p.key(kb.Home)
	p.wait(`document.querySelector(".board-host").dataset.replay === "0" && document.querySelectorAll(".board-host .disc").length === 4`)
	p.key(kb.ArrowRight)
	p.wait(`document.querySelector(".board-host").dataset.replay === "1"`)
	if cur := eval[string](p, `document.querySelector("ol.moves [aria-current]").innerText`); cur != "f5" {
		t.Errorf("the list marks %q as the move shown", cur)
	}
	p.key(kb.End)
	p.wait(`document.querySelector(".board-host").dataset.replay === undefined && document.querySelector(".replay-bar").hidden`)
	p.scrollTo = "ol.moves"
	p.screenshot(shots(t), "move-list-en-desktop", 1280, 900)

	// Four rounds of hot-seat Turncoat, each side selecting through the API.
	tc := p.newGame(`{kind: "turncoat", mode: "hotseat"}`)
	played := eval[int](p, fmt.Sprintf(`(async () => {
		const url = "/api/games/%s";
		for (let round = 0; round < 4; round++) {
			for (const side of ["first", "second"]) {
				const g = await (await fetch(url + "?as=" + side)).json();
				if (g.view.outcome.over) return round;
				await fetch(url + "/move", {method: "POST", headers: {"Content-Type": "application/json"},
					body: JSON.stringify({side, move: g.view.legal[0]})});
			}
		}
		return 4;
	})()`, tc))
	if played != 4 {
		t.Fatalf("the Turncoat game ended after %d rounds", played)
	}
	p.openGame(tc)
	lines := eval[[]string](p, `[...document.querySelectorAll("ol.moves li.round")].map(li => li.innerText.replace(/\s+/g, " ").trim())`)
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "1. ") || len(strings.Fields(lines[0])) < 3 {
		t.Fatalf("the Turncoat rounds read %q", lines)
	}
	setLanguage(p, "pt")
	p.phone()
	p.scrollTo = "ol.moves"
	p.screenshot(shots(t), "move-list-turncoat-pt-phone", 390, 844)
}

// TestChatAndSpectators has two players chat in an online game (a message with markup shows as
// text), a spectator counted on the players' pages who reads nothing until both players let
// spectators read, and a muted opponent.
func TestChatAndSpectators(t *testing.T) {
	a, b := newPage(t), newPage(t)
	a.open("/")
	b.open("/")
	setLanguage(b, "es")
	id := startOnline(t, a, b, `{}`)
	a.wait(`document.querySelector("#chat-text")`)
	a.type_("#chat-text", "<b>good luck</b>")
	a.key(kb.Enter)
	b.wait(`document.querySelector(".chat-log li")`)
	if got := eval[string](b, `document.querySelector(".chat-log li .chat-body").innerText`); got != "<b>good luck</b>" {
		t.Errorf("the message shows as %q", got)
	}
	if eval[bool](b, `!!document.querySelector(".chat-log b")`) {
		t.Error("the message's markup became an element")
	}
	c := newPage(t)
	c.open("/play/" + id)
	c.wait(`document.querySelector(".board-host[data-ready]")`)
	a.wait(`document.querySelector(".watchers") && !document.querySelector(".watchers").hidden && document.querySelector(".watchers").innerText.includes("1")`)
	if eval[bool](c, `!!document.querySelector(".chat-log li")`) {
		t.Error("a spectator reads the chat before the players let them")
	}
	a.click("#chat-spectators")
	b.click("#chat-spectators")
	c.wait(`document.querySelector(".chat-log li")`)
	// b mutes a: a's next message does not reach b.
	b.click("#chat-mute")
	b.wait(`!document.querySelector(".chat-log li")`)
	a.type_("#chat-text", "second")
	a.key(kb.Enter)
	c.wait(`document.querySelectorAll(".chat-log li").length === 2`)
	time.Sleep(300 * time.Millisecond)
	if n := eval[int](b, `document.querySelectorAll(".chat-log li").length`); n != 0 {
		t.Errorf("b muted a and shows %d messages", n)
	}
	b.click("#chat-mute")
	b.wait(`document.querySelectorAll(".chat-log li").length === 2`)
	dir := shots(t)
	b.scrollTo = ".chat"
	b.screenshot(dir, "chat-es-desktop", 1280, 900)
	a.phone()
	a.scrollTo = ".chat"
	a.screenshot(dir, "chat-en-phone", 390, 844)
	setLanguage(c, "pt")
	c.scrollTo = ".chat"
	c.screenshot(dir, "chat-spectator-pt-desktop", 1280, 900)
}
