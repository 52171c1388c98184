//go:build !unix

package mcts

import "time"

// cpuTime is unknown here: benchmarks report wall-clock throughput only.
func cpuTime() time.Duration { return 0 }
