package store

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"sync"

	"turncoat/domain"
)

// groupCommitter commits the changes of many games in one transaction.
//
// On SQLite, which has one writer, a transaction's COMMIT (writing its pages to the
// write-ahead log) costs about twice a move's own statements: committing each move alone caps
// the server at about two thousand moves a second on one core, and far fewer when the cores
// are shared. The committer takes whatever changes wait when the writer is free, runs each in
// a savepoint of one transaction (a change that fails, a conflict say, is rolled back alone
// and told so), and commits them together.
//
// On PostgreSQL each commit of a transaction that notifies takes one database-wide lock, the
// notification queue's, and holds it while the commit is written: with thousands of moves a
// second the commits queue on that lock (seen as Lock:object waits), not on the work. A few
// committers there each send the plain changes that wait as one pipeline, one implicit
// transaction (pipeline.go); since a failed statement undoes the whole, a batch that fails is
// sent again change by change, so that each change gets its own answer.
//
// Either way nothing is acknowledged before the COMMIT that makes it durable, and a change
// alone, on an idle server, commits at once as before.
type groupCommitter struct {
	reqs chan groupReq
	// commitBatch commits a batch and answers each of its changes.
	commitBatch func(batch []groupReq)
	// after runs between two batches of a committer.
	after func()

	mu      sync.Mutex
	closed  bool
	running sync.WaitGroup
}

type groupReq struct {
	c    domain.Change
	errc chan error
}

// maxGroup bounds the changes of one transaction.
const maxGroup = 256

var errClosed = errors.New("store: closed")

// pgCommitters is the number of PostgreSQL's group committers: batches in flight at once.
const pgCommitters = 4

// newGroupCommitter starts the store's group committers.
func newGroupCommitter(s *Store) *groupCommitter {
	g := &groupCommitter{reqs: make(chan groupReq, 4*maxGroup)}
	workers := 1
	if s.postgres {
		g.commitBatch, g.after = s.commitPipelinedBatch, func() {}
		workers = pgCommitters
	} else {
		g.commitBatch, g.after = s.commitSavepoints, s.restartLog
	}
	g.running.Add(workers)
	for range workers {
		go g.run()
	}
	return g
}

// commit stores c with the changes that wait with it, and returns once they are committed
// (its own failure, or the transaction's).
func (g *groupCommitter) commit(c domain.Change) error {
	req := groupReq{c: c, errc: make(chan error, 1)}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return errClosed
	}
	// Sent under the lock, so that close never closes the channel under a sender; the buffer
	// is large, and a full one waits for the writer, as the write connection's queue did.
	g.reqs <- req
	g.mu.Unlock()
	return <-req.errc
}

// close lets the changes already queued commit and stops.
func (g *groupCommitter) close() {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return
	}
	g.closed = true
	close(g.reqs)
	g.mu.Unlock()
	g.running.Wait()
}

func (g *groupCommitter) run() {
	defer g.running.Done()
	batch := make([]groupReq, 0, maxGroup)
	for req := range g.reqs {
		batch = append(batch[:0], req)
	drain:
		for len(batch) < maxGroup {
			select {
			case r, ok := <-g.reqs:
				if !ok {
					break drain
				}
				batch = append(batch, r)
			default:
				break drain
			}
		}
		g.commitBatch(batch)
		g.after()
	}
}

// restartLog lets SQLite's log start over when it has grown long (see checkpointer): between
// two transactions of the one writer, it copies back what the checkpointer has not, so the
// next transaction finds the log wholly copied.
func (s *Store) restartLog() {
	c := s.ckpt
	if c == nil || c.frames.Load() < c.restartFrames {
		return
	}
	frames, copied, err := checkpoint(context.Background(), s.wdb)
	if err != nil {
		slog.Warn("store: checkpoint", "err", err)
		return
	}
	if copied == frames {
		c.frames.Store(0)
	}
}

// commitSavepoints runs each change in a savepoint of one transaction and commits them
// (SQLite).
func (s *Store) commitSavepoints(batch []groupReq) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	err := s.tx(ctx, func(tx *sql.Tx) error {
		for i, r := range batch {
			if len(batch) == 1 {
				errs[i] = s.commitTx(ctx, tx, r.c)
				return errs[i]
			}
			if _, err := tx.ExecContext(ctx, "SAVEPOINT change"); err != nil {
				return err
			}
			errs[i] = s.commitTx(ctx, tx, r.c)
			if errs[i] != nil {
				if _, err := tx.ExecContext(ctx, "ROLLBACK TO change"); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, "RELEASE change"); err != nil {
				return err
			}
		}
		return nil
	})
	for i, r := range batch {
		switch {
		case errs[i] != nil:
			r.errc <- errs[i]
		default:
			r.errc <- err
		}
	}
}
