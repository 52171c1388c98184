// Package app is the program's composition root: it opens nothing itself but wires the store it
// is given to the services (each through the port it declares), the durable job queue and its
// workers, the listeners of the changes other instances commit, and the HTTP adapter (package
// server), then starts them in order and stops them in reverse. `turncoat serve` and the tests
// of the whole server build the world through New; nothing else does.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine"
	othellobook "turncoat/engine/othello/book"
	"turncoat/engine/puzzle"
	"turncoat/game"
	"turncoat/platform/accounts"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
	"turncoat/platform/events"
	"turncoat/platform/jobs"
	"turncoat/platform/mail"
	"turncoat/platform/moderation"
	"turncoat/platform/notify"
	"turncoat/platform/play"
	"turncoat/platform/puzzles"
	"turncoat/platform/ratings"
	"turncoat/platform/reviews"
	"turncoat/platform/tourney"
	"turncoat/platform/trainer"
	"turncoat/server"
	"turncoat/store"
)

// Config sets up the program's game server.
type Config struct {
	// Store is the open database.
	Store *store.Store
	// Registry lists the games served.
	Registry *game.Registry
	// Log receives the log; nil discards it.
	Log *slog.Logger
	// Web holds the web UI's files (index.html at its root); nil serves a minimal page.
	Web fs.FS
	// Origins are extra origins allowed to open WebSockets (host patterns), besides the
	// server's own.
	Origins []string
	// SecureCookies marks session cookies Secure even on plain HTTP (behind a TLS proxy).
	SecureCookies bool
	// PasswordHashing is what hashing a password costs; nil keeps the accounts service's own
	// (RFC 9106's low-memory argon2id). Only tests of the server's flows lower it.
	PasswordHashing *accounts.HashCost
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
	// PicturesWaiting bounds the pictures one address may have waiting to be drawn (default 4;
	// negative: none).
	PicturesWaiting int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// Debug exposes POST /debug/gc and /debug/pprof/; never on a public server.
	Debug bool
	// Now is the time (default time.Now); tests set it, or Clock.
	Now func() time.Time
	// Clock, when set, is the program's time and timers (a manual clock in tests): the
	// services', the adapter's and the job queue's.
	Clock clock.Clock
	// Mailer sends the notices by mail (default: they are logged).
	Mailer notify.Mailer
	// ReminderBefore is how long before a correspondence deadline the player to move is
	// reminded (default 24 hours; at most half the time the player had).
	ReminderBefore time.Duration
	// VacationDays is each player's yearly allowance of vacation days (default 30).
	VacationDays int
	// PublicURL is the server's public base URL (https://host[/path]), which the links put
	// outside the page start with (link previews, forum posts, mail); "" takes each request's
	// own host (see server.ParsePublicURL).
	PublicURL string
	// Book is the opening book of a game kind (Othello's), if any; the program starts and
	// closes it.
	Book Book
	// JobsByHand makes the durable job queue without starting it: jobs are stored as ever (in
	// their changes' transactions, unique by their arguments) and worked only by WorkDue, as
	// plain calls on the program's clock. For tests on a manual clock, which then know when
	// what a deadline calls for is done instead of waiting for the queue's polls.
	JobsByHand bool
	// Puzzles replace the shipped puzzles of their kinds (test sets with known answers); the
	// shipped puzzles of other kinds are served beside them.
	Puzzles []puzzle.Puzzle
}

// Book is an opening book a game kind adds (Othello's, package booksvc): the durable jobs at
// the end of its games and their workers, the agents that play from it, and its explorer.
type Book interface {
	// Kind is the game kind the book is of.
	Kind() string
	// Start makes the book current; ai is the AI's work, whose share of the cores the book's
	// own evaluations take.
	Start(ctx context.Context, ai *aiwork.Work) error
	// EndJobs are the jobs the end of a game calls for.
	EndJobs(row domain.Game) []domain.Job
	Workers(ws *river.Workers)
	// PrepareAgent has an agent play from the book.
	PrepareAgent(a engine.Agent)
	// Explore answers the explorer: BadRequest, BadNotation or IllegalMove for a bad query.
	Explore(ctx context.Context, moves, pos string) (api.BookPosition, error)
	Close()
}

