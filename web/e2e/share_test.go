package e2e_test

import (
	"strings"
	"testing"
)

// TestShareBoardPictures opens a game's page: its head carries the link preview's Open Graph
// and Twitter card tags, written by the server, whose picture loads; the Share panel shows the
// board's picture, which loads, the animated GIF, which loads, and the forum code that links the
// picture to the game.
func TestShareBoardPictures(t *testing.T) {
	p := newPage(t)
	p.open("/")
	id := p.importGame("reversi", "moves", "f5d6c3d3c4f4f6f3e6e7")
	p.openGame(id)
	tags := eval[map[string]string](p, `Object.fromEntries([...document.head.querySelectorAll("meta[property^='og:'], meta[name^='twitter:']")]
		.map(m => [m.getAttribute("property") || m.getAttribute("name"), m.content]))`)
	for _, k := range []string{"og:title", "og:description", "og:url", "og:image", "twitter:card", "twitter:image"} {
		if tags[k] == "" {
			t.Errorf("the page has no %s: %v", k, tags)
		}
	}
	if !strings.HasPrefix(tags["og:image"], suite.url+"/api/games/"+id+"/board.png") || tags["og:url"] != suite.url+"/play/"+id {
		t.Fatalf("the preview's URLs: %v", tags)
	}
	// The preview's picture loads as an image of the board's width.
	if w := eval[int](p, `new Promise(ok => { const i = new Image(); i.onload = () => ok(i.naturalWidth); i.onerror = () => ok(-1);
		i.src = document.head.querySelector("meta[property='og:image']").content; })`); w != 480 {
		t.Errorf("the preview's picture loads %d pixels wide, want 480", w)
	}
	p.do(evalVoid(`[...document.querySelectorAll("details.box")].find(d => d.querySelector("#share-url")).open = true`))
	p.wait(`(() => { const i = document.getElementById("share-image"); return i && i.complete && i.naturalWidth === 240; })()`)
	gifWidth := eval[int](p, `new Promise(ok => { const i = new Image(); i.onload = () => ok(i.naturalWidth); i.onerror = () => ok(-1);
		i.src = document.getElementById("share-gif").href; })`)
	if gifWidth != 480 {
		t.Errorf("the game's GIF loads %d pixels wide, want 480", gifWidth)
	}
	codes := eval[[]string](p, `["share-bbcode", "share-markdown"].map(id => document.getElementById(id).value)`)
	png := suite.url + "/api/games/" + id + "/board.png"
	game := suite.url + "/play/" + id
	if codes[0] != "[url="+game+"][img]"+png+"[/img][/url]" || !strings.HasSuffix(codes[1], "]("+png+")]("+game+")") {
		t.Errorf("the forum code: %q", codes)
	}
	dir := shots(t)
	p.scrollTo = "#share-url"
	p.screenshot(dir, "share-panel-en-desktop", 1280, 900)
	p.screenshot(dir, "share-panel-en-phone", 390, 844)
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestMailAddressOnAccountPage gives the address for the notices by mail on the account page,
// in Portuguese: the server keeps it, waiting for its confirmation, with the page's language, and
// the page shows it again.
func TestMailAddressOnAccountPage(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.signUp("Mailreader")
	p.do(chromedpSelect("#pref-lang", "pt"))
	p.wait(`document.querySelector(".mail-settings h2")?.textContent === "Avisos por e-mail"`)
	p.type_("#mail-address", "reader@example.org")
	p.click(`.mail-settings button[type=submit]`)
	p.wait(`document.querySelector(".toast")?.textContent.includes("link de confirmação")`)
	got := eval[map[string]any](p, `fetch("/api/me/email").then(r => r.json())`)
	if got["pending"] != "reader@example.org" || got["email"] != "" || got["lang"] != "pt" {
		t.Fatalf("the mail settings kept: %v", got)
	}
	p.open("/account")
	p.wait(`document.getElementById("mail-address")?.value === "reader@example.org"`)
}
