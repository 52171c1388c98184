package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/internal/testenv"
	"turncoat/store"
	"turncoat/tournament"
)

type tournamentJSON struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Host        string   `json:"host"`
	Phase       string   `json:"phase"`
	Version     int64    `json:"version"`
	Subscribers []string `json:"subscribers"`
	Reserves    []string `json:"reserves"`
	Boards      int      `json:"boards"`
	Round       *struct {
		Number int    `json:"number"`
		Side   string `json:"side"`
		Colour string `json:"colour"`
		Title  string `json:"title"`
	} `json:"round"`
	You *struct {
		Host  bool `json:"host"`
		Board int  `json:"board"`
		Due   bool `json:"due"`
	} `json:"you"`
}

type boardJSON struct {
	Number int `json:"number"`
	Seats  [2]struct {
		Player string `json:"player"`
		Misses int    `json:"misses"`
	} `json:"seats"`
	Status string  `json:"status"`
	ToMove *string `json:"toMove"`
	View   *struct {
		Legal []string `json:"legal"`
		ToAct []string `json:"toAct"`
	} `json:"view"`
}

type opJSON struct {
	Version int64 `json:"version"`
	Events  []struct {
		Kind  string `json:"kind"`
		Early bool   `json:"early"`
		Round int    `json:"round"`
	} `json:"events"`
}

func (o opJSON) kinds() []string {
	var out []string
	for _, e := range o.Events {
		out = append(out, e.Kind)
	}
	return out
}