// App is the running program: its services, its job queue, its listeners and its HTTP adapter.
type App struct {
	cfg   Config
	store *store.Store
	log   *slog.Logger
	now   func() time.Time

	ai       *aiwork.Work
	play     *play.Service
	accounts *accounts.Service
	ratings  *ratings.Service
	events   *events.Service
	tourney  *tourney.Service
	notices  *notify.Service
	mod      *moderation.Service
	reviews  *reviews.Service
	srv      atomic.Pointer[server.Server]

	jobs        *store.Jobs
	jobsStarted bool
	workers     *river.Workers // the services' workers, which WorkDue calls
	workMu      sync.Mutex     // one WorkDue at a time: jobs worked in order

	closing atomic.Bool
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// New wires and starts the program: the services on the store, the adapter, the listeners of
// other instances, the opening book, the games that wait for an AI, then the job queue. Handler
// serves it; Close stops it.
func New(ctx context.Context, cfg Config) (*App, error) {
	if cfg.Store == nil || cfg.Registry == nil {
		return nil, errors.New("app: a store and a registry are required")
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
	if cfg.ReminderBefore <= 0 {
		cfg.ReminderBefore = 24 * time.Hour
	}
	if cfg.VacationDays <= 0 {
		cfg.VacationDays = 30
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
	a := &App{cfg: cfg, store: cfg.Store, log: cfg.Log, now: func() time.Time { return cfg.Now().UTC() }}
	bg, cancel := context.WithCancel(context.WithoutCancel(ctx))
	a.cancel = cancel

	// The services, each on its port.
	metrics := server.NewMetrics()
	a.ai = aiwork.New(cfg.AIWorkers, cfg.MaxThink)
	a.ai.OnWaiting(metrics.AIQueue)
	if cfg.Book != nil {
		a.ai.Prepare(cfg.Book.PrepareAgent)
	}
	a.notices = notify.New(notify.Config{Store: cfg.Store, Log: cfg.Log, Clock: cfg.Clock, Mailer: cfg.Mailer,
		PublicURL: cfg.PublicURL, Shared: cfg.Store.Postgres()})
	a.accounts = accounts.New(cfg.Store, cfg.Clock)
	if cfg.PasswordHashing != nil {
		a.accounts.SetHashCost(*cfg.PasswordHashing)
	}
	a.mod = moderation.New(moderation.Config{Store: cfg.Store, Accounts: a.accounts, Notes: a.notices, Clock: cfg.Clock})
	a.play = play.New(play.Config{Store: cfg.Store, Registry: cfg.Registry, Log: cfg.Log, Clock: cfg.Clock, AI: a.ai,
		ReminderBefore: cfg.ReminderBefore, VacationDays: cfg.VacationDays, Notes: a.notices,
		EndJobs: []func(domain.Game) []domain.Job{a.endJobs}, LobbyChanged: a.lobbyChanged, Metrics: metrics.Play(),
		Moderation: a.mod, Shared: cfg.Store.Postgres()})
	a.mod.SetChat(a.play)
	a.ratings = ratings.New(cfg.Store, cfg.Registry, cfg.Clock)
	a.events = events.New(events.Config{Store: cfg.Store, Registry: cfg.Registry, Log: cfg.Log, Clock: cfg.Clock,
		Games: a.play, Notes: a.notices})
	a.tourney = tourney.New(tourney.Config{Store: cfg.Store, Registry: cfg.Registry, Log: cfg.Log, Clock: cfg.Clock,
		AI: a.ai, Notes: a.notices})
	set, err := puzzles.Shipped()
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	if len(cfg.Puzzles) > 0 {
		replaced := map[string]bool{}
		for _, p := range cfg.Puzzles {
			replaced[p.Kind] = true
		}
		set = slices.DeleteFunc(set, func(p puzzle.Puzzle) bool { return replaced[p.Kind] })
	}
	puz, err := puzzles.New(cfg.Store, append(set, cfg.Puzzles...), a.now)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	if err := puz.Start(ctx); err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}

	rcfg := reviews.Config{Store: cfg.Store, Registry: cfg.Registry, AI: a.ai, Log: cfg.Log, Clock: cfg.Clock}
	if b, ok := cfg.Book.(interface{ Book() *othellobook.Book }); ok {
		rcfg.Book = b.Book
	}
	a.reviews = reviews.New(rcfg)

	// The HTTP adapter, on the services.
	var book server.BookExplorer
	var drills *trainer.Service
	if cfg.Book != nil {
		book = cfg.Book
		// the trainer drills the book the server plays from, learned games and all
		if bb, ok := cfg.Book.(interface{ Book() *othellobook.Book }); ok {
			drills = trainer.New(trainer.Config{Store: cfg.Store, Book: bb.Book(), Clock: cfg.Clock})
		}
	}
	srv := server.New(server.Config{Registry: cfg.Registry, Log: cfg.Log, Web: cfg.Web, Origins: cfg.Origins,
		SecureCookies: cfg.SecureCookies, LoginRate: cfg.LoginRate, GuestRate: cfg.GuestRate, MoveRate: cfg.MoveRate,
		CreateRate: cfg.CreateRate, SocketsPerAddress: cfg.SocketsPerAddress, SocketsPerUser: cfg.SocketsPerUser,
		GamesPerSocket: cfg.GamesPerSocket, PicturesWaiting: cfg.PicturesWaiting, TrustedProxies: cfg.TrustedProxies, Debug: cfg.Debug, Clock: cfg.Clock,
		PublicURL: cfg.PublicURL, Metrics: metrics},
		server.Services{Play: a.play, Tourney: a.tourney, Events: a.events, Ratings: a.ratings, Accounts: a.accounts,
			Notices: a.notices, Moderation: a.mod, AI: a.ai, Book: book, Reviews: a.reviews, Trainer: drills, Health: cfg.Store, Puzzles: puz})
	a.srv.Store(srv)
	a.notices.Attach(srv, srv)
	mailer := cfg.Mailer
	if mailer == nil {
		mailer = notify.LogMailer{Log: cfg.Log}
	}
	a.accounts.Attach(accounts.Attachments{Games: a.play, Mailer: accountMailer{mailer}, Ended: srv.CredentialsEnded})

	// What other instances do, heard through the store; the hourly purge of credentials.
	a.listen(bg)
	if err := a.setUpJobs(bg, customClock); err != nil {
		a.Close()
		return nil, fmt.Errorf("app: %w", err)
	}
	if cfg.Book != nil {
		if err := cfg.Book.Start(ctx, a.ai); err != nil {
			a.Close()
			return nil, fmt.Errorf("app: reading the opening book's learned games: %w", err)
		}
	}
	if err := a.play.Start(ctx); err != nil {
		a.Close()
		return nil, fmt.Errorf("app: resuming games: %w", err)
	}
	if err := a.startJobs(ctx); err != nil {
		a.Close()
		return nil, fmt.Errorf("app: starting the job queue: %w", err)
	}
	return a, nil
}

// Handler returns the program's HTTP handler.
func (a *App) Handler() http.Handler { return a.srv.Load().Handler() }

// CloseConns closes every WebSocket and event stream with a going-away code.
func (a *App) CloseConns() { a.srv.Load().CloseConns() }

// Serve runs the program on a listener until ctx ends, then shuts down gracefully (see
// server.Serve) and stops the rest.
func (a *App) Serve(ctx context.Context, ln net.Listener) error {
	err := a.srv.Load().Serve(ctx, ln)
	a.Close()
	return err
}

// Close stops everything in the reverse of its start: the connections are closed, the job queue
// stopped (jobs running finish; the others wait in the database), the listeners ended, the
// services' AI searches cancelled and timers stopped (the commands in flight finish).
func (a *App) Close() {
	if a.closing.Swap(true) {
		return
	}
	if srv := a.srv.Load(); srv != nil {
		srv.Close() // its connections first: nobody acts while the rest stops
	}
	a.stopJobs()
	a.cancel()
	a.play.Close()
	a.tourney.Close()
	a.events.Close()
	if a.cfg.Book != nil {
		a.cfg.Book.Close()
	}
	a.wg.Wait()
}

// endJobs are the jobs the end of a game calls for beyond the game service: its rating, the
// paired event it may belong to, and the opening book's learning of it.
func (a *App) endJobs(row domain.Game) []domain.Job {
	var out []domain.Job
	out = append(out, a.ratings.EndJobs(row)...)
	if row.Mode == domain.ModeOnline {
		out = append(out, jobs.At(jobs.EventGame{Game: row.ID}, time.Time{}))
	}
	if a.cfg.Book != nil && row.Kind == a.cfg.Book.Kind() {
		out = append(out, a.cfg.Book.EndJobs(row)...)
	}
	return out
}

// lobbyChanged tells the adapter's lobby followers (once the adapter is made).
func (a *App) lobbyChanged() {
	if srv := a.srv.Load(); srv != nil {
		srv.LobbyChanged()
	}
}

// accountMailer sends an account's mails (confirmations, password resets) through the notices'
// mailer.
type accountMailer struct{ m notify.Mailer }

func (a accountMailer) Send(ctx context.Context, m mail.Message) error {
	return a.m.Send(ctx, notify.Mail{To: m.To, UserName: m.UserName, Subject: m.Subject, Body: m.Text, HTML: m.HTML, MessageID: m.ID})
}

// funcClock is the clock of a Config.Now: its time, and real timers.
type funcClock struct{ now func() time.Time }

func (c funcClock) Now() time.Time { return c.now().UTC() }

func (c funcClock) AfterFunc(d time.Duration, f func()) clock.Timer { return time.AfterFunc(d, f) }

// Tourney returns the tournaments' service (for benchmarks and tools that drive it directly).
func (a *App) Tourney() *tourney.Service { return a.tourney }
