package api

import "time"

// ChatMessage is a message of a game's chat.
type ChatMessage struct {
	ID      int64     `json:"id"`
	Name    string    `json:"name"`
	Body    string    `json:"body"`
	Created time.Time `json:"created"`
	// Hidden tells that a moderator hid the message: it comes without its text.
	Hidden bool `json:"hidden,omitempty"`
}

// ChatText is the body of POST /api/games/{id}/chat.
type ChatText struct {
	Text string `json:"text"`
}

// ChatSeat is a player's chat settings in one game.
type ChatSeat struct {
	// Muted hides the opponent's messages from the player.
	Muted bool `json:"muted"`
	// Spectators lets the game's spectators read the chat (when both players let them).
	Spectators bool `json:"spectators"`
}

// ChatOff is the body and answer of PUT /api/me/chat: the chat switched off in every game.
type ChatOff struct {
	Off bool `json:"off"`
}

// ChatInfo is the chat as the caller may use it in one game.
type ChatInfo struct {
	// Enabled tells whether the game has a chat (a game between people).
	Enabled bool `json:"enabled"`
	// Read and Write tell whether the caller may read and write it now.
	Read  bool `json:"read"`
	Write bool `json:"write"`
	// Off is the caller's own setting: the chat switched off in every game.
	Off bool `json:"off"`
	// OpponentOff tells a player that the opponent switched the chat off.
	OpponentOff bool `json:"opponentOff,omitempty"`
	// Seat is a player's settings in this game.
	Seat *ChatSeat `json:"seat,omitempty"`
	// Spectators tells whether both players let the spectators read.
	Spectators bool `json:"spectators"`
}

// Notification is one of a user's notifications, with what its reader's page says it with.
type Notification struct {
	ID           int64  `json:"id"`
	Kind         string `json:"kind"`
	GameID       string `json:"game,omitempty"`
	TournamentID string `json:"tournament,omitempty"`
	Message      string `json:"message"`
	// Lang is the language Message is in: the reader's, or English for a notice stored
	// before notices were said in their reader's language.
	Lang    string    `json:"lang"`
	Created time.Time `json:"created"`
	Read    bool      `json:"read"`
	// About is the game's kind and the reader's opponent in it.
	About *NotificationAbout `json:"about,omitempty"`
}

// NotificationAbout is the game a notification is about.
type NotificationAbout struct {
	Kind     string `json:"kind"`
	Opponent string `json:"opponent,omitempty"`
}

// Notifications is the answer to GET /api/notifications.
type Notifications struct {
	Notifications []Notification `json:"notifications"`
	Unread        int            `json:"unread"`
}

// MarkRead is the body of POST /api/notifications/read: the ids to mark, or none for all.
type MarkRead struct {
	IDs []int64 `json:"ids"`
}

// Marked is the answer to POST /api/notifications/read.
type Marked struct {
	Marked int `json:"marked"`
}

// Vacation is a player's vacation allowance, and (answering a vacation taken) its days and
// games.
type Vacation struct {
	Year      int      `json:"year"`
	Allowance int      `json:"allowanceDays"`
	Used      int      `json:"usedDays"`
	Days      int      `json:"days,omitempty"`
	Games     []string `json:"games,omitempty"`
}

// TakeVacation is the body of POST /api/vacation.
type TakeVacation struct {
	Days int `json:"days"`
}

// Rating is a rating as profiles and leaderboards show it.
type Rating struct {
	Rank       int     `json:"rank,omitempty"`
	Player     string  `json:"player,omitempty"`
	Variant    string  `json:"variant"`
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
	Games      int     `json:"games"`
	// Text is the rating as players read it: "1464 ± 303" (two deviations).
	Text string `json:"text"`
}

// Profile is a player's profile (GET /api/users/{name}).
type Profile struct {
	User    User      `json:"user"`
	Ratings []Rating  `json:"ratings"`
	Recent  []Summary `json:"recent"`
}

// Leaderboard is a variant's best ratings (GET /api/leaderboard).
type Leaderboard struct {
	Variant string   `json:"variant"`
	Players []Rating `json:"players"`
}
