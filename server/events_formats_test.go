package server_test

import (
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"turncoat/store"
)

// eventJSON is the part of GET /api/events/{id} the tests read.
type eventJSON struct {
	ID        string   `json:"id"`
	Format    string   `json:"format"`
	Status    string   `json:"status"`
	Rounds    int      `json:"rounds"`
	Champion  string   `json:"champion"`
	Players   []string `json:"players"`
	RoundList []struct {
		Number   int `json:"number"`
		Pairings []struct {
			Board    int       `json:"board"`
			Players  [2]string `json:"players"`
			Game     string    `json:"game"`
			Advanced string    `json:"advanced"`
			Ending   string    `json:"ending"`
			Result   *struct {
				Winner *string `json:"winner"`
			} `json:"result"`
		} `json:"pairings"`
	} `json:"roundList"`
	Standings []struct {
		Rank            int     `json:"rank"`
		Player          string  `json:"player"`
		Points          float64 `json:"points"`
		Games           int     `json:"games"`
		Wins            int     `json:"wins"`
		Byes            int     `json:"byes"`
		SonnebornBerger float64 `json:"sonnebornBerger"`
	} `json:"standings"`
}

// eventField signs up the host and players, creates the event and has everyone join.
func eventField(t *testing.T, h *harness, req map[string]any, names []string) (*client, map[string]*client, string) {
	t.Helper()
	host := h.member("Host")
	var ev eventJSON
	if st := host.call("POST", "/api/events", req, &ev); st != http.StatusCreated || ev.Status != "signup" {
		t.Fatalf("create %v: %d %s", req, st, host.received())
	}
	players := map[string]*client{}
	for _, n := range names {
		players[n] = h.member(n)
		if st := players[n].call("POST", "/api/events/"+ev.ID+"/join", nil, nil); st != http.StatusOK {
			t.Fatalf("%s joins: %d %s", n, st, players[n].received())
		}
	}
	if got := getEvent(t, host, ev.ID); !slices.Equal(got.Players, names) || strings.Contains(host.received(), `"id":2`) {
		t.Fatalf("the event's players: %v, want %v (names only)", got.Players, names)
	}
	return host, players, ev.ID
}

func getEvent(t *testing.T, c *client, id string) eventJSON {
	t.Helper()
	var ev eventJSON
	if st := c.call("GET", "/api/events/"+id, nil, &ev); st != http.StatusOK {
		t.Fatalf("GET event: %d %s", st, c.received())
	}
	return ev
}

// playRandom plays a game to its end with random legal moves of its two players.
func playRandom(t *testing.T, id string, seats [2]*client, rng *rand.Rand) {
	t.Helper()
	for turn := 0; turn < 200; turn++ {
		moved := false
		for _, c := range seats {
			g := c.game(id)
			if g.Status == "over" || g.View.Outcome.Over {
				return
			}
			if len(g.View.Legal) == 0 {
				continue
			}
			m := g.View.Legal[rng.IntN(len(g.View.Legal))]
			if st := c.call("POST", "/api/games/"+id+"/move", map[string]any{"move": m}, nil); st != http.StatusOK {
				t.Fatalf("move %s in %s: %d %s", m, id, st, c.received())
			}
			moved = true
		}
		if !moved {
			t.Fatalf("game %s: no one has a legal move and it is not over", id)
		}
	}
	t.Fatalf("game %s: not over after 200 turns", id)
}

