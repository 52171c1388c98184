package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// maxUIBytes is the budget of the whole UI, uncompressed: HTML, scripts, styles, catalogues,
// rules (300 KB until the game page gained its chat and ratings, the tournaments their tools and
// the analysis board the named openings; 400 KB until the account page gained the confirmed
// address, passwords, one's data and closing, with the pages of the mailed links, and the
// moderation its dialog, page and catalogue entries; 452 KB until the app played on the device
// without the network (its page, the store of its games, the service worker and their words),
// the game page gained its review (15 KB in three languages), the opening trainer its page and
// the puzzles theirs, with the home page's daily puzzle, and their catalogue entries; 545 KB
// until the puzzles took every game, with each game's task, verdicts and values in its unit in
// three languages; 560 KB until the AI's moves of a game against the AI were found in the
// browser, and the device's games gained hints, takebacks and the replay).
const maxUIBytes = 572 * 1024

// engineFiles are the browser's engine, built from Go (see web/worker), and Go's glue for it.
var engineFiles = map[string]bool{"engine/engine.wasm.gz": true, "engine/wasm_exec.js": true, "engine/engine.sources": true}

// TestUISize keeps the UI under its budget and reports its size, plain and gzipped.
func TestUISize(t *testing.T) {
	var total, zipped int
	fs.WalkDir(Files(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if engineFiles[p] {
			return nil // the browser's engine has a budget of its own (web/worker)
		}
		b, err := fs.ReadFile(Files(), p)
		if err != nil {
			t.Fatal(err)
		}
		total += len(b)
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(b)
		w.Close()
		zipped += min(z.Len(), len(b))
		return nil
	})
	t.Logf("the UI: %d bytes, %d gzipped", total, zipped)
	if total > maxUIBytes {
		t.Errorf("the UI is %d bytes: over its budget of %d", total, maxUIBytes)
	}
	if total == 0 {
		t.Fatal("no files")
	}
}

func catalogue(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := fs.ReadFile(Files(), "i18n/"+lang+".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s.json: %v", lang, err)
	}
	return m
}

var placeholder = regexp.MustCompile(`\{\w+\}`)

func placeholders(s string) []string {
	p := placeholder.FindAllString(s, -1)
	slices.Sort(p)
	return slices.Compact(p)
}

// sameInEveryLanguage are the texts that are rightly the same in English, Portuguese and
// Spanish: names, numbers, letters, formats.
var sameInEveryLanguage = map[string]bool{
	"game.reversi.title": true, "game.turncoat.title": true, "game.turnover.title": true, "game.blocs.title": true, "game.troll.title": true,
	"opt.reversi.size.4": true, "opt.reversi.size.6": true, "opt.reversi.size.8": true,
	"opt.turnover.knight-letter.K": true, "opt.turnover.knight-letter.N": true,
	"opt.troll.rules.1987": true, "opt.troll.rules.1993": true,
	"format.ggf": true, "format.json": true, "mode.online": true, "word.no": true,
	"side.Blue": true, "opt.turnover.setup.zigzag": true, "chat.title": true, "time.fischerShort": true,
}

// TestCatalogues checks the message catalogues: the same keys in every language, the same
// placeholders in every translation of a key, no empty text, and no English left in the
// Portuguese and Spanish catalogues (a text equal to the English one must be on the list of
// names that are the same everywhere).
func TestCatalogues(t *testing.T) {
	en := catalogue(t, "en")
	for _, lang := range []string{"pt", "es"} {
		c := catalogue(t, lang)
		for k, v := range en {
			tr, ok := c[k]
			if !ok {
				t.Errorf("%s: no %q", lang, k)
				continue
			}
			if strings.TrimSpace(tr) == "" {
				t.Errorf("%s: %q is empty", lang, k)
			}
			if !slices.Equal(placeholders(v), placeholders(tr)) {
				t.Errorf("%s: %q has placeholders %v, English %v", lang, k, placeholders(tr), placeholders(v))
			}
			if tr == v && !sameInEveryLanguage[k] && strings.ContainsAny(v, "abcdefghijklmnopqrstuvwxyz") {
				t.Errorf("%s: %q is still English: %q", lang, k, v)
			}
		}
		for k := range c {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: %q is not in the English catalogue", lang, k)
			}
		}
	}
}

// TestCatalogueCoversTheUI checks that every key the scripts ask for by name is in the
// catalogue, and so are the names the server's games give (their titles, sides, options and
// option values), which the pages translate by key.
func TestCatalogueCoversTheUI(t *testing.T) {
	en := catalogue(t, "en")
	call := regexp.MustCompile(`\b(?:t|tn|tOr|i18n\.t)\("([a-zA-Z0-9_.]+)"`)
	attr := regexp.MustCompile(`data-i18n(?:-attr)?="([^"]+)"`)
	found := 0
	fs.WalkDir(Files(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".html")) {
			return err
		}
		b, _ := fs.ReadFile(Files(), p)
		for _, m := range call.FindAllStringSubmatch(string(b), -1) {
			found++
			key := m[1]
			if strings.HasSuffix(key, ".") {
				continue // a prefix completed at run time, checked below
			}
			if _, ok := en[key]; !ok {
				if _, ok := en[key+".other"]; !ok {
					t.Errorf("%s asks for %q, which the catalogue lacks", p, key)
				}
			}
		}
		for _, m := range attr.FindAllStringSubmatch(string(b), -1) {
			for _, pair := range strings.Split(m[1], ";") {
				key := pair[strings.Index(pair, ":")+1:]
				if _, ok := en[key]; !ok {
					t.Errorf("%s asks for %q, which the catalogue lacks", p, key)
				}
			}
		}
		return nil
	})
	if found < 100 {
		t.Fatalf("only %d lookups found in the scripts", found)
	}
	need := func(key string) {
		if _, ok := en[key]; !ok {
			t.Errorf("the catalogue lacks %q", key)
		}
	}
	for _, g := range games.Registry().Games() {
		kind := g.Name()
		need("game." + kind + ".title")
		need("game." + kind + ".desc")
		for _, side := range g.SideNames(game.DefaultOptions(g.OptionSpecs())) {
			need("side." + side)
		}
		for _, spec := range g.OptionSpecs() {
			need("opt." + kind + "." + spec.Name)
			if spec.Name == "seed" || spec.Name == "setup" {
				continue // not on the form: the API and the import set them
			}
			need("opt." + kind + "." + spec.Name + ".doc")
			for _, v := range spec.Values {
				need("opt." + kind + "." + spec.Name + "." + v)
			}
		}
		if _, err := fs.Stat(Files(), "rules/"+kind+".md"); err != nil {
			t.Errorf("no rules help for %s: %v", kind, err)
		}
		for _, f := range game.RecordFormats(g) {
			need("format." + f.Name)
		}
	}
	for _, k := range []string{"castle", "knight", "queen", "pawn", "bishop", "rook"} {
		need("piece." + k)
	}
	for _, k := range []string{"move", "combine", "turnover", "capture"} {
		need("land." + k)
	}
}
