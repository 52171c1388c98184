package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// cpuTime returns the processor time process pid has used so far (user and system), from
// /proc/PID/stat; ok is false without /proc, or once the process has gone.
func cpuTime(pid int) (d time.Duration, ok bool) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, false
	}
	// "PID (COMM) STATE PPID ...": COMM may hold spaces and parentheses, hence the last ")";
	// utime and stime are the 14th and 15th fields, the 12th and 13th after it.
	end := bytes.LastIndexByte(b, ')')
	if end < 0 {
		return 0, false
	}
	f := bytes.Fields(b[end+1:])
	if len(f) < 13 {
		return 0, false
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(string(s), 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += n
	}
	// The kernel counts in USER_HZ, 100 a second on every Linux the program runs on.
	return time.Duration(ticks) * 10 * time.Millisecond, true
}
