package server

import (
	"bytes"
	"context"
	"crypto/subtle"
	"fmt"
	"html"
	"net/http"
	"slices"
	"strconv"
	"time"

	"turncoat/domain"
	"turncoat/platform/jobs"
	"turncoat/platform/mail"
	"turncoat/render"
)

// Notices by mail: every notification of a mailed kind (a correspondence reminder, "your
// move", a tournament's round opening, a game's end) becomes a durable job that mails it to its
// user, when they gave an address and did not unsubscribe from its kind, with the board's
// picture inline (the mail's words, in the user's language, are platform/mail's). A failed
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

// queueMails adds the mail jobs of stored notifications: for the users with an address (the
// reminders always, so that a log-only mailer shows them).
func (s *Server) queueMails(ctx context.Context, notes []domain.Notification) {
	for _, n := range notes {
		if !mail.Mailed(n.Kind) {
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

// composeMail writes a notice's mail in the user's language, with the board's picture.
func (s *Server) composeMail(ctx context.Context, a jobs.Mail, set domain.MailSettings) (Mail, error) {
	picture, err := s.mailPicture(ctx, a)
	if err != nil {
		s.log.Warn("a mail's picture", "kind", a.Notice, "error", err)
	}
	m := mail.Compose(mail.Notice{Kind: a.Notice, User: a.User, Message: a.Message, Game: a.Game, Tournament: a.Tournament},
		set.Lang, s.cfg.PublicURL, set.Token, picture)
	return Mail{Kind: a.Notice, Subject: m.Subject, Body: m.Text, HTML: m.HTML, Inline: m.Inline, Unsubscribe: m.Unsubscribe}, nil
}

// mailPicture draws the game's board now (its public position), or the tournament's boards.
func (s *Server) mailPicture(ctx context.Context, a jobs.Mail) (*mail.Picture, error) {
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
		return &mail.Picture{PNG: b.Bytes(), Width: o.Size}, nil
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
		return &mail.Picture{PNG: b.Bytes(), Width: width}, nil
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
	if err != nil || !mail.Mailed(kind) || q.Get("t") == "" {
		return domain.Errorf(domain.BadRequest, "this unsubscribe link is not whole: open the one in the mail")
	}
	set, err := s.store.MailSettings(r.Context(), id)
	if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(set.Token), []byte(q.Get("t"))) != 1 {
		return domain.Errorf(domain.Forbidden, "this unsubscribe link is not valid")
	}
	words := mail.UnsubscribingFrom(kind, set.Lang)
	var body string
	if r.Method == http.MethodPost {
		if err := s.store.SetMailOff(r.Context(), id, kind, true); err != nil {
			return err
		}
		body = "<p>" + html.EscapeString(words.Done) + "</p>"
	} else {
		body = fmt.Sprintf(`<form method="post" action="%s"><p>%s</p><button type="submit">%s</button></form>`,
			html.EscapeString(r.URL.RequestURI()), html.EscapeString(words.Ask), html.EscapeString(words.Confirm))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, "<!doctype html><html lang=\"%s\"><head><meta charset=\"utf-8\"><title>Turncoat</title></head><body>%s</body></html>\n", words.Lang, body)
	return nil
}

// handleMailSettings returns the caller's address for the notices by mail, their language and
// the kinds unsubscribed from.
func (s *Server) handleMailSettings(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil || u.Guest {
		return domain.Errorf(domain.Unauthorized, "sign in with a registered account to get notices by mail")
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
