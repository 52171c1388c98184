// Package reviews is the game review as a service: a player asks for a game's review with one
// click (once the game is over, or at any time for a hot-seat game, imported records
// included), a durable job computes it through package engine/review, and the stored review is
// shared by everyone who opens the game. Asking twice gives the same review; a failed review,
// or a hot-seat game played on since its review, is asked anew.
//
// The job's searches take the AI's fair pool of the cores one move at a time, as the owner
// "reviews": a review never holds more than the pool gives one owner, and the live games' AI
// moves get their turns between its moves. The job's time is bounded (Config.Time): Othello's
// solves that do not end in their share give the search's estimate (said not exact), and any
// other review that outlasts it fails, saying so.
//
// Turncoat's games are reviewed round by round, both sides' selections (engine/review's
// Turncoat: exact on boards the solver reaches, SM-MCTS estimates elsewhere).
//
// Errors are domain.Error values: NotFound (no such game, no review asked), NotAllowed (a game
// in play between people, or a game no engine reviews).
package reviews

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
	"turncoat/engine"
	"turncoat/engine/othello/book"
	"turncoat/engine/review"
	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/games/turncoat"
	"turncoat/games/turnover"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
	"turncoat/platform/jobs"
)

// StateNone is the state of a game's review that nobody asked for.
const StateNone = "none"

// Owner is the fair pool's owner of every review's searches.
const Owner = "reviews"

// Config sets up the service.
type Config struct {
	Store    Store
	Registry *game.Registry
	AI       *aiwork.Work
	Log      *slog.Logger
	Clock    clock.Clock
	// Book, if set, gives the opening book that values Othello's book moves.
	Book func() *book.Book
	// Time bounds a review's computation (default 2 minutes).
	Time time.Duration
	// OthelloLevel is the engine's level above the solver's reach (default 8), Level the level
	// of the other games' analyzers (default 6).
	OthelloLevel, Level int
	// TurncoatIterations is the SM-MCTS budget of each Turncoat round above the exact solver's
	// reach (default 10,000).
	TurncoatIterations int64
}

// Service keeps the games' reviews.
type Service struct {
	cfg Config
}

// New returns the service.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.Time <= 0 {
		cfg.Time = 2 * time.Minute
	}
	if cfg.OthelloLevel == 0 {
		cfg.OthelloLevel = 8
	}
	if cfg.Level == 0 {
		cfg.Level = 6
	}
	return &Service{cfg: cfg}
}

// Workers adds the review job's worker.
func (s *Service) Workers(ws *river.Workers) { jobs.AddWorker(ws, s.work) }

// Ask asks for game id's review on behalf of u: the stored review when it is of the game's
// moves and has not failed, else a new one, queued.
func (s *Service) Ask(ctx context.Context, u *domain.User, id string) (api.GameReview, error) {
	row, snap, err := s.cfg.Store.LoadSnapshot(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return api.GameReview{}, domain.Errorf(domain.NotFound, "no game %q", id).Words("review.no_game")
	}
	if err != nil {
		return api.GameReview{}, err
	}
	if err := mayReview(u, row); err != nil {
		return api.GameReview{}, err
	}
	if err := s.reviewable(row); err != nil {
		return api.GameReview{}, err
	}
	now := s.cfg.Clock.Now().UTC()
	r := domain.GameReview{GameID: id, Plies: len(snap.Moves), State: domain.ReviewQueued, Total: len(snap.Moves), Asked: now}
	r, err = s.cfg.Store.AskReview(ctx, r, func(r domain.GameReview) domain.Job {
		return jobs.At(jobs.Review{Game: r.GameID, Plies: r.Plies, Attempt: r.Attempt}, time.Time{})
	})
	if err != nil {
		return api.GameReview{}, err
	}
	return wire(r), nil
}

// Get returns game id's review as it stands: state "none" when none was asked, NotFound for
// no such game.
func (s *Service) Get(ctx context.Context, id string) (api.GameReview, error) {
	r, err := s.cfg.Store.GameReview(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		if _, _, err := s.cfg.Store.LoadSnapshot(ctx, id); errors.Is(err, domain.ErrNotFound) {
			return api.GameReview{}, domain.Errorf(domain.NotFound, "no game %q", id).Words("review.no_game")
		} else if err != nil {
			return api.GameReview{}, err
		}
		return api.GameReview{Game: id, State: StateNone}, nil
	}
	if err != nil {
		return api.GameReview{}, err
	}
	return wire(r), nil
}

