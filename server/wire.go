package server

import (
	"time"
	"turncoat/internal/words"

	"turncoat/api"
	"turncoat/domain"
)

// The wire forms of the store's rows: what the API shows of them.

func userWire(u domain.User) api.User {
	return api.User{ID: u.ID, Name: u.Name, Guest: u.Guest, Created: u.Created}
}

func notificationWire(n domain.Notification, lang, title string, about *api.NotificationAbout) api.Notification {
	w := api.Notification{ID: n.ID, Kind: n.Kind, GameID: n.GameID, TournamentID: n.TournamentID, Message: n.Message,
		Lang: "en", Created: n.Created, Read: n.Read, About: about}
	if n.Words == "" {
		return w
	}
	opponent := ""
	if about != nil {
		opponent = about.Opponent
	}
	if title == "" {
		title = n.GameID
	}
	if s, ok := words.Note(lang, n.Words, n.Args, title, opponent); ok {
		w.Message, w.Lang = s, lang
	}
	return w
}

// chatMessageWire is a chat message on the wire: one a moderator hid comes without its text.
func chatMessageWire(m domain.ChatMessage) api.ChatMessage {
	if m.Hidden {
		return api.ChatMessage{ID: m.ID, Name: m.Name, Created: m.Created, Hidden: true}
	}
	return api.ChatMessage{ID: m.ID, Name: m.Name, Body: m.Body, Created: m.Created}
}

func chatSeatWire(c domain.ChatSeat) api.ChatSeat {
	return api.ChatSeat{Muted: c.Muted, Spectators: c.Spectators}
}

func tokenWire(t domain.APIToken, secret string, now time.Time) api.Token {
	return api.Token{Token: secret, ID: t.ID, Name: t.Name, Created: t.Created, Expires: t.Expires, Expired: t.Expired(now)}
}

func tournamentRowWire(t domain.Tournament) api.TournamentRow {
	return api.TournamentRow{ID: t.ID, Title: t.Title, Host: t.HostName, Game: t.Game, Phase: t.Phase, Version: t.Version,
		Created: t.Created, Updated: t.Updated, NextDeadline: t.NextDeadline}
}