// playRound plays every game of the event's latest round with play, and returns the event after.
func playRound(t *testing.T, host *client, players map[string]*client, id string, play func(gameID string, names [2]string)) eventJSON {
	t.Helper()
	ev := getEvent(t, host, id)
	r := ev.RoundList[len(ev.RoundList)-1]
	for _, p := range r.Pairings {
		if p.Game == "" {
			if p.Players[1] != "" || p.Result == nil {
				t.Fatalf("round %d: a pairing without a game that is not a decided bye: %+v", r.Number, p)
			}
			continue
		}
		g := players[p.Players[0]].game(p.Game)
		if g.Status != "active" || g.Mode != "online" || len(g.You) != 1 || g.You[0] != "first" {
			t.Fatalf("round %d game %s for %s: %+v", r.Number, p.Game, p.Players[0], g)
		}
		play(p.Game, p.Players)
	}
	// The event moves on by the jobs stored with its games' ends.
	var ev2 eventJSON
	host.h.waitJobs(t, "the event to move on after round "+strconv.Itoa(r.Number), func() bool {
		ev2 = getEvent(t, host, id)
		if ev2.Status != "finished" && len(ev2.RoundList) == len(ev.RoundList) {
			return false
		}
		// and the new round's games are made (just after the event is saved)
		for _, p := range ev2.RoundList[len(ev2.RoundList)-1].Pairings {
			if st, _ := host.raw("GET", "/api/games/"+p.Game, nil); p.Game != "" && st != http.StatusOK {
				return false
			}
		}
		return true
	})
	return ev2
}

func TestEventRoundRobin(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		names := []string{"Ann", "Bob", "Cid", "Dee"}
		host, players, id := eventField(t, h, map[string]any{"format": "roundrobin", "kind": "reversi",
			"options": map[string]string{"size": "4"}, "correspondence": map[string]any{"days": 3}, "rated": true}, names)
		var e apiError
		if st := players["Ann"].call("POST", "/api/events/"+id+"/start", nil, &e); st != http.StatusForbidden || e.Error.Code != "forbidden" {
			t.Errorf("a player starts the event: %d %+v", st, e)
		}
		if st := host.call("POST", "/api/events/"+id+"/start", nil, nil); st != http.StatusOK {
			t.Fatalf("start: %d %s", st, host.received())
		}
		if n := players["Cid"].notes("event_game"); len(n) != 1 || !strings.Contains(n[0], "Round 1 of the event: you play Reversi / Othello against Bob, and move second.") {
			t.Errorf("Cid's notifications: %q", n)
		}
		if st := h.member("Late").call("POST", "/api/events/"+id+"/join", nil, &e); st != http.StatusConflict {
			t.Errorf("joining a started event: %d %+v", st, e)
		}
		// The earlier name wins every game: the later one resigns.
		met := map[[2]string]int{}
		rank := func(n string) int { return slices.Index(names, n) }
		var ev eventJSON
		for round := 1; round <= 3; round++ {
			ev = playRound(t, host, players, id, func(g string, ps [2]string) {
				loser := ps[0]
				if rank(ps[1]) > rank(ps[0]) {
					loser = ps[1]
				}
				if st := players[loser].call("POST", "/api/games/"+g+"/resign", map[string]any{}, nil); st != http.StatusOK {
					t.Fatalf("%s resigns %s: %d %s", loser, g, st, players[loser].received())
				}
				pair := ps
				slices.Sort(pair[:])
				met[pair]++
			})
			if round < 3 && (len(ev.RoundList) != round+1 || ev.Status != "running") {
				t.Fatalf("after round %d: %d rounds, %s", round, len(ev.RoundList), ev.Status)
			}
		}
		if ev.Status != "finished" || ev.Rounds != 3 || len(met) != 6 {
			t.Fatalf("the event: %s, %d rounds, met %v", ev.Status, ev.Rounds, met)
		}
		for pair, n := range met {
			if n != 1 {
				t.Errorf("%v met %d times", pair, n)
			}
		}
		for i, want := range []struct {
			name   string
			points float64
			sb     float64
		}{{"Ann", 3, 3}, {"Bob", 2, 1}, {"Cid", 1, 0}, {"Dee", 0, 0}} {
			s := ev.Standings[i]
			if s.Player != want.name || s.Rank != i+1 || s.Points != want.points || s.Games != 3 || s.SonnebornBerger != want.sb {
				t.Errorf("standing %d: %+v, want %+v", i+1, s, want)
			}
		}
	})
}

