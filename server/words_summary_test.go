package server_test

import (
	"net/http"
	"strings"
	"testing"

	"turncoat/store"
)

// TestTournamentSummaryInTheirLanguage: a tournament's summary for the thread is said in the
// reader's language: Spanish by Accept-Language, Portuguese by lang (which wins over the
// header), in each format; English without either, as before.
func TestTournamentSummaryInTheirLanguage(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		host := h.member("Host")
		var tj tournamentJSON
		if st := host.call("POST", "/api/tournaments", map[string]any{"title": "Copa", "options": "size=6", "reward": "150",
			"roundLength": "24h", "window": "24h"}, &tj); st != http.StatusCreated {
			t.Fatalf("create: %d %s", st, host.received())
		}
		base := "/api/tournaments/" + tj.ID
		anon := h.browser()
		summary := func(query string, header ...string) string {
			t.Helper()
			st, b := anon.raw("GET", base+"/summary"+query, nil, header...)
			if st != http.StatusOK {
				t.Fatalf("summary%s %v: %d %s", query, header, st, b)
			}
			return string(b)
		}
		if h.member("Ann").call("POST", base+"/subscribe", nil, nil) != http.StatusOK {
			t.Fatal("Ann subscribes")
		}
		if s := summary("", "Accept-Language", "es-ES,es;q=0.9"); !strings.Contains(s, "Copa — inscripción abierta hasta ") || !strings.Contains(s, "1 jugador inscrito: Ann") {
			t.Errorf("Spanish, subscription open:\n%s", s)
		}
		if s := summary("?lang=pt"); !strings.Contains(s, "1 jogador inscrito: Ann") {
			t.Errorf("Portuguese, subscription open:\n%s", s)
		}
		if s := summary(""); !strings.Contains(s, "Copa — subscription open until ") || !strings.Contains(s, "1 player subscribed: Ann") {
			t.Errorf("English, subscription open:\n%s", s)
		}
		for _, n := range []string{"Bob", "Cid", "Dee"} {
			if h.member(n).call("POST", base+"/subscribe", nil, nil) != http.StatusOK {
				t.Fatalf("%s subscribes", n)
			}
		}
		if st := host.call("POST", base+"/start", map[string]any{}, nil); st != http.StatusOK {
			t.Fatalf("start: %d %s", st, host.received())
		}
		es := summary("", "Accept-Language", "es")
		for _, want := range []string{"Copa — Ronda 1 — solo publica Rojo", "Publica antes de ", "4 jugadores en 2 tableros; los dados decidieron los colores",
			"Tablero #1 — ", "(Rojo) contra ", "(Rojo) debe publicar", "Clasificación", "Pagado hasta ahora: 0 "} {
			if !strings.Contains(es, want) {
				t.Errorf("Spanish: no %q in\n%s", want, es)
			}
		}
		pt := summary("?lang=pt&format=markdown", "Accept-Language", "es")
		for _, want := range []string{"## Copa — Rodada 1 — só posta Vermelho", "**Tabuleiro #2**", "![Tabuleiro #1](", "**Classificação**", "Pago até agora: 0 "} {
			if !strings.Contains(pt, want) {
				t.Errorf("Portuguese Markdown: no %q in\n%s", want, pt)
			}
		}
		if bb := summary("?format=bbcode&lang=es"); !strings.Contains(bb, "[size=150][b]Copa — Ronda 1 — solo publica Rojo[/b][/size]") || !strings.Contains(bb, "[b]Tablero #1[/b]") {
			t.Errorf("Spanish BBCode:\n%s", bb)
		}
		en := summary("", "Accept-Language", "de")
		for _, want := range []string{"Copa — Round 1 — only Reds post", "4 players on 2 boards; the dice decided the colours: Red moves first.", "Board #1 — ", "Standings", "Paid so far: 0 "} {
			if !strings.Contains(en, want) {
				t.Errorf("English: no %q in\n%s", want, en)
			}
		}
		if summary("?lang=en") != en {
			t.Error("English by lang differs from English by default")
		}
	})
}
