// Package play is the game service: every game of the registry played through the game
// contract, with no HTTP in it. A live game is an actor (package aggregate): one goroutine owns
// its table, its row, its followers, its clock's timer and its AI's search, and runs the
// commands sent to it one at a time from a bounded mailbox (full: domain.Busy). A command
// runs on a copy of the table; its change is committed to the store with the version it was
// made from, with the durable jobs it calls for in the same transaction, and only then does
// the copy replace the table and the followers hear of it. Clocks and deadlines go through a
// clock.Clock (real timers in the program, a manual clock in tests); an AI's move comes back as
// an ordinary command pinned to the ply it was computed for; idle games leave memory.
//
// The service's errors are platform errors: their codes say what went wrong.
package play

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aggregate"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
)

// Config sets up the game service.
type Config struct {
	Store    Store
	Registry *game.Registry
	Log      *slog.Logger
	// Clock is the service's time (default the real one).
	Clock clock.Clock
	// AI is the AI's work (agents and the fair pool of the cores).
	AI *aiwork.Work
	// ReminderBefore is how long before a correspondence deadline the player to move is
	// reminded (default 24 hours; at most half the time the player had).
	ReminderBefore time.Duration
	// VacationDays is each player's yearly allowance of vacation days (default 30).
	VacationDays int
	// Notes stores and pushes notifications, and mails reminders (default: none).
	Notes Notifier
	// EndJobs are the jobs other services want stored with the end of a game (its rating, its
	// paired event's next round, its learning by the opening book).
	EndJobs []func(row domain.Game) []domain.Job
	// LobbyChanged is told when the lobby's lists may have changed.
	LobbyChanged func()
	// Metrics count the moves, the games in memory and the AI's searches (default none).
	Metrics Metrics
	// Mailbox bounds the commands waiting for one game (default 64).
	Mailbox int
}

// Notifier stores notifications, pushes them to their users, and mails them.
type Notifier interface {
	Notify(ctx context.Context, notes []domain.Notification)
	// Mail sends a user a mail (a correspondence reminder).
	Mail(ctx context.Context, userID int64, subject, body string)
}

// Metrics are what the service counts.
type Metrics interface {
	Move()
	GamesInMemory(delta int)
	AISearch(started bool)
	AIThink(d time.Duration)
}

// Follower is one client following games live (a WebSocket, an event stream): the service
// sends it the messages its user may see.
type Follower interface {
	// User is the follower's user (nil: anonymous).
	User() *domain.User
	// Push queues an encoded message without waiting (a follower too slow to read closes).
	Push(b []byte)
}

// Service is the game service.
type Service struct {
	cfg   Config
	store Store
	reg   *game.Registry
	log   *slog.Logger
	clk   clock.Clock
	aiw   *aiwork.Work
	games *aggregate.Cache[*liveGame]
	ai    *aiPool

	closing atomic.Bool
	bg      context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// New returns the service; Start begins its background work.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.ReminderBefore <= 0 {
		cfg.ReminderBefore = 24 * time.Hour
	}
	if cfg.VacationDays <= 0 {
		cfg.VacationDays = 30
	}
	if cfg.Metrics == nil {
		cfg.Metrics = noMetrics{}
	}
	if cfg.Notes == nil {
		cfg.Notes = noNotes{}
	}
	if cfg.LobbyChanged == nil {
		cfg.LobbyChanged = func() {}
	}
	s := &Service{cfg: cfg, store: cfg.Store, reg: cfg.Registry, log: cfg.Log, clk: cfg.Clock, aiw: cfg.AI}
	s.bg, s.cancel = context.WithCancel(context.Background())
	s.games = aggregate.New(aggregate.Config[*liveGame]{
		Load:    s.load,
		Reload:  s.reload,
		Keep:    keep,
		Evicted: s.evicted,
		Idle:    time.Minute,
		Mailbox: cfg.Mailbox,
	})
	s.ai = newAIPool(s)
	return s
}

// Start picks up the games that wait for an AI's move (every one, a page at a time).
func (s *Service) Start(ctx context.Context) error {
	return s.resume(ctx)
}

// Close stops the service: AI searches are cancelled, timers stopped; the commands in flight
// finish.
func (s *Service) Close() {
	if s.closing.Swap(true) {
		return
	}
	s.cancel()
	s.games.Each(context.Background(), func(_ context.Context, _ string, v **liveGame) {
		lg := *v
		if lg.timer != nil {
			lg.timer.Stop()
			lg.timer = nil
		}
		if lg.ai != nil {
			lg.ai.cancel()
		}
	})
	s.games.Close()
	s.wg.Wait()
}

// now is the service's time.
func (s *Service) now() time.Time { return s.clk.Now().UTC() }

// Registry returns the games served.
func (s *Service) Registry() *game.Registry { return s.reg }

// GamesInMemory returns the number of games held in memory.
func (s *Service) GamesInMemory() int { return s.games.Len() }

type noMetrics struct{}

func (noMetrics) Move()                 {}
func (noMetrics) GamesInMemory(int)     {}
func (noMetrics) AISearch(bool)         {}
func (noMetrics) AIThink(time.Duration) {}

type noNotes struct{}

func (noNotes) Notify(context.Context, []domain.Notification) {}
func (noNotes) Mail(context.Context, int64, string, string)   {}

// Kinds describes the game kinds served.
func (s *Service) Kinds() []api.Kind {
	var out []api.Kind
	for _, g := range s.reg.Games() {
		k := api.Kind{Name: g.Name(), Title: g.Title(), Sides: g.SideNames(game.DefaultOptions(g.OptionSpecs())),
			Options: g.OptionSpecs(), Records: []string{"json"}, Levels: [2]int{1, 10}, Hints: s.aiw.Hints(g)}
		for _, f := range game.RecordFormats(g) {
			k.Records = append(k.Records, f.Name)
		}
		out = append(out, k)
	}
	return out
}
