package main

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/platform/accounts"
	"turncoat/platform/booksvc"
	"turncoat/store"
)

// fillStore plays on the program at base what fills every table a server writes: members
// with sessions and tokens, games of every kind in play and over, a simultaneous selection
// pending, a correspondence game with its deadline jobs waiting and its chat, a vacation, a
// rated Swiss event (ratings), a play-by-post tournament (its notices), the book's record of
// a finished 8x8 game. It returns a game with moves to read back.
func fillStore(t *testing.T, base string, count func(table string) int64) (withMoves string, plies int) {
	t.Helper()
	host := member(t, base, "Host")
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	players := map[string]*apiClient{}
	for _, n := range names {
		players[n] = member(t, base, n)
	}
	ann, bob := players["Ann"], players["Bob"]

	// Hot-seat games of each kind, a few moves each; the 8x8 one resigned (the book's).
	for _, kind := range []string{"reversi", "turnover", "blocs", "troll", "turncoat"} {
		g := ann.create(map[string]any{"kind": kind, "mode": "hotseat"})
		for range 4 {
			if g.View.Outcome.Over || len(g.View.Legal) == 0 {
				break
			}
			body := map[string]any{"move": g.View.Legal[0], "ply": g.View.Ply}
			if len(g.View.ToAct) > 1 {
				body["side"] = g.View.ToAct[0]
			}
			g = ann.move(g.ID, body)
		}
		if kind == "reversi" {
			withMoves, plies = g.ID, g.View.Ply
			if st, b := ann.do("POST", "/api/games/"+g.ID+"/resign", map[string]any{"side": "first"}, nil); st != http.StatusOK {
				t.Fatalf("resign: %d %s", st, b)
			}
		}
	}
	// A correspondence game between Ann and Bob: a move (Bob's turn: a notice, a deadline and
	// a reminder waiting as jobs) and chat.
	corr := ann.create(map[string]any{"kind": "reversi", "mode": "online", "side": "first", "correspondence": map[string]any{"days": 3}})
	if st, b := bob.do("POST", "/api/games/"+corr.ID+"/join", map[string]any{"token": seatToken(corr.Invite)}, nil); st != http.StatusOK {
		t.Fatalf("join: %d %s", st, b)
	}
	g, _ := ann.game(corr.ID)
	ann.move(corr.ID, map[string]any{"move": g.View.Legal[0], "ply": 0})
	for _, c := range []*apiClient{ann, bob} {
		if st, b := c.do("POST", "/api/games/"+corr.ID+"/chat", map[string]any{"text": "good luck"}, nil); st != http.StatusCreated {
			t.Fatalf("chat: %d %s", st, b)
		}
	}
	if st, b := bob.do("PUT", "/api/games/"+corr.ID+"/chat/settings", map[string]any{"muted": true, "spectators": true}, nil); st != http.StatusOK {
		t.Fatalf("chat settings: %d %s", st, b)
	}
	if st, b := ann.do("PUT", "/api/me/email", map[string]any{"email": "ann@example.org", "lang": "pt"}, nil); st != http.StatusOK {
		t.Fatalf("mail address: %d %s", st, b)
	}
	// A Turncoat game between them, with hints: Ann's selection pending.
	tc := ann.create(map[string]any{"kind": "turncoat", "mode": "online", "side": "first", "hints": true})
	if st, b := bob.do("POST", "/api/games/"+tc.ID+"/join", map[string]any{"token": seatToken(tc.Invite)}, nil); st != http.StatusOK {
		t.Fatalf("join: %d %s", st, b)
	}
	g, _ = ann.game(tc.ID)
	ann.move(tc.ID, map[string]any{"move": g.View.Legal[0], "ply": 0})
	players["Cid"].do("POST", "/api/vacation", map[string]any{"days": 1}, nil)

	// A rated Swiss event: round 1's games resigned, rated by jobs.
	var ev struct {
		ID string `json:"id"`
	}
	if st, b := host.do("POST", "/api/events", map[string]any{"format": "swiss", "kind": "reversi", "options": map[string]string{"size": "4"},
		"rounds": 2, "rated": true}, &ev); st != http.StatusCreated {
		t.Fatalf("create the event: %d %s", st, b)
	}
	for _, n := range names {
		if st, b := players[n].do("POST", "/api/events/"+ev.ID+"/join", nil, nil); st != http.StatusOK {
			t.Fatalf("%s joins: %d %s", n, st, b)
		}
	}
	if st, b := host.do("POST", "/api/events/"+ev.ID+"/start", nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d %s", st, b)
	}
	var e eventResp
	host.do("GET", "/api/events/"+ev.ID, nil, &e)
	for _, pr := range e.RoundList[0].Pairings {
		if st, b := players[pr.Players[1]].do("POST", "/api/games/"+pr.Game+"/resign", map[string]any{}, nil); st != http.StatusOK {
			t.Fatalf("resign: %d %s", st, b)
		}
	}
	// A play-by-post tournament, started: its round's notices.
	var tj struct {
		ID string `json:"id"`
	}
	if st, b := host.do("POST", "/api/tournaments", map[string]any{"title": "Move Cup", "options": "size=6", "reward": "150",
		"roundLength": "24h", "window": "24h"}, &tj); st != http.StatusCreated {
		t.Fatalf("tournament: %d %s", st, b)
	}
	for _, n := range names {
		if st, b := players[n].do("POST", "/api/tournaments/"+tj.ID+"/subscribe", nil, nil); st != http.StatusOK {
			t.Fatalf("subscribe: %d %s", st, b)
		}
	}
	if st, b := host.do("POST", "/api/tournaments/"+tj.ID+"/start", map[string]any{}, nil); st != http.StatusOK {
		t.Fatalf("start the tournament: %d %s", st, b)
	}
	// What the jobs write: ratings, notices, the book's record.
	if !testenv.PollUntil(context.Background(), 60*time.Second, func() bool {
		return count("rated_games") >= 2 && count("notifications") >= 4 && count("book_games") >= 1
	}) {
		t.Fatalf("the jobs' work: %d rated games, %d notifications, %d book games", count("rated_games"), count("notifications"), count("book_games"))
	}
	return withMoves, plies
}

