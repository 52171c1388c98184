package play

import (
	"sync"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// Update is one message of the live protocol as the service hands it to a follower: typed
// values, which the follower encodes for its wire (the server's sockets and event streams write
// package api's messages). The followers who get the same message get the same *Update, whose
// encoding Encoded keeps: a move's broadcast to many followers of one side is encoded once per
// distinct message, not once per follower.
type Update struct {
	Kind UpdateKind
	Game string
	// Event is an event in the form the follower may see (UpdateEvent).
	Event game.Event
	// View is the follower's fresh view, when it asked for views (UpdateEvent: with the last
	// event of a change, its history from the first move the follower had not seen;
	// UpdateSubscribed).
	View *api.Game
	// Version is the game's version (UpdateSubscribed).
	Version int64
	// Online tells which seats have a player following the game (UpdateSubscribed,
	// UpdatePresence).
	Online [2]bool
	// Watchers counts the spectators following the game (UpdateSubscribed, UpdateWatchers).
	Watchers int
	// Chat is a chat message (UpdateChat).
	Chat domain.ChatMessage

	once sync.Once
	enc  []byte
	// langs are the encodings by language (EncodedIn).
	langMu sync.Mutex
	langs  map[string][]byte
}

// UpdateKind says what an update tells.
type UpdateKind uint8

// The kinds of update.
const (
	// UpdateEvent is one of a game's events.
	UpdateEvent UpdateKind = iota + 1
	// UpdateSubscribed ends a subscription's backlog: the game's version, who follows it.
	UpdateSubscribed
	// UpdatePresence tells that the seats followed by their players changed.
	UpdatePresence
	// UpdateWatchers tells that the number of spectators changed.
	UpdateWatchers
	// UpdateChat is a chat message the follower may read.
	UpdateChat
	// UpdateChatSettings tells that the players changed who may read the chat: read it again.
	UpdateChatSettings
)

// Encoded returns the update's encoding by enc, made by the first follower that asks and shared
// with every other: the followers encode alike (the live protocol's one wire form), and an
// update is never changed once pushed. Followers may encode on other goroutines than the
// game's actor (a socket's writer).
func (u *Update) Encoded(enc func(*Update) []byte) []byte {
	u.once.Do(func() { u.enc = enc(u) })
	return u.enc
}

// EncodedIn is Encoded for an update whose encoding says something in the reader's language
// (a game's end in words): made once per language by the first follower reading it, shared
// with the others of that language.
func (u *Update) EncodedIn(lang string, enc func(*Update, string) []byte) []byte {
	u.langMu.Lock()
	defer u.langMu.Unlock()
	if b, ok := u.langs[lang]; ok {
		return b
	}
	if u.langs == nil {
		u.langs = map[string][]byte{}
	}
	b := enc(u, lang)
	u.langs[lang] = b
	return b
}
