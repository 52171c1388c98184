package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"
	"turncoat/api"
	"turncoat/platform/jobs"

	"turncoat/game"
	"turncoat/platform"
	"turncoat/store"
)

// Correspondence games. A correspondence time control gives each move a number of days (one of
// CorrespondenceDays), optionally with an increment in days. Its deadlines are durable jobs, not
// timers: the job of a game's deadline is stored with the change that set the clock running, in
// the same transaction (a duplicate is dropped), worked once by one instance, and ends the game
// on time through the table (Tick) as a timer would. A reminder job comes before the deadline (a notification, and
// a mail through Config.Mailer), and a notification tells a player it is their move.
//
// Vacation: a player has Config.VacationDays days a year. Taking n of them gives the player's
// clock n days more in every correspondence game they play (game.Table.AddTime): their
// deadlines move back by exactly that, while the opponents' clocks are untouched. It is the
// simplest correct way to stop a clock for a while: the table's clock arithmetic stays one
// plain value, the change is a versioned event like any other, and a restart or another
// instance sees it at once.

// CorrespondenceDays are the times per move a correspondence game may have, in days.
var CorrespondenceDays = []int{1, 2, 3, 5, 7, 10, 14}

const day = 24 * time.Hour

// cmdAddTime gives a side's clock more time (a vacation).
const cmdAddTime = "add_time"

// correspondenceTime reads a request's correspondence time control, and checks that a
// correspondence control however given has a time per move of CorrespondenceDays.
func correspondenceTime(req *api.CreateGame) error {
	if c := req.Correspondence; c != nil {
		if req.Time.Kind != game.Untimed {
			return platform.Errorf(platform.BadOption, "give either time or correspondence, not both")
		}
		req.Time = game.TimeControl{Kind: game.Correspondence, Base: time.Duration(c.Days) * day, Increment: time.Duration(c.IncrementDays) * day}
	}
	if req.Time.Kind != game.Correspondence {
		return nil
	}
	if req.Time.Base%day != 0 || !slices.Contains(CorrespondenceDays, int(req.Time.Base/day)) {
		return platform.Errorf(platform.BadOption, "correspondence: %v per move: want one of %v days", req.Time.Base, CorrespondenceDays)
	}
	if req.Time.Increment%day != 0 || req.Time.Increment < 0 || req.Time.Increment > 14*day {
		return platform.Errorf(platform.BadOption, "correspondence: an increment of %v: want whole days, 0 to 14", req.Time.Increment)
	}
	return req.Time.Validate()
}

// scheduleCorrespondence schedules a correspondence game's jobs after a change (lg locked): its
// deadline, the reminder before it, and the notification of the player to move. It reports
// false for other games (their clocks are timers).
func (s *Server) scheduleCorrespondence(lg *liveGame) bool {
	if lg.row.Time.Kind != game.Correspondence {
		return false
	}
	if lg.timer != nil {
		lg.timer.Stop()
		lg.timer = nil
	}
	return true // its deadline, reminder and notice are jobs stored with the change (effects.go)
}

// toMove returns the users whose clock runs in a game (lg locked), with their side.
func toMove(lg *liveGame) map[game.Player]int64 {
	out := map[game.Player]int64{}
	if lg.tb.Over() {
		return out
	}
	c := lg.tb.Clock()
	for _, p := range lg.tb.ToAct().Players() {
		if u := lg.row.Seats[p].UserID; u != 0 && c.Running[p] {
			out[p] = u
		}
	}
	return out
}

// workDeadline ends a game on time at its deadline, unless a later change moved the deadline
// (a job of its own then covers it).
func (s *Server) workDeadline(ctx context.Context, a jobs.Deadline) error {
	lg, err := s.live(ctx, a.Game)
	if err != nil {
		if platform.ErrorCode(err) == platform.NotFound {
			return nil
		}
		return err
	}
	d, ok := lg.tb.Deadline()
	stale := !ok || lg.tb.Version() != a.Version
	lg.mu.Unlock()
	if stale {
		return nil
	}
	if err := s.notYet(d); err != nil {
		return err
	}
	evs, err := s.do(ctx, a.Game, nil, command{kind: cmdTick, ply: -1})
	if err != nil && !errors.Is(err, game.ErrGameOver) {
		return err
	}
	for _, e := range evs {
		if e.Kind == game.EventEnd && e.Outcome != nil {
			s.noteGameEnd(ctx, a.Game, e.Outcome.Reason)
		}
	}
	return nil
}

