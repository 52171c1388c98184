package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"

	"turncoat/app"
	"turncoat/games"
	"turncoat/platform/booksvc"
	"turncoat/platform/mail"
	"turncoat/platform/notify"
	"turncoat/server"
	"turncoat/store"
	"turncoat/web"
)

func init() {
	register(command{name: "serve", summary: "run the game server and web UI (SQLite by default, PostgreSQL with --db postgres://...)", run: runServe})
}

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "serve", "[--addr ADDR] [--db FILE|postgres://...] [--trusted-proxies CIDR,...] [--tls-cert FILE --tls-key FILE | --acme-domain NAME...]", `
Runs the game server: the web UI at / (open http://localhost:8080), the JSON API under /api/
(see docs/api.md), WebSocket live updates at /api/ws, /healthz and Prometheus /metrics.

Games are stored in a SQLite file (created on first start) or, with --db postgres://..., in
PostgreSQL, which several instances may share. HTTPS without a proxy: --tls-cert and --tls-key
(a certificate of your own), or --acme-domain (certificates from Let's Encrypt, fetched and
renewed on their own; port 80 answers the challenges and redirects to HTTPS). SIGINT or SIGTERM shuts down gracefully: the
server stops accepting, finishes the moves in flight and closes the sockets.`)
	addr := fs.String("addr", ":8080", "address to listen on")
	db := fs.String("db", "turncoat.db", "SQLite file, or a PostgreSQL URL (postgres://...)")
	logFormat := fs.String("log", "text", "log format: text or json")
	origins := fs.String("origins", "", "other origins (host patterns, comma-separated) allowed to open WebSockets")
	secure := fs.Bool("secure-cookies", false, "mark session cookies Secure (behind a TLS proxy)")
	limits := fs.String("limits", "on", "rate limits on log-ins, new guests and moves, and caps on live connections: on, or off (load benchmarks)")
	proxies := fs.String("trusted-proxies", "", "reverse proxies (addresses or CIDR prefixes, comma-separated) whose X-Forwarded-For names the client")
	publicURL := fs.String("public-url", "", "the server's public base URL (https://host[/path]) for links outside the page: link previews, forum posts, mail (default: each request's host)")
	smtpURL := fs.String("smtp", "", "send the notices by mail through this SMTP server: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465 (TLS), ?from=address (needs --public-url; default: mail is only logged)")
	debugEndpoints := fs.Bool("debug-endpoints", false, "expose POST /debug/gc for memory measurements (benchmarks only)")
	tlsOpts := addTLSFlags(fs)
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	var h slog.Handler
	switch *logFormat {
	case "text":
		h = slog.NewTextHandler(e.stderr, nil)
	case "json":
		h = slog.NewJSONHandler(e.stderr, nil)
	default:
		return usagef("--log %q: want text or json", *logFormat)
	}
	log := slog.New(h)
	if *limits != "on" && *limits != "off" {
		return usagef("--limits %q: want on or off", *limits)
	}
	trusted, err := server.ParseProxies(*proxies)
	if err != nil {
		return usagef("--trusted-proxies: %v", err)
	}
	public, err := server.ParsePublicURL(*publicURL)
	if err != nil {
		return usagef("--public-url %v", err)
	}
	tlsServe, err := tlsOpts.setup(*db)
	if err != nil {
		return err
	}
	if tlsServe != nil {
		*secure = true // cookies only over HTTPS
	}
	var mailer notify.Mailer
	if *smtpURL != "" {
		mc, err := mail.Parse(*smtpURL)
		if err != nil {
			return usagef("--smtp: %v", err)
		}
		if public == "" {
			return usagef("--smtp needs --public-url: the mail links to the games and to its unsubscribe pages")
		}
		mailer = notify.SMTPMailer(mail.New(mc))
	}
	st, err := store.Open(ctx, *db, store.Options{})
	if err != nil {
		return err
	}
	defer st.Close()
	bk, err := booksvc.New(booksvc.Config{Store: st, Log: log})
	if err != nil {
		return err
	}
	cfg := app.Config{Store: st, Registry: games.Registry(), Log: log, Web: web.Files(), SecureCookies: *secure, Debug: *debugEndpoints,
		TrustedProxies: trusted, Book: bk, PublicURL: public, Mailer: mailer}
	switch *limits {
	case "on":
	case "off":
		cfg.LoginRate, cfg.GuestRate, cfg.MoveRate, cfg.CreateRate = -1, -1, -1, -1
		cfg.SocketsPerAddress, cfg.SocketsPerUser, cfg.GamesPerSocket, cfg.PicturesWaiting = -1, -1, -1, -1
	default:
		return usagef("--limits %q: want on or off", *limits)
	}
	if *origins != "" {
		cfg.Origins = strings.Split(*origins, ",")
	}
	srv, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		srv.Close()
		return err
	}
	scheme := "http://"
	if tlsServe != nil {
		scheme = "https://"
		ln = tls.NewListener(ln, tlsServe.config)
		if tlsServe.http != nil {
			pln, err := net.Listen("tcp", tlsServe.httpAddr)
			if err != nil {
				ln.Close()
				srv.Close()
				return fmt.Errorf("--acme-http: %w", err)
			}
			log.Info("serving ACME challenges and a redirect to HTTPS", "url", "http://"+displayAddr(pln.Addr()))
			go servePlain(ctx, log, pln, tlsServe.http(ln.Addr().String()))
		}
	}
	log.Info("serving", "url", scheme+displayAddr(ln.Addr()), "store", st.Describe(), "pid", os.Getpid())
	err = srv.Serve(ctx, ln)
	if err != nil && ctx.Err() == nil {
		return err
	}
	log.Info("stopped")
	return nil
}

// displayAddr writes a listening address as a browser would open it.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return fmt.Sprintf("%s", net.JoinHostPort(host, port))
}
