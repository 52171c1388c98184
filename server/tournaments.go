package server

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"turncoat/api"
	"turncoat/game"
	"turncoat/platform"
	"turncoat/platform/tourney"
	"turncoat/store"
	"turncoat/tournament"
)

// The tournaments' endpoints: HTTP in, the tournaments' service (package tourney) behind.

// requirePlayer returns the caller, who must have a registered account: a tournament knows its
// players by name, and a guest's name changes when it signs up.
func requirePlayer(r *http.Request) (*store.User, error) {
	u := userOf(r)
	if u == nil {
		return nil, platform.Errorf(platform.Unauthorized, "sign in to take part in tournaments")
	}
	if u.Guest {
		return nil, platform.Errorf(platform.Forbidden, "sign up (a guest's name is not kept) to take part in tournaments")
	}
	return u, nil
}

func parseDuration(name, text string) (time.Duration, error) {
	if text == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 || d > 60*day {
		return 0, platform.Errorf(platform.BadOption, "%s %q: want a duration such as 24h or 90m, at most 60 days", name, text)
	}
	return d, nil
}

// tournamentConfig reads a request to create a tournament.
func tournamentConfig(q api.CreateTournament) (tournament.Config, error) {
	c := tournament.Config{Title: q.Title, Game: q.Game, Options: q.Options, Sides: q.Sides, Currency: q.Currency, NoReward: q.NoReward,
		OddPlayer: tournament.OddPlayer(q.OddPlayer), Missed: tournament.MissRule(q.Missed), ReplaceAfter: q.ReplaceAfter}
	var err error
	if c.RoundLength, err = parseDuration("roundLength", q.RoundLength); err != nil {
		return c, err
	}
	if c.Window, err = parseDuration("window", q.Window); err != nil {
		return c, err
	}
	if q.Reward != nil {
		c.Reward = *q.Reward
	}
	return c, nil
}

