// Package jobs is the catalogue of the service's durable work: the arguments of each kind of
// job River stores and works (once, by one instance, surviving restarts). The services enqueue
// them with the changes that call for them, in the same transaction, and register the workers
// of the kinds they own.
package jobs

import (
	"context"
	"time"

	"turncoat/domain"

	"github.com/riverqueue/river"
)

// Deadline: a correspondence game's clock runs out at Version's deadline.
type Deadline struct {
	Game    string `json:"game"`
	Version int64  `json:"version"`
}

func (Deadline) Kind() string { return "game_deadline" }

// Flag: the backstop of a live clock's flag fall, one per game (its instance's timer is the
// first to fire; this job is for a crash or a stop). Scheduled at the deadline known when it was
// stored, it snoozes to the game's current deadline while the game goes on: a move costs no job.
type Flag struct {
	Game string `json:"game"`
}

func (Flag) Kind() string { return "game_flag" }

// Reminder: remind the player to move in Game, still at Version, of the deadline.
type Reminder struct {
	Game    string `json:"game"`
	Version int64  `json:"version"`
}

func (Reminder) Kind() string { return "game_reminder" }

// Turn: tell the player to move in Game that it is their move at Ply.
type Turn struct {
	Game string `json:"game"`
	Ply  int    `json:"ply"`
}

func (Turn) Kind() string { return "game_turn" }

// Rate: rate a finished rated game.
type Rate struct {
	Game string `json:"game"`
}

func (Rate) Kind() string { return "game_rate" }

// EventGame: a finished online game moves on the paired event it may belong to.
type EventGame struct {
	Game string `json:"game"`
}

func (EventGame) Kind() string { return "event_game_ended" }

// EventRound: create the games of a paired event's round (saved with the round).
type EventRound struct {
	Event string `json:"event"`
	Round int    `json:"round"`
}

func (EventRound) Kind() string { return "event_round_games" }

// Learn: the opening book learns a finished game of Othello.
type Learn struct {
	Game string `json:"game"`
}

func (Learn) Kind() string { return "book_learn" }

// Advance: Tournament needs advancing at At (its next deadline, Unix nanoseconds).
type Advance struct {
	Tournament string `json:"tournament"`
	At         int64  `json:"at"`
}

func (Advance) Kind() string { return "tournament_advance" }

// Round: tell the players who must post in Round of Tournament.
type Round struct {
	Tournament string `json:"tournament"`
	Round      int    `json:"round"`
}

func (Round) Kind() string { return "tournament_round" }

// At returns a job of args, unique by its arguments, to run at at (now when zero).
func At(args river.JobArgs, at time.Time) domain.Job {
	return domain.Job{Args: args, At: at}
}

// worker adapts a function to River's worker interface.
type worker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	work func(ctx context.Context, args T) error
}

func (w *worker[T]) Work(ctx context.Context, j *river.Job[T]) error { return w.work(ctx, j.Args) }

// AddWorker registers work as the worker of T's kind (and for Lookup, which works a job by hand).
func AddWorker[T river.JobArgs](ws *river.Workers, work func(ctx context.Context, args T) error) {
	river.AddWorker(ws, &worker[T]{work: work})
	remember(ws, work)
}

// Mail: mail notification Note (of kind Notice, to User, about Game or Tournament) to its user,
// in their language, unless they unsubscribed from its kind; a failure to send is retried.
type Mail struct {
	Note       int64  `json:"note"`
	User       int64  `json:"user"`
	Notice     string `json:"notice"`
	Game       string `json:"game,omitempty"`
	Tournament string `json:"tournament,omitempty"`
	Message    string `json:"message"`
	// Words and Args name the notice's sentence (domain.Notification.Words) and its arguments
	// (a JSON object), said in the mail's language.
	Words string `json:"words,omitempty"`
	Args  string `json:"args,omitempty"`
}

func (Mail) Kind() string { return "notification_mail" }

// Review: review game Game's first Plies moves (Attempt: the asking after a failure, so that
// asking again is a job of its own).
type Review struct {
	Game    string `json:"game"`
	Plies   int    `json:"plies"`
	Attempt int    `json:"attempt,omitempty"`
}

func (Review) Kind() string { return "game_review" }

// ReviewQueue is the queue of the reviews' jobs: a review runs for seconds, so its jobs wait in
// a queue of their own, worked one at a time, and never hold up the deadlines and notices.
const ReviewQueue = "reviews"

// InsertOpts puts a review's job in its queue.
func (Review) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: ReviewQueue} }
