package server

import (
	"context"
	"net/http"
	"strconv"

	"turncoat/api"
	"turncoat/domain"
)

// Notifications: stored, pushed over the live connections of their users on every instance,
// and mailed (package notify); the server is the notices' Pusher, and answers their endpoints.

// Follows tells whether a user has a live connection to this instance (notify.Pusher).
func (s *Server) Follows(userID int64) bool {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for c := range s.conns {
		if c.user != nil && c.user.ID == userID {
			return true
		}
	}
	return false
}

// PushNotification sends a notification to its user's open sockets: {"type": "notification",
// "notification": {...}} (notify.Pusher).
// The message is said in each connection's language, encoded once per language.
func (s *Server) PushNotification(n domain.Notification) {
	var about *api.NotificationAbout
	if n.GameID != "" {
		about = s.play.About(context.Background(), n.UserID, n.GameID)
	}
	said := map[string][]byte{}
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for c := range s.conns {
		if c.user != nil && c.user.ID == n.UserID {
			b, ok := said[c.lang]
			if !ok {
				wire := notificationWire(n, c.lang, s.gameTitle(about), about)
				b = mustJSON(api.Message{Type: "notification", Notification: &wire})
				said[c.lang] = b
			}
			c.push(b)
		}
	}
}

// gameTitle is the title of the game a notice is about ("" when none).
func (s *Server) gameTitle(about *api.NotificationAbout) string {
	if about == nil {
		return ""
	}
	for _, k := range s.play.Kinds() {
		if k.Name == about.Kind {
			return k.Title
		}
	}
	return about.Kind
}

// aboutNotes adds to u's notifications the game each is about.
// Each is said in lang.
func (s *Server) aboutNotes(ctx context.Context, u *domain.User, ns []domain.Notification, lang string) []api.Notification {
	out := make([]api.Notification, len(ns))
	games := map[string]*api.NotificationAbout{}
	for i, n := range ns {
		var about *api.NotificationAbout
		if n.GameID != "" {
			var ok bool
			if about, ok = games[n.GameID]; !ok {
				about = s.play.About(ctx, u.ID, n.GameID)
				games[n.GameID] = about
			}
		}
		out[i] = notificationWire(n, lang, s.gameTitle(about), about)
	}
	return out
}

// handleNotifications lists the caller's notifications, newest first: ?unread=1 only the unread,
// ?before=ID the older ones, ?limit=N.
func (s *Server) handleNotifications(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
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
	notes, unread, err := s.notices.List(r.Context(), u, before, q.Get("unread") == "1", limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"notifications": s.aboutNotes(r.Context(), u, notes, requestLang(r)), "unread": unread})
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
	n, err := s.notices.MarkRead(r.Context(), u, req.IDs)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"marked": n})
	return nil
}
