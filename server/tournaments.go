package server

import (
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/tourney"
	"turncoat/tournament"
)

// The tournaments' endpoints: HTTP in, the tournaments' service (package tourney) behind.

// requirePlayer returns the caller, who must have a registered account.
func requirePlayer(r *http.Request) (*domain.User, error) {
	u := userOf(r)
	if err := tourney.RequirePlayer(u); err != nil {
		return nil, err
	}
	return u, nil
}

func (s *Server) handleCreateTournament(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateTournament
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	t, err := s.tourney.CreateFor(r.Context(), userOf(r), req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, t)
	return nil
}

func (s *Server) handleListTournaments(w http.ResponseWriter, r *http.Request) error {
	out, err := s.tourney.List(r.Context(), r.URL.Query().Get("phase"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) error {
	t, err := s.tourney.ViewIn(r.Context(), r.PathValue("id"), userOf(r), requestLang(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

// writeOp writes an operation's result: its events, those before a failure too.
func writeOp(w http.ResponseWriter, res api.OpResult, err error) error {
	if err != nil && len(res.Events) == 0 {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// playerHandler handles an operation a player makes for themselves (subscribe, unsubscribe,
// volunteer as a reserve).
func (s *Server) playerHandler(op string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		if _, err := requirePlayer(r); err != nil {
			return err
		}
		if err := decodeJSON(w, r, &struct{}{}); err != nil {
			return err
		}
		res, err := s.tourney.PlayerOp(r.Context(), r.PathValue("id"), userOf(r), op)
		return writeOp(w, res, err)
	}
}

// maxPostBytes bounds a post's body: a forum post of a board and a move is a few dozen bytes.
const maxPostBytes = 4096

// readPost reads a post's body: JSON ({"text": "Board #3\nD 5"} or {"board": 3, "move": "d5"},
// with "round" for an edit), or the forum text itself as text/plain. It returns the post as
// forum text (the tournament checks it) and the round asked, or a clear error.
func readPost(contentType string, body []byte) (text string, round int, err error) {
	if len(body) > maxPostBytes {
		return "", 0, domain.Errorf(domain.TooLarge, "a post has at most %d bytes", maxPostBytes)
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	if mt == "text/plain" {
		if !utf8.Valid(body) {
			return "", 0, domain.Errorf(domain.BadPost, "the post is not UTF-8 text").Words("post.not_utf8")
		}
		text = string(body)
		if strings.TrimSpace(text) == "" {
			return "", 0, domain.Errorf(domain.BadPost, "the post is empty: write the board and the move, e.g. \"Board #3\" then \"D 5\"").Words("post.empty")
		}
		return text, 0, nil
	}
	var q api.Post
	if err := unmarshalJSON(body, &q, true); err != nil {
		if e := domain.AsError(err); e.Code == domain.BadJSON {
			return "", 0, domain.Errorf(domain.BadJSON, "%s (or send the forum text as text/plain)", e.Message)
		}
		return "", 0, err
	}
	if q.Round < 0 {
		return "", 0, domain.Errorf(domain.BadRequest, "round %d: want 1 or more", q.Round)
	}
	switch {
	case q.Text != "" && (q.Board != 0 || q.Move != ""):
		return "", 0, domain.Errorf(domain.BadPost, "give either the text of the post, or a board and a move").Words("post.either")
	case q.Text != "":
		return q.Text, q.Round, nil
	case q.Board < 1:
		return "", 0, domain.Errorf(domain.BadPost, "board %d: want the number of your board, from 1 (or the forum text as \"text\")", q.Board).Words("post.board_number", "board", strconv.Itoa(q.Board))
	case strings.TrimSpace(q.Move) == "" || strings.ContainsAny(q.Move, "\r\n"):
		return "", 0, domain.Errorf(domain.BadPost, "move %q: want a move such as \"d5\", or \"pass\"", q.Move).Words("post.move_wanted", "move", q.Move)
	}
	return tournament.PostText{Board: q.Board, Move: strings.TrimSpace(q.Move)}.String(), q.Round, nil
}

// handlePost takes the caller's post (POST) or changes it (PUT) in the open round.
func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) error {
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxPostBytes))
	if err != nil {
		return domain.Errorf(domain.TooLarge, "a post has at most %d bytes", maxPostBytes)
	}
	text, round, err := readPost(r.Header.Get("Content-Type"), body)
	if err != nil {
		return err
	}
	res, err := s.tourney.Post(r.Context(), r.PathValue("id"), u, text, r.Method == http.MethodPut, round)
	return writeOp(w, res, err)
}

// hostHandler handles one of the host's tools.
func (s *Server) hostHandler(op string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		u, err := requirePlayer(r)
		if err != nil {
			return err
		}
		var q api.HostAction
		if err := decodeJSON(w, r, &q); err != nil {
			return err
		}
		res, err := s.tourney.HostOp(r.Context(), r.PathValue("id"), u, op, q)
		return writeOp(w, res, err)
	}
}

func (s *Server) handleBoards(w http.ResponseWriter, r *http.Request) error {
	out, err := s.tourney.Boards(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleBoard(w http.ResponseWriter, r *http.Request) error {
	if name := r.PathValue("n"); strings.Contains(name, ".") {
		return s.boardImage(w, r, name)
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		return domain.Errorf(domain.BadRequest, "board %q: want a board number, from 1", r.PathValue("n"))
	}
	b, err := s.tourney.Board(r.Context(), r.PathValue("id"), n)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, b)
	return nil
}

func (s *Server) handleSummary(w http.ResponseWriter, r *http.Request) error {
	format, err := tournament.ParseSummaryFormat(r.URL.Query().Get("format"))
	if err != nil {
		return domain.Errorf(domain.BadRequest, "%v", err)
	}
	lang := requestLang(r)
	text, err := s.tourney.Summary(r.Context(), r.PathValue("id"), format, s.publicBase(r), lang)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Language", lang)
	w.Header().Add("Vary", "Accept-Language")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, text)
	return nil
}

func (s *Server) handleStandings(w http.ResponseWriter, r *http.Request) error {
	out, err := s.tourney.Standings(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleLedger(w http.ResponseWriter, r *http.Request) error {
	out, err := s.tourney.Ledger(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleTournamentEvents(w http.ResponseWriter, r *http.Request) error {
	after, err := afterParam(r)
	if err != nil {
		return err
	}
	lang := requestLang(r)
	out, err := s.tourney.EventsIn(r.Context(), r.PathValue("id"), after, lang)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Language", lang)
	writeJSON(w, http.StatusOK, out)
	return nil
}
