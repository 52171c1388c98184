package e2e_test

import (
	"fmt"
	"strings"
	"testing"
)

// untranslatedJS lists the visible strings of the page (text, and the labels, titles and
// placeholders assistive technology reads) that are neither made of the active language's
// catalogue (each value a pattern, its {placeholders} standing for anything) nor data: move
// notation and coordinates, numbers, player names, the names of the languages and formats.
// The rules article is English by design (marked lang="en") and is left out, and so is what
// users wrote (a tournament's title, marked translate="no"); coordinates around the boards are
// data.
const untranslatedJS = `(async lang => {
	const cat = await (await fetch("/i18n/" + lang + ".json")).json();
	const esc = s => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
	// One pattern: every catalogue text, the longest first; a {placeholder} stands for another
	// catalogue text or a word of data.
	const vals = Object.values(cat).filter(v => /\p{L}{2}/u.test(v));
	const literal = v => v.replace(/\{\w+\}/g, "").length;
	const plain = vals.filter(v => !/\{\w+\}/.test(v) && v.length <= 40).sort((a, b) => b.length - a.length).map(esc);
	const hole = "(?:" + plain.join("|") + "|[^\\s,;:!?()]+)";
	const all = vals.slice().sort((a, b) => literal(b) - literal(a)).map(v => esc(v).replace(/\\\{\w+\\\}/g, hole));
	const pats = [new RegExp(all.join("|"), "gu")];
	const whole = new RegExp("^(?:" + all.join("|") + ")$", "u");
	const data = [
		/\b(Turncoat|English|Português|Español|GGF|JSON|IA|AI|pass|claim)\b/g,
		/[A-Za-z]?[.:x]?[A-Z]?[a-h][1-8](-[a-h][1-8]|\.[A-Z]?[a-h]?[1-8])?(\.Q)?\+*/g,
		/\b[a-h]?[1-8]\b/g,
		/\b\p{L}\b/gu,
	];
	const seen = [];
	const shown = el => el.closest("select") || (el.getClientRects().length > 0 && !el.closest("[hidden]"));
	const skip = el => el.closest("script, style, time, [lang=en], [translate=no], .coords, [aria-hidden=true]");
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	while (walker.nextNode()) {
		const n = walker.currentNode, el = n.parentElement;
		if (!el || skip(el) || !shown(el)) continue;
		const s = n.textContent.trim();
		if (s) seen.push(s);
	}
	for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
		if (skip(el) && !el.matches(".cell")) continue;
		for (const a of ["aria-label", "title"]) if (el.getAttribute(a)) seen.push(el.getAttribute(a));
	}
	const bad = [];
	for (const s of seen) {
		if (whole.test(s)) continue;
		// Names first: a catalogue word ("no") inside a guest's name must not split it.
		let rest = s.replace(/guest-[a-z0-9]+/g, " ");
		for (const re of pats) rest = rest.replace(re, " ");
		for (const re of data) rest = rest.replace(re, " ");
		if (/\p{L}{2,}/u.test(rest)) bad.push(JSON.stringify(s) + " leaves " + JSON.stringify(rest.trim()));
	}
	return [...new Set(bad)];
})`

// setLanguage switches the page's language with the header's menu, as a person would.
func setLanguage(p *page, lang string) {
	p.t.Helper()
	p.do(chromedpSelect("#pref-lang", lang))
	p.wait(fmt.Sprintf(`document.documentElement.lang === %q && document.documentElement.dataset.ready === "1"`, lang))
}

// TestNoUntranslatedText switches the language (English, Portuguese, Spanish) and checks every
// page and every game's board for a visible string the active catalogue does not account for.
func TestNoUntranslatedText(t *testing.T) {
	p := newPage(t)
	p.open("/")
	var gameIDs []string
	for _, body := range []string{
		`{kind: "reversi", mode: "ai", level: 1}`,
		`{kind: "turncoat", mode: "hotseat"}`,
		`{kind: "turnover", mode: "ai", level: 1}`,
		`{kind: "blocs", mode: "hotseat"}`,
		`{kind: "troll", mode: "ai", level: 1}`,
		`{kind: "reversi", mode: "online", open: false}`,
		`{kind: "reversi", mode: "online", open: true, options: {size: "6"}, correspondence: {days: 2}}`,
	} {
		gameIDs = append(gameIDs, p.newGame(body))
	}
	// A finished game: resigned at once.
	over := p.newGame(`{kind: "reversi", mode: "hotseat", options: {size: "6"}}`)
	eval[any](p, fmt.Sprintf(`fetch("/api/games/%s/resign", {method: "POST", headers: {"Content-Type": "application/json"}, body: '{"side":"first"}'}).then(r => r.status)`, over))
	gameIDs = append(gameIDs, over)
	pages := []string{"/", "/new/reversi", "/new/turncoat", "/new/turnover", "/new/blocs", "/new/troll", "/lobby", "/analysis", "/import", "/account", "/rules/turnover", "/nowhere", "/tournaments", "/offline",
		"/trainer", "/trainer?line=f5d6c3d3c4&color=white"}
	for _, lang := range []string{"pt", "es", "en"} {
		setLanguage(p, lang)
		check := func(where string) {
			bad := eval[[]string](p, untranslatedJS+fmt.Sprintf("(%q)", lang))
			if len(bad) > 0 {
				t.Errorf("%s %s: untranslated:\n  %s", lang, where, strings.Join(bad, "\n  "))
			}
		}
		for _, path := range pages {
			p.open(path)
			if path == "/analysis" {
				p.wait(`document.querySelector("ol.values li")`)
			}
			if strings.HasPrefix(path, "/trainer?") {
				p.wait(`document.querySelector("#tr-drill[data-state=ready]")`)
			}
			check(path)
		}
		for _, id := range gameIDs {
			p.openGame(id)
			check("/play/" + id)
		}
	}
}
