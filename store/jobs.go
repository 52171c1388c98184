package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"
	"turncoat/domain"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"
)

// Jobs is the durable job queue on the store's database (River): a job inserted is worked once,
// by one instance, even when several share a PostgreSQL database, and survives restarts; a job
// scheduled for later waits in the database, not in memory. On SQLite River shares the store's
// single write connection, so that its writes queue with the store's; on PostgreSQL it has a
// pool of its own (pgx), and LISTEN/NOTIFY wakes the instances at once.
type Jobs struct {
	client jobClient
	pool   *pgxpool.Pool
}

// insertOpts are River's options for a domain job: unique by its arguments, scheduled at its time.
func insertOpts(j domain.Job) *river.InsertOpts {
	return &river.InsertOpts{ScheduledAt: j.At, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// txInserter inserts jobs in a transaction of the store's (a River client on database/sql).
type txInserter interface {
	InsertManyTx(ctx context.Context, tx *sql.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
}

// JobsDue returns how many jobs due by now are not finished yet (waiting for the queue's
// scheduler, available, running, or to retry): zero once the queue has worked everything due, so
// that a test on a manual clock can wait for what a deadline calls for, or see that it did not
// happen, instead of sleeping. It counts at most the first 10,000 jobs.
func (s *Store) JobsDue(ctx context.Context, now time.Time) (int, error) {
	if s.inserter == nil {
		return 0, errors.New("store: no job queue (NewJobs)")
	}
	params := river.NewJobListParams().First(10_000).States(rivertype.JobStateAvailable, rivertype.JobStatePending,
		rivertype.JobStateRetryable, rivertype.JobStateRunning, rivertype.JobStateScheduled)
	res, err := s.inserter.JobList(ctx, params)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, j := range res.Jobs {
		if j.State == rivertype.JobStateRunning || !j.ScheduledAt.After(now) {
			n++
		}
	}
	return n, nil
}

// insertJobs inserts jobs with tx.
func (s *Store) insertJobs(ctx context.Context, tx *sql.Tx, jobs []domain.Job) error {
	if len(jobs) == 0 {
		return nil
	}
	if s.inserter == nil {
		return errors.New("store: jobs committed before the job queue was set up (NewJobs)")
	}
	params := make([]river.InsertManyParams, len(jobs))
	for i, j := range jobs {
		params[i] = river.InsertManyParams{Args: j.Args, InsertOpts: insertOpts(j)}
	}
	_, err := s.inserter.InsertManyTx(ctx, tx, params)
	return err
}

// jobClient is what Jobs uses of a River client, whichever its driver's transaction type.
type jobClient interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
}

// riverLockKey is the PostgreSQL advisory lock under which River's tables are migrated, so that
// instances starting together never migrate at once.
const riverLockKey = 0x7475726e636f6174 // "turncoat"

// NewJobs brings River's tables up to date (beside the store's own: River keeps its migrations
// in a table of its own) and returns a client configured by cfg (its workers, queues, clock):
// Start works jobs, Stop stops. The store sets only the driver.
func (s *Store) NewJobs(ctx context.Context, cfg *river.Config, log *slog.Logger) (*Jobs, error) {
	mcfg := &rivermigrate.Config{Logger: log}
	if !s.postgres {
		drv := riversqlite.New(s.wdb)
		m, err := rivermigrate.New(drv, mcfg)
		if err != nil {
			return nil, err
		}
		err = s.tx(ctx, func(tx *sql.Tx) error {
			_, err := m.MigrateTx(ctx, tx, rivermigrate.DirectionUp, nil)
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("store: migrating the job queue: %w", err)
		}
		c, err := river.NewClient(drv, cfg)
		if err != nil {
			return nil, err
		}
		s.inserter = c
		return &Jobs{client: c}, nil
	}
	pcfg, err := pgxpool.ParseConfig(s.dsn)
	if err != nil {
		return nil, err
	}
	asynchronousCommit(pcfg.ConnConfig.RuntimeParams)
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, err
	}
	drv := riverpgxv5.New(pool)
	m, err := rivermigrate.New(drv, mcfg)
	if err == nil {
		err = migrateLocked(ctx, pool, m)
	}
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: migrating the job queue: %w", err)
	}
	c, err := river.NewClient(drv, cfg)
	if err != nil {
		pool.Close()
		return nil, err
	}
	// The store's transactions are database/sql's: an insert-only client on the same database
	// puts jobs in them. It keeps the worker's clock (cfg.Test.Time), or a job to run at once
	// would be due at the database's time, not the instance's: on a test's manual clock, which
	// stands still, never.
	ins, err := river.NewClient(riverdatabasesql.New(s.db), &river.Config{Logger: log, Test: river.TestConfig{Time: cfg.Test.Time}})
	if err != nil {
		pool.Close()
		return nil, err
	}
	s.inserter = ins
	return &Jobs{client: c, pool: pool}, nil
}

// migrateLocked runs River's migrations, each in a transaction of its own (some add enum values
// that the next ones use), under a session advisory lock held on a connection of its own.
func migrateLocked(ctx context.Context, pool *pgxpool.Pool, m *rivermigrate.Migrator[pgx.Tx]) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(riverLockKey)); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(riverLockKey))
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// Insert adds a job; it reports false when a unique job of the same arguments already exists
// (see river.InsertOpts.UniqueOpts), which is then left as it is.
func (j *Jobs) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	r, err := j.client.Insert(ctx, args, opts)
	if err != nil {
		return false, err
	}
	return !r.UniqueSkippedAsDuplicate, nil
}

// Start starts working jobs.
func (j *Jobs) Start(ctx context.Context) error { return j.client.Start(ctx) }

// Stop stops working jobs (waiting for those running to finish, within ctx) and releases the
// queue's connections.
func (j *Jobs) Stop(ctx context.Context) error {
	err := j.client.Stop(ctx)
	if j.pool != nil {
		j.pool.Close()
	}
	return err
}

// RescueOrphanedJobs makes the jobs a stopped process left running (a crash: the job's work
// done or not, its end never recorded) available again at once, and returns how many. Only on
// SQLite, which one server works: at that server's start every job still running is an
// orphan. On PostgreSQL other instances may be working them, and River's rescuer takes the
// stuck ones after the queue's RescueStuckJobsAfter. The jobs' work is idempotent, so running
// one again does what is left of it and nothing twice.
func (s *Store) RescueOrphanedJobs(ctx context.Context) (int64, error) {
	if s.postgres {
		return 0, nil
	}
	var n int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE river_job SET state = 'available' WHERE state = 'running'`)
		if err != nil {
			return err
		}
		n, err = r.RowsAffected()
		return err
	})
	return n, err
}
