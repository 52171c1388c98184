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
// Service is a facade over named collaborators, one a file, each holding only what it uses
// and reaching the others through small interfaces, as a round of lichess is split:
//
//   - tables (tables.go): the live games in memory, an actor each;
//   - commander (commands.go): the players' and the server's commands, run on a copy of the
//     table, with the rules of draws (draws.go) and takebacks (takebacks.go);
//   - recorder (record.go): a command's change committed, then the game in memory moved on,
//     its followers told, its AI and clock started again; changes made on other instances;
//   - clocks (clocks.go): the live clocks' timers;
//   - finisher (finish.go): the jobs a change calls for, the end of a game on time, and what
//     its end calls for;
//   - correspondence (correspondence.go): the notices to move, the reminders, vacations;
//   - followers (followers.go): the live protocol's followers, told in typed updates
//     (update.go) that they encode;
//   - creator (create.go) and records (records.go): new games, joins, rematches, imports and
//     exports;
//   - chatRoom (chat.go), analyst (analysis.go), views (views.go), lists (lists.go) and the
//     AI's pool (ai.go).
//
// Each keeps its rules as plain functions that a unit test calls without a database.
//
// The service's errors are platform errors: their codes say what went wrong.
package play

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

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
	// Notes stores and pushes notifications (default: none).
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
	// Moderation refuses what blocks, bans and the chat's words forbid, and hides what mutes
	// hide (default: nothing is refused).
	Moderation Moderation
	// BrowserAIWait is how long an AI seat whose moves its player's browser computes (a game
	// created with browserAI) waits for the browser's move before the server's AI moves for
	// it (default DefaultBrowserAIWait).
	BrowserAIWait time.Duration
	// Shared tells that several instances share the store: a chat message reaches the
	// followers through the store's notice of it on every instance (RemoteChat), this one
	// included.
	Shared bool
}

// Notifier stores notifications with their mail, pushes them to their users, and leaves out
// those whose key a user already has (so a retried job notifies once); an error stored nothing.
type Notifier interface {
	Notify(ctx context.Context, notes []domain.Notification) error
}

// Metrics are what the service counts.
type Metrics interface {
	Move()
	GamesInMemory(delta int)
	AISearch(started bool)
	AIThink(d time.Duration)
}

// Follower is one client following games live (a WebSocket, an event stream): the service
// hands it the updates its user may see, and the follower encodes them for its wire.
type Follower interface {
	// User is the follower's user (nil: anonymous).
	User() *domain.User
	// Push queues an update without waiting (a follower too slow to read closes). The update
	// may go to other followers too: it is read, never changed (see Update.Encoded).
	Push(u *Update)
}

// Service is the game service: the facade the adapters call, each method handed to the
// collaborator that owns it.
type Service struct {
	cfg   Config
	bg    *background
	games *tables

	commands *commander
	record   *recorder
	clocks   *clocks
	finish   *finisher
	corr     *correspondence
	follow   *followers
	create   *creator
	records  *records
	chat     *chatRoom
	analyst  *analyst
	views    *views
	lists    *lists
}

// background is the service's own work (timers, the AI's searches): its context, ended by
// Close, and the goroutines Close waits for.
type background struct {
	ctx     context.Context
	cancel  context.CancelFunc
	closing atomic.Bool
	wg      sync.WaitGroup
}