// mayReview: a review is the engine's help, so it waits for the end of a game between
// people, and of a game against the AI; a hot-seat game (an imported record) is its holder's
// to review at any time.
func mayReview(u *domain.User, row domain.Game) error {
	if row.Status == domain.StatusOver {
		return nil
	}
	if row.Mode == domain.ModeHotSeat && u != nil && row.Seats[0].UserID == u.ID {
		return nil
	}
	return domain.Errorf(domain.NotAllowed, "the review opens when the game ends").Words("review.not_over")
}

// reviewable refuses the games no engine reviews move by move (Turncoat's simultaneous rounds
// have a review of their own).
func (s *Service) reviewable(row domain.Game) error {
	g, err := s.cfg.Registry.Lookup(row.Kind)
	if err != nil {
		return domain.Errorf(domain.NotFound, "no game %q", row.ID).Words("review.no_game")
	}
	st, err := g.Decode(row.Start)
	if err != nil {
		return err
	}
	if _, ok := st.(*turncoat.State); ok {
		return nil // its own review, round by round
	}
	if st.ToAct().Simultaneous() {
		return domain.Errorf(domain.NotAllowed, "%s has no review: its rounds are simultaneous", g.Title()).Words("review.simultaneous", "game", g.Title())
	}
	_, othello := st.(*reversi.State)
	_, turnoverGame := st.(*turnover.State)
	if !othello && !turnoverGame && !s.cfg.AI.Hints(g) {
		return domain.Errorf(domain.NotAllowed, "%s has no review: its engine does not value moves", g.Title()).Words("review.no_engine", "game", g.Title())
	}
	return nil
}

// progressEvery is how many moves a running review reviews between its stored progress
// reports (the page polls them).
const progressEvery = 5

// work computes a review, unless the stored one was asked anew since or is done.
func (s *Service) work(ctx context.Context, a jobs.Review) error {
	r, err := s.cfg.Store.GameReview(ctx, a.Game)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if r.Plies != a.Plies || r.Attempt != a.Attempt || r.State == domain.ReviewDone || r.State == domain.ReviewFailed {
		return nil
	}
	update := func(r domain.GameReview) error {
		r.Updated = s.cfg.Clock.Now().UTC()
		err := s.cfg.Store.UpdateReview(ctx, r)
		if errors.Is(err, domain.ErrConflict) {
			return errStale
		}
		return err
	}
	r.State = domain.ReviewRunning
	if err := update(r); err != nil {
		return ignoreStale(err)
	}
	body, err := s.compute(ctx, a, func(done, total int) {
		if done%progressEvery == 0 && done < total {
			r.Done, r.Total = done, total
			if err := update(r); err != nil && !errors.Is(err, errStale) {
				s.cfg.Log.Warn("a review's progress", "game", a.Game, "error", err)
			}
		}
	})
	if err != nil {
		if ctx.Err() != nil && !errors.Is(err, errTooLong) {
			return err // stopping: the queue works the job again
		}
		s.cfg.Log.Warn("a game's review failed", "game", a.Game, "error", err)
		r.State, r.Error = domain.ReviewFailed, err.Error()
		return ignoreStale(update(r))
	}
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	r.State, r.Result, r.Done, r.Total = domain.ReviewDone, b, len(body.Moves), len(body.Moves)
	return ignoreStale(update(r))
}

var (
	errStale   = errors.New("the review was asked anew")
	errTooLong = errors.New("the review took longer than its bound")
)

func ignoreStale(err error) error {
	if errors.Is(err, errStale) {
		return nil
	}
	return err
}

