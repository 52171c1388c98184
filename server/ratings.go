package server

import (
	"net/http"
	"strconv"
	"strings"

	"turncoat/api"
	"turncoat/domain"
)

// The ratings' endpoints: the ratings themselves are platform/ratings'.

// handleProfile shows a player: their ratings with deviations, and their recent games.
func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) error {
	u, ratings, err := s.ratings.Player(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
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
			return domain.Errorf(domain.BadRequest, "say which variant: ?variant=reversi:size=8,... or ?game=reversi&options=size=8")
		}
		opts := map[string]string{}
		if o := q.Get("options"); o != "" {
			for _, kv := range strings.Split(o, ",") {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return domain.Errorf(domain.BadOption, "options %q: want name=value,...", o)
				}
				opts[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
		var err error
		if variant, err = s.ratings.Variant(name, opts); err != nil {
			return err
		}
	}
	limit := 100
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 1000 {
			return domain.Errorf(domain.BadRequest, "limit=%q: want 1 to 1000", l)
		}
		limit = n
	}
	players, err := s.ratings.Leaderboard(r.Context(), variant, limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"variant": variant, "players": players})
	return nil
}