// TestTournamentAPI runs a play-by-post tournament through the API on both databases: creation,
// subscription (guests refused, twice refused), the window closed by its durable job (pairing,
// dice, round 1), posts as forum text and as JSON, every refusal (out of turn, a second post,
// another's board, a bad post, a pass while a move exists, an edit after the close), the early
// close, the host's tools (refused to others), misses and a replacement, a forfeit and a drawn
// adjudication, the ledger and standings, and the same state restored by a new instance.
func TestTournamentAPI(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		shared := newClock()
		h := newHarness(t, dsn, opts, onClock(shared))
		host := h.member("Host")
		names := []string{"Ann", "Bob", "Cid", "Dee"}
		players := map[string]*client{}
		for _, n := range names {
			players[n] = h.member(n)
		}
		eve := h.member("Eve")
		var tj tournamentJSON
		if st := host.call("POST", "/api/tournaments", map[string]any{"title": "Test Cup", "options": "size=6", "reward": "150",
			"roundLength": "24h", "window": "24h"}, &tj); st != http.StatusCreated || tj.Phase != "subscription" || tj.Host != "Host" || !tj.You.Host {
			t.Fatalf("create: %d %+v %s", st, tj, host.received())
		}
		id := tj.ID
		base := "/api/tournaments/" + id
		var e apiError
		if st := host.call("POST", "/api/tournaments", map[string]any{"roundLength": "forever"}, &e); st != http.StatusBadRequest {
			t.Errorf("a bad round length: %d %+v", st, e)
		}
		if st := h.bot().call("POST", base+"/subscribe", nil, &e); st != http.StatusForbidden {
			t.Errorf("a guest subscribes: %d %+v", st, e)
		}
		for _, n := range names {
			if st := players[n].call("POST", base+"/subscribe", nil, nil); st != http.StatusOK {
				t.Fatalf("%s subscribes: %d %s", n, st, players[n].received())
			}
		}
		if st := players["Ann"].call("POST", base+"/subscribe", nil, &e); st != http.StatusConflict {
			t.Errorf("subscribed twice: %d %+v", st, e)
		}
		if st := eve.call("POST", base+"/reserve", nil, nil); st != http.StatusOK {
			t.Errorf("a reserve: %d %s", st, eve.received())
		}
		if st := players["Ann"].call("POST", base+"/advance", nil, &e); st != http.StatusForbidden {
			t.Errorf("a player uses a host tool: %d %+v", st, e)
		}

		// The window closes by its job: pairing, dice, round 1 (Reds post).
		shared.Advance(24*time.Hour + time.Second)
		h.waitJobs(t, "the subscription window closed", func() bool {
			host.call("GET", base, nil, &tj)
			return tj.Phase == "playing"
		})
		if tj.Boards != 2 || tj.Round == nil || tj.Round.Number != 1 || tj.Round.Colour != "Red" || !strings.Contains(tj.Round.Title, "only Reds post") {
			t.Fatalf("after the window: %+v %+v", tj, tj.Round)
		}
		board := func(n int) boardJSON {
			var b boardJSON
			if st := host.call("GET", base+"/boards/"+string(rune('0'+n)), nil, &b); st != http.StatusOK {
				t.Fatalf("board %d: %d", n, st)
			}
			return b
		}
		b1, b2 := board(1), board(2)
		red1, blue1, red2, blue2 := b1.Seats[0].Player, b1.Seats[1].Player, b2.Seats[0].Player, b2.Seats[1].Player
		if red1 == "" || blue1 == "" || len(b1.View.Legal) == 0 {
			t.Fatalf("board 1: %+v", b1)
		}
		var notes notes
		h.waitJobs(t, "the round's notification", func() bool {
			players[red1].call("GET", "/api/notifications", nil, &notes)
			return len(notes.Notifications) > 0 && strings.Contains(notes.Notifications[0].Message, "Board #1")
		})
		post := func(who, ctype, body string) (int, opJSON, apiError) {
			var o opJSON
			var e apiError
			st, b := players[who].raw("POST", base+"/posts", []byte(body), "Content-Type", ctype)
			json.Unmarshal(b, &o)
			json.Unmarshal(b, &e)
			return st, o, e
		}
		if st, _, e := post(blue1, "text/plain", "Board #1\n"+tournament.ForumMove(b1.View.Legal[0])); st != http.StatusConflict || e.Error.Code != "not_your_round" ||
			!strings.Contains(e.Error.Message, "Red") {
			t.Errorf("Blue posts in Red's round: %d %+v", st, e)
		}
		if st, _, e := post(red1, "text/plain", "Board #2\n"+tournament.ForumMove(b2.View.Legal[0])); st != http.StatusForbidden || e.Error.Code != "not_your_board" {
			t.Errorf("a post for another's board: %d %+v", st, e)
		}
		if st, _, e := post(red1, "text/plain", "hello"); st != http.StatusUnprocessableEntity || e.Error.Code != "bad_post" {
			t.Errorf("a bad post: %d %+v", st, e)
		}
		if st, _, e := post(red1, "application/json", `{"board": 1, "move": "pass"}`); st != http.StatusUnprocessableEntity || e.Error.Code != "pass_refused" {
			t.Errorf("a pass while a move exists: %d %+v", st, e)
		}
		if st, _, e := post(red1, "application/json", `{"board": 1, "move": "a1"}`); st != http.StatusUnprocessableEntity || e.Error.Code != "illegal_move" {
			t.Errorf("an illegal move: %d %+v", st, e)
		}
		// Red of board 1 posts the forum's way (quoted, lower case, no space), then changes it.
		if st, o, _ := post(red1, "text/plain", "Board #1\n"+strings.ToLower(strings.ReplaceAll(tournament.ForumMove(b1.View.Legal[0]), " ", ""))); st != http.StatusOK || !slices.Equal(o.kinds(), []string{"post"}) {
			t.Fatalf("Red's post: %d %+v %s", st, o, players[red1].received())
		}
		if st, _, e := post(red1, "text/plain", "Board #1\n"+tournament.ForumMove(b1.View.Legal[1])); st != http.StatusConflict || e.Error.Code != "second_post" {
			t.Errorf("a second post: %d %+v", st, e)
		}
		var o opJSON
		if st := players[red1].call("PUT", base+"/posts", map[string]any{"board": 1, "move": b1.View.Legal[1]}, &o); st != http.StatusOK ||
			!slices.Equal(o.kinds(), []string{"post_changed"}) {
			t.Errorf("an edit: %d %+v", st, o)
		}
		// The last Red posts: the round closes early, round 2 opens.
		st, o, _ := post(red2, "application/json", `{"board": 2, "move": "`+b2.View.Legal[0]+`"}`)
		if st != http.StatusOK || !slices.Contains(o.kinds(), "round_closed") || !slices.Contains(o.kinds(), "round_opened") {
			t.Fatalf("the round's last post: %d %+v", st, o)
		}
		if st := players[red1].call("PUT", base+"/posts", map[string]any{"round": 1, "board": 1, "move": b1.View.Legal[0]}, &e); st != http.StatusConflict || e.Error.Code != "round_closed" {
			t.Errorf("an edit after the close: %d %+v", st, e)
		}
		if b := board(1); b.ToMove == nil || *b.ToMove != "second" {
			t.Errorf("after round 1: %+v", b)
		}
		host.call("GET", base, nil, &tj)
		if tj.Round.Number != 2 || tj.Round.Colour != "Blue" {
			t.Fatalf("round 2: %+v", tj.Round)
		}

		// Host tools: an extension (refused to a player), then rounds 2 to 4 without posts:
		// the Blues miss two of their rounds.
		if st := players["Ann"].call("POST", base+"/extend", map[string]any{"duration": "12h"}, &e); st != http.StatusForbidden {
			t.Errorf("a player extends: %d", st)
		}
		if st := host.call("POST", base+"/extend", map[string]any{"duration": "12h"}, &o); st != http.StatusOK || !slices.Equal(o.kinds(), []string{"extended"}) {
			t.Errorf("extend: %d %+v", st, o)
		}
		for _, d := range []time.Duration{36 * time.Hour, 24 * time.Hour, 24 * time.Hour} {
			shared.Advance(d)
			if st := host.call("POST", base+"/advance", nil, &o); st != http.StatusOK || !slices.Contains(o.kinds(), "round_closed") {
				t.Fatalf("advance: %d %+v", st, o)
			}
		}
		if b := board(2); b.Seats[1].Misses < 2 {
			t.Fatalf("Blue of board 2 after two missed rounds: %+v", b)
		}
		if st := host.call("POST", base+"/replace", map[string]any{"board": 2, "out": blue2, "in": "Eve"}, &o); st != http.StatusOK || !slices.Equal(o.kinds(), []string{"replaced"}) {
			t.Fatalf("replace: %d %+v %s", st, o, host.received())
		}
		if b := board(2); b.Seats[1].Player != "Eve" {
			t.Errorf("board 2 after the replacement: %+v", b)
		}
		if st := host.call("POST", base+"/forfeit", map[string]any{"board": 1, "player": blue1}, &o); st != http.StatusOK || !slices.Contains(o.kinds(), "award") {
			t.Fatalf("forfeit: %d %+v", st, o)
		}
		if st := host.call("POST", base+"/adjudicate", map[string]any{"board": 2, "draw": true}, &o); st != http.StatusOK || !slices.Contains(o.kinds(), "finished") {
			t.Fatalf("adjudicate a draw: %d %+v %s", st, o, host.received())
		}
		var ledger struct {
			Currency string                 `json:"currency"`
			Total    json.Number            `json:"total"`
			Balances map[string]json.Number `json:"balances"`
		}
		var raw json.RawMessage
		host.call("GET", base+"/ledger", nil, &raw)
		if err := json.Unmarshal(raw, &ledger); err != nil {
			t.Fatal(err)
		}
		if ledger.Balances[red1].String() != "150" || ledger.Balances[red2].String() != "75" || ledger.Currency != "WRZ$" {
			t.Errorf("balances: %s", raw)
		}
		if ledger.Total.String() != "300" {
			t.Errorf("ledger total %s, want 300 (150 won, 150 shared): %s", ledger.Total, raw)
		}
		var standings []struct {
			Rank   int    `json:"rank"`
			Player string `json:"player"`
			Status string `json:"status"`
		}
		host.call("GET", base+"/standings", nil, &standings)
		if len(standings) < 5 || standings[0].Player != red1 || standings[0].Status != "won" {
			t.Errorf("standings: %+v", standings)
		}
		_, summary := host.raw("GET", base+"/summary", nil)
		if !strings.Contains(string(summary), "Board #1") || !strings.Contains(string(summary), "Board #2") {
			t.Errorf("summary:\n%s", summary)
		}
		host.call("GET", base, nil, &tj)
		if tj.Phase != "finished" {
			t.Errorf("phase %s, want finished", tj.Phase)
		}
		var evs []struct {
			Version int64  `json:"version"`
			Kind    string `json:"kind"`
		}
		host.call("GET", base+"/events", nil, &evs)
		if len(evs) == 0 || evs[len(evs)-1].Version != tj.Version || evs[0].Version != 1 {
			t.Errorf("events: %d, last %+v, version %d", len(evs), evs[len(evs)-1], tj.Version)
		}
		for i := 1; i < len(evs); i++ {
			if evs[i].Version != evs[i-1].Version+1 {
				t.Fatalf("events jump from %d to %d", evs[i-1].Version, evs[i].Version)
			}
		}

		// A new instance restores the same tournament from its checkpoint and operations.
		h2 := newHarness(t, dsn, opts, onClock(shared))
		var tj2 tournamentJSON
		host.on(h2).call("GET", base, nil, &tj2)
		_, summary2 := host.on(h2).raw("GET", base+"/summary", nil)
		if tj2.Version != tj.Version || tj2.Phase != tj.Phase || string(summary2) != string(summary) {
			t.Errorf("restored: version %d phase %s, want %d %s; summaries equal: %v", tj2.Version, tj2.Phase, tj.Version, tj.Phase, string(summary2) == string(summary))
		}
	})
}

