// Package events runs the paired events: round robins, Swiss events and knockouts whose boards
// are ordinary online games with both seats filled. Each live event is one actor of the
// versioned-aggregate cache (platform/aggregate), as games and tournaments are: a change is
// made on a copy and committed from the version it was made on, with the jobs it calls for (the
// games of a new round) in the same transaction.
//
// Errors are domain.Error values: NotFound (no such event), BadRequest, UnknownKind and
// BadOption (a malformed event), Forbidden (starting another's event), Conflict (signup closed,
// already in, full, too few players or too many rounds).
package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/internal/crashpoint"
	"turncoat/platform/aggregate"
	"turncoat/platform/clock"
	"turncoat/platform/jobs"
	"turncoat/platform/play"
	"turncoat/tournament"
)

// Paired-event formats.
const (
	RoundRobin = "roundrobin"
	Swiss      = "swiss"
	Knockout   = "knockout"
)

// Paired-event statuses.
const (
	statusSignup   = "signup"
	statusRunning  = "running"
	statusFinished = "finished"
)

// MaxPlayers bounds an event's field (a round robin of n plays n-1 rounds of n/2 games).
const MaxPlayers = 64

const day = 24 * time.Hour

// RoundCheckDelay is how long after a round is stored its job checks that the round's games
// exist. The commit that stores the round makes them at once; the job is for a crash between
// the two. It is long enough that the games are normally made when it runs (it then finds
// nothing to do), and short so that after a crash the players wait seconds for their games.
const RoundCheckDelay = 10 * time.Second

// GameMaker creates an event's games (the game service).
type GameMaker interface {
	CreatePaired(ctx context.Context, p play.Paired) error
}

// Notifier stores notifications (with their mail), pushes them to their users, and leaves out
// those whose key a user already has; an error stored nothing.
type Notifier interface {
	Notify(ctx context.Context, notes []domain.Notification) error
}

// Config sets up the service.
type Config struct {
	Store    Store
	Registry *game.Registry
	Log      *slog.Logger
	Clock    clock.Clock
	Games    GameMaker
	Notes    Notifier
}

// Service runs the paired events.
type Service struct {
	cfg   Config
	store Store
	log   *slog.Logger
	clk   clock.Clock
	cache *aggregate.Cache[*record]
}

// record is an event as stored: its row (the version) and its state.
type record struct {
	row domain.PairedEvent
	e   *event
}

// New returns the service.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	s := &Service{cfg: cfg, store: cfg.Store, log: cfg.Log, clk: cfg.Clock}
	s.cache = aggregate.New(aggregate.Config[*record]{Load: s.load, Retries: 5})
	return s
}

// Close stops taking work.
func (s *Service) Close() { s.cache.Close() }

func (s *Service) now() time.Time { return s.clk.Now().UTC() }

func (s *Service) load(ctx context.Context, id string) (*record, error) {
	row, err := s.store.PairedEventByID(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, domain.Errorf(domain.NotFound, "no event %s", id)
	}
	if err != nil {
		return nil, err
	}
	e, err := decode(row.State)
	if err != nil {
		return nil, fmt.Errorf("event %s: %w", id, err)
	}
	return &record{row: row, e: e}, nil
}

// event is a round-robin, Swiss or knockout event's whole state, stored as JSON. Its games
// are ordinary online games with both seats filled; the game-end job reads their results.
type event struct {
	ID      string            `json:"id"`
	Format  string            `json:"format"`
	Kind    string            `json:"kind"`
	Options map[string]string `json:"options,omitempty"`
	Time    game.TimeControl  `json:"time"`
	Rated   bool              `json:"rated"`
	// Rounds is the number of rounds: given for Swiss, n-1 (n made even) for a round robin, the
	// bracket's depth for a knockout.
	Rounds  int                  `json:"rounds"`
	Host    string               `json:"host"`
	HostID  int64                `json:"hostId"`
	Status  string               `json:"status"`
	Players []player             `json:"players"`
	Played  []round              `json:"roundList"`
	Bracket *tournament.Knockout `json:"bracket,omitempty"`
	// Champion is the knockout's winner once the final is decided.
	Champion string `json:"champion,omitempty"`
}

