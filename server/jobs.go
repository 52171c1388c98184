package server

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"turncoat/platform/jobs"
	"turncoat/platform/mail"
	"turncoat/store"
)

// corr is the server's part of correspondence play, play-by-post tournaments, ratings and
// notifications: the durable job queue that runs their deadlines.
type corr struct {
	jobs   *store.Jobs
	mailer Mailer
	// started tells that the job queue works jobs (Stop is then due).
	started bool
}

// The jobs. Each is unique by its arguments, so that an instance inserting again what another
// (or a previous run) inserted changes nothing: every deadline is one job, worked once by one
// instance. Their handlers check the state they find, so that a job made stale by later moves
// does nothing.

// serverClock gives River the server's clock where a test set one, so that scheduled jobs come
// due on the test's time; otherwise River keeps the database's time.
type serverClock struct {
	now    func() time.Time
	custom bool
}

func (c serverClock) Now() time.Time {
	if c.custom {
		return c.now()
	}
	return time.Now()
}

func (c serverClock) NowOrNil() *time.Time {
	if !c.custom {
		return nil
	}
	t := c.now()
	return &t
}

func addWorker[T river.JobArgs](ws *river.Workers, work func(ctx context.Context, args T) error) {
	jobs.AddWorker(ws, work)
}

// startCorr sets up the job queue (not yet working: runJobs starts it once the games are
// resumed) and, on PostgreSQL, the listener of the notifications other instances store.
func (s *Server) startCorr(ctx context.Context, customClock bool) error {
	if s.cfg.Mailer == nil {
		s.cfg.Mailer = LogMailer{Log: s.log}
	}
	if s.cfg.ReminderBefore <= 0 {
		s.cfg.ReminderBefore = 24 * time.Hour
	}
	if s.cfg.VacationDays <= 0 {
		s.cfg.VacationDays = 30
	}
	s.corr = &corr{mailer: s.cfg.Mailer}
	ws := river.NewWorkers()
	s.play.Workers(ws, s.notYet)
	s.tourney.Workers(ws, s.notYet)
	if s.cfg.Book != nil {
		s.cfg.Book.Workers(ws)
	}
	s.ratings.Workers(ws)
	s.events.Workers(ws)
	addWorker(ws, s.workMail)
	quiet := slog.New(levelFilter{s.log.Handler(), slog.LevelWarn})
	cfg := &river.Config{
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}},
		Workers: ws,
		Logger:  quiet,
		// SQLite has no LISTEN: River's listener there polls a table every 50 ms on the single
		// write connection. Polling for jobs (every second) costs the store's writers less.
		PollOnly: !s.store.Postgres(),
		Test:     river.TestConfig{Time: serverClock{now: s.now, custom: customClock}},
		// A tournament's round of ten thousand boards closes in under a second here; five minutes
		// leave room for a loaded machine and far larger tournaments.
		JobTimeout: 5 * time.Minute,
	}
	jobs, err := s.store.NewJobs(ctx, cfg, quiet)
	if err != nil {
		return err
	}
	s.corr.jobs = jobs
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.store.ListenNotifications(ctx, s.remoteNote, nil)
	}()
	return nil
}

// runJobs starts working jobs: the deadlines, notices, ratings, events' rounds and the book's
// learning that changes stored with them (nothing is rescanned: see effects.go).
func (s *Server) runJobs(ctx context.Context) error {
	if err := s.corr.jobs.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	s.corr.started = true
	return nil
}

// stopCorr stops the job queue: jobs running finish (within a few seconds), the others wait in
// the database for the next start, or for another instance.
func (s *Server) stopCorr() {
	if s.corr == nil || s.corr.jobs == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.corr.jobs.Stop(ctx); err != nil && s.corr.started {
		s.log.Warn("stopping the job queue", "error", err)
	}
}

// insertJob adds a unique job to run at at, or at once when at is zero: available straight
// away, where a job scheduled for now waits for River's scheduler, which looks every 5 seconds.
func (s *Server) insertJob(ctx context.Context, args river.JobArgs, at time.Time) {
	opts := &river.InsertOpts{ScheduledAt: at, UniqueOpts: river.UniqueOpts{ByArgs: true}}
	if _, err := s.corr.jobs.Insert(context.WithoutCancel(ctx), args, opts); err != nil {
		s.log.Error("scheduling a job", "kind", args.Kind(), "at", at, "error", err)
	}
}

// notYet returns the snooze of a job that came due early (another instance's clock, or the
// database's, ahead of ours), or nil.
func (s *Server) notYet(at time.Time) error {
	if d := at.Sub(s.now()); d > 0 {
		return river.JobSnooze(d + time.Millisecond)
	}
	return nil
}

// levelFilter passes on only the records at or above a level (River's chatter stays out of the
// server's log).
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

// Mail is one e-mail.
type Mail struct {
	// To is the address ("" when the user gave none: a real sender then sends nothing).
	To       string
	UserName string
	Subject  string
	// Body is the plain text; HTML, when set, its alternative, which shows Inline's pictures
	// (by their content IDs).
	Body   string
	HTML   string
	Inline []mail.Inline
	// Kind is the kind of notice, and Unsubscribe the link that stops its mails ("" for none).
	Kind        string
	Unsubscribe string
}

// Mailer sends e-mail (the reminders before correspondence deadlines).
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// LogMailer is the default Mailer: it logs the mail instead of sending it.
type LogMailer struct{ Log *slog.Logger }

// Send logs m.
func (l LogMailer) Send(ctx context.Context, m Mail) error {
	l.Log.Info("mail (not sent: log-only mailer)", "to", m.To, "user", m.UserName, "subject", m.Subject)
	return nil
}
