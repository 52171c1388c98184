package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
	"turncoat/api"
	"turncoat/platform/jobs"
	"turncoat/platform/play"

	"turncoat/game"
	"turncoat/platform"
	"turncoat/store"
	"turncoat/tournament"
)

// Paired-event formats.
const (
	formatRoundRobin = "roundrobin"
	formatSwiss      = "swiss"
	formatKnockout   = "knockout"
)

// Paired-event statuses.
const (
	eventSignup   = "signup"
	eventRunning  = "running"
	eventFinished = "finished"
)

// maxEventPlayers bounds an event's field (a round robin of n plays n-1 rounds of n/2 games).
const maxEventPlayers = 64

// pairedEvent is a round-robin, Swiss or knockout event's whole state, stored as JSON. Its games
// are ordinary online games with both seats filled; the game-end hook reads their results.
type pairedEvent struct {
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
	HostID  int64                `json:"-"`
	Status  string               `json:"status"`
	Players []eventPlayer        `json:"players"`
	Played  []eventRound         `json:"roundList"`
	Bracket *tournament.Knockout `json:"bracket,omitempty"`
	// Champion is the knockout's winner once the final is decided.
	Champion string `json:"champion,omitempty"`
}

// eventPlayer is a registered user in the event, in seed (signup) order.
type eventPlayer struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// eventRound is one round's pairings.
type eventRound struct {
	Number   int            `json:"number"`
	Pairings []eventPairing `json:"pairings"`
}

// eventPairing is one board of a round: Players[0] plays First. A bye has no second player and
// no game; its result is there at once.
type eventPairing struct {
	Board   int                    `json:"board"`
	Players [2]string              `json:"players"`
	Game    string                 `json:"game,omitempty"`
	Result  *tournament.GameResult `json:"result,omitempty"`
	// Ending is how the game ended (game.Outcome.Ending), for the reader.
	Ending string `json:"ending,omitempty"`
	// Advanced is who went through a knockout match (the higher seed on a draw).
	Advanced string `json:"advanced,omitempty"`
}

// storedState is the row's JSON (the state with its internal fields).
type storedState struct {
	pairedEvent
	HostID int64 `json:"hostId"`
}

func (e *pairedEvent) encode() (json.RawMessage, error) {
	return json.Marshal(storedState{pairedEvent: *e, HostID: e.HostID})
}

func decodeEvent(row store.PairedEvent) (*pairedEvent, error) {
	var st storedState
	if err := json.Unmarshal(row.State, &st); err != nil {
		return nil, err
	}
	e := st.pairedEvent
	e.HostID = st.HostID
	return &e, nil
}

func (e *pairedEvent) names() []string {
	out := make([]string, len(e.Players))
	for i, p := range e.Players {
		out[i] = p.Name
	}
	return out
}

func (e *pairedEvent) userID(name string) int64 {
	for _, p := range e.Players {
		if p.Name == name {
			return p.ID
		}
	}
	return 0
}

