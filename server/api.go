package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"turncoat/api"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/platform"
	"turncoat/store"
)

// routes registers the API.
func (s *Server) routes(mux *http.ServeMux) {
	handle := func(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
		mux.Handle(pattern, s.wrap(pattern, h))
	}
	handle("GET /api/kinds", s.handleKinds)
	handle("POST /api/signup", s.handleSignup)
	handle("POST /api/login", s.handleLogin)
	handle("POST /api/logout", s.handleLogout)
	handle("GET /api/me", s.handleMe)
	handle("POST /api/guest", s.handleGuest)
	handle("POST /api/tokens", s.handleToken)
	handle("GET /api/tokens", s.handleTokens)
	handle("DELETE /api/tokens/{id}", s.handleRevokeToken)
	handle("POST /api/games", s.handleCreate)
	handle("GET /api/games", s.handleMyGames)
	handle("GET /api/lobby", s.handleLobby)
	handle("GET /api/games/{id}", s.handleGame)
	handle("POST /api/games/{id}/join", s.handleJoin)
	handle("POST /api/games/{id}/rematch", s.handleRematch)
	handle("GET /api/games/{id}/events", s.handleEvents)
	handle("GET /api/games/{id}/stream", s.handleStream)
	handle("GET /api/games/{id}/export", s.handleExport)
	handle("GET /api/games/{id}/hint", s.handleHint)
	handle("POST /api/import", s.handleImport)
	handle("POST /api/analyze", s.handleAnalyze)
	handle("GET /api/book", s.handleBook)
	for _, c := range []string{cmdMove, cmdWithdraw, cmdResign, cmdDraw, cmdDecline, cmdClaim, cmdAbort, cmdTakeback} {
		handle("POST /api/games/{id}/"+c, s.commandHandler(c))
	}
	handle("POST /api/games/{id}/takeback/answer", s.commandHandler(cmdAnswer))
	mux.Handle("GET /api/ws", s.wrap("GET /api/ws", s.handleWS))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, platform.Errorf(platform.NotFound, "no such endpoint: %s %s", r.Method, r.URL.Path))
	})
}

// wrap is every API handler's middleware: identify the caller, time the request, turn a
// returned error into the API's error object.
func (s *Server) wrap(pattern string, h func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		defer func() { s.metrics.observe(pattern, rec.status, time.Since(start)) }()
		if err := checkText(r); err != nil {
			s.writeError(rec, r, err)
			return
		}
		u, cred, err := s.identify(r)
		if err != nil {
			s.writeError(rec, r, err)
			return
		}
		if u != nil {
			r = r.WithContext(context.WithValue(context.WithValue(r.Context(), userKey, u), credKey, cred))
			if u.Guest {
				s.aiw.NoteGuest(u.ID, s.clientAddr(r))
			}
		}
		if err := h(rec, r); err != nil {
			s.writeError(rec, r, err)
		}
	})
}

