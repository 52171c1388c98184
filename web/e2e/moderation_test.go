package e2e_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"turncoat/app"
)

// TestReportHideAndMute on a phone's screen: a player reports an insult in a game's chat through
// the line's actions and the report dialog; a moderator opens the moderation page, sees the
// report with the line in its context, hides the line (the reporter's chat shows it hidden by a
// moderator) and mutes its author, who is then refused with the mute's end; the page's log shows
// both actions. Last, the reporter blocks the author from their profile.
func TestReportHideAndMute(t *testing.T) {
	troll, victim, mod := newPage(t), newPage(t), newPage(t)
	for p, name := range map[*page]string{troll: "ModTroll", victim: "ModVictim", mod: "ModMo"} {
		p.open("/")
		p.signUp(name)
	}
	if _, err := app.NewAdmin(suite.st).SetModerator(context.Background(), "ModMo", true); err != nil {
		t.Fatal(err)
	}
	victim.phone()
	startOnline(t, troll, victim, `{}`)
	troll.wait(`document.querySelector("#chat-text")`)
	troll.type_("#chat-text", "you play like a donkey")
	troll.key(kb.Enter)
	victim.wait(`document.querySelector(".chat-log li .chat-more")`)
	victim.click(".chat-log li .chat-more")
	victim.click(".chat-log li .chat-report")
	victim.wait(`document.querySelector("dialog.report-dialog[open]")`)
	victim.do(chromedpSelect("#report-category", "abuse"))
	victim.type_("#report-reason", "An insult in the chat")
	dir := shots(t)
	victim.screenshot(dir, "report-dialog-en-phone", 390, 844)
	victim.phone()
	victim.click("#report-send")
	victim.wait(`!document.querySelector("dialog.report-dialog")`)

	mod.phone()
	mod.open("/moderation")
	mod.wait(`document.querySelector("article.report .report-lines li.reported")`)
	if got := eval[string](mod, `document.querySelector("article.report .report-lines li.reported").innerText`); got != "ModTroll you play like a donkey" {
		t.Errorf("the reported line: %q", got)
	}
	if !eval[bool](mod, `!!document.querySelector("article.report a[href^='/play/']")`) {
		t.Error("no link to the game")
	}
	mod.screenshot(dir, "moderation-report-en-phone", 390, 844)
	mod.phone()
	mod.type_("article.report .mod-reason", "insult")
	mod.click("article.report .mod-hide")
	mod.wait(`document.querySelector("article.report .mod-unhide")`)
	victim.wait(`document.querySelector(".chat-log li .chat-hidden")`)
	if got := eval[string](victim, `document.querySelector(".chat-log li").innerText`); got != "ModTroll hidden by a moderator" {
		t.Errorf("the hidden line on the reporter's page: %q", got)
	}
	mod.type_("article.report .mod-reason", "insults")
	mod.do(chromedpSelect("article.report .mod-minutes", "60"))
	mod.click("article.report .mod-mute")
	mod.wait(`[...document.querySelectorAll(".mod-log tbody tr")].length === 2`)
	if got := eval[string](mod, `document.querySelector(".mod-log tbody tr").innerText`); !containsAll(got, "ModMo", "Mute in the chat", "ModTroll", "insults") {
		t.Errorf("the log's newest entry: %q", got)
	}
	mod.scrollTo = ".mod-log"
	mod.screenshot(dir, "moderation-log-en-phone", 390, 844)
	victim.scrollTo = ".chat"
	victim.screenshot(dir, "chat-hidden-en-phone", 390, 844)

	troll.type_("#chat-text", "sorry not sorry")
	troll.key(kb.Enter)
	troll.wait(`[...document.querySelectorAll(".toast.error")].some(e => e.innerText.includes("muted you in the chat until"))`)
	troll.forgetErrors("403 (Forbidden)")

	// The troll's profile: the victim blocks them there.
	victim.open("/players/ModTroll")
	victim.wait(`document.querySelector("#block-user")`)
	victim.click("#block-user")
	victim.wait(`document.querySelector("#block-user").innerText === "Unblock"`)
	if got := eval[string](victim, `fetch("/api/me/blocks").then(r => r.json()).then(b => b.users.join())`); got != "ModTroll" {
		t.Errorf("the victim's blocks after the profile's button: %q", got)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
