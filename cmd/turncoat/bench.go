package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"turncoat/server/loadtest"
)

func init() {
	register(command{name: "bench", summary: "benchmarks: bench server (a load test of the game server), bench loss (the Othello levels' disc loss)", run: runBench})
}

func runBench(ctx context.Context, e *env, args []string) error {
	if len(args) > 0 && args[0] == "loss" {
		return runBenchLoss(ctx, e, args[1:])
	}
	if len(args) == 0 || args[0] != "server" {
		fs := newFlags(e, "bench", "server|loss [flags]", `
Benchmarks. server: a load test of the game server (turncoat bench server --help). loss: the
Othello levels' average disc loss on positions with exact values (turncoat bench loss --help).`)
		if _, err := parseFlags(e, fs, args); err != nil {
			return err
		}
		return usagef("want a benchmark: server or loss")
	}
	fs := newFlags(e, "bench server", "[--db URL] [--games N] [--rate MOVES_PER_S] [--duration D]", `
Starts the real server (this program's serve command, rate limits off) on a store, opens two
WebSocket clients per game that play real games of every kind against each other (random legal
moves; Turncoat's simultaneous selections included) at the given total rate, and measures the
round trip of each move: from its submission to the opponent's receipt of its event. Prints the
server's memory per idle open game and per socket, then last:
games=N sockets=S moves=M moves_per_s=R p50_ms=A p99_ms=B max_ms=C errors=E`)
	db := fs.String("db", "", "the store: a PostgreSQL URL, or a SQLite file (default: a new temporary SQLite file)")
	nGames := fs.Int("games", 1000, "games played at once (two sockets each)")
	rateFlag := fs.Float64("rate", 500, "total moves submitted per second")
	dur := fs.Duration("duration", 30*time.Second, "how long moves are submitted")
	seed := fs.Uint64("seed", 1, "seed of the games' and moves' choices")
	images := fs.Float64("images", 0, "board pictures (GET /api/games/{id}/board.png) asked for per second alongside the moves (0: none)")
	target := fs.String("url", "", "load a server already running at this URL (started with --limits off) instead of starting one")
	pos, err := parseFlags(e, fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *nGames < 1 || *rateFlag <= 0 || *dur <= 0 {
		return usagef("--games, --rate and --duration must be above zero")
	}
	if *images < 0 {
		return usagef("--images must be zero or above")
	}
	if *target != "" {
		res, err := loadtest.Run(ctx, loadtest.Config{URL: strings.TrimSuffix(*target, "/"), Games: *nGames, Rate: *rateFlag,
			Duration: *dur, Seed: *seed, ImageRate: *images, Progress: e.statusWriter()})
		if err != nil {
			return err
		}
		if res.FirstError != "" {
			fmt.Fprintf(e.stdout, "first_error=%q\n", res.FirstError)
		}
		fmt.Fprintln(e.stdout, res.Line())
		return nil
	}
	dsn := *db
	if dsn == "" {
		dir, err := os.MkdirTemp("", "turncoat-bench")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		dsn = filepath.Join(dir, "bench.db")
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	child := exec.Command(exe, "serve", "--addr", "127.0.0.1:0", "--db", dsn, "--log", "json", "--limits", "off", "--debug-endpoints")
	stderr, err := child.StderrPipe()
	if err != nil {
		return err
	}
	if err := child.Start(); err != nil {
		return err
	}
	defer func() {
		child.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { child.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			child.Process.Kill()
		}
	}()
	url, err := serverURL(stderr)
	if err != nil {
		return fmt.Errorf("starting the server: %w", err)
	}
	status := e.statusWriter()
	say := func(format string, args ...any) { fmt.Fprintf(e.stdout, format+"\n", args...) }
	idle := scrapeMemory(url)
	var afterGames, afterSockets memory
	res, err := loadtest.Run(ctx, loadtest.Config{URL: url, Games: *nGames, Rate: *rateFlag, Duration: *dur, Seed: *seed, ImageRate: *images,
		Progress: status, Phase: func(phase string) {
			switch phase {
			case "games":
				afterGames = scrapeMemory(url)
			case "sockets":
				afterSockets = scrapeMemory(url)
			}
		}})
	if err != nil {
		return err
	}
	say("store=%s setup_s=%.1f", storeKind(dsn), res.Setup.Seconds())
	if idle.ok && afterGames.ok && afterSockets.ok {
		// Live heap as of the server's last collection, and resident memory: per idle open
		// game (in memory, no socket) and per socket.
		say("server_heap_idle_mb=%.1f heap_per_game_kb=%.1f heap_per_socket_kb=%.1f rss_per_game_kb=%.1f rss_per_socket_kb=%.1f",
			idle.heap/1e6, (afterGames.heap-idle.heap)/float64(res.Games)/1e3, (afterSockets.heap-afterGames.heap)/float64(res.Sockets)/1e3,
			(afterGames.rss-idle.rss)/float64(res.Games)/1e3, (afterSockets.rss-afterGames.rss)/float64(res.Sockets)/1e3)
	}
	if res.FirstError != "" {
		say("first_error=%q", res.FirstError)
	}
	say("%s", res.Line())
	return nil
}

func storeKind(dsn string) string {
	if strings.HasPrefix(dsn, "postgres") {
		return "postgres"
	}
	return "sqlite"
}

// serverURL reads the child's log until it says where it serves, then keeps draining it.
func serverURL(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	deadline := time.AfterFunc(60*time.Second, func() {
		if c, ok := r.(io.Closer); ok {
			c.Close()
		}
	})
	defer deadline.Stop()
	for sc.Scan() {
		var line struct {
			Msg   string `json:"msg"`
			URL   string `json:"url"`
			Error string `json:"error"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "serving" && line.URL != "" {
			go io.Copy(io.Discard, r)
			return line.URL, nil
		}
		if !strings.HasPrefix(sc.Text(), "{") {
			return "", fmt.Errorf("%s", sc.Text())
		}
	}
	return "", fmt.Errorf("the server exited before serving")
}

// memory is what the server's metrics say of its memory.
type memory struct {
	heap, rss float64
	ok        bool
}

func scrapeMemory(url string) memory {
	if resp, err := http.Post(url+"/debug/gc", "application/json", nil); err == nil {
		resp.Body.Close()
	}
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		return memory{}
	}
	defer resp.Body.Close()
	var m memory
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		x, err := strconv.ParseFloat(value, 64)
		if err != nil {
			continue
		}
		switch name {
		case "turncoat_heap_live_bytes":
			m.heap = x
		case "process_resident_memory_bytes":
			m.rss = x
		}
	}
	m.ok = m.heap > 0
	return m
}