// TestTournamentHouse runs a tournament of three with the house AI for the odd player out: the
// house's posts are made by the server as soon as they are due.
func TestTournamentHouse(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		shared := newClock()
		h := newHarness(t, dsn, opts, onClock(shared))
		host := h.member("Host")
		var tj tournamentJSON
		if st := host.call("POST", "/api/tournaments", map[string]any{"oddPlayer": "house", "window": "1h"}, &tj); st != http.StatusCreated {
			t.Fatalf("create: %d %s", st, host.received())
		}
		base := "/api/tournaments/" + tj.ID
		players := map[string]*client{}
		for _, n := range []string{"Ann", "Bob", "Cid"} {
			players[n] = h.member(n)
			players[n].call("POST", base+"/subscribe", nil, nil)
		}
		shared.Advance(time.Hour + time.Second)
		if st := host.call("POST", base+"/advance", nil, nil); st != http.StatusOK {
			t.Fatalf("advance: %d %s", st, host.received())
		}
		var boards []boardJSON
		host.call("GET", base+"/boards", nil, &boards)
		house := -1
		for i, b := range boards {
			if b.Seats[0].Player == tournament.House || b.Seats[1].Player == tournament.House {
				house = i
			}
		}
		if len(boards) != 2 || house < 0 {
			t.Fatalf("boards: %+v", boards)
		}
		// Two rounds: in each, the humans due post; the house's post is the server's.
		for round := 1; round <= 2; round++ {
			var due []boardJSON
			host.call("GET", base+"/boards", nil, &due)
			for _, b := range due {
				side := 0
				if b.ToMove != nil && *b.ToMove == "second" {
					side = 1
				}
				p := b.Seats[side].Player
				if p == tournament.House || b.Status != "playing" {
					continue
				}
				var full boardJSON
				host.call("GET", base+"/boards/"+string(rune('0'+b.Number)), nil, &full)
				if full.View == nil || len(full.View.Legal) == 0 {
					continue
				}
				var o opJSON
				if st := players[p].call("POST", base+"/posts", map[string]any{"board": b.Number, "move": full.View.Legal[0]}, &o); st != http.StatusOK {
					t.Fatalf("round %d: %s's post: %d %s", round, p, st, players[p].received())
				}
			}
			// The house thinks in the background (a search on the cores, not a job, and no
			// stream tells of a tournament): its post closes the round soon after.
			testenv.Eventually(t, 10*time.Second, fmt.Sprintf("round %d closed early by the house's post", round), func() bool {
				host.call("GET", base, nil, &tj)
				return tj.Round != nil && tj.Round.Number == round+1
			})
		}
	})
}
