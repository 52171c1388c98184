// Package booksvc is the Othello opening book as a service the server runs for the reversi
// kind: the shipped book with the games the server learned laid over it, the durable job that
// learns each finished game, the agents of levels 8-10 playing from it, and the explorer.
//
// Every finished game of Othello gets a durable job (unique by game, so worked once by one
// instance) that learns it when it is an 8x8 game from the standard start (its new positions
// valued by the engine, holding a slot of the AI's share of the cores) and stores the part it
// adds to the book, or stores why it was passed over. Every instance lays the stored parts over
// its book in order: at its start, after it stored one, and at most every few seconds when the
// explorer asks.
//
// Errors are domain.Error values: BadRequest, BadNotation and IllegalMove for an explorer's
// query.
package booksvc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine"
	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
	"turncoat/platform/jobs"
)

// Kind is the game kind the service is for.
const Kind = "reversi"

// Config sets up the service.
type Config struct {
	Store Store
	Log   *slog.Logger
	Clock clock.Clock
	// Book is the book the learned games are laid over (default: a copy of the shipped one).
	// The service changes it: give it a book of its own.
	Book *book.Book
}

// Service is the opening book of a server.
type Service struct {
	store Store
	log   *slog.Logger
	clk   clock.Clock
	aiw   *aiwork.Work

	b *book.Book

	mu sync.Mutex // serialises syncs
	// last is the highest seq laid over the book, merged the seqs laid (PostgreSQL may commit
	// a lower seq after a higher one: each sync looks back a little way for them).
	last     int64
	merged   map[int64]bool
	lastSync atomic.Int64 // Unix nanoseconds of the last sync

	refreshing atomic.Bool
	bg         context.Context
	cancel     context.CancelFunc
	wg         sync.WaitGroup
}

// bookLookBack is how far below the highest seq read a sync looks for rows committed late.
const bookLookBack = 1000

// bookSyncEvery is how stale the explorer may find the book (other instances' learned games).
const bookSyncEvery = 2 * time.Second

