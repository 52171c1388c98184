package play

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/ratelimit"
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

// chatLimits bound a player's messages in a game: a burst of five, then one every three seconds.
var chatLimits = ratelimit.New(rate.Limit(1.0/3), 5)

// chatRoom keeps the chats of the games between people: who may read and write, the messages
// stored and pushed to the followers who may read them.
type chatRoom struct {
	store     Store
	games     *tables
	followers interface {
		pushTo(ctx context.Context, id string, u *Update, may func(*domain.User) bool)
	}
	now func() time.Time
}

// chatRules reads what decides who sees a game's chat: the players' settings in the game and
// who switched it off.
type chatRules struct {
	row   domain.Game
	seats map[int64]domain.ChatSeat
	off   map[int64]bool
}

func (c *chatRoom) rules(ctx context.Context, row domain.Game) (chatRules, error) {
	cr := chatRules{row: row}
	var err error
	if cr.seats, err = c.store.ChatSeats(ctx, row.ID); err != nil {
		return cr, err
	}
	cr.off, err = c.store.ChatOff(ctx, row.Seats[0].UserID, row.Seats[1].UserID)
	return cr, err
}

// player returns the seat (0 or 1) u holds, or -1.
func (cr chatRules) player(u *domain.User) int {
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
func (cr chatRules) sees(u *domain.User, author int64) bool {
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

// info is the chat of a game as u may use it.
func (c *chatRoom) info(ctx context.Context, row domain.Game, u *domain.User) (api.ChatInfo, error) {
	if !betweenPeople(row) {
		return api.ChatInfo{}, nil
	}
	cr, err := c.rules(ctx, row)
	if err != nil {
		return api.ChatInfo{}, err
	}
	return cr.info(u), nil
}

// info is the chat as u may use it.
func (cr chatRules) info(u *domain.User) api.ChatInfo {
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
	seat := api.ChatSeat{Muted: cr.seats[u.ID].Muted, Spectators: cr.seats[u.ID].Spectators}
	ci.Seat = &seat
	ci.Off = cr.off[u.ID]
	other := row.Seats[1-i].UserID
	ci.OpponentOff = other != 0 && cr.off[other]
	ci.Read = !ci.Off
	ci.Write = !ci.Off && !ci.OpponentOff && other != 0
	return ci
}

func chatWire(m domain.ChatMessage) api.ChatMessage {
	return api.ChatMessage{ID: m.ID, Name: m.Name, Body: m.Body, Created: m.Created}
}

// messages returns game id's chat after the message after, as u may see it.
func (c *chatRoom) messages(ctx context.Context, u *domain.User, id string, after int64) ([]api.ChatMessage, error) {
	row, err := c.games.row(ctx, id)
	if err != nil {
		return nil, err
	}
	cr, err := c.rules(ctx, row)
	if err != nil {
		return nil, err
	}
	out := []api.ChatMessage{}
	if betweenPeople(row) {
		all, err := c.store.Chat(ctx, row.ID, after, 500)
		if err != nil {
			return nil, err
		}
		for _, m := range all {
			if cr.sees(u, m.UserID) {
				out = append(out, chatWire(m))
			}
		}
	}
	return out, nil
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
		return "", domain.Errorf(domain.ChatEmpty, "the message is empty")
	case n > maxChatRunes:
		return "", domain.Errorf(domain.ChatTooLong, "a message has at most %d characters (this one has %d)", maxChatRunes, n)
	}
	return text, nil
}

// post writes u's message in game id's chat and pushes it to the followers who may read it.
func (c *chatRoom) post(ctx context.Context, u *domain.User, id, text string) (api.ChatMessage, error) {
	text, err := cleanChat(text)
	if err != nil {
		return api.ChatMessage{}, err
	}
	row, err := c.games.row(ctx, id)
	if err != nil {
		return api.ChatMessage{}, err
	}
	if !betweenPeople(row) {
		return api.ChatMessage{}, domain.Errorf(domain.NotAllowed, "only games between people have a chat")
	}
	cr, err := c.rules(ctx, row)
	if err != nil {
		return api.ChatMessage{}, err
	}
	info := cr.info(u)
	switch {
	case cr.player(u) < 0:
		return api.ChatMessage{}, domain.Errorf(domain.Forbidden, "only the players write in a game's chat")
	case info.Off:
		return api.ChatMessage{}, domain.Errorf(domain.ChatOff, "you switched the chat off")
	case info.OpponentOff:
		return api.ChatMessage{}, domain.Errorf(domain.ChatOff, "your opponent switched the chat off")
	case !info.Write:
		return api.ChatMessage{}, domain.Errorf(domain.NotAllowed, "nobody to write to yet")
	}
	if !chatLimits.Allow(id+":"+strconv.FormatInt(u.ID, 10), c.now()) {
		return api.ChatMessage{}, domain.Errorf(domain.RateLimited, "too many messages: wait a few seconds")
	}
	m, err := c.store.AddChat(ctx, domain.ChatMessage{GameID: id, UserID: u.ID, Name: u.Name, Body: text}, c.now())
	if err != nil {
		return api.ChatMessage{}, err
	}
	m.Name = u.Name
	c.followers.pushTo(ctx, id, &Update{Kind: UpdateChat, Game: id, Chat: m}, func(f *domain.User) bool { return cr.sees(f, u.ID) })
	return chatWire(m), nil
}

// setSeat changes u's chat settings in game id and returns the chat as u may now use it.
func (c *chatRoom) setSeat(ctx context.Context, u *domain.User, id string, seat api.ChatSeat) (api.ChatInfo, error) {
	row, err := c.games.row(ctx, id)
	if err != nil {
		return api.ChatInfo{}, err
	}
	if row.Seats[0].UserID != u.ID && row.Seats[1].UserID != u.ID {
		return api.ChatInfo{}, domain.Errorf(domain.Forbidden, "only the players set a game's chat")
	}
	if err := c.store.SetChatSeat(ctx, row.ID, u.ID, domain.ChatSeat{Muted: seat.Muted, Spectators: seat.Spectators}); err != nil {
		return api.ChatInfo{}, err
	}
	// spectators may now read, or no longer
	c.followers.pushTo(ctx, id, &Update{Kind: UpdateChatSettings, Game: row.ID}, func(*domain.User) bool { return true })
	return c.info(ctx, row, u)
}
