// Package crashpoint ends the process at a named point, as a crash would, when the environment
// names that point: the tests of the whole program kill the binary at each step of what follows
// a move (a rating, a round's pairing, its games, a notice, a mail) and show that after a
// restart each of these happened exactly once. Unset (always, outside those tests), a point
// costs a comparison with the empty string.
package crashpoint

import "os"

// Env is the environment variable that names the point to crash at.
const Env = "TURNCOAT_CRASH_AT"

// The points, each right after an effect is committed and before the job that made it is
// recorded as done (so the job runs again after the restart).
const (
	// Rated: a finished game's rating stored.
	Rated = "rated"
	// Paired: a paired event's next round stored.
	Paired = "paired"
	// RoundGame: the first game of a round made, before its players are told.
	RoundGame = "round-game"
	// Noticed: notifications stored with their mail jobs, before they are pushed.
	Noticed = "noticed"
	// Mailed: a notice's mail sent.
	Mailed = "mailed"
)

var at = os.Getenv(Env)

// Hit kills the process (SIGKILL: no deferred function runs, nothing is flushed) if the
// environment names point.
func Hit(point string) {
	if at == "" || at != point {
		return
	}
	p, err := os.FindProcess(os.Getpid())
	if err == nil {
		p.Kill()
	}
	select {} // the kill takes effect at once; never go on past the point
}
