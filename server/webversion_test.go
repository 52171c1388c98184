package server_test

import (
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"turncoat/app"
	"turncoat/store"
)

// TestVersionedAssets: the page names its scripts and styles under a versioned prefix, where
// they are cached for good; a change to any file changes the version; the plain paths and an
// older version's are still served, revalidated.
func TestVersionedAssets(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	page := `<!doctype html><link rel="stylesheet" href="/style.css"><link rel="modulepreload" href="/app.js"><script type="module" src="/app.js"></script>`
	files := fstest.MapFS{
		"index.html":     {Data: []byte(page)},
		"app.js":         {Data: []byte(`import {x} from "./lib/x.js"; console.log(x);`)},
		"lib/x.js":       {Data: []byte(`export const x = 1;`)},
		"style.css":      {Data: []byte(`body { color: black; }`)},
		"i18n/en.json":   {Data: []byte(`{"a": "b"}`)},
		"rules/games.md": {Data: []byte(`# Rules`)},
	}
	version := func(fs fstest.MapFS) (string, *harness) {
		h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.Web = fs })
		resp, err := http.Get(h.ts.URL + "/play/abc")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		refs := regexp.MustCompile(`(?:src|href)="(/v/[0-9a-f]+/)(app\.js|style\.css)"`).FindAllStringSubmatch(string(b), -1)
		if len(refs) != 3 || resp.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("the page (%s): %s", resp.Header.Get("Cache-Control"), b)
		}
		return refs[0][1], h
	}
	prefix, h := version(files)
	get := func(p string) (*http.Response, string) {
		t.Helper()
		resp, err := http.Get(h.ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	for _, f := range []string{"app.js", "lib/x.js", "style.css", "i18n/en.json", "rules/games.md"} {
		resp, body := get(prefix + f)
		if resp.StatusCode != 200 || body != string(files[f].Data) || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s%s: %d %q, Cache-Control %q", prefix, f, resp.StatusCode, body, resp.Header.Get("Cache-Control"))
		}
		if resp, body := get("/" + f); resp.StatusCode != 200 || body != string(files[f].Data) || resp.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("/%s: %d, Cache-Control %q", f, resp.StatusCode, resp.Header.Get("Cache-Control"))
		}
	}
	if resp, body := get("/v/000000000000/app.js"); resp.StatusCode != 200 || body != string(files["app.js"].Data) || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("an older version's app.js: %d, Cache-Control %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	if resp, _ := get(prefix + "nothing.js"); !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("an unknown versioned file: %s", resp.Header.Get("Content-Type"))
	}
	// One changed file, a new version.
	changed := fstest.MapFS{}
	for k, v := range files {
		changed[k] = v
	}
	changed["lib/x.js"] = &fstest.MapFile{Data: []byte(`export const x = 2;`)}
	if other, _ := version(changed); other == prefix {
		t.Errorf("a changed module keeps the version %s", prefix)
	}
}
