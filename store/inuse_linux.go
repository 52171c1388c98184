package store

import "golang.org/x/sys/unix"

// getLockCmd asks who holds a lock with an open file description's lock (Linux's OFD locks),
// which conflicts with SQLite's record locks even when they are this process's own.
const getLockCmd = unix.F_OFD_GETLK
