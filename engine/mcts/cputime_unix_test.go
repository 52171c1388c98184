//go:build unix

package mcts

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user and system), so benchmarks can
// report throughput per core even on a machine others share.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
