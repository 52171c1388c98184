package play

import (
	"context"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
)

// UserGame is one game of a user's data: its record (JSON) and its texts in the game's record
// formats (GGF for Othello...), by format.
type UserGame struct {
	ID      string            `json:"id"`
	Kind    string            `json:"kind"`
	Status  string            `json:"status"`
	Created time.Time         `json:"created"`
	Record  *api.Record       `json:"record,omitempty"`
	Texts   map[string]string `json:"texts,omitempty"`
}

// UserChat is a chat line a user wrote.
type UserChat struct {
	Game string    `json:"game"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// UserData is what the game service keeps of a user, for the user to take away: every game
// they played, each in its formats, and the chat lines they wrote.
func (s *Service) UserData(ctx context.Context, userID int64) ([]UserGame, []UserChat, error) {
	rows, err := s.cfg.Store.ListGames(ctx, domain.ListFilter{UserID: userID, Limit: 100000})
	if err != nil {
		return nil, nil, err
	}
	games, chat := []UserGame{}, []UserChat{}
	for _, row := range rows {
		g := UserGame{ID: row.ID, Kind: row.Kind, Status: string(row.Status), Created: row.Created}
		if x, err := s.records.export(ctx, row.ID, "json"); err == nil {
			g.Record = x.JSON
		}
		if kind, err := s.cfg.Registry.Lookup(row.Kind); err == nil {
			for _, f := range game.RecordFormats(kind) {
				if x, err := s.records.export(ctx, row.ID, f.Name); err == nil && len(x.Body) > 0 {
					if g.Texts == nil {
						g.Texts = map[string]string{}
					}
					g.Texts[f.Name] = string(x.Body)
				}
			}
		}
		games = append(games, g)
		lines, err := s.cfg.Store.Chat(ctx, row.ID, 0, 100000)
		if err != nil {
			return nil, nil, err
		}
		for _, m := range lines {
			if m.UserID == userID {
				chat = append(chat, UserChat{Game: row.ID, Text: m.Body, At: m.Created})
			}
		}
	}
	return games, chat, nil
}
