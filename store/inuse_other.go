//go:build unix && !linux

package store

import "golang.org/x/sys/unix"

// getLockCmd asks who holds a lock: a process's record locks (other processes' only, where open
// file description locks are missing).
const getLockCmd = unix.F_GETLK
