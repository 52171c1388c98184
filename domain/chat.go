package domain

import "time"

// ChatMessage is one message of a game's chat.
type ChatMessage struct {
	ID      int64
	GameID  string
	UserID  int64
	Name    string
	Body    string
	Created time.Time
	// Hidden tells that a moderator hid the message (for everyone).
	Hidden bool
}

// ChatSeat is a player's chat settings in one game.
type ChatSeat struct {
	// Muted hides the opponent's messages from the player.
	Muted bool
	// Spectators lets the game's spectators read the chat (when both players let them).
	Spectators bool
}
