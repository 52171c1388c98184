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
// The moderation (Config.Moderation) has its say too: nobody writes in a game shared with a
// user either of them blocked, a user a moderator muted writes nowhere until the mute ends, the
// words the operator listed are refused, a user's mutes hide the muted user's messages from
// them, and a message a moderator hid is shown to everyone as hidden, without its text.
//
// A message reaches the followers of its game on this instance at once; with a shared store
// (several instances on PostgreSQL) it reaches them on every instance, this one included,
// through the store's notice of it (RemoteChat), and so does a message hidden or shown again.

// maxChatRunes bounds a chat message.
const maxChatRunes = 300

// newChatLimits bound a user's messages, in all games together: a burst of five, then one every
// two seconds (five in ten seconds).
func newChatLimits() *ratelimit.Limiters { return ratelimit.New(rate.Limit(0.5), 5) }

// Moderation is what the chat and the games between people ask of the moderation: blocks,
// mutes, the chat's bans and words. Its errors are refusals to show the caller.
type Moderation interface {
	// Blocked refuses (Forbidden) when either user blocked the other.
	Blocked(ctx context.Context, actor, other int64) error
	// CheckChat refuses a message u may not write: u muted by a moderator (Forbidden, until
	// when), a word the operator listed (BadRequest).
	CheckChat(ctx context.Context, u *domain.User, text string) error
	// MutedBy returns the users who muted author.
	MutedBy(ctx context.Context, author int64) (map[int64]bool, error)
	// Muted returns the users viewer muted.
	Muted(ctx context.Context, viewer int64) (map[int64]bool, error)
}

// noModeration allows everything.
type noModeration struct{}

func (noModeration) Blocked(context.Context, int64, int64) error            { return nil }
func (noModeration) CheckChat(context.Context, *domain.User, string) error  { return nil }
func (noModeration) MutedBy(context.Context, int64) (map[int64]bool, error) { return nil, nil }
func (noModeration) Muted(context.Context, int64) (map[int64]bool, error)   { return nil, nil }

// chatRoom keeps the chats of the games between people: who may read and write, the messages
// stored and pushed to the followers who may read them.
type chatRoom struct {
	store     Store
	games     *tables
	followers interface {
		pushTo(ctx context.Context, id string, u *Update, may func(*domain.User) bool)
	}
	now    func() time.Time
	mod    Moderation
	limits *ratelimit.Limiters
	// shared: several instances share the store, whose notices push every message (RemoteChat).
	shared bool
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

// chatWire is a message on the wire: a hidden one without its text.
func chatWire(m domain.ChatMessage) api.ChatMessage {
	if m.Hidden {
		return api.ChatMessage{ID: m.ID, Name: m.Name, Created: m.Created, Hidden: true}
	}
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
		var muted map[int64]bool
		if u != nil {
			if muted, err = c.mod.Muted(ctx, u.ID); err != nil {
				return nil, err
			}
		}
		for _, m := range all {
			if cr.sees(u, m.UserID) && !muted[m.UserID] {
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
		return "", domain.Errorf(domain.ChatEmpty, "the message is empty").Words("chat.empty")
	case n > maxChatRunes:
		return "", domain.Errorf(domain.ChatTooLong, "a message has at most %d characters (this one has %d)", maxChatRunes, n).Words("chat.too_long", "max", strconv.Itoa(maxChatRunes), "n", strconv.Itoa(n))
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
		return api.ChatMessage{}, domain.Errorf(domain.NotAllowed, "only games between people have a chat").Words("chat.people_only")
	}
	cr, err := c.rules(ctx, row)
	if err != nil {
		return api.ChatMessage{}, err
	}
	info := cr.info(u)
	switch {
	case cr.player(u) < 0:
		return api.ChatMessage{}, domain.Errorf(domain.Forbidden, "only the players write in a game's chat").Words("chat.players_only")
	case info.Off:
		return api.ChatMessage{}, domain.Errorf(domain.ChatOff, "you switched the chat off").Words("chat.off_you")
	case info.OpponentOff:
		return api.ChatMessage{}, domain.Errorf(domain.ChatOff, "your opponent switched the chat off").Words("chat.off_opponent")
	case !info.Write:
		return api.ChatMessage{}, domain.Errorf(domain.NotAllowed, "nobody to write to yet").Words("chat.nobody")
	}
	if err := c.mod.Blocked(ctx, u.ID, row.Seats[1-cr.player(u)].UserID); err != nil {
		return api.ChatMessage{}, err
	}
	if err := c.mod.CheckChat(ctx, u, text); err != nil {
		return api.ChatMessage{}, err
	}
	if !c.limits.Allow(strconv.FormatInt(u.ID, 10), c.now()) {
		return api.ChatMessage{}, domain.Errorf(domain.RateLimited, "too many messages: at most 5 in 10 seconds; wait a few seconds").Words("chat.too_many")
	}
	m, err := c.store.AddChat(ctx, domain.ChatMessage{GameID: id, UserID: u.ID, Name: u.Name, Body: text}, c.now())
	if err != nil {
		return api.ChatMessage{}, err
	}
	m.Name = u.Name
	if !c.shared {
		c.push(ctx, cr, m)
	}
	return chatWire(m), nil
}

// push sends a message (new, hidden or shown again) to the game's followers here who may read
// it: not to those who muted its author.
func (c *chatRoom) push(ctx context.Context, cr chatRules, m domain.ChatMessage) {
	mutedBy, err := c.mod.MutedBy(ctx, m.UserID)
	if err != nil {
		mutedBy = nil // the mutes unread: the message still goes to those who may read it
	}
	c.followers.pushTo(ctx, m.GameID, &Update{Kind: UpdateChat, Game: m.GameID, Chat: m}, func(f *domain.User) bool {
		return cr.sees(f, m.UserID) && (f == nil || f.ID == m.UserID || !mutedBy[f.ID])
	})
}

// changed pushes a message stored, hidden or shown again (here or by another instance) to the
// followers of its game on this instance, if it is in memory here.
func (c *chatRoom) changed(ctx context.Context, gameID string, id int64) error {
	var row domain.Game
	loaded := false
	c.games.ifLoaded(ctx, gameID, func(_ context.Context, lg *liveGame) { row, loaded = lg.row, true })
	if !loaded {
		return nil
	}
	m, err := c.store.ChatMessage(ctx, id)
	if err != nil {
		return err
	}
	if m.GameID != gameID {
		return domain.Errorf(domain.NotFound, "no message %d in game %s", id, gameID)
	}
	cr, err := c.rules(ctx, row)
	if err != nil {
		return err
	}
	c.push(ctx, cr, m)
	return nil
}

// setSeat changes u's chat settings in game id and returns the chat as u may now use it.
func (c *chatRoom) setSeat(ctx context.Context, u *domain.User, id string, seat api.ChatSeat) (api.ChatInfo, error) {
	row, err := c.games.row(ctx, id)
	if err != nil {
		return api.ChatInfo{}, err
	}
	if row.Seats[0].UserID != u.ID && row.Seats[1].UserID != u.ID {
		return api.ChatInfo{}, domain.Errorf(domain.Forbidden, "only the players set a game's chat").Words("chat.players_set")
	}
	if err := c.store.SetChatSeat(ctx, row.ID, u.ID, domain.ChatSeat{Muted: seat.Muted, Spectators: seat.Spectators}); err != nil {
		return api.ChatInfo{}, err
	}
	// spectators may now read, or no longer
	c.followers.pushTo(ctx, id, &Update{Kind: UpdateChatSettings, Game: row.ID}, func(*domain.User) bool { return true })
	return c.info(ctx, row, u)
}
