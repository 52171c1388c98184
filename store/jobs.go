package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"time"

	"turncoat/domain"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
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
	// What WorkDue needs of the queue: River's executor on its database, the client's id (a
	// job's attempted_by) and the time a job may run.
	exec    riverdriver.Executor
	id      string
	timeout time.Duration
	// queues are the queues WorkDue takes jobs from, the default one first.
	queues []string
}

// insertOpts are River's options for a domain job: unique by its arguments, scheduled at its time.
func insertOpts(j domain.Job) *river.InsertOpts {
	return &river.InsertOpts{ScheduledAt: j.At, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// txInserter inserts jobs in a transaction of the store's (a River client on database/sql).
type txInserter interface {
	InsertManyTx(ctx context.Context, tx *sql.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
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
		return &Jobs{client: c, exec: c.Driver().GetExecutor(), id: c.ID(), timeout: cfg.JobTimeout, queues: queueNames(cfg)}, nil
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
	return &Jobs{client: c, pool: pool, exec: c.Driver().GetExecutor(), id: c.ID(), timeout: cfg.JobTimeout, queues: queueNames(cfg)}, nil
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

// queueNames are the queues of cfg, the default one first (alone when cfg names none).
func queueNames(cfg *river.Config) []string {
	out := []string{river.QueueDefault}
	var more []string
	for q := range cfg.Queues {
		if q != river.QueueDefault {
			more = append(more, q)
		}
	}
	slices.Sort(more)
	return append(out, more...)
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

// WorkDue works every job due by now(), one after the other in River's order (priority, time,
// id), through work, and returns how many it worked: what River's client does once started, as
// plain calls, for a program that does not start it (the server's tests on a manual clock, which
// must know when what a deadline calls for is done, and wait for nothing else). Each step is
// River's own, through its driver: its scheduler's (the scheduled and retryable jobs due made
// available; of two unique jobs that would collide, the later discarded), its producer's (a job
// taken as running, one attempt more) and its executor's record of the outcome: completed; on an
// error, retryable after River's default delay on now's clock (discarded after the last
// attempt; cancelled on river.JobCancel); snoozed (river.JobSnooze) for later, its attempt given
// back. River makes a short wait available at once rather than wait for its scheduler; here the
// scheduler's step runs before every job, so a job waits scheduled, whatever its wait. A job
// that a worker stores, or that comes due again while the others run, is worked in the same call.
//
// River's driver is an API River may change in any release: an upgrade of River must check this
// (it fails to build, not to run, when the API moves).
func (j *Jobs) WorkDue(ctx context.Context, now func() time.Time, work func(ctx context.Context, job *rivertype.JobRow) error) (int, error) {
	n := 0
	runs := map[int64]int{}
	for {
		t := now()
		if _, err := j.exec.JobSchedule(ctx, &riverdriver.JobScheduleParams{Max: 10_000, Now: &t}); err != nil {
			return n, fmt.Errorf("store: scheduling the jobs due: %w", err)
		}
		var res *riverdriver.JobGetAvailableResult
		for _, q := range j.queues {
			var err error
			res, err = j.exec.JobGetAvailable(ctx, &riverdriver.JobGetAvailableParams{
				ClientID: j.id, MaxAttemptedBy: 100, MaxToLock: 1, Now: &t, Queue: q})
			if err != nil {
				return n, fmt.Errorf("store: taking a job due: %w", err)
			}
			if len(res.Jobs) > 0 {
				break
			}
		}
		if len(res.Jobs) == 0 {
			return n, nil
		}
		job := res.Jobs[0]
		// A job that snoozes to a time already due would come back for ever.
		if runs[job.ID]++; runs[job.ID] > 100 {
			return n, fmt.Errorf("store: job %d (%s) still due after 100 runs", job.ID, job.Kind)
		}
		start := now()
		var werr error
		trace := ""
		if derr := res.DecodeErrors[job.ID]; derr != nil {
			werr = fmt.Errorf("job row couldn't be decoded: %w", derr)
		} else {
			trace, werr = j.run(ctx, job, work)
		}
		if err := j.finish(ctx, job, start, now(), werr, trace); err != nil {
			return n, err
		}
		n++
	}
}

// run works job within the queue's time for a job, a panic recorded as its error, as River's
// executor does.
func (j *Jobs) run(ctx context.Context, job *rivertype.JobRow, work func(ctx context.Context, job *rivertype.JobRow) error) (trace string, err error) {
	if j.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, j.timeout)
		defer cancel()
	}
	defer func() {
		if p := recover(); p != nil {
			trace, err = string(debug.Stack()), fmt.Errorf("panic: %v", p)
		}
	}()
	return "", work(ctx, job)
}

// finish records the outcome of a job's run at t, as River's executor does.
func (j *Jobs) finish(ctx context.Context, job *rivertype.JobRow, start, t time.Time, err error, trace string) error {
	var (
		p      *riverdriver.JobSetStateIfRunningParams
		snooze *rivertype.JobSnoozeError
		cancel *rivertype.JobCancelError
	)
	switch {
	case err == nil:
		p = riverdriver.JobSetStateCompleted(job.ID, t, nil)
	case errors.As(err, &snooze):
		var m struct {
			Snoozes int64 `json:"snoozes"`
		}
		json.Unmarshal(job.Metadata, &m)
		meta, _ := json.Marshal(map[string]any{"snoozes": m.Snoozes + 1})
		p = riverdriver.JobSetStateSnoozed(job.ID, t.Add(snooze.Duration), job.Attempt-1, meta)
	default:
		data, merr := json.Marshal(rivertype.AttemptError{At: start, Attempt: job.Attempt, Error: err.Error(), Trace: trace})
		if merr != nil {
			return merr
		}
		switch {
		case errors.As(err, &cancel):
			p = riverdriver.JobSetStateCancelled(job.ID, t, data, nil)
		case job.Attempt >= job.MaxAttempts:
			p = riverdriver.JobSetStateDiscarded(job.ID, t, data, nil)
		default:
			// River's default policy reads the wall clock: its delay is laid on the queue's.
			delay := max(time.Until((&river.DefaultClientRetryPolicy{}).NextRetry(job)), 0)
			p = riverdriver.JobSetStateErrorRetryable(job.ID, t.Add(delay), data, nil)
		}
	}
	_, err = j.exec.JobSetStateIfRunningMany(ctx, &riverdriver.JobSetStateIfRunningManyParams{
		ID: []int64{p.ID}, Attempt: []*int{p.Attempt}, ErrData: [][]byte{p.ErrData}, FinalizedAt: []*time.Time{p.FinalizedAt},
		MetadataDoMerge: []bool{p.MetadataDoMerge}, MetadataUpdates: [][]byte{p.MetadataUpdates}, Now: &t,
		ScheduledAt: []*time.Time{p.ScheduledAt}, State: []rivertype.JobState{p.State}})
	if err != nil {
		return fmt.Errorf("store: recording job %d (%s) as %s: %w", job.ID, job.Kind, p.State, err)
	}
	return nil
}
