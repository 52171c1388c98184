// Package server is Turncoat's game server: the JSON API under /api/, live updates over
// WebSocket and newline-delimited JSON streams, accounts and sessions, AI seats, clocks, and the
// web UI's files. It serves every game of the registry through the game contract and adds no
// rules of its own: a game is a game.Table, whose events the server stores (package store)
// before it acknowledges them, and then broadcasts.
package server

import (
	"context"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"turncoat/platform/accounts"
	"turncoat/platform/clock"
	"turncoat/platform/events"
	"turncoat/platform/moderation"
	"turncoat/platform/notify"
	"turncoat/platform/play"
	"turncoat/platform/puzzles"
	"turncoat/platform/ratelimit"
	"turncoat/platform/ratings"
	"turncoat/platform/reviews"
	"turncoat/platform/tourney"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aiwork"
	"turncoat/platform/trainer"
)

// Config sets up the HTTP adapter.
type Config struct {
	// Registry lists the games served.
	Registry *game.Registry
	// Log receives the server's log; nil discards it.
	Log *slog.Logger
	// Web holds the web UI's files (index.html at its root); nil serves a minimal page.
	Web fs.FS
	// Origins are extra origins allowed to open WebSockets (host patterns), besides the
	// server's own.
	Origins []string
	// SecureCookies marks session cookies Secure even on plain HTTP (behind a TLS proxy).
	SecureCookies bool
	// Limits: log-ins and sign-ups per second per address, new guests per second per address,
	// and commands per second per player (defaults 1, 5, 20; negative: unlimited).
	LoginRate, GuestRate, MoveRate float64
	// CreateRate limits new games (imports and rematches included) per second, by user and by
	// address (default 0.5, with a burst of 30; negative: unlimited).
	CreateRate float64
	// Caps on live connections: WebSockets and event streams open at once per address and per
	// player, and games one WebSocket follows (defaults 128, 32, 64; negative: none).
	SocketsPerAddress, SocketsPerUser, GamesPerSocket int
	// PicturesWaiting bounds the board pictures one address may have waiting to be drawn (429
	// beyond; default 4; negative: no bound, for a load test from one address).
	PicturesWaiting int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is believed: a request from
	// one of them counts as coming from the client the header names (else the header is
	// ignored, and every client behind a proxy shares its address's limits).
	TrustedProxies []netip.Prefix
	// Debug exposes POST /debug/gc (a full garbage collection, for memory measurements by
	// benchmarks) and /debug/pprof/ (profiles, and execution traces); never on a public server.
	Debug bool
	// Clock is the server's time and timers (default the real clock; a manual one in tests).
	Clock clock.Clock
	// PublicURL is the server's public base URL (https://host[/path]), which the links put
	// outside the page start with (link previews, forum posts, mail); "" takes each request's
	// own host (see ParsePublicURL).
	PublicURL string
	// Metrics are the server's Prometheus metrics (NewMetrics), shared with the services that
	// count for them; nil makes them anew.
	Metrics *Metrics
}

// Services are what the adapter serves: the platform's services, made and started by the
// program's composition root (package app).
type Services struct {
	Play     *play.Service
	Tourney  *tourney.Service
	Events   *events.Service
	Ratings  *ratings.Service
	Accounts *accounts.Service
	Notices  *notify.Service
	// Moderation keeps the blocks, mutes, reports and the moderators' work.
	Moderation *moderation.Service
	// AI is the AI's work: agents, and the fair sharing of the cores.
	AI *aiwork.Work
	// Book is the opening book's explorer (nil: the server has none).
	Book BookExplorer
	// Reviews keeps the games' reviews (nil: the server reviews none).
	Reviews *reviews.Service
	// Trainer is the opening trainer (nil: the server has none).
	Trainer *trainer.Service
	// Health answers /healthz: the database's ping and description.
	Health Health
	// Puzzles serves the puzzles (nil: the server has none).
	Puzzles *puzzles.Service
}

// Health is what /healthz asks of the database.
type Health interface {
	Ping(ctx context.Context) error
	Describe() string
}