func (s *Server) handleKinds(w http.ResponseWriter, r *http.Request) error {
	var out []api.Kind
	for _, g := range s.reg.Games() {
		k := api.Kind{Name: g.Name(), Title: g.Title(), Sides: g.SideNames(game.DefaultOptions(g.OptionSpecs())),
			Options: g.OptionSpecs(), Records: []string{"json"}, Levels: [2]int{int(engine.MinLevel), int(engine.MaxLevel)}}
		for _, f := range game.RecordFormats(g) {
			k.Records = append(k.Records, f.Name)
		}
		if a, err := s.aiw.NewAgent(g, "level=1", 1); err == nil {
			_, k.Hints = a.(engine.Analyzer)
		}
		out = append(out, k)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) error {
	if !s.limitIP(r, s.loginLimits) {
		return platform.Errorf(platform.RateLimited, "too many attempts; try again in a minute")
	}
	var c api.Credentials
	if err := decodeJSON(w, r, &c); err != nil {
		return err
	}
	c.Name = strings.TrimSpace(c.Name)
	if err := validName(c.Name); err != nil {
		return err
	}
	if err := validPassword(c.Name, c.Password); err != nil {
		return err
	}
	hash, err := s.hashPassword(r.Context(), c.Password)
	if err != nil {
		return err
	}
	var u store.User
	if g := userOf(r); g != nil && g.Guest {
		// A guest who signs up keeps its games.
		err = s.store.SetPassword(r.Context(), g.ID, c.Name, hash)
		u = *g
		u.Name, u.Guest = c.Name, false
	} else {
		u, err = s.store.CreateUser(r.Context(), c.Name, hash, false, s.now())
	}
	if errors.Is(err, store.ErrConflict) {
		return platform.Errorf(platform.NameTaken, "the name %q is taken", c.Name)
	}
	if err != nil {
		return err
	}
	if _, err := s.newSession(r.Context(), w, r, u); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, api.Me{User: userWire(u)})
	return nil
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) error {
	if !s.limitIP(r, s.loginLimits) {
		return platform.Errorf(platform.RateLimited, "too many attempts; try again in a minute")
	}
	var c api.Credentials
	if err := decodeJSON(w, r, &c); err != nil {
		return err
	}
	key := loginKey(c.Name)
	wait, ok := s.auth.logins.begin(key, s.now())
	if !ok {
		return loginBackoff(w, wait)
	}
	u, ok, err := s.checkLogin(r.Context(), c)
	s.auth.logins.end(key, ok, s.now())
	if err != nil {
		return err
	}
	if !ok {
		return platform.Errorf(platform.BadLogin, "wrong name or password")
	}
	if c, err := r.Cookie(sessionCookie); err == nil {
		s.endCredential(r.Context(), &credential{hash: hashToken(c.Value)}) // a new token at every log-in
	}
	if _, err := s.newSession(r.Context(), w, r, u); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, api.Me{User: userWire(u)})
	return nil
}

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "not signed in")
	}
	writeJSON(w, http.StatusOK, api.Me{User: userWire(*u)})
	return nil
}

// handleGuest makes a guest account and returns the bearer token of its session: how a bot
// or a script with curl starts.
func (s *Server) handleGuest(w http.ResponseWriter, r *http.Request) error {
	if !s.limitIP(r, s.signupLimits) {
		return platform.Errorf(platform.RateLimited, "too many new accounts from this address; try again in a minute")
	}
	u, err := s.store.CreateUser(r.Context(), "guest-"+strings.ToLower(rand.Text()[:8]), "", true, s.now())
	if err != nil {
		return err
	}
	token, err := s.newSession(r.Context(), nil, r, u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, api.Me{User: userWire(u), Token: token})
	return nil
}

// createGame validates a request and stores the game; it returns the row, the table and the
// invitation token of an online game's open seat.
//
// The caller's account comes last, from user: a refused request makes no guest.
func (s *Server) createGame(ctx context.Context, user func() (*store.User, error), req api.CreateGame, rematchOf string) (store.Game, *game.Table, string, error) {
	if err := correspondenceTime(&req); err != nil {
		return store.Game{}, nil, "", err
	}
	now := s.now()
	tb, err := s.newTable(req.Kind, req.Options, req.Time, now)
	if err != nil {
		return store.Game{}, nil, "", err
	}
	g := tb.Game()
	side := game.First
	switch req.Side {
	case "", "first":
	case "second":
		side = game.Second
	case "random":
		var b [1]byte
		rand.Read(b[:])
		side = game.Player(b[0] & 1)
	default:
		return store.Game{}, nil, "", platform.Errorf(platform.BadRequest, "side %q: want first, second or random", req.Side)
	}
	var aiSpec string
	switch req.Mode {
	case platform.ModeHotSeat, platform.ModeAI:
		if req.Rated {
			return store.Game{}, nil, "", platform.Errorf(platform.BadRequest, "hot-seat games and games against the AI are unrated")
		}
		if req.Mode == platform.ModeAI {
			if aiSpec, err = s.aiw.SeatSpec(g, req.Level, req.Engine); err != nil {
				return store.Game{}, nil, "", err
			}
		}
	case platform.ModeOnline:
		// No clock runs before the opponent joins: the join begins the game.
		if tb, err = game.NewTable(tb.Start(), game.TableConfig{Time: req.Time, Now: now, Held: true}); err != nil {
			return store.Game{}, nil, "", err
		}
	default:
		return store.Game{}, nil, "", platform.Errorf(platform.BadRequest, "mode %q: want hotseat, ai or online", req.Mode)
	}
	u, err := user()
	if err != nil {
		return store.Game{}, nil, "", err
	}
	if req.Mode == platform.ModeAI {
		if err := s.allowAIGame(ctx, u); err != nil {
			return store.Game{}, nil, "", err
		}
	}
	row := store.Game{ID: newGameID(), Kind: g.Name(), Start: tb.Start().Encode(), Time: req.Time, Mode: req.Mode,
		CreatedBy: u.ID, Created: now, Status: store.StatusActive, Outcome: game.InPlay, RematchOf: rematchOf}
	var invite string
	switch req.Mode {
	case platform.ModeHotSeat:
		row.Seats = [2]store.Seat{{UserID: u.ID}, {UserID: u.ID}}
	case platform.ModeAI:
		row.Seats[side] = store.Seat{UserID: u.ID}
		row.Seats[side.Other()] = store.Seat{AI: aiSpec}
	case platform.ModeOnline:
		row.Seats[side] = store.Seat{UserID: u.ID}
		row.Status = store.StatusOpen
		if !req.Open {
			invite = rand.Text()
			row.Seats[side.Other()] = store.Seat{InviteHash: hashToken(invite)}
		}
		row.Rated = req.Rated
	}
	settle(&row, tb)
	if err := s.store.CreateGame(ctx, row, s.effects(row, tb, row.Status, false)...); err != nil {
		return store.Game{}, nil, "", err
	}
	return row, tb, invite, nil
}

