// Package tourney runs play-by-post tournaments for the service (package tournament does the
// rules), with no HTTP in it. A tournament is stored as a checkpoint (its snapshot JSON) and the
// append-only log of the operations made since, each with the time it was made and the seed of
// its draws (pairing, dice), so that replaying them on the checkpoint gives exactly the state
// they made; their events are stored for clients. A checkpoint is written with every operation
// of the host or the clock (opening and closing rounds change every board) and after every
// checkpointEvery posts, so that a post in a tournament of ten thousand boards stores a line,
// not the whole tournament.
//
// A tournament in memory is an actor of the aggregate helper, a cache of the store's: every
// operation first checks the stored version (a cheap read) and reloads when another instance
// moved it on; its commit is made from the version it was made on (a conflict reloads and
// applies it again). The next deadline (the end of the subscription window or of the round) and
// the notices of a round opened are durable jobs stored with the change; the house AI's posts
// are made as soon as the house is due, on the fair pool's share of the tournament.
package tourney

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aggregate"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
	"turncoat/platform/jobs"
	"turncoat/tournament"
)

// checkpointEvery bounds the players' operations replayed when a tournament is loaded: a
// checkpoint is written after checkpointEvery of them, or as many as the tournament has boards
// (a checkpoint costs in proportion to the boards, so that the cost of a post stays constant).
const checkpointEvery = 200

// houseLevel is the house AI's strength (level 1-10).
const houseLevel = "level=3"

// Tournament operations, as stored; HostOps are the host's tools.
const (
	OpSubscribe   = "subscribe"
	OpUnsubscribe = "unsubscribe"
	OpReserve     = "reserve"
	OpPost        = "post"
	OpEdit        = "edit"
	OpAdvance     = "advance"
	OpStart       = "start"
	OpExtend      = "extend"
	OpReplace     = "replace"
	OpForfeit     = "forfeit"
	OpSeat        = "seat"
	OpAdjudicate  = "adjudicate"
	OpCorrect     = "correct"
)

// HostOps are the operations only a tournament's host makes.
var HostOps = []string{OpAdvance, OpStart, OpExtend, OpReplace, OpForfeit, OpSeat, OpAdjudicate, OpCorrect}

// Operation is one operation on a tournament: what the stored log holds, and what replaying it
// does again. The service sets its time and its seed.
type Operation struct {
	Op       string            `json:"op"`
	At       time.Time         `json:"at"`
	Seed     uint64            `json:"seed,omitempty"`
	Player   string            `json:"player,omitempty"`
	Text     string            `json:"text,omitempty"`
	Round    int               `json:"round,omitempty"`
	Board    int               `json:"board,omitempty"`
	Out      string            `json:"out,omitempty"`
	In       string            `json:"in,omitempty"`
	Duration time.Duration     `json:"duration,omitempty"`
	Winner   game.Player       `json:"winner"`
	Reason   string            `json:"reason,omitempty"`
	Seq      int               `json:"seq,omitempty"`
	Amount   tournament.Amount `json:"amount,omitempty"`
}

// apply does the operation on t: live, and again when the log is replayed.
func (o Operation) apply(t *tournament.Tournament) ([]tournament.Event, error) {
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	switch o.Op {
	case OpSubscribe:
		return t.Subscribe(o.At, o.Player)
	case OpUnsubscribe:
		return t.Unsubscribe(o.At, o.Player)
	case OpReserve:
		return t.Volunteer(o.At, o.Player, rng)
	case OpPost:
		return t.Post(o.At, o.Player, o.Text)
	case OpEdit:
		return t.Edit(o.At, o.Player, o.Round, o.Text)
	case OpAdvance:
		return t.Advance(o.At, rng)
	case OpStart:
		return t.Start(o.At, rng)
	case OpExtend:
		return t.Extend(o.At, o.Duration)
	case OpReplace:
		return t.Replace(o.At, o.Board, o.Out, o.In)
	case OpForfeit:
		return t.Forfeit(o.At, o.Board, o.Out, o.Reason)
	case OpSeat:
		return t.Seat(o.At, o.Board, o.Player, rng)
	case OpAdjudicate:
		return t.Adjudicate(o.At, o.Board, o.Winner, o.Reason)
	case OpCorrect:
		return t.Correct(o.At, o.Seq, o.Amount, o.Reason)
	}
	return nil, fmt.Errorf("unknown tournament operation %q", o.Op)
}

