package store

import (
	"context"
	"database/sql"
	"log/slog"
	"sync/atomic"
	"time"
)

// SQLite's write-ahead log is copied back into the database by checkpoints. Left to SQLite, the
// one writer runs one inside a commit whenever the log passes a thousand pages, and a commit
// that checkpoints waits for two flushes to disk: under a steady load that stalled every move
// in flight for tenths of a second a few times a second. Here the writer never checkpoints
// (wal_autocheckpoint is off); a checkpointer of its own connection copies the log back
// several times a second, flushes included, beside the writer. Such a checkpoint cannot let
// the log start over, as a writer must find it wholly copied when it begins, and one runs at
// almost every moment. So once the log is long, the group committer, between two of its
// transactions, checkpoints what little the checkpointer has not yet copied: the next
// transaction then writes the log from its start again.
type checkpointer struct {
	db   *sql.DB // a connection of its own
	stop chan struct{}
	done chan struct{}
	// frames is the log's length in pages as of the last checkpoint.
	frames atomic.Int64
	// restartFrames is the log's length past which the writer lets it start over.
	restartFrames int64
}

const (
	// checkpointEvery is how often the checkpointer copies the log back.
	checkpointEvery = 100 * time.Millisecond
	// defaultRestartFrames is the log's length (pages of 4 KiB) past which the writer lets
	// it start over, unless Options say otherwise.
	defaultRestartFrames = 4000
)

func newCheckpointer(path string, restartFrames int64) (*checkpointer, error) {
	if restartFrames <= 0 {
		restartFrames = defaultRestartFrames
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	c := &checkpointer{db: db, stop: make(chan struct{}), done: make(chan struct{}), restartFrames: restartFrames}
	go c.run()
	return c, nil
}

func (c *checkpointer) run() {
	defer close(c.done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
		c.pass()
	}
}

// pass copies the log back once, and notes its length for the writer.
func (c *checkpointer) pass() {
	frames, _, err := checkpoint(context.Background(), c.db)
	if err != nil {
		slog.Warn("store: checkpoint", "err", err)
		return
	}
	c.frames.Store(frames)
}

// checkpoint copies db's log back into the database as far as its readers allow, and returns
// the log's length and how much of it is copied, in pages.
func checkpoint(ctx context.Context, db interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (frames, copied int64, err error) {
	var busy int
	err = db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied)
	return frames, copied, err
}

func (c *checkpointer) close() error {
	close(c.stop)
	<-c.done
	return c.db.Close()
}