// newTable starts a table of kind under options and a time control at now: every new game's
// first step (creating, rematches, event pairings). Bad kinds and options are the API's errors.
func (s *Server) newTable(kind string, options map[string]string, tc game.TimeControl, now time.Time) (*game.Table, error) {
	g, err := s.reg.Lookup(kind)
	if err != nil {
		return nil, platform.Errorf(platform.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), options)
	if err != nil {
		return nil, platform.Errorf(platform.BadOption, "%s: %v", g.Name(), err)
	}
	st, err := g.New(o)
	if err != nil {
		return nil, platform.Errorf(platform.BadOption, "%s: %v", g.Name(), err)
	}
	if err := checkBound(st); err != nil {
		return nil, err
	}
	if err := tc.Validate(); err != nil {
		return nil, platform.Errorf(platform.BadOption, "time: %v", err)
	}
	return game.NewTable(st, game.TableConfig{Time: tc, Now: now})
}

// settle fills in what a new game's row takes from its table: the clocks and offers, the first
// deadline of a game in play, and whether an AI moves first.
func settle(row *store.Game, tb *game.Table) {
	row.Meta = store.MetaOf(tb.Snapshot())
	if d, ok := tb.Deadline(); ok && row.Status == store.StatusActive {
		row.Deadline = d
	}
	row.AITurn = aiTurn(*row, tb)
}

// newGameID returns a short random game id.
func newGameID() string { return strings.ToLower(rand.Text()[:10]) }

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateGame
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.allowCreate(r, userOf(r)); err != nil {
		return err
	}
	if err := checkHintsRequest(req); err != nil {
		return err
	}
	var u *store.User
	row, _, invite, err := s.createGame(r.Context(), func() (*store.User, error) {
		var err error
		u, err = s.requireUser(w, r)
		return u, err
	}, req, "")
	if err != nil {
		return err
	}
	if err := s.saveGameSettings(r.Context(), row.ID, store.GameSettings{Hints: req.Hints}); err != nil {
		return err
	}
	return s.respondGame(w, r, u, row.ID, http.StatusCreated, invite)
}

// respondGame writes a game as the caller sees it (after starting what it waits for).
func (s *Server) respondGame(w http.ResponseWriter, r *http.Request, u *store.User, id string, status int, invite string) error {
	lg, err := s.live(r.Context(), id)
	if err != nil {
		return err
	}
	defer lg.mu.Unlock()
	s.afterChange(lg)
	if lg.row.Status == store.StatusOpen && lg.row.Mode == platform.ModeOnline {
		s.lobbyChanged()
	}
	v := s.gameView(lg, u, asSide(r))
	if invite != "" {
		v.Invite = "/play/" + lg.id + "?seat=" + invite
	}
	writeJSON(w, status, v)
	return nil
}

