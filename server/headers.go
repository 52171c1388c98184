package server

import (
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"turncoat/domain"
)

// contentSecurityPolicy lets pages run only the server's own scripts and styles (no inline
// script, handler or style attribute, no eval), load images from the server or data: URLs,
// connect only to the server (WebSockets included), and never be framed.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
	"connect-src 'self'; manifest-src 'self'; media-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// engineWorker is the browser's engine's worker (web/static/engine), and engineWorkerPolicy
// its content security policy: a worker runs under the policy its own script came with, and
// this one may compile WebAssembly (the engine, from the server's own file), which no page may.
const (
	engineWorker       = "/engine/worker.js"
	engineWorkerPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'; form-action 'none'"
)

// securityHeaders sets the browser's security headers on every answer (pages, assets, API):
// the content security policy, no framing (also for browsers without frame-ancestors), no
// referrer (a seat's invitation token travels in the page's URL), and no content sniffing.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Content-Type-Options", "nosniff")
		next.ServeHTTP(w, r)
	})
}

// checkText refuses a request whose path (and so its path values) or query holds text that is
// not UTF-8 or has a NUL character: no id, name or parameter has one, and PostgreSQL refuses
// them in text, so they are refused here, the same on both databases, before the store.
func checkText(r *http.Request) error {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return domain.Errorf(domain.BadRequest, "malformed query: %v", err)
	}
	texts := []string{r.URL.Path}
	for k, vs := range q {
		texts = append(texts, k)
		texts = append(texts, vs...)
	}
	for _, t := range texts {
		if strings.ContainsRune(t, 0) {
			return errNUL()
		}
		if !utf8.ValidString(t) {
			return domain.Errorf(domain.BadRequest, "the path or a query parameter is not UTF-8 text")
		}
	}
	return nil
}