// Server is the HTTP adapter of a running program.
type Server struct {
	cfg     Config
	reg     *game.Registry
	log     *slog.Logger
	metrics *Metrics
	now     func() time.Time

	// play is the game service.
	play *play.Service
	// tourney is the tournaments' service.
	tourney *tourney.Service
	// events is the paired events' service.
	events *events.Service
	// ratings keeps the players' ratings.
	ratings *ratings.Service
	// accounts keeps the accounts, sessions and API tokens.
	accounts *accounts.Service
	// notices stores, pushes and mails the notifications.
	notices *notify.Service
	// mod keeps the blocks, mutes, reports and the moderators' work.
	mod *moderation.Service
	// book is the opening book's explorer, if any.
	book   BookExplorer
	health Health
	// reviews keeps the games' reviews, if any.
	reviews *reviews.Service
	// trainer is the opening trainer, if any.
	trainer *trainer.Service
	// puzzles serves the puzzles, if any.
	puzzles *puzzles.Service

	connMu sync.Mutex
	conns  map[*conn]bool
	connWG sync.WaitGroup

	lobbyMu      sync.Mutex
	lobbySubs    map[*conn]bool
	lobbyPending bool

	// aiw is the AI's work: agents, and the fair sharing of the cores.
	aiw                                                 *aiwork.Work
	loginLimits, signupLimits, moveLimits, createLimits *ratelimit.Limiters
	// auth counts the open sockets and the log-in failures.
	auth authState

	closing atomic.Bool
	handler http.Handler

	// images draws and keeps the boards' pictures.
	images *images
}

// New returns the HTTP adapter of the services: its routes, sockets and limits. It starts
// nothing; Close closes its connections.
func New(cfg Config, svc Services) *Server {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	s := &Server{
		cfg: cfg, reg: cfg.Registry, log: cfg.Log, metrics: cfg.Metrics,
		now:  func() time.Time { return cfg.Clock.Now().UTC() },
		play: svc.Play, tourney: svc.Tourney, events: svc.Events, ratings: svc.Ratings, accounts: svc.Accounts,
		notices: svc.Notices, mod: svc.Moderation, book: svc.Book, health: svc.Health, aiw: svc.AI, reviews: svc.Reviews, trainer: svc.Trainer, puzzles: svc.Puzzles,
		conns:        map[*conn]bool{},
		lobbySubs:    map[*conn]bool{},
		loginLimits:  ratelimit.New(ratelimit.Of(cfg.LoginRate, 1), 10),
		signupLimits: ratelimit.New(ratelimit.Of(cfg.GuestRate, 5), 50),
		moveLimits:   ratelimit.New(ratelimit.Of(cfg.MoveRate, 20), 60),
		createLimits: ratelimit.New(ratelimit.Of(cfg.CreateRate, 0.5), 30),
		images:       newImages(runtime.NumCPU(), cfg.PicturesWaiting),
	}
	s.images.drawn = s.metrics.picturesDrawn.Inc
	s.images.pool.OnWaiting(s.metrics.picturesWaiting)
	mux := http.NewServeMux()
	s.routes(mux)
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, domain.Errorf(domain.Forbidden, "cross-origin request refused: a page of another site may not act with your session"))
	}))
	s.handler = securityHeaders(cop.Handler(mux))
	return s
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.health.Ping(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"ok": false, "error": "the database does not answer"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "store": s.health.Describe()})
}

// CloseConns closes every WebSocket and event stream with a going-away code.
func (s *Server) CloseConns() {
	s.connMu.Lock()
	for c := range s.conns {
		c.close(whyShutdown)
	}
	s.connMu.Unlock()
}

// Close closes the connections (the program stops the services: package app).
func (s *Server) Close() {
	if s.closing.Swap(true) {
		return
	}
	s.CloseConns()
}

// Serve runs the server on a listener until ctx ends, then shuts down gracefully: it stops
// accepting, lets in-flight requests (and so moves) finish, and closes the sockets with a
// going-away code.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	// Stop accepting at once (Shutdown closes the listener, then waits for the requests in
	// flight, moves included); close the sockets with going-away; their close frames go out
	// before the process may end.
	shut := make(chan error, 1)
	go func() { shut <- hs.Shutdown(sctx) }()
	s.CloseConns()
	drained := make(chan struct{})
	go func() { s.connWG.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-sctx.Done():
	}
	return <-shut
}