func TestEventSwiss(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		names := []string{"Ann", "Bob", "Cid", "Dee", "Eli", "Fay"}
		host, players, id := eventField(t, h, map[string]any{"format": "swiss", "kind": "reversi",
			"options": map[string]string{"size": "4"}, "rounds": 3}, names)
		if st := host.call("POST", "/api/events/"+id+"/start", nil, nil); st != http.StatusOK {
			t.Fatalf("start: %d %s", st, host.received())
		}
		rng := rand.New(rand.NewPCG(1, 2))
		met := map[[2]string]bool{}
		var ev eventJSON
		for round := 1; round <= 3; round++ {
			ev = playRound(t, host, players, id, func(g string, ps [2]string) {
				pair := ps
				slices.Sort(pair[:])
				if met[pair] {
					t.Errorf("round %d repeats %v", round, pair)
				}
				met[pair] = true
				playRandom(t, g, [2]*client{players[ps[0]], players[ps[1]]}, rng)
			})
		}
		if ev.Status != "finished" || len(ev.RoundList) != 3 || len(met) != 9 {
			t.Fatalf("the event: %s, %d rounds, %d pairs", ev.Status, len(ev.RoundList), len(met))
		}
		total := 0.0
		for _, s := range ev.Standings {
			total += s.Points
			if s.Games != 3 {
				t.Errorf("%s played %d games", s.Player, s.Games)
			}
		}
		if total != 9 {
			t.Errorf("the standings share %v points, want 9 (9 games)", total)
		}
	})
}

func TestEventKnockout(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		names := []string{"Ann", "Bob", "Cid", "Dee"}
		host, players, id := eventField(t, h, map[string]any{"format": "knockout", "kind": "reversi",
			"options": map[string]string{"size": "4"}, "time": map[string]any{"kind": "fischer", "baseMs": 600000, "incrementMs": 2000}}, names)
		var e apiError
		if st := host.call("POST", "/api/events", map[string]any{"format": "knockout", "kind": "reversi", "rounds": 2}, &e); st != http.StatusBadRequest || e.Error.Code != "bad_request" {
			t.Errorf("a knockout with rounds: %d %+v", st, e)
		}
		if st := host.call("POST", "/api/events/"+id+"/start", nil, nil); st != http.StatusOK {
			t.Fatalf("start: %d %s", st, host.received())
		}
		rng := rand.New(rand.NewPCG(3, 4))
		ev := playRound(t, host, players, id, func(g string, ps [2]string) {
			playRandom(t, g, [2]*client{players[ps[0]], players[ps[1]]}, rng)
		})
		first := ev.RoundList[0]
		if len(first.Pairings) != 2 || first.Pairings[0].Players != [2]string{"Ann", "Dee"} || first.Pairings[1].Players != [2]string{"Bob", "Cid"} {
			t.Fatalf("round 1: %+v", first.Pairings)
		}
		var finalists []string
		for _, p := range first.Pairings {
			want := p.Players[0] // the higher seed goes through on a draw
			if w := p.Result.Winner; w != nil && *w == "second" {
				want = p.Players[1]
			}
			if p.Advanced != want {
				t.Errorf("%v: %s went through, want %s", p.Players, p.Advanced, want)
			}
			finalists = append(finalists, p.Advanced)
		}
		slices.SortFunc(finalists, func(a, b string) int { return slices.Index(names, a) - slices.Index(names, b) })
		if len(ev.RoundList) != 2 || ev.RoundList[1].Pairings[0].Players != [2]string(finalists) {
			t.Fatalf("the final: %+v, want %v (the higher seed First)", ev.RoundList, finalists)
		}
		// The final is drawn by agreement: the higher seed goes through.
		ev = playRound(t, host, players, id, func(g string, ps [2]string) {
			for _, p := range ps {
				if st := players[p].call("POST", "/api/games/"+g+"/draw", map[string]any{}, nil); st != http.StatusOK {
					t.Fatalf("%s offers a draw: %d %s", p, st, players[p].received())
				}
			}
		})
		final := ev.RoundList[1].Pairings[0]
		if ev.Status != "finished" || ev.Champion != finalists[0] || final.Result == nil || final.Result.Winner != nil || final.Advanced != finalists[0] {
			t.Fatalf("the event: %s, champion %q, want %s; the final %+v", ev.Status, ev.Champion, finalists[0], final)
		}
	})
}

