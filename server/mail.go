package server

import (
	"bytes"
	"context"
	"crypto/subtle"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"turncoat/platform"
	"turncoat/platform/jobs"
	"turncoat/platform/mail"
	"turncoat/render"
	"turncoat/store"
)

// Notices by mail: every notification of a mailed kind (a correspondence reminder, "your
// move", a tournament's round opening, a game's end) becomes a durable job that mails it to its
// user, when they gave an address and did not unsubscribe from its kind: in their language,
// with the board's picture inline, a link to the game and a link that stops the kind. A failed
// send fails the job, which River tries again later; nothing of it runs within a move.

// SMTPMailer returns a Mailer that sends through an SMTP server (a mail without an address is
// not sent).
func SMTPMailer(s *mail.Sender) Mailer { return smtpMailer{s} }

type smtpMailer struct{ s *mail.Sender }

func (m smtpMailer) Send(ctx context.Context, ml Mail) error {
	if ml.To == "" {
		return nil
	}
	return m.s.Send(ctx, mail.Message{To: ml.To, UserName: ml.UserName, Subject: ml.Subject, Text: ml.Body, HTML: ml.HTML,
		Inline: ml.Inline, Unsubscribe: ml.Unsubscribe})
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

// mailed reports whether notices of a kind are mailed.
func mailed(kind string) bool { _, ok := mailLangs["en"].subject[kind]; return ok }

// wordsFor returns the words of a language, English when it has none.
func wordsFor(lang string) (*mailWords, string) {
	if w, ok := mailLangs[lang]; ok {
		return w, lang
	}
	return mailLangs["en"], "en"
}

// queueMails adds the mail jobs of stored notifications: for the users with an address (the
// reminders always, so that a log-only mailer shows them).
func (s *Server) queueMails(ctx context.Context, notes []store.Notification) {
	for _, n := range notes {
		if !mailed(n.Kind) {
			continue
		}
		if n.Kind != "reminder" {
			if email, err := s.store.Email(ctx, n.UserID); err != nil || email == "" {
				continue
			}
		}
		s.insertJob(ctx, jobs.Mail{Note: n.ID, User: n.UserID, Notice: n.Kind, Game: n.GameID, Tournament: n.TournamentID, Message: n.Message}, time.Time{})
	}
}

// workMail mails a notification; an error (the mail server refused or did not answer) has the
// job tried again.
func (s *Server) workMail(ctx context.Context, a jobs.Mail) error {
	set, err := s.store.MailSettings(ctx, a.User)
	if err != nil {
		return err
	}
	if slices.Contains(set.Off, a.Notice) || set.Email == "" && a.Notice != "reminder" {
		return nil
	}
	usr, err := s.store.UserByID(ctx, a.User)
	if err != nil {
		return err
	}
	m, err := s.composeMail(ctx, a, set)
	if err != nil {
		return err
	}
	m.To, m.UserName = set.Email, usr.Name
	if err := s.corr.mailer.Send(ctx, m); err != nil {
		s.log.Warn("sending a mail (it will be tried again)", "user", usr.Name, "kind", a.Notice, "error", err)
		return err
	}
	return nil
}

// composeMail writes a notice's mail in the user's language: its headline, the notice, the
// board's picture inline, the link to the game (or tournament) and the unsubscribe link.
func (s *Server) composeMail(ctx context.Context, a jobs.Mail, set store.MailSettings) (Mail, error) {
	w, _ := wordsFor(set.Lang)
	base := s.cfg.PublicURL
	subject := w.subject[a.Notice]
	if strings.Contains(subject, "%s") {
		subject = fmt.Sprintf(subject, a.Game)
	}
	m := Mail{Kind: a.Notice, Subject: subject}
	var link, open string
	switch {
	case a.Game != "":
		link, open = base+"/play/"+url.PathEscape(a.Game), w.openGame
	case a.Tournament != "":
		link, open = base+"/tournament/"+url.PathEscape(a.Tournament), w.openTournament
	}
	if base == "" {
		link = ""
	}
	picture, err := s.mailPicture(ctx, a)
	if err != nil {
		s.log.Warn("a mail's picture", "kind", a.Notice, "error", err)
	}
	if base != "" {
		m.Unsubscribe = fmt.Sprintf("%s/api/mail/unsubscribe?u=%d&k=%s&t=%s", base, a.User, url.QueryEscape(a.Notice), url.QueryEscape(set.Token))
	}
	stop := fmt.Sprintf(w.stop, w.kinds[a.Notice])

	var text strings.Builder
	fmt.Fprintf(&text, "%s\n\n%s\n", w.headline[a.Notice], a.Message)
	if link != "" {
		fmt.Fprintf(&text, "\n%s: %s\n", open, link)
	}
	fmt.Fprintf(&text, "\n-- \n%s\n", w.why)
	if m.Unsubscribe != "" {
		fmt.Fprintf(&text, "%s: %s\n", stop, m.Unsubscribe)
	}
	m.Body = text.String()

	var h strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&h, "<!doctype html><html><body style=\"font-family:sans-serif\">\n<p><strong>%s</strong></p>\n<p>%s</p>\n", esc(w.headline[a.Notice]), esc(a.Message))
	if picture != nil {
		img := fmt.Sprintf(`<img src="cid:board" alt="%s" width="%d" style="max-width:100%%;height:auto">`, esc(w.board), min(picture.width, 480))
		if link != "" {
			img = fmt.Sprintf(`<a href="%s">%s</a>`, esc(link), img)
		}
		fmt.Fprintf(&h, "<p>%s</p>\n", img)
		m.Inline = []mail.Inline{{ID: "board", Name: "board.png", Type: "image/png", Data: picture.png}}
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
	return m, nil
}

// mailPicture is a mail's picture: a PNG and its width.
type mailPicture struct {
	png   []byte
	width int
}

// mailPicture draws the game's board now (its public position), or the tournament's boards.
func (s *Server) mailPicture(ctx context.Context, a jobs.Mail) (*mailPicture, error) {
	var b bytes.Buffer
	switch {
	case a.Game != "":
		g, err := s.shootGame(ctx, a.Game)
		if err != nil {
			return nil, err
		}
		p, err := g.position(render.Latest)
		if err != nil {
			return nil, err
		}
		o := render.Options{Size: render.DefaultSize * max(1, len(p.Board.Grids))}
		if err := s.images.r.PNG(&b, p, o); err != nil {
			return nil, err
		}
		return &mailPicture{png: b.Bytes(), width: o.Size}, nil
	case a.Tournament != "":
		_, tiles, err := s.shootTournament(ctx, a.Tournament, 0)
		if err != nil || len(tiles) == 0 || len(tiles) > render.MaxTiles {
			return nil, err
		}
		rts, err := renderTiles(tiles)
		if err != nil {
			return nil, err
		}
		const width = 960
		if err := s.images.r.Sheet(&b, render.PNG, rts, render.Options{Size: width}); err != nil {
			return nil, err
		}
		return &mailPicture{png: b.Bytes(), width: width}, nil
	}
	return nil, nil
}

// mailRoutes registers the unsubscribe links: GET asks (a link opened by a mail scanner stops
// nothing), POST stops the kind (the page's button, and the mail clients' one-click
// unsubscription of RFC 8058).
func (s *Server) mailRoutes(mux *http.ServeMux) {
	handle := func(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
		mux.Handle(pattern, s.wrap(pattern, h))
	}
	handle("GET /api/me/email", s.handleMailSettings)
	handle("GET /api/mail/unsubscribe", s.handleUnsubscribe)
	handle("POST /api/mail/unsubscribe", s.handleUnsubscribe)
}

func (s *Server) handleUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	id, err := strconv.ParseInt(q.Get("u"), 10, 64)
	kind := q.Get("k")
	if err != nil || !mailed(kind) || q.Get("t") == "" {
		return platform.Errorf(platform.BadRequest, "this unsubscribe link is not whole: open the one in the mail")
	}
	set, err := s.store.MailSettings(r.Context(), id)
	if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(set.Token), []byte(q.Get("t"))) != 1 {
		return platform.Errorf(platform.Forbidden, "this unsubscribe link is not valid")
	}
	words, lang := wordsFor(set.Lang)
	what := words.kinds[kind]
	var body string
	if r.Method == http.MethodPost {
		if err := s.store.SetMailOff(r.Context(), id, kind, true); err != nil {
			return err
		}
		body = "<p>" + html.EscapeString(fmt.Sprintf(words.stopped, what)) + "</p>"
	} else {
		body = fmt.Sprintf(`<form method="post" action="%s"><p>%s</p><button type="submit">%s</button></form>`,
			html.EscapeString(r.URL.RequestURI()), html.EscapeString(fmt.Sprintf(words.ask, what)), html.EscapeString(words.confirm))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, "<!doctype html><html lang=\"%s\"><head><meta charset=\"utf-8\"><title>Turncoat</title></head><body>%s</body></html>\n", lang, body)
	return nil
}

// handleMailSettings returns the caller's address for the notices by mail, their language and
// the kinds unsubscribed from.
func (s *Server) handleMailSettings(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil || u.Guest {
		return platform.Errorf(platform.Unauthorized, "sign in with a registered account to get notices by mail")
	}
	set, err := s.store.MailSettings(r.Context(), u.ID)
	if err != nil {
		return err
	}
	off := set.Off
	if off == nil {
		off = []string{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": set.Email, "lang": set.Lang, "off": off})
	return nil
}
