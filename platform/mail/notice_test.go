package mail

import (
	"strings"
	"testing"
)

// TestCompose writes a notice's mail in each language and without a public address: the
// subject names the game, the text and HTML carry the headline, the notice (escaped in the
// HTML), the game's link and the unsubscribe link with its token escaped, the picture inline;
// without an address there are no links, and an unknown language is English.
func TestCompose(t *testing.T) {
	n := Notice{Kind: "your_move", User: 7, Message: "Ann played <f5> & waits.", Game: "g1"}
	pic := &Picture{PNG: []byte("png"), Width: 960}
	for _, c := range []struct{ lang, subject, headline string }{
		{"en", "Turncoat: your move in game g1", "It is your move."},
		{"pt", "Turncoat: sua vez na partida g1", "É a sua vez."},
		{"es", "Turncoat: te toca jugar en la partida g1", "Te toca jugar."},
		{"xx", "Turncoat: your move in game g1", "It is your move."},
	} {
		m := Compose(n, c.lang, "https://example.org", "a+b/c", pic)
		if m.Subject != c.subject {
			t.Errorf("%s: subject %q, want %q", c.lang, m.Subject, c.subject)
		}
		const unsub = "https://example.org/api/mail/unsubscribe?u=7&k=your_move&t=a%2Bb%2Fc"
		if m.Unsubscribe != unsub {
			t.Errorf("%s: unsubscribe link %q, want %q", c.lang, m.Unsubscribe, unsub)
		}
		for _, want := range []string{c.headline, n.Message, "https://example.org/play/g1", unsub} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("%s: the text lacks %q:\n%s", c.lang, want, m.Text)
			}
		}
		for _, want := range []string{"Ann played &lt;f5&gt; &amp; waits.", `<img src="cid:board"`, `width="480"`, `href="https://example.org/play/g1"`} {
			if !strings.Contains(m.HTML, want) {
				t.Errorf("%s: the HTML lacks %q:\n%s", c.lang, want, m.HTML)
			}
		}
		if len(m.Inline) != 1 || m.Inline[0].ID != "board" || string(m.Inline[0].Data) != "png" {
			t.Errorf("%s: inline pictures %+v", c.lang, m.Inline)
		}
	}
	m := Compose(Notice{Kind: "tournament_round", User: 7, Message: "Round 2.", Tournament: "t1"}, "en", "", "tok", nil)
	if m.Unsubscribe != "" || strings.Contains(m.Text, "/tournament/") || strings.Contains(m.HTML, "<a ") || m.Inline != nil {
		t.Errorf("a mail without the service's address has links or a picture: %+v", m)
	}
}

func TestMailedKindsAndLanguages(t *testing.T) {
	for _, k := range []string{"reminder", "your_move", "game_over", "tournament_round"} {
		if !Mailed(k) {
			t.Errorf("%s is not mailed", k)
		}
	}
	if Mailed("chat") || KnowsLanguage("xx") || !KnowsLanguage("pt") {
		t.Error("a kind or language known that is not")
	}
	u := UnsubscribingFrom("game_over", "es")
	if u.Lang != "es" || u.Ask != "¿Dejar de recibir correos de este tipo: fin de partida?" || u.Done != "No recibirás más correos de este tipo: fin de partida." {
		t.Errorf("the unsubscribe page's words: %+v", u)
	}
	if u := UnsubscribingFrom("reminder", "de"); u.Lang != "en" {
		t.Errorf("an unknown language's page is in %q", u.Lang)
	}
}
