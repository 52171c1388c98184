package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// A SQLite store is one file (and, while open, its write-ahead log and shared index beside it).
// The operator's file work lives here: a consistent copy of a live store (BackupSQLite), the
// checks a file must pass before it becomes a store (InspectSQLite), putting one in place
// (RestoreSQLite), and whether a store is open (SQLiteInUse).

// sqliteMagic begins every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// Progress reports long file work: done of total bytes (total 0 when unknown).
type Progress func(done, total int64)

// LatestVersion is the newest migration this program knows: a store at a newer one was made by a
// newer program.
func LatestVersion() (int64, error) {
	fsys, err := migrationFS(false)
	if err != nil {
		return 0, err
	}
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return 0, err
	}
	var latest int64
	for _, n := range names {
		i := strings.IndexByte(n, '_')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseInt(n[:i], 10, 64)
		if err == nil && v > latest {
			latest = v
		}
	}
	return latest, nil
}

// StoreFile describes a SQLite store file.
type StoreFile struct {
	// Version is the store's migration version.
	Version int64
	// Size is the file's size in bytes, Pages its pages.
	Size, Pages int64
	// Tables counts its tables; Games and Moves its games and moves.
	Tables       int
	Games, Moves int64
}

// sqliteHeader checks path's header: a SQLite database (not a WAL-mode database's stray
// companion, nor any other file), as long as its header says. A database in WAL mode that was
// not checkpointed may be longer than its header says (the header is updated by checkpoints);
// never shorter.
func sqliteHeader(path string) (pages, pageSize int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	if fi.IsDir() {
		return 0, 0, fmt.Errorf("%s is a directory, not a store file", path)
	}
	var h [100]byte
	n, err := io.ReadFull(f, h[:])
	if n < len(sqliteMagic) || string(h[:len(sqliteMagic)]) != sqliteMagic {
		return 0, 0, fmt.Errorf("%s is not a SQLite database (no SQLite header)", path)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%s is truncated: %d bytes, shorter than a SQLite header", path, fi.Size())
	}
	pageSize = int64(binary.BigEndian.Uint16(h[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize&(pageSize-1) != 0 {
		return 0, 0, fmt.Errorf("%s: its SQLite header is damaged (page size %d)", path, pageSize)
	}
	pages = int64(binary.BigEndian.Uint32(h[28:32]))
	// The in-header size is valid when the change counter matches the version-valid-for number.
	if binary.BigEndian.Uint32(h[24:28]) == binary.BigEndian.Uint32(h[92:96]) && pages > 0 {
		if want := pages * pageSize; fi.Size() < want {
			return 0, 0, fmt.Errorf("%s is truncated: %d bytes of the %d its header gives (%d pages of %d)",
				path, fi.Size(), want, pages, pageSize)
		}
	}
	if fi.Size()%pageSize != 0 {
		return 0, 0, fmt.Errorf("%s is truncated: %d bytes, not a whole number of %d-byte pages", path, fi.Size(), pageSize)
	}
	return fi.Size() / pageSize, pageSize, nil
}

// openReadOnly opens a SQLite file for reading only, beside whoever writes it (WAL allows it):
// nothing is created, migrated or changed.
func openReadOnly(path string) (*sql.DB, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?mode=ro&_pragma=busy_timeout(10000)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// storeVersion reads a store's migration version, or says why the database is not a store.
func storeVersion(ctx context.Context, db interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, path string) (int64, error) {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('goose_db_version', 'games', 'users')").Scan(&n); err != nil {
		return 0, fmt.Errorf("%s: not a readable SQLite database: %w", path, err)
	}
	if n < 3 {
		return 0, fmt.Errorf("%s is a SQLite database but not a Turncoat store (no migration record, games or users)", path)
	}
	var v sql.NullInt64
	if err := db.QueryRowContext(ctx, "SELECT max(version_id) FROM goose_db_version WHERE is_applied").Scan(&v); err != nil {
		return 0, fmt.Errorf("%s: reading its migration version: %w", path, err)
	}
	return v.Int64, nil
}

// InspectSQLite checks that path is a whole, sound Turncoat store this program can open (a
// SQLite file, not truncated, passing SQLite's quick check, at a migration version this program
// knows) and describes it. It changes nothing.
func InspectSQLite(ctx context.Context, path string) (StoreFile, error) {
	pages, pageSize, err := sqliteHeader(path)
	if err != nil {
		return StoreFile{}, err
	}
	db, err := openReadOnly(path)
	if err != nil {
		return StoreFile{}, err
	}
	defer db.Close()
	v, err := storeVersion(ctx, db, path)
	if err != nil {
		return StoreFile{}, err
	}
	latest, err := LatestVersion()
	if err != nil {
		return StoreFile{}, err
	}
	if v > latest {
		return StoreFile{}, fmt.Errorf("%s is a store of a newer Turncoat (migration %d; this program knows up to %d)", path, v, latest)
	}
	var check string
	if err := db.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&check); err != nil {
		return StoreFile{}, fmt.Errorf("%s: checking it: %w", path, err)
	}
	if check != "ok" {
		return StoreFile{}, fmt.Errorf("%s is damaged: %s", path, check)
	}
	sf := StoreFile{Version: v, Size: pages * pageSize, Pages: pages}
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table'").Scan(&sf.Tables); err != nil {
		return StoreFile{}, err
	}
	if err := db.QueryRowContext(ctx, "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM moves)").Scan(&sf.Games, &sf.Moves); err != nil {
		return StoreFile{}, fmt.Errorf("%s: %w", path, err)
	}
	return sf, nil
}

// BackupSQLite writes to dst (which must not exist) a copy of the SQLite store at src as it
// was at one moment, while a server goes on playing on it: SQLite's VACUUM INTO in one read
// transaction (WAL lets the writer go on beside it), into a file beside dst that is renamed to
// dst once complete and flushed. The copy holds every change committed before it began.
// progress, when set, hears the bytes written of the store's size while it runs.
func BackupSQLite(ctx context.Context, src, dst string, progress Progress) (StoreFile, error) {
	if _, _, err := sqliteHeader(src); err != nil {
		return StoreFile{}, err
	}
	if _, err := os.Lstat(dst); err == nil {
		return StoreFile{}, fmt.Errorf("%s exists: name a new file for the backup", dst)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return StoreFile{}, err
	}
	db, err := openReadOnly(src)
	if err != nil {
		return StoreFile{}, err
	}
	defer db.Close()
	if _, err := storeVersion(ctx, db, src); err != nil {
		return StoreFile{}, err
	}
	var total int64
	if err := db.QueryRowContext(ctx, "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()").Scan(&total); err != nil {
		return StoreFile{}, fmt.Errorf("%s: %w", src, err)
	}
	tmp := dst + ".partial"
	os.Remove(tmp) // a previous attempt's
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		if progress == nil {
			return
		}
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if fi, err := os.Stat(tmp); err == nil {
					progress(min(fi.Size(), total), total)
				}
			}
		}
	}()
	_, err = db.ExecContext(ctx, "VACUUM INTO ?", tmp)
	close(done)
	<-watched
	if err != nil {
		os.Remove(tmp)
		return StoreFile{}, fmt.Errorf("backing up %s: %w", src, err)
	}
	if err := syncFile(tmp); err != nil {
		os.Remove(tmp)
		return StoreFile{}, err
	}
	sf, err := InspectSQLite(ctx, tmp)
	if err != nil {
		os.Remove(tmp)
		return StoreFile{}, fmt.Errorf("the backup failed its check: %w", err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return StoreFile{}, err
	}
	syncDir(filepath.Dir(dst))
	if progress != nil {
		progress(sf.Size, sf.Size)
	}
	return sf, nil
}

