package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"turncoat/store"
)

func init() {
	register(command{name: "backup", summary: "copy a live SQLite store, consistent, while the server plays on", run: runBackup})
	register(command{name: "restore", summary: "put a backup in place as a SQLite store (checked first; the server stopped)", run: runRestore})
}

func runBackup(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "backup", "--db FILE --out FILE", `
Copies the SQLite store --db into the new file --out as it was at one moment, while a server
goes on playing on it (nothing stops: the copy reads beside the server's writes). The copy holds
every move acknowledged before the backup began; it is checked before it is named --out.

For PostgreSQL, use pg_dump -Fc (see docs/deploy.md).`)
	db := fs.String("db", "", "the SQLite store to back up")
	out := fs.String("out", "", "the backup file to write (must not exist)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *db == "" || *out == "" {
		return usagef("--db and --out are both needed")
	}
	if store.IsPostgres(*db) {
		return usagef("--db %s is PostgreSQL: back it up with pg_dump -Fc (see docs/deploy.md)", "postgres://...")
	}
	start := time.Now()
	sf, err := store.BackupSQLite(ctx, *db, *out, progressPrinter(e, "copied"))
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "backed up %s to %s: %s, migration %d, %d games, %d moves, in %.2f s\n",
		*db, *out, sizeText(sf.Size), sf.Version, sf.Games, sf.Moves, time.Since(start).Seconds())
	return nil
}

func runRestore(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "restore", "--from FILE --db FILE [--force]", `
Makes the SQLite store --db a copy of the backup --from. The backup is checked first (a whole
SQLite file, sound, a Turncoat store of a migration this program knows); a store that is open
(a server running on it) is refused; an existing store is refused unless --force is given, and
then kept beside it as FILE.replaced-TIME rather than deleted.`)
	from := fs.String("from", "", "the backup file")
	db := fs.String("db", "", "the SQLite store to restore into")
	force := fs.Bool("force", false, "replace an existing store (kept as FILE.replaced-TIME)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *from == "" || *db == "" {
		return usagef("--from and --db are both needed")
	}
	if store.IsPostgres(*db) {
		return usagef("--db is PostgreSQL: restore it with pg_restore (see docs/deploy.md)")
	}
	sf, replaced, err := store.RestoreSQLite(ctx, *from, *db, *force, progressPrinter(e, "copied"))
	if err != nil {
		return err
	}
	if replaced != "" {
		fmt.Fprintf(e.stdout, "the store replaced is kept as %s\n", replaced)
	}
	fmt.Fprintf(e.stdout, "restored %s from %s: %s, migration %d, %d games, %d moves\n", *db, *from, sizeText(sf.Size), sf.Version, sf.Games, sf.Moves)
	return nil
}

// progressPrinter reports long file work on standard error: a line rewritten in place on a
// terminal, else a line a second at most.
func progressPrinter(e *env, verb string) store.Progress {
	var last time.Time
	term := e.statusWriter()
	return func(done, total int64) {
		final := done == total
		if !final && time.Since(last) < time.Second {
			return
		}
		last = time.Now()
		line := fmt.Sprintf("%s %s", verb, sizeText(done))
		if total > 0 {
			line += fmt.Sprintf(" of %s (%d%%)", sizeText(total), done*100/total)
		}
		var w io.Writer = e.stderr
		if term != nil {
			fmt.Fprintf(term, "\r%-60s", line)
			if final {
				fmt.Fprintln(term)
			}
			return
		}
		fmt.Fprintln(w, line)
	}
}

// sizeText writes a size in bytes for people.
func sizeText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
