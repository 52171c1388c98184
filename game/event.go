package game

import "time"

// EventKind says what happened at a table. Its wire form is its name.
type EventKind string

// Event kinds.
const (
	// EventMove: a move was played; at a simultaneous node, both selections revealed (Reveal).
	EventMove EventKind = "move"
	// EventSelection: a side submitted or changed its selection at a simultaneous node. Others
	// learn only that it did, and its Commitment.
	EventSelection EventKind = "selection"
	// EventWithdrawn: a side took back its pending selection.
	EventWithdrawn EventKind = "withdrawn"
	// EventDrawOffer: a side offered a draw.
	EventDrawOffer EventKind = "draw_offer"
	// EventDrawDeclined: a side declined the opponent's draw offer.
	EventDrawDeclined EventKind = "draw_declined"
	// EventTakeback: the last Plies moves were taken back.
	EventTakeback EventKind = "takeback"
	// EventTakebackRequest: a side asked to take back the last Plies moves (the opponent
	// accepts or declines).
	EventTakebackRequest EventKind = "takeback_request"
	// EventTakebackDeclined: the opponent declined a takeback request.
	EventTakebackDeclined EventKind = "takeback_declined"
	// EventEnd: the game ended (Outcome says how).
	EventEnd EventKind = "end"
)

// Event is one change at a table, as the table's commands return them. Version is the table's
// version after the event and Ply the number of moves played then, so a client that missed
// events knows from which version to ask again and never applies one twice.
//
// A selection event's selection is secret: it is not part of the event's exported fields (so it
// can never be marshalled by mistake) and For puts it back only in its owner's copy.
type Event struct {
	Version int64     `json:"version"`
	Kind    EventKind `json:"kind"`
	// Player is the side that acted (NoPlayer for a simultaneous round, a takeback or an
	// adjudication).
	Player Player    `json:"player"`
	Ply    int       `json:"ply"`
	At     time.Time `json:"at"`
	// Move is the move in notation (EventMove).
	Move string `json:"move,omitempty"`
	// Reveal holds both selections of a simultaneous round and their nonces (EventMove).
	Reveal *[2]Reveal `json:"reveal,omitempty"`
	// Commitment is the commitment to a selection (EventSelection).
	Commitment string `json:"commitment,omitempty"`
	// Selection is the owner's own selection in notation, only in the owner's copy.
	Selection string `json:"selection,omitempty"`
	// Plies is the number of moves taken back (EventTakeback).
	Plies int `json:"plies,omitempty"`
	// Outcome is how the game ended (EventEnd).
	Outcome *Outcome `json:"outcome,omitempty"`
	// Clock is the clocks after the event, in timed games.
	Clock *ClockView `json:"clock,omitempty"`
	// Ref is the game an event names (EventRematch).
	Ref string `json:"ref,omitempty"`

	secret string
}

// Reveal is one side's selection of a simultaneous round made public with the nonce of its
// commitment: Commit(Nonce, Selection) must equal the commitment the opponent received.
type Reveal struct {
	Selection string `json:"selection"`
	Nonce     string `json:"nonce"`
}

// For returns the event as viewer may see it: a selection event carries the selection itself
// only for its owner.
func (e Event) For(viewer Player) Event {
	e.Selection = ""
	if e.Kind == EventSelection && viewer.Valid() && viewer == e.Player {
		e.Selection = e.secret
	}
	return e
}