// New returns the service; Sync lays the learned games over its book.
func New(cfg Config) (*Service, error) {
	b := cfg.Book
	if b == nil {
		var err error
		if b, err = book.Shipped(); err != nil {
			return nil, fmt.Errorf("the opening book: %w", err)
		}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	s := &Service{store: cfg.Store, log: cfg.Log, clk: cfg.Clock, b: b, merged: map[int64]bool{}}
	s.bg, s.cancel = context.WithCancel(context.Background())
	return s, nil
}

// Start lays the learned games over the book; ai is the server's AI work, whose share of the
// cores learning and the book's evaluation take.
func (s *Service) Start(ctx context.Context, ai *aiwork.Work) error {
	s.aiw = ai
	return s.Sync(ctx)
}

// Close stops the background evaluation and waits for it.
func (s *Service) Close() {
	s.cancel()
	s.wg.Wait()
}

// Book returns the book (its agents play from it).
func (s *Service) Book() *book.Book { return s.b }

// Kind returns the game kind the service is for.
func (s *Service) Kind() string { return Kind }

// EndJobs are the jobs the end of a game calls for: learning an Othello game.
func (s *Service) EndJobs(row domain.Game) []domain.Job {
	if row.Kind != Kind {
		return nil
	}
	return []domain.Job{jobs.At(jobs.Learn{Game: row.ID}, time.Time{})}
}

// Workers adds the learning job's worker.
func (s *Service) Workers(ws *river.Workers) { jobs.AddWorker(ws, s.workLearn) }

// evaluator values the leaves the server learns: a one-thread engine searching to the book's
// depth, made for the job.
func (s *Service) evaluator() book.Evaluator {
	depth := s.b.Depth()
	if depth == 0 {
		depth = 8
	}
	return book.EngineEvaluator(othello.New(othello.Options{TableBytes: 16 << 20}), depth)
}

// Sync lays the learned games stored since the last sync over the book, and has the
// leaves they made stale evaluated in the background.
func (s *Service) Sync(ctx context.Context) error {
	sb := s
	sb.mu.Lock()
	defer sb.mu.Unlock()
	defer sb.lastSync.Store(time.Now().UnixNano())
	var parts []*book.Book
	after := max(sb.last-bookLookBack, 0)
	for {
		rows, err := s.store.BookGames(ctx, after, 1000)
		if err != nil {
			return err
		}
		for _, g := range rows {
			after = g.Seq
			if sb.merged[g.Seq] {
				continue
			}
			sb.merged[g.Seq] = true
			sb.last = max(sb.last, g.Seq)
			p, err := book.Read(bytes.NewReader(g.Part))
			if err != nil {
				s.log.Error("a learned game's part of the opening book", "game", g.GameID, "error", err)
				continue
			}
			parts = append(parts, p)
		}
		if len(rows) < 1000 {
			break
		}
	}
	if len(parts) > 0 {
		s.b.Merge(parts...)
		s.refresh()
	}
	return nil
}

// refresh evaluates, in the background, the leaves of the book that wait for it (those
// the learned games made stale), unless that runs already.
func (s *Service) refresh() {
	sb := s
	if s.b.Pending() == 0 || sb.refreshing.Swap(true) {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer sb.refreshing.Store(false)
		release, err := s.aiw.Acquire(s.bg, aiwork.Server, false)
		if err != nil {
			return
		}
		defer release()
		if _, err := s.b.Refresh(s.bg, s.evaluator()); err != nil && s.bg.Err() == nil {
			s.log.Error("evaluating the opening book's stale leaves", "error", err)
		}
	}()
}

// workLearn learns a finished game, or records why it is passed over.
func (s *Service) workLearn(ctx context.Context, a jobs.Learn) error {
	if _, err := s.store.BookGame(ctx, a.Game); err == nil {
		return nil // learned already
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	row, snap, err := s.store.LoadSnapshot(ctx, a.Game)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if row.Status != domain.StatusOver {
		return nil
	}
	moves, text, reason := s.learnable(row, snap)
	rec := domain.BookGame{GameID: a.Game, Moves: text, Reason: reason, Learned: s.clk.Now().UTC()}
	if reason == "" {
		if err := s.Sync(ctx); err != nil {
			return err
		}
		release, err := s.aiw.Acquire(ctx, aiwork.Server, false)
		if err != nil {
			return err
		}
		// learnt on a copy: the book itself changes only by the stored parts, alike on
		// every instance
		part, _, err := s.b.Clone().Learn(ctx, moves, s.evaluator())
		release()
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if _, err := part.Write(&buf); err != nil {
			return err
		}
		rec.Part = buf.Bytes()
	}
	if err := s.store.AddBookGame(ctx, rec); err != nil && !errors.Is(err, domain.ErrConflict) {
		return err
	}
	if reason == "" {
		return s.Sync(ctx)
	}
	return nil
}

// learnable returns the moves of a finished game for the book (squares, passes explicit) and
// its move list, or why the book passes it over.
func (s *Service) learnable(row domain.Game, snap game.Snapshot) (moves []int, text, reason string) {
	if row.Outcome.Ending == game.EndAbort {
		return nil, "", "aborted"
	}
	if row.Kind != Kind {
		return nil, "", "not Othello"
	}
	start, err := reversi.Game{}.Decode(row.Start)
	st, ok := start.(*reversi.State)
	if err != nil || !ok {
		return nil, "", "not Othello"
	}
	if bd := st.Board(); st.Rules() != reversi.Standard || bd != reversi.Start(8) || st.Placements() != bd.Moves() {
		return nil, "", "not 8x8 Othello from the standard start"
	}
	if len(snap.Moves) == 0 {
		return nil, "", "no moves"
	}
	for i, m := range snap.Moves {
		p := st.ToAct().Single()
		act, err := st.ParseAction(p, m.Move)
		if err == nil {
			err = game.Play(st, p, act)
		}
		if err != nil {
			return nil, "", fmt.Sprintf("move %d (%s): %v", i+1, m.Move, err)
		}
		moves = append(moves, int(act))
	}
	r := reversi.Record{Start: reversi.Start(8), Moves: moves}
	return moves, r.MoveList(true), ""
}

// PrepareAgent gives an Othello agent that plays from the shipped book the server's book
// instead (the server's AI work calls it for each agent it makes).
func (s *Service) PrepareAgent(a engine.Agent) {
	for a != nil {
		if oa, ok := a.(*othello.Agent); ok {
			if oa.Book() != nil {
				oa.SetBook(s.b)
			}
			return
		}
		u, ok := a.(interface{ Unwrap() engine.Agent })
		if !ok {
			return
		}
		a = u.Unwrap()
	}
}

// maxBookMoves bounds the moves an explorer request replays.
const maxBookMoves = 128

// Explore says what the opening book knows of the position the moves (a move list) reach from
// the start, or from pos (an 8x8 position in Othello's notation) when given.
func (s *Service) Explore(ctx context.Context, moves, pos string) (api.BookPosition, error) {
	start := reversi.Start(8)
	if pos != "" {
		st, err := reversi.Game{}.ParsePosition(reversi.Standard.Options(), pos)
		if err != nil {
			return api.BookPosition{}, domain.Errorf(domain.BadRequest, "pos: %v", err)
		}
		start = st.(*reversi.State).Board()
	}
	text := strings.TrimSpace(moves)
	if len(text) > 4*maxBookMoves {
		return api.BookPosition{}, domain.Errorf(domain.BadRequest, "moves: at most %d", maxBookMoves)
	}
	rec, err := reversi.ParseMoveList(text, start)
	if err == nil {
		_, err = rec.Replay()
	}
	if err != nil {
		code := domain.BadNotation
		if errors.Is(err, reversi.ErrIllegalMove) || errors.Is(err, reversi.ErrAfterEnd) {
			code = domain.IllegalMove
		}
		return api.BookPosition{}, domain.Errorf(code, "moves: %v", err)
	}
	b, _ := rec.Replay()
	if time.Since(time.Unix(0, s.lastSync.Load())) > bookSyncEvery {
		if err := s.Sync(ctx); err != nil {
			s.log.Warn("reading the learned games of the opening book", "error", err)
		}
	}
	out := api.BookPosition{ToMove: [2]string{"black", "white"}[b.Turn], Moves: []api.BookMove{}}
	out.Opening, out.OpeningPly = book.LineName(start, rec.Moves)
	st := s.b.Stats()
	out.Book = api.BookStats{Positions: st.Positions, Games: st.Games, Plies: st.Plies, Depth: s.b.Depth()}
	if e, ok := s.b.Lookup(b); ok {
		moves := make([]api.BookMove, 0, len(e.Moves))
		for _, m := range e.Moves {
			mv := api.BookMove{Move: reversi.SquareName(m.Square), Games: m.Games, Leaf: m.Leaf}
			if next := b; next.Size == 8 {
				if _, err := next.Play(m.Square); err == nil {
					mv.Opening = book.OpeningName(next)
				}
			}
			if m.Valued {
				v := m.Value
				mv.Value = &v
			}
			moves = append(moves, mv)
		}
		out.InBook, out.Games, out.Moves = true, e.Games, moves
		if e.Valued {
			v := e.Value
			out.Value = &v
		}
	}
	return out, nil
}
