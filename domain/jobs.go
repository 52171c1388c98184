package domain

import "time"

// A Job is durable work that must follow a change (a rating, an event's next round, a
// deadline, a notice's mail), stored in the change's own transaction so that a crash can never
// keep the change and lose what it calls for. A job is unique by its kind and arguments: storing
// the same job again (a retried effect, a second instance) is dropped, so each job is worked
// once. The queue that works jobs is the program's; the domain only names them.
type Job struct {
	// Args are the job's arguments; their Kind names the worker.
	Args JobArgs
	// At is when the job is due (zero: at once).
	At time.Time
}

// JobArgs are a job's arguments, encoded as JSON in the queue.
type JobArgs interface {
	// Kind names the job's worker ("game_rate").
	Kind() string
}

// JobAt returns the job args due at at (zero: at once).
func JobAt(args JobArgs, at time.Time) Job { return Job{Args: args, At: at} }
