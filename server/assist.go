package server

import (
	"context"
	"net/http"
	"strconv"
	"time"
	"turncoat/api"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/platform"
	"turncoat/rating"
	"turncoat/store"
)

// The engine's help in games between people, and what a game's page shows beside the board.
//
// A game between two people (online, both seats taken by people) gives neither player the
// engine's help while it runs, neither hints nor values of its positions, unless it was
// created with hints for both (GameSettings.Hints, never in a rated game); once it is over,
// everyone may analyse it. Games against the AI and hot-seat games always have hints (except
// rated ones, which are online games between people anyway).

// playRoutes registers the game page's extras.
func (s *Server) playRoutes(mux *http.ServeMux) {
	s.chatLimits = newLimiters(chatRate, chatBurst)
	handle := func(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
		mux.Handle(pattern, s.wrap(pattern, h))
	}
	handle("GET /api/games/{id}/info", s.handleGameInfo)
	handle("POST /api/games/{id}/analysis", s.handleGameAnalysis)
	handle("GET /api/games/{id}/chat", s.handleChatList)
	handle("POST /api/games/{id}/chat", s.handleChatPost)
	handle("PUT /api/games/{id}/chat/settings", s.handleChatSeat)
	handle("PUT /api/me/chat", s.handleChatOff)
}

// betweenPeople reports whether a game is played online by two different people.
func betweenPeople(row store.Game) bool {
	a, b := row.Seats[0].UserID, row.Seats[1].UserID
	return row.Mode == platform.ModeOnline && row.Seats[0].AI == "" && row.Seats[1].AI == "" && (a == 0 || b == 0 || a != b)
}

// checkHintsRequest refuses hints for both in a game that cannot have them: a rated game, or a
// game that is not between people (those have hints anyway).
func checkHintsRequest(req api.CreateGame) error {
	if !req.Hints {
		return nil
	}
	if req.Mode != platform.ModeOnline {
		return platform.Errorf(platform.BadRequest, "hints for both are for online games: hot-seat games and games against the AI have hints anyway")
	}
	if req.Rated {
		return platform.Errorf(platform.BadRequest, "a rated game has no hints")
	}
	return nil
}

// saveGameSettings stores what a new game was created with (nothing when it has the defaults).
func (s *Server) saveGameSettings(ctx context.Context, id string, gs store.GameSettings) error {
	if gs == (store.GameSettings{}) {
		return nil
	}
	return s.store.SetGameSettings(ctx, id, gs)
}

// engineHelp returns nil when the engine may help with a game now, else the error that says
// why not.
func (s *Server) engineHelp(ctx context.Context, row store.Game, over bool) error {
	if over || !betweenPeople(row) {
		return nil
	}
	gs, err := s.store.GameSettingsOf(ctx, row.ID)
	if err != nil {
		return err
	}
	if gs.Hints && !row.Rated {
		return nil
	}
	return platform.Errorf(platform.Forbidden, "no engine help in a game between people while it runs (it was not created with hints for both): the analysis opens when it ends")
}

func (s *Server) handleGameInfo(w http.ResponseWriter, r *http.Request) error {
	lg, err := s.live(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	row, over, start := lg.row, lg.tb.Over(), lg.tb.Start()
	watchers := watcherCount(lg)
	lg.mu.Unlock()
	ctx := r.Context()
	gs, err := s.store.GameSettingsOf(ctx, row.ID)
	if err != nil {
		return err
	}
	info := api.GameInfo{Hints: gs.Hints && !row.Rated, BetweenPeople: betweenPeople(row), Rated: row.Rated, Watchers: watchers}
	info.EngineHelp = s.engineHelp(ctx, row, over) == nil
	if row.Rated && row.Seats[0].UserID != 0 && row.Seats[1].UserID != 0 {
		var rs [2]api.GameRating
		variant := rating.VariantKey(row.Kind, start.Options())
		for i := range rs {
			x, err := s.store.UserRating(ctx, row.Seats[i].UserID, variant)
			if err != nil {
				return err
			}
			rs[i] = api.GameRating{Rating: round2(x.Rating.Rating), Deviation: round2(x.Deviation), Games: x.Games}
		}
		changes, err := s.store.GameRatingChanges(ctx, row.ID)
		if err != nil {
			return err
		}
		for _, c := range changes {
			for i := range rs {
				if row.Seats[i].UserID == c.UserID {
					d := round2(c.After.Rating - c.Before.Rating)
					rs[i] = api.GameRating{Rating: round2(c.Before.Rating), Deviation: round2(c.Before.Deviation), Games: rs[i].Games, Change: &d}
				}
			}
		}
		info.Ratings = &rs
	}
	if info.Chat, err = s.chatInfo(ctx, row, userOf(r)); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, info)
	return nil
}

// challengeRatings fills in the lobby's challenges the ratings of their challengers in the
// game's variant.
func (s *Server) challengeRatings(ctx context.Context, rows []store.Game, sums []api.Summary) error {
	for i, g := range rows {
		kind, err := s.reg.Lookup(g.Kind)
		if err != nil {
			continue
		}
		start, err := kind.Decode(g.Start)
		if err != nil {
			continue
		}
		variant := rating.VariantKey(g.Kind, start.Options())
		for p, seat := range g.Seats {
			if seat.UserID == 0 {
				continue
			}
			r, err := s.store.UserRating(ctx, seat.UserID, variant)
			if err != nil {
				return err
			}
			sums[i].Ratings[p] = &api.GameRating{Rating: round2(r.Rating.Rating), Deviation: round2(r.Deviation), Games: r.Games}
		}
	}
	return nil
}

