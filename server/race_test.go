//go:build race

package server_test

// raceEnabled tells that the race detector runs, slowing everything several times: latencies
// are logged, not held to their bounds.
const raceEnabled = true