// results are every recorded result (byes included), as standings and Swiss pairing read them.
func (e *pairedEvent) results() []tournament.GameResult {
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

// eventLocks serializes the changes of each event within this process (games of one round can
// end at once); the store's version check guards against other processes.
var eventLocks sync.Map

func eventLock(id string) *sync.Mutex {
	m, _ := eventLocks.LoadOrStore(id, &sync.Mutex{})
	return m.(*sync.Mutex)
}

// changeEvent loads an event, lets f change it, saves it and then creates the games f added.
// f returns false to save nothing.
func (s *Server) changeEvent(ctx context.Context, id string, f func(e *pairedEvent) (bool, error)) (*pairedEvent, error) {
	mu := eventLock(id)
	mu.Lock()
	defer mu.Unlock()
	for attempt := 0; ; attempt++ {
		row, err := s.store.PairedEventByID(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, platform.Errorf(platform.NotFound, "no event %s", id)
		}
		if err != nil {
			return nil, err
		}
		e, err := decodeEvent(row)
		if err != nil {
			return nil, err
		}
		before := map[string]bool{}
		for _, g := range e.gameIDs() {
			before[g] = true
		}
		changed, err := f(e)
		if err != nil || !changed {
			return e, err
		}
		var fresh []string
		for _, g := range e.gameIDs() {
			if !before[g] {
				fresh = append(fresh, g)
			}
		}
		state, err := e.encode()
		if err != nil {
			return nil, err
		}
		from := row.Version
		row.Version, row.State, row.Status = from+1, state, e.Status
		// The new round's games are a job saved with the round: made below at once, and by the
		// job if a stop comes first (it finds them made otherwise).
		var roundJobs []store.JobInsert
		if len(fresh) > 0 && len(e.Played) > 0 {
			roundJobs = append(roundJobs, jobs.At(jobs.EventRound{Event: e.ID, Round: e.Played[len(e.Played)-1].Number}, s.now().Add(time.Minute)))
		}
		err = s.store.SavePairedEvent(ctx, row, from, fresh, s.now(), roundJobs...)
		if errors.Is(err, store.ErrConflict) && attempt < 5 {
			continue
		}
		if err != nil {
			return nil, err
		}
		// The games are created after the event names them, so a game can never end unseen.
		for _, r := range e.Played {
			for _, p := range r.Pairings {
				if p.Game != "" && !before[p.Game] {
					if err := s.createEventGame(ctx, e, r.Number, p); err != nil {
						s.log.Error("creating an event's game", "event", e.ID, "game", p.Game, "error", err)
					}
				}
			}
		}
		return e, nil
	}
}

func (e *pairedEvent) gameIDs() []string {
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

// createEventGame stores a pairing's game (online, both seats filled, the clock running), starts
// what it waits for and tells both players (a notification: the game was not their doing).
func (s *Server) createEventGame(ctx context.Context, e *pairedEvent, round int, p eventPairing) error {
	users := [2]int64{e.userID(p.Players[0]), e.userID(p.Players[1])}
	if err := s.play.CreatePaired(ctx, play.Paired{ID: p.Game, Kind: e.Kind, Options: e.Options, Time: e.Time, Rated: e.Rated,
		CreatedBy: e.HostID, Users: users}); err != nil {
		return err
	}
	var notes []store.Notification
	for i, side := range []string{"First", "Second"} {
		notes = append(notes, store.Notification{UserID: users[i], Kind: "event_game", GameID: p.Game,
			Message: fmt.Sprintf("Event %s, round %d: you play %s against %s (game %s).", e.ID, round, side, p.Players[1-i], p.Game)})
	}
	s.sendNotes(ctx, notes)
	return nil
}

// pairRound pairs round n (from 1) and appends it, with a new game per two-player pairing and a
// result per bye. It finishes the event instead when no round is left.
func (s *Server) pairRound(e *pairedEvent, n int) error {
	var pairings []tournament.Pairing
	switch e.Format {
	case formatRoundRobin:
		all, err := tournament.RoundRobin(e.names())
		if err != nil {
			return err
		}
		if n > len(all) {
			e.Status = eventFinished
			return nil
		}
		pairings = all[n-1]
	case formatSwiss:
		if n > e.Rounds {
			e.Status = eventFinished
			return nil
		}
		var err error
		pairings, err = tournament.Swiss(e.names(), e.results(), n)
		if errors.Is(err, tournament.ErrNoPairing) {
			// Every pairing would repeat a game: the event ends early rather than stall.
			e.Status = eventFinished
			return nil
		}
		if err != nil {
			return err
		}
	case formatKnockout:
		if c := e.Bracket.Champion(); c != "" {
			e.Champion, e.Status = c, eventFinished
			return nil
		}
		pairings = e.Bracket.Pending()
	}
	r := eventRound{Number: n}
	for _, p := range pairings {
		ep := eventPairing{Board: p.Board, Players: p.Players}
		if p.Bye() {
			ep.Result = &tournament.GameResult{Round: n, Players: p.Players}
		} else {
			ep.Game = platform.NewID()
		}
		r.Pairings = append(r.Pairings, ep)
	}
	e.Played = append(e.Played, r)
	return nil
}

// refreshEvent reads the results of the current round's games that have ended and, once every
// one has, pairs the next round (or finishes the event).
func (s *Server) refreshEvent(ctx context.Context, e *pairedEvent) (bool, error) {
	if e.Status != eventRunning || len(e.Played) == 0 {
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
		if errors.Is(err, store.ErrNotFound) {
			done = false // not created yet
			continue
		}
		if err != nil {
			return false, err
		}
		if row.Status != store.StatusOver || !row.Outcome.Over {
			done = false
			continue
		}
		res := tournament.ResultOf(r.Number, p.Players, row.Outcome)
		p.Result, p.Ending, changed = &res, row.Outcome.Ending.String(), true
		if e.Format == formatKnockout {
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
		if err := s.pairRound(e, r.Number+1); err != nil {
			return false, err
		}
		changed = true
	}
	return changed, nil
}

func (s *Server) handleCreateEvent(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateEvent
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	switch req.Format {
	case formatRoundRobin, formatKnockout:
		if req.Rounds != 0 {
			return platform.Errorf(platform.BadRequest, "rounds: only a Swiss event takes a number of rounds")
		}
	case formatSwiss:
		if req.Rounds < 1 || req.Rounds > maxEventPlayers {
			return platform.Errorf(platform.BadRequest, "rounds %d: a Swiss event needs 1 to %d", req.Rounds, maxEventPlayers)
		}
	default:
		return platform.Errorf(platform.BadRequest, "format %q: want roundrobin, swiss or knockout", req.Format)
	}
	g, err := s.reg.Lookup(req.Kind)
	if err != nil {
		return platform.Errorf(platform.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), req.Options)
	if err != nil {
		return platform.Errorf(platform.BadOption, "%s: %v", g.Name(), err)
	}
	if _, err := g.New(o); err != nil {
		return platform.Errorf(platform.BadOption, "%s: %v", g.Name(), err)
	}
	if err := req.Time.Validate(); err != nil {
		return platform.Errorf(platform.BadOption, "time: %v", err)
	}
	tc := req.Time
	if c := req.Correspondence; c != nil {
		if tc.Kind != game.Untimed {
			return platform.Errorf(platform.BadOption, "give either time or correspondence, not both")
		}
		tc = game.TimeControl{Kind: game.Correspondence, Base: time.Duration(c.Days) * day, Increment: time.Duration(c.IncrementDays) * day}
	}
	if err := play.CheckCorrespondence(tc); err != nil {
		return err
	}
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	now := s.now()
	e := &pairedEvent{ID: platform.NewID(), Format: req.Format, Kind: g.Name(), Options: req.Options, Time: tc,
		Rated: req.Rated, Rounds: req.Rounds, Host: u.Name, HostID: u.ID, Status: eventSignup, Players: []eventPlayer{}}
	state, err := e.encode()
	if err != nil {
		return err
	}
	if err := s.store.CreatePairedEvent(r.Context(), store.PairedEvent{ID: e.ID, HostID: u.ID, Format: e.Format, Status: e.Status,
		Version: 1, State: state, Created: now}); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, s.eventView(e))
	return nil
}

func (s *Server) handleJoinEvent(w http.ResponseWriter, r *http.Request) error {
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	e, err := s.changeEvent(r.Context(), r.PathValue("id"), func(e *pairedEvent) (bool, error) {
		if e.Status != eventSignup {
			return false, platform.Errorf(platform.Conflict, "the event has started: signup is closed")
		}
		if e.userID(u.Name) != 0 {
			return false, platform.Errorf(platform.Conflict, "%s already plays in the event", u.Name)
		}
		if len(e.Players) >= maxEventPlayers {
			return false, platform.Errorf(platform.Conflict, "the event is full (%d players)", maxEventPlayers)
		}
		e.Players = append(e.Players, eventPlayer{ID: u.ID, Name: u.Name})
		return true, nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.eventView(e))
	return nil
}

func (s *Server) handleStartEvent(w http.ResponseWriter, r *http.Request) error {
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	e, err := s.changeEvent(r.Context(), r.PathValue("id"), func(e *pairedEvent) (bool, error) {
		if e.HostID != u.ID {
			return false, platform.Errorf(platform.Forbidden, "only the host (%s) starts the event", e.Host)
		}
		if e.Status != eventSignup {
			return false, platform.Errorf(platform.Conflict, "the event has already started")
		}
		if len(e.Players) < 2 {
			return false, platform.Errorf(platform.Conflict, "%d players: an event needs at least 2", len(e.Players))
		}
		switch e.Format {
		case formatRoundRobin:
			n := len(e.Players)
			e.Rounds = n - 1 + n%2
		case formatSwiss:
			if e.Rounds >= len(e.Players)+len(e.Players)%2 {
				return false, platform.Errorf(platform.Conflict, "%d rounds for %d players: a Swiss event of n players has fewer than n rounds (no one meets twice)", e.Rounds, len(e.Players))
			}
		case formatKnockout:
			k, err := tournament.NewKnockout(e.names())
			if err != nil {
				return false, platform.Errorf(platform.Conflict, "%v", err)
			}
			e.Bracket, e.Rounds = k, k.RoundCount()
		}
		e.Status = eventRunning
		if err := s.pairRound(e, 1); err != nil {
			return false, err
		}
		return true, nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.eventView(e))
	return nil
}

func (s *Server) handleEvent(w http.ResponseWriter, r *http.Request) error {
	row, err := s.store.PairedEventByID(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		return platform.Errorf(platform.NotFound, "no event %s", r.PathValue("id"))
	}
	if err != nil {
		return err
	}
	e, err := decodeEvent(row)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.eventView(e))
	return nil
}

func (s *Server) eventView(e *pairedEvent) api.PairedEvent {
	v := api.PairedEvent{ID: e.ID, Format: e.Format, Kind: e.Kind, Options: e.Options, Time: e.Time, Rated: e.Rated,
		Rounds: e.Rounds, Host: e.Host, Status: e.Status, Players: e.names(), RoundList: []api.EventRound{}, Bracket: e.Bracket,
		Champion: e.Champion, Standings: []tournament.Standing{}}
	for _, r := range e.Played {
		round := api.EventRound{Number: r.Number, Pairings: []api.EventPairing{}}
		for _, p := range r.Pairings {
			round.Pairings = append(round.Pairings, api.EventPairing{Board: p.Board, Players: p.Players, Game: p.Game, Result: p.Result,
				Ending: p.Ending, Advanced: p.Advanced})
		}
		v.RoundList = append(v.RoundList, round)
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

// eventRoutes registers the paired events' API.
func (s *Server) eventRoutes(handle func(pattern string, h func(w http.ResponseWriter, r *http.Request) error)) {
	handle("POST /api/events", s.handleCreateEvent)
	handle("GET /api/events/{id}", s.handleEvent)
	handle("POST /api/events/{id}/join", s.handleJoinEvent)
	handle("POST /api/events/{id}/start", s.handleStartEvent)
}