func asSide(r *http.Request) game.Player {
	p, err := game.ParsePlayer(r.URL.Query().Get("as"))
	if err != nil {
		return game.NoPlayer
	}
	return p
}

// gameView is the game as u sees it (lg locked); as picks the side of a hot-seat holder.
func (s *Server) gameView(lg *liveGame, u *store.User, as game.Player) api.Game {
	names := lg.tb.Game().SideNames(lg.tb.State().Options())
	j := api.Game{ID: lg.id, Kind: lg.row.Kind, Mode: lg.row.Mode, Status: lg.row.Status, Rated: lg.row.Rated,
		Created: lg.row.Created, RematchOf: lg.row.RematchOf, Rematch: lg.row.Rematch, You: []string{}}
	var held []game.Player
	for p := game.First; p <= game.Second; p++ {
		seat := lg.row.Seats[p]
		sj := api.Seat{Side: p, Name: names[p], Player: seat.UserName, AI: seat.AI, Open: seat.Open()}
		if u != nil && seat.UserID == u.ID {
			sj.You = true
			held = append(held, p)
			j.You = append(j.You, p.String())
		}
		j.Seats[p] = sj
	}
	viewer := game.NoPlayer
	switch {
	case len(held) == 1:
		viewer = held[0]
	case len(held) == 2 && as.Valid():
		viewer = as
	case len(held) == 2:
		viewer = lg.tb.ToAct().Single()
		if viewer == game.NoPlayer {
			viewer = game.First
		}
	}
	at := s.now()
	if lg.row.Status == store.StatusOpen {
		at = lg.row.Created // no clock runs before both seats are taken
	}
	j.View = lg.tb.View(viewer, at)
	if lg.row.Status == store.StatusOpen && j.View.Clock != nil {
		j.View.Clock.Running = [2]bool{}
	}
	if len(j.View.Legal) > 0 {
		j.Actions = actionDetails(lg.tb.State(), viewer)
	}
	return j
}

func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) error {
	from := 0
	if f := r.URL.Query().Get("from"); f != "" {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return platform.Errorf(platform.BadRequest, "from=%q: want a number of moves, 0 or more", f)
		}
		from = n
	}
	lg, err := s.live(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	v := s.gameView(lg, userOf(r), asSide(r))
	lg.mu.Unlock()
	v.View.Since(from)
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) summarize(gs []store.Game, u *store.User) []api.Summary {
	out := make([]api.Summary, 0, len(gs))
	for _, g := range gs {
		sum := api.Summary{ID: g.ID, Kind: g.Kind, Mode: g.Mode, Status: g.Status, Rated: g.Rated, Time: g.Time.String(),
			Ply: g.Ply, Updated: g.Updated, Outcome: g.Outcome, Clock: g.Time}
		var names [2]string
		if kind, err := s.reg.Lookup(g.Kind); err == nil {
			if st, err := kind.Decode(g.Start); err == nil {
				names = kind.SideNames(st.Options())
				sum.Options = st.Options().String()
			}
		}
		for p := game.First; p <= game.Second; p++ {
			seat := g.Seats[p]
			sum.Seats[p] = api.Seat{Side: p, Name: names[p], Player: seat.UserName, AI: seat.AI, Open: seat.Open(),
				You: u != nil && seat.UserID == u.ID}
		}
		out = append(out, sum)
	}
	return out
}

func (s *Server) handleMyGames(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		writeJSON(w, http.StatusOK, []api.Summary{})
		return nil
	}
	gs, err := s.store.ListGames(r.Context(), store.ListFilter{UserID: u.ID, Limit: 100})
	if err != nil {
		return err
	}
	sums := s.summarize(gs, u)
	s.markYourMove(r.Context(), u, gs, sums)
	writeJSON(w, http.StatusOK, sums)
	return nil
}