// player is a registered user in the event, in seed (signup) order.
type player struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// round is one round's pairings.
type round struct {
	Number   int       `json:"number"`
	Pairings []pairing `json:"pairings"`
}

// pairing is one board of a round: Players[0] plays First. A bye has no second player and
// no game; its result is there at once.
type pairing struct {
	Board   int                    `json:"board"`
	Players [2]string              `json:"players"`
	Game    string                 `json:"game,omitempty"`
	Result  *tournament.GameResult `json:"result,omitempty"`
	// Ending is how the game ended (game.Outcome.Ending), for the reader.
	Ending string `json:"ending,omitempty"`
	// Advanced is who went through a knockout match (the higher seed on a draw).
	Advanced string `json:"advanced,omitempty"`
}

func decode(state json.RawMessage) (*event, error) {
	var e event
	if err := json.Unmarshal(state, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

func (e *event) names() []string {
	out := make([]string, len(e.Players))
	for i, p := range e.Players {
		out[i] = p.Name
	}
	return out
}

func (e *event) userID(name string) int64 {
	for _, p := range e.Players {
		if p.Name == name {
			return p.ID
		}
	}
	return 0
}

// results are every recorded result (byes included), as standings and Swiss pairing read them.
func (e *event) results() []tournament.GameResult {
	var out []tournament.GameResult
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Result != nil {
				out = append(out, *p.Result)
			}
		}
	}
	return out
}

func (e *event) gameIDs() []string {
	var out []string
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Game != "" {
				out = append(out, p.Game)
			}
		}
	}
	return out
}

// Create stores a new event hosted by host, open for signup.
func (s *Service) Create(ctx context.Context, host *domain.User, req api.CreateEvent) (api.PairedEvent, error) {
	switch req.Format {
	case RoundRobin, Knockout:
		if req.Rounds != 0 {
			return api.PairedEvent{}, domain.Errorf(domain.BadRequest, "rounds: only a Swiss event takes a number of rounds")
		}
	case Swiss:
		if req.Rounds < 1 || req.Rounds > MaxPlayers {
			return api.PairedEvent{}, domain.Errorf(domain.BadRequest, "rounds %d: a Swiss event needs 1 to %d", req.Rounds, MaxPlayers)
		}
	default:
		return api.PairedEvent{}, domain.Errorf(domain.BadRequest, "format %q: want roundrobin, swiss or knockout", req.Format)
	}
	g, err := s.cfg.Registry.Lookup(req.Kind)
	if err != nil {
		return api.PairedEvent{}, domain.Errorf(domain.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), req.Options)
	if err != nil {
		return api.PairedEvent{}, domain.Errorf(domain.BadOption, "%s: %v", g.Name(), err)
	}
	if _, err := g.New(o); err != nil {
		return api.PairedEvent{}, domain.Errorf(domain.BadOption, "%s: %v", g.Name(), err)
	}
	if err := req.Time.Validate(); err != nil {
		return api.PairedEvent{}, domain.Errorf(domain.BadOption, "time: %v", err)
	}
	tc := req.Time
	if c := req.Correspondence; c != nil {
		if tc.Kind != game.Untimed {
			return api.PairedEvent{}, domain.Errorf(domain.BadOption, "give either time or correspondence, not both")
		}
		tc = game.TimeControl{Kind: game.Correspondence, Base: time.Duration(c.Days) * day, Increment: time.Duration(c.IncrementDays) * day}
	}
	if err := play.CheckCorrespondence(tc); err != nil {
		return api.PairedEvent{}, err
	}
	e := &event{ID: domain.NewID(), Format: req.Format, Kind: g.Name(), Options: req.Options, Time: tc,
		Rated: req.Rated, Rounds: req.Rounds, Host: host.Name, HostID: host.ID, Status: statusSignup, Players: []player{}}
	state, err := json.Marshal(e)
	if err != nil {
		return api.PairedEvent{}, err
	}
	if err := s.store.CreatePairedEvent(ctx, domain.PairedEvent{ID: e.ID, HostID: host.ID, Format: e.Format, Status: e.Status,
		Version: 1, State: state, Created: s.now()}); err != nil {
		return api.PairedEvent{}, err
	}
	return s.view(e), nil
}