// playerOp reports whether an operation is one of the players' many small ones, after which no
// checkpoint is written (until checkpointEvery of them).
func playerOp(kind string) bool {
	switch kind {
	case OpSubscribe, OpUnsubscribe, OpReserve, OpPost, OpEdit:
		return true
	}
	return false
}

// Notifier stores notifications (with their mail), pushes them to their users, and leaves out
// those whose key a user already has; an error stored nothing.
type Notifier interface {
	Notify(ctx context.Context, notes []domain.Notification) error
}

// Config sets up the tournaments' service.
type Config struct {
	Store    Store
	Registry *game.Registry
	Log      *slog.Logger
	Clock    clock.Clock
	AI       *aiwork.Work
	Notes    Notifier
}

// Service runs the tournaments.
type Service struct {
	cfg   Config
	store Store
	reg   *game.Registry
	log   *slog.Logger
	clk   clock.Clock
	aiw   *aiwork.Work
	cache *aggregate.Cache[*live]

	// houseRuns holds the tournaments whose house AI is at work, and whether it must look
	// again for a due post when done.
	houseMu   sync.Mutex
	houseRuns map[string]bool

	closing bool
	bg      context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// live is a tournament held in memory (a cache of the store's).
type live struct {
	id  string
	row domain.Tournament
	t   *tournament.Tournament
	// sinceCheckpoint counts the operations stored after the last checkpoint.
	sinceCheckpoint int
	// boards is the number of boards (see checkpointEvery).
	boards int
}

// New returns the service.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	s := &Service{cfg: cfg, store: cfg.Store, reg: cfg.Registry, log: cfg.Log, clk: cfg.Clock, aiw: cfg.AI, houseRuns: map[string]bool{}}
	s.bg, s.cancel = context.WithCancel(context.Background())
	s.cache = aggregate.New(aggregate.Config[*live]{Load: s.load, Reload: func(ctx context.Context, id string, _ *live) (*live, error) { return s.load(ctx, id) }})
	return s
}

// Close stops the house AI's work and waits for it.
func (s *Service) Close() {
	s.houseMu.Lock()
	s.closing = true
	s.houseMu.Unlock()
	s.cancel()
	s.cache.Close()
	s.wg.Wait()
}

func (s *Service) now() time.Time { return s.clk.Now().UTC() }

// load restores a tournament from its checkpoint and replays the operations since.
func (s *Service) load(ctx context.Context, id string) (*live, error) {
	row, cp, ops, err := s.store.LoadTournament(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, domain.Errorf(domain.NotFound, "no tournament %q", id)
	}
	if err != nil {
		return nil, err
	}
	t, err := tournament.Unmarshal(s.reg, cp)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: checkpoint: %w", id, err)
	}
	for _, stored := range ops {
		var o Operation
		if err := json.Unmarshal(stored.Body, &o); err != nil {
			return nil, fmt.Errorf("tournament %s: operation %d: %w", id, stored.Version, err)
		}
		if t.Version() != stored.FromVersion {
			return nil, fmt.Errorf("tournament %s does not replay: operation %d made from version %d, at %d", id, stored.Version, stored.FromVersion, t.Version())
		}
		if evs, err := o.apply(t); err != nil && len(evs) == 0 {
			return nil, fmt.Errorf("tournament %s does not replay: operation %d (%s): %w", id, stored.Version, o.Op, err)
		}
		if t.Version() != stored.Version {
			return nil, fmt.Errorf("tournament %s does not replay: operation %d (%s) gave version %d", id, stored.Version, o.Op, t.Version())
		}
	}
	row.Version = t.Version()
	return &live{id: id, row: row, t: t, sinceCheckpoint: len(ops), boards: len(t.Boards())}, nil
}

// with runs f on tournament id in its actor, current: another instance's operations are read
// first (a cheap check of the stored version).
func (s *Service) with(ctx context.Context, id string, f func(lt *live) error) error {
	return s.cache.Do(ctx, id, func(ctx context.Context, v **live) error {
		if err := s.current(ctx, v); err != nil {
			return err
		}
		return f(*v)
	})
}

// current reloads *v when the store holds a newer version (or memory was left behind).
func (s *Service) current(ctx context.Context, v **live) error {
	lt := *v
	if lt.t != nil {
		stored, err := s.store.TournamentVersion(ctx, lt.id)
		if err != nil {
			return err
		}
		if stored == lt.t.Version() {
			return nil
		}
	}
	fresh, err := s.load(ctx, lt.id)
	if err != nil {
		return err
	}
	*v = fresh
	return nil
}

