package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"turncoat/store"
)

func init() {
	register(command{name: "migrate", summary: "move a SQLite store to PostgreSQL: every table copied into an empty database", run: runMigrate})
}

func runMigrate(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "migrate", "--from FILE --to postgres://...", `
Copies everything of the SQLite store --from (players, sessions, tokens, games and their moves,
tournaments, ratings, notices, chat, the learned book, the pending jobs) into the PostgreSQL
database --to, in one transaction: either all of it is copied or nothing is. The target is
migrated to this program's version first and must hold no rows (a new database, or a new
schema named by ?search_path=). The server on --from must be stopped: a store in use is
refused. The SQLite file is left as it was (only brought to this program's version).`)
	from := fs.String("from", "", "the SQLite store to copy")
	to := fs.String("to", "", "the PostgreSQL database to copy it into (postgres://user@host/db)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *from == "" || *to == "" {
		return usagef("--from and --to are both needed")
	}
	if store.IsPostgres(*from) {
		return usagef("--from must be a SQLite file")
	}
	if !store.IsPostgres(*to) {
		return usagef("--to must be a PostgreSQL URL (postgres://...)")
	}
	start := time.Now()
	if _, err := store.InspectSQLite(ctx, *from); err != nil {
		return err
	}
	if inUse, err := store.SQLiteInUse(*from); err != nil {
		return err
	} else if inUse {
		return fmt.Errorf("%s is open (a server is running on it): stop it before moving the store", *from)
	}
	quiet := slog.New(slog.DiscardHandler)
	src, err := store.Open(ctx, *from, store.Options{})
	if err != nil {
		return err
	}
	defer src.Close()
	if err := src.MigrateJobQueue(ctx, quiet); err != nil {
		return fmt.Errorf("%s: %w", *from, err)
	}
	dst, err := store.Open(ctx, *to, store.Options{})
	if err != nil {
		return err
	}
	defer dst.Close()
	if err := dst.MigrateJobQueue(ctx, quiet); err != nil {
		return fmt.Errorf("%s: %w", dst.Describe(), err)
	}
	var rows int64
	counts, err := store.CopyToPostgres(ctx, src, dst, func(p store.CopyProgress) {
		if p.Rows == p.Total && p.Total > 0 || p.Total == 0 {
			fmt.Fprintf(e.stderr, "%-24s %d rows\n", p.Table, p.Total)
			return
		}
		if p.Rows > 0 {
			fmt.Fprintf(e.stderr, "%-24s %d of %d rows\n", p.Table, p.Rows, p.Total)
		}
	})
	if err != nil {
		return fmt.Errorf("nothing was copied: %w", err)
	}
	for _, c := range counts {
		rows += c.Rows
	}
	fmt.Fprintf(e.stdout, "copied %s to %s: %d tables, %d rows, in %.2f s\n", *from, dst.Describe(), len(counts), rows, time.Since(start).Seconds())
	return nil
}
