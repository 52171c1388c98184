package server

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"regexp"
	"sort"
	"strings"
)

// The web UI's files are served under a versioned prefix, /v/VERSION/..., where VERSION is a
// hash of every file's content: a page (index.html, never cached without asking) names its
// scripts and styles under the prefix, the modules import one another by relative paths that
// stay under it, and the browser keeps each file for a year without asking again (immutable).
// Any change to any file changes VERSION, so a deploy is fetched afresh. Nothing is built: the
// hash is taken when the server starts, and index.html's few references are rewritten then.

// versionPrefix starts the versioned URLs.
const versionPrefix = "/v/"

// uiVersion hashes the UI's files (their paths and contents), for the versioned prefix.
func uiVersion(files fs.FS) (string, error) {
	var paths []string
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		data, err := fs.ReadFile(files, p)
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(data)
		h.Write([]byte(p))
		h.Write([]byte{0})
		h.Write(sum[:])
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

// pageRefs are index.html's references to the UI's own scripts and styles.
var pageRefs = regexp.MustCompile(`((?:src|href)=")/([A-Za-z0-9_./-]+\.(?:js|css))"`)

// versionPage rewrites index.html's references to scripts and styles under the versioned prefix.
func versionPage(page []byte, version string) []byte {
	return pageRefs.ReplaceAll(page, []byte(`${1}`+versionPrefix+version+`/${2}"`))
}

// unversion splits a versioned path ("/v/0a1b2c3d4e5f/app.js") into its version and the file's
// path ("/app.js"); ok is false for any other path.
func unversion(p string) (version, file string, ok bool) {
	rest, ok := strings.CutPrefix(p, versionPrefix)
	if !ok {
		return "", "", false
	}
	version, file, ok = strings.Cut(rest, "/")
	if !ok || version == "" || file == "" {
		return "", "", false
	}
	return version, "/" + file, true
}