// RestoreSQLite makes the store at db a copy of the backup from, after checking it
// (InspectSQLite). It refuses a store that is open (a server running on it), and an existing
// store unless replace is set; a replaced store is not deleted but renamed, with its log, to
// the name returned (db.replaced-TIME). The copy is made beside db and renamed into place once
// complete and flushed, so an interrupted restore leaves db as it was.
func RestoreSQLite(ctx context.Context, from, db string, replace bool, progress Progress) (sf StoreFile, replaced string, err error) {
	sf, err = InspectSQLite(ctx, from)
	if err != nil {
		return sf, "", err
	}
	if same, _ := sameFile(from, db); same {
		return sf, "", fmt.Errorf("%s is the backup itself", db)
	}
	inUse, err := SQLiteInUse(db)
	if err != nil {
		return sf, "", err
	}
	if inUse {
		return sf, "", fmt.Errorf("%s is open (a server is running on it): stop it before restoring", db)
	}
	_, statErr := os.Stat(db)
	exists := statErr == nil
	if exists && !replace {
		return sf, "", fmt.Errorf("%s exists: --force replaces it (it is kept as %s.replaced-TIME)", db, filepath.Base(db))
	}
	if statErr != nil && !errors.Is(statErr, fs.ErrNotExist) {
		return sf, "", statErr
	}
	tmp := db + ".restoring"
	if err := copyFile(ctx, from, tmp, progress); err != nil {
		os.Remove(tmp)
		return sf, "", err
	}
	if exists {
		replaced = db + ".replaced-" + time.Now().UTC().Format("20060102T150405Z")
		if err := os.Rename(db, replaced); err != nil {
			os.Remove(tmp)
			return sf, "", err
		}
		if err := os.Rename(db+"-wal", replaced+"-wal"); err != nil && !errors.Is(err, fs.ErrNotExist) {
			os.Remove(tmp)
			return sf, replaced, err
		}
	}
	// A log left beside the name would be read into the restored file: it belongs to the
	// replaced store (moved above) or to none.
	for _, f := range []string{db + "-wal", db + "-shm"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			os.Remove(tmp)
			return sf, replaced, err
		}
	}
	if err := os.Rename(tmp, db); err != nil {
		os.Remove(tmp)
		return sf, replaced, err
	}
	syncDir(filepath.Dir(db))
	return sf, replaced, nil
}

// copyFile copies src to a new file dst, flushed to disk, reporting its progress.
func copyFile(ctx context.Context, src, dst string, progress Progress) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	buf := make([]byte, 1<<20)
	var done int64
	last := time.Now()
	for {
		if err := ctx.Err(); err != nil {
			out.Close()
			return err
		}
		n, rerr := in.Read(buf)
		if n > 0 {
			if _, err := out.Write(buf[:n]); err != nil {
				out.Close()
				return err
			}
			done += int64(n)
			if progress != nil && time.Since(last) > 250*time.Millisecond {
				progress(done, fi.Size())
				last = time.Now()
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			out.Close()
			return rerr
		}
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	if progress != nil {
		progress(done, fi.Size())
	}
	return out.Close()
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	return errors.Join(err, f.Close())
}

// syncDir flushes a directory's entries (a rename), where the system allows it.
func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}

func sameFile(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}
