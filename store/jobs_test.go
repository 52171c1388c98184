package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"turncoat/store"
)

// handClock is the queue's time in TestJobsWorkDue: it moves only when the test says.
type handClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *handClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *handClock) NowOrNil() *time.Time {
	t := c.Now()
	return &t
}

func (c *handClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

type handArgs struct {
	Name string `json:"name"`
}

func (handArgs) Kind() string { return "by_hand" }

// TestJobsWorkDue works a queue that is never started by hand, on both databases: only the jobs
// due by the queue's clock are worked, in the order of their times, each once; a job a worker
// stores is worked in the same call; a failure is retried after River's delay on the queue's
// clock, a snooze waits its time and gets its attempt back, a panic is a failure, a cancelled
// job never runs again; a unique job completed is not stored again.
func TestJobsWorkDue(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		clock := &handClock{now: time.Now().Truncate(time.Millisecond)}
		cfg := &river.Config{Queues: map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 1}},
			Workers: river.NewWorkers(), Logger: slog.New(slog.DiscardHandler), Test: river.TestConfig{Time: clock}}
		river.AddWorker(cfg.Workers, river.WorkFunc(func(context.Context, *river.Job[handArgs]) error {
			return errors.New("River's own worker ran: the queue was started")
		}))
		j, err := s.NewJobs(ctx, cfg, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		defer j.Stop(ctx)
		insert := func(name string, after time.Duration) {
			t.Helper()
			opts := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
			if after > 0 {
				opts.ScheduledAt = clock.Now().Add(after)
			}
			if _, err := j.Insert(ctx, handArgs{Name: name}, opts); err != nil {
				t.Fatal(err)
			}
		}
		var (
			worked   []string
			attempts = map[string][]int{}
		)
		work := func(ctx context.Context, job *rivertype.JobRow) error {
			var a handArgs
			if err := json.Unmarshal(job.EncodedArgs, &a); err != nil {
				return err
			}
			worked = append(worked, a.Name)
			attempts[a.Name] = append(attempts[a.Name], job.Attempt)
			switch a.Name {
			case "fails once":
				if len(attempts[a.Name]) == 1 {
					return errors.New("not yet")
				}
			case "snoozes":
				if len(attempts[a.Name]) == 1 {
					return river.JobSnooze(time.Hour)
				}
			case "panics":
				if len(attempts[a.Name]) == 1 {
					panic("boom")
				}
			case "cancels":
				return river.JobCancel(errors.New("never again"))
			case "stores another":
				insert("stored by a worker", 0)
			}
			return nil
		}
		// workDue works the jobs due, which must be want, in its order unless anyOrder.
		workDue := func(anyOrder bool, want ...string) {
			t.Helper()
			worked = nil
			n, err := j.WorkDue(ctx, clock.Now, work)
			if err != nil {
				t.Fatal(err)
			}
			if anyOrder {
				slices.Sort(worked)
				slices.Sort(want)
			}
			if n != len(worked) || fmt.Sprint(worked) != fmt.Sprint(want) {
				t.Errorf("worked %d: %q, want %q", n, worked, want)
			}
		}

		insert("in a minute", time.Minute)
		insert("now", 0)
		insert("in a second", time.Second)
		insert("fails once", 0)
		insert("snoozes", 0)
		insert("panics", 0)
		insert("cancels", 0)
		insert("stores another", 0)
		workDue(false, "now", "fails once", "snoozes", "panics", "cancels", "stores another", "stored by a worker")
		workDue(false)
		// River's first retry comes a second later, give or take a tenth (in the order of
		// their times, which the jitter draws).
		clock.advance(time.Second + 200*time.Millisecond)
		workDue(true, "fails once", "panics", "in a second")
		clock.advance(time.Minute)
		workDue(false, "in a minute")
		insert("now", 0) // completed, and unique by its arguments
		clock.advance(time.Hour)
		workDue(false, "snoozes")
		clock.advance(24 * time.Hour)
		workDue(false)
		for name, want := range map[string]string{"fails once": "[1 2]", "panics": "[1 2]", "snoozes": "[1 1]", "cancels": "[1]"} {
			if got := fmt.Sprint(attempts[name]); got != want {
				t.Errorf("%s: attempts %s, want %s", name, got, want)
			}
		}
	})
}
