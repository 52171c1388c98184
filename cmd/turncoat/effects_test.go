package main

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"turncoat/internal/testenv"
)

// member signs a player up and returns a client with an API token of theirs.
func member(t *testing.T, base, name string) *apiClient {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, Timeout: 60 * time.Second}
	c := &apiClient{t: t, base: base, http: hc}
	if st, b := c.do("POST", "/api/signup", map[string]any{"name": name, "password": "a long secret of " + name}, nil); st != http.StatusCreated {
		t.Fatalf("sign up %s: %d %s", name, st, b)
	}
	var tok struct{ Token string }
	if st, b := c.do("POST", "/api/tokens", map[string]any{"name": "test"}, &tok); st != http.StatusCreated || tok.Token == "" {
		t.Fatalf("token of %s: %d %s", name, st, b)
	}
	return &apiClient{t: t, base: base, token: tok.Token}
}

// eventResp is the part of a paired event's JSON this test reads.
type eventResp struct {
	Status    string `json:"status"`
	RoundList []struct {
		Number   int `json:"number"`
		Pairings []struct {
			Players [2]string `json:"players"`
			Game    string    `json:"game"`
			Result  *struct{} `json:"result"`
		} `json:"pairings"`
	} `json:"roundList"`
}

// TestServeSIGKILLKeepsEffects kills the real binary with SIGKILL right after the game-ending
// move of the last game of a rated Swiss event's first round is acknowledged, with more live
// games in the database than any start-up scan ever covered; after a restart on the same
// database, both games' ratings are stored, the second round is paired and its games exist,
// each exactly once: what follows a move is stored with it, as jobs.
func TestServeSIGKILLKeepsEffects(t *testing.T) {
	db := filepath.Join(t.TempDir(), "effects.db")
	p := startServer(t, db, "--limits", "off")
	// More live games than the capped scans of earlier versions read (1,000): timed, with
	// clocks running.
	crowd := newGuest(t, p.url)
	for range 1100 {
		crowd.create(map[string]any{"kind": "reversi", "mode": "hotseat", "time": map[string]any{"kind": "fischer", "baseMs": 3600000}})
	}
	host := member(t, p.url, "Host")
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	players := map[string]*apiClient{}
	var ev struct {
		ID string `json:"id"`
	}
	if st, b := host.do("POST", "/api/events", map[string]any{"format": "swiss", "kind": "reversi", "options": map[string]string{"size": "4"},
		"rounds": 2, "rated": true}, &ev); st != http.StatusCreated {
		t.Fatalf("create the event: %d %s", st, b)
	}
	for _, n := range names {
		players[n] = member(t, p.url, n)
		if st, b := players[n].do("POST", "/api/events/"+ev.ID+"/join", nil, nil); st != http.StatusOK {
			t.Fatalf("%s joins: %d %s", n, st, b)
		}
	}
	if st, b := host.do("POST", "/api/events/"+ev.ID+"/start", nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d %s", st, b)
	}
	var e eventResp
	host.do("GET", "/api/events/"+ev.ID, nil, &e)
	if len(e.RoundList) != 1 || len(e.RoundList[0].Pairings) != 2 {
		t.Fatalf("round 1: %+v", e.RoundList)
	}
	// Round 1: in each game the second player resigns; the kill comes right after the second
	// resignation's acknowledgement.
	for _, pr := range e.RoundList[0].Pairings {
		if st, b := players[pr.Players[1]].do("POST", "/api/games/"+pr.Game+"/resign", map[string]any{}, nil); st != http.StatusOK {
			t.Fatalf("%s resigns: %d %s", pr.Players[1], st, b)
		}
	}
	p.kill()

	q := startServer(t, db, "--limits", "off")
	host = host.at(q.url)
	// The restarted server works the stored jobs on its own time.
	paired := testenv.PollUntil(context.Background(), 90*time.Second, func() bool {
		host.do("GET", "/api/events/"+ev.ID, nil, &e)
		return len(e.RoundList) >= 2
	})
	if !paired {
		t.Fatalf("the second round was not paired within 90 s of the restart: %+v\n%s", e, q.logs.String())
	}
	if len(e.RoundList) != 2 || len(e.RoundList[1].Pairings) != 2 {
		t.Fatalf("the rounds after the restart: %+v", e.RoundList)
	}
	seen := map[string]bool{}
	for _, pr := range e.RoundList[1].Pairings {
		if pr.Game == "" || seen[pr.Game] {
			t.Fatalf("round 2's games: %+v", e.RoundList[1].Pairings)
		}
		seen[pr.Game] = true
		// A round's games are made by their own jobs, after the pairing that names them.
		var g gameResp
		var st int
		var b []byte
		testenv.PollUntil(context.Background(), 60*time.Second, func() bool {
			st, b = players[pr.Players[0]].at(q.url).do("GET", "/api/games/"+pr.Game, nil, &g)
			return st != http.StatusNotFound
		})
		if st != http.StatusOK || g.View.Ply != 0 {
			t.Fatalf("round 2's game %s: %d %s", pr.Game, st, b)
		}
	}
	// Each player's rating counts its one rated game, once.
	for _, n := range names {
		var prof struct {
			Ratings []struct {
				Games int `json:"games"`
			} `json:"ratings"`
		}
		testenv.PollUntil(context.Background(), 60*time.Second, func() bool {
			players[n].at(q.url).do("GET", "/api/users/"+n, nil, &prof)
			return len(prof.Ratings) == 1
		})
		if len(prof.Ratings) != 1 || prof.Ratings[0].Games != 1 {
			t.Errorf("%s's ratings after the restart: %+v", n, prof.Ratings)
		}
	}
	// And the games counted by the store: the crowd's, the event's four, nothing twice.
	var mine []struct{ ID string }
	players["Ann"].at(q.url).do("GET", "/api/games", nil, &mine)
	ids := make([]string, 0, len(mine))
	for _, g := range mine {
		ids = append(ids, g.ID)
	}
	slices.Sort(ids)
	if len(ids) != 2 || len(slices.Compact(ids)) != 2 {
		t.Errorf("Ann's games: %v, want her two", ids)
	}
}