// compute reviews the game's first a.Plies moves.
func (s *Service) compute(ctx context.Context, a jobs.Review, progress review.Progress) (*api.ReviewBody, error) {
	row, snap, err := s.cfg.Store.LoadSnapshot(ctx, a.Game)
	if err != nil {
		return nil, err
	}
	if len(snap.Moves) < a.Plies {
		return nil, fmt.Errorf("the game has %d moves, the review %d", len(snap.Moves), a.Plies)
	}
	g, err := s.cfg.Registry.Lookup(row.Kind)
	if err != nil {
		return nil, err
	}
	start, err := g.Decode(row.Start)
	if err != nil {
		return nil, err
	}
	moves := make([]game.Move, 0, a.Plies)
	st := start.Clone()
	for i, m := range snap.Moves[:a.Plies] {
		mv, err := game.ParseMove(st, m.Move)
		if err == nil {
			err = game.PlayMove(st, mv)
		}
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, m.Move, err)
		}
		moves = append(moves, mv)
	}
	tctx, cancel := context.WithTimeoutCause(ctx, s.cfg.Time, errTooLong)
	defer cancel()
	slot := func(ctx context.Context) (func(), error) { return s.cfg.AI.Acquire(ctx, Owner, false) }
	var rv *review.Review
	if rs, ok := start.(*reversi.State); ok && othelloRecord(rs) {
		rec := reversi.Record{Start: rs.Board()}
		for _, m := range moves {
			rec.Moves = append(rec.Moves, int(m.Actions[m.Actors.Single()]))
		}
		cfg := review.OthelloConfig{Level: s.cfg.OthelloLevel, Time: s.cfg.Time * 3 / 4, Progress: progress, Slot: slot}
		if s.cfg.Book != nil {
			cfg.Book = s.cfg.Book()
		}
		rv, err = review.Othello(tctx, rec, cfg)
	} else if _, ok := start.(*turncoat.State); ok {
		rv, err = review.Turncoat(tctx, start, moves, review.TurncoatConfig{Iterations: s.cfg.TurncoatIterations, Seed: 1,
			Time: s.cfg.Time * 3 / 4, Progress: progress, Slot: slot})
	} else if _, ok := start.(*turnover.State); ok {
		rv, err = review.Turnover(tctx, start, moves, review.TurnoverConfig{Time: s.cfg.Time * 3 / 4, Progress: progress, Slot: slot})
	} else {
		var agent engine.Agent
		agent, err = s.cfg.AI.NewAgent(g, "level="+strconv.Itoa(s.cfg.Level), 1)
		if err != nil {
			return nil, err
		}
		an, ok := agent.(engine.Analyzer)
		if !ok {
			return nil, fmt.Errorf("%s: the engine does not value moves", g.Title())
		}
		cfg := review.GenericConfig{Analyzer: an, Game: g.Name(), Progress: progress, Slot: slot}
		switch g.Name() {
		case "blocs":
			cfg.ExactSource = review.FromGrundy
		case "troll":
			cfg.Source = review.FromMCTS
		}
		rv, err = review.Generic(tctx, start, moves, cfg)
	}
	if err != nil {
		if errors.Is(context.Cause(tctx), errTooLong) {
			return nil, fmt.Errorf("%w (%s)", errTooLong, s.cfg.Time)
		}
		return nil, err
	}
	return Body(rv), nil
}

// othelloRecord reports whether Othello's own review follows a game of these rules: the
// engine's, where a side with no move passes and the four centre squares start filled.
func othelloRecord(s *reversi.State) bool {
	r := s.Rules()
	return r.NoMove == reversi.NoMovePass && r.Start != reversi.StartFree
}

// Body is a review in the API's form.
func Body(r *review.Review) *api.ReviewBody {
	b := &api.ReviewBody{What: r.Game, Unit: r.Unit, ExactEmpties: r.ExactEmpties, Moves: make([]api.ReviewMove, 0, len(r.Plies)),
		Graph: r.Graph, TurningPoint: r.TurningPoint, Final: r.Final, Over: r.Over,
		Thresholds: [4]float64{r.Thresholds.Best, r.Thresholds.Good, r.Thresholds.Inaccuracy, r.Thresholds.Mistake}}
	if b.Graph == nil {
		b.Graph = []float64{}
	}
	for _, p := range r.Plies {
		b.Moves = append(b.Moves, api.ReviewMove{Ply: p.Ply, Side: p.Side, Move: p.Move, Best: p.Best, Before: p.Before,
			Played: p.Played, Loss: p.Loss, Class: string(p.Class), Exact: p.Exact, Source: string(p.Source), Empties: p.Empties, PV: p.PV})
	}
	for i, sd := range r.Sides {
		counts := map[string]int{}
		for c, n := range sd.Counts {
			counts[string(c)] = n
		}
		b.Sides[i] = api.ReviewSide{Moves: sd.Moves, Loss: sd.Loss, Average: sd.Average, Accuracy: sd.Accuracy, Counts: counts}
	}
	return b
}

// wire is a stored review in the API's form.
func wire(r domain.GameReview) api.GameReview {
	out := api.GameReview{Game: r.GameID, Plies: r.Plies, State: string(r.State), Done: r.Done, Total: r.Total, Error: r.Error}
	if r.State == domain.ReviewDone && len(r.Result) > 0 {
		var b api.ReviewBody
		if err := json.Unmarshal(r.Result, &b); err == nil {
			out.Review = &b
		}
	}
	return out
}
