package main

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"syscall"
	"testing"
	"time"

	"turncoat/internal/crashpoint"
	"turncoat/internal/testenv"
)

// TestServeCrashAtEachEffect kills the real binary at each step of what follows the move that
// ends the last game of a rated correspondence Swiss event's first round: once the rating is
// stored, once the second round is paired, once its first game is made, once notices are
// stored, once a mail is sent (each time right after the effect is committed and before the
// job that made it is recorded as done). After a restart on the same database every effect is
// there exactly once: each player's rating counts one game, the second round has its two
// games, each player is told of each of their games once and of each move that is theirs once,
// and each of those notices is mailed as one message (a mail sent again after the crash is the
// same message: its Message-ID).
func TestServeCrashAtEachEffect(t *testing.T) {
	for _, point := range []string{crashpoint.Rated, crashpoint.Paired, crashpoint.RoundGame, crashpoint.Noticed, crashpoint.Mailed} {
		t.Run(point, func(t *testing.T) {
			t.Parallel()
			crashAt(t, point)
		})
	}
}

// confirmLink is an address's confirmation link in its mail.
var confirmLink = regexp.MustCompile(`/confirm-email\?t=([A-Za-z0-9%]+)`)

func crashAt(t *testing.T, point string) {
	db := filepath.Join(t.TempDir(), "crash.db")
	smtp := testenv.SMTP(t)
	cert := filepath.Join(t.TempDir(), "smtp.pem")
	if err := os.WriteFile(cert, smtp.CertPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	trust := []string{"SSL_CERT_FILE=" + cert}
	flags := []string{"--limits", "off", "--smtp", smtp.URL, "--public-url", "https://turncoat.test"}

	// The event is made and its first round played up to the last move on a server that never
	// crashes, stopped gracefully.
	p := startServerEnv(t, db, trust, flags...)
	host := member(t, p.url, "Host")
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	players := map[string]*apiClient{}
	for _, n := range names {
		players[n] = member(t, p.url, n)
		if st, b := players[n].do("PUT", "/api/me/email", map[string]any{"email": n + "@example.org"}, nil); st != http.StatusOK {
			t.Fatalf("%s's address: %d %s", n, st, b)
		}
	}
	// Each address is confirmed by the link mailed to it.
	smtp.Wait(t, len(names), 60*time.Second)
	for _, m := range smtp.Messages() {
		mm, err := m.Read()
		if err != nil {
			t.Fatal(err)
		}
		link := confirmLink.FindStringSubmatch(string(mm.Parts["text/plain"]))
		if link == nil {
			t.Fatalf("no confirmation link in %s", mm.Parts["text/plain"])
		}
		token, _ := url.QueryUnescape(link[1])
		if st, b := host.do("POST", "/api/email/confirm", map[string]any{"token": token}, nil); st != http.StatusOK {
			t.Fatalf("confirming an address: %d %s", st, b)
		}
	}
	var ev struct {
		ID string `json:"id"`
	}
	if st, b := host.do("POST", "/api/events", map[string]any{"format": "swiss", "kind": "reversi", "options": map[string]string{"size": "4"},
		"rounds": 2, "rated": true, "correspondence": map[string]any{"days": 3}}, &ev); st != http.StatusCreated {
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
	// Round 1's two "your move" notices are mailed before the stop (after the confirmations).
	smtp.Wait(t, len(names)+2, 60*time.Second)
	var e eventResp
	host.do("GET", "/api/events/"+ev.ID, nil, &e)
	if len(e.RoundList) != 1 || len(e.RoundList[0].Pairings) != 2 {
		t.Fatalf("round 1: %+v", e.RoundList)
	}
	p.stop()

	// The second server crashes itself at the point, after the resignations that end round 1.
	// A game's rating is a job of its own, which may run (and crash the server at "rated") as
	// soon as the first resignation is stored: a resignation the crash cut off is made again
	// on the third server (where, if the crash came after it was stored, the game is over).
	q := startServerEnv(t, db, append(trust, crashpoint.Env+"="+point), flags...)
	var cutOff []int // indexes in round 1's pairings
	for i, pr := range e.RoundList[0].Pairings {
		c := players[pr.Players[1]].at(q.url)
		st, b, err := c.api().Raw(t.Context(), "POST", "/api/games/"+pr.Game+"/resign", "", []byte("{}"))
		if err != nil && point == crashpoint.Rated {
			cutOff = append(cutOff, i)
			continue
		}
		if err != nil || st != http.StatusOK {
			t.Fatalf("%s resigns: %d %s %v", pr.Players[1], st, b, err)
		}
	}
	select {
	case <-q.done:
	case <-time.After(120 * time.Second):
		t.Fatalf("the server did not crash at %q within 120 s:\n%s", point, q.logs.String())
	}

	// The third server finds what the crash left and finishes it.
	// What a crash interrupted within a job runs again at the start; what a job was to do later
	// (a round's games, seconds after the round is stored) comes due on the real clock.
	r := startServerEnv(t, db, trust, flags...)
	for _, i := range cutOff {
		pr := e.RoundList[0].Pairings[i]
		if st, b := players[pr.Players[1]].at(r.url).do("POST", "/api/games/"+pr.Game+"/resign", map[string]any{}, nil); st != http.StatusOK && st != http.StatusConflict {
			t.Fatalf("%s resigns after the restart: %d %s", pr.Players[1], st, b)
		}
	}
	const within = 150 * time.Second
	if !testenv.PollUntil(t.Context(), within, func() bool {
		host.at(r.url).do("GET", "/api/events/"+ev.ID, nil, &e)
		return len(e.RoundList) >= 2
	}) {
		t.Fatalf("the second round was not paired within %v of the restart: %+v\n%s", within, e, r.logs.String())
	}
	if len(e.RoundList) != 2 || len(e.RoundList[1].Pairings) != 2 {
		t.Fatalf("the rounds after the restart: %+v", e.RoundList)
	}
	games := map[string]bool{}
	for _, rd := range e.RoundList {
		for _, pr := range rd.Pairings {
			if pr.Game == "" || games[pr.Game] {
				t.Fatalf("the rounds' games: %+v", e.RoundList)
			}
			games[pr.Game] = true
		}
	}
	// Each of the four games' first mover is mailed "your move" once: four messages, whatever
	// was sent twice.
	var ids []string
	testenv.PollUntil(t.Context(), within, func() bool {
		ids = ids[:0]
		for _, m := range smtp.Messages() {
			mm, err := m.Read()
			if err != nil {
				t.Fatal(err)
			}
			if confirmLink.Match(mm.Parts["text/plain"]) {
				continue
			}
			ids = append(ids, mm.Header.Get("Message-Id"))
		}
		slices.Sort(ids)
		return len(slices.Compact(slices.Clone(ids))) >= 4
	})
	if distinct := slices.Compact(slices.Clone(ids)); len(distinct) != 4 || slices.Contains(distinct, "") {
		t.Errorf("the mails' Message-IDs: %v, want 4 distinct", ids)
	}
	if point != crashpoint.Mailed && len(ids) != 4 {
		t.Errorf("%d mails sent, want 4: only a crash after a send sends it again", len(ids))
	}
	for _, n := range names {
		c := players[n].at(r.url)
		// The rating counts the one rated game, once.
		var prof struct {
			Ratings []struct {
				Games int `json:"games"`
			} `json:"ratings"`
		}
		testenv.PollUntil(t.Context(), within, func() bool {
			c.do("GET", "/api/users/"+n, nil, &prof)
			return len(prof.Ratings) == 1
		})
		if len(prof.Ratings) != 1 || prof.Ratings[0].Games != 1 {
			t.Errorf("%s's ratings: %+v", n, prof.Ratings)
		}
		// Each game told once: one notice a round; each "your move" once. A round's notices are
		// stored by jobs of their own, which may still be at work when the round is paired and
		// its mails sent: wait for the second round's, then look for any told twice.
		var count map[string]int
		events := 0
		testenv.PollUntil(t.Context(), within, func() bool {
			var notes struct {
				Notifications []struct {
					Kind string `json:"kind"`
					Game string `json:"game"`
				} `json:"notifications"`
			}
			if st, b := c.do("GET", "/api/notifications?limit=100", nil, &notes); st != http.StatusOK {
				t.Fatalf("%s's notifications: %d %s", n, st, b)
			}
			count, events = map[string]int{}, 0
			for _, nt := range notes.Notifications {
				if count[nt.Kind+" "+nt.Game]++; nt.Kind == "event_game" && count[nt.Kind+" "+nt.Game] == 1 {
					events++
				}
			}
			return events >= 2
		})
		for k, v := range count {
			if v != 1 {
				t.Errorf("%s was told %q %d times", n, k, v)
			}
		}
		if events != 2 {
			t.Errorf("%s's notices of the event's games: %v, want one a round", n, count)
		}
	}
}

// stop ends the process gracefully (SIGTERM) and waits for it.
func (p *serverProcess) stop() {
	p.t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		p.t.Fatal(err)
	}
	select {
	case <-p.done:
	case <-time.After(60 * time.Second):
		p.t.Fatal("the server did not stop within 60 s of SIGTERM")
	}
}