// Do runs an operation on tournament id at the service's time, for who (nil for the service
// itself: the clock), refused to anyone but the host when hostOnly, and returns its events,
// stored.
func (s *Service) Do(ctx context.Context, id string, who *domain.User, hostOnly bool, o Operation) ([]tournament.Event, error) {
	var evs []tournament.Event
	var opErr error
	err := s.cache.Do(ctx, id, func(ctx context.Context, v **live) error {
		if err := s.current(ctx, v); err != nil {
			return err
		}
		lt := *v
		if hostOnly && (who == nil || who.ID != lt.row.HostID) {
			return domain.Errorf(domain.Forbidden, "only the host (%s) may %s in tournament %s", lt.row.HostName, o.Op, id)
		}
		o.At, o.Seed = s.now(), rand.Uint64()
		evs, opErr = s.apply(ctx, v, o)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, tournamentError(opErr)
	}
	return evs, tournamentError(opErr)
}

// apply applies an operation to *v (in its actor) and commits it from its version, through the
// aggregate helper's policy: a conflict reloads the tournament and applies the operation again,
// once; any other failure forgets the tournament in memory (it may be ahead of the store). It
// then starts the house AI's posts where the house is due.
func (s *Service) apply(ctx context.Context, v **live, o Operation) ([]tournament.Event, error) {
	for attempt := 0; ; attempt++ {
		lt := *v
		from := lt.t.Version()
		evs, opErr := o.apply(lt.t)
		if len(evs) == 0 {
			return nil, opErr
		}
		err := s.commit(ctx, lt, o, from, evs)
		if err == nil {
			s.playHouse(lt)
			return evs, opErr
		}
		lt.t = nil // memory is ahead of the store: the next operation reloads it
		if !errors.Is(err, domain.ErrConflict) || attempt > 0 {
			return nil, err
		}
		if err := s.current(ctx, v); err != nil {
			return nil, err
		}
	}
}

// commit stores one operation of lt made from version from, with the jobs it calls for.
func (s *Service) commit(ctx context.Context, lt *live, o Operation, from int64, evs []tournament.Event) error {
	body, err := json.Marshal(o)
	if err != nil {
		return err
	}
	stored := make([]domain.Event, len(evs))
	for i, e := range evs {
		b, err := json.Marshal(e)
		if err != nil {
			return err
		}
		stored[i] = domain.Event{Version: e.Version, Body: b}
	}
	var checkpoint json.RawMessage
	if !playerOp(o.Op) || lt.sinceCheckpoint+1 >= max(checkpointEvery, lt.boards) {
		if checkpoint, err = json.Marshal(lt.t); err != nil {
			return err
		}
	}
	deadline, _ := lt.t.NextDeadline()
	now := s.now()
	change := domain.TournamentChange{ID: lt.id, FromVersion: from, Version: lt.t.Version(), Phase: string(lt.t.Phase()),
		NextDeadline: deadline, Op: body, Events: stored, Checkpoint: checkpoint, Now: now, Jobs: effects(lt.id, deadline, evs)}
	if err := s.store.CommitTournament(ctx, change); err != nil {
		return err
	}
	lt.sinceCheckpoint++
	if checkpoint != nil {
		lt.sinceCheckpoint = 0
	}
	lt.row.Version, lt.row.Phase, lt.row.NextDeadline, lt.row.Updated = change.Version, change.Phase, deadline, now
	if o.Op == OpAdvance || o.Op == OpStart {
		lt.boards = len(lt.t.Boards())
	}
	return nil
}

// effects are the jobs a tournament's change calls for, stored with it: its next deadline
// (when it has one) and the notices of a round opened.
func effects(id string, deadline time.Time, evs []tournament.Event) []domain.Job {
	var out []domain.Job
	if !deadline.IsZero() {
		out = append(out, jobs.At(jobs.Advance{Tournament: id, At: deadline.UnixNano()}, deadline))
	}
	for _, e := range evs {
		if e.Kind == tournament.EventRoundOpened {
			out = append(out, jobs.At(jobs.Round{Tournament: id, Round: e.Round}, time.Time{}))
		}
	}
	return out
}

// Create makes a tournament of host's under cfg and returns it as host sees it.
func (s *Service) Create(ctx context.Context, host *domain.User, cfg tournament.Config) (api.Tournament, error) {
	now := s.now()
	t, evs, err := tournament.New(s.reg, cfg, now)
	if err != nil {
		return api.Tournament{}, tournamentError(err)
	}
	cfg = t.Config()
	title := cfg.Title
	if title == "" {
		title = "Tournament"
	}
	checkpoint, err := json.Marshal(t)
	if err != nil {
		return api.Tournament{}, err
	}
	stored := make([]domain.Event, len(evs))
	for i, e := range evs {
		b, _ := json.Marshal(e)
		stored[i] = domain.Event{Version: e.Version, Body: b}
	}
	deadline, _ := t.NextDeadline()
	row := domain.Tournament{ID: domain.NewID(), Title: title, HostID: host.ID, HostName: host.Name, Game: cfg.Game, Phase: string(t.Phase()),
		Version: t.Version(), Created: now, Updated: now, NextDeadline: deadline}
	if err := s.store.CreateTournament(ctx, row, checkpoint, stored, effects(row.ID, deadline, evs)...); err != nil {
		return api.Tournament{}, err
	}
	return s.View(ctx, row.ID, host)
}

// View returns tournament id as u sees it, its words in English.
func (s *Service) View(ctx context.Context, id string, u *domain.User) (api.Tournament, error) {
	return s.ViewIn(ctx, id, u, "en")
}

// ViewIn returns tournament id as u sees it, its words (the round's title) in lang.
func (s *Service) ViewIn(ctx context.Context, id string, u *domain.User, lang string) (api.Tournament, error) {
	var j api.Tournament
	err := s.with(ctx, id, func(lt *live) error {
		j = view(lt, u, lang)
		return nil
	})
	return j, err
}

// view is lt as u sees it, its words in lang.
func view(lt *live, u *domain.User, lang string) api.Tournament {
	t := lt.t
	cfg := t.Config()
	j := api.Tournament{TournamentRow: RowWire(lt.row), Config: cfg, SubscriptionCloses: t.SubscriptionCloses(), Subscribers: t.Subscribers(),
		Reserves: t.Reserves(), ClosedRounds: len(t.Rounds())}
	boards := t.Boards()
	j.Boards = len(boards)
	if r, ok := t.Round(); ok {
		j.Round = &api.Round{Number: r.Number, Side: r.Side, Colour: cfg.Sides[r.Side], Title: t.RoundTitleIn(lang, r.Number), Opened: r.Opened, Deadline: r.Deadline}
	}
	if u != nil {
		you := &api.TournamentYou{Host: u.ID == lt.row.HostID}
		for _, b := range boards {
			for _, seat := range b.Seats {
				if seat.Player == u.Name {
					you.Player, you.Board = true, b.Number
				}
			}
			if b.Pair[0] == u.Name || b.Pair[1] == u.Name {
				you.Player = true
				if you.Board == 0 {
					you.Board = b.Number
				}
			}
		}
		for _, d := range t.Due() {
			if d.Player == u.Name {
				you.Due = true
			}
		}
		j.You = you
	}
	return j
}

// RowWire is a tournament's row as the API lists it.
func RowWire(t domain.Tournament) api.TournamentRow {
	return api.TournamentRow{ID: t.ID, Title: t.Title, Host: t.HostName, Game: t.Game, Phase: t.Phase, Version: t.Version,
		Created: t.Created, Updated: t.Updated, NextDeadline: t.NextDeadline}
}

// List lists the tournaments of a phase (all when empty), the most recently updated first.
func (s *Service) List(ctx context.Context, phase string) ([]api.TournamentRow, error) {
	ts, err := s.store.ListTournaments(ctx, domain.TournamentFilter{Phase: phase, Limit: 100})
	if err != nil {
		return nil, err
	}
	out := make([]api.TournamentRow, len(ts))
	for i, t := range ts {
		out[i] = RowWire(t)
	}
	return out, nil
}

// Read runs f on tournament id, current, in its actor (boards, standings, summaries, ledger).
func (s *Service) Read(ctx context.Context, id string, f func(t *tournament.Tournament) error) error {
	return s.with(ctx, id, func(lt *live) error { return tournamentError(f(lt.t)) })
}

// Board returns board n of tournament id with its game's view (the side to move's: a
// tournament's table holds no secret, posts are played when the round closes).
func (s *Service) Board(ctx context.Context, id string, n int) (api.Board, error) {
	var j api.Board
	err := s.with(ctx, id, func(lt *live) error {
		b, err := lt.t.Board(n)
		if err != nil {
			return tournamentError(err)
		}
		j = api.Board{BoardInfo: b}
		if tb, err := lt.t.Table(n); err == nil {
			v := tb.View(b.ToMove, s.now())
			j.View = &v
		}
		return nil
	})
	return j, err
}

// Events returns tournament id's events after a version.
func (s *Service) Events(ctx context.Context, id string, after int64) ([]json.RawMessage, error) {
	if _, err := s.store.TournamentVersion(ctx, id); errors.Is(err, domain.ErrNotFound) {
		return nil, domain.Errorf(domain.NotFound, "no tournament %q", id)
	}
	evs, err := s.store.TournamentEvents(ctx, id, after, 10000)
	if err != nil {
		return nil, err
	}
	out := make([]json.RawMessage, len(evs))
	for i, e := range evs {
		out[i] = e.Body
	}
	return out, nil
}

// EventsIn returns the events as Events does, their text said in lang (a language of the
// catalogues): re-said from each stored event's typed fields, so rows stored before read in
// the language too. English is the stored text.
func (s *Service) EventsIn(ctx context.Context, id string, after int64, lang string) ([]json.RawMessage, error) {
	out, err := s.Events(ctx, id, after)
	if err != nil || lang == "en" || len(out) == 0 {
		return out, err
	}
	var sides [2]string
	if err := s.Read(ctx, id, func(t *tournament.Tournament) error {
		sides = t.Config().Sides
		return nil
	}); err != nil {
		return nil, err
	}
	for i, raw := range out {
		var e tournament.Event
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &e) != nil || json.Unmarshal(raw, &fields) != nil {
			continue
		}
		if text := e.TextIn(lang, sides); text != e.Text {
			fields["text"], _ = json.Marshal(text)
			if b, err := json.Marshal(fields); err == nil {
				out[i] = b
			}
		}
	}
	return out, nil
}

