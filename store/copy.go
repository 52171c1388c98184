package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// Moving a SQLite store to PostgreSQL copies every table of the one into the other, both at the
// same migration version, whatever tables that version has: the tables and their columns are
// read from the two schemas, not from a list in the code, so a new migration's tables are copied
// without a change here. Only the tables below are left out, each for its reason; a table of
// either store that the other lacks stops the copy before it starts.
var notCopied = map[string]string{
	"goose_db_version":   "the migrations' record, written when the target is migrated",
	"river_migration":    "the job queue's migrations' record, written when the target is migrated",
	"river_leader":       "which instance leads the job queue, an election that expires",
	"river_notification": "SQLite's outbox of the job queue's wake-ups (PostgreSQL notifies instead)",
	"sqlite_sequence":    "SQLite's own record of its AUTOINCREMENT keys (PostgreSQL's sequences are set after the copy)",
	"sqlite_stat1":       "SQLite's own statistics",
	"sqlite_stat4":       "SQLite's own statistics",
}

// NotCopied lists the tables a copy leaves out, with the reason of each.
func NotCopied() map[string]string {
	out := make(map[string]string, len(notCopied))
	for k, v := range notCopied {
		out[k] = v
	}
	return out
}

// CopyProgress reports a copy: a table's rows copied of its total.
type CopyProgress struct {
	Table       string
	Rows, Total int64
}

// TableCount is a table copied and its rows.
type TableCount struct {
	Table string
	Rows  int64
}

// pgColumn is a column of the target.
type pgColumn struct {
	name     string
	typ      string // format_type: "bigint", "timestamp with time zone", "jsonb[]", "bit(8)"...
	category string // pg_type.typcategory: A array, V bit string, ...
	serial   bool   // an identity column or one a sequence fills
}

// copyBatch bounds the rows of one INSERT (and its parameters under PostgreSQL's 65535).
const copyBatch = 500

// CopyToPostgres copies every row of the SQLite store from into the PostgreSQL store to, in one
// transaction on the target, then sets the target's sequences past the copied keys. Both must be
// open (and so migrated) at the same version; the job queue's tables too (NewJobs). The target
// must be empty: a copy into a store with rows is refused before anything is written. from
// should not be in use: what it commits during the copy may be missed. progress, when set, hears
// each table's rows as they are copied.
func CopyToPostgres(ctx context.Context, from, to *Store, progress func(CopyProgress)) ([]TableCount, error) {
	if from.postgres || !to.postgres {
		return nil, errors.New("store: a copy goes from SQLite to PostgreSQL")
	}
	src, err := from.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	// One read transaction: the copy is of one moment of the source.
	rtx, err := src.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer rtx.Rollback()
	tx, err := to.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "SET LOCAL TimeZone = 'UTC'"); err != nil {
		return nil, err
	}

	if err := sameVersions(ctx, rtx, tx); err != nil {
		return nil, err
	}
	srcCols, err := sqliteTables(ctx, rtx)
	if err != nil {
		return nil, err
	}
	dstCols, order, err := postgresTables(ctx, tx)
	if err != nil {
		return nil, err
	}
	plan, err := copyPlan(srcCols, dstCols)
	if err != nil {
		return nil, err
	}
	// The target must be empty.
	var full []string
	for _, t := range order {
		var n int64
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM "+quoteIdent(t)).Scan(&n); err != nil {
			return nil, err
		}
		if n > 0 {
			full = append(full, fmt.Sprintf("%s (%d rows)", t, n))
		}
	}
	if len(full) > 0 {
		return nil, fmt.Errorf("the target is not empty: %s; copy into a new database or schema", strings.Join(full, ", "))
	}

	var counts []TableCount
	for _, t := range order {
		n, err := copyTable(ctx, rtx, tx, t, plan[t], progress)
		if err != nil {
			return nil, fmt.Errorf("copying %s: %w", t, err)
		}
		counts = append(counts, TableCount{t, n})
	}
	// The sequences and identities go on past the copied keys.
	for _, t := range order {
		for _, c := range plan[t] {
			if !c.serial {
				continue
			}
			q := fmt.Sprintf("SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(%s) FROM %s), 0) + 1, false)", quoteIdent(c.name), quoteIdent(t))
			if _, err := tx.ExecContext(ctx, q, quoteIdent(t), c.name); err != nil {
				return nil, fmt.Errorf("setting %s.%s's sequence: %w", t, c.name, err)
			}
		}
	}
	// Every row arrived.
	for _, c := range counts {
		var n int64
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM "+quoteIdent(c.Table)).Scan(&n); err != nil {
			return nil, err
		}
		if n != c.Rows {
			return nil, fmt.Errorf("%s: %d rows in the target after copying %d", c.Table, n, c.Rows)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return counts, nil
}

