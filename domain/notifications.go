package domain

import "time"

// Notification is an in-app notification: a move awaited in a correspondence game, a reminder
// before a deadline, a game lost on time, a tournament round in which a post is due.
type Notification struct {
	ID           int64
	UserID       int64
	Kind         string
	GameID       string
	TournamentID string
	Message      string
	// Words, when set, names the sentence of the catalogues of the people's languages
	// (internal/words) that says Message, filled with Args: the notice is said in its reader's
	// language (the list, the push, the mail). Rows stored before have Message alone.
	Words string
	Args  map[string]string
	// Key, when set, is unique per user: storing a notification whose key its user already has
	// stores nothing, so a job that notifies and is tried again (after a crash, a failed send)
	// never notifies twice. It names what the notice is about ("turn:GAME:PLY").
	Key     string
	Created time.Time
	Read    bool
}

// MailSettings are what a user's mail says and which of it they want.
type MailSettings struct {
	// Email is the address ("" when none is set).
	Email string
	// Lang is the language of the mail ("" when none was chosen).
	Lang string
	// Off are the kinds of notice the user unsubscribed from.
	Off []string
	// Token is the secret the user's unsubscribe links carry.
	Token string
}
