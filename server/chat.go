package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"turncoat/api"
	"turncoat/platform"
	"unicode"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"turncoat/store"
)

// The chat of a game between people. Its players write (a message of at most maxChatRunes
// characters, a few a minute); each may mute the other (their messages are no longer shown to
// the one who muted) and may let the game's spectators read along, who see the chat only when
// both players let them. A player may switch the chat off in every game: they then neither see
// it nor receive it, and their opponent cannot write to them. Messages are stored as text and
// the page shows them as text (never as markup); control characters are taken out.
//
// A message reaches the followers of its game on this instance at once; on other instances
// (several instances on PostgreSQL) the pages fetch what they miss with the game's next event
// or on their next connection.

// maxChatRunes bounds a chat message.
const maxChatRunes = 300

// chatRate and chatBurst bound a player's messages: a burst of five, then one every three
// seconds.
const (
	chatRate  = rate.Limit(1.0 / 3)
	chatBurst = 5
)

// chatRules reads what decides who sees a game's chat: the players' settings in the game and
// who switched it off.
type chatRules struct {
	row   store.Game
	seats map[int64]store.ChatSeat
	off   map[int64]bool
}

func (s *Server) chatRules(ctx context.Context, row store.Game) (chatRules, error) {
	cr := chatRules{row: row}
	var err error
	if cr.seats, err = s.store.ChatSeats(ctx, row.ID); err != nil {
		return cr, err
	}
	cr.off, err = s.store.ChatOff(ctx, row.Seats[0].UserID, row.Seats[1].UserID)
	return cr, err
}

// player returns the seat (0 or 1) u holds, or -1.
func (cr chatRules) player(u *store.User) int {
	if u == nil {
		return -1
	}
	for i, seat := range cr.row.Seats {
		if seat.UserID == u.ID {
			return i
		}
	}
	return -1
}

// spectators tells whether both players let the spectators read.
func (cr chatRules) spectators() bool {
	return cr.seats[cr.row.Seats[0].UserID].Spectators && cr.seats[cr.row.Seats[1].UserID].Spectators
}

// sees tells whether u may see a message written by the user author.
func (cr chatRules) sees(u *store.User, author int64) bool {
	if !betweenPeople(cr.row) {
		return false
	}
	i := cr.player(u)
	if i < 0 {
		return cr.spectators()
	}
	if cr.off[u.ID] {
		return false
	}
	return author == u.ID || !cr.seats[u.ID].Muted
}

func (s *Server) chatInfo(ctx context.Context, row store.Game, u *store.User) (api.ChatInfo, error) {
	if !betweenPeople(row) {
		return api.ChatInfo{}, nil
	}
	cr, err := s.chatRules(ctx, row)
	if err != nil {
		return api.ChatInfo{}, err
	}
	return cr.info(u), nil
}

// info is the chat as u may use it.
func (cr chatRules) info(u *store.User) api.ChatInfo {
	row := cr.row
	ci := api.ChatInfo{Enabled: betweenPeople(row)}
	if !ci.Enabled {
		return ci
	}
	ci.Spectators = cr.spectators()
	i := cr.player(u)
	if i < 0 {
		ci.Read = ci.Spectators
		return ci
	}
	seat := chatSeatWire(cr.seats[u.ID])
	ci.Seat = &seat
	ci.Off = cr.off[u.ID]
	other := row.Seats[1-i].UserID
	ci.OpponentOff = other != 0 && cr.off[other]
	ci.Read = !ci.Off
	ci.Write = !ci.Off && !ci.OpponentOff && other != 0
	return ci
}

