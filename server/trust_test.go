package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/store"
)

// within waits for w's next message satisfying ok (next fails the test when none comes in its
// bound) and logs when it took over a second.
func within(t *testing.T, w *ws, what string, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	start := time.Now()
	m := w.next(ok)
	// How soon is a figure, not a verdict (a loaded machine delays any delivery): the test
	// fails when the change never arrives (next's own bound), and says how long it took.
	if d := time.Since(start); d > time.Second {
		t.Logf("%s reached the other instance after %v", what, d)
	}
	return m
}

// TestEveryChangeReachesEveryInstance: with two instances on one PostgreSQL, a player joins
// through B a game its creator follows through A, moves, a draw offer, its acceptance and a
// rematch go back and forth, and each client sees each change within a second; the creator's
// clock runs from the join and the creator plays at once.
func TestEveryChangeReachesEveryInstance(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		if !store.IsPostgres(dsn) {
			t.Skip("one instance on SQLite")
		}
		a := newHarness(t, dsn, opts)
		b := newHarness(t, dsn, opts)
		creator := a.member("Creator")
		joiner := b.member("Joiner")

		// An open challenge made through A shows in B's lobby.
		lobby := b.bot().dial()
		lobby.send(map[string]any{"type": "lobby"})
		lobby.next(ofType("lobby"))
		open := creator.create(map[string]any{"kind": "reversi", "mode": "online", "open": true})
		within(t, lobby, "the open challenge", func(m map[string]any) bool {
			b, _ := json.Marshal(m)
			return m["type"] == "lobby" && strings.Contains(string(b), open.ID)
		})

		g := creator.create(map[string]any{"kind": "reversi", "mode": "online", "side": "first",
			"time": map[string]any{"kind": "fischer", "baseMs": 20000}})
		_, token, _ := strings.Cut(g.Invite, "seat=")
		wa := creator.dial()
		wa.send(map[string]any{"type": "subscribe", "game": g.ID, "views": true})
		wa.next(ofType("subscribed"))
		wb := joiner.dial()

		// The join through B: A's follower sees the game begin, with the joiner seated.
		var joined gameJSON
		if st := joiner.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"token": token}, &joined); st != http.StatusOK {
			t.Fatalf("join through B: %d %s", st, joiner.received())
		}
		m := within(t, wa, "the join", eventKind("begin"))
		var v gameJSON
		raw, _ := json.Marshal(m["view"])
		json.Unmarshal(raw, &v)
		if v.Status != "active" || v.Seats[1].Player != "Joiner" {
			t.Errorf("the view with the join: status %q, seats %+v", v.Status, v.Seats)
		}
		if got := creator.game(g.ID); got.Status != "active" {
			t.Errorf("A still shows the game %q after the join through B", got.Status)
		}
		wb.send(map[string]any{"type": "subscribe", "game": g.ID, "views": true})
		wb.next(ofType("subscribed"))

		// The creator moves through A at once (no 409), and B's follower sees it.
		if st := creator.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "f5"}, nil); st != http.StatusOK {
			t.Fatalf("the creator's move through A after the join: %d %s", st, creator.received())
		}
		within(t, wb, "the creator's move", eventKind("move"))
		if st := joiner.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": "d6"}, nil); st != http.StatusOK {
			t.Fatalf("the joiner's move through B: %d %s", st, joiner.received())
		}
		within(t, wa, "the joiner's move", eventKind("move"))

		// A draw offered through B, accepted through A.
		if st := joiner.call("POST", "/api/games/"+g.ID+"/draw", nil, nil); st != http.StatusOK {
			t.Fatalf("draw offer: %d %s", st, joiner.received())
		}
		within(t, wa, "the draw offer", eventKind("draw_offer"))
		if st := creator.call("POST", "/api/games/"+g.ID+"/draw", nil, nil); st != http.StatusOK {
			t.Fatalf("draw accepted: %d %s", st, creator.received())
		}
		within(t, wb, "the accepted draw", eventKind("end"))

		// A rematch made through B: A's follower sees the link.
		var re gameJSON
		if st := joiner.call("POST", "/api/games/"+g.ID+"/rematch", nil, &re); st != http.StatusCreated {
			t.Fatalf("rematch through B: %d %s", st, joiner.received())
		}
		m = within(t, wa, "the rematch", eventKind("rematch"))
		if e, _ := m["event"].(map[string]any); e["ref"] != re.ID {
			t.Errorf("the rematch event names %v, want %s", e["ref"], re.ID)
		}
		var old struct {
			Rematch string `json:"rematch"`
		}
		creator.call("GET", "/api/games/"+g.ID, nil, &old)
		if old.Rematch != re.ID {
			t.Errorf("A links the rematch %q, want %q", old.Rematch, re.ID)
		}
		// And a second rematch through A follows the same link.
		var again gameJSON
		if st := creator.call("POST", "/api/games/"+g.ID+"/rematch", nil, &again); st != http.StatusOK || again.ID != re.ID {
			t.Errorf("a second rematch through A: %d %s, want the first %s", st, again.ID, re.ID)
		}
	})
}

