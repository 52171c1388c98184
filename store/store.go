// Package store keeps Turncoat's games, players and sessions: a SQLite file by default (nothing
// to install) or PostgreSQL when several server instances share one store. It knows nothing of
// HTTP.
//
// A game is its kind, its start encoding and options, its seats, and an append-only move log
// (one row per move: ply, side, move in notation, time, clocks); the pending selections of a
// simultaneous node and the table's events are stored too. The current state is rebuilt by
// replaying the log through the game contract (LoadTable). A change is committed with the
// version it was made from: a commit from a stale version, or a second move for the same ply,
// fails with ErrConflict and stores nothing.
//
// Both databases run the same SQL (with $N placeholders); the schema is created and migrated on
// first open from embedded migrations, under a PostgreSQL advisory lock when several instances
// start at once.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The migrations are one set of files for both databases: where the two spell a type
// differently, a file says what the column is and migrationFS spells it for the database.
//
//go:embed migrations/*.sql
var migrations embed.FS

// dialects spell the migrations' column kinds: {{key}} a table's own id (rowid on SQLite),
// {{seq}} an id that is never reused (an order of insertion), {{ref}} a column holding another
// table's id, {{bytes}} binary data.
var dialects = map[bool]*strings.Replacer{
	false: strings.NewReplacer("{{key}}", "INTEGER PRIMARY KEY", "{{seq}}", "INTEGER PRIMARY KEY AUTOINCREMENT",
		"{{ref}}", "INTEGER", "{{bytes}}", "BLOB"),
	true: strings.NewReplacer("{{key}}", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
		"{{seq}}", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "{{ref}}", "BIGINT", "{{bytes}}", "BYTEA"),
}

// migrationFS returns the migrations as spelled for PostgreSQL or SQLite.
func migrationFS(postgres bool) (fs.FS, error) {
	files, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	out := fstest.MapFS{}
	for _, f := range files {
		b, err := migrations.ReadFile(f)
		if err != nil {
			return nil, err
		}
		sql := dialects[postgres].Replace(string(b))
		if strings.Contains(sql, "{{") {
			return nil, fmt.Errorf("store: migration %s: a column kind no database spells", f)
		}
		out[path.Base(f)] = &fstest.MapFile{Data: []byte(sql), Mode: 0o444}
	}
	return out, nil
}

// Store is an open database.
type Store struct {
	// db serves reads (and, on PostgreSQL, writes); wdb is SQLite's single write connection, so
	// that writers queue in Go instead of failing with SQLITE_BUSY.
	db, wdb  *sql.DB
	postgres bool
	dsn      string
	channel  string

	// stmts are SQLite's statements prepared once on the write connection: parsing SQL is
	// a tenth of a move's cost there (PostgreSQL's driver caches its own).
	stmtMu sync.Mutex
	stmts  map[string]*sql.Stmt
	// boundStmts are stmts bound to boundTx, the last write transaction that ran one.
	boundTx    *sql.Tx
	boundStmts map[string]*sql.Stmt

	// inserter puts jobs in the store's transactions (set by NewJobs).
	inserter txInserter

	// group commits changes of games together (on PostgreSQL the plain ones), and ckpt copies
	// SQLite's log back (nil on PostgreSQL).
	group *groupCommitter
	ckpt  *checkpointer
	// sqlitePath is SQLite's data source name, settings included.
	sqlitePath string
}

// Options tune Open.
type Options struct {
	// Channel is the PostgreSQL notification channel the instances sharing a database use
	// (default "turncoat_games"); tests give each schema its own.
	Channel string
	// LogRestartPages is, on SQLite, the length of the write-ahead log in pages past which
	// the writer lets it start over (default 4000: 16 MB; see checkpointer).
	LogRestartPages int64
}

// Open opens (creating and migrating if needed) the store at dsn: a PostgreSQL URL
// ("postgres://..." or "postgresql://...") or a SQLite file path.
func Open(ctx context.Context, dsn string, o Options) (*Store, error) {
	s := &Store{dsn: dsn, channel: o.Channel}
	if s.channel == "" {
		s.channel = "turncoat_games"
	}
	var err error
	if IsPostgres(dsn) {
		s.postgres = true
		cfg, err := pgx.ParseConfig(dsn)
		if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		asynchronousCommit(cfg.RuntimeParams)
		s.db = stdlib.OpenDB(*cfg)
		s.db.SetMaxOpenConns(16)
		s.db.SetMaxIdleConns(16)
		s.wdb = s.db
	} else {
		if dsn == "" {
			return nil, errors.New("store: no database given")
		}
		// Per-connection settings go in the DSN so that every pooled connection has them.
		q := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_pragma=wal_autocheckpoint(0)&_txlock=immediate"
		path := "file:" + (&url.URL{Path: dsn}).EscapedPath() + "?" + q
		s.sqlitePath = path
		if s.wdb, err = sql.Open("sqlite", path); err != nil {
			return nil, err
		}
		s.wdb.SetMaxOpenConns(1)
		if s.db, err = sql.Open("sqlite", path); err != nil {
			s.wdb.Close()
			return nil, err
		}
		s.db.SetMaxOpenConns(4)
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: migrating %s: %w", s.Describe(), err)
	}
	if err := s.prepare(ctx, commitQueries...); err != nil {
		s.Close()
		return nil, err
	}
	if !s.postgres {
		if s.ckpt, err = newCheckpointer(s.sqlitePath, o.LogRestartPages); err != nil {
			s.Close()
			return nil, err
		}
	}
	s.group = newGroupCommitter(s)
	return s, nil
}

