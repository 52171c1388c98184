//go:build !race

package server_test

// raceEnabled tells that the race detector runs (see race_test.go).
const raceEnabled = false
