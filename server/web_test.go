package server_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"turncoat/app"
	"turncoat/store"
)

// TestWebAssetsGzip checks the web UI's files: text assets gzipped for clients that accept it,
// identical once unzipped, with an ETag per encoding, Vary and Cache-Control, a 304 on a
// matching If-None-Match; plain for clients that do not accept gzip; client-side routes answered
// by the page.
func TestWebAssetsGzip(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	js := strings.Repeat("export const board = 'the same line again and again';\n", 200)
	files := fstest.MapFS{
		"index.html":  {Data: []byte("<!doctype html><title>Turncoat</title>" + strings.Repeat("<p>page</p>", 50))},
		"app.js":      {Data: []byte(js)},
		"picture.png": {Data: []byte("\x89PNG\r\n\x1a\nnot really a picture")},
	}
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.Web = files })
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(path, encoding, etag string) *http.Response {
		t.Helper()
		req, err := http.NewRequest("GET", h.ts.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	body := func(r *http.Response) []byte {
		t.Helper()
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	zipped := get("/app.js", "gzip, deflate, br", "")
	if zipped.StatusCode != 200 || zipped.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("app.js with gzip accepted: status %d, Content-Encoding %q", zipped.StatusCode, zipped.Header.Get("Content-Encoding"))
	}
	if ct := zipped.Header.Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Errorf("gzipped app.js has Content-Type %q", ct)
	}
	if zipped.Header.Get("Vary") != "Accept-Encoding" || zipped.Header.Get("Cache-Control") == "" {
		t.Errorf("gzipped app.js: Vary %q, Cache-Control %q", zipped.Header.Get("Vary"), zipped.Header.Get("Cache-Control"))
	}
	zb := body(zipped)
	if len(zb) >= len(js)/4 {
		t.Errorf("gzipped app.js is %d bytes for %d: not compressed", len(zb), len(js))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zb))
	if err != nil {
		t.Fatal(err)
	}
	if unzipped, err := io.ReadAll(zr); err != nil || string(unzipped) != js {
		t.Fatalf("unzipped app.js differs from the file (err %v)", err)
	}

	plain := get("/app.js", "", "")
	if plain.Header.Get("Content-Encoding") != "" || string(body(plain)) != js {
		t.Fatalf("app.js without gzip: Content-Encoding %q or a different body", plain.Header.Get("Content-Encoding"))
	}
	if refused := get("/app.js", "gzip;q=0, identity", ""); refused.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 got Content-Encoding %q", refused.Header.Get("Content-Encoding"))
	}
	zTag, pTag := zipped.Header.Get("ETag"), plain.Header.Get("ETag")
	if zTag == "" || pTag == "" || zTag == pTag {
		t.Fatalf("ETags: gzipped %q, plain %q: want two different tags", zTag, pTag)
	}
	if r := get("/app.js", "gzip", zTag); r.StatusCode != http.StatusNotModified || len(body(r)) != 0 {
		t.Errorf("If-None-Match of the gzipped tag: status %d", r.StatusCode)
	}
	if r := get("/app.js", "", pTag); r.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match of the plain tag: status %d", r.StatusCode)
	}
	if r := get("/app.js", "", zTag); r.StatusCode != http.StatusOK {
		t.Errorf("the gzipped tag matched a plain request: status %d", r.StatusCode)
	}

	// A binary file is never gzipped; a client-side route gets the page, gzipped.
	if r := get("/picture.png", "gzip", ""); r.Header.Get("Content-Encoding") != "" || r.Header.Get("Vary") != "" {
		t.Errorf("picture.png: Content-Encoding %q, Vary %q", r.Header.Get("Content-Encoding"), r.Header.Get("Vary"))
	}
	page := get("/play/abc123", "gzip", "")
	if page.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") {
		t.Errorf("a page route: Content-Encoding %q, Content-Type %q", page.Header.Get("Content-Encoding"), page.Header.Get("Content-Type"))
	}
	if head, err := client.Head(h.ts.URL + "/app.js"); err != nil || head.StatusCode != 200 {
		t.Errorf("HEAD /app.js: %v %v", head, err)
	} else {
		head.Body.Close()
	}
}