// New returns the service; Start begins its background work.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.BrowserAIWait <= 0 {
		cfg.BrowserAIWait = DefaultBrowserAIWait
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
	if cfg.Moderation == nil {
		cfg.Moderation = noModeration{}
	}
	// The collaborators, each given what it uses.
	bg := &background{}
	bg.ctx, bg.cancel = context.WithCancel(context.Background())
	now := func() time.Time { return cfg.Clock.Now().UTC() }
	st, log := cfg.Store, cfg.Log

	games := &tables{store: st, reg: cfg.Registry, metrics: cfg.Metrics}
	v := &views{games: games, now: now}
	fl := &followers{games: games, store: st, views: v, log: log}
	games.reloaded = fl.pushBacklog
	finish := &finisher{games: games, store: st, notes: cfg.Notes, now: now, reminderBefore: cfg.ReminderBefore, endJobs: cfg.EndJobs}
	cmd := &commander{games: games, views: v, now: now}
	cl := &clocks{clk: cfg.Clock, bg: bg, do: cmd, log: log}
	ai := &aiPool{aiw: cfg.AI, games: games, do: cmd, bg: bg, metrics: cfg.Metrics, log: log, queued: map[string]int64{},
		clk: cfg.Clock, browserWait: cfg.BrowserAIWait, waits: map[string]browserWait{}}
	rec := &recorder{store: st, games: games, jobs: finish, followers: fl, ai: ai, clocks: cl, aiw: cfg.AI,
		metrics: cfg.Metrics, lobbyChanged: cfg.LobbyChanged, log: log}
	// The commands commit through the recorder, whose jobs are the finisher's, which ends games
	// by commands: the cycle is closed once all three exist.
	cmd.commit = rec
	finish.do = cmd
	games.cache = aggregate.New(aggregate.Config[*liveGame]{
		Load:    games.load,
		Reload:  games.reload,
		Resync:  rec.resync,
		Keep:    keep,
		Evicted: games.evicted,
		Idle:    time.Minute,
		Mailbox: cfg.Mailbox,
	})
	cr := &creator{store: st, reg: cfg.Registry, games: games, aiw: cfg.AI, record: rec, jobs: finish, views: v,
		now: now, lobbyChanged: cfg.LobbyChanged, log: log, mod: cfg.Moderation}
	chat := &chatRoom{store: st, games: games, followers: fl, now: now, mod: cfg.Moderation, limits: newChatLimits(), shared: cfg.Shared}
	return &Service{
		cfg: cfg, bg: bg, games: games,
		commands: cmd, record: rec, clocks: cl, finish: finish, follow: fl, create: cr, chat: chat, views: v,
		corr:    &correspondence{store: st, games: games, do: cmd, notes: cfg.Notes, now: now, vacationDays: cfg.VacationDays, log: log},
		records: &records{store: st, reg: cfg.Registry, games: games, started: cr, now: now},
		analyst: &analyst{store: st, reg: cfg.Registry, games: games, aiw: cfg.AI, now: now},
		lists:   &lists{store: st, reg: cfg.Registry, games: games, chat: chat},
	}
}

// Start picks up the games that wait for an AI's move (every one, a page at a time).
func (s *Service) Start(ctx context.Context) error { return s.record.resume(ctx) }

// Close stops the service: AI searches are cancelled, timers stopped; the commands in flight
// finish.
func (s *Service) Close() {
	if s.bg.closing.Swap(true) {
		return
	}
	s.bg.cancel()
	s.games.cache.Each(context.Background(), func(_ context.Context, _ string, v **liveGame) {
		lg := *v
		s.clocks.stop(lg)
		if lg.ai != nil {
			lg.ai.cancel()
		}
	})
	s.games.cache.Close()
	s.bg.wg.Wait()
}

// Registry returns the games served.
func (s *Service) Registry() *game.Registry { return s.cfg.Registry }

// GamesInMemory returns the number of games held in memory.
func (s *Service) GamesInMemory() int { return s.games.cache.Len() }

// Kinds describes the game kinds served.
func (s *Service) Kinds() []api.Kind {
	var out []api.Kind
	for _, g := range s.cfg.Registry.Games() {
		k := api.Kind{Name: g.Name(), Title: g.Title(), Sides: g.SideNames(game.DefaultOptions(g.OptionSpecs())),
			Options: g.OptionSpecs(), Records: []string{"json"}, Levels: [2]int{1, 10}, Hints: s.cfg.AI.Hints(g)}
		api.DescribeKind(&k, g)
		for _, f := range game.RecordFormats(g) {
			k.Records = append(k.Records, f.Name)
		}
		out = append(out, k)
	}
	return out
}

// Command runs one of a player's commands (a move, a resignation, a draw offer, a takeback...)
// at game id for u, and returns the game as u sees it after it, with only the history from the
// command's first change on (the client has the rest: view.movesFrom), and the game's version.
// A command refused with events (a side whose time had run out: the game ends on time) returns
// both the view and the error.
func (s *Service) Command(ctx context.Context, u *domain.User, id, kind string, req api.Command) (api.Game, int64, error) {
	return s.commands.command(ctx, u, id, kind, req, true)
}

// Act runs a command as Command does and returns only the game's version after it: for a
// client that follows the game and so hears of the change as an event (the live protocol). The
// view is made only for an error that carries one. A view is most of what a move allocates.
func (s *Service) Act(ctx context.Context, u *domain.User, id, kind string, req api.Command) (int64, error) {
	_, version, err := s.commands.command(ctx, u, id, kind, req, false)
	return version, err
}

// RemoteChange follows a change another instance committed: a game in memory is reloaded and
// its new events go to this instance's followers.
func (s *Service) RemoteChange(ctx context.Context, id string, version int64) {
	s.record.remoteChange(ctx, id, version)
}