// TestMigrateSQLiteToPostgres fills a SQLite store through the API, moves it to PostgreSQL with
// "turncoat migrate", and finds every table the same row for row; the program then serves the
// PostgreSQL copy. A second copy into the now full target is refused and changes nothing.
func TestMigrateSQLiteToPostgres(t *testing.T) {
	dsn, _ := testenv.Postgres(t)
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "play.db")
	st, err := store.Open(ctx, db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bk, err := booksvc.New(booksvc.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), Book: bk, LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(a.Handler())
	raw, err := openPlainSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	count := func(table string) int64 {
		var n int64
		raw.QueryRow("SELECT count(*) FROM " + table).Scan(&n)
		return n
	}
	gameID, plies := fillStore(t, ts.URL, count)
	// Refused while the server runs on it.
	if code, _, stderr := runCLI(t, "", "migrate", "--from", db, "--to", dsn); code != 1 || !strings.Contains(stderr, "is open") {
		t.Errorf("migrate from a store in use: %d %s", code, stderr)
	}
	ts.Close()
	a.Close()
	st.Close()

	began := time.Now()
	code, stdout, stderr := runCLI(t, "", "migrate", "--from", db, "--to", dsn)
	if code != 0 {
		t.Fatalf("migrate: %d\n%s%s", code, stdout, stderr)
	}
	t.Logf("migrated in %v: %s", time.Since(began), strings.TrimSpace(stdout))
	if !strings.Contains(stderr, "moves") || !strings.Contains(stderr, "rows") {
		t.Errorf("no progress per table: %s", stderr)
	}

	pg, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	compareStores(t, raw, pg)

	// A second copy into the full target is refused, and adds nothing.
	var moves int64
	pg.QueryRow("SELECT count(*) FROM moves").Scan(&moves)
	if code, _, stderr := runCLI(t, "", "migrate", "--from", db, "--to", dsn); code != 1 || !strings.Contains(stderr, "not empty") {
		t.Errorf("a copy into a full target: %d %s", code, stderr)
	}
	var after int64
	pg.QueryRow("SELECT count(*) FROM moves").Scan(&after)
	if after != moves {
		t.Errorf("the refused copy changed the target: %d moves, then %d", moves, after)
	}

	// The program serves the copy: the game reads back with its moves, and play goes on
	// (new keys after the copied ones).
	pst, err := store.Open(ctx, dsn, store.Options{Channel: "migrate_test"})
	if err != nil {
		t.Fatal(err)
	}
	defer pst.Close()
	pa, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: pst, Registry: games.Registry(), LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer pa.Close()
	pts := httptest.NewServer(pa.Handler())
	defer pts.Close()
	ann := member(t, pts.URL, "Ann2")
	got, _ := ann.game(gameID)
	if got.View.Ply != plies || len(got.View.Moves) != plies {
		t.Errorf("game %s on PostgreSQL: ply %d, %d moves; want %d", gameID, got.View.Ply, len(got.View.Moves), plies)
	}
	g := ann.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	ann.move(g.ID, map[string]any{"move": g.View.Legal[0], "ply": 0})
}

