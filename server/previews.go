package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/tournament"
)

// ParsePublicURL reads the server's public base URL (--public-url): an absolute http or https
// URL with a host and nothing after its path, written back without a trailing slash.
func ParsePublicURL(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", fmt.Errorf("%q: want an absolute http or https URL such as https://turncoat.example.org", s)
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// publicBase is the absolute URL the server's links start with: the configured public URL,
// else the request's own scheme and host.
func (s *Server) publicBase(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// preview is what a link to a page unfolds into in forums and chat apps (Open Graph and
// Twitter card tags): its title, a line about it and a picture.
type preview struct {
	title, description, url, image, imageAlt string
}

// pagePreview returns the preview of the page at r's path: a game, a tournament or a player;
// false for the other pages (and for a game, tournament or player that does not exist).
func (s *Server) pagePreview(r *http.Request) (preview, bool) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	r = r.WithContext(ctx)
	base := s.publicBase(r)
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if len(parts) != 2 || parts[1] == "" {
		return preview{}, false
	}
	var p preview
	var err error
	switch parts[0] {
	case "play":
		p, err = s.gamePreview(r, base, parts[1])
	case "tournament":
		p, err = s.tournamentPreview(r, base, parts[1])
	case "players":
		p, err = s.playerPreview(r, base, parts[1])
	case "puzzles":
		p, err = s.puzzlePreview(base, parts[1])
	default:
		return preview{}, false
	}
	if err != nil {
		var pe *domain.Error
		if !errors.As(err, &pe) || pe.Code != domain.NotFound {
			s.log.Warn("a page's link preview", "path", r.URL.Path, "error", err)
		}
		return preview{}, false
	}
	p.url = base + r.URL.Path
	return p, true
}

// puzzlePreview is a puzzle's preview ("daily": the day's), with its position's picture.
func (s *Server) puzzlePreview(base, id string) (preview, error) {
	ps, err := s.puzzleService()
	if err != nil {
		return preview{}, err
	}
	if id == "daily" {
		d, err := ps.Daily(s.now())
		if err != nil {
			return preview{}, err
		}
		id = d.ID
	}
	title, desc, err := ps.Describe(id)
	if err != nil {
		return preview{}, err
	}
	img := fmt.Sprintf("%s/api/puzzles/%s/board.png", base, url.PathEscape(id))
	return preview{title: title + " · Turncoat", description: desc, image: img, imageAlt: title}, nil
}

// seatName is a seat's player as a preview names them.
func seatName(seat domain.Seat, side string) string {
	switch {
	case seat.UserName != "":
		return seat.UserName
	case seat.AI != "":
		return "AI"
	}
	return side + " (open seat)"
}

func (s *Server) gamePreview(r *http.Request, base, id string) (preview, error) {
	g, err := s.shootGame(r.Context(), id)
	if err != nil {
		return preview{}, err
	}
	title := g.row.Kind
	if kind, err := s.reg.Lookup(g.row.Kind); err == nil {
		title = kind.Title()
	}
	names := [2]string{seatName(g.row.Seats[0], g.names[0]), seatName(g.row.Seats[1], g.names[1])}
	players := names[0] + " (" + g.names[0] + ") vs " + names[1] + " (" + g.names[1] + ")"
	var desc string
	switch o := g.row.Outcome; {
	case o.Over && o.Winner.Valid():
		desc = names[o.Winner] + " won"
	case o.Over:
		desc = "Drawn"
	case g.row.Status == domain.StatusOpen:
		desc = "Waiting for a player"
	default:
		desc = "In play: " + movesWords(g.replay.Moves, g.names)
	}
	if o := g.row.Outcome; o.Over {
		if o.Scored {
			// a hyphen, as the reasons the rules give write their counts
			desc += fmt.Sprintf(" %d-%d", o.Score[0], o.Score[1])
		}
		if o.Reason != "" {
			desc += " (" + o.Reason + ")"
		}
		desc += " after " + movesWords(g.replay.Moves, g.names)
	}
	// The picture's URL names the ply, so that a preview made later is not the one cached
	// before; the ply is public (a pending selection is not a move).
	img := fmt.Sprintf("%s/api/games/%s/board.png?ply=%d", base, url.PathEscape(id), g.replay.Len())
	return preview{title: players + " · " + title, description: desc + ".", image: img, imageAlt: title + " board: " + players}, nil
}

// movesWords says how far a game went as players count it: each side's moves ("31 moves each",
// "31 moves by Black and 30 by White" after a pass), or a simultaneous game's rounds.
func movesWords(moves []game.Move, names [2]string) string {
	var n [2]int
	rounds := 0
	for _, m := range moves {
		if m.Actors.Simultaneous() {
			rounds++
		} else if p := m.Actors.Single(); p.Valid() {
			n[p]++
		}
	}
	count := func(k int, word string) string {
		if k == 1 {
			return "1 " + word
		}
		return fmt.Sprintf("%d %ss", k, word)
	}
	switch {
	case rounds > 0 && n == [2]int{}:
		return count(rounds, "round")
	case n[0] == n[1]:
		return count(n[0], "move") + " each"
	}
	return fmt.Sprintf("%s by %s and %d by %s", count(n[0], "move"), names[0], n[1], names[1])
}

func (s *Server) tournamentPreview(r *http.Request, base, id string) (preview, error) {
	t, err := s.tourney.View(r.Context(), id, nil)
	if err != nil {
		return preview{}, err
	}
	desc := fmt.Sprintf("A play-by-post %s tournament hosted by %s", t.Game, t.Host)
	switch {
	case t.Round != nil:
		desc += fmt.Sprintf(" — %s, posts due by %s", t.Round.Title, t.Round.Deadline.UTC().Format("2 Jan 15:04 MST"))
	case t.Phase == "subscription":
		desc += " — subscription open, " + tournament.Players(len(t.Subscribers)) + " so far"
	default:
		desc += " — " + string(t.Phase)
	}
	p := preview{title: t.Title, description: desc + "."}
	if t.Boards > 0 {
		p.image = fmt.Sprintf("%s/api/tournaments/%s/boards.png?v=%d", base, url.PathEscape(id), t.Version)
		p.imageAlt = fmt.Sprintf("The %d boards of %s", t.Boards, t.Title)
	}
	return p, nil
}

func (s *Server) playerPreview(r *http.Request, base, name string) (preview, error) {
	name, err := url.PathUnescape(name)
	if err != nil {
		return preview{}, domain.Errorf(domain.NotFound, "no player")
	}
	u, rs, err := s.ratings.Player(r.Context(), name)
	if err != nil {
		return preview{}, err
	}
	var ratings []string
	for _, pr := range rs {
		ratings = append(ratings, pr.Variant+" "+strconv.Itoa(int(pr.Rating+0.5)))
		if len(ratings) == 3 {
			break
		}
	}
	desc := "A Turncoat player"
	if len(ratings) > 0 {
		desc += ": " + strings.Join(ratings, ", ")
	}
	p := preview{title: u.Name + " · Turncoat", description: desc + "."}
	recent, err := s.play.Recent(r.Context(), u.ID, nil)
	if err == nil && len(recent) > 0 {
		g := recent[0]
		p.image = fmt.Sprintf("%s/api/games/%s/board.png?ply=%d", base, url.PathEscape(g.ID), g.Ply)
		p.imageAlt = u.Name + "'s latest game"
	}
	return p, nil
}

// tags writes the preview as Open Graph and Twitter card tags, with the page's title.
func (p preview) tags() []byte {
	var b bytes.Buffer
	meta := func(attr, key, value string) {
		if value == "" {
			return
		}
		fmt.Fprintf(&b, "<meta %s=\"%s\" content=\"%s\">\n", attr, key, html.EscapeString(value))
	}
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(p.title))
	meta("name", "description", p.description)
	meta("property", "og:site_name", "Turncoat")
	meta("property", "og:type", "website")
	meta("property", "og:title", p.title)
	meta("property", "og:description", p.description)
	meta("property", "og:url", p.url)
	meta("property", "og:image", p.image)
	meta("property", "og:image:alt", p.imageAlt)
	card := "summary"
	if p.image != "" {
		card = "summary_large_image"
	}
	meta("name", "twitter:card", card)
	meta("name", "twitter:title", p.title)
	meta("name", "twitter:description", p.description)
	meta("name", "twitter:image", p.image)
	meta("name", "twitter:image:alt", p.imageAlt)
	return b.Bytes()
}

// pageTitle is the single page's title element, which a preview's tags replace.
var pageTitle = []byte("<title>Turncoat</title>")

// servePreview serves the single page with the link preview of a game's, a tournament's or a
// player's page written into its head; false when the path has none (the page is served as it
// is).
func (s *Server) servePreview(w http.ResponseWriter, r *http.Request, page []byte) bool {
	if !bytes.Contains(page, pageTitle) {
		return false
	}
	p, ok := s.pagePreview(r)
	if !ok {
		return false
	}
	data := bytes.Replace(page, pageTitle, bytes.TrimSuffix(p.tags(), []byte("\n")), 1)
	sum := sha256.Sum256(data)
	tag := `"` + hex.EncodeToString(sum[:8]) + `"`
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("ETag", tag)
	if etagMatches(r.Header.Get("If-None-Match"), tag) {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
	return true
}