// View returns event id as stored (read from the store: another instance may have moved it on).
func (s *Service) View(ctx context.Context, id string) (api.PairedEvent, error) {
	r, err := s.load(ctx, id)
	if err != nil {
		return api.PairedEvent{}, err
	}
	return s.view(r.e), nil
}

// Join adds u to event id's players while signup is open.
func (s *Service) Join(ctx context.Context, u *domain.User, id string) (api.PairedEvent, error) {
	return s.change(ctx, id, func(e *event) (bool, error) {
		if e.Status != statusSignup {
			return false, domain.Errorf(domain.Conflict, "the event has started: signup is closed")
		}
		if e.userID(u.Name) != 0 {
			return false, domain.Errorf(domain.Conflict, "%s already plays in the event", u.Name)
		}
		if len(e.Players) >= MaxPlayers {
			return false, domain.Errorf(domain.Conflict, "the event is full (%d players)", MaxPlayers)
		}
		e.Players = append(e.Players, player{ID: u.ID, Name: u.Name})
		return true, nil
	})
}

// Start closes event id's signup and pairs its first round (its host only).
func (s *Service) Start(ctx context.Context, u *domain.User, id string) (api.PairedEvent, error) {
	return s.change(ctx, id, func(e *event) (bool, error) {
		if e.HostID != u.ID {
			return false, domain.Errorf(domain.Forbidden, "only the host (%s) starts the event", e.Host)
		}
		if e.Status != statusSignup {
			return false, domain.Errorf(domain.Conflict, "the event has already started")
		}
		if len(e.Players) < 2 {
			return false, domain.Errorf(domain.Conflict, "%d players: an event needs at least 2", len(e.Players))
		}
		switch e.Format {
		case RoundRobin:
			n := len(e.Players)
			e.Rounds = n - 1 + n%2
		case Swiss:
			if e.Rounds >= len(e.Players)+len(e.Players)%2 {
				return false, domain.Errorf(domain.Conflict, "%d rounds for %d players: a Swiss event of n players has fewer than n rounds (no one meets twice)", e.Rounds, len(e.Players))
			}
		case Knockout:
			k, err := tournament.NewKnockout(e.names())
			if err != nil {
				return false, domain.Errorf(domain.Conflict, "%v", err)
			}
			e.Bracket, e.Rounds = k, k.RoundCount()
		}
		e.Status = statusRunning
		if err := pairRound(e, 1); err != nil {
			return false, err
		}
		return true, nil
	})
}

