package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"turncoat/api"

	"turncoat/game"
	"turncoat/platform"
	"turncoat/rating"
	"turncoat/store"
)

// Ratings: Glicko-2 per game variant (rating.VariantKey: 6x6 and 8x8 Othello apart), updated
// after every rated game, a rating period of one game: both players' ratings before the game
// give both after it. Only online games between two different accounts that were created rated
// count; games against the AI and hot-seat games are never rated (createGame refuses it), and an
// aborted game is recorded as seen without changing anything. The update is a durable job
// enqueued with the game's end (effects.go), stored once per game (the store refuses a second).

// rateGame stores the ratings update of a finished rated game.
func (s *Server) rateGame(ctx context.Context, row store.Game, start game.State, o game.Outcome) error {
	users := [2]int64{row.Seats[0].UserID, row.Seats[1].UserID}
	if row.Mode != platform.ModeOnline || users[0] == 0 || users[1] == 0 || users[0] == users[1] || !o.Over {
		return nil
	}
	variant := rating.VariantKey(row.Kind, start.Options())
	_, _, err := s.store.RateGame(ctx, row.ID, variant, users, s.now(), func(before [2]rating.Rating) (*[2]rating.Rating, error) {
		if o.Ending == game.EndAbort {
			return nil, nil
		}
		score := rating.Draw
		switch o.Winner {
		case game.First:
			score = rating.Win
		case game.Second:
			score = rating.Loss
		}
		sys := rating.Default()
		first, err := sys.Update(before[0], []rating.Result{{Opponent: before[1], Score: score}})
		if err != nil {
			return nil, err
		}
		second, err := sys.Update(before[1], []rating.Result{{Opponent: before[0], Score: 1 - score}})
		if err != nil {
			return nil, err
		}
		return &[2]rating.Rating{first, second}, nil
	})
	return err
}

func toProfileRating(r store.Rating) api.Rating {
	return api.Rating{Player: r.UserName, Variant: r.Variant, Rating: round2(r.Rating.Rating), Deviation: round2(r.Deviation),
		Volatility: r.Volatility, Games: r.Games, Text: r.Rating.String()}
}

func round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}

// handleProfile shows a player: their ratings with deviations, and their recent games.
func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) error {
	u, _, err := s.store.UserByName(r.Context(), r.PathValue("name"))
	if errors.Is(err, store.ErrNotFound) {
		return platform.Errorf(platform.NotFound, "no player %q", r.PathValue("name"))
	}
	if err != nil {
		return err
	}
	rs, err := s.store.Ratings(r.Context(), u.ID)
	if err != nil {
		return err
	}
	ratings := make([]api.Rating, 0, len(rs))
	for _, x := range rs {
		ratings = append(ratings, toProfileRating(x))
	}
	recent, err := s.play.Recent(r.Context(), u.ID, userOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, api.Profile{User: userWire(u), Ratings: ratings, Recent: recent})
	return nil
}

// handleLeaderboard lists a variant's best ratings: ?variant=KEY (as profiles show it), or
// ?game=NAME&options=name=value,... (the game's defaults fill in the rest); ?limit=N.
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	variant := q.Get("variant")
	if variant == "" {
		name := q.Get("game")
		if name == "" {
			return platform.Errorf(platform.BadRequest, "say which variant: ?variant=reversi:size=8,... or ?game=reversi&options=size=8")
		}
		g, err := s.reg.Lookup(name)
		if err != nil {
			return platform.Errorf(platform.UnknownKind, "%v", err)
		}
		opts := map[string]string{}
		if o := q.Get("options"); o != "" {
			for _, kv := range strings.Split(o, ",") {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return platform.Errorf(platform.BadOption, "options %q: want name=value,...", o)
				}
				opts[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
		o, err := game.ParseOptions(g.OptionSpecs(), opts)
		if err != nil {
			return platform.Errorf(platform.BadOption, "%s: %v", g.Name(), err)
		}
		variant = rating.VariantKey(g.Name(), o)
	}
	limit := 100
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 1000 {
			return platform.Errorf(platform.BadRequest, "limit=%q: want 1 to 1000", l)
		}
		limit = n
	}
	rs, err := s.store.Leaderboard(r.Context(), variant, limit)
	if err != nil {
		return err
	}
	players := make([]api.Rating, 0, len(rs))
	for i, x := range rs {
		p := toProfileRating(x)
		p.Rank = i + 1
		players = append(players, p)
	}
	writeJSON(w, http.StatusOK, map[string]any{"variant": variant, "players": players})
	return nil
}