// handleChatList returns the game's chat after ?after= (a message id) as the caller may see it.
func (s *Server) handleChatList(w http.ResponseWriter, r *http.Request) error {
	var after int64
	if a := r.URL.Query().Get("after"); a != "" {
		n, err := strconv.ParseInt(a, 10, 64)
		if err != nil || n < 0 {
			return platform.Errorf(platform.BadRequest, "after=%q: want a message id, 0 or more", a)
		}
		after = n
	}
	lg, err := s.live(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	row := lg.row
	lg.mu.Unlock()
	cr, err := s.chatRules(r.Context(), row)
	if err != nil {
		return err
	}
	u := userOf(r)
	out := []api.ChatMessage{}
	if betweenPeople(row) {
		all, err := s.store.Chat(r.Context(), row.ID, after, 500)
		if err != nil {
			return err
		}
		for _, m := range all {
			if cr.sees(u, m.UserID) {
				out = append(out, chatMessageWire(m))
			}
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// cleanChat trims a message and takes its control characters out; it refuses an empty or a
// too long one.
func cleanChat(text string) (string, error) {
	text = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError {
			return ' '
		}
		return r
	}, text))
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		return "", platform.Errorf(platform.ChatEmpty, "the message is empty")
	case n > maxChatRunes:
		return "", platform.Errorf(platform.ChatTooLong, "a message has at most %d characters (this one has %d)", maxChatRunes, n)
	}
	return text, nil
}

func (s *Server) handleChatPost(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "only the players write in a game's chat")
	}
	var req struct {
		Text string `json:"text"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	text, err := cleanChat(req.Text)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	lg, err := s.live(r.Context(), id)
	if err != nil {
		return err
	}
	row := lg.row
	lg.mu.Unlock()
	if !betweenPeople(row) {
		return platform.Errorf(platform.NotAllowed, "only games between people have a chat")
	}
	cr, err := s.chatRules(r.Context(), row)
	if err != nil {
		return err
	}
	info := cr.info(u)
	switch {
	case cr.player(u) < 0:
		return platform.Errorf(platform.Forbidden, "only the players write in a game's chat")
	case info.Off:
		return platform.Errorf(platform.ChatOff, "you switched the chat off")
	case info.OpponentOff:
		return platform.Errorf(platform.ChatOff, "your opponent switched the chat off")
	case !info.Write:
		return platform.Errorf(platform.NotAllowed, "nobody to write to yet")
	}
	if !s.chatLimits.allow(id+":"+strconv.FormatInt(u.ID, 10), s.now()) {
		return platform.Errorf(platform.RateLimited, "too many messages: wait a few seconds")
	}
	m, err := s.store.AddChat(r.Context(), store.ChatMessage{GameID: id, UserID: u.ID, Name: u.Name, Body: text}, s.now())
	if err != nil {
		return err
	}
	m.Name = u.Name
	wire := chatMessageWire(m)
	if lg, err := s.live(r.Context(), id); err == nil {
		for c := range lg.subs {
			if cr.sees(c.user, u.ID) {
				c.push(mustJSON(api.Message{Type: "chat", Game: id, Chat: &wire}))
			}
		}
		lg.mu.Unlock()
	}
	writeJSON(w, http.StatusCreated, wire)
	return nil
}

// handleChatSeat changes a player's chat settings in a game: {"muted": bool, "spectators": bool}.
func (s *Server) handleChatSeat(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return platform.Errorf(platform.Unauthorized, "only the players set a game's chat")
	}
	var req store.ChatSeat
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	lg, err := s.live(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	row := lg.row
	lg.mu.Unlock()
	if row.Seats[0].UserID != u.ID && row.Seats[1].UserID != u.ID {
		return platform.Errorf(platform.Forbidden, "only the players set a game's chat")
	}
	if err := s.store.SetChatSeat(r.Context(), row.ID, u.ID, req); err != nil {
		return err
	}
	if lg, err := s.live(r.Context(), row.ID); err == nil {
		s.notify(lg, api.Message{Type: "chat-settings", Game: row.ID}) // spectators may now read, or no longer
		lg.mu.Unlock()
	}
	info, err := s.chatInfo(r.Context(), row, u)
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
		return platform.Errorf(platform.Unauthorized, "not signed in")
	}
	var req struct {
		Off bool `json:"off"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.store.SetChatOff(r.Context(), u.ID, req.Off); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"off": req.Off})
	return nil
}
