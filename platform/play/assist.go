package play

import (
	"context"

	"turncoat/domain"
)

// The engine's help in games between people.
//
// A game between two people (online, both seats taken by people) gives neither player the
// engine's help while it runs, neither hints nor values of its positions, unless it was
// created with hints for both (GameSettings.Hints, never in a rated game); once it is over,
// everyone may analyse it. Games against the AI and hot-seat games always have hints (except
// rated ones, which are online games between people anyway).

// betweenPeople reports whether a game is played online by two different people.
func betweenPeople(row domain.Game) bool {
	a, b := row.Seats[0].UserID, row.Seats[1].UserID
	return row.Mode == domain.ModeOnline && row.Seats[0].AI == "" && row.Seats[1].AI == "" && (a == 0 || b == 0 || a != b)
}

// settingsReader reads a game's settings.
type settingsReader interface {
	GameSettingsOf(ctx context.Context, gameID string) (domain.GameSettings, error)
}

// engineHelp returns nil when the engine may help with a game now, else the error that says
// why not; it reads the game's settings only for a game between people in play.
func engineHelp(ctx context.Context, st settingsReader, row domain.Game, over bool) error {
	if over || !betweenPeople(row) {
		return nil
	}
	gs, err := st.GameSettingsOf(ctx, row.ID)
	if err != nil {
		return err
	}
	return helpInPlay(row, gs)
}

// helpInPlay returns nil when the engine may help with a game between people while it runs: it
// was created with hints for both, and is not rated.
func helpInPlay(row domain.Game, gs domain.GameSettings) error {
	if gs.Hints && !row.Rated {
		return nil
	}
	return domain.Errorf(domain.Forbidden, "no engine help in a game between people while it runs (it was not created with hints for both): the analysis opens when it ends")
}