// lobby lists the open challenges and the games in play that can be watched.
func (s *Server) lobby(ctx context.Context) (*api.Lobby, error) {
	open, err := s.store.ListGames(ctx, store.ListFilter{Status: store.StatusOpen, OpenSeat: true, Limit: 100})
	if err != nil {
		return nil, err
	}
	live, err := s.store.ListGames(ctx, store.ListFilter{Status: store.StatusActive, Mode: platform.ModeOnline, Limit: 50})
	if err != nil {
		return nil, err
	}
	challenges := s.summarize(open, nil)
	if err := s.challengeRatings(ctx, open, challenges); err != nil {
		return nil, err
	}
	return &api.Lobby{Challenges: challenges, Live: s.summarize(live, nil)}, nil
}

func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) error {
	l, err := s.lobby(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, l)
	return nil
}

// handleJoin takes an online game's open seat: with the invitation's token, or any open
// challenge from the lobby.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Token string `json:"token"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, err := s.requireUser(w, r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	lg, err := s.live(r.Context(), id)
	if err != nil {
		return err
	}
	side := game.NoPlayer
	for p := game.First; p <= game.Second; p++ {
		seat := lg.row.Seats[p]
		if seat.UserID == u.ID {
			lg.mu.Unlock()
			return s.respondGame(w, r, u, id, http.StatusOK, "") // already seated
		}
		if seat.Open() && (seat.InviteHash == "" || req.Token != "" && seat.InviteHash == hashToken(req.Token)) {
			side = p
		}
	}
	if side == game.NoPlayer {
		lg.mu.Unlock()
		if req.Token != "" {
			return platform.Errorf(platform.Forbidden, "this invitation is not valid (used, or for another game)")
		}
		return platform.Errorf(platform.NotAllowed, "game %s has no open seat", id)
	}
	// The join is a change like a move: versioned, committed with the seat, notified to every
	// instance; the clocks start with it, not when the game was offered.
	now := s.now()
	work := lg.tb.Clone()
	evs, err := work.Begin(now)
	if err != nil {
		lg.mu.Unlock()
		return err
	}
	row := lg.row
	row.Seats[side] = store.Seat{UserID: u.ID, UserName: u.Name}
	row.Status = store.StatusActive
	err = s.commitWork(r.Context(), lg, row, work, evs, now, func(c *store.Change) {
		c.Seat = &store.SeatTaken{Side: int(side), UserID: u.ID}
	})
	if errors.Is(err, store.ErrConflict) {
		if lerr := s.loadLocked(r.Context(), lg); lerr == nil {
			s.pushBacklog(r.Context(), lg)
		}
		lg.mu.Unlock()
		return platform.Errorf(platform.NotAllowed, "game %s has no open seat: someone joined first", id)
	}
	lg.mu.Unlock()
	if err != nil {
		return err
	}
	s.lobbyChanged()
	return s.respondGame(w, r, u, id, http.StatusOK, "")
}

// commandHandler handles one of the table commands.
func (s *Server) commandHandler(kind string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		u := userOf(r)
		if u == nil {
			return platform.Errorf(platform.Unauthorized, "sign in, or use the session of your seat")
		}
		var req api.Command
		if err := decodeJSON(w, r, &req); err != nil {
			return err
		}
		c, err := commandOf(req, kind)
		if err != nil {
			return err
		}
		if !s.moveLimits.allow(strconv.FormatInt(u.ID, 10), s.now()) {
			return platform.Errorf(platform.RateLimited, "too many requests; slow down")
		}
		id := r.PathValue("id")
		evs, err := s.do(r.Context(), id, u, c)
		if err != nil && len(evs) == 0 {
			return err
		}
		lg, lerr := s.live(r.Context(), id)
		if lerr != nil {
			return lerr
		}
		v := s.gameView(lg, u, c.side)
		lg.mu.Unlock()
		// The answer carries the history from the command's first change on: the client has
		// the rest.
		v.View.Since(game.HistoryFrom(evs))
		if err != nil {
			e := *platform.AsError(err)
			e.View = v
			return &e
		}
		writeJSON(w, http.StatusOK, v)
		return nil
	}
}

