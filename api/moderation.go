package api

import "time"

// Users is the answer of GET /api/me/blocks and GET /api/me/mutes: the names, in order.
type Users struct {
	Users []string `json:"users"`
}

// ReportRequest is the body of POST /api/reports: a player (User), a game (Game, and the
// player reported in it: by default the caller's opponent) or a chat line (Message, whose
// author is reported), a category and the reason in the reporter's words.
type ReportRequest struct {
	User     string `json:"user,omitempty"`
	Game     string `json:"game,omitempty"`
	Message  int64  `json:"message,omitempty"`
	Category string `json:"category"`
	Reason   string `json:"reason"`
}

// Report is a report as the moderators see it, with its context.
type Report struct {
	ID       int64     `json:"id"`
	Reporter string    `json:"reporter"`
	User     string    `json:"user"`
	Game     string    `json:"game,omitempty"`
	Message  int64     `json:"message,omitempty"`
	Category string    `json:"category"`
	Reason   string    `json:"reason"`
	Status   string    `json:"status"`
	Created  time.Time `json:"created"`
	ClosedBy string    `json:"closedBy,omitempty"`
	// Summary is the game's: its kind, players and status.
	Summary *ReportGame `json:"summary,omitempty"`
	// Lines are the reported chat line and the lines around it, with their text even when
	// hidden.
	Lines []ReportLine `json:"lines,omitempty"`
}

// ReportGame is the summary of a reported game.
type ReportGame struct {
	ID      string   `json:"id"`
	Kind    string   `json:"kind"`
	Players []string `json:"players"`
	Status  string   `json:"status"`
}

// ReportLine is a chat line in a report's context.
type ReportLine struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	Body     string    `json:"body"`
	Created  time.Time `json:"created"`
	Hidden   bool      `json:"hidden,omitempty"`
	Reported bool      `json:"reported,omitempty"`
}

// ModAction is the body of POST /api/moderation/actions: what a moderator does (warn, hide,
// unhide, mute, unmute, close, reinstate, resolve, dismiss), to whom (User) or to which chat
// line (Message) or report (Report), why, and for a mute for how many minutes.
type ModAction struct {
	Action  string `json:"action"`
	User    string `json:"user,omitempty"`
	Message int64  `json:"message,omitempty"`
	Report  int64  `json:"report,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Minutes int    `json:"minutes,omitempty"`
}

// ModLogEntry is one entry of the moderation log: who did what to whom, why and when.
type ModLogEntry struct {
	ID        int64      `json:"id"`
	Moderator string     `json:"moderator"`
	Action    string     `json:"action"`
	User      string     `json:"user,omitempty"`
	Report    int64      `json:"report,omitempty"`
	Message   int64      `json:"message,omitempty"`
	Game      string     `json:"game,omitempty"`
	Reason    string     `json:"reason"`
	Until     *time.Time `json:"until,omitempty"`
	Created   time.Time  `json:"created"`
}