// ResyncAll reloads every game in memory (after the notification connection was lost).
func (s *Service) ResyncAll(ctx context.Context) { s.record.resyncAll(ctx) }

// Workers adds the workers of the game service's jobs; notYet snoozes a job until its time.
func (s *Service) Workers(ws *river.Workers, notYet func(at time.Time) error) {
	s.finish.workers(ws, notYet)
	s.corr.workers(ws)
}

// CatchUp sends the stored events of game id after a version through send, a page at a time,
// before the follower subscribes: a long history never has to fit in a connection's queue.
// Versions only grow (a takeback is an event too), so what comes after the returned version is
// left for Subscribe. Stored events are in their public form.
func (s *Service) CatchUp(ctx context.Context, id string, after int64, send func(*Update) bool) (int64, error) {
	return s.follow.catchUp(ctx, id, after, send)
}

// Subscribe adds f to game id's followers and sends it what it missed since after (-1: no
// backlog), then a subscribed update (with the view when views). It reports whether the game
// is over.
func (s *Service) Subscribe(ctx context.Context, id string, f Follower, after int64, views bool) (over bool, err error) {
	return s.follow.subscribe(ctx, id, f, after, views)
}

// Unsubscribe removes f from game id's followers.
func (s *Service) Unsubscribe(ctx context.Context, id string, f Follower) {
	s.follow.unsubscribe(ctx, id, f)
}

// Events returns game id's events after a version, as u may see them.
func (s *Service) Events(ctx context.Context, u *domain.User, id string, after int64) ([]game.Event, error) {
	return s.follow.events(ctx, u, id, after)
}

// Create makes a game from a request and returns it as its creator sees it (with the
// invitation link of an online game's open seat).
func (s *Service) Create(ctx context.Context, req api.CreateGame, user Creator) (api.Game, error) {
	return s.create.create(ctx, req, user)
}

// Join takes an online game's open seat for u: with the invitation's token, or any open
// challenge from the lobby. The join is a change like a move: versioned, committed with the
// seat, notified to every instance; the clocks start with it, not when the game was offered.
func (s *Service) Join(ctx context.Context, id, token string, user Creator) (api.Game, error) {
	return s.create.join(ctx, id, token, user)
}

// Rematch starts a new game with the same options and the colours swapped, for a player of a
// finished game; created tells whether this call made it (both players asking get the same
// rematch).
func (s *Service) Rematch(ctx context.Context, u *domain.User, id string) (v api.Game, created bool, err error) {
	return s.create.rematch(ctx, u, id)
}

// CreatePaired stores a paired game and starts what it waits for (its clock); ErrConflict
// when it exists already.
func (s *Service) CreatePaired(ctx context.Context, p Paired) error {
	return s.create.createPaired(ctx, p)
}

// Import reads a record (an Othello GGF or move list, or any game's own format) and makes it a
// hot-seat game of the caller's, to replay or to continue.
func (s *Service) Import(ctx context.Context, req api.Import, user Creator) (api.Game, error) {
	return s.records.importRecord(ctx, req, user)
}

// Export writes game id's record: "json" (or ""), or one of the game's record formats.
func (s *Service) Export(ctx context.Context, id, format string) (Export, error) {
	return s.records.export(ctx, id, format)
}

// Read runs f on game id's row and table in the game's actor, for reads the views do not cover
// (the pictures of a board). f must neither keep nor change the table: it copies what it needs
// (a public position, the moves) and returns, so that the game's commands do not wait on slow
// work done after.
func (s *Service) Read(ctx context.Context, id string, f func(row domain.Game, tb *game.Table) error) error {
	return s.games.with(ctx, id, func(_ context.Context, lg *liveGame) error { return f(lg.row, lg.tb) })
}

// Game returns game id as u sees it (as: the side of a hot-seat holder), its history from move
// from on.
func (s *Service) Game(ctx context.Context, u *domain.User, id string, as game.Player, from int) (api.Game, error) {
	return s.views.game(ctx, u, id, as, from)
}

// Info is what game id's page shows beside the board, for u: its settings, the players'
// ratings (and their change at the end), its spectators, and its chat as u may use it.
func (s *Service) Info(ctx context.Context, u *domain.User, id string) (api.GameInfo, error) {
	return s.lists.info(ctx, u, id)
}

// About describes the game a notification is about for its reader: the game's kind and the
// reader's opponent in it (nil for an unknown game).
func (s *Service) About(ctx context.Context, readerID int64, gameID string) *api.NotificationAbout {
	return s.lists.about(ctx, readerID, gameID)
}

