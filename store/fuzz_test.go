package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
	"turncoat/store"
)

// FuzzStoredGame writes arbitrary rows of a game where the store reads them back (the game's row
// with its time control, meta and outcome JSON, its move log, its pending selections and its
// events) and reads them as the server does: the row, the snapshot restored through the rules,
// the game lists and the events. Whatever is stored (malformed JSON, a log that jumps a ply, a
// pending selection of a side that does not exist, a move the rules refuse), reading it returns
// an error or a table, never a panic.
//
// The move log, the pending selections and the events are given as lines of tab-separated
// fields: "ply side move at clock0 clock1 nonces", "side selection nonce at", "version body".
func FuzzStoredGame(f *testing.F) {
	ctx := context.Background()
	path := filepath.Join(f.TempDir(), "fuzz.db")
	st, err := store.Open(ctx, path, store.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { raw.Close() })
	for _, s := range fuzzSeeds(f, st, raw) {
		f.Add(s.kind, s.start, s.tc, s.meta, s.outcome, s.version, s.moves, s.pending, s.events)
	}
	reg := games.Registry()
	f.Fuzz(func(t *testing.T, kind, start, tc, meta, outcome string, version int64, moves, pending, events string) {
		if err := writeGame(ctx, raw, "g", fuzzRow{kind, start, tc, meta, outcome, version, moves, pending, events}); err != nil {
			t.Skip(err) // rows the schema itself refuses
		}
		row, err := st.Game(ctx, "g")
		if err == nil && row.ID != "g" {
			t.Fatalf("read game %q", row.ID)
		}
		_, snap, err := st.LoadSnapshot(ctx, "g")
		if err == nil {
			// A snapshot read without error has the log's plies 1 to n, in order.
			var plies []int
			rows, qerr := raw.QueryContext(ctx, `SELECT ply FROM moves WHERE game_id = 'g' ORDER BY ply`)
			if qerr != nil {
				t.Fatal(qerr)
			}
			for rows.Next() {
				var p int
				rows.Scan(&p)
				plies = append(plies, p)
			}
			rows.Close()
			if len(plies) != len(snap.Moves) {
				t.Fatalf("%d moves read from plies %v", len(snap.Moves), plies)
			}
			for i, p := range plies {
				if p != i+1 {
					t.Fatalf("a snapshot read from plies %v", plies)
				}
			}
			if tb, err := game.Restore(reg, snap, nil); err == nil {
				// A restored table answers as any table does.
				tb.Snapshot()
				tb.View(game.First, time.Now())
				tb.Outcome()
			}
		}
		st.ListGames(ctx, domain.ListFilter{Limit: 10})
		st.ListGames(ctx, domain.ListFilter{NeedsAttention: true, Limit: 10})
		evs, err := st.Events(ctx, "g", -1, 100)
		if err == nil {
			for _, e := range evs {
				var ev game.Event
				if json.Unmarshal(e.Body, &ev) == nil {
					ev.For(game.First)
				}
			}
		}
	})
}

// fuzzRow is the stored form of one game.
type fuzzRow struct {
	kind, start, tc, meta, outcome string
	version                        int64
	moves, pending, events         string
}