// sameVersions refuses stores at different migration versions (their own and the job queue's).
func sameVersions(ctx context.Context, src, dst *sql.Tx) error {
	for _, q := range []struct{ what, sqlite, pg string }{
		{"migration", "SELECT COALESCE(max(version_id), 0) FROM goose_db_version WHERE is_applied", "SELECT COALESCE(max(version_id), 0) FROM goose_db_version WHERE is_applied"},
		{"job queue migration", "SELECT COALESCE(max(version), 0) FROM river_migration", "SELECT COALESCE(max(version), 0) FROM river_migration"},
	} {
		var a, b int64
		if err := src.QueryRowContext(ctx, q.sqlite).Scan(&a); err != nil {
			return fmt.Errorf("the source's %s: %w", q.what, err)
		}
		if err := dst.QueryRowContext(ctx, q.pg).Scan(&b); err != nil {
			return fmt.Errorf("the target's %s: %w", q.what, err)
		}
		if a != b {
			return fmt.Errorf("the source is at %s %d, the target at %d", q.what, a, b)
		}
	}
	return nil
}

// sqliteTables lists the source's tables and their columns.
func sqliteTables(ctx context.Context, tx *sql.Tx) (map[string][]string, error) {
	rows, err := tx.QueryContext(ctx, "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' ORDER BY m.name, p.cid")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var t, c string
		if err := rows.Scan(&t, &c); err != nil {
			return nil, err
		}
		out[t] = append(out[t], c)
	}
	return out, rows.Err()
}

