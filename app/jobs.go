package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"turncoat/platform/jobs"
)

// The durable job queue (River, on the store's database): every service registers the workers
// of the jobs it stores with its changes. Each job is unique by its arguments, so that an
// instance inserting again what another (or a previous run) inserted changes nothing: every
// deadline is one job, worked once by one instance. Their workers check the state they find,
// so that a job made stale by later moves does nothing.

// setUpJobs makes the job queue with every service's workers (not yet working: New starts it
// once the games are resumed).
func (a *App) setUpJobs(ctx context.Context, customClock bool) error {
	ws := river.NewWorkers()
	a.play.Workers(ws, a.notYet)
	a.tourney.Workers(ws, a.notYet)
	if a.cfg.Book != nil {
		a.cfg.Book.Workers(ws)
	}
	a.ratings.Workers(ws)
	a.events.Workers(ws)
	a.notices.Workers(ws)
	a.reviews.Workers(ws)
	quiet := slog.New(levelFilter{a.log.Handler(), slog.LevelWarn})
	cfg := &river.Config{
		// A review runs for seconds: one at a time, in a queue of its own (jobs.ReviewQueue).
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}, jobs.ReviewQueue: {MaxWorkers: 1}},
		Workers: ws,
		Logger:  quiet,
		// SQLite has no LISTEN: River's listener there polls a table every 50 ms on the single
		// write connection. Polling for jobs (every second) costs the store's writers less.
		PollOnly: !a.store.Postgres(),
		Test:     river.TestConfig{Time: jobClock{now: a.now, custom: customClock}},
		// A tournament's round of ten thousand boards closes in under a second here; five minutes
		// leave room for a loaded machine and far larger tournaments.
		JobTimeout: 5 * time.Minute,
		// A job left running by an instance that stopped (a crash) is taken again a minute
		// after its time is up, not River's default hour (SQLite's are taken at once: see
		// startJobs).
		RescueStuckJobsAfter: 6 * time.Minute,
	}
	q, err := a.store.NewJobs(ctx, cfg, quiet)
	if err != nil {
		return err
	}
	a.jobs, a.workers = q, ws
	return nil
}

// startJobs starts working jobs: the deadlines, notices, ratings, events' rounds and the book's
// learning that changes stored with them (nothing is rescanned). On SQLite, which this one
// instance works, the jobs a crash left running are taken again at once.
func (a *App) startJobs(ctx context.Context) error {
	n, err := a.store.RescueOrphanedJobs(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		a.log.Info("jobs left running by a stop taken again", "jobs", n)
	}
	if a.cfg.JobsByHand {
		return nil
	}
	if err := a.jobs.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	a.jobsStarted = true
	return nil
}

// WorkDue works every durable job due by the program's clock, one after the other, through the
// workers the services registered, and returns how many it worked: a job the work stores, or
// that comes due again meanwhile (a retry, a snooze), is worked too, until none is due. Each is
// recorded as River records it (completed; retryable after a failure; snoozed), so that a later
// call, or a server started with the queue, finds the queue as the queue itself leaves it. Only
// under Config.JobsByHand: a started queue works its jobs itself.
func (a *App) WorkDue(ctx context.Context) (int, error) {
	if !a.cfg.JobsByHand {
		return 0, errors.New("app: WorkDue without Config.JobsByHand (the queue works its own jobs)")
	}
	a.workMu.Lock()
	defer a.workMu.Unlock()
	var unknown []string
	n, err := a.jobs.WorkDue(ctx, a.now, func(ctx context.Context, job *rivertype.JobRow) error {
		work, ok := jobs.Lookup(a.workers, job.Kind)
		if !ok {
			// River fails such a job (and retries it, in case a newer instance knows it); a
			// test hears of it.
			unknown = append(unknown, job.Kind)
			return fmt.Errorf("no worker registered for job kind %q", job.Kind)
		}
		return work(ctx, job.EncodedArgs)
	})
	if err == nil && len(unknown) > 0 {
		err = fmt.Errorf("app: jobs of kinds without a worker of jobs.AddWorker's: %v", unknown)
	}
	return n, err
}

// stopJobs stops the job queue: jobs running finish (within a few seconds), the others wait in
// the database for the next start, or for another instance.
func (a *App) stopJobs() {
	if a.jobs == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.jobs.Stop(ctx); err != nil && a.jobsStarted {
		a.log.Warn("stopping the job queue", "error", err)
	}
}

// notYet returns the snooze of a job that came due early (another instance's clock, or the
// database's, ahead of ours), or nil.
func (a *App) notYet(at time.Time) error {
	if d := at.Sub(a.now()); d > 0 {
		return river.JobSnooze(d + time.Millisecond)
	}
	return nil
}

// jobClock gives River the program's clock where a test set one, so that scheduled jobs come due
// on the test's time; otherwise River keeps the database's time.
type jobClock struct {
	now    func() time.Time
	custom bool
}

func (c jobClock) Now() time.Time {
	if c.custom {
		return c.now()
	}
	return time.Now()
}

func (c jobClock) NowOrNil() *time.Time {
	if !c.custom {
		return nil
	}
	t := c.now()
	return &t
}

// levelFilter passes on only the records at or above a level (River's chatter stays out of the
// program's log).
type levelFilter struct {
	slog.Handler
	min slog.Level
}

func (f levelFilter) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= f.min && f.Handler.Enabled(ctx, l)
}

func (f levelFilter) WithAttrs(a []slog.Attr) slog.Handler {
	return levelFilter{f.Handler.WithAttrs(a), f.min}
}

func (f levelFilter) WithGroup(name string) slog.Handler {
	return levelFilter{f.Handler.WithGroup(name), f.min}
}