// MyGames lists u's last hundred games, marking those where u must act.
func (s *Service) MyGames(ctx context.Context, u *domain.User) ([]api.Summary, error) {
	return s.lists.myGames(ctx, u)
}

// Recent lists a player's last twenty games as a profile shows them, with the rated games'
// ratings and changes.
func (s *Service) Recent(ctx context.Context, userID int64, viewer *domain.User) ([]api.Summary, error) {
	return s.lists.recent(ctx, userID, viewer)
}

// Lobby lists the open challenges (with their challengers' ratings) and the games in play that
// can be watched.
func (s *Service) Lobby(ctx context.Context) (*api.Lobby, error) { return s.lists.lobby(ctx) }

// Hint returns the AI's view of every legal move of u's side in game id (as: the side of a
// hot-seat holder), at a level, on owner's share of the AI: where the game's engine analyses,
// the game is not rated, and the engine may help in it now.
func (s *Service) Hint(ctx context.Context, u *domain.User, owner, id string, as game.Player, level int) (api.Hints, error) {
	return s.analyst.hint(ctx, u, owner, id, as, level)
}

// Analyze answers an analysis: the position reached from a start by some moves, as a view
// (board, legal moves, outcome) for the side to act, and, with a level, the engine's value of
// each of that side's legal moves, on owner's share of the AI. It plays nothing and stores
// nothing: the analysis board and the replay of earlier positions use it.
func (s *Service) Analyze(ctx context.Context, u *domain.User, owner string, req api.Analyze) (api.Analysis, error) {
	return s.analyst.analyze(ctx, u, owner, req)
}

// GameAnalysis answers an analysis of one of game id's positions (after ply moves): its view,
// and with a level the engine's value of each move of the side to act there. The engine's
// values are refused while a game between people runs without hints for both.
func (s *Service) GameAnalysis(ctx context.Context, u *domain.User, owner, id string, req api.GameAnalysis) (api.Analysis, error) {
	return s.analyst.gameAnalysis(ctx, u, owner, id, req)
}

// Chat returns game id's chat after the message after, as u may see it.
func (s *Service) Chat(ctx context.Context, u *domain.User, id string, after int64) ([]api.ChatMessage, error) {
	return s.chat.messages(ctx, u, id, after)
}

// PostChat writes u's message in game id's chat and pushes it to the followers who may read it.
func (s *Service) PostChat(ctx context.Context, u *domain.User, id, text string) (api.ChatMessage, error) {
	return s.chat.post(ctx, u, id, text)
}

// RemoteChat pushes a chat message stored, hidden or shown again by any instance (this one
// included, with a shared store) to the followers of its game here who may read it.
func (s *Service) RemoteChat(ctx context.Context, gameID string, id int64) {
	if err := s.chat.changed(ctx, gameID, id); err != nil {
		s.cfg.Log.Warn("a chat message from the store", "game", gameID, "message", id, "error", err)
	}
}

// ChatChanged pushes a chat message a moderator hid or showed again to its game's followers
// here; with a shared store the store's notice does (RemoteChat), on every instance.
func (s *Service) ChatChanged(ctx context.Context, gameID string, id int64) {
	if !s.cfg.Shared {
		s.RemoteChat(ctx, gameID, id)
	}
}

// SetChatSeat changes u's chat settings in game id and returns the chat as u may now use it.
func (s *Service) SetChatSeat(ctx context.Context, u *domain.User, id string, seat api.ChatSeat) (api.ChatInfo, error) {
	return s.chat.setSeat(ctx, u, id, seat)
}

// SetChatOff switches u's chat off (or on) in every game.
func (s *Service) SetChatOff(ctx context.Context, u *domain.User, off bool) error {
	return s.cfg.Store.SetChatOff(ctx, u.ID, off)
}

// Vacation returns u's vacation allowance of this year.
func (s *Service) Vacation(ctx context.Context, u *domain.User) (api.Vacation, error) {
	return s.corr.vacation(ctx, u)
}

// TakeVacation takes days of u's yearly vacation: every correspondence game u plays gets that
// many days more on u's clock.
func (s *Service) TakeVacation(ctx context.Context, u *domain.User, days int) (api.Vacation, error) {
	return s.corr.takeVacation(ctx, u, days)
}

type noMetrics struct{}

func (noMetrics) Move()                 {}
func (noMetrics) GamesInMemory(int)     {}
func (noMetrics) AISearch(bool)         {}
func (noMetrics) AIThink(time.Duration) {}

type noNotes struct{}

func (noNotes) Notify(context.Context, []domain.Notification) error { return nil }