// change runs f on a copy of event id in its actor and commits the copy from the version it
// was made on, with the job that makes a new round's games; on another instance's commit first,
// the event is reloaded and f runs again. The new games are made once the change is stored (so
// a game can never end unseen by its event), and by the job if a stop comes first.
func (s *Service) change(ctx context.Context, id string, f func(e *event) (bool, error)) (api.PairedEvent, error) {
	r, err := s.cache.Update(ctx, id, func(ctx context.Context, cur *record) (*record, func(context.Context) error, error) {
		e, err := decode(cur.row.State)
		if err != nil {
			return nil, nil, err
		}
		before := map[string]bool{}
		for _, g := range e.gameIDs() {
			before[g] = true
		}
		changed, err := f(e)
		if err != nil || !changed {
			return nil, nil, err
		}
		var fresh []string
		for _, g := range e.gameIDs() {
			if !before[g] {
				fresh = append(fresh, g)
			}
		}
		state, err := json.Marshal(e)
		if err != nil {
			return nil, nil, err
		}
		next := &record{row: cur.row, e: e}
		from := cur.row.Version
		next.row.Version, next.row.State, next.row.Status = from+1, state, e.Status
		var roundJobs []domain.Job
		if len(fresh) > 0 && len(e.Played) > 0 {
			roundJobs = append(roundJobs, jobs.At(jobs.EventRound{Event: e.ID, Round: e.Played[len(e.Played)-1].Number}, s.now().Add(RoundCheckDelay)))
		}
		commit := func(ctx context.Context) error {
			if err := s.store.SavePairedEvent(ctx, next.row, from, fresh, s.now(), roundJobs...); err != nil {
				return err
			}
			crashpoint.Hit(crashpoint.Paired)
			for _, rd := range e.Played {
				for _, p := range rd.Pairings {
					if p.Game != "" && !before[p.Game] {
						if err := s.createGame(ctx, e, rd.Number, p); err != nil {
							s.log.Error("creating an event's game", "event", e.ID, "game", p.Game, "error", err)
						}
					}
				}
			}
			return nil
		}
		return next, commit, nil
	})
	if err != nil {
		return api.PairedEvent{}, err
	}
	return s.view(r.e), nil
}

// createGame stores a pairing's game (online, both seats filled, the clock running) and tells
// both players (a notification: the game was not their doing).
func (s *Service) createGame(ctx context.Context, e *event, round int, p pairing) error {
	users := [2]int64{e.userID(p.Players[0]), e.userID(p.Players[1])}
	if err := s.cfg.Games.CreatePaired(ctx, play.Paired{ID: p.Game, Kind: e.Kind, Options: e.Options, Time: e.Time, Rated: e.Rated,
		CreatedBy: e.HostID, Users: users}); err != nil && !errors.Is(err, domain.ErrConflict) {
		return err // a conflict is the game made already: its players are told again, once
	}
	crashpoint.Hit(crashpoint.RoundGame)
	var notes []domain.Notification
	for i, side := range []string{"First", "Second"} {
		notes = append(notes, domain.Notification{UserID: users[i], Kind: "event_game", GameID: p.Game,
			Key:     "event_game:" + p.Game,
			Message: fmt.Sprintf("Event %s, round %d: you play %s against %s (game %s).", e.ID, round, side, p.Players[1-i], p.Game),
			Words:   [2]string{"note.event_game.first", "note.event_game.second"}[i], Args: map[string]string{"round": strconv.Itoa(round), "opponent": p.Players[1-i]}})
	}
	if s.cfg.Notes != nil {
		return s.cfg.Notes.Notify(ctx, notes)
	}
	return nil
}

// pairRound pairs round n (from 1) and appends it, with a new game per two-player pairing and a
// result per bye. It finishes the event instead when no round is left.
func pairRound(e *event, n int) error {
	var pairings []tournament.Pairing
	switch e.Format {
	case RoundRobin:
		all, err := tournament.RoundRobin(e.names())
		if err != nil {
			return err
		}
		if n > len(all) {
			e.Status = statusFinished
			return nil
		}
		pairings = all[n-1]
	case Swiss:
		if n > e.Rounds {
			e.Status = statusFinished
			return nil
		}
		var err error
		pairings, err = tournament.Swiss(e.names(), e.results(), n)
		if errors.Is(err, tournament.ErrNoPairing) {
			// Every pairing would repeat a game: the event ends early rather than stall.
			e.Status = statusFinished
			return nil
		}
		if err != nil {
			return err
		}
	case Knockout:
		if c := e.Bracket.Champion(); c != "" {
			e.Champion, e.Status = c, statusFinished
			return nil
		}
		pairings = e.Bracket.Pending()
	}
	r := round{Number: n}
	for _, p := range pairings {
		ep := pairing{Board: p.Board, Players: p.Players}
		if p.Bye() {
			ep.Result = &tournament.GameResult{Round: n, Players: p.Players}
		} else {
			ep.Game = domain.NewID()
		}
		r.Pairings = append(r.Pairings, ep)
	}
	e.Played = append(e.Played, r)
	return nil
}

