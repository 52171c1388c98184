package server

import (
	"turncoat/api"
	"turncoat/platform/play"
)

// The live protocol's messages of a game, from the game service's typed updates: the service
// says what happened, the adapter writes it on its wire.

// updateTypes are the live protocol's message types of the updates' kinds.
var updateTypes = [...]string{
	play.UpdateEvent:        "event",
	play.UpdateSubscribed:   "subscribed",
	play.UpdatePresence:     "presence",
	play.UpdateWatchers:     "watchers",
	play.UpdateChat:         "chat",
	play.UpdateChatSettings: "chat-settings",
}

// liveMessage is an update as a message of the live protocol.
func liveMessage(u *play.Update) api.Message {
	m := api.Message{Type: updateTypes[u.Kind], Game: u.Game}
	switch u.Kind {
	case play.UpdateEvent:
		m.Event, m.View = &u.Event, u.View
	case play.UpdateSubscribed:
		m.Version, m.Online, m.Watchers, m.View = u.Version, &u.Online, &u.Watchers, u.View
	case play.UpdatePresence:
		m.Online = &u.Online
	case play.UpdateWatchers:
		m.Watchers = &u.Watchers
	case play.UpdateChat:
		c := chatMessageWire(u.Chat)
		m.Chat = &c
	}
	return m
}

// liveJSON encodes an update for the sockets and event streams (play.Update.Encoded: once for
// all the connections it goes to). Its capacity is its length, so that a writer appending to
// it (an event stream's newline) copies it rather than writing into the text others share.
func liveJSON(u *play.Update) []byte {
	b := mustJSON(liveMessage(u))
	return b[:len(b):len(b)]
}
