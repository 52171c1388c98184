package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"

	"turncoat/store"
)

// tlsFlags are serve's TLS flags: a certificate of the operator's, or certificates from an ACME
// authority (Let's Encrypt by default), fetched and renewed by autocert.
type tlsFlags struct {
	cert, key   *string
	domains     listFlag
	email       *string
	directory   *string
	httpAddr    *string
	cache       *string
	directoryCA *string
}

// listFlag is a flag given several times or as a comma-separated list.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

func addTLSFlags(fs *flag.FlagSet) *tlsFlags {
	t := &tlsFlags{
		cert:        fs.String("tls-cert", "", "serve HTTPS with this certificate (PEM, the chain after the leaf); needs --tls-key"),
		key:         fs.String("tls-key", "", "the private key (PEM) of --tls-cert"),
		email:       fs.String("acme-email", "", "the contact address given to the ACME authority (expiry notices)"),
		directory:   fs.String("acme-directory", acme.LetsEncryptURL, "the ACME authority's directory URL (a staging or private authority's for tests)"),
		httpAddr:    fs.String("acme-http", ":80", "with --acme-domain, also listen here on plain HTTP: the HTTP-01 challenges, and a redirect to HTTPS for the rest (\"\": none; TLS-ALPN-01 on the HTTPS address still works)"),
		cache:       fs.String("acme-cache", "", "the folder keeping the account key and certificates (default: acme-certs beside the SQLite store, or in the working folder)"),
		directoryCA: fs.String("acme-ca", "", "PEM roots to trust for the ACME directory's own HTTPS (a private or test authority), beside the system's"),
	}
	fs.Var(&t.domains, "acme-domain", "serve HTTPS with certificates from an ACME authority (Let's Encrypt) for this name (repeatable, or comma-separated)")
	return t
}

// tlsServing is what the TLS flags set up: the HTTPS configuration, and the plain HTTP handler
// (ACME's challenges, the redirect) with its address, if any.
type tlsServing struct {
	config   *tls.Config
	httpAddr string
	// http makes the plain HTTP handler once the HTTPS listener's address is known (the
	// redirect's port: --addr may give none, or 0).
	http func(httpsAddr string) http.Handler
}

// setup checks the flags and makes the TLS configuration; nil when serving plain HTTP.
func (t *tlsFlags) setup(db string) (*tlsServing, error) {
	own := *t.cert != "" || *t.key != ""
	if own && len(t.domains) > 0 {
		return nil, usagef("--tls-cert and --acme-domain exclude each other: a certificate of your own, or ACME's")
	}
	if own {
		if *t.cert == "" || *t.key == "" {
			return nil, usagef("--tls-cert and --tls-key go together")
		}
		pair, err := tls.LoadX509KeyPair(*t.cert, *t.key)
		if err != nil {
			return nil, fmt.Errorf("--tls-cert %s, --tls-key %s: %w", *t.cert, *t.key, err)
		}
		return &tlsServing{config: &tls.Config{Certificates: []tls.Certificate{pair}, NextProtos: []string{"http/1.1"}, MinVersion: tls.VersionTLS12}}, nil
	}
	if len(t.domains) == 0 {
		return nil, nil
	}
	for _, d := range t.domains {
		if strings.ContainsAny(d, "/: ") {
			return nil, usagef("--acme-domain %q: a host name, no scheme, port or path", d)
		}
	}
	cache := *t.cache
	if cache == "" {
		cache = "acme-certs"
		if !store.IsPostgres(db) {
			cache = filepath.Join(filepath.Dir(db), "acme-certs")
		}
	}
	if err := os.MkdirAll(cache, 0o700); err != nil {
		return nil, fmt.Errorf("--acme-cache: %w", err)
	}
	hc := http.DefaultClient
	if *t.directoryCA != "" {
		pem, err := os.ReadFile(*t.directoryCA)
		if err != nil {
			return nil, fmt.Errorf("--acme-ca: %w", err)
		}
		roots, err := x509.SystemCertPool()
		if err != nil || roots == nil {
			roots = x509.NewCertPool()
		}
		if !roots.AppendCertsFromPEM(pem) {
			return nil, usagef("--acme-ca %s: no PEM certificate in it", *t.directoryCA)
		}
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{RootCAs: roots}
		hc = &http.Client{Transport: tr, Timeout: time.Minute}
	}
	m := &autocert.Manager{
		Prompt:     autocert.AcceptTOS,
		Cache:      autocert.DirCache(cache),
		HostPolicy: hostPolicy(autocert.HostWhitelist(t.domains...)),
		Email:      *t.email,
		Client:     &acme.Client{DirectoryURL: *t.directory, HTTPClient: hc},
	}
	cfg := m.TLSConfig()
	cfg.NextProtos = []string{"http/1.1", acme.ALPNProto}
	cfg.MinVersion = tls.VersionTLS12
	s := &tlsServing{config: cfg, httpAddr: *t.httpAddr}
	if s.httpAddr != "" {
		s.http = func(httpsAddr string) http.Handler { return m.HTTPHandler(redirectHTTPS(httpsAddr)) }
	}
	return s, nil
}

// hostPolicy is autocert's host policy for the names of --acme-domain, given a host without its
// port: autocert passes the HTTP-01 request's Host as it came, with a port when the authority
// validates on another port than 80 (a private or test authority), which the whitelist's exact
// names would refuse. TLS handshakes give the bare name anyway.
func hostPolicy(names autocert.HostPolicy) autocert.HostPolicy {
	return func(ctx context.Context, host string) error {
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		return names(ctx, host)
	}
}

// redirectHTTPS sends plain HTTP requests to the same path over HTTPS, on the HTTPS address's
// port (none in the URL for 443).
func redirectHTTPS(httpsAddr string) http.Handler {
	_, port, _ := net.SplitHostPort(httpsAddr)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "use HTTPS", http.StatusBadRequest)
			return
		}
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if port != "" && port != "443" {
			host = net.JoinHostPort(host, port)
		} else if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusMovedPermanently)
	})
}

// servePlain runs the plain HTTP listener of a TLS server until ctx ends.
func servePlain(ctx context.Context, log *slog.Logger, ln net.Listener, h http.Handler) {
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("plain HTTP listener", "error", err)
	}
}
