package tournament

import (
	"time"

	"turncoat/game"
)

// EventKind says what happened in a tournament. Its wire form is its name.
type EventKind string

// Event kinds.
const (
	// EventCreated: the tournament was created; subscription is open until Deadline.
	EventCreated EventKind = "created"
	// EventSubscribed and EventUnsubscribed: Player joined or left during the window.
	EventSubscribed   EventKind = "subscribed"
	EventUnsubscribed EventKind = "unsubscribed"
	// EventReserve: Player volunteered as a reserve.
	EventReserve EventKind = "reserve"
	// EventCancelled: too few players subscribed; the tournament will not be played.
	EventCancelled EventKind = "cancelled"
	// EventPaired: Players were paired onto Board (Players[1] is empty while the board waits
	// for a reserve).
	EventPaired EventKind = "paired"
	// EventDice: one roll of the dice on Board: Roll holds the dice of Players, in the order
	// they were paired; Text says whether it was a tie (re-rolled) or who plays which colour.
	EventDice EventKind = "dice"
	// EventSeated: the colours of Board are decided: Players are First (Red) and Second (Blue).
	EventSeated EventKind = "seated"
	// EventRoundOpened: Round opened; Side is the colour that posts; it closes by Deadline.
	EventRoundOpened EventKind = "round_opened"
	// EventPost and EventPostChanged: Player posted Move for Board, or changed the post.
	EventPost        EventKind = "post"
	EventPostChanged EventKind = "post_changed"
	// EventMove: a post was played on Board (TableEvents are the board's game events).
	EventMove EventKind = "move"
	// EventMissed: Player did not post for Board in Round; Misses is their count of
	// consecutive misses.
	EventMissed EventKind = "missed"
	// EventForcedPass: Player's turn on Board was passed for them (the forced-pass rule).
	EventForcedPass EventKind = "forced_pass"
	// EventRoundClosed: Round closed (Early: every eligible player had posted).
	EventRoundClosed EventKind = "round_closed"
	// EventBoardFinished: Board has a result (Outcome), by the rules or by adjudication.
	EventBoardFinished EventKind = "board_finished"
	// EventAward: a ledger entry was written (Entry): an award or a correction.
	EventAward EventKind = "award"
	// EventReplaced: on Board, Player took the seat of Replaced (the board, colour and history
	// stay).
	EventReplaced EventKind = "replaced"
	// EventExtended: the host extended Round to Deadline.
	EventExtended EventKind = "extended"
	// EventFinished: every board has a result; the tournament is over.
	EventFinished EventKind = "finished"
)

// Event is one change in a tournament, as its operations return them: Version is the
// tournament's version after the event, so a server stores and broadcasts exactly these and a
// client that missed some knows from which version to ask again. Text says what happened in a
// sentence, for feeds and logs.
type Event struct {
	Version  int64      `json:"version"`
	Kind     EventKind  `json:"kind"`
	At       time.Time  `json:"at"`
	Round    int        `json:"round,omitempty"`
	Board    int        `json:"board,omitempty"`
	Player   string     `json:"player,omitempty"`
	Players  *[2]string `json:"players,omitempty"`
	Replaced string     `json:"replaced,omitempty"`
	// Side is the colour concerned (the colour that posts, for EventRoundOpened), or null.
	Side     game.Player   `json:"side"`
	Move     string        `json:"move,omitempty"`
	Roll     *Roll         `json:"roll,omitempty"`
	Misses   int           `json:"misses,omitempty"`
	Early    bool          `json:"early,omitempty"`
	Deadline time.Time     `json:"deadline,omitzero"`
	Outcome  *game.Outcome `json:"outcome,omitempty"`
	Entry    *LedgerEntry  `json:"entry,omitempty"`
	// TableEvents are the events of the board's game.Table that the change caused.
	TableEvents []game.Event `json:"tableEvents,omitempty"`
	Text        string       `json:"text"`
}