// commandOf reads a command request of a kind.
func commandOf(q api.Command, kind string) (command, error) {
	c := command{kind: kind, side: game.NoPlayer, move: q.Move, ply: -1, moves: q.Moves, accept: q.Accept}
	if q.Side != "" {
		p, err := game.ParsePlayer(q.Side)
		if err != nil || !p.Valid() {
			return c, platform.Errorf(platform.BadRequest, "side %q: want first or second", q.Side)
		}
		c.side = p
	}
	if q.Ply != nil {
		if *q.Ply < 0 {
			return c, platform.Errorf(platform.BadRequest, "ply %d: want 0 or more", *q.Ply)
		}
		c.ply = *q.Ply
	}
	if kind == cmdMove && strings.TrimSpace(q.Move) == "" {
		return c, platform.Errorf(platform.BadRequest, "a move is required: {\"move\": \"f5\"}")
	}
	if q.Moves < 0 || q.Moves > 10000 {
		return c, platform.Errorf(platform.BadRequest, "moves %d out of range", q.Moves)
	}
	return c, nil
}

// handleRematch starts a new game with the same options and the colours swapped.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "sign in to ask for a rematch")
	}
	id := r.PathValue("id")
	lg, err := s.live(r.Context(), id)
	if err != nil {
		return err
	}
	row, tb := lg.row, lg.tb
	lg.mu.Unlock()
	if row.Seats[0].UserID != u.ID && row.Seats[1].UserID != u.ID {
		return platform.Errorf(platform.Forbidden, "you did not play in game %s", id)
	}
	if !tb.Over() {
		return platform.Errorf(platform.NotAllowed, "game %s is still in play", id)
	}
	if row.Rematch != "" {
		return s.respondGame(w, r, u, row.Rematch, http.StatusOK, "")
	}
	if err := s.allowCreate(r, u); err != nil {
		return err
	}
	// A fresh random setup where the game has one (options marked Fresh).
	opts := game.RematchOptions(tb.Game().OptionSpecs(), tb.Start().Options())
	req := api.CreateGame{Kind: row.Kind, Options: opts, Mode: row.Mode, Time: row.Time, Rated: row.Rated}
	if row.Mode == platform.ModeAI {
		req.Engine = row.Seats[0].AI + row.Seats[1].AI
	}
	now := s.now()
	ntb, err := s.newTable(row.Kind, req.Options, row.Time, now)
	if err != nil {
		return err
	}
	nrow := store.Game{ID: newGameID(), Kind: row.Kind, Start: ntb.Start().Encode(), Time: row.Time, Mode: row.Mode, Rated: row.Rated,
		CreatedBy: u.ID, Created: now, Status: store.StatusActive, Outcome: game.InPlay, RematchOf: id,
		Seats: [2]store.Seat{row.Seats[1], row.Seats[0]}}
	for i := range nrow.Seats {
		nrow.Seats[i].InviteHash = ""
		if nrow.Seats[i].Open() {
			return platform.Errorf(platform.NotAllowed, "game %s had an empty seat", id)
		}
	}
	settle(&nrow, ntb)
	// The old game learns of its rematch by a versioned change committed with the new game, so
	// that its followers on every instance see the link at once.
	lg, err = s.live(r.Context(), id)
	if err != nil {
		return err
	}
	if lg.row.Rematch != "" {
		lg.mu.Unlock()
		return s.respondGame(w, r, u, lg.row.Rematch, http.StatusOK, "")
	}
	work := lg.tb.Clone()
	evs, err := work.Rematch(nrow.ID, now)
	if err != nil {
		lg.mu.Unlock()
		return err
	}
	orow := lg.row
	orow.Rematch = nrow.ID
	err = s.commitWork(r.Context(), lg, orow, work, evs, now, func(c *store.Change) {
		c.Rematch = &nrow
		c.Jobs = append(c.Jobs, s.effects(nrow, ntb, nrow.Status, false)...)
	})
	if errors.Is(err, store.ErrConflict) {
		// Another instance made it first: follow its link.
		if lerr := s.loadLocked(r.Context(), lg); lerr == nil && lg.row.Rematch != "" {
			s.pushBacklog(r.Context(), lg)
			other := lg.row.Rematch
			lg.mu.Unlock()
			return s.respondGame(w, r, u, other, http.StatusOK, "")
		}
	}
	lg.mu.Unlock()
	if err != nil {
		return err
	}
	if gs, err := s.store.GameSettingsOf(r.Context(), id); err != nil || s.saveGameSettings(r.Context(), nrow.ID, gs) != nil {
		s.log.Warn("the rematch's settings", "game", nrow.ID)
	}
	return s.respondGame(w, r, u, nrow.ID, http.StatusCreated, "")
}

