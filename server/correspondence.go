package server

import (
	"context"
	"net/http"
	"strconv"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/mail"
)

// Notifications: stored, pushed over the live connections of their users on every instance,
// and mailed (correspondence reminders). The game service sends its own through Notify and
// Mail (play.Notifier).

// sendNotes stores notifications and pushes them to their users' sockets: at once on SQLite
// (one instance), through every instance's listener on PostgreSQL.
func (s *Server) sendNotes(ctx context.Context, notes []domain.Notification) {
	if len(notes) == 0 {
		return
	}
	stored, err := s.store.AddNotifications(ctx, notes, s.now())
	if err != nil {
		s.log.Error("storing notifications", "error", err)
		return
	}
	s.queueMails(ctx, stored)
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
func (s *Server) pushNote(n domain.Notification) {
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

// notes is the server's play.Notifier: notifications stored and pushed, mails sent.
type notes struct{ s *Server }

func (n notes) Notify(ctx context.Context, ns []domain.Notification) { n.s.sendNotes(ctx, ns) }

// Mail does nothing: the notification that comes with the mail (the reminder) is mailed by its
// own durable job (see mail.go), in the user's language and tried again on failure.
func (n notes) Mail(ctx context.Context, userID int64, subject, body string) {}

// aboutNotes adds to u's notifications the game each is about.
func (s *Server) aboutNotes(ctx context.Context, u *domain.User, ns []domain.Notification) []api.Notification {
	out := make([]api.Notification, len(ns))
	games := map[string]*api.NotificationAbout{}
	for i, n := range ns {
		out[i] = notificationWire(n)
		if n.GameID == "" {
			continue
		}
		about, ok := games[n.GameID]
		if !ok {
			about = s.play.About(ctx, u.ID, n.GameID)
			games[n.GameID] = about
		}
		out[i].About = about
	}
	return out
}

// handleNotifications lists the caller's notifications, newest first: ?unread=1 only the unread,
// ?before=ID the older ones, ?limit=N.
func (s *Server) handleNotifications(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "sign in to see your notifications")
	}
	q := r.URL.Query()
	before, limit := int64(0), 50
	if b := q.Get("before"); b != "" {
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n < 1 {
			return domain.Errorf(domain.BadRequest, "before=%q: want a notification id", b)
		}
		before = n
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 500 {
			return domain.Errorf(domain.BadRequest, "limit=%q: want 1 to 500", l)
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
		return domain.Errorf(domain.Unauthorized, "sign in to see your notifications")
	}
	var req struct {
		IDs []int64 `json:"ids"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if len(req.IDs) > 500 {
		return domain.Errorf(domain.BadRequest, "at most 500 ids at once")
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
		return domain.Errorf(domain.Unauthorized, "sign in with a registered account to get reminders by mail")
	}
	var req struct {
		Email string `json:"email"`
		// Lang is the language of the mail (en, pt, es); none keeps the one set.
		Lang string `json:"lang"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if len(req.Email) > 254 || req.Email != "" && !validEmail(req.Email) {
		return domain.Errorf(domain.BadRequest, "%q is not an e-mail address", req.Email)
	}
	if req.Lang != "" && !mail.KnowsLanguage(req.Lang) {
		return domain.Errorf(domain.BadRequest, "lang %q: want en, pt or es", req.Lang)
	}
	if err := s.store.SetEmail(r.Context(), u.ID, req.Email); err != nil {
		return err
	}
	if req.Lang != "" {
		if err := s.store.SetMailLang(r.Context(), u.ID, req.Lang); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": req.Email, "lang": req.Lang})
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