// TestClocksWaitForTheOpponent: an online game's clocks do not run while it waits for its
// opponent; at the join they are full, and the first move's wait begins.
func TestClocksWaitForTheOpponent(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	creator, joiner := h.bot(), h.bot()
	g := creator.create(map[string]any{"kind": "reversi", "mode": "online", "open": true,
		"time": map[string]any{"kind": "fischer", "baseMs": 60000}})
	var v struct {
		View struct {
			Clock struct {
				RemainingMs [2]int64 `json:"remainingMs"`
				Running     [2]bool  `json:"running"`
				FirstMoveMs int64    `json:"firstMoveMs"`
			} `json:"clock"`
		} `json:"view"`
	}
	creator.call("GET", "/api/games/"+g.ID, nil, &v)
	if v.View.Clock.Running != [2]bool{} {
		t.Errorf("clocks run while the game waits for an opponent: %+v", v.View.Clock)
	}
	h.clock.Advance(50 * time.Second)
	if st := joiner.call("POST", "/api/games/"+g.ID+"/join", nil, &v); st != http.StatusOK {
		t.Fatalf("join: %d %s", st, joiner.received())
	}
	if c := v.View.Clock; c.RemainingMs[0] != 60000 || c.Running[0] || c.FirstMoveMs != 30000 {
		t.Errorf("at the join Black's clock shows %d ms (running %v, %d ms for the first move), want a full minute, still, and 30 s for the first move", c.RemainingMs[0], c.Running[0], c.FirstMoveMs)
	}
}