// playHouse starts the house AI's post where it is due. The search runs in the background on
// the fair pool's share of the tournament, never in the tournament's actor nor on the request
// that made the house due; its post then goes through Do like a player's, which starts the next.
func (s *Service) playHouse(lt *live) {
	for _, d := range lt.t.Due() {
		if d.Player == tournament.House {
			s.houseMove(lt.id)
			return
		}
	}
}

// houseMove has the house AI post its due moves in tournament id: one search at a time per
// tournament; asked again while it runs, it looks again when done.
func (s *Service) houseMove(id string) {
	s.houseMu.Lock()
	defer s.houseMu.Unlock()
	if _, busy := s.houseRuns[id]; busy {
		s.houseRuns[id] = true
		return
	}
	if s.closing {
		return
	}
	s.houseRuns[id] = false
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			s.housePost(s.bg, id)
			s.houseMu.Lock()
			again := s.houseRuns[id] && s.bg.Err() == nil
			if again {
				s.houseRuns[id] = false
			} else {
				delete(s.houseRuns, id)
			}
			s.houseMu.Unlock()
			if !again {
				return
			}
		}
	}()
}

// housePost finds and posts one of the house AI's due moves in tournament id.
func (s *Service) housePost(ctx context.Context, id string) {
	release, err := s.aiw.Acquire(ctx, "tournament:"+id, false)
	if err != nil {
		return
	}
	defer release()
	var board, ply int
	var side game.Player
	var state game.State
	s.with(ctx, id, func(lt *live) error {
		for _, d := range lt.t.Due() {
			if d.Player != tournament.House {
				continue
			}
			tb, err := lt.t.Table(d.Board)
			if err != nil {
				continue
			}
			board, side, state, ply = d.Board, d.Side, tb.State(), tb.Ply()
			return nil
		}
		return nil
	})
	if state == nil {
		return
	}
	actx, cancel := context.WithTimeout(ctx, s.aiw.MaxThink())
	defer cancel()
	agent, err := s.aiw.NewAgent(state.Game(), houseLevel, aiwork.SecretSeed())
	var a game.Action
	if err == nil {
		a, err = agent.Choose(actx, state, side)
	}
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("the house AI", "tournament", id, "board", board, "error", err)
		}
		return
	}
	err = s.cache.Do(ctx, id, func(ctx context.Context, v **live) error {
		if err := s.current(ctx, v); err != nil {
			return err
		}
		lt := *v
		if tb, err := lt.t.Table(board); err != nil || tb.Ply() != ply || !houseDueOn(lt.t, board) {
			return nil // the board moved on while the house thought
		}
		text := tournament.PostText{Board: board, Move: state.FormatAction(side, a)}.String()
		_, err := s.apply(ctx, v, Operation{Op: OpPost, At: s.now(), Player: tournament.House, Text: text})
		return err
	})
	if err != nil && ctx.Err() == nil {
		s.log.Error("the house AI's post", "tournament", id, "board", board, "error", err)
	}
}

