package domain

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"turncoat/game"
)

// Status is where a game is in its life.
type Status string

// Game statuses.
const (
	// StatusOpen: a seat waits for a player (an invitation or an open challenge).
	StatusOpen Status = "open"
	// StatusActive: both seats are taken and the game is in play.
	StatusActive Status = "active"
	// StatusOver: the game has ended.
	StatusOver Status = "over"
)

// Mode is how a game is played.
type Mode string

// Game modes.
const (
	// ModeHotSeat: one player holds both seats (on one device).
	ModeHotSeat Mode = "hotseat"
	// ModeAI: a player against the AI.
	ModeAI Mode = "ai"
	// ModeOnline: two players, each on their own device.
	ModeOnline Mode = "online"
)

// Valid reports whether m is a mode.
func (m Mode) Valid() bool { return m == ModeHotSeat || m == ModeAI || m == ModeOnline }

// Seat is who plays one side of a game: a user, an AI (its agent spec), or nobody yet (an open
// seat, with the hash of its invitation token when it was made by invitation).
type Seat struct {
	UserID     int64
	UserName   string
	AI         string
	InviteHash string
	// Browser marks an AI seat whose moves its game's player may send, computed by the
	// engine in the player's browser (a casual game against the AI that asked for it); the
	// server's AI moves for it when none comes in time.
	Browser bool
}

// Open reports whether nobody holds the seat yet.
func (s Seat) Open() bool { return s.UserID == 0 && s.AI == "" }

// Game is a game's row: what it is, who plays it, and the table's state that is not in the
// move log (version, clocks, offers, how it ended).
type Game struct {
	ID        string
	Kind      string
	Start     string
	Time      game.TimeControl
	Mode      Mode
	Rated     bool
	CreatedBy int64
	Created   time.Time
	Updated   time.Time
	Status    Status
	Version   int64
	Ply       int
	Meta      Meta
	Outcome   game.Outcome
	// Deadline is when the first running clock runs out (zero when none runs).
	Deadline time.Time
	// AITurn is set while an AI seat must act.
	AITurn    bool
	RematchOf string
	Rematch   string
	Seats     [2]Seat
}

// Meta is the part of a table's state that is not in the move log, stored as JSON.
type Meta struct {
	Clock     game.SnapshotClock `json:"clock"`
	DrawOffer game.Player        `json:"drawOffer"`
	End       *game.SnapshotEnd  `json:"end,omitempty"`
	// Takeback is a standing request to take back moves: who asked and how many moves.
	Takeback *game.TakebackRequest `json:"takeback,omitempty"`
}

// UnmarshalJSON reads Meta; a missing drawOffer means none.
func (m *Meta) UnmarshalJSON(b []byte) error {
	type plain Meta
	p := plain{DrawOffer: game.NoPlayer}
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*m = Meta(p)
	return nil
}

// MetaOf returns the meta of a table's snapshot.
func MetaOf(s game.Snapshot) Meta {
	return Meta{Clock: s.Clock, DrawOffer: s.DrawOffer, End: s.End}
}

// User is a player: registered (with a password) or a guest (a name and a session only).
type User struct {
	ID      int64
	Name    string
	Guest   bool
	Created time.Time
	// Closed: its owner closed the account (its name is an anonymous one since). Suspended: a
	// moderator suspended it (SuspendReason says why) until reinstated. Neither logs in, plays
	// nor chats.
	Closed, Suspended bool
	SuspendReason     string
}

// Refused returns the error of a closed or suspended account's credentials, nil for others.
func (u User) Refused() error {
	switch {
	case u.Closed:
		return Errorf(AccountClosed, "this account is closed").Words("account.closed")
	case u.Suspended:
		return Errorf(AccountSuspended, "this account is suspended").Words("account.suspended")
	}
	return nil
}

// HashToken returns the hex SHA-256 of a secret token (a session's, an API token's, an
// invitation's): what the store keeps instead of it.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// NewID returns a short random id (games, tournaments, events).
func NewID() string { return strings.ToLower(rand.Text()[:10]) }

// NameKey is the form of a user's name that must be unique: names differ by more than case.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }
