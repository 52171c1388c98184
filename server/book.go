package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"turncoat/api"
	"turncoat/platform/aiwork"
	"turncoat/platform/jobs"

	"turncoat/engine"
	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/platform"
	"turncoat/store"
)

// The opening book: the shipped one with the games the server learned laid over it. Every
// finished game of Othello gets a durable job (unique by game, so worked once by one instance)
// that learns it when it is an 8x8 game from the standard start (its new positions valued by
// the engine, holding a slot of the cpu semaphore) and stores the part it adds to the book, or
// stores why it was passed over. Every instance lays the stored parts over its book in order:
// at its start, after it stored one, and at most every few seconds when the explorer asks.
// The AI's levels 8-10 play from this book; GET /api/book shows it.

// serverBook is the server's opening book and where it is in the store's learned games.
type serverBook struct {
	b *book.Book

	mu sync.Mutex // serialises syncs
	// last is the highest seq laid over the book, merged the seqs laid (PostgreSQL may commit
	// a lower seq after a higher one: each sync looks back a little way for them).
	last     int64
	merged   map[int64]bool
	lastSync atomic.Int64 // Unix nanoseconds of the last sync

	refreshing atomic.Bool
}

// bookLookBack is how far below the highest seq read a sync looks for rows committed late.
const bookLookBack = 1000

// bookSyncEvery is how stale the explorer may find the book (other instances' learned games).
const bookSyncEvery = 2 * time.Second

// newServerBook makes the server's book: cfg's, or a copy of the shipped one.
func newServerBook(b *book.Book) (*serverBook, error) {
	if b == nil {
		var err error
		if b, err = book.Shipped(); err != nil {
			return nil, fmt.Errorf("the opening book: %w", err)
		}
	}
	return &serverBook{b: b, merged: map[int64]bool{}}, nil
}

// evaluator values the leaves the server learns: a one-thread engine searching to the book's
// depth, made for the job.
func (s *Server) bookEvaluator() book.Evaluator {
	depth := s.book.b.Depth()
	if depth == 0 {
		depth = 8
	}
	return book.EngineEvaluator(othello.New(othello.Options{TableBytes: 16 << 20}), depth)
}

// syncBook lays the learned games stored since the last sync over the book, and has the
// leaves they made stale evaluated in the background.
func (s *Server) syncBook(ctx context.Context) error {
	sb := s.book
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
		sb.b.Merge(parts...)
		s.refreshBook()
	}
	return nil
}

// refreshBook evaluates, in the background, the leaves of the book that wait for it (those
// the learned games made stale), unless that runs already.
func (s *Server) refreshBook() {
	sb := s.book
	if sb.b.Pending() == 0 || sb.refreshing.Swap(true) {
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
		if _, err := sb.b.Refresh(s.bg, s.bookEvaluator()); err != nil && s.bg.Err() == nil {
			s.log.Error("evaluating the opening book's stale leaves", "error", err)
		}
	}()
}

// workLearn learns a finished game, or records why it is passed over.
func (s *Server) workLearn(ctx context.Context, a jobs.Learn) error {
	if _, err := s.store.BookGame(ctx, a.Game); err == nil {
		return nil // learned already
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	row, snap, err := s.store.LoadSnapshot(ctx, a.Game)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if row.Status != store.StatusOver {
		return nil
	}
	moves, text, reason := s.learnable(row, snap)
	rec := store.BookGame{GameID: a.Game, Moves: text, Reason: reason, Learned: s.now()}
	if reason == "" {
		if err := s.syncBook(ctx); err != nil {
			return err
		}
		release, err := s.aiw.Acquire(ctx, aiwork.Server, false)
		if err != nil {
			return err
		}
		// learnt on a copy: the book itself changes only by the stored parts, alike on
		// every instance
		part, _, err := s.book.b.Clone().Learn(ctx, moves, s.bookEvaluator())
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
	if err := s.store.AddBookGame(ctx, rec); err != nil && !errors.Is(err, store.ErrConflict) {
		return err
	}
	if reason == "" {
		return s.syncBook(ctx)
	}
	return nil
}

// learnable returns the moves of a finished game for the book (squares, passes explicit) and
// its move list, or why the book passes it over.
func (s *Server) learnable(row store.Game, snap game.Snapshot) (moves []int, text, reason string) {
	if row.Outcome.Ending == game.EndAbort {
		return nil, "", "aborted"
	}
	g, err := s.reg.Lookup(row.Kind)
	if err != nil {
		return nil, "", "not Othello"
	}
	start, err := g.Decode(row.Start)
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

// bookAgent gives an Othello agent that plays from the shipped book the server's book instead.
func (s *Server) bookAgent(a engine.Agent) {
	for a != nil {
		if oa, ok := a.(*othello.Agent); ok {
			if oa.Book() != nil {
				oa.SetBook(s.book.b)
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

// handleBook answers GET /api/book?moves=f5d6&pos=P: what the opening book knows of the
// position the moves reach from the start (or from pos, an 8x8 position in Othello's notation).
func (s *Server) handleBook(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	start := reversi.Start(8)
	if pos := q.Get("pos"); pos != "" {
		st, err := reversi.Game{}.ParsePosition(reversi.Standard.Options(), pos)
		if err != nil {
			return platform.Errorf(platform.BadRequest, "pos: %v", err)
		}
		start = st.(*reversi.State).Board()
	}
	text := strings.TrimSpace(q.Get("moves"))
	if len(text) > 4*maxBookMoves {
		return platform.Errorf(platform.BadRequest, "moves: at most %d", maxBookMoves)
	}
	rec, err := reversi.ParseMoveList(text, start)
	if err == nil {
		_, err = rec.Replay()
	}
	if err != nil {
		code := platform.BadNotation
		if errors.Is(err, reversi.ErrIllegalMove) || errors.Is(err, reversi.ErrAfterEnd) {
			code = platform.IllegalMove
		}
		return platform.Errorf(code, "moves: %v", err)
	}
	b, _ := rec.Replay()
	if time.Since(time.Unix(0, s.book.lastSync.Load())) > bookSyncEvery {
		if err := s.syncBook(r.Context()); err != nil {
			s.log.Warn("reading the learned games of the opening book", "error", err)
		}
	}
	out := map[string]any{"toMove": [2]string{"black", "white"}[b.Turn], "inBook": false, "moves": []api.BookMove{}}
	out["opening"], out["openingPly"] = book.LineName(start, rec.Moves)
	st := s.book.b.Stats()
	out["book"] = map[string]int{"positions": st.Positions, "games": st.Games, "plies": st.Plies, "depth": s.book.b.Depth()}
	if e, ok := s.book.b.Lookup(b); ok {
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
		out["inBook"], out["games"], out["moves"] = true, e.Games, moves
		if e.Valued {
			out["value"] = e.Value
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