// asynchronousCommit sets the runtime parameters of a PostgreSQL connection so that a commit
// waits for PostgreSQL to write it, not to flush its log to disk (unless the URL asks for
// ?synchronous_commit=on): the same promise as SQLite's WAL with synchronous=NORMAL. A change
// acknowledged survives this program's crash and never leaves a game half stored; a crash of
// the database's machine may lose the last fraction of a second of changes. Waiting for each
// flush puts the disk's slowest flushes (tens to hundreds of milliseconds on a shared virtual
// disk) on every move in flight, and NOTIFY serialises the commits that wait for them: so
// every connection of the program's has it, the job queue's too, or one of its commits that
// notifies holds every move's commit behind its flush.
func asynchronousCommit(params map[string]string) {
	if _, set := params["synchronous_commit"]; !set {
		params["synchronous_commit"] = "off"
	}
}

// IsPostgres reports whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

func (s *Store) migrate(ctx context.Context) error {
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if s.postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	fsys, err := migrationFS(s.postgres)
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(dialect, s.wdb, fsys, opts...)
	if err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}

// Close closes the database.
func (s *Store) Close() error {
	if s.group != nil {
		s.group.close()
	}
	if s.ckpt != nil {
		s.ckpt.close()
	}
	s.stmtMu.Lock()
	for _, st := range s.stmts {
		st.Close()
	}
	s.stmts, s.boundTx, s.boundStmts = nil, nil, nil
	s.stmtMu.Unlock()
	err := s.db.Close()
	if s.wdb != s.db {
		err = errors.Join(err, s.wdb.Close())
	}
	return err
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.db.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Postgres reports whether the store is PostgreSQL (several instances may share it).
func (s *Store) Postgres() bool { return s.postgres }

// Describe names the store without secrets, for logs: "sqlite turncoat.db" or "postgres
// host/db".
func (s *Store) Describe() string {
	if !s.postgres {
		return "sqlite " + s.dsn
	}
	u, err := url.Parse(s.dsn)
	if err != nil {
		return "postgres"
	}
	return "postgres " + u.Host + u.Path
}

// isConflict reports whether err is a uniqueness violation of either database.
func isConflict(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code()
		return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// nanos and fromNanos store times as Unix nanoseconds in both databases.
func nanos(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromNanos(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// execTx runs a statement in a write transaction, prepared once per store on SQLite.
func (s *Store) execTx(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if st := s.bound(ctx, tx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, query, args...)
}

// bound returns the statement prepared for query on SQLite's write connection, bound to tx,
// or nil (statements are prepared at open: preparing one later would wait for the only write
// connection, which the calling transaction holds). A statement is bound once per transaction,
// so the many changes of a group commit share it: binding it for every statement was a
// twelfth of what a move allocated.
func (s *Store) bound(ctx context.Context, tx *sql.Tx, query string) *sql.Stmt {
	s.stmtMu.Lock()
	defer s.stmtMu.Unlock()
	st := s.stmts[query]
	if st == nil {
		return nil
	}
	// The one write connection runs one transaction at a time; holding the last one here
	// keeps its address from being another's.
	if s.boundTx != tx {
		s.boundTx = tx
		clear(s.boundStmts)
	}
	b := s.boundStmts[query]
	if b == nil {
		b = tx.StmtContext(ctx, st)
		s.boundStmts[query] = b
	}
	return b
}

// prepare prepares the hot statements on SQLite's write connection.
func (s *Store) prepare(ctx context.Context, queries ...string) error {
	if s.postgres {
		return nil
	}
	s.stmtMu.Lock()
	defer s.stmtMu.Unlock()
	if s.stmts == nil {
		s.stmts = map[string]*sql.Stmt{}
		s.boundStmts = map[string]*sql.Stmt{}
	}
	for _, q := range queries {
		st, err := s.wdb.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("store: preparing %q: %w", q, err)
		}
		s.stmts[q] = st
	}
	return nil
}

// tx runs f in a write transaction.
func (s *Store) tx(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
