package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// webAsset is one file of the web UI, read once at start: the files are embedded and never
// change while the server runs.
type webAsset struct {
	etag string
	// gz is the file gzipped, for text files (nil for those that do not shrink).
	gz    []byte
	ctype string
	// data is the file as served (index.html with its references versioned).
	data []byte
}

// compressible reports whether files with this name are text worth gzipping.
func compressible(name string) bool {
	switch path.Ext(name) {
	case ".html", ".js", ".mjs", ".css", ".json", ".md", ".svg", ".txt", ".map":
		return true
	}
	return false
}

// webRoutes serves the web UI's files: the page for every client-side route (/, /play/ID,
// ...), revalidated by its ETag, and the assets under the versioned prefix (see webversion.go)
// cached for good, gzipped for clients that accept it. The assets' plain paths keep working,
// revalidated like the page.
func (s *Server) webRoutes(mux *http.ServeMux) {
	files := s.cfg.Web
	if files == nil {
		return
	}
	version, err := uiVersion(files)
	if err != nil {
		s.log.Error("reading the web UI", "error", err)
	}
	assets := map[string]*webAsset{}
	fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		if p == "index.html" && version != "" {
			data = versionPage(data, version)
		}
		assets["/"+p] = newWebAsset(p, data)
		return nil
	})
	if w := assets[workerPath]; w != nil && version != "" {
		files := make([]string, 0, len(assets))
		for f := range assets {
			files = append(files, f)
		}
		assets[workerPath] = newWebAsset(workerPath, workerScript(w.data, version, files))
	}
	fileServer := http.FileServerFS(files)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := path.Clean(r.URL.Path)
		immutable := false
		if v, file, ok := unversion(p); ok && assets[file] != nil && file != "/index.html" {
			// An older version's file is served as it is now, and not kept.
			p, immutable = file, v == version
		}
		if _, ok := assets[p]; !ok || p == "/index.html" {
			// A page route: the single page answers it (with the link preview of a game's,
			// a tournament's or a player's page).
			if page := assets["/index.html"]; page != nil && s.servePreview(w, r, page.data) {
				return
			}
			p = "/index.html"
			r = r.Clone(r.Context())
			r.URL.Path = "/"
		}
		a := assets[p]
		if a == nil {
			fileServer.ServeHTTP(w, r)
			return
		}
		hdr := w.Header()
		if p == engineWorker {
			hdr.Set("Content-Security-Policy", engineWorkerPolicy)
		}
		if immutable {
			hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			// no-cache: the URL carries no version, so the browser revalidates the file (an
			// unchanged one costs a 304 without a body).
			hdr.Set("Cache-Control", "no-cache")
		}
		hdr.Set("X-Content-Type-Options", "nosniff")
		gz := a.gz != nil && acceptsGzip(r)
		tag := `"` + a.etag + `"`
		if a.gz != nil {
			hdr.Set("Vary", "Accept-Encoding")
			if gz {
				tag = `"` + a.etag + `-gz"`
			}
		}
		hdr.Set("ETag", tag)
		if strings.Contains(r.Header.Get("If-None-Match"), tag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if !gz {
			hdr.Set("Content-Type", a.ctype)
			http.ServeContent(w, r, path.Base(p), time.Time{}, bytes.NewReader(a.data))
			return
		}
		hdr.Set("Content-Type", a.ctype)
		hdr.Set("Content-Encoding", "gzip")
		hdr.Set("Content-Length", strconv.Itoa(len(a.gz)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			io.Copy(w, bytes.NewReader(a.gz))
		}
	})
}

// newWebAsset reads one file of the UI as served: its ETag, type and gzipped copy.
func newWebAsset(p string, data []byte) *webAsset {
	h := sha256.Sum256(data)
	a := &webAsset{etag: hex.EncodeToString(h[:])[:16], ctype: mime.TypeByExtension(path.Ext(p)), data: data}
	if a.ctype == "" {
		a.ctype = http.DetectContentType(data)
	}
	if compressible(p) {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		if b.Len() < len(data) {
			a.gz = b.Bytes()
		}
	}
	return a
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip (and does not refuse it
// with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.TrimSpace(name) != "*" {
			continue
		}
		params = strings.ReplaceAll(params, " ", "")
		if q, ok := strings.CutPrefix(params, "q="); ok {
			if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
				return false
			}
		}
		return true
	}
	return false
}