// writeGame replaces game id's rows with a fuzzRow's.
func writeGame(ctx context.Context, db *sql.DB, id string, r fuzzRow) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, table := range []string{"events", "pending", "moves", "seats", "games"} {
		col := "game_id"
		if table == "games" {
			col = "id"
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE `+col+` = $1`, id); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, kind, start, time_control, mode, created_at, updated_at, status, version, ply, meta, outcome, ai_turn)
		VALUES ($1, $2, $3, $4, 'hotseat', 1, 1, 'active', $5, 0, $6, $7, 1)`, id, r.kind, r.start, r.tc, r.version, r.meta, r.outcome); err != nil {
		return err
	}
	for side := range 2 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, side, ai) VALUES ($1, $2, 'level=1')`, id, side); err != nil {
			return err
		}
	}
	for _, line := range lines(r.moves) {
		f := fields(line, 7)
		ply, err := strconv.Atoi(f[0])
		if err != nil {
			continue
		}
		var nonces any
		if f[6] != "" {
			nonces = f[6]
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO moves (game_id, ply, side, move, played_at, clock_first, clock_second, nonces) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			id, ply, f[1], f[2], num(f[3]), num(f[4]), num(f[5]), nonces); err != nil {
			return err
		}
	}
	for _, line := range lines(r.pending) {
		f := fields(line, 4)
		side, err := strconv.Atoi(f[0])
		if err != nil {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO pending (game_id, side, selection, nonce, chosen_at) VALUES ($1, $2, $3, $4, $5)`,
			id, side, f[1], f[2], num(f[3])); err != nil {
			return err
		}
	}
	for _, line := range lines(r.events) {
		f := fields(line, 2)
		v, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO events (game_id, version, body) VALUES ($1, $2, $3)`, id, v, f[1]); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// fields splits a line at tabs into exactly n fields (missing ones empty, the last one taking
// the rest).
func fields(line string, n int) []string {
	f := strings.SplitN(line, "\t", n)
	for len(f) < n {
		f = append(f, "")
	}
	return f
}

func num(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

// fuzzSeeds stores real games (a Reversi game and a Turncoat game with a pending selection),
// reads their rows back as seeds, and adds broken variants of them.
func fuzzSeeds(f *testing.F, st *store.Store, raw *sql.DB) []fuzzRow {
	ctx := context.Background()
	reg := games.Registry()
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	var seeds []fuzzRow
	for i, kind := range []string{"reversi", "turncoat"} {
		id := "seed" + strconv.Itoa(i)
		s, err := reg.New(kind, "")
		if err != nil {
			f.Fatal(err)
		}
		tb, err := game.NewTable(s, game.TableConfig{Time: game.TimeControl{Kind: game.Fischer, Base: time.Hour, Increment: time.Second}, Now: now})
		if err != nil {
			f.Fatal(err)
		}
		snap := tb.Snapshot()
		if err := st.CreateGame(ctx, domain.Game{ID: id, Kind: kind, Start: snap.Start, Time: snap.Time, Mode: "hotseat", Created: now,
			Status: domain.StatusActive, Meta: domain.MetaOf(snap), Outcome: tb.Outcome()}); err != nil {
			f.Fatal(err)
		}
		// Three actions, the first legal one each time: a Turncoat round and a pending selection.
		for range 3 {
			before := tb.Snapshot()
			p := tb.ToAct().Players()[0]
			var buf [512]game.Action
			evs, err := tb.Submit(p, tb.State().Legal(p, buf[:0])[0], now)
			if err != nil {
				f.Fatal(err)
			}
			if err := st.Commit(ctx, domain.Change{GameID: id, FromVersion: before.Version, FromPly: len(before.Moves),
				FromPending: [2]bool{before.Pending[0] != nil, before.Pending[1] != nil}, Snapshot: tb.Snapshot(), Events: evs,
				Status: domain.StatusActive, Outcome: tb.Outcome(), Now: now}); err != nil {
				f.Fatal(err)
			}
		}
		r, err := readGame(ctx, raw, id)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, r)
	}
	r := seeds[1]
	broken := func(change func(r *fuzzRow)) {
		b := r
		change(&b)
		seeds = append(seeds, b)
	}
	broken(func(r *fuzzRow) { r.meta = "{" })
	broken(func(r *fuzzRow) { r.meta = `{"clock":{"remaining":[-1,-5]},"drawOffer":7,"end":{"ending":"nonsense"}}` })
	broken(func(r *fuzzRow) { r.outcome = `{"over":"yes"}` })
	broken(func(r *fuzzRow) { r.outcome = "null" })
	broken(func(r *fuzzRow) { r.tc = `{"kind":"sandglass","baseMs":-1}` })
	broken(func(r *fuzzRow) { r.tc = "[]" })
	broken(func(r *fuzzRow) { r.moves = strings.Replace(r.moves, "1\t", "3\t", 1) })           // the log jumps a ply
	broken(func(r *fuzzRow) { r.moves += "\n0\tboth\ta1\t0\t0\t0\t" })                         // a ply 0
	broken(func(r *fuzzRow) { r.moves += "\n2\tfirst\tz9\t0\t-5\t0\tnot-a-nonce" })            // an illegal move, a bad clock
	broken(func(r *fuzzRow) { r.pending = "5\ta1\tffff\t0\n-1\ta1\tffff\t0" })                 // sides that do not exist
	broken(func(r *fuzzRow) { r.pending = "0\tnonsense\t\t0" })                                // a selection the rules refuse
	broken(func(r *fuzzRow) { r.events = "1\t{\n2\tnull\n3\t{\"kind\":\"move\",\"ply\":-4}" }) // malformed events
	broken(func(r *fuzzRow) { r.kind, r.start = "chess", "" })                                 // an unknown game
	broken(func(r *fuzzRow) { r.start = "size=99" })                                           // a start that does not decode
	broken(func(r *fuzzRow) { r.version = -1 })
	return seeds
}

// readGame reads a stored game's rows in the fuzzRow form.
func readGame(ctx context.Context, db *sql.DB, id string) (fuzzRow, error) {
	var r fuzzRow
	if err := db.QueryRowContext(ctx, `SELECT kind, start, time_control, meta, outcome, version FROM games WHERE id = $1`, id).
		Scan(&r.kind, &r.start, &r.tc, &r.meta, &r.outcome, &r.version); err != nil {
		return r, err
	}
	collect := func(q string, n int) (string, error) {
		rows, err := db.QueryContext(ctx, q, id)
		if err != nil {
			return "", err
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			vals := make([]sql.NullString, n)
			ptrs := make([]any, n)
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return "", err
			}
			f := make([]string, n)
			for i, v := range vals {
				f[i] = v.String
			}
			out = append(out, strings.Join(f, "\t"))
		}
		return strings.Join(out, "\n"), rows.Err()
	}
	var err1, err2, err3 error
	r.moves, err1 = collect(`SELECT ply, side, move, played_at, clock_first, clock_second, nonces FROM moves WHERE game_id = $1 ORDER BY ply`, 7)
	r.pending, err2 = collect(`SELECT side, selection, nonce, chosen_at FROM pending WHERE game_id = $1`, 4)
	r.events, err3 = collect(`SELECT version, body FROM events WHERE game_id = $1 ORDER BY version`, 2)
	return r, errors.Join(err1, err2, err3)
}