// postgresTables lists the target schema's tables and columns, and the tables in an order
// where each comes after those its foreign keys name.
func postgresTables(ctx context.Context, tx *sql.Tx) (map[string][]pgColumn, []string, error) {
	rows, err := tx.QueryContext(ctx, `
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), t.typcategory,
       a.attidentity <> '' OR pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL
FROM pg_class c
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
ORDER BY c.relname, a.attnum`)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	cols := map[string][]pgColumn{}
	for rows.Next() {
		var t string
		var c pgColumn
		if err := rows.Scan(&t, &c.name, &c.typ, &c.category, &c.serial); err != nil {
			return nil, nil, err
		}
		cols[t] = append(cols[t], c)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	rows.Close()
	deps := map[string][]string{}
	frows, err := tx.QueryContext(ctx, `
SELECT DISTINCT c.relname, r.relname
FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace`)
	if err != nil {
		return nil, nil, err
	}
	defer frows.Close()
	for frows.Next() {
		var t, ref string
		if err := frows.Scan(&t, &ref); err != nil {
			return nil, nil, err
		}
		if t != ref {
			deps[t] = append(deps[t], ref)
		}
	}
	if err := frows.Err(); err != nil {
		return nil, nil, err
	}
	var names []string
	for t := range cols {
		if _, skip := notCopied[t]; !skip {
			names = append(names, t)
		}
	}
	slices.Sort(names)
	var order []string
	placed := map[string]bool{}
	for len(order) < len(names) {
		progressed := false
		for _, t := range names {
			if placed[t] {
				continue
			}
			ready := true
			for _, d := range deps[t] {
				if _, skip := notCopied[d]; !skip && !placed[d] {
					ready = false
				}
			}
			if ready {
				placed[t] = true
				order = append(order, t)
				progressed = true
			}
		}
		if !progressed {
			return nil, nil, errors.New("the target's foreign keys form a cycle: no order to copy its tables in")
		}
	}
	return cols, order, nil
}

// copyPlan matches the two schemas: every table not left out is in both, every source column in
// the target. It returns the columns to copy per table.
func copyPlan(src map[string][]string, dst map[string][]pgColumn) (map[string][]pgColumn, error) {
	var problems []string
	plan := map[string][]pgColumn{}
	for t, cols := range src {
		if _, skip := notCopied[t]; skip {
			continue
		}
		dcols, ok := dst[t]
		if !ok {
			problems = append(problems, fmt.Sprintf("table %s is not in the target", t))
			continue
		}
		byName := map[string]pgColumn{}
		for _, c := range dcols {
			byName[c.name] = c
		}
		for _, c := range cols {
			dc, ok := byName[c]
			if !ok {
				problems = append(problems, fmt.Sprintf("column %s.%s is not in the target", t, c))
				continue
			}
			if !convertible(dc) {
				problems = append(problems, fmt.Sprintf("column %s.%s is of type %s, which the copy does not convert", t, c, dc.typ))
				continue
			}
			plan[t] = append(plan[t], dc)
		}
	}
	for t := range dst {
		if _, skip := notCopied[t]; skip {
			continue
		}
		if _, ok := src[t]; !ok {
			problems = append(problems, fmt.Sprintf("table %s is not in the source", t))
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return nil, fmt.Errorf("the stores' schemas differ: %s", strings.Join(problems, "; "))
	}
	return plan, nil
}

// convertible reports whether targetExpr and targetValue carry a SQLite value into the column:
// numbers, text, times, booleans, enums, bit strings and arrays from their text or integer; JSON
// from its text; binary data as it is.
func convertible(c pgColumn) bool {
	switch c.category {
	case "B", "D", "N", "S", "V", "E", "A":
		return true
	}
	return c.typ == "bytea" || c.typ == "json" || c.typ == "jsonb" || c.typ == "uuid"
}

// copyTable copies one table's rows in batches.
func copyTable(ctx context.Context, src, dst *sql.Tx, table string, cols []pgColumn, progress func(CopyProgress)) (int64, error) {
	var total int64
	if err := src.QueryRowContext(ctx, "SELECT count(*) FROM "+quoteIdent(table)).Scan(&total); err != nil {
		return 0, err
	}
	if progress != nil {
		progress(CopyProgress{table, 0, total})
	}
	if total == 0 {
		return 0, nil
	}
	sel := make([]string, len(cols))
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = quoteIdent(c.name)
		sel[i] = sourceExpr(c)
	}
	rows, err := src.QueryContext(ctx, "SELECT "+strings.Join(sel, ", ")+" FROM "+quoteIdent(table))
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	batch := max(1, min(copyBatch, 60000/len(cols)))
	head := "INSERT INTO " + quoteIdent(table) + " (" + strings.Join(names, ", ") + ") OVERRIDING SYSTEM VALUE VALUES "
	var (
		args   []any
		tuples []string
		n      int64
		last   = time.Now()
	)
	flush := func() error {
		if len(tuples) == 0 {
			return nil
		}
		if _, err := dst.ExecContext(ctx, head+strings.Join(tuples, ", "), args...); err != nil {
			return err
		}
		args, tuples = args[:0], tuples[:0]
		if progress != nil && time.Since(last) > time.Second {
			progress(CopyProgress{table, n, total})
			last = time.Now()
		}
		return nil
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		ph := make([]string, len(cols))
		for i, c := range cols {
			v, err := targetValue(c, vals[i])
			if err != nil {
				return n, fmt.Errorf("row %d, %s: %w", n+1, c.name, err)
			}
			args = append(args, v)
			ph[i] = targetExpr(c, len(args))
		}
		tuples = append(tuples, "("+strings.Join(ph, ", ")+")")
		n++
		if len(tuples) >= batch {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	if err := flush(); err != nil {
		return n, err
	}
	if progress != nil {
		progress(CopyProgress{table, n, total})
	}
	return n, nil
}

// sourceExpr reads a column from SQLite: JSON (which the job queue keeps as SQLite's binary
// JSONB) as text for PostgreSQL's JSON and arrays.
func sourceExpr(c pgColumn) string {
	q := quoteIdent(c.name)
	if c.category == "A" || strings.HasPrefix(c.typ, "json") {
		return fmt.Sprintf("CASE WHEN typeof(%[1]s) = 'blob' AND json_valid(%[1]s, 8) THEN json(%[1]s) ELSE %[1]s END", q)
	}
	return q
}

// targetExpr is the placeholder n cast to the column's type: every value but binary data goes
// as text and is read by PostgreSQL as the column's type; arrays come as JSON arrays; bit
// strings as the integer SQLite keeps them as.
func targetExpr(c pgColumn, n int) string {
	p := "$" + strconv.Itoa(n)
	switch {
	case c.typ == "bytea":
		return p
	case c.category == "A":
		elem := strings.TrimSuffix(c.typ, "[]")
		if strings.HasPrefix(elem, "json") {
			return fmt.Sprintf("CASE WHEN %[1]s::text IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements(%[1]s::text::jsonb))::%[2]s END", p, c.typ)
		}
		return fmt.Sprintf("CASE WHEN %[1]s::text IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(%[1]s::text::jsonb))::%[2]s END", p, c.typ)
	case c.category == "V":
		return fmt.Sprintf("CAST(CAST(%s::text AS bigint) AS %s)", p, c.typ)
	case c.typ == "text":
		return p + "::text"
	}
	return fmt.Sprintf("CAST(%s::text AS %s)", p, c.typ)
}

// targetValue is a SQLite value as targetExpr's placeholder takes it.
func targetValue(c pgColumn, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	if c.typ == "bytea" {
		switch x := v.(type) {
		case []byte:
			return x, nil
		case string:
			return []byte(x), nil
		}
		return nil, fmt.Errorf("%T for binary data", v)
	}
	switch x := v.(type) {
	case int64:
		if c.category == "B" {
			return strconv.FormatBool(x != 0), nil
		}
		return strconv.FormatInt(x, 10), nil
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case string:
		return x, nil
	case []byte:
		return string(x), nil
	case bool:
		return strconv.FormatBool(x), nil
	case time.Time:
		return x.UTC().Format("2006-01-02 15:04:05.999999999Z07:00"), nil
	}
	return nil, fmt.Errorf("unexpected %T", v)
}

// quoteIdent quotes a name for either database.
func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// MigrateJobQueue brings the job queue's tables up to date, as NewJobs does, without making a
// client of the queue: for the operator's commands, which copy stores and work no jobs.
func (s *Store) MigrateJobQueue(ctx context.Context, log *slog.Logger) error {
	mcfg := &rivermigrate.Config{Logger: log}
	if !s.postgres {
		m, err := rivermigrate.New(riversqlite.New(s.wdb), mcfg)
		if err != nil {
			return err
		}
		return s.tx(ctx, func(tx *sql.Tx) error {
			_, err := m.MigrateTx(ctx, tx, rivermigrate.DirectionUp, nil)
			return err
		})
	}
	pool, err := pgxpool.New(ctx, s.dsn)
	if err != nil {
		return err
	}
	defer pool.Close()
	m, err := rivermigrate.New(riverpgxv5.New(pool), mcfg)
	if err != nil {
		return err
	}
	return migrateLocked(ctx, pool, m)
}