// ratedResults fills in the rated games of a list the players' ratings before each game, with
// the game's change.
func (s *Server) ratedResults(ctx context.Context, rows []store.Game, sums []api.Summary) error {
	for i, g := range rows {
		if !g.Rated || !g.Outcome.Over {
			continue
		}
		changes, err := s.store.GameRatingChanges(ctx, g.ID)
		if err != nil {
			return err
		}
		for _, c := range changes {
			for p, seat := range g.Seats {
				if seat.UserID == c.UserID {
					d := round2(c.After.Rating - c.Before.Rating)
					sums[i].Ratings[p] = &api.GameRating{Rating: round2(c.Before.Rating), Deviation: round2(c.Before.Deviation), Change: &d}
				}
			}
		}
	}
	return nil
}

// markYourMove marks the games of u's list in play where u must act (and has not yet: a
// selection made at a simultaneous node waits for the opponent).
func (s *Server) markYourMove(ctx context.Context, u *store.User, rows []store.Game, sums []api.Summary) {
	for i, g := range rows {
		if g.Status != store.StatusActive || g.Outcome.Over || g.Mode == platform.ModeHotSeat {
			continue
		}
		lg, err := s.live(ctx, g.ID)
		if err != nil {
			continue
		}
		for _, p := range lg.tb.ToAct().Players() {
			if lg.row.Seats[p].UserID == u.ID && lg.tb.Pending(p) == nil {
				sums[i].YourMove = true
			}
		}
		lg.mu.Unlock()
	}
}

// aboutNotes adds to u's notifications the game each is about.
func (s *Server) aboutNotes(ctx context.Context, u *store.User, notes []store.Notification) []api.Notification {
	out := make([]api.Notification, len(notes))
	games := map[string]*api.NotificationAbout{}
	for i, n := range notes {
		out[i] = notificationWire(n)
		if n.GameID == "" {
			continue
		}
		about, ok := games[n.GameID]
		if !ok {
			if row, err := s.store.Game(ctx, n.GameID); err == nil {
				about = &api.NotificationAbout{Kind: row.Kind}
				for p, seat := range row.Seats {
					if seat.UserID == u.ID {
						other := row.Seats[1-p]
						about.Opponent = other.UserName
						if other.AI != "" {
							about.Opponent = "AI"
						}
					}
				}
			}
			games[n.GameID] = about
		}
		out[i].About = about
	}
	return out
}

// handleGameAnalysis answers POST /api/games/{id}/analysis: a position of the game (after ply
// moves) as a view, and with a level the engine's value of each move of the side to act there.
// The engine's values are refused while a game between people runs without hints for both.
func (s *Server) handleGameAnalysis(w http.ResponseWriter, r *http.Request) error {
	u, err := s.requireUser(w, r)
	if err != nil {
		return err
	}
	var req api.GameAnalysis
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Level != 0 && !engine.Level(req.Level).Valid() {
		return platform.Errorf(platform.BadRequest, "level %d: want 0 (the position alone) or 1 to 10", req.Level)
	}
	lg, err := s.live(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	row, over, start := lg.row, lg.tb.Over(), lg.tb.Start()
	moves := lg.tb.Record([2]string{}).Moves
	lg.mu.Unlock()
	if req.Ply < 0 || req.Ply > len(moves) {
		return platform.Errorf(platform.BadRequest, "ply %d: the game has positions 0 to %d", req.Ply, len(moves))
	}
	if req.Level > 0 {
		if err := s.engineHelp(r.Context(), row, over); err != nil {
			return err
		}
		if !s.moveLimits.allow(strconv.FormatInt(u.ID, 10), s.now()) {
			return platform.Errorf(platform.RateLimited, "too many requests; slow down")
		}
	}
	now := s.now()
	tb, err := replay(start, moves[:req.Ply], now)
	if err != nil {
		return err
	}
	side := tb.ToAct().Single()
	if !side.Valid() {
		side = game.First
	}
	state := tb.State()
	out := map[string]any{"view": tb.View(side, now), "side": side}
	if req.Level > 0 && state.ToAct().Has(side) {
		if err := guestLevel(u, req.Level); err != nil {
			return err
		}
		hints, err := s.aiw.Analyze(r.Context(), s.aiw.Caller(u, s.clientAddr(r)), state, side, req.Level)
		if err != nil {
			return err
		}
		out["level"], out["moves"] = req.Level, hints
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// replay plays moves (in the game's notation) from start on a table of its own.
func replay(start game.State, moves []string, now time.Time) (*game.Table, error) {
	tb, err := game.NewTable(start, game.TableConfig{Now: now})
	if err != nil {
		return nil, err
	}
	for i, text := range moves {
		m, err := game.ParseMove(tb.State(), text)
		if err != nil {
			return nil, platform.Errorf(platform.IllegalMove, "move %d (%s): %v", i+1, text, err)
		}
		for _, p := range m.Actors.Players() {
			if _, err := tb.Submit(p, m.Actions[p], now); err != nil {
				return nil, platform.Errorf(platform.IllegalMove, "move %d (%s): %v", i+1, text, err)
			}
		}
	}
	return tb, nil
}

// watcherCount returns how many of a game's followers (lg locked) are spectators: not one of
// its players (a spectator in two tabs counts once).
func watcherCount(lg *liveGame) int {
	n := 0
	seen := map[int64]bool{}
	for c := range lg.subs {
		switch {
		case c.user == nil:
			n++
		case lg.row.Seats[0].UserID != c.user.ID && lg.row.Seats[1].UserID != c.user.ID && !seen[c.user.ID]:
			seen[c.user.ID] = true
			n++
		}
	}
	return n
}
