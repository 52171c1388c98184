package domain

import "time"

// Report is a player's report of another player, of a game or of a chat line, open until a
// moderator resolves or dismisses it.
type Report struct {
	ID         int64
	ReporterID int64
	Reporter   string
	TargetID   int64
	Target     string
	GameID     string
	MessageID  int64
	Category   string
	Reason     string
	// Status is "open", "resolved" or "dismissed".
	Status   string
	Created  time.Time
	ClosedBy string
	Closed   time.Time
}

// ModAction is one entry of the moderation log: who did what to whom, why and when.
type ModAction struct {
	ID          int64
	ModeratorID int64
	Moderator   string
	// Action is what was done: warn, hide, unhide, mute, unmute, close, reinstate, resolve,
	// dismiss.
	Action    string
	TargetID  int64
	Target    string
	ReportID  int64
	MessageID int64
	GameID    string
	Reason    string
	// Until is when a mute ends (zero for the other actions).
	Until   time.Time
	Created time.Time
}

// ChatBan is a moderator's mute of a user in every chat, until a time.
type ChatBan struct {
	UserID int64
	Until  time.Time
	ByID   int64
	Reason string
}