// handleEvents returns a game's events after a version, as the caller may see them.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) error {
	after, err := afterParam(r)
	if err != nil {
		return err
	}
	lg, err := s.live(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	viewer := viewerOf(lg.row, userOf(r))
	lg.mu.Unlock()
	stored, err := s.store.Events(r.Context(), r.PathValue("id"), after, 10000)
	if err != nil {
		return err
	}
	out := make([]game.Event, 0, len(stored))
	for _, e := range stored {
		var ev game.Event
		if err := json.Unmarshal(e.Body, &ev); err != nil {
			return err
		}
		out = append(out, ev.For(viewer))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func afterParam(r *http.Request) (int64, error) {
	a := r.URL.Query().Get("after")
	if a == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(a, 10, 64)
	if err != nil || n < 0 {
		return 0, platform.Errorf(platform.BadRequest, "after=%q: want a version, 0 or more", a)
	}
	return n, nil
}

// handleExport writes a game's record: "json", or one of the game's record formats.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) error {
	lg, err := s.live(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	row, tb := lg.row, lg.tb.Clone()
	lg.mu.Unlock()
	format := r.URL.Query().Get("format")
	rec := tb.Record([2]string{seatName(row.Seats[0]), seatName(row.Seats[1])})
	if format == "json" {
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.json"`, row.ID))
		writeJSON(w, http.StatusOK, recordJSON(row, rec))
		return nil
	}
	f, err := game.LookupRecordFormat(tb.Game(), format)
	if err != nil {
		if format == "" {
			writeJSON(w, http.StatusOK, recordJSON(row, rec))
			return nil
		}
		return platform.Errorf(platform.BadRequest, "%v (or json)", err)
	}
	if f.Write == nil {
		return platform.Errorf(platform.BadRequest, "%s records are read-only", f.Name)
	}
	var b bytes.Buffer
	if err := f.Write(&b, rec); err != nil {
		return platform.Errorf(platform.BadRecord, "this game cannot be written as %s: %v", f.Name, err)
	}
	ct := f.MediaType
	if ct == "" {
		ct = "text/plain; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.%s"`, row.ID, f.Ext))
	w.Write(b.Bytes())
	return nil
}

func seatName(s store.Seat) string {
	switch {
	case s.UserName != "":
		return s.UserName
	case s.AI != "":
		return "Turncoat AI (" + s.AI + ")"
	}
	return ""
}

// recordJSON is a game's JSON record.
func recordJSON(row store.Game, rec game.Record) map[string]any {
	return map[string]any{
		"id": row.ID, "game": rec.Start.Game().Name(), "options": rec.Start.Options().Map(), "start": rec.Start.Encode(),
		"players": rec.Players, "date": rec.Date, "moves": append([]string{}, rec.Moves...), "result": rec.Result,
	}
}

// handleImport reads a record (an Othello GGF or move list, or any game's own format) and makes
// it a hot-seat game of the caller's, to replay or to continue.
func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Kind    string            `json:"kind"`
		Format  string            `json:"format"`
		Text    string            `json:"text"`
		Options map[string]string `json:"options"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Kind == "" {
		req.Kind = "reversi"
	}
	g, err := s.reg.Lookup(req.Kind)
	if err != nil {
		return platform.Errorf(platform.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), req.Options)
	if err != nil {
		return platform.Errorf(platform.BadOption, "%v", err)
	}
	format := req.Format
	if format == "" {
		if strings.Contains(req.Text, "(;") {
			format = "ggf"
		} else if len(game.RecordFormats(g)) > 1 {
			format = game.RecordFormats(g)[1].Name
		}
	}
	recs, err := game.ReadRecords(g, format, strings.NewReader(req.Text), o)
	if err != nil {
		return platform.Errorf(platform.BadRecord, "reading the record: %v", err)
	}
	if len(recs) == 0 {
		return platform.Errorf(platform.BadRecord, "the text holds no game")
	}
	rec := recs[0]
	if len(rec.Moves) > maxGameMoves {
		return platform.Errorf(platform.TooLarge, "the record holds %d moves; a game here holds at most %d", len(rec.Moves), maxGameMoves)
	}
	if err := checkBound(rec.Start); err != nil {
		return err
	}
	if err := s.allowCreate(r, userOf(r)); err != nil {
		return err
	}
	now := s.now()
	tb, err := game.NewTable(rec.Start, game.TableConfig{Now: now})
	if err != nil {
		return err
	}
	var evs []game.Event
	for i, text := range rec.Moves {
		m, err := game.ParseMove(tb.State(), text)
		if err != nil {
			return platform.Errorf(platform.IllegalMove, "move %d (%s): %v", i+1, text, err)
		}
		for _, p := range m.Actors.Players() {
			e, err := tb.Submit(p, m.Actions[p], now)
			if err != nil {
				return platform.Errorf(platform.IllegalMove, "move %d (%s): %v", i+1, text, err)
			}
			evs = append(evs, e...)
		}
	}
	evs = append(evs, moveLimit(tb, now)...)
	u, err := s.requireUser(w, r) // only now: a refused import makes no guest
	if err != nil {
		return err
	}
	row := store.Game{ID: newGameID(), Kind: g.Name(), Start: tb.Start().Encode(), Mode: platform.ModeHotSeat, CreatedBy: u.ID,
		Created: now, Status: store.StatusActive, Outcome: game.InPlay, Seats: [2]store.Seat{{UserID: u.ID}, {UserID: u.ID}}}
	empty, err := game.NewTable(rec.Start, game.TableConfig{Now: now})
	if err != nil {
		return err
	}
	row.Meta = store.MetaOf(empty.Snapshot())
	if err := s.store.CreateGame(r.Context(), row); err != nil {
		return err
	}
	snap := tb.Snapshot()
	status := store.StatusActive
	if tb.Over() {
		status = store.StatusOver
	}
	// The imported moves are stored as one change, with their events.
	if err := s.store.Commit(r.Context(), store.Change{GameID: row.ID, Snapshot: snap, Events: evs, Status: status,
		Outcome: tb.Outcome(), Now: now}); err != nil {
		return err
	}
	return s.respondGame(w, r, u, row.ID, http.StatusCreated, "")
}

// handleHint returns the AI's view of every legal move for the caller's side, where the game's
// engine analyses and the game is not rated.
func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "hints are for the players of a game")
	}
	level := 5
	if l := r.URL.Query().Get("level"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || !engine.Level(n).Valid() {
			return platform.Errorf(platform.BadRequest, "level=%q: want 1 to 10", l)
		}
		level = n
	}
	if err := guestLevel(u, level); err != nil {
		return err
	}
	if !s.moveLimits.allow(strconv.FormatInt(u.ID, 10), s.now()) {
		return platform.Errorf(platform.RateLimited, "too many requests; slow down")
	}
	lg, err := s.live(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	row, state := lg.row, lg.tb.State()
	side := asSide(r)
	if !side.Valid() {
		side = viewerOf(row, u)
		if !side.Valid() {
			side = lg.tb.ToAct().Single()
		}
	}
	lg.mu.Unlock()
	if !side.Valid() || row.Seats[side].UserID != u.ID {
		return platform.Errorf(platform.Forbidden, "hints are for your own side")
	}
	if row.Rated {
		return platform.Errorf(platform.Forbidden, "no hints in rated games")
	}
	if err := s.engineHelp(r.Context(), row, state.Outcome().Over); err != nil {
		return err
	}
	if !state.ToAct().Has(side) {
		return platform.Errorf(platform.NotYourTurn, "%s does not act now", side)
	}
	out, err := s.aiw.Analyze(r.Context(), s.aiw.Caller(u, s.clientAddr(r)), state, side, level)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"side": side, "level": level, "moves": out})
	return nil
}
