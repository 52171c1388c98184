package mail

import (
	"fmt"
	"html"
	"net/url"
	"strings"

	"turncoat/internal/words"
)

// Notices by mail: the words of each kind of notice in each language, and a notice's mail
// written from them: its headline, the notice, the board's picture inline, the link to the game
// (or tournament) and the link that stops the kind. The server decides when to mail and draws
// the picture; what a mail says is here.

// Notice is one notice to mail.
type Notice struct {
	// Kind is the kind of notice (reminder, your_move, game_over, tournament_round), User its
	// user, Message its sentence.
	Kind    string
	User    int64
	Message string
	// Words and Args, when set, name the catalogue's sentence that says Message
	// (internal/words): the mail says it in its language.
	Words string
	Args  map[string]string
	// Game or Tournament is what it is about ("" when not).
	Game, Tournament string
}

// Picture is a mail's picture: a PNG and its width in pixels.
type Picture struct {
	PNG   []byte
	Width int
}

// mailWords are a mail's words in one language.
type mailWords struct {
	// subjects and headlines by notice kind; %s is the game's ID where there is one.
	subject, headline                          map[string]string
	openGame, openTournament, why, stop, board string
	// stopped is the page after an unsubscription, ask the page before it.
	stopped, ask, confirm string
	// kinds name the kinds of notice.
	kinds map[string]string
}

// mailLangs are the languages of the mail (those of the web UI); English is the default.
var mailLangs = map[string]*mailWords{
	"en": {
		subject: map[string]string{
			"reminder":         "Turncoat: your move in game %s is due soon",
			"your_move":        "Turncoat: your move in game %s",
			"game_over":        "Turncoat: game %s is over",
			"tournament_round": "Turncoat: a new round — your post is due",
		},
		headline: map[string]string{
			"reminder":         "Your move is due soon.",
			"your_move":        "It is your move.",
			"game_over":        "The game is over.",
			"tournament_round": "A new round is open: your post is due.",
		},
		openGame: "Open the game", openTournament: "Open the tournament", board: "The board",
		why:     "You get this mail because you gave Turncoat your address.",
		stop:    "Stop the mails of this kind (%s)",
		stopped: "You will get no more mails of this kind: %s.", ask: "Stop the mails of this kind: %s?", confirm: "Stop them",
		kinds: map[string]string{"reminder": "reminders before a deadline", "your_move": "your move", "game_over": "game over", "tournament_round": "tournament rounds"},
	},
	"pt": {
		subject: map[string]string{
			"reminder":         "Turncoat: seu lance na partida %s vence em breve",
			"your_move":        "Turncoat: sua vez na partida %s",
			"game_over":        "Turncoat: a partida %s terminou",
			"tournament_round": "Turncoat: nova rodada — seu post é esperado",
		},
		headline: map[string]string{
			"reminder":         "O prazo do seu lance está acabando.",
			"your_move":        "É a sua vez.",
			"game_over":        "A partida terminou.",
			"tournament_round": "Uma nova rodada começou: seu post é esperado.",
		},
		openGame: "Abrir a partida", openTournament: "Abrir o torneio", board: "O tabuleiro",
		why:     "Você recebe este e-mail porque deu seu endereço ao Turncoat.",
		stop:    "Não receber mais e-mails deste tipo (%s)",
		stopped: "Você não receberá mais e-mails deste tipo: %s.", ask: "Não receber mais e-mails deste tipo: %s?", confirm: "Confirmar",
		kinds: map[string]string{"reminder": "lembretes de prazo", "your_move": "sua vez", "game_over": "fim de partida", "tournament_round": "rodadas de torneio"},
	},
	"es": {
		subject: map[string]string{
			"reminder":         "Turncoat: tu jugada en la partida %s vence pronto",
			"your_move":        "Turncoat: te toca jugar en la partida %s",
			"game_over":        "Turncoat: la partida %s ha terminado",
			"tournament_round": "Turncoat: nueva ronda — se espera tu mensaje",
		},
		headline: map[string]string{
			"reminder":         "El plazo de tu jugada está por vencer.",
			"your_move":        "Te toca jugar.",
			"game_over":        "La partida ha terminado.",
			"tournament_round": "Ha empezado una nueva ronda: se espera tu mensaje.",
		},
		openGame: "Abrir la partida", openTournament: "Abrir el torneo", board: "El tablero",
		why:     "Recibes este correo porque diste tu dirección a Turncoat.",
		stop:    "Dejar de recibir correos de este tipo (%s)",
		stopped: "No recibirás más correos de este tipo: %s.", ask: "¿Dejar de recibir correos de este tipo: %s?", confirm: "Confirmar",
		kinds: map[string]string{"reminder": "recordatorios de plazo", "your_move": "tu turno", "game_over": "fin de partida", "tournament_round": "rondas de torneo"},
	},
}

