package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/client"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/platform/accounts"
	"turncoat/store"
)

// ackedMove is a move the server acknowledged, and when.
type ackedMove struct {
	game string
	ply  int // the game's ply after it
	at   time.Time
}

// moveDriver plays hot-seat games of 6x6 Othello through the API without pause, game after
// game, on several goroutines, recording every acknowledged move with the time its answer came.
type moveDriver struct {
	mu     sync.Mutex
	acked  []ackedMove
	count  atomic.Int64
	errs   chan error
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

func startMoveDriver(t *testing.T, base string, players int) *moveDriver {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	d := &moveDriver{errs: make(chan error, players), cancel: cancel}
	for range players {
		api := client.New(base, "")
		if _, err := api.Guest(ctx); err != nil {
			t.Fatal(err)
		}
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			if err := d.play(ctx, api); err != nil && ctx.Err() == nil {
				d.errs <- err
			}
		}()
	}
	return d
}

type drivenGame struct {
	ID   string `json:"id"`
	View struct {
		Ply     int      `json:"ply"`
		Legal   []string `json:"legal"`
		Outcome struct {
			Over bool `json:"over"`
		} `json:"outcome"`
	} `json:"view"`
}

func (d *moveDriver) play(ctx context.Context, api *client.Client) error {
	for ctx.Err() == nil {
		var g drivenGame
		if err := api.JSON(ctx, "POST", "/api/games", map[string]any{"kind": "reversi", "mode": "hotseat", "options": map[string]string{"size": "6"}}, &g); err != nil {
			return fmt.Errorf("creating a game: %w", err)
		}
		for !g.View.Outcome.Over && ctx.Err() == nil {
			if len(g.View.Legal) == 0 {
				return fmt.Errorf("game %s at ply %d: no legal move and not over", g.ID, g.View.Ply)
			}
			ply := g.View.Ply
			var next drivenGame
			if err := api.JSON(ctx, "POST", "/api/games/"+g.ID+"/move", map[string]any{"move": g.View.Legal[0], "ply": ply}, &next); err != nil {
				return fmt.Errorf("move in %s at ply %d: %w", g.ID, ply, err)
			}
			at := time.Now()
			d.mu.Lock()
			d.acked = append(d.acked, ackedMove{g.ID, next.View.Ply, at})
			d.mu.Unlock()
			d.count.Add(1)
			g = next
		}
	}
	return nil
}

// stop ends the play and returns what was acknowledged; a failure of the play fails the test.
func (d *moveDriver) stop(t *testing.T) []ackedMove {
	t.Helper()
	d.cancel()
	d.wg.Wait()
	select {
	case err := <-d.errs:
		t.Fatalf("the players: %v", err)
	default:
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.acked
}

// serveStore runs the program in-process on the store at db, with limits off.
func serveStore(t *testing.T, db string) (*httptest.Server, *store.Store, func()) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	ts := httptest.NewServer(a.Handler())
	return ts, st, func() {
		ts.Close()
		a.Close()
		st.Close()
	}
}