// TestViewsCarryOnlyWhatChanged: after the page has the game, a command's answer and the
// events pushed to a follower carry the moves from the first one changed, not the whole history;
// a fetch has it all, or from ?from=.
func TestViewsCarryOnlyWhatChanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.bot()
	g := c.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	for range 20 {
		v := c.game(g.ID).View
		if st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": v.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d %s", st, c.received())
		}
	}
	w := c.dial()
	w.send(map[string]any{"type": "subscribe", "game": g.ID, "views": true})
	w.next(ofType("subscribed"))
	type tail struct {
		View struct {
			Ply       int               `json:"ply"`
			MovesFrom int               `json:"movesFrom"`
			Moves     []json.RawMessage `json:"moves"`
		} `json:"view"`
	}
	var ans tail
	if st := c.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": c.game(g.ID).View.Legal[0]}, &ans); st != http.StatusOK {
		t.Fatalf("move: %d", st)
	}
	if ans.View.Ply != 21 || ans.View.MovesFrom != 20 || len(ans.View.Moves) != 1 {
		t.Errorf("the answer's view: ply %d, movesFrom %d, %d moves; want 21, 20, 1", ans.View.Ply, ans.View.MovesFrom, len(ans.View.Moves))
	}
	m := w.next(eventKind("move"))
	var pushed tail
	raw, _ := json.Marshal(m["view"])
	json.Unmarshal(raw, &pushed)
	if pushed.View.MovesFrom != 20 || len(pushed.View.Moves) != 1 {
		t.Errorf("the pushed view: movesFrom %d, %d moves; want 20, 1", pushed.View.MovesFrom, len(pushed.View.Moves))
	}
	// A takeback: the history shrinks, and the view says from where.
	if st := c.call("POST", "/api/games/"+g.ID+"/takeback", map[string]any{"moves": 3}, &ans); st != http.StatusOK {
		t.Fatalf("takeback: %d %s", st, c.received())
	}
	if ans.View.Ply != 18 || ans.View.MovesFrom != 18 || len(ans.View.Moves) != 0 {
		t.Errorf("after a takeback: ply %d, movesFrom %d, %d moves; want 18, 18, 0", ans.View.Ply, ans.View.MovesFrom, len(ans.View.Moves))
	}
	var full tail
	c.call("GET", "/api/games/"+g.ID, nil, &full)
	if full.View.MovesFrom != 0 || len(full.View.Moves) != 18 {
		t.Errorf("a fetch: movesFrom %d, %d moves; want 0, 18", full.View.MovesFrom, len(full.View.Moves))
	}
	c.call("GET", "/api/games/"+g.ID+"?from=15", nil, &full)
	if full.View.MovesFrom != 15 || len(full.View.Moves) != 3 {
		t.Errorf("a fetch from 15: movesFrom %d, %d moves; want 15, 3", full.View.MovesFrom, len(full.View.Moves))
	}
	if st, _ := c.raw("GET", "/api/games/"+g.ID+"?from=x", nil); st != http.StatusBadRequest {
		t.Errorf("from=x: %d", st)
	}
}

// turncoatRecord is a Turncoat record of n rounds that leave the boards unchanged.
func turncoatRecord(cap, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "cap %d\nseed 1\n", cap)
	for i := range n {
		fmt.Fprintf(&b, "%d. a1 a1\n", i+1)
	}
	return b.String()
}

// TestImportBounds: a record longer than a game may be here, or under options that would let a
// game outlast it, is refused at once with a clear error and stores nothing; the longest
// allowed one is imported; imports and new games are rate-limited by user and by address.
func TestImportBounds(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	c := h.bot()
	var e apiError
	start := time.Now()
	huge := turncoatRecord(1000000, 72000)
	if len(huge) < 900_000 || len(huge) > 1<<20 {
		t.Fatalf("the record is %d bytes", len(huge))
	}
	if st := c.call("POST", "/api/import", map[string]any{"kind": "turncoat", "text": huge}, &e); st < 400 || st >= 500 {
		t.Fatalf("a record of 72,000 rounds: %d %s", st, c.received())
	}
	if d := time.Since(start); d > 5*time.Second && !raceEnabled {
		t.Errorf("refusing it took %v", d)
	}
	if !strings.Contains(e.Error.Message, "1000") {
		t.Errorf("the refusal does not say the limit: %q", e.Error.Message)
	}
	if st := c.call("POST", "/api/import", map[string]any{"kind": "turncoat", "text": turncoatRecord(1000, 1001)}, &e); st != http.StatusRequestEntityTooLarge && st != http.StatusUnprocessableEntity {
		t.Errorf("a record of 1,001 rounds: %d %s", st, e.Error.Message)
	}
	if st := c.call("POST", "/api/games", map[string]any{"kind": "turncoat", "mode": "hotseat", "options": map[string]string{"cap": "1000000"}}, &e); st != http.StatusBadRequest || e.Error.Code != "bad_option" {
		t.Errorf("a Turncoat game with a cap of a million rounds: %d %+v", st, e.Error)
	}
	var mine []json.RawMessage
	c.call("GET", "/api/games", nil, &mine)
	if len(mine) != 0 {
		t.Errorf("refused imports stored %d games", len(mine))
	}
	var g gameJSON
	if st := c.call("POST", "/api/import", map[string]any{"kind": "turncoat", "text": turncoatRecord(1000, 1000)}, &g); st != http.StatusCreated {
		t.Fatalf("a record of 1,000 rounds: %d %s", st, c.received())
	}
	if g.View.Ply != 1000 || !g.View.Outcome.Over {
		t.Errorf("the imported game: ply %d, over %v", g.View.Ply, g.View.Outcome.Over)
	}

	// Rate limits, with the defaults.
	hl := newHarness(t, t.TempDir()+"/t.db", store.Options{}, func(c *app.Config) { c.CreateRate = 0 })
	user := hl.bot()
	refused := 0
	for range 40 {
		st := user.call("POST", "/api/import", map[string]any{"kind": "reversi", "text": "f5 d6"}, nil)
		if st == http.StatusTooManyRequests {
			refused++
		} else if st != http.StatusCreated {
			t.Fatalf("import: %d", st)
		}
	}
	if refused == 0 {
		t.Error("40 imports in a burst were all accepted")
	}
	if st := user.call("POST", "/api/games", map[string]any{"kind": "reversi", "mode": "hotseat"}, &e); st != http.StatusTooManyRequests {
		t.Errorf("a new game after the burst: %d", st)
	}
	// Another user from the same address is limited too.
	if st := hl.bot().call("POST", "/api/games", map[string]any{"kind": "reversi", "mode": "hotseat"}, nil); st != http.StatusTooManyRequests {
		t.Errorf("another user's new game from the same address: %d", st)
	}
}

