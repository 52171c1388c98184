// Package server is Turncoat's game server: the JSON API under /api/, live updates over
// WebSocket and newline-delimited JSON streams, accounts and sessions, AI seats, clocks, and the
// web UI's files. It serves every game of the registry through the game contract and adds no
// rules of its own: a game is a game.Table, whose events the server stores (package store)
// before it acknowledges them, and then broadcasts.
package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/netip"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
	"turncoat/platform/accounts"
	"turncoat/platform/clock"
	"turncoat/platform/events"
	"turncoat/platform/play"
	"turncoat/platform/ratelimit"
	"turncoat/platform/ratings"
	"turncoat/platform/tourney"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aiwork"
	"turncoat/store"
)

// Config sets up a server.
type Config struct {
	// Store is the open database.
	Store *store.Store
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
	// MaxThink bounds an AI move or a hint (default 60 s).
	MaxThink time.Duration
	// AIWorkers is the number of AI searches at once (default: the number of cores); one
	// user (or the guests of one address) runs at most half of them.
	AIWorkers int
	// Limits: log-ins and sign-ups per second per address, new guests per second per address,
	// and commands per second per player (defaults 1, 5, 20; negative: unlimited).
	LoginRate, GuestRate, MoveRate float64
	// CreateRate limits new games (imports and rematches included) per second, by user and by
	// address (default 0.5, with a burst of 30; negative: unlimited).
	CreateRate float64
	// Caps on live connections: WebSockets and event streams open at once per address and per
	// player, and games one WebSocket follows (defaults 128, 32, 64; negative: none).
	SocketsPerAddress, SocketsPerUser, GamesPerSocket int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is believed: a request from
	// one of them counts as coming from the client the header names (else the header is
	// ignored, and every client behind a proxy shares its address's limits).
	TrustedProxies []netip.Prefix
	// Debug exposes POST /debug/gc (a full garbage collection, for memory measurements by
	// benchmarks) and /debug/pprof/ (profiles, and execution traces); never on a public server.
	Debug bool
	// Now is the time (default time.Now); tests set it, or Clock.
	Now func() time.Time
	// Clock, when set, is the server's time and timers (a manual clock in tests).
	Clock clock.Clock
	// Mailer sends the reminders before correspondence deadlines (default: they are logged).
	Mailer Mailer
	// ReminderBefore is how long before a correspondence deadline the player to move is
	// reminded (default 24 hours; at most half the time the player had).
	ReminderBefore time.Duration
	// VacationDays is each player's yearly allowance of vacation days (default 30).
	VacationDays int
	// PublicURL is the server's public base URL (https://host[/path]), which the links put
	// outside the page start with (link previews, forum posts, mail); "" takes each request's
	// own host (see ParsePublicURL).
	PublicURL string
	// Book is the opening book of a game kind (Othello's), if any; the server starts and
	// closes it.
	Book BookService
}

// Server is a running game server.
type Server struct {
	cfg     Config
	store   *store.Store
	reg     *game.Registry
	log     *slog.Logger
	metrics *metrics
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
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	handler http.Handler

	// corr is the state of correspondence play, tournaments, ratings and notifications.
	corr *corr
	// bg is the background work's context, ended by Close.
	bg context.Context
	// images draws and keeps the boards' pictures.
	images *images
}

