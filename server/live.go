package server

import (
	"turncoat/api"
	"turncoat/internal/words"
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

// speaks reports whether an update says something in words of the reader's language: a game's
// end (its event, or a view of the finished game).
func speaks(u *play.Update) bool {
	return u.View != nil && u.View.View.Outcome.Over || u.Kind == play.UpdateEvent && u.Event.Outcome != nil && u.Event.Outcome.Over
}

// encodeFor encodes an update for a reader of lang: once for all readers, or once per language
// when the update speaks (see speaks).
func encodeFor(u *play.Update, lang string) []byte {
	if !speaks(u) {
		return u.Encoded(liveJSON)
	}
	return u.EncodedIn(lang, liveJSONIn)
}

// liveJSONIn is liveJSON with the game's end said in lang (on copies: the update is shared).
func liveJSONIn(u *play.Update, lang string) []byte {
	m := liveMessage(u)
	var sides [2]string
	if m.View != nil {
		v := *m.View
		sayEnd(lang, &v)
		m.View, sides = &v, v.View.Sides
	}
	if m.Event != nil && m.Event.Outcome != nil && sides != [2]string{} {
		ev, o := *m.Event, *m.Event.Outcome
		o.Text = words.End(lang, o, sides)
		ev.Outcome = &o
		m.Event = &ev
	}
	b := mustJSON(m)
	return b[:len(b):len(b)]
}

// sayEnd writes the end of g's game in lang (game.Outcome.Text), when it is over.
func sayEnd(lang string, g *api.Game) {
	if g != nil && g.View.Outcome.Over {
		g.View.Outcome.Text = words.End(lang, g.View.Outcome, g.View.Sides)
	}
}