// Mailed reports whether notices of a kind are mailed.
func Mailed(kind string) bool { _, ok := mailLangs["en"].subject[kind]; return ok }

// KnowsLanguage reports whether mails can be written in lang (those of the web UI).
func KnowsLanguage(lang string) bool { _, ok := mailLangs[lang]; return ok }

// wordsFor returns the words of a language, English when it has none.
func wordsFor(lang string) (*mailWords, string) {
	if w, ok := mailLangs[lang]; ok {
		return w, lang
	}
	return mailLangs["en"], "en"
}

// Compose writes a notice's mail in the language lang (English when there are no words for it):
// publicURL is the service's address (no links without it) and token the user's unsubscribe
// token; pic, when not nil, is shown inline. The recipient is left for the caller to set.
func Compose(n Notice, lang, publicURL, token string, pic *Picture) Message {
	w, _ := wordsFor(lang)
	if n.Words != "" {
		if s, ok := words.Note(lang, n.Words, n.Args, n.Game, ""); ok {
			n.Message = s
		}
	}
	subject := w.subject[n.Kind]
	if strings.Contains(subject, "%s") {
		subject = fmt.Sprintf(subject, n.Game)
	}
	m := Message{Subject: subject}
	var link, open string
	switch {
	case n.Game != "":
		link, open = publicURL+"/play/"+url.PathEscape(n.Game), w.openGame
	case n.Tournament != "":
		link, open = publicURL+"/tournament/"+url.PathEscape(n.Tournament), w.openTournament
	}
	if publicURL == "" {
		link = ""
	}
	if publicURL != "" {
		m.Unsubscribe = fmt.Sprintf("%s/api/mail/unsubscribe?u=%d&k=%s&t=%s", publicURL, n.User, url.QueryEscape(n.Kind), url.QueryEscape(token))
	}
	stop := fmt.Sprintf(w.stop, w.kinds[n.Kind])

	var text strings.Builder
	fmt.Fprintf(&text, "%s\n\n%s\n", w.headline[n.Kind], n.Message)
	if link != "" {
		fmt.Fprintf(&text, "\n%s: %s\n", open, link)
	}
	fmt.Fprintf(&text, "\n-- \n%s\n", w.why)
	if m.Unsubscribe != "" {
		fmt.Fprintf(&text, "%s: %s\n", stop, m.Unsubscribe)
	}
	m.Text = text.String()

	var h strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&h, "<!doctype html><html><body style=\"font-family:sans-serif\">\n<p><strong>%s</strong></p>\n<p>%s</p>\n", esc(w.headline[n.Kind]), esc(n.Message))
	if pic != nil {
		img := fmt.Sprintf(`<img src="cid:board" alt="%s" width="%d" style="max-width:100%%;height:auto">`, esc(w.board), min(pic.Width, 480))
		if link != "" {
			img = fmt.Sprintf(`<a href="%s">%s</a>`, esc(link), img)
		}
		fmt.Fprintf(&h, "<p>%s</p>\n", img)
		m.Inline = []Inline{{ID: "board", Name: "board.png", Type: "image/png", Data: pic.PNG}}
	}
	if link != "" {
		fmt.Fprintf(&h, "<p><a href=\"%s\">%s</a></p>\n", esc(link), esc(open))
	}
	fmt.Fprintf(&h, "<hr><p style=\"font-size:smaller;color:#666\">%s", esc(w.why))
	if m.Unsubscribe != "" {
		fmt.Fprintf(&h, " <a href=\"%s\">%s</a>", esc(m.Unsubscribe), esc(stop))
	}
	h.WriteString("</p>\n</body></html>\n")
	m.HTML = h.String()
	return m
}

// Unsubscribing holds the words of the unsubscribe page for one kind of notice, in the user's
// language.
type Unsubscribing struct {
	// Lang is the language they are in; Ask asks to stop the kind, Confirm is the button's
	// label and Done says it is stopped.
	Lang, Ask, Confirm, Done string
}

// UnsubscribingFrom returns the unsubscribe page's words for kind in lang.
func UnsubscribingFrom(kind, lang string) Unsubscribing {
	w, lang := wordsFor(lang)
	what := w.kinds[kind]
	return Unsubscribing{Lang: lang, Ask: fmt.Sprintf(w.ask, what), Confirm: w.confirm, Done: fmt.Sprintf(w.stopped, what)}
}
