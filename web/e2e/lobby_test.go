package e2e_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestLobbyShowsWhatOneAccepts posts a rated 6x6 Othello challenge at a day a move and a casual
// Troll one: the lobby shows, before Accept, the board size, rated or casual, the time control,
// the challenger and their rating; the filter by game shows one game's challenges.
func TestLobbyShowsWhatOneAccepts(t *testing.T) {
	a := newPage(t)
	a.open("/")
	a.signUp("Tilda")
	rated := a.newGame(`{kind: "reversi", mode: "online", open: true, rated: true, options: {size: "6"}, correspondence: {days: 1}}`)
	casual := a.newGame(`{kind: "troll", mode: "online", open: true, time: {kind: "fischer", baseMs: 300000, incrementMs: 3000}}`)
	b := newPage(t)
	b.open("/lobby")
	row := fmt.Sprintf(`.lobby-list li[data-game=%q]`, rated)
	b.wait(`document.querySelector('` + row + `')`)
	text := eval[string](b, `document.querySelector('`+row+`').innerText`)
	for _, want := range []string{"6×6", "Rated", "1 day a move", "Tilda", "new player", "Accept"} {
		if !strings.Contains(text, want) {
			t.Errorf("the challenge reads %q: no %q", text, want)
		}
	}
	if text := eval[string](b, fmt.Sprintf(`document.querySelector('.lobby-list li[data-game=%q]').innerText`, casual)); !strings.Contains(text, "Casual") || !strings.Contains(text, "5 min + 3 s") {
		t.Errorf("the casual challenge reads %q", text)
	}
	b.do(chromedpSelect("#lobby-filter", "troll"))
	b.wait(`!document.querySelector('` + row + `') && document.querySelector('.lobby-list li[data-kind=troll]')`)
	dir := shots(t)
	b.screenshot(dir, "lobby-filtered-en-desktop", 1280, 900)
	b.do(chromedpSelect("#lobby-filter", ""))
	setLanguage(b, "pt")
	b.wait(`document.querySelector('` + row + `')`)
	b.screenshot(dir, "lobby-pt-phone", 390, 844)
	setLanguage(b, "es")
	b.open("/")
	b.wait(`document.querySelector('.challenges .challenge-details')`)
	b.screenshot(dir, "home-challenges-es-desktop", 1280, 900)
}

// TestHomeMarksYourMove has two guests start an online game: the home page of the one to move
// marks the game, the other's does not.
func TestHomeMarksYourMove(t *testing.T) {
	a, b := newPage(t), newPage(t)
	a.open("/")
	b.open("/")
	id := startOnline(t, a, b, `{}`)
	a.open("/")
	link := fmt.Sprintf(`.mine a[href="/play/%s"]`, id)
	a.wait(`document.querySelector('` + link + `')`)
	if !eval[bool](a, `document.querySelector('`+link+`').closest("li").classList.contains("your-move")`) {
		t.Error("the home page of the player to move does not mark the game")
	}
	b.open("/")
	b.wait(`document.querySelector('` + link + `')`)
	if eval[bool](b, `document.querySelector('`+link+`').closest("li").classList.contains("your-move")`) {
		t.Error("the home page of the player who waits marks the game as theirs to move")
	}
	setLanguage(a, "pt")
	a.wait(`document.querySelector('.your-move-tag')`)
	a.scrollTo = ".mine"
	a.screenshot(shots(t), "home-your-move-pt-phone", 390, 844)
}

// TestNotificationsInWords plays a move in a correspondence game: the opponent's notification
// names the mover and the game (no id), gives the deadline in the reader's local time, and reads
// in the page's language.
func TestNotificationsInWords(t *testing.T) {
	a, b := newPage(t), newPage(t)
	a.open("/")
	a.signUp("Nora")
	b.open("/")
	b.signUp("Otto")
	id := startOnline(t, a, b, `{correspondence: {days: 2}}`)
	a.clickCell(a.view(id, "").Legal[0])
	b.waitFor(`!document.querySelector("#notes-badge")?.hidden`, 30*time.Second)
	b.open("/notifications")
	b.wait(`document.querySelector(".notes li")`)
	got := eval[string](b, `document.querySelector(".notes li a").innerText`)
	if !strings.Contains(got, "Your move against Nora in Reversi / Othello, by ") || strings.Contains(got, id) || strings.Contains(got, "UTC") {
		t.Errorf("the notification reads %q", got)
	}
	setLanguage(b, "pt")
	b.wait(`document.querySelector(".notes li a")?.innerText.startsWith("É a sua vez contra Nora")`)
	b.screenshot(shots(t), "notifications-pt-phone", 390, 844)
}
