package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"turncoat/store"
	"turncoat/tournament"
)

// startedTournament creates a tournament of four players by its host and starts it: round 1,
// Reds post. It returns the harness's clients by name, the tournament's path and its first
// two boards.
func startedTournament(t *testing.T, h *harness) (map[string]*client, string, [2]boardJSON) {
	t.Helper()
	host := h.member("Host")
	var tj tournamentJSON
	if st := host.call("POST", "/api/tournaments", map[string]any{"title": "Copa", "options": "size=6", "reward": "150",
		"roundLength": "24h", "window": "24h"}, &tj); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, host.received())
	}
	base := "/api/tournaments/" + tj.ID
	people := map[string]*client{"Host": host}
	for _, n := range []string{"Ann", "Bob", "Cid", "Dee"} {
		people[n] = h.member(n)
		if people[n].call("POST", base+"/subscribe", nil, nil) != http.StatusOK {
			t.Fatalf("%s subscribes", n)
		}
	}
	if st := host.call("POST", base+"/start", map[string]any{}, nil); st != http.StatusOK {
		t.Fatalf("start: %d %s", st, host.received())
	}
	var bs [2]boardJSON
	for i := range bs {
		if st := host.call("GET", base+"/boards/"+string(rune('1'+i)), nil, &bs[i]); st != http.StatusOK || bs[i].View == nil {
			t.Fatalf("board %d: %d %+v", i+1, st, bs[i])
		}
	}
	return people, base, bs
}

// TestTournamentRefusalsInTheirLanguage: a post or a subscription the tournament refuses is
// said in the poster's language (Spanish by Accept-Language, Portuguese by lang), with what it
// names (the board, the round, the sides in the language); English as before.
func TestTournamentRefusalsInTheirLanguage(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		people, base, bs := startedTournament(t, h)
		red1, blue1 := bs[0].Seats[0].Player, bs[0].Seats[1].Player
		post := func(who, query, body string, header ...string) apiError {
			t.Helper()
			var e apiError
			st, b := people[who].raw("POST", base+"/posts"+query, []byte(body), append([]string{"Content-Type", "text/plain"}, header...)...)
			if st < 400 {
				t.Fatalf("%s's post %q was taken: %d %s", who, body, st, b)
			}
			json.Unmarshal(b, &e)
			return e
		}
		move := "Board #1\n" + tournament.ForumMove(bs[0].View.Legal[0])
		for _, c := range []struct {
			who, query, body, lang, code, want string
		}{
			{blue1, "", move, "es", "not_your_round", "En la ronda 1 publica Rojo: juegas con Azul en el Tablero #1; publica en la ronda 2."},
			{blue1, "?lang=pt", move, "es", "not_your_round", "Na rodada 1 posta Vermelho: você joga com Azul no Tabuleiro #1; poste na rodada 2."},
			{blue1, "", move, "", "not_your_round", "Round 1 is for Red to post: you play Blue on Board #1; post in round 2."},
			{red1, "", "hello", "es", "bad_post", "“hello”: una publicación empieza con el número del tablero, como “Board #3”."},
			{red1, "", "Board #1\n", "es", "bad_post", "No hay jugada después de “Board #1”: escribe la casilla (como “D 5”) o “Pass - no moves available” en la línea siguiente."},
			{red1, "", "Board #9\nD 5", "es", "not_found", "No hay Tablero #9 (tableros 1 a 2)."},
			{red1, "", "Board #2\nD 5", "es", "not_your_board", "El Tablero #2 no es tuyo: juegas en el Tablero #1."},
			{red1, "", "Board #1\npass", "es", "pass_refused", "Tablero #1: no puedes pasar mientras tengas una jugada: puedes jugar "},
			{red1, "", " \n", "es", "bad_post", "La publicación está vacía: escribe “Board #N” y tu jugada en la línea siguiente."},
		} {
			var header []string
			if c.lang != "" {
				header = []string{"Accept-Language", c.lang}
			}
			e := post(c.who, c.query, c.body, header...)
			if e.Error.Code != c.code || !strings.HasPrefix(e.Error.Message, c.want) {
				t.Errorf("%q%s in %q: %+v, want %s %q", c.body, c.query, c.lang, e.Error, c.code, c.want)
			}
		}
		var e apiError
		st, b := people["Ann"].raw("POST", base+"/subscribe?lang=es", nil)
		json.Unmarshal(b, &e)
		if st != http.StatusConflict || !strings.HasPrefix(e.Error.Message, "La inscripción se cerró a las ") ||
			!strings.HasSuffix(e.Error.Message, ": pide al anfitrión ser reserva.") {
			t.Errorf("a subscription after the start, in Spanish: %d %s", st, b)
		}
		st, b = people[red1].raw("PUT", base+"/posts", []byte(`{"board": 1, "move": "`+bs[0].View.Legal[0]+`"}`), "Accept-Language", "es")
		json.Unmarshal(b, &e)
		if st != http.StatusConflict || e.Error.Code != "no_post" || e.Error.Message != "No tienes publicación en el Tablero #1 en la ronda 1: publica tu jugada." {
			t.Errorf("an edit without a post, in Spanish: %d %s", st, b)
		}
	})
}

// TestTournamentEventsInTheirLanguage: a tournament's events are said in the reader's language
// (re-said from the stored events: the seating, the round, the post); English as stored.
func TestTournamentEventsInTheirLanguage(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		people, base, bs := startedTournament(t, h)
		red1 := bs[0].Seats[0].Player
		move := tournament.ForumMove(bs[0].View.Legal[0])
		if st, b := people[red1].raw("POST", base+"/posts", []byte("Board #1\n"+move), "Content-Type", "text/plain"); st != http.StatusOK {
			t.Fatalf("Red's post: %d %s", st, b)
		}
		texts := func(header ...string) string {
			t.Helper()
			var evs []struct {
				Text string `json:"text"`
			}
			st, b := h.browser().raw("GET", base+"/events", nil, header...)
			if st != http.StatusOK || json.Unmarshal(b, &evs) != nil {
				t.Fatalf("events %v: %d %s", header, st, b)
			}
			var out []string
			for _, e := range evs {
				out = append(out, e.Text)
			}
			return strings.Join(out, "\n")
		}
		es := texts("Accept-Language", "es")
		for _, want := range []string{"Ronda 1 — solo publica Rojo (hasta ", "Tablero #1: " + red1 + " (Rojo) publicó " + move, "(Rojo) contra "} {
			if !strings.Contains(es, want) {
				t.Errorf("Spanish: no %q in\n%s", want, es)
			}
		}
		// The tournament's own round title, in the language asked for.
		var tv struct {
			Round struct {
				Title string `json:"title"`
			} `json:"round"`
		}
		if st := h.browser().call("GET", base+"?lang=es", nil, &tv); st != http.StatusOK || tv.Round.Title != "Ronda 1 — solo publica Rojo" {
			t.Errorf("the round's title in Spanish: %d %q", st, tv.Round.Title)
		}
		if st := h.browser().call("GET", base, nil, &tv); st != http.StatusOK || tv.Round.Title != "Round 1 — only Reds post" {
			t.Errorf("the round's title in English: %d %q", st, tv.Round.Title)
		}
		en := texts()
		for _, want := range []string{"Round 1 — only Reds post (until ", "Board #1: " + red1 + " (Red) posted " + move, "Ann subscribed (1 player)"} {
			if !strings.Contains(en, want) {
				t.Errorf("English: no %q in\n%s", want, en)
			}
		}
	})
}
