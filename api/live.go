package api

import (
	"turncoat/domain"
	"turncoat/game"
)

// Message is a server-to-client message of the live protocol (WebSocket, event streams).
type Message struct {
	Type    string      `json:"type"`
	ID      string      `json:"id,omitempty"`
	Game    string      `json:"game,omitempty"`
	Version int64       `json:"version,omitempty"`
	Event   *game.Event `json:"event,omitempty"`
	View    *Game       `json:"view,omitempty"`
	Error   *Error      `json:"error,omitempty"`
	Games   *Lobby      `json:"games,omitempty"`
	OK      bool        `json:"ok,omitempty"`
	// Online tells, in a presence message, which seats have a player following the game.
	Online *[2]bool `json:"online,omitempty"`
	// Watchers counts, in a watchers message, the spectators following the game.
	Watchers *int `json:"watchers,omitempty"`
	// Chat is a chat message.
	Chat *ChatMessage `json:"chat,omitempty"`
	// Notification is one of the user's notifications.
	Notification *Notification `json:"notification,omitempty"`
}

// ClientMessage is a client-to-server WebSocket message.
type ClientMessage struct {
	Type string `json:"type"`
	// ID is echoed in the reply to a command.
	ID   string `json:"id"`
	Game string `json:"game"`
	// After asks for the events after this version (a reconnecting client's last version);
	// absent, only new events come.
	After *int64 `json:"after"`
	// Views asks for the fresh view with every batch of events.
	Views   bool   `json:"views"`
	Command string `json:"command"`
	CommandFields
}

// CommandFields are a command's fields beside the WebSocket message's (see Command).
type CommandFields = Command

// Error is an error as the API writes it: {"error": {"code", "message", "view"}}.
type Error struct {
	Code    domain.Code `json:"code"`
	Message string      `json:"message"`
	// View is the fresh state sent with a conflict, so the client catches up at once.
	View *Game `json:"view,omitempty"`
}

// ErrorBody is the body of an error answer.
type ErrorBody struct {
	Error Error `json:"error"`
}
