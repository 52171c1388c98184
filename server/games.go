package server

import (
	"fmt"
	"net/http"
	"strconv"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/play"
)

// The games' endpoints: HTTP in, the game service (package play) behind.

func (s *Server) handleKinds(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, s.play.Kinds())
	return nil
}

// creator returns the caller's account for a request that makes a game, a guest made on the
// spot for an anonymous browser, only when the game service asks for it (a refused request
// makes no guest).
func (s *Server) creator(w http.ResponseWriter, r *http.Request, u **domain.User) play.Creator {
	return func() (*domain.User, error) {
		var err error
		*u, err = s.requireUser(w, r)
		return *u, err
	}
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateGame
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.allowCreate(r, userOf(r)); err != nil {
		return err
	}
	var u *domain.User
	v, err := s.play.Create(r.Context(), req, s.creator(w, r, &u))
	if err != nil {
		return err
	}
	sayEnd(requestLang(r), &v)
	writeJSON(w, http.StatusCreated, v)
	return nil
}

// asSide reads ?as=first|second: the side a holder of both seats looks from.
func asSide(r *http.Request) game.Player {
	p, err := game.ParsePlayer(r.URL.Query().Get("as"))
	if err != nil {
		return game.NoPlayer
	}
	return p
}

func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) error {
	from := 0
	if f := r.URL.Query().Get("from"); f != "" {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return domain.Errorf(domain.BadRequest, "from=%q: want a number of moves, 0 or more", f)
		}
		from = n
	}
	v, err := s.play.Game(r.Context(), userOf(r), r.PathValue("id"), asSide(r), from)
	if err != nil {
		return err
	}
	sayEnd(requestLang(r), &v)
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) handleMyGames(w http.ResponseWriter, r *http.Request) error {
	sums, err := s.play.MyGames(r.Context(), userOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sums)
	return nil
}

func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) error {
	l, err := s.play.Lobby(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, l)
	return nil
}

// handleJoin takes an online game's open seat: with the invitation's token, or any open
// challenge from the lobby.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) error {
	var req api.Join
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	var u *domain.User
	v, err := s.play.Join(r.Context(), r.PathValue("id"), req.Token, s.creator(w, r, &u))
	if err != nil {
		return err
	}
	sayEnd(requestLang(r), &v)
	writeJSON(w, http.StatusOK, v)
	return nil
}

// commandHandler handles one of the table commands.
func (s *Server) commandHandler(kind string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		u := userOf(r)
		if u == nil {
			return domain.Errorf(domain.Unauthorized, "sign in, or use the session of your seat")
		}
		var req api.Command
		if err := decodeJSON(w, r, &req); err != nil {
			return err
		}
		if err := s.allowCommand(u); err != nil {
			return err
		}
		v, _, err := s.play.Command(r.Context(), u, r.PathValue("id"), kind, req)
		if err != nil {
			return err
		}
		sayEnd(requestLang(r), &v)
		writeJSON(w, http.StatusOK, v)
		return nil
	}
}

// allowCommand applies the limit on a player's commands (moves, hints, analyses).
func (s *Server) allowCommand(u *domain.User) error {
	if !s.moveLimits.Allow(strconv.FormatInt(u.ID, 10), s.now()) {
		return domain.Errorf(domain.RateLimited, "too many requests; slow down")
	}
	return nil
}

// handleRematch starts a new game with the same options and the colours swapped.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "sign in to ask for a rematch")
	}
	if err := s.allowCreate(r, u); err != nil {
		return err
	}
	v, created, err := s.play.Rematch(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	sayEnd(requestLang(r), &v)
	writeJSON(w, status, v)
	return nil
}

// handleEvents returns a game's events after a version, as the caller may see them.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) error {
	after, err := afterParam(r)
	if err != nil {
		return err
	}
	evs, err := s.play.Events(r.Context(), userOf(r), r.PathValue("id"), after)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, evs)
	return nil
}

func afterParam(r *http.Request) (int64, error) {
	a := r.URL.Query().Get("after")
	if a == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(a, 10, 64)
	if err != nil || n < 0 {
		return 0, domain.Errorf(domain.BadRequest, "after=%q: want a version, 0 or more", a)
	}
	return n, nil
}

// handleExport writes a game's record: "json", or one of the game's record formats.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) error {
	x, err := s.play.Export(r.Context(), r.PathValue("id"), r.URL.Query().Get("format"))
	if err != nil {
		return err
	}
	if x.Filename != "" {
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, x.Filename))
	}
	if x.JSON != nil {
		writeJSON(w, http.StatusOK, x.JSON)
		return nil
	}
	w.Header().Set("Content-Type", x.MediaType)
	w.Write(x.Body)
	return nil
}

