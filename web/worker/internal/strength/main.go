// Command strength plays the browser's engine (the committed WebAssembly file, run by Node.js,
// whose WebAssembly is Chromium's V8) against the same engine compiled natively, at the same
// level and time budget, from balanced Othello openings, each side building a fresh agent for
// every move as the server's AI seats and the browser's aiMove do; it prints the match's
// W/D/L and Elo with its interval. Run from the repository's root:
//
//	go run ./web/worker/internal/strength [--level 10] [--games 8]
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"turncoat/engine"
	"turncoat/engine/ai"
	"turncoat/engine/match"
	"turncoat/game"
	"turncoat/games"
)

// runner is the Node.js script: Go's glue, the engine, and a line of JSON in and out per request.
const runner = `
const fs = require("fs"), zlib = require("zlib"), readline = require("readline");
require(process.argv[2]);
const go = new Go();
globalThis.turncoatEngineReady = () => {
  const rl = readline.createInterface({input: process.stdin});
  rl.on("line", line => globalThis.turncoatEngine(line, out => process.stdout.write(out + "\n")));
};
WebAssembly.instantiate(zlib.gunzipSync(fs.readFileSync(process.argv[3])), go.importObject).then(r => go.run(r.instance));
`

// wasm is the engine under Node.js: one request at a time.
type wasm struct {
	mu  sync.Mutex
	in  io.Writer
	out *bufio.Reader
}

func (w *wasm) call(method string, params any, out any) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	b, _ := json.Marshal(map[string]any{"method": method, "params": params})
	if _, err := w.in.Write(append(b, '\n')); err != nil {
		return err
	}
	line, err := w.out.ReadBytes('\n')
	if err != nil {
		return err
	}
	var r struct {
		Result json.RawMessage `json:"result"`
		Error  *struct{ Code, Message string }
	}
	if err := json.Unmarshal(line, &r); err != nil {
		return err
	}
	if r.Error != nil {
		return fmt.Errorf("%s: %s", r.Error.Code, r.Error.Message)
	}
	return json.Unmarshal(r.Result, out)
}

// wasmAgent asks the browser's engine for each move.
type wasmAgent struct {
	w     *wasm
	level int
}

func (a wasmAgent) Name() string { return fmt.Sprintf("wasm level %d", a.level) }

func (a wasmAgent) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	var g struct{ ID string }
	if err := a.w.call("newGame", map[string]any{"game": s.Game().Name(), "options": s.Options().Map(), "state": s.Encode()}, &g); err != nil {
		return game.NoAction, err
	}
	defer a.w.call("close", map[string]any{"id": g.ID}, &struct{}{})
	var m struct{ Move string }
	if err := a.w.call("aiMove", map[string]any{"id": g.ID, "level": a.level, "side": p.String()}, &m); err != nil {
		return game.NoAction, err
	}
	return s.ParseAction(p, m.Move)
}

// nativeAgent builds the level's agent afresh for each move, as the server's AI seats do.
type nativeAgent struct {
	level int
	rng   *rand.Rand
}

func (a nativeAgent) Name() string { return fmt.Sprintf("native level %d", a.level) }

func (a nativeAgent) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	ag, err := ai.Limits{Threads: 1}.New(s.Game(), fmt.Sprintf("level=%d", a.level), a.rng.Uint64())
	if err != nil {
		return game.NoAction, err
	}
	return ag.Choose(ctx, s, p)
}

func main() {
	log.SetFlags(0)
	level := flag.Int("level", 10, "the level both sides play")
	n := flag.Int("games", 8, "games (each opening played with both colours)")
	flag.Parse()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		log.Fatal(err)
	}
	script := filepath.Join(os.TempDir(), "turncoat-strength.js")
	if err := os.WriteFile(script, []byte(runner), 0o644); err != nil {
		log.Fatal(err)
	}
	cmd := exec.Command("node", script, filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), "web/static/engine/engine.wasm.gz")
	cmd.Stderr = os.Stderr
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	defer cmd.Process.Kill()
	w := &wasm{in: in, out: bufio.NewReader(out)}
	var hello struct{ Games []string }
	if err := w.call("hello", map[string]any{}, &hello); err != nil {
		log.Fatal(err)
	}
	g, _ := games.Registry().Lookup("reversi")
	start, _ := g.New(game.DefaultOptions(g.OptionSpecs()))
	res, err := match.Run(context.Background(), match.Config{
		Start: start, Games: *n, Seed: 1,
		A: func(uint64) (engine.Agent, error) { return wasmAgent{w: w, level: *level}, nil },
		B: func(seed uint64) (engine.Agent, error) {
			return nativeAgent{level: *level, rng: rand.New(rand.NewPCG(seed, 1))}, nil
		},
		Progress: func(done, total int, r match.Result) {
			fmt.Printf("%d/%d games: %s\n", done, total, r)
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("wasm level %d against native level %d: %s\n", *level, *level, res)
}
