// Package proctest lists a test's child processes, to check that the programs a test had
// started (external engines) have ended and been waited for.
package proctest

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
)

// Process is a child process: its id and its state as the kernel reports it ("Z": it exited
// but was never waited for).
type Process struct {
	PID   int
	State string
}

// Children returns this process's children whose command name (the kernel's, cut to 15
// bytes) is name, those that exited without being waited for included: they too were left
// behind. ok is false where the system has no /proc to tell.
func Children(name string) (children []Process, ok bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, false
	}
	self := os.Getpid()
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		comm, state, ppid, ok := stat(pid)
		if ok && ppid == self && comm == name {
			children = append(children, Process{PID: pid, State: state})
		}
	}
	return children, true
}

// Name returns this process's command name: the one its re-executions (a test binary run
// again as a helper program) have too. ok is false where the system has no /proc to tell.
func Name() (name string, ok bool) {
	comm, _, _, ok := stat(os.Getpid())
	return comm, ok
}

// stat reads a process's command name, state and parent from /proc/PID/stat: "PID (COMM)
// STATE PPID ...", where COMM may itself hold spaces and parentheses, hence the last ")".
// A process that ended meanwhile reads as not ok.
func stat(pid int) (comm, state string, ppid int, ok bool) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return "", "", 0, false
	}
	open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 0 || end < open {
		return "", "", 0, false
	}
	f := bytes.Fields(b[end+1:])
	if len(f) < 2 {
		return "", "", 0, false
	}
	ppid, err = strconv.Atoi(string(f[1]))
	if err != nil {
		return "", "", 0, false
	}
	return string(b[open+1 : end]), string(f[0]), ppid, true
}