// mustHaveRows are the tables the fill must write: a copy of empty tables would prove little.
var mustHaveRows = []string{"users", "sessions", "api_tokens", "games", "seats", "moves", "pending", "events",
	"ratings", "rated_games", "tournaments", "tournament_ops", "tournament_events", "paired_events", "paired_event_games",
	"notifications", "vacations", "chat_messages", "chat_seats", "game_settings", "user_settings", "book_games", "river_job"}

// compareStores compares every table the copy copies, row for row, value for value (as text
// both sides agree on: times in UTC to the millisecond, JSON parsed, bit strings as numbers).
func compareStores(t *testing.T, lite, pg *sql.DB) {
	t.Helper()
	skip := store.NotCopied()
	rows, err := lite.Query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		if _, s := skip[n]; !s {
			tables = append(tables, n)
		}
	}
	rows.Close()
	for _, tb := range tables {
		cols, err := pg.Query(`SELECT a.attname, format_type(a.atttypid, a.atttypmod), t.typcategory FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
			WHERE a.attrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`, tb)
		if err != nil {
			t.Fatalf("%s: %v", tb, err)
		}
		var names, pgSel, kinds []string
		for cols.Next() {
			var n, typ, cat string
			cols.Scan(&n, &typ, &cat)
			names = append(names, `"`+n+`"`)
			kind := "plain"
			sel := `"` + n + `"`
			switch {
			case cat == "A" || strings.HasPrefix(typ, "json"):
				kind, sel = "json", `to_jsonb("`+n+`")::text`
			case cat == "V":
				kind, sel = "plain", `"`+n+`"::integer`
			case cat == "D":
				kind = "time"
			}
			pgSel = append(pgSel, sel)
			kinds = append(kinds, kind)
		}
		cols.Close()
		if len(names) == 0 {
			t.Errorf("table %s is not in the PostgreSQL copy", tb)
			continue
		}
		liteSel := slices.Clone(names)
		for i, k := range kinds {
			if k == "json" {
				liteSel[i] = fmt.Sprintf("CASE WHEN typeof(%[1]s) = 'blob' THEN json(%[1]s) ELSE %[1]s END", names[i])
			}
		}
		a := tableRows(t, lite, "SELECT "+strings.Join(liteSel, ", ")+" FROM \""+tb+"\"", kinds)
		b := tableRows(t, pg, "SELECT "+strings.Join(pgSel, ", ")+" FROM \""+tb+"\"", kinds)
		if len(a) != len(b) {
			t.Errorf("%s: %d rows in SQLite, %d in PostgreSQL", tb, len(a), len(b))
			continue
		}
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("%s differs:\n sqlite   %s\n postgres %s", tb, a[i], b[i])
				break
			}
		}
		if len(a) == 0 && slices.Contains(mustHaveRows, tb) {
			t.Errorf("%s has no rows: the test's fill must write it", tb)
		}
		t.Logf("%-20s %d rows alike", tb, len(a))
	}
}

// tableRows reads a query's rows as sorted text.
func tableRows(t *testing.T, db *sql.DB, q string, kinds []string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out []string
	vals := make([]any, len(kinds))
	ptrs := make([]any, len(kinds))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		parts := make([]string, len(kinds))
		for i, v := range vals {
			parts[i] = canonical(t, v, kinds[i])
		}
		out = append(out, strings.Join(parts, " | "))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func canonical(t *testing.T, v any, kind string) string {
	if v == nil {
		return "NULL"
	}
	if b, ok := v.([]byte); ok && kind != "plain" {
		v = string(b)
	}
	switch kind {
	case "time":
		switch x := v.(type) {
		case time.Time:
			return x.UTC().Format("2006-01-02 15:04:05.000")
		case string:
			for _, layout := range []string{"2006-01-02 15:04:05.999999999", time.RFC3339Nano} {
				if tm, err := time.Parse(layout, x); err == nil {
					return tm.UTC().Format("2006-01-02 15:04:05.000")
				}
			}
		}
		t.Fatalf("a time %T %v", v, v)
	case "json":
		var x any
		if err := json.Unmarshal([]byte(v.(string)), &x); err != nil {
			t.Fatalf("JSON %q: %v", v, err)
		}
		b, _ := json.Marshal(x)
		return string(b)
	}
	switch x := v.(type) {
	case []byte:
		return "x" + hex.EncodeToString(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		if x {
			return "1"
		}
		return "0"
	case string:
		return strconv.Quote(x)
	}
	return fmt.Sprintf("%T %v", v, v)
}

// seatToken is the token of an invitation link (/play/ID?seat=TOKEN).
func seatToken(invite string) string {
	_, tok, _ := strings.Cut(invite, "seat=")
	return tok
}
