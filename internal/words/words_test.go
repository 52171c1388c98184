package words

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
)

// TestCataloguesComplete: every sentence of English's catalogue is in Portuguese's and
// Spanish's, with the same placeholders, and no language has a sentence English has not.
func TestCataloguesComplete(t *testing.T) {
	en := Keys("en")
	if len(en) == 0 {
		t.Fatal("no English sentences")
	}
	for _, l := range Langs[1:] {
		if got := Keys(l); !slices.Equal(got, en) {
			t.Errorf("%s's keys differ from English's:\n%v\n%v", l, got, en)
		}
		for _, k := range en {
			if s, _ := Say(l, k, nil); s == "" {
				t.Errorf("%s: %s is empty", l, k)
			}
			if a, b := Placeholders("en", k), Placeholders(l, k); !slices.Equal(a, b) {
				t.Errorf("%s: %s has placeholders %v, English %v", l, k, b, a)
			}
		}
	}
}

// TestPlurals: a count picks its form as the web UI's Intl.PluralRules does.
func TestPlurals(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "1 player"}, {"en", 0, "0 players"}, {"en", 3, "3 players"},
		{"es", 1, "1 jugador"}, {"es", 0, "0 jugadores"}, {"es", 2, "2 jugadores"},
		{"pt", 1, "1 jogador"}, {"pt", 0, "0 jogador"}, {"pt", 5, "5 jogadores"},
	} {
		if got, ok := SayN(c.lang, "tournament.players", c.n, nil); !ok || got != c.want {
			t.Errorf("SayN(%s, %d) = %q %v, want %q", c.lang, c.n, got, ok, c.want)
		}
	}
}

func TestSayAndPick(t *testing.T) {
	if s, ok := Say("es", "name_taken.name", map[string]string{"name": "Ana"}); !ok || s != "El nombre Ana ya existe." {
		t.Errorf("Say: %q %v", s, ok)
	}
	if _, ok := Say("es", "no.such.key", nil); ok {
		t.Error("a key no catalogue has")
	}
	for _, c := range []struct{ lang, accept, want string }{
		{"pt", "es", "pt"},
		{"", "es-ES,es;q=0.9,en;q=0.8", "es"},
		{"de", "de-DE, pt-BR;q=0.7, en;q=0.9", "en"},
		{"", "de-DE, pt-BR;q=0.7", "pt"},
		{"", "", "en"},
		{"", "fr;q=abc, es;q=0.1", "es"},
	} {
		if got := Pick(c.lang, c.accept); got != c.want {
			t.Errorf("Pick(%q, %q) = %q, want %q", c.lang, c.accept, got, c.want)
		}
	}
}

// TestKeysSaid: every sentence the program's Go code names by a literal key (an error's
// Words, a Say) is in the English catalogue, so no person is shown a missing sentence.
func TestKeysSaid(t *testing.T) {
	said := regexp.MustCompile(`(?:\.Words\(|Words:\s*|words\.Say\([^,]+, |words\.Note\([^,]+, |\.say\(|\brefused\()"([a-z][a-z0-9_.]*[a-z0-9_])"\s*[,)}]`)
	// A plural's key names its forms: key.one and key.other (words.SayN, the tournament's sayN).
	plural := regexp.MustCompile(`(?:words\.SayN\([^,]+, |\.sayN\()"([a-z][a-z0-9_.]*[a-z0-9_])"\s*[,)}]`)
	n := 0
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && path != "../..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range said.FindAllSubmatch(b, -1) {
			n++
			if _, ok := Say("en", string(m[1]), nil); !ok {
				t.Errorf("%s names %q, which the catalogue has not", path, m[1])
			}
		}
		for _, m := range plural.FindAllSubmatch(b, -1) {
			n++
			for _, form := range []string{".one", ".other"} {
				if _, ok := Say("en", string(m[1])+form, nil); !ok {
					t.Errorf("%s names the plural %q, whose %s the catalogue has not", path, m[1], form)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Errorf("only %d keys found in the code: is the pattern right?", n)
	}
}

// TestEnds: a game's end is one sentence of who won and the score (an en dash), then why, each
// once: Reversi's discs on the board only when they differ from the score, Turnover's last
// Castle without brackets; in Spanish likewise, its sides named in Spanish.
func TestEnds(t *testing.T) {
	bw := [2]string{"Black", "White"}
	rev := game.Outcome{Over: true, Winner: game.Second, Scored: true, Score: [2]int{1, 63}, Ending: game.EndRules, Reason: "neither side can move; discs 1-62"}
	full := game.Outcome{Over: true, Winner: game.First, Scored: true, Score: [2]int{40, 24}, Ending: game.EndRules, Reason: "board full"}
	castle := game.Win(game.Second, "Black moved its last Castle (resignation)")
	for _, c := range []struct {
		lang string
		o    game.Outcome
		want string
	}{
		{"en", rev, "White wins 1–63. Neither side can move. Discs on the board: 1–62."},
		{"es", rev, "Victoria: Blancas, 1–63. Ningún bando puede jugar. Fichas en el tablero: 1–62."},
		{"en", full, "Black wins 40–24. The board is full."},
		{"en", castle, "White wins. Black moved its last Castle, which resigns the game."},
		{"pt", castle, "Vitória: Brancas. Pretas moveu o seu último Castelo, o que abandona a partida."},
		{"es", game.Outcome{Over: true, Winner: game.First, Ending: game.EndResignation, Reason: "White resigned"}, "Blancas abandonó: victoria de Negras."},
		{"en", game.Win(game.First, "komi +2"), "Black wins. Komi +2."},
		{"es", game.Win(game.First, "komi +2"), "Victoria: Negras."},
		{"en", game.Draw("round cap of 1 rounds"), "Draw. The cap of one round was reached."},
		{"en", game.Draw("round cap of 60 rounds"), "Draw. The cap of 60 rounds was reached."},
		{"pt", game.Draw("round cap of 1 rounds"), "Empate. O limite de uma rodada foi atingido."},
		{"en", game.InPlay, ""},
	} {
		if got := End(c.lang, c.o, bw); got != c.want {
			t.Errorf("End(%s, %+v) = %q, want %q", c.lang, c.o, got, c.want)
		}
	}
}