// TestMovesKeepTheirLatencyDuringImports: on SQLite, while a user imports the longest records
// the server takes (a megabyte of Turncoat rounds, else the longest game it holds), one after
// another, another player's moves are answered within a second (the import's write is short;
// it does not hold the only write connection for long). It measures latencies, so it runs alone
// (not in parallel).
func TestMovesKeepTheirLatencyDuringImports(t *testing.T) {
	h := newHarness(t, t.TempDir()+"/t.db", store.Options{})
	importer, player := h.bot(), h.bot()
	g := player.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
	text := turncoatRecord(1000000, 72000)
	if st, _ := importer.raw("POST", "/api/import", mustMarshal(map[string]any{"kind": "turncoat", "text": text[:2000]})); st != http.StatusCreated {
		text = turncoatRecord(1000, 1000) // what the server refuses is no load
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var imports atomic.Int64
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if st, _ := importer.raw("POST", "/api/import", mustMarshal(map[string]any{"kind": "turncoat", "text": text})); st == http.StatusCreated {
				imports.Add(1)
			}
		}
	}()
	// The player moves all along the imports, one move after the other, until 40 moves and
	// three imports are done: every move is made while the imports go on.
	var lat []time.Duration
	for len(lat) < 40 || imports.Load() < 3 {
		if len(lat) == 2000 {
			t.Fatalf("%d moves beside %d imports: the imports do not go on", len(lat), imports.Load())
		}
		v := player.game(g.ID).View
		if v.Outcome.Over {
			g = player.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
			v = player.game(g.ID).View
		}
		start := time.Now()
		if st := player.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": v.Legal[0]}, nil); st != http.StatusOK {
			t.Fatalf("move: %d", st)
		}
		lat = append(lat, time.Since(start))
	}
	close(stop)
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("%d moves during %d imports of %d bytes: median %v, max %v", len(lat), imports.Load(), len(text), lat[len(lat)/2], lat[len(lat)-1])
	if imports.Load() < 1 {
		t.Fatalf("only %d imports ran beside the moves", imports.Load())
	}
	if lat[len(lat)-1] > time.Second && !raceEnabled {
		t.Errorf("a move waited %v behind the imports", lat[len(lat)-1])
	}
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