// refresh reads the results of the current round's games that have ended and, once every
// one has, pairs the next round (or finishes the event).
func (s *Service) refresh(ctx context.Context, e *event) (bool, error) {
	if e.Status != statusRunning || len(e.Played) == 0 {
		return false, nil
	}
	r := &e.Played[len(e.Played)-1]
	changed, done := false, true
	for i := range r.Pairings {
		p := &r.Pairings[i]
		if p.Result != nil {
			continue
		}
		row, err := s.store.Game(ctx, p.Game)
		if errors.Is(err, domain.ErrNotFound) {
			done = false // not created yet
			continue
		}
		if err != nil {
			return false, err
		}
		if row.Status != domain.StatusOver || !row.Outcome.Over {
			done = false
			continue
		}
		res := tournament.ResultOf(r.Number, p.Players, row.Outcome)
		p.Result, p.Ending, changed = &res, row.Outcome.Ending.String(), true
		if e.Format == Knockout {
			// A knockout match needs a winner: on a draw the higher seed (First) goes through.
			p.Advanced = p.Players[0]
			if res.Winner == game.Second {
				p.Advanced = p.Players[1]
			}
			if err := e.Bracket.Report(r.Number, p.Board, p.Advanced); err != nil {
				return false, err
			}
		}
	}
	if done {
		if err := pairRound(e, r.Number+1); err != nil {
			return false, err
		}
		changed = true
	}
	return changed, nil
}

// view is e as the API shows it.
func (s *Service) view(e *event) api.PairedEvent {
	v := api.PairedEvent{ID: e.ID, Format: e.Format, Kind: e.Kind, Options: e.Options, Time: e.Time, Rated: e.Rated,
		Rounds: e.Rounds, Host: e.Host, Status: e.Status, Players: e.names(), RoundList: []api.EventRound{}, Bracket: e.Bracket,
		Champion: e.Champion, Standings: []tournament.Standing{}}
	for _, r := range e.Played {
		rd := api.EventRound{Number: r.Number, Pairings: []api.EventPairing{}}
		for _, p := range r.Pairings {
			rd.Pairings = append(rd.Pairings, api.EventPairing{Board: p.Board, Players: p.Players, Game: p.Game, Result: p.Result,
				Ending: p.Ending, Advanced: p.Advanced})
		}
		v.RoundList = append(v.RoundList, rd)
	}
	if len(e.Players) > 0 {
		if st, err := tournament.Standings(e.names(), e.results(), nil); err == nil {
			v.Standings = st
		} else {
			s.log.Error("an event's standings", "event", e.ID, "error", err)
		}
	}
	return v
}

// Workers adds the workers of the paired events' jobs.
func (s *Service) Workers(ws *river.Workers) {
	jobs.AddWorker(ws, s.workGame)
	jobs.AddWorker(ws, s.workRound)
}

// workGame moves on the paired event a finished game belongs to, if any.
func (s *Service) workGame(ctx context.Context, a jobs.EventGame) error {
	eid, err := s.store.PairedEventOfGame(ctx, a.Game)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.change(ctx, eid, func(e *event) (bool, error) { return s.refresh(ctx, e) })
	return err
}

// workRound creates the games of an event's round that do not exist yet.
func (s *Service) workRound(ctx context.Context, a jobs.EventRound) error {
	r, err := s.load(ctx, a.Event)
	if domain.ErrorCode(err) == domain.NotFound {
		return nil
	}
	if err != nil {
		return err
	}
	e := r.e
	if a.Round < 1 || a.Round > len(e.Played) {
		return nil
	}
	rd := e.Played[a.Round-1]
	for _, p := range rd.Pairings {
		if p.Game == "" || p.Result != nil {
			continue
		}
		// A game made already (by an attempt that stopped before its notices) is found by
		// createGame, which then only notifies: the notices' keys keep them single.
		if err := s.createGame(ctx, e, rd.Number, p); err != nil {
			return err
		}
	}
	return nil
}