// houseDueOn reports whether the house must post on a board of t.
func houseDueOn(t *tournament.Tournament, board int) bool {
	for _, d := range t.Due() {
		if d.Player == tournament.House && d.Board == board {
			return true
		}
	}
	return false
}

// Workers adds the workers of the tournaments' jobs.
func (s *Service) Workers(ws *river.Workers, notYet func(at time.Time) error) {
	jobs.AddWorker(ws, func(ctx context.Context, a jobs.Advance) error { return s.workAdvance(ctx, a, notYet) })
	jobs.AddWorker(ws, s.workRound)
}

// workAdvance advances a tournament at its deadline.
func (s *Service) workAdvance(ctx context.Context, a jobs.Advance, notYet func(time.Time) error) error {
	if err := notYet(time.Unix(0, a.At)); err != nil {
		return err
	}
	_, err := s.Do(ctx, a.Tournament, nil, false, Operation{Op: OpAdvance})
	if domain.ErrorCode(err) == domain.NotFound {
		return nil
	}
	return err
}

// workRound tells the players who must post in a round that it is open.
func (s *Service) workRound(ctx context.Context, a jobs.Round) error {
	var due []tournament.Due
	var title, name string
	var deadline time.Time
	if err := s.with(ctx, a.Tournament, func(lt *live) error {
		r, ok := lt.t.Round()
		if !ok || r.Number != a.Round {
			return nil
		}
		due, title, name, deadline = lt.t.Due(), lt.t.RoundTitle(r.Number), lt.row.Title, r.Deadline
		return nil
	}); err != nil || len(due) == 0 {
		return nil
	}
	names := make([]string, 0, len(due))
	for _, d := range due {
		names = append(names, d.Player)
	}
	ids, err := s.store.UserIDs(ctx, names)
	if err != nil {
		return err
	}
	notes := make([]domain.Notification, 0, len(due))
	for _, d := range due {
		if id, ok := ids[d.Player]; ok {
			notes = append(notes, domain.Notification{UserID: id, Kind: "tournament_round", TournamentID: a.Tournament,
				Key:     fmt.Sprintf("tournament_round:%s:%d", a.Tournament, a.Round),
				Message: fmt.Sprintf("%s: %s. Post your move for Board #%d by %s.", name, title, d.Board, deadline.Format("2006-01-02 15:04 MST")),
				Words:   "note.tournament_round", Args: map[string]string{"title": name, "round": strconv.Itoa(a.Round),
					"board": strconv.Itoa(d.Board), "when": deadline.UTC().Format("2006-01-02 15:04 UTC")}})
		}
	}
	// An error has the job tried again; the notices stored already are not stored twice.
	return s.cfg.Notes.Notify(ctx, notes)
}

