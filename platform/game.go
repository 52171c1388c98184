package platform

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