// handleImport reads a record (an Othello GGF or move list, or any game's own format) and makes
// it a hot-seat game of the caller's, to replay or to continue.
func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) error {
	var req api.Import
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.allowCreate(r, userOf(r)); err != nil {
		return err
	}
	var u *domain.User
	v, err := s.play.Import(r.Context(), req, s.creator(w, r, &u))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, v)
	return nil
}

// handleHint returns the AI's view of every legal move for the caller's side, where the game's
// engine analyses and the game is not rated.
func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "hints are for the players of a game")
	}
	level := 5
	if l := r.URL.Query().Get("level"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 10 {
			return domain.Errorf(domain.BadRequest, "level=%q: want 1 to 10", l)
		}
		level = n
	}
	if err := play.GuestLevel(u, level); err != nil {
		return err
	}
	if err := s.allowCommand(u); err != nil {
		return err
	}
	out, err := s.play.Hint(r.Context(), u, s.aiw.Caller(u, s.clientAddr(r)), r.PathValue("id"), asSide(r), level)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleAnalyze answers POST /api/analyze: the position reached from a start by some moves, as
// a view for the side to act, and, with a level, the engine's value of each of its moves.
func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) error {
	u, err := s.requireUser(w, r)
	if err != nil {
		return err
	}
	var req api.Analyze
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.allowCommand(u); err != nil {
		return err
	}
	out, err := s.play.Analyze(r.Context(), u, s.aiw.Caller(u, s.clientAddr(r)), req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleGameAnalysis answers POST /api/games/{id}/analysis: a position of the game (after ply
// moves) as a view, and with a level the engine's value of each move of the side to act there.
func (s *Server) handleGameAnalysis(w http.ResponseWriter, r *http.Request) error {
	u, err := s.requireUser(w, r)
	if err != nil {
		return err
	}
	var req api.GameAnalysis
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Level > 0 {
		if err := s.allowCommand(u); err != nil {
			return err
		}
	}
	out, err := s.play.GameAnalysis(r.Context(), u, s.aiw.Caller(u, s.clientAddr(r)), r.PathValue("id"), req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleGameInfo(w http.ResponseWriter, r *http.Request) error {
	info, err := s.play.Info(r.Context(), userOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, info)
	return nil
}

// handleChatList returns the game's chat after ?after= (a message id) as the caller may see it.
func (s *Server) handleChatList(w http.ResponseWriter, r *http.Request) error {
	var after int64
	if a := r.URL.Query().Get("after"); a != "" {
		n, err := strconv.ParseInt(a, 10, 64)
		if err != nil || n < 0 {
			return domain.Errorf(domain.BadRequest, "after=%q: want a message id, 0 or more", a)
		}
		after = n
	}
	out, err := s.play.Chat(r.Context(), userOf(r), r.PathValue("id"), after)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleChatPost(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "only the players write in a game's chat")
	}
	var req api.ChatText
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	m, err := s.play.PostChat(r.Context(), u, r.PathValue("id"), req.Text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, m)
	return nil
}

// handleChatSeat changes a player's chat settings in a game: {"muted": bool, "spectators": bool}.
func (s *Server) handleChatSeat(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "only the players set a game's chat")
	}
	var req api.ChatSeat
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	info, err := s.play.SetChatSeat(r.Context(), u, r.PathValue("id"), req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, info)
	return nil
}

// handleChatOff switches the caller's chat off (or on) in every game: {"off": bool}.
func (s *Server) handleChatOff(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "not signed in")
	}
	var req api.ChatOff
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.play.SetChatOff(r.Context(), u, req.Off); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, req)
	return nil
}

func (s *Server) handleVacationInfo(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "sign in to see your vacation days")
	}
	v, err := s.play.Vacation(r.Context(), u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// handleVacation takes {"days": n} of the caller's yearly vacation: every correspondence game
// they play gets n days more on their clock.
func (s *Server) handleVacation(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "sign in to take vacation days")
	}
	var req api.TakeVacation
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	v, err := s.play.TakeVacation(r.Context(), u, req.Days)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// allowCreate applies the limits on making games (new games, rematches, imports) by user and
// by address.
func (s *Server) allowCreate(r *http.Request, u *domain.User) error {
	now := s.now()
	if !s.createLimits.Allow("addr:"+s.clientAddr(r), now) || u != nil && !s.createLimits.Allow("user:"+strconv.FormatInt(u.ID, 10), now) {
		return domain.Errorf(domain.RateLimited, "too many new games in a short time; try again in a minute")
	}
	return nil
}
