package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"turncoat/api"
	"turncoat/platform/aiwork"
	"turncoat/platform/jobs"
	"turncoat/platform/play"
	"unicode/utf8"

	"turncoat/game"
	"turncoat/platform"
	"turncoat/store"
	"turncoat/tournament"
)

// Play-by-post tournaments run by the server (package tournament does the rules). A tournament
// is stored as a checkpoint (its snapshot JSON) and the append-only log of the operations made
// since, each with the time it was made and the seed of its draws (pairing, dice), so that
// replaying them on the checkpoint gives exactly the state they made; their events are stored
// for clients. A checkpoint is written with every operation of the host or the clock (opening
// and closing rounds change every board) and after every checkpointEvery posts, so that a post
// in a tournament of ten thousand boards stores a line, not the whole tournament.
//
// The tournament in memory is a cache: every operation first checks the stored version (a
// cheap read) and reloads when another instance moved it on; its commit is made from the version
// it was made on (ErrConflict otherwise: reload and apply again). The next deadline (the end of
// the subscription window or of the round) is a durable job; the house AI's posts are made by
// the server as soon as the house is due.

// checkpointEvery bounds the players' operations replayed when a tournament is loaded: a
// checkpoint is written after checkpointEvery of them, or as many as the tournament has boards
// (a checkpoint costs in proportion to the boards, so that the cost of a post stays constant).
const checkpointEvery = 200

// houseLevel is the house AI's strength (level 1-10).
const houseLevel = "level=3"

// Tournament operations, as stored.
const (
	opSubscribe   = "subscribe"
	opUnsubscribe = "unsubscribe"
	opReserve     = "reserve"
	opPost        = "post"
	opEdit        = "edit"
	opAdvance     = "advance"
	opStart       = "start"
	opExtend      = "extend"
	opReplace     = "replace"
	opForfeit     = "forfeit"
	opSeat        = "seat"
	opAdjudicate  = "adjudicate"
	opCorrect     = "correct"
)