// tournamentError maps the tournament package's errors to the services' errors.
func tournamentError(err error) error {
	var pe *domain.Error
	if err == nil || errors.As(err, &pe) {
		return err
	}
	codes := []struct {
		target error
		code   domain.Code
	}{
		{tournament.ErrPostFormat, domain.BadPost},
		{tournament.ErrPassRefused, domain.PassRefused},
		{tournament.ErrNotYourBoard, domain.NotYourBoard},
		{tournament.ErrNotYourRound, domain.NotYourRound},
		{tournament.ErrSecondPost, domain.SecondPost},
		{tournament.ErrRoundClosed, domain.RoundClosed},
		{tournament.ErrNoPost, domain.NoPost},
		{tournament.ErrBoardOver, domain.GameOver},
		{tournament.ErrNoSuchBoard, domain.NotFound},
		{tournament.ErrPhase, domain.WrongPhase},
		{tournament.ErrNotAllowed, domain.NotAllowed},
		{tournament.ErrPlayer, domain.NotAllowed},
		{tournament.ErrConfig, domain.BadOption},
		{tournament.ErrName, domain.BadRequest},
		{tournament.ErrAmount, domain.BadRequest},
		{tournament.ErrNoSkip, domain.BadOption},
	}
	for _, c := range codes {
		if errors.Is(err, c.target) {
			e := &domain.Error{Code: c.code, Message: err.Error(), Err: err}
			// The tournament's refusal names its sentence: a person reads it in their language.
			if r, ok := errors.AsType[*tournament.Refusal](err); ok {
				e.Key, e.Args = r.Key, r.Args
			}
			return e
		}
	}
	return err
}