// TestBackupDuringPlayAndRestore backs up a live SQLite store while players make moves without
// pause, restores the backup into a new store, and serves it: every move acknowledged before
// the backup began is there; play never stopped.
func TestBackupDuringPlayAndRestore(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	ts, _, stop := serveStore(t, db)
	defer func() {
		if stop != nil {
			stop()
		}
	}()
	d := startMoveDriver(t, ts.URL, 4)
	if !testenv.PollUntil(context.Background(), 60*time.Second, func() bool { return d.count.Load() >= 300 }) {
		d.stop(t)
		t.Fatalf("only %d moves in 60 s", d.count.Load())
	}

	out := filepath.Join(dir, "backup.db")
	began := time.Now()
	before := d.count.Load()
	code, stdout, stderr := runCLI(t, "", "backup", "--db", db, "--out", out)
	took := time.Since(began)
	during := d.count.Load() - before
	// Play goes on after the backup: the server was never stopped.
	after := d.count.Load()
	if !testenv.PollUntil(context.Background(), 30*time.Second, func() bool { return d.count.Load() >= after+20 }) {
		t.Errorf("play stalled after the backup: %d moves", d.count.Load()-after)
	}
	acked := d.stop(t)
	if code != 0 {
		t.Fatalf("backup: %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "backed up") || !strings.Contains(stderr, "copied") {
		t.Errorf("backup's report: %q, progress %q", stdout, stderr)
	}
	fi, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("backup of %d bytes in %v, %d moves acknowledged during it, %d in all", fi.Size(), took, during, len(acked))

	// The live store is open: restoring over it is refused, even with --force, and changes
	// nothing.
	if code, _, stderr := runCLI(t, "", "restore", "--from", out, "--db", db, "--force"); code != 1 || !strings.Contains(stderr, "is open") {
		t.Errorf("restore over the running store: %d %s", code, stderr)
	}
	stop()
	stop = nil

	fresh := filepath.Join(dir, "restored.db")
	if code, stdout, stderr := runCLI(t, "", "restore", "--from", out, "--db", fresh); code != 0 {
		t.Fatalf("restore: %d\n%s%s", code, stdout, stderr)
	}
	want := map[string]int{} // per game, the last ply acknowledged before the backup began
	var counted int
	for _, m := range acked {
		if m.at.Before(began) {
			want[m.game] = max(want[m.game], m.ply)
			counted++
		}
	}
	if counted < 300 {
		t.Fatalf("only %d moves acknowledged before the backup", counted)
	}
	ts2, _, stop2 := serveStore(t, fresh)
	defer stop2()
	api := client.New(ts2.URL, "")
	for id, ply := range want {
		var g drivenGame
		if err := api.JSON(context.Background(), "GET", "/api/games/"+id, nil, &g); err != nil {
			t.Fatalf("game %s in the restored store: %v", id, err)
		}
		if g.View.Ply < ply {
			t.Errorf("game %s: ply %d restored, %d acknowledged before the backup", id, g.View.Ply, ply)
		}
	}
	// And it serves: a new game and a move.
	if _, err := api.Guest(context.Background()); err != nil {
		t.Fatal(err)
	}
	var g drivenGame
	if err := api.JSON(context.Background(), "POST", "/api/games", map[string]any{"kind": "reversi", "mode": "hotseat"}, &g); err != nil {
		t.Fatal(err)
	}
	if err := api.JSON(context.Background(), "POST", "/api/games/"+g.ID+"/move", map[string]any{"move": g.View.Legal[0], "ply": 0}, &g); err != nil || g.View.Ply != 1 {
		t.Fatalf("a move in the restored store: %v %+v", err, g.View)
	}
}

// TestBackupRestoreRefusals: wrong files, existing targets and bad flags get a clear error and
// lose nothing.
func TestBackupRestoreRefusals(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	st, err := store.Open(ctx, db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	good := filepath.Join(dir, "good.db")
	if code, _, stderr := runCLI(t, "", "backup", "--db", db, "--out", good); code != 0 {
		t.Fatalf("backup: %s", stderr)
	}
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	whole, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	text := write("notes.txt", []byte("not a database at all\n"))
	truncated := write("truncated.db", whole[:len(whole)/2+100])
	headerOnly := write("header.db", whole[:50])
	// A SQLite database that is not a store.
	other := filepath.Join(dir, "other.db")
	{
		o, err := openPlainSQLite(other)
		if err != nil {
			t.Fatal(err)
		}
		o.Exec("CREATE TABLE t (x INTEGER)")
		o.Close()
	}
	// A store of a newer program.
	newer := filepath.Join(dir, "newer.db")
	{
		if err := os.WriteFile(newer, whole, 0o600); err != nil {
			t.Fatal(err)
		}
		o, err := openPlainSQLite(newer)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := o.Exec("INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, 1)"); err != nil {
			t.Fatal(err)
		}
		o.Close()
	}
	existing := filepath.Join(dir, "existing.db")
	if err := os.WriteFile(existing, whole, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"restore", "--from", text, "--db", filepath.Join(dir, "x1.db")}, 1, "not a SQLite database"},
		{[]string{"restore", "--from", truncated, "--db", filepath.Join(dir, "x2.db")}, 1, "truncated"},
		{[]string{"restore", "--from", headerOnly, "--db", filepath.Join(dir, "x3.db")}, 1, "truncated"},
		{[]string{"restore", "--from", other, "--db", filepath.Join(dir, "x4.db")}, 1, "not a Turncoat store"},
		{[]string{"restore", "--from", newer, "--db", filepath.Join(dir, "x5.db")}, 1, "newer Turncoat"},
		{[]string{"restore", "--from", filepath.Join(dir, "missing.db"), "--db", filepath.Join(dir, "x6.db")}, 1, "no such file"},
		{[]string{"restore", "--from", good, "--db", existing}, 1, "--force replaces it"},
		{[]string{"restore", "--from", good}, 2, "--from and --db"},
		{[]string{"backup", "--db", db}, 2, "--db and --out"},
		{[]string{"backup", "--db", db, "--out", existing}, 1, "exists"},
		{[]string{"backup", "--db", text, "--out", filepath.Join(dir, "x7.db")}, 1, "not a SQLite database"},
		{[]string{"backup", "--db", other, "--out", filepath.Join(dir, "x8.db")}, 1, "not a Turncoat store"},
		{[]string{"backup", "--db", filepath.Join(dir, "missing.db"), "--out", filepath.Join(dir, "x9.db")}, 1, "no such file"},
		{[]string{"backup", "--db", "postgres://h/db", "--out", filepath.Join(dir, "x10.db")}, 2, "pg_dump"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: %d %q, want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
	// Nothing was made by the refusals, nothing changed.
	for i := 1; i <= 10; i++ {
		if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("x%d.db", i))); err == nil {
			t.Errorf("x%d.db was made by a refused command", i)
		}
	}
	if b, _ := os.ReadFile(existing); string(b) != string(whole) {
		t.Error("the existing store changed")
	}
	// With --force, the existing store is kept aside.
	code, stdout, stderr := runCLI(t, "", "restore", "--from", good, "--db", existing, "--force")
	if code != 0 || !strings.Contains(stdout, "kept as") {
		t.Fatalf("restore --force: %d %s %s", code, stdout, stderr)
	}
	kept, _ := filepath.Glob(existing + ".replaced-*")
	if len(kept) != 1 {
		t.Fatalf("the replaced store: %v", kept)
	}
	if b, _ := os.ReadFile(kept[0]); string(b) != string(whole) {
		t.Error("the replaced store was not kept whole")
	}
	var health struct{ Status string }
	ts, _, stop := serveStore(t, existing)
	defer stop()
	resp, err := http.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&health)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the restored store's health: %d %+v", resp.StatusCode, health)
	}
}

// openPlainSQLite opens a SQLite file as any program would (the store's driver, no store).
func openPlainSQLite(path string) (*sql.DB, error) { return sql.Open("sqlite", path) }