// noteGameEnd tells both players of a game how it ended on time.
func (s *Server) noteGameEnd(ctx context.Context, id, reason string) {
	row, err := s.store.Game(ctx, id)
	if err != nil {
		return
	}
	var notes []store.Notification
	for _, seat := range row.Seats {
		if seat.UserID != 0 && (len(notes) == 0 || notes[0].UserID != seat.UserID) {
			notes = append(notes, store.Notification{UserID: seat.UserID, Kind: "game_over", GameID: id,
				Message: fmt.Sprintf("Game %s is over: %s.", id, reason)})
		}
	}
	s.sendNotes(ctx, notes)
}

// workReminder reminds the player to move of the deadline, if the game is still where it was.
func (s *Server) workReminder(ctx context.Context, a jobs.Reminder) error {
	lg, err := s.live(ctx, a.Game)
	if err != nil {
		return nil
	}
	if lg.tb.Version() != a.Version {
		lg.mu.Unlock()
		return nil
	}
	d, _ := lg.tb.Deadline()
	who := toMove(lg)
	kind := lg.row.Kind
	lg.mu.Unlock()
	for _, u := range who {
		left := d.Sub(s.now()).Round(time.Minute)
		msg := fmt.Sprintf("Your move in game %s (%s) is due by %s (%v left); without it the game is lost on time.",
			a.Game, kind, d.Format("2006-01-02 15:04 MST"), left)
		s.sendNotes(ctx, []store.Notification{{UserID: u, Kind: "reminder", GameID: a.Game, Message: msg}})
		usr, err := s.store.UserByID(ctx, u)
		if err != nil {
			continue
		}
		email, _ := s.store.Email(ctx, u)
		if err := s.corr.mailer.Send(ctx, Mail{To: email, UserName: usr.Name, Subject: "Turncoat: your move in game " + a.Game, Body: msg}); err != nil {
			s.log.Warn("sending a reminder", "user", usr.Name, "error", err)
		}
	}
	return nil
}

// workTurn tells the player to move that it is their move.
func (s *Server) workTurn(ctx context.Context, a jobs.Turn) error {
	lg, err := s.live(ctx, a.Game)
	if err != nil {
		return nil
	}
	if lg.tb.Ply() != a.Ply {
		lg.mu.Unlock()
		return nil
	}
	d, _ := lg.tb.Deadline()
	who := toMove(lg)
	lg.mu.Unlock()
	var notes []store.Notification
	for _, u := range who {
		notes = append(notes, store.Notification{UserID: u, Kind: "your_move", GameID: a.Game,
			Message: fmt.Sprintf("Your move in game %s, by %s.", a.Game, d.Format("2006-01-02 15:04 MST"))})
	}
	s.sendNotes(ctx, notes)
	return nil
}

// sendNotes stores notifications and pushes them to their users' sockets: at once on SQLite
// (one instance), through every instance's listener on PostgreSQL.
func (s *Server) sendNotes(ctx context.Context, notes []store.Notification) {
	if len(notes) == 0 {
		return
	}
	stored, err := s.store.AddNotifications(ctx, notes, s.now())
	if err != nil {
		s.log.Error("storing notifications", "error", err)
		return
	}
	if s.store.Postgres() {
		return
	}
	for _, n := range stored {
		s.pushNote(n)
	}
}

// remoteNote pushes a notification stored by any instance to this instance's sockets of its
// user.
func (s *Server) remoteNote(userID, id int64) {
	if !s.hasConn(userID) {
		return
	}
	n, err := s.store.NotificationByID(context.Background(), id)
	if err != nil {
		return
	}
	s.pushNote(n)
}

func (s *Server) hasConn(userID int64) bool {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for c := range s.conns {
		if c.user != nil && c.user.ID == userID {
			return true
		}
	}
	return false
}

// pushNote sends a notification to its user's open sockets: {"type": "notification",
// "notification": {...}}.
func (s *Server) pushNote(n store.Notification) {
	wire := notificationWire(n)
	b := mustJSON(api.Message{Type: "notification", Notification: &wire})
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for c := range s.conns {
		if c.user != nil && c.user.ID == n.UserID {
			c.push(b)
		}
	}
}

// handleNotifications lists the caller's notifications, newest first: ?unread=1 only the unread,
// ?before=ID the older ones, ?limit=N.
func (s *Server) handleNotifications(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "sign in to see your notifications")
	}
	q := r.URL.Query()
	before, limit := int64(0), 50
	if b := q.Get("before"); b != "" {
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n < 1 {
			return platform.Errorf(platform.BadRequest, "before=%q: want a notification id", b)
		}
		before = n
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 500 {
			return platform.Errorf(platform.BadRequest, "limit=%q: want 1 to 500", l)
		}
		limit = n
	}
	notes, err := s.store.Notifications(r.Context(), u.ID, before, q.Get("unread") == "1", limit)
	if err != nil {
		return err
	}
	unread, err := s.store.UnreadCount(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"notifications": s.aboutNotes(r.Context(), u, notes), "unread": unread})
	return nil
}