// TestEventByesAndRefusals plays a round robin of three (a bye each round) and checks what the
// API refuses.
func TestEventByesAndRefusals(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		host := h.member("Host")
		for _, c := range []struct {
			req  map[string]any
			code string
		}{
			{map[string]any{"format": "ladder", "kind": "reversi"}, "bad_request"},
			{map[string]any{"format": "swiss", "kind": "reversi"}, "bad_request"},
			{map[string]any{"format": "roundrobin", "kind": "chess"}, "unknown_kind"},
			{map[string]any{"format": "roundrobin", "kind": "reversi", "options": map[string]string{"size": "5"}}, "bad_option"},
			{map[string]any{"format": "roundrobin", "kind": "reversi", "correspondence": map[string]any{"days": 4}}, "bad_option"},
		} {
			var e apiError
			if st := host.call("POST", "/api/events", c.req, &e); st != http.StatusBadRequest || e.Error.Code != c.code || e.Error.Message == "" {
				t.Errorf("create %v: %d %+v, want 400 %s", c.req, st, e, c.code)
			}
		}
		var e apiError
		if st := h.bot().call("POST", "/api/events", map[string]any{"format": "roundrobin", "kind": "reversi"}, &e); st != http.StatusForbidden {
			t.Errorf("a guest creates an event: %d %+v", st, e)
		}
		if st := host.call("GET", "/api/events/nosuchevent", nil, &e); st != http.StatusNotFound || e.Error.Code != "not_found" {
			t.Errorf("no such event: %d %+v", st, e)
		}
		names := []string{"Ann", "Bob", "Cid"}
		var ev eventJSON
		if st := host.call("POST", "/api/events", map[string]any{"format": "roundrobin", "kind": "reversi",
			"options": map[string]string{"size": "4"}}, &ev); st != http.StatusCreated {
			t.Fatalf("create: %d", st)
		}
		id := ev.ID
		players := map[string]*client{}
		for i, n := range names {
			players[n] = h.member(n)
			if st := players[n].call("POST", "/api/events/"+id+"/join", nil, nil); st != http.StatusOK {
				t.Fatalf("%s joins: %d", n, st)
			}
			if i == 0 {
				if st := host.call("POST", "/api/events/"+id+"/start", nil, &e); st != http.StatusConflict {
					t.Errorf("start with one player: %d %+v", st, e)
				}
			}
		}
		if st := players["Ann"].call("POST", "/api/events/"+id+"/join", nil, &e); st != http.StatusConflict {
			t.Errorf("joining twice: %d %+v", st, e)
		}
		if st := h.bot().call("POST", "/api/events/"+id+"/join", nil, &e); st != http.StatusForbidden {
			t.Errorf("a guest joins: %d %+v", st, e)
		}
		if st := host.call("POST", "/api/events/"+id+"/start", nil, nil); st != http.StatusOK {
			t.Fatalf("start: %d %s", st, host.received())
		}
		if st := host.call("POST", "/api/events/"+id+"/start", nil, &e); st != http.StatusConflict {
			t.Errorf("starting twice: %d %+v", st, e)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		byes := map[string]int{}
		for round := 1; round <= 3; round++ {
			before := getEvent(t, host, id)
			for _, p := range before.RoundList[round-1].Pairings {
				if p.Players[1] == "" {
					byes[p.Players[0]]++
				}
			}
			ev = playRound(t, host, players, id, func(g string, ps [2]string) {
				playRandom(t, g, [2]*client{players[ps[0]], players[ps[1]]}, rng)
			})
		}
		if ev.Status != "finished" || len(ev.RoundList) != 3 || len(byes) != 3 {
			t.Fatalf("the event: %s, %d rounds, byes %v", ev.Status, len(ev.RoundList), byes)
		}
		total := 0.0
		for _, s := range ev.Standings {
			total += s.Points
			if s.Byes != 1 || s.Games != 2 {
				t.Errorf("%s: %d byes, %d games, want 1 and 2", s.Player, s.Byes, s.Games)
			}
		}
		if total != 3+3 { // three games, three byes
			t.Errorf("the standings share %v points, want 6", total)
		}
	})
}
