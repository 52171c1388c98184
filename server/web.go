package server

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// webRoutes serves the web UI's files: the page for every client-side route (/, /play/ID,
// ...), and the assets with an ETag so that browsers revalidate cheaply.
func (s *Server) webRoutes(mux *http.ServeMux) {
	files := s.cfg.Web
	if files == nil {
		return
	}
	etags := map[string]string{}
	fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := files.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		io.Copy(h, f)
		etags["/"+p] = `"` + hex.EncodeToString(h.Sum(nil))[:16] + `"`
		return nil
	})
	fileServer := http.FileServerFS(files)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := path.Clean(r.URL.Path)
		if _, ok := etags[p]; !ok || p == "/index.html" {
			// A page route: the single page answers it.
			p = "/index.html"
			r = r.Clone(r.Context())
			r.URL.Path = "/"
		}
		if tag := etags[p]; tag != "" {
			w.Header().Set("ETag", tag)
			w.Header().Set("Cache-Control", "no-cache")
			if strings.Contains(r.Header.Get("If-None-Match"), tag) {
				w.WriteHeader(http.StatusNotModified)
				return
			}
		}
		fileServer.ServeHTTP(w, r)
	})
}
