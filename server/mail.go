package server

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"net/http"
	"strconv"

	"turncoat/platform/mail"
	"turncoat/render"
)

// The notices' mails are package notify's (the decision, the durable job, the words in the
// user's language); the server draws their pictures and answers the unsubscribe links.

// MailPicture draws a game's board now (its public position), or a tournament's boards
// (notify.Pictures).
func (s *Server) MailPicture(ctx context.Context, gameID, tournamentID string) (*mail.Picture, error) {
	var b bytes.Buffer
	switch {
	case gameID != "":
		g, err := s.shootGame(ctx, gameID)
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
	case tournamentID != "":
		_, tiles, err := s.shootTournament(ctx, tournamentID, 0)
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

func (s *Server) handleUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	id, err := strconv.ParseInt(q.Get("u"), 10, 64)
	if err != nil {
		id = 0
	}
	stop := r.Method == http.MethodPost
	words, err := s.notices.Unsubscribe(r.Context(), id, q.Get("k"), q.Get("t"), stop)
	if err != nil {
		return err
	}
	var body string
	if stop {
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