// tournamentOp is one operation on a tournament: what the stored log holds, and what replaying
// it does again.
type tournamentOp struct {
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
func (o tournamentOp) apply(t *tournament.Tournament) ([]tournament.Event, error) {
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	switch o.Op {
	case opSubscribe:
		return t.Subscribe(o.At, o.Player)
	case opUnsubscribe:
		return t.Unsubscribe(o.At, o.Player)
	case opReserve:
		return t.Volunteer(o.At, o.Player, rng)
	case opPost:
		return t.Post(o.At, o.Player, o.Text)
	case opEdit:
		return t.Edit(o.At, o.Player, o.Round, o.Text)
	case opAdvance:
		return t.Advance(o.At, rng)
	case opStart:
		return t.Start(o.At, rng)
	case opExtend:
		return t.Extend(o.At, o.Duration)
	case opReplace:
		return t.Replace(o.At, o.Board, o.Out, o.In)
	case opForfeit:
		return t.Forfeit(o.At, o.Board, o.Out, o.Reason)
	case opSeat:
		return t.Seat(o.At, o.Board, o.Player, rng)
	case opAdjudicate:
		return t.Adjudicate(o.At, o.Board, o.Winner, o.Reason)
	case opCorrect:
		return t.Correct(o.At, o.Seq, o.Amount, o.Reason)
	}
	return nil, fmt.Errorf("unknown tournament operation %q", o.Op)
}

// playerOp reports whether an operation is one of the players' many small ones, after which no
// checkpoint is written (until checkpointEvery of them).
func playerOp(op string) bool {
	switch op {
	case opSubscribe, opUnsubscribe, opReserve, opPost, opEdit:
		return true
	}
	return false
}

// liveTournament is a tournament held in memory (a cache of the store's).
type liveTournament struct {
	mu  sync.Mutex
	id  string
	row store.Tournament
	t   *tournament.Tournament
	// sinceCheckpoint counts the operations stored after the last checkpoint.
	sinceCheckpoint int
	// boards is the number of boards (see checkpointEvery).
	boards int
}

// liveTournament returns the tournament, loaded and current, with its lock held.
func (s *Server) liveTournament(ctx context.Context, id string) (*liveTournament, error) {
	s.corr.tmu.Lock()
	lt := s.corr.tournaments[id]
	if lt == nil {
		lt = &liveTournament{id: id}
		s.corr.tournaments[id] = lt
	}
	s.corr.tmu.Unlock()
	lt.mu.Lock()
	if lt.t != nil {
		v, err := s.store.TournamentVersion(ctx, id)
		if err != nil {
			lt.mu.Unlock()
			return nil, err
		}
		if v == lt.t.Version() {
			return lt, nil
		}
	}
	if err := s.loadTournament(ctx, lt); err != nil {
		lt.mu.Unlock()
		s.corr.tmu.Lock()
		if s.corr.tournaments[id] == lt && lt.t == nil {
			delete(s.corr.tournaments, id)
		}
		s.corr.tmu.Unlock()
		return nil, err
	}
	return lt, nil
}

// loadTournament restores the tournament from its checkpoint and replays the operations since.
func (s *Server) loadTournament(ctx context.Context, lt *liveTournament) error {
	lt.t = nil
	row, cp, ops, err := s.store.LoadTournament(ctx, lt.id)
	if errors.Is(err, store.ErrNotFound) {
		return platform.Errorf(platform.NotFound, "no tournament %q", lt.id)
	}
	if err != nil {
		return err
	}
	t, err := tournament.Unmarshal(s.reg, cp)
	if err != nil {
		return fmt.Errorf("tournament %s: checkpoint: %w", lt.id, err)
	}
	for _, stored := range ops {
		var op tournamentOp
		if err := json.Unmarshal(stored.Body, &op); err != nil {
			return fmt.Errorf("tournament %s: operation %d: %w", lt.id, stored.Version, err)
		}
		if t.Version() != stored.FromVersion {
			return fmt.Errorf("tournament %s does not replay: operation %d made from version %d, at %d", lt.id, stored.Version, stored.FromVersion, t.Version())
		}
		if evs, err := op.apply(t); err != nil && len(evs) == 0 {
			return fmt.Errorf("tournament %s does not replay: operation %d (%s): %w", lt.id, stored.Version, op.Op, err)
		}
		if t.Version() != stored.Version {
			return fmt.Errorf("tournament %s does not replay: operation %d (%s) gave version %d", lt.id, stored.Version, op.Op, t.Version())
		}
	}
	row.Version = t.Version()
	lt.row, lt.t, lt.sinceCheckpoint, lt.boards = row, t, len(ops), len(t.Boards())
	return nil
}

// tournamentDo runs an operation on a tournament at the server's time, for who (nil for the
// server itself: the clock), refused to anyone but the host when hostOnly, and returns its
// events, stored.
func (s *Server) tournamentDo(ctx context.Context, id string, who *store.User, hostOnly bool, op tournamentOp) ([]tournament.Event, error) {
	lt, err := s.liveTournament(ctx, id)
	if err != nil {
		return nil, err
	}
	defer lt.mu.Unlock()
	if hostOnly && (who == nil || who.ID != lt.row.HostID) {
		return nil, platform.Errorf(platform.Forbidden, "only the host (%s) may %s in tournament %s", lt.row.HostName, op.Op, id)
	}
	op.At, op.Seed = s.now(), rand.Uint64()
	return s.tournamentApply(ctx, lt, op)
}

// tournamentApply applies op to lt (locked), commits it, and then does what it calls for: the
// next deadline's job, the notifications of a round opened, the house AI's posts.
func (s *Server) tournamentApply(ctx context.Context, lt *liveTournament, op tournamentOp) ([]tournament.Event, error) {
	for attempt := 0; ; attempt++ {
		from := lt.t.Version()
		evs, opErr := op.apply(lt.t)
		if len(evs) == 0 {
			return nil, opErr
		}
		err := s.commitTournament(ctx, lt, op, from, evs)
		if err == nil {
			s.afterTournament(ctx, lt, evs)
			return evs, opErr
		}
		lt.t = nil // memory is ahead of the store: forget it
		if !errors.Is(err, store.ErrConflict) || attempt > 0 {
			return nil, err
		}
		if err := s.loadTournament(ctx, lt); err != nil {
			return nil, err
		}
	}
}

// commitTournament stores one operation of lt (locked) made from version from.
func (s *Server) commitTournament(ctx context.Context, lt *liveTournament, op tournamentOp, from int64, evs []tournament.Event) error {
	body, err := json.Marshal(op)
	if err != nil {
		return err
	}
	stored := make([]store.Event, len(evs))
	for i, e := range evs {
		b, err := json.Marshal(e)
		if err != nil {
			return err
		}
		stored[i] = store.Event{Version: e.Version, Body: b}
	}
	var checkpoint json.RawMessage
	if !playerOp(op.Op) || lt.sinceCheckpoint+1 >= max(checkpointEvery, lt.boards) {
		if checkpoint, err = json.Marshal(lt.t); err != nil {
			return err
		}
	}
	deadline, _ := lt.t.NextDeadline()
	now := s.now()
	change := store.TournamentChange{ID: lt.id, FromVersion: from, Version: lt.t.Version(), Phase: string(lt.t.Phase()),
		NextDeadline: deadline, Op: body, Events: stored, Checkpoint: checkpoint, Now: now, Jobs: tournamentEffects(lt.id, deadline, evs)}
	if err := s.store.CommitTournament(ctx, change); err != nil {
		return err
	}
	lt.sinceCheckpoint++
	if checkpoint != nil {
		lt.sinceCheckpoint = 0
	}
	lt.row.Version, lt.row.Phase, lt.row.NextDeadline, lt.row.Updated = change.Version, change.Phase, deadline, now
	if op.Op == opAdvance {
		lt.boards = len(lt.t.Boards())
	}
	return nil
}

// afterTournament follows a committed change of lt (locked): the house AI's posts. (Its next
// deadline and its rounds' notices are jobs stored with the change: tournamentEffects.)
func (s *Server) afterTournament(ctx context.Context, lt *liveTournament, evs []tournament.Event) {
	s.playHouse(ctx, lt)
}

// tournamentEffects are the jobs a tournament's change calls for, stored with it: its next
// deadline (when it has one) and the notices of a round opened.
func tournamentEffects(id string, deadline time.Time, evs []tournament.Event) []store.JobInsert {
	var out []store.JobInsert
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

// playHouse starts the house AI's post where it is due (lt locked). The search runs in the
// background on the fair pool's share of the tournament, never under the tournament's lock nor
// on the request that made the house due; its post then goes through tournamentApply like a
// player's, which starts the next one.
func (s *Server) playHouse(ctx context.Context, lt *liveTournament) {
	for _, d := range lt.t.Due() {
		if d.Player == tournament.House {
			s.houseMove(lt.id)
			return
		}
	}
}

// houseMove has the house AI post its due moves in tournament id: one search at a time per
// tournament; asked again while it runs, it looks again when done.
func (s *Server) houseMove(id string) {
	s.houseMu.Lock()
	defer s.houseMu.Unlock()
	if _, busy := s.houseRuns[id]; busy {
		s.houseRuns[id] = true
		return
	}
	if s.closing.Load() {
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
func (s *Server) housePost(ctx context.Context, id string) {
	release, err := s.aiw.Acquire(ctx, "tournament:"+id, false)
	if err != nil {
		return
	}
	defer release()
	board, side, state, ply, ok := s.houseDue(ctx, id)
	if !ok {
		return
	}
	actx, cancel := context.WithTimeout(ctx, s.cfg.MaxThink)
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
	lt, err := s.liveTournament(ctx, id)
	if err != nil {
		return
	}
	defer lt.mu.Unlock()
	if tb, err := lt.t.Table(board); err != nil || tb.Ply() != ply || !houseDueOn(lt.t, board) {
		return // the board moved on while the house thought
	}
	text := tournament.PostText{Board: board, Move: state.FormatAction(side, a)}.String()
	op := tournamentOp{Op: opPost, At: s.now(), Player: tournament.House, Text: text}
	if _, err := s.tournamentApply(ctx, lt, op); err != nil {
		s.log.Error("the house AI's post", "tournament", id, "board", board, "error", err)
	}
}

// houseDue returns the first board of tournament id where the house must post: its number,
// the house's side, the position and its ply.
func (s *Server) houseDue(ctx context.Context, id string) (int, game.Player, game.State, int, bool) {
	lt, err := s.liveTournament(ctx, id)
	if err != nil {
		return 0, game.NoPlayer, nil, 0, false
	}
	defer lt.mu.Unlock()
	for _, d := range lt.t.Due() {
		if d.Player != tournament.House {
			continue
		}
		tb, err := lt.t.Table(d.Board)
		if err != nil {
			continue
		}
		return d.Board, d.Side, tb.State(), tb.Ply(), true
	}
	return 0, game.NoPlayer, nil, 0, false
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

// workAdvance advances a tournament at its deadline.
func (s *Server) workAdvance(ctx context.Context, a jobs.Advance) error {
	if err := s.notYet(time.Unix(0, a.At)); err != nil {
		return err
	}
	_, err := s.tournamentDo(ctx, a.Tournament, nil, false, tournamentOp{Op: opAdvance})
	if platform.ErrorCode(err) == platform.NotFound {
		return nil
	}
	return err
}

// workRound tells the players who must post in a round that it is open.
func (s *Server) workRound(ctx context.Context, a jobs.Round) error {
	lt, err := s.liveTournament(ctx, a.Tournament)
	if err != nil {
		return nil
	}
	r, ok := lt.t.Round()
	if !ok || r.Number != a.Round {
		lt.mu.Unlock()
		return nil
	}
	due := lt.t.Due()
	title := lt.t.RoundTitle(r.Number)
	name := lt.row.Title
	lt.mu.Unlock()
	names := make([]string, 0, len(due))
	for _, d := range due {
		names = append(names, d.Player)
	}
	ids, err := s.store.UserIDs(ctx, names)
	if err != nil {
		return err
	}
	notes := make([]store.Notification, 0, len(due))
	for _, d := range due {
		if id, ok := ids[d.Player]; ok {
			notes = append(notes, store.Notification{UserID: id, Kind: "tournament_round", TournamentID: a.Tournament,
				Message: fmt.Sprintf("%s: %s. Post your move for Board #%d by %s.", name, title, d.Board, r.Deadline.Format("2006-01-02 15:04 MST"))})
		}
	}
	s.sendNotes(ctx, notes)
	return nil
}

// tournamentError maps the tournament package's errors to the services' errors.
func tournamentError(err error) error {
	var pe *platform.Error
	if err == nil || errors.As(err, &pe) {
		return err
	}
	codes := []struct {
		target error
		code   platform.Code
	}{
		{tournament.ErrPostFormat, platform.BadPost},
		{tournament.ErrPassRefused, platform.PassRefused},
		{tournament.ErrNotYourBoard, platform.NotYourBoard},
		{tournament.ErrNotYourRound, platform.NotYourRound},
		{tournament.ErrSecondPost, platform.SecondPost},
		{tournament.ErrRoundClosed, platform.RoundClosed},
		{tournament.ErrNoPost, platform.NoPost},
		{tournament.ErrBoardOver, platform.GameOver},
		{tournament.ErrNoSuchBoard, platform.NotFound},
		{tournament.ErrPhase, platform.WrongPhase},
		{tournament.ErrNotAllowed, platform.NotAllowed},
		{tournament.ErrPlayer, platform.NotAllowed},
		{tournament.ErrConfig, platform.BadOption},
		{tournament.ErrName, platform.BadRequest},
		{tournament.ErrAmount, platform.BadRequest},
		{tournament.ErrNoSkip, platform.BadOption},
	}
	for _, c := range codes {
		if errors.Is(err, c.target) {
			return &platform.Error{Code: c.code, Message: err.Error(), Err: err}
		}
	}
	return err
}

// requirePlayer returns the caller, who must have a registered account: a tournament knows its
// players by name, and a guest's name changes when it signs up.
func requirePlayer(r *http.Request) (*store.User, error) {
	u := userOf(r)
	if u == nil {
		return nil, platform.Errorf(platform.Unauthorized, "sign in to take part in tournaments")
	}
	if u.Guest {
		return nil, platform.Errorf(platform.Forbidden, "sign up (a guest's name is not kept) to take part in tournaments")
	}
	return u, nil
}

func parseDuration(name, text string) (time.Duration, error) {
	if text == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 || d > 60*day {
		return 0, platform.Errorf(platform.BadOption, "%s %q: want a duration such as 24h or 90m, at most 60 days", name, text)
	}
	return d, nil
}

// tournamentConfig reads a request to create a tournament.
func tournamentConfig(q api.CreateTournament) (tournament.Config, error) {
	c := tournament.Config{Title: q.Title, Game: q.Game, Options: q.Options, Sides: q.Sides, Currency: q.Currency, NoReward: q.NoReward,
		OddPlayer: tournament.OddPlayer(q.OddPlayer), Missed: tournament.MissRule(q.Missed), ReplaceAfter: q.ReplaceAfter}
	var err error
	if c.RoundLength, err = parseDuration("roundLength", q.RoundLength); err != nil {
		return c, err
	}
	if c.Window, err = parseDuration("window", q.Window); err != nil {
		return c, err
	}
	if q.Reward != nil {
		c.Reward = *q.Reward
	}
	return c, nil
}

func (s *Server) handleCreateTournament(w http.ResponseWriter, r *http.Request) error {
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	var req api.CreateTournament
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	cfg, err := tournamentConfig(req)
	if err != nil {
		return err
	}
	now := s.now()
	t, evs, err := tournament.New(s.reg, cfg, now)
	if err != nil {
		return tournamentError(err)
	}
	cfg = t.Config()
	title := cfg.Title
	if title == "" {
		title = "Tournament"
	}
	checkpoint, err := json.Marshal(t)
	if err != nil {
		return err
	}
	stored := make([]store.Event, len(evs))
	for i, e := range evs {
		b, _ := json.Marshal(e)
		stored[i] = store.Event{Version: e.Version, Body: b}
	}
	deadline, _ := t.NextDeadline()
	row := store.Tournament{ID: play.NewID(), Title: title, HostID: u.ID, HostName: u.Name, Game: cfg.Game, Phase: string(t.Phase()),
		Version: t.Version(), Created: now, Updated: now, NextDeadline: deadline}
	if err := s.store.CreateTournament(r.Context(), row, checkpoint, stored, tournamentEffects(row.ID, deadline, evs)...); err != nil {
		return err
	}
	lt, err := s.liveTournament(r.Context(), row.ID)
	if err != nil {
		return err
	}
	defer lt.mu.Unlock()
	writeJSON(w, http.StatusCreated, s.tournamentView(lt, u))
	return nil
}

// tournamentView is lt (locked) as u sees it.
func (s *Server) tournamentView(lt *liveTournament, u *store.User) api.Tournament {
	t := lt.t
	cfg := t.Config()
	j := api.Tournament{TournamentRow: tournamentRowWire(lt.row), Config: cfg, SubscriptionCloses: t.SubscriptionCloses(), Subscribers: t.Subscribers(),
		Reserves: t.Reserves(), ClosedRounds: len(t.Rounds())}
	boards := t.Boards()
	j.Boards = len(boards)
	if r, ok := t.Round(); ok {
		j.Round = &api.Round{Number: r.Number, Side: r.Side, Colour: cfg.Sides[r.Side], Title: t.RoundTitle(r.Number), Opened: r.Opened, Deadline: r.Deadline}
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

func (s *Server) handleListTournaments(w http.ResponseWriter, r *http.Request) error {
	ts, err := s.store.ListTournaments(r.Context(), store.TournamentFilter{Phase: r.URL.Query().Get("phase"), Limit: 100})
	if err != nil {
		return err
	}
	out := make([]api.TournamentRow, len(ts))
	for i, t := range ts {
		out[i] = tournamentRowWire(t)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// withTournament runs f on the tournament of the request's {id}, loaded, current and locked.
func (s *Server) withTournament(r *http.Request, f func(lt *liveTournament) error) error {
	lt, err := s.liveTournament(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	defer lt.mu.Unlock()
	return f(lt)
}

func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) error {
	return s.withTournament(r, func(lt *liveTournament) error {
		writeJSON(w, http.StatusOK, s.tournamentView(lt, userOf(r)))
		return nil
	})
}

// runOp runs an operation for the caller and writes its events.
func (s *Server) runOp(w http.ResponseWriter, r *http.Request, u *store.User, hostOnly bool, op tournamentOp) error {
	evs, err := s.tournamentDo(r.Context(), r.PathValue("id"), u, hostOnly, op)
	if err != nil && len(evs) == 0 {
		return tournamentError(err)
	}
	res := api.OpResult{Events: evs}
	if n := len(evs); n > 0 {
		res.Version = evs[n-1].Version
	}
	if res.Events == nil {
		res.Events = []tournament.Event{}
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// playerHandler handles an operation a player makes for themselves (subscribe, unsubscribe,
// volunteer as a reserve).
func (s *Server) playerHandler(op string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		u, err := requirePlayer(r)
		if err != nil {
			return err
		}
		if err := decodeJSON(w, r, &struct{}{}); err != nil {
			return err
		}
		return s.runOp(w, r, u, false, tournamentOp{Op: op, Player: u.Name})
	}
}

// maxPostBytes bounds a post's body: a forum post of a board and a move is a few dozen bytes.
const maxPostBytes = 4096

// readPost reads a post's body: JSON ({"text": "Board #3\nD 5"} or {"board": 3, "move": "d5"},
// with "round" for an edit), or the forum text itself as text/plain. It returns the post as
// forum text (the tournament checks it) and the round asked, or a clear error.
func readPost(contentType string, body []byte) (text string, round int, err error) {
	if len(body) > maxPostBytes {
		return "", 0, platform.Errorf(platform.TooLarge, "a post has at most %d bytes", maxPostBytes)
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	if mt == "text/plain" {
		if !utf8.Valid(body) {
			return "", 0, platform.Errorf(platform.BadPost, "the post is not UTF-8 text")
		}
		text = string(body)
		if strings.TrimSpace(text) == "" {
			return "", 0, platform.Errorf(platform.BadPost, "the post is empty: write the board and the move, e.g. \"Board #3\" then \"D 5\"")
		}
		return text, 0, nil
	}
	var q api.Post
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&q); err != nil {
		return "", 0, platform.Errorf(platform.BadJSON, "malformed JSON: %v (or send the forum text as text/plain)", err)
	}
	if dec.More() {
		return "", 0, platform.Errorf(platform.BadJSON, "malformed JSON: more than one value")
	}
	if q.Round < 0 {
		return "", 0, platform.Errorf(platform.BadRequest, "round %d: want 1 or more", q.Round)
	}
	switch {
	case q.Text != "" && (q.Board != 0 || q.Move != ""):
		return "", 0, platform.Errorf(platform.BadPost, "give either the text of the post, or a board and a move")
	case q.Text != "":
		return q.Text, q.Round, nil
	case q.Board < 1:
		return "", 0, platform.Errorf(platform.BadPost, "board %d: want the number of your board, from 1 (or the forum text as \"text\")", q.Board)
	case strings.TrimSpace(q.Move) == "" || strings.ContainsAny(q.Move, "\r\n"):
		return "", 0, platform.Errorf(platform.BadPost, "move %q: want a move such as \"d5\", or \"pass\"", q.Move)
	}
	return tournament.PostText{Board: q.Board, Move: strings.TrimSpace(q.Move)}.String(), q.Round, nil
}

// handlePost takes the caller's post (POST) or changes it (PUT) in the open round.
func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) error {
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxPostBytes))
	if err != nil {
		return platform.Errorf(platform.TooLarge, "a post has at most %d bytes", maxPostBytes)
	}
	text, round, err := readPost(r.Header.Get("Content-Type"), body)
	if err != nil {
		return err
	}
	op := tournamentOp{Op: opPost, Player: u.Name, Text: text}
	if r.Method == http.MethodPut {
		op.Op, op.Round = opEdit, round
		if round == 0 {
			err := s.withTournament(r, func(lt *liveTournament) error {
				if cur, ok := lt.t.Round(); ok {
					op.Round = cur.Number
				}
				return nil
			})
			if err != nil {
				return err
			}
			if op.Round == 0 {
				return platform.Errorf(platform.RoundClosed, "no round is open: there is no post to change")
			}
		}
	} else if round != 0 {
		return platform.Errorf(platform.BadRequest, "a new post is for the open round: change a post with PUT")
	}
	return s.runOp(w, r, u, false, op)
}

// hostHandler handles one of the host's tools.
func (s *Server) hostHandler(op string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		u, err := requirePlayer(r)
		if err != nil {
			return err
		}
		var q api.HostAction
		if err := decodeJSON(w, r, &q); err != nil {
			return err
		}
		o := tournamentOp{Op: op, Board: q.Board, Player: q.Player, Out: q.Out, In: q.In, Reason: q.Reason, Seq: q.Seq, Amount: q.Amount}
		switch op {
		case opExtend:
			if o.Duration, err = parseDuration("duration", q.Duration); err != nil {
				return err
			}
			if o.Duration == 0 {
				return platform.Errorf(platform.BadRequest, "say how long to extend the round: {\"duration\": \"12h\"}")
			}
		case opForfeit:
			o.Out = q.Player
		case opAdjudicate:
			switch {
			case q.Draw && q.Winner == nil:
				o.Winner = game.NoPlayer
			case !q.Draw && q.Winner != nil && q.Winner.Valid():
				o.Winner = *q.Winner
			default:
				return platform.Errorf(platform.BadRequest, "say who wins: {\"winner\": \"first\"} or \"second\", or {\"draw\": true}")
			}
		}
		return s.runOp(w, r, u, true, o)
	}
}

func (s *Server) handleBoards(w http.ResponseWriter, r *http.Request) error {
	return s.withTournament(r, func(lt *liveTournament) error {
		writeJSON(w, http.StatusOK, lt.t.Boards())
		return nil
	})
}

func (s *Server) handleBoard(w http.ResponseWriter, r *http.Request) error {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		return platform.Errorf(platform.BadRequest, "board %q: want a board number, from 1", r.PathValue("n"))
	}
	return s.withTournament(r, func(lt *liveTournament) error {
		b, err := lt.t.Board(n)
		if err != nil {
			return tournamentError(err)
		}
		j := api.Board{BoardInfo: b}
		if tb, err := lt.t.Table(n); err == nil {
			// The view of the side to move, with its legal moves: a tournament's table holds no
			// secret (posts are played when the round closes).
			v := tb.View(b.ToMove, s.now())
			j.View = &v
		}
		writeJSON(w, http.StatusOK, j)
		return nil
	})
}

func (s *Server) handleSummary(w http.ResponseWriter, r *http.Request) error {
	return s.withTournament(r, func(lt *liveTournament) error {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, lt.t.Summary())
		return nil
	})
}

func (s *Server) handleStandings(w http.ResponseWriter, r *http.Request) error {
	return s.withTournament(r, func(lt *liveTournament) error {
		writeJSON(w, http.StatusOK, lt.t.Placings())
		return nil
	})
}

func (s *Server) handleLedger(w http.ResponseWriter, r *http.Request) error {
	return s.withTournament(r, func(lt *liveTournament) error {
		l := lt.t.Ledger()
		writeJSON(w, http.StatusOK, map[string]any{"currency": lt.t.Config().Currency, "entries": l.Entries(), "balances": l.Balances(), "total": l.Total()})
		return nil
	})
}

func (s *Server) handleTournamentEvents(w http.ResponseWriter, r *http.Request) error {
	after, err := afterParam(r)
	if err != nil {
		return err
	}
	if _, err := s.store.TournamentVersion(r.Context(), r.PathValue("id")); errors.Is(err, store.ErrNotFound) {
		return platform.Errorf(platform.NotFound, "no tournament %q", r.PathValue("id"))
	}
	evs, err := s.store.TournamentEvents(r.Context(), r.PathValue("id"), after, 10000)
	if err != nil {
		return err
	}
	out := make([]json.RawMessage, len(evs))
	for i, e := range evs {
		out[i] = e.Body
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// tournamentRoutes registers the tournaments' API.
func (s *Server) tournamentRoutes(handle func(pattern string, h func(w http.ResponseWriter, r *http.Request) error)) {
	handle("POST /api/tournaments", s.handleCreateTournament)
	handle("GET /api/tournaments", s.handleListTournaments)
	handle("GET /api/tournaments/{id}", s.handleTournament)
	handle("POST /api/tournaments/{id}/subscribe", s.playerHandler(opSubscribe))
	handle("POST /api/tournaments/{id}/unsubscribe", s.playerHandler(opUnsubscribe))
	handle("POST /api/tournaments/{id}/reserve", s.playerHandler(opReserve))
	handle("POST /api/tournaments/{id}/posts", s.handlePost)
	handle("PUT /api/tournaments/{id}/posts", s.handlePost)
	for _, op := range []string{opAdvance, opStart, opExtend, opReplace, opForfeit, opSeat, opAdjudicate, opCorrect} {
		handle("POST /api/tournaments/{id}/"+op, s.hostHandler(op))
	}
	handle("GET /api/tournaments/{id}/boards", s.handleBoards)
	handle("GET /api/tournaments/{id}/boards/{n}", s.handleBoard)
	handle("GET /api/tournaments/{id}/summary", s.handleSummary)
	handle("GET /api/tournaments/{id}/standings", s.handleStandings)
	handle("GET /api/tournaments/{id}/ledger", s.handleLedger)
	handle("GET /api/tournaments/{id}/events", s.handleTournamentEvents)
}