// New starts a server's background work (AI workers, listener of other instances, resuming
// the games that wait for an AI or a clock) and returns it; Handler serves it and Close stops
// it.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Registry == nil {
		return nil, errors.New("server: a store and a registry are required")
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.MaxThink <= 0 {
		cfg.MaxThink = 60 * time.Second
	}
	if cfg.AIWorkers <= 0 {
		cfg.AIWorkers = runtime.NumCPU()
	}
	customClock := cfg.Now != nil || cfg.Clock != nil
	switch {
	case cfg.Clock != nil:
		cfg.Now = cfg.Clock.Now
	case cfg.Now != nil:
		cfg.Clock = funcClock{cfg.Now}
	default:
		cfg.Clock, cfg.Now = clock.Real{}, time.Now
	}
	s := &Server{
		cfg: cfg, store: cfg.Store, reg: cfg.Registry, log: cfg.Log, metrics: newMetrics(),
		now:          func() time.Time { return cfg.Now().UTC() },
		conns:        map[*conn]bool{},
		lobbySubs:    map[*conn]bool{},
		aiw:          aiwork.New(cfg.AIWorkers, cfg.MaxThink),
		loginLimits:  ratelimit.New(ratelimit.Of(cfg.LoginRate, 1), 10),
		signupLimits: ratelimit.New(ratelimit.Of(cfg.GuestRate, 5), 50),
		moveLimits:   ratelimit.New(ratelimit.Of(cfg.MoveRate, 20), 60),
		createLimits: ratelimit.New(ratelimit.Of(cfg.CreateRate, 0.5), 30),
		images:       newImages(),
	}
	bg, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s.cancel, s.bg = cancel, bg
	s.aiw.OnWaiting(func(n int) { s.metrics.aiQueue.Set(float64(n)) })
	if cfg.Book != nil {
		s.aiw.Prepare(cfg.Book.PrepareAgent)
	}
	s.play = play.New(play.Config{Store: cfg.Store, Registry: cfg.Registry, Log: cfg.Log, Clock: cfg.Clock, AI: s.aiw,
		ReminderBefore: cfg.ReminderBefore, VacationDays: cfg.VacationDays, Notes: notes{s},
		EndJobs: []func(domain.Game) []domain.Job{s.endJobs}, LobbyChanged: s.lobbyChanged, Metrics: playMetrics{s.metrics}})
	s.accounts = accounts.New(cfg.Store, cfg.Clock)
	s.ratings = ratings.New(cfg.Store, cfg.Registry, cfg.Clock)
	s.events = events.New(events.Config{Store: cfg.Store, Registry: cfg.Registry, Log: cfg.Log, Clock: cfg.Clock, Games: s.play, Notes: notes{s}})
	s.tourney = tourney.New(tourney.Config{Store: cfg.Store, Registry: cfg.Registry, Log: cfg.Log, Clock: cfg.Clock, AI: s.aiw, Notes: notes{s}})
	s.startAuth(bg)
	if err := s.startCorr(bg, customClock); err != nil {
		cancel()
		s.wg.Wait()
		return nil, fmt.Errorf("server: %w", err)
	}
	s.wg.Add(1)
	listening := make(chan struct{})
	go func() {
		defer s.wg.Done()
		var once sync.Once
		s.store.Listen(bg, s.remoteChange, s.resyncAll, func() { once.Do(func() { close(listening) }) })
	}()
	if s.store.Postgres() {
		select {
		case <-listening:
		case <-time.After(10 * time.Second):
			s.log.Warn("not yet listening to the other instances' changes")
		}
	}
	if err := s.startBook(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("server: reading the opening book's learned games: %w", err)
	}
	if err := s.play.Start(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("server: resuming games: %w", err)
	}
	if err := s.runJobs(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("server: starting the job queue: %w", err)
	}
	mux := http.NewServeMux()
	s.routes(mux)
	s.corrRoutes(mux)
	s.gameRoutes(mux)
	s.imageRoutes(mux)
	s.mailRoutes(mux)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.Handle("GET /metrics", s.metrics.handler())
	if cfg.Debug {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
		mux.HandleFunc("POST /debug/gc", func(w http.ResponseWriter, r *http.Request) {
			runtime.GC()
			debug.FreeOSMemory()
			writeJSON(w, http.StatusOK, map[string]any{"ok": true})
		})
	}
	s.webRoutes(mux)
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, domain.Errorf(domain.Forbidden, "cross-origin request refused: a page of another site may not act with your session"))
	}))
	s.handler = securityHeaders(cop.Handler(mux))
	return s, nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"ok": false, "error": "the database does not answer"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "store": s.store.Describe()})
}

// CloseConns closes every WebSocket and event stream with a going-away code.
func (s *Server) CloseConns() {
	s.connMu.Lock()
	for c := range s.conns {
		c.close(whyShutdown)
	}
	s.connMu.Unlock()
}

// Close stops the background work: the connections are closed, the job queue stopped, the game
// service's AI searches cancelled and timers stopped (the commands in flight finish).
func (s *Server) Close() {
	if s.closing.Swap(true) {
		return
	}
	s.CloseConns()
	s.stopCorr()
	s.cancel()
	s.play.Close()
	s.tourney.Close()
	s.events.Close()
	if s.cfg.Book != nil {
		s.cfg.Book.Close()
	}
	s.wg.Wait()
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
		s.Close()
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
	err := <-shut
	s.Close()
	if err != nil {
		return err
	}
	return nil
}

// funcClock is the clock of a Config.Now: its time, and real timers.
type funcClock struct{ now func() time.Time }

func (c funcClock) Now() time.Time { return c.now().UTC() }

func (c funcClock) AfterFunc(d time.Duration, f func()) clock.Timer { return time.AfterFunc(d, f) }

// remoteChange follows a change another instance committed: the game service reloads the game
// (if in memory); the lobby's followers hear of a change that shows there.
func (s *Server) remoteChange(n store.Notice) {
	if n.Lobby {
		s.lobbyChanged()
	}
	s.play.RemoteChange(context.Background(), n.Game, n.Version)
}

// resyncAll reloads every game in memory (after the notification connection was lost).
func (s *Server) resyncAll() {
	s.play.ResyncAll(context.Background())
	s.lobbyChanged()
}