func (s *Server) handleCreateTournament(w http.ResponseWriter, r *http.Request) error {
	u, err := requirePlayer(r)
	if err != nil {
		return err
	}
	var req api.CreateTournament
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	cfg, err := tournamentConfig(req)
	if err != nil {
		return err
	}
	t, err := s.tourney.Create(r.Context(), u, cfg)
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
	t, err := s.tourney.View(r.Context(), r.PathValue("id"), userOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

// runOp runs an operation for the caller and writes its events.
func (s *Server) runOp(w http.ResponseWriter, r *http.Request, u *store.User, hostOnly bool, op tourney.Operation) error {
	evs, err := s.tourney.Do(r.Context(), r.PathValue("id"), u, hostOnly, op)
	if err != nil && len(evs) == 0 {
		return err
	}
	res := api.OpResult{Events: evs}
	if n := len(evs); n > 0 {
		res.Version = evs[n-1].Version
	}
	if res.Events == nil {
		res.Events = []tournament.Event{}
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// playerHandler handles an operation a player makes for themselves (subscribe, unsubscribe,
// volunteer as a reserve).
func (s *Server) playerHandler(op string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		u, err := requirePlayer(r)
		if err != nil {
			return err
		}
		if err := decodeJSON(w, r, &struct{}{}); err != nil {
			return err
		}
		return s.runOp(w, r, u, false, tourney.Operation{Op: op, Player: u.Name})
	}
}

// maxPostBytes bounds a post's body: a forum post of a board and a move is a few dozen bytes.
const maxPostBytes = 4096

// readPost reads a post's body: JSON ({"text": "Board #3\nD 5"} or {"board": 3, "move": "d5"},
// with "round" for an edit), or the forum text itself as text/plain. It returns the post as
// forum text (the tournament checks it) and the round asked, or a clear error.
func readPost(contentType string, body []byte) (text string, round int, err error) {
	if len(body) > maxPostBytes {
		return "", 0, platform.Errorf(platform.TooLarge, "a post has at most %d bytes", maxPostBytes)
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	if mt == "text/plain" {
		if !utf8.Valid(body) {
			return "", 0, platform.Errorf(platform.BadPost, "the post is not UTF-8 text")
		}
		text = string(body)
		if strings.TrimSpace(text) == "" {
			return "", 0, platform.Errorf(platform.BadPost, "the post is empty: write the board and the move, e.g. \"Board #3\" then \"D 5\"")
		}
		return text, 0, nil
	}
	var q api.Post
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&q); err != nil {
		return "", 0, platform.Errorf(platform.BadJSON, "malformed JSON: %v (or send the forum text as text/plain)", err)
	}
	if dec.More() {
		return "", 0, platform.Errorf(platform.BadJSON, "malformed JSON: more than one value")
	}
	if q.Round < 0 {
		return "", 0, platform.Errorf(platform.BadRequest, "round %d: want 1 or more", q.Round)
	}
	switch {
	case q.Text != "" && (q.Board != 0 || q.Move != ""):
		return "", 0, platform.Errorf(platform.BadPost, "give either the text of the post, or a board and a move")
	case q.Text != "":
		return q.Text, q.Round, nil
	case q.Board < 1:
		return "", 0, platform.Errorf(platform.BadPost, "board %d: want the number of your board, from 1 (or the forum text as \"text\")", q.Board)
	case strings.TrimSpace(q.Move) == "" || strings.ContainsAny(q.Move, "\r\n"):
		return "", 0, platform.Errorf(platform.BadPost, "move %q: want a move such as \"d5\", or \"pass\"", q.Move)
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
		return platform.Errorf(platform.TooLarge, "a post has at most %d bytes", maxPostBytes)
	}
	text, round, err := readPost(r.Header.Get("Content-Type"), body)
	if err != nil {
		return err
	}
	op := tourney.Operation{Op: tourney.OpPost, Player: u.Name, Text: text}
	if r.Method == http.MethodPut {
		op.Op, op.Round = tourney.OpEdit, round
		if round == 0 {
			err := s.tourney.Read(r.Context(), r.PathValue("id"), func(t *tournament.Tournament) error {
				if cur, ok := t.Round(); ok {
					op.Round = cur.Number
				}
				return nil
			})
			if err != nil {
				return err
			}
			if op.Round == 0 {
				return platform.Errorf(platform.RoundClosed, "no round is open: there is no post to change")
			}
		}
	} else if round != 0 {
		return platform.Errorf(platform.BadRequest, "a new post is for the open round: change a post with PUT")
	}
	return s.runOp(w, r, u, false, op)
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
		o := tourney.Operation{Op: op, Board: q.Board, Player: q.Player, Out: q.Out, In: q.In, Reason: q.Reason, Seq: q.Seq, Amount: q.Amount}
		switch op {
		case tourney.OpExtend:
			if o.Duration, err = parseDuration("duration", q.Duration); err != nil {
				return err
			}
			if o.Duration == 0 {
				return platform.Errorf(platform.BadRequest, "say how long to extend the round: {\"duration\": \"12h\"}")
			}
		case tourney.OpForfeit:
			o.Out = q.Player
		case tourney.OpAdjudicate:
			switch {
			case q.Draw && q.Winner == nil:
				o.Winner = game.NoPlayer
			case !q.Draw && q.Winner != nil && q.Winner.Valid():
				o.Winner = *q.Winner
			default:
				return platform.Errorf(platform.BadRequest, "say who wins: {\"winner\": \"first\"} or \"second\", or {\"draw\": true}")
			}
		}
		return s.runOp(w, r, u, true, o)
	}
}

// readTournament answers with what f makes of the request's tournament.
func (s *Server) readTournament(w http.ResponseWriter, r *http.Request, f func(t *tournament.Tournament) any) error {
	var out any
	if err := s.tourney.Read(r.Context(), r.PathValue("id"), func(t *tournament.Tournament) error {
		out = f(t)
		return nil
	}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleBoards(w http.ResponseWriter, r *http.Request) error {
	return s.readTournament(w, r, func(t *tournament.Tournament) any { return t.Boards() })
}

func (s *Server) handleBoard(w http.ResponseWriter, r *http.Request) error {
	if name := r.PathValue("n"); strings.Contains(name, ".") {
		return s.boardImage(w, r, name)
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		return platform.Errorf(platform.BadRequest, "board %q: want a board number, from 1", r.PathValue("n"))
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
		return platform.Errorf(platform.BadRequest, "%v", err)
	}
	var text string
	if err := s.tourney.Read(r.Context(), r.PathValue("id"), func(t *tournament.Tournament) error {
		text = t.ForumSummary(format, s.boardPictures(r, t.Version()))
		return nil
	}); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, text)
	return nil
}

func (s *Server) handleStandings(w http.ResponseWriter, r *http.Request) error {
	return s.readTournament(w, r, func(t *tournament.Tournament) any { return t.Placings() })
}

func (s *Server) handleLedger(w http.ResponseWriter, r *http.Request) error {
	return s.readTournament(w, r, func(t *tournament.Tournament) any {
		l := t.Ledger()
		return api.Ledger{Currency: t.Config().Currency, Entries: l.Entries(), Balances: l.Balances(), Total: l.Total()}
	})
}

func (s *Server) handleTournamentEvents(w http.ResponseWriter, r *http.Request) error {
	after, err := afterParam(r)
	if err != nil {
		return err
	}
	out, err := s.tourney.Events(r.Context(), r.PathValue("id"), after)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// tournamentRoutes registers the tournaments' API.
func (s *Server) tournamentRoutes(handle func(pattern string, h func(w http.ResponseWriter, r *http.Request) error)) {
	handle("POST /api/tournaments", s.handleCreateTournament)
	handle("GET /api/tournaments", s.handleListTournaments)
	handle("GET /api/tournaments/{id}", s.handleTournament)
	handle("POST /api/tournaments/{id}/subscribe", s.playerHandler(tourney.OpSubscribe))
	handle("POST /api/tournaments/{id}/unsubscribe", s.playerHandler(tourney.OpUnsubscribe))
	handle("POST /api/tournaments/{id}/reserve", s.playerHandler(tourney.OpReserve))
	handle("POST /api/tournaments/{id}/posts", s.handlePost)
	handle("PUT /api/tournaments/{id}/posts", s.handlePost)
	for _, op := range tourney.HostOps {
		handle("POST /api/tournaments/{id}/"+op, s.hostHandler(op))
	}
	handle("GET /api/tournaments/{id}/boards", s.handleBoards)
	handle("GET /api/tournaments/{id}/boards/{n}", s.handleBoard)
	handle("GET /api/tournaments/{id}/summary", s.handleSummary)
	handle("GET /api/tournaments/{id}/standings", s.handleStandings)
	handle("GET /api/tournaments/{id}/ledger", s.handleLedger)
	handle("GET /api/tournaments/{id}/events", s.handleTournamentEvents)
}
