package play

import (
	"strconv"
	"time"

	"turncoat/domain"
	"turncoat/game"
)

// What one game and one request may hold, so that no game and no request can stall the others
// (a long write holds SQLite's only write connection) or fill the store.
const (
	// maxGameMoves is the most moves (plies; a Turncoat round is one) a game holds here. A game
	// whose rules bound it (game.Bounded) beyond that is refused when made; one whose rules set
	// no bound is drawn by adjudication when it reaches it.
	maxGameMoves = 1000
	// maxAIGames is the most games against the AI one player has in play at once.
	maxAIGames = 20
	// maxGuestLevel is the strongest analysis (hints, the analysis board) a guest may ask for.
	maxGuestLevel = 6
)

// checkBound refuses a new game (or an imported one) whose options let it last longer than a
// game may here.
func checkBound(st game.State) error {
	if b, ok := st.(game.Bounded); ok {
		if n := b.MovesLeft(); n > maxGameMoves {
			return domain.Errorf(domain.BadOption, "%s: these options let a game last %d moves; a game here holds at most %d",
				st.Game().Name(), n, maxGameMoves)
		}
	}
	return nil
}

// moveLimit ends work's game as a draw when it reaches the most moves a game holds here, and
// returns those events.
func moveLimit(work *game.Table, now time.Time) []game.Event {
	if work.Over() || work.Ply() < maxGameMoves {
		return nil
	}
	evs, _ := work.Adjudicate(game.NoPlayer, "drawn at this server's limit of "+strconv.Itoa(maxGameMoves)+" moves a game", now)
	return evs
}

// guestLevel refuses a guest an analysis stronger than maxGuestLevel.
func GuestLevel(u *domain.User, level int) error {
	if u != nil && u.Guest && level > maxGuestLevel {
		return domain.Errorf(domain.Forbidden, "guests analyse at levels 1 to %d; sign up for level %d", maxGuestLevel, level)
	}
	return nil
}

// mayStartAIGame refuses a new game against the AI to a player who has playing such games in
// play, when that is maxAIGames already.
func mayStartAIGame(playing int) error {
	if playing >= maxAIGames {
		return domain.Errorf(domain.RateLimited, "you have %d games against the AI in play, the most at once; finish or resign one first", playing)
	}
	return nil
}
