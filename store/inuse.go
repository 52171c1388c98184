//go:build unix

package store

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// SQLiteInUse reports whether a connection has the SQLite store at path open, in this process
// or another (a server running on it). A connection to a database in WAL mode holds a shared
// lock on a byte of the shared index (path-shm) for as long as it is open, which SQLite itself
// reads to know whether it is the first to open the database: a write lock asked for there
// conflicts exactly when a connection is open.
func SQLiteInUse(path string) (bool, error) {
	f, err := os.OpenFile(path+"-shm", os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	// SQLite's dead-man-switch byte: the 8 locks of the shared index begin at 120, it is
	// the one after them.
	lk := unix.Flock_t{Type: unix.F_WRLCK, Whence: 0, Start: 128, Len: 1}
	if err := unix.FcntlFlock(f.Fd(), getLockCmd, &lk); err != nil {
		return false, err
	}
	return lk.Type != unix.F_UNLCK, nil
}