// handleMarkRead marks the caller's notifications read: {"ids": [...]}, or all of them.
func (s *Server) handleMarkRead(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "sign in to see your notifications")
	}
	var req struct {
		IDs []int64 `json:"ids"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if len(req.IDs) > 500 {
		return platform.Errorf(platform.BadRequest, "at most 500 ids at once")
	}
	n, err := s.store.MarkRead(r.Context(), u.ID, req.IDs, s.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"marked": n})
	return nil
}

// handleEmail sets the address reminders are mailed to ({"email": ""} clears it).
func (s *Server) handleEmail(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil || u.Guest {
		return platform.Errorf(platform.Unauthorized, "sign in with a registered account to get reminders by mail")
	}
	var req struct {
		Email string `json:"email"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if len(req.Email) > 254 || req.Email != "" && !validEmail(req.Email) {
		return platform.Errorf(platform.BadRequest, "%q is not an e-mail address", req.Email)
	}
	if err := s.store.SetEmail(r.Context(), u.ID, req.Email); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": req.Email})
	return nil
}

// validEmail checks the shape of an address: something, one @, a domain with a dot, no spaces.
func validEmail(e string) bool {
	at := -1
	for i, r := range e {
		switch {
		case r <= ' ' || r == 0x7f:
			return false
		case r == '@':
			if at >= 0 {
				return false
			}
			at = i
		}
	}
	if at < 1 || at == len(e)-1 {
		return false
	}
	domain := e[at+1:]
	for i := 1; i < len(domain)-1; i++ {
		if domain[i] == '.' {
			return true
		}
	}
	return false
}

func (s *Server) handleVacationInfo(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "sign in to see your vacation days")
	}
	year := s.now().Year()
	used, err := s.store.VacationUsed(r.Context(), u.ID, year)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, api.Vacation{Year: year, Allowance: s.cfg.VacationDays, Used: used})
	return nil
}

// handleVacation takes {"days": n} of the caller's yearly vacation: every correspondence game
// they play gets n days more on their clock.
func (s *Server) handleVacation(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "sign in to take vacation days")
	}
	var req struct {
		Days int `json:"days"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Days < 1 || req.Days > s.cfg.VacationDays {
		return platform.Errorf(platform.BadRequest, "days %d: want 1 to %d", req.Days, s.cfg.VacationDays)
	}
	ctx := r.Context()
	year := s.now().Year()
	used, err := s.store.TakeVacation(ctx, u.ID, year, req.Days, s.cfg.VacationDays)
	if errors.Is(err, store.ErrAllowance) {
		return platform.Errorf(platform.NotAllowed, "%v", err)
	}
	if err != nil {
		return err
	}
	gs, err := s.store.ListGames(ctx, store.ListFilter{UserID: u.ID, Status: store.StatusActive, Limit: 1000})
	if err != nil {
		return err
	}
	out := api.Vacation{Year: year, Allowance: s.cfg.VacationDays, Used: used, Days: req.Days, Games: []string{}}
	for _, g := range gs {
		if g.Time.Kind != game.Correspondence {
			continue
		}
		for p := game.First; p <= game.Second; p++ {
			if g.Seats[p].UserID != u.ID {
				continue
			}
			_, err := s.do(ctx, g.ID, nil, command{kind: cmdAddTime, side: p, ply: -1, add: time.Duration(req.Days) * day})
			if err != nil {
				s.log.Warn("vacation time", "game", g.ID, "error", err)
				continue
			}
			out.Games = append(out.Games, g.ID)
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// corrRoutes registers the API of correspondence play, tournaments, ratings and notifications.
func (s *Server) corrRoutes(mux *http.ServeMux) {
	handle := func(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
		mux.Handle(pattern, s.wrap(pattern, h))
	}
	handle("GET /api/notifications", s.handleNotifications)
	handle("POST /api/notifications/read", s.handleMarkRead)
	handle("PUT /api/me/email", s.handleEmail)
	handle("GET /api/vacation", s.handleVacationInfo)
	handle("POST /api/vacation", s.handleVacation)
	handle("GET /api/users/{name}", s.handleProfile)
	handle("GET /api/leaderboard", s.handleLeaderboard)
	s.tournamentRoutes(handle)
	s.eventRoutes(handle)
}
