package tournament

import (
	"strconv"

	"turncoat/game"
	"turncoat/internal/words"
)

// TextIn says what e says in lang, from its typed fields, with the tournament's sides (sides,
// as its configuration names them): a stored event keeps its English Text, and a reader in
// another language reads it in theirs, old rows too. English, and the kinds the catalogues do
// not say (an award, a dice roll, a post that could not be played), keep Text.
func (e Event) TextIn(lang string, sides [2]string) string {
	v := voice{lang: lang, sides: sides}
	if lang == "en" || !words.Known(lang) {
		return e.Text
	}
	board := strconv.Itoa(e.Board)
	side := func(p game.Player) string { return v.side(p) }
	switch e.Kind {
	case EventPost:
		return v.say("tournament.event.post", "board", board, "player", e.Player, "side", side(e.Side), "move", ForumMove(e.Move))
	case EventPostChanged:
		return v.say("tournament.event.post_changed", "board", board, "player", e.Player, "side", side(e.Side), "move", ForumMove(e.Move))
	case EventMove:
		if e.Player != "" && e.Move != "" {
			return v.say("tournament.event.move", "board", board, "player", e.Player, "side", side(e.Side), "move", ForumMove(e.Move))
		}
	case EventSubscribed:
		return v.say("tournament.event.subscribed", "player", e.Player)
	case EventUnsubscribed:
		return v.say("tournament.event.unsubscribed", "player", e.Player)
	case EventRoundOpened:
		return v.say("tournament.event.round_opened", "title", v.roundTitle(e.Round), "when", stamp(e.Deadline))
	case EventMissed:
		return v.sayN("tournament.event.missed", e.Misses, "board", board, "player", e.Player, "side", side(e.Side), "round", strconv.Itoa(e.Round))
	case EventForcedPass:
		return v.say("tournament.event.forced_pass", "board", board, "side", side(e.Side))
	case EventSeated:
		if e.Players != nil {
			return v.say("tournament.event.seated", "board", board, "first", e.Players[0], "firstSide", side(game.First),
				"second", e.Players[1], "secondSide", side(game.Second))
		}
	case EventBoardFinished:
		if e.Outcome != nil {
			return v.say("tournament.event.board_finished", "board", board, "result", v.result(&Result{Outcome: *e.Outcome}, sides))
		}
	case EventExtended:
		return v.say("tournament.event.extended", "round", strconv.Itoa(e.Round), "when", stamp(e.Deadline))
	}
	return e.Text
}
