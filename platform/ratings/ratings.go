// Package ratings keeps the players' ratings: Glicko-2 per game variant (rating.Key:
// 6x6 and 8x8 Othello apart), updated after every rated game with a rating period of one game:
// both players' ratings before the game give both after it. Only online games between two
// different accounts that were created rated count; games against the AI and hot-seat games are
// never rated (the game service refuses it), and an aborted game is recorded as seen without
// changing anything. The update is a durable job stored with the game's end, worked once per
// game (the store refuses a second).
//
// Errors are domain.Error values: NotFound (no such player), BadRequest, UnknownKind and
// BadOption (a malformed leaderboard query).
package ratings

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/internal/crashpoint"
	"turncoat/platform/clock"
	"turncoat/platform/jobs"
	"turncoat/rating"
)

// Service keeps the ratings.
type Service struct {
	store Store
	reg   *game.Registry
	clk   clock.Clock
}

// New returns the service.
func New(st Store, reg *game.Registry, clk clock.Clock) *Service {
	if clk == nil {
		clk = clock.Real{}
	}
	return &Service{store: st, reg: reg, clk: clk}
}

// EndJobs are the jobs the end of a game calls for: its rating, when rated.
func (s *Service) EndJobs(row domain.Game) []domain.Job {
	if !row.Rated {
		return nil
	}
	return []domain.Job{jobs.At(jobs.Rate{Game: row.ID}, time.Time{})}
}

// Workers adds the rating job's worker.
func (s *Service) Workers(ws *river.Workers) { jobs.AddWorker(ws, s.workRate) }

// workRate rates a finished rated game (once: the store refuses a second update).
func (s *Service) workRate(ctx context.Context, a jobs.Rate) error {
	row, err := s.store.Game(ctx, a.Game)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	kind, err := s.reg.Lookup(row.Kind)
	if err != nil {
		return nil
	}
	start, err := kind.Decode(row.Start)
	if err != nil {
		return nil
	}
	return s.rate(ctx, row, start, row.Outcome)
}

// rate stores the ratings update of a finished rated game.
func (s *Service) rate(ctx context.Context, row domain.Game, start game.State, o game.Outcome) error {
	users := [2]int64{row.Seats[0].UserID, row.Seats[1].UserID}
	if row.Mode != domain.ModeOnline || users[0] == 0 || users[1] == 0 || users[0] == users[1] || !o.Over {
		return nil
	}
	variant := rating.Key(start.Game(), start.Options())
	_, _, err := s.store.RateGame(ctx, row.ID, variant, users, s.clk.Now().UTC(), func(before [2]rating.Rating) (*[2]rating.Rating, error) {
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
	if err == nil {
		crashpoint.Hit(crashpoint.Rated)
	}
	return err
}

func wire(r domain.Rating) api.Rating {
	return api.Rating{Player: r.UserName, Variant: r.Variant, Rating: round2(r.Rating.Rating), Deviation: round2(r.Deviation),
		Volatility: r.Volatility, Games: r.Games, Text: r.Rating.String()}
}

func round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}

// Player returns the player called name and their ratings.
func (s *Service) Player(ctx context.Context, name string) (domain.User, []api.Rating, error) {
	u, _, err := s.store.UserByName(ctx, name)
	if errors.Is(err, domain.ErrNotFound) {
		return u, nil, domain.Errorf(domain.NotFound, "no player %q", name)
	}
	if err != nil {
		return u, nil, err
	}
	rs, err := s.store.Ratings(ctx, u.ID)
	if err != nil {
		return u, nil, err
	}
	out := make([]api.Rating, 0, len(rs))
	for _, x := range rs {
		out = append(out, wire(x))
	}
	return u, out, nil
}

// Variant returns the rating variant of a game with options (name=value; the game's defaults
// fill in the rest).
func (s *Service) Variant(name string, opts map[string]string) (string, error) {
	g, err := s.reg.Lookup(name)
	if err != nil {
		return "", domain.Errorf(domain.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), opts)
	if err != nil {
		return "", domain.Errorf(domain.BadOption, "%s: %v", g.Name(), err)
	}
	return rating.Key(g, o), nil
}

// Leaderboard lists a variant's best ratings, at most limit (1 to 1000).
func (s *Service) Leaderboard(ctx context.Context, variant string, limit int) ([]api.Rating, error) {
	if limit < 1 || limit > 1000 {
		return nil, domain.Errorf(domain.BadRequest, "limit %d: want 1 to 1000", limit)
	}
	rs, err := s.store.Leaderboard(ctx, variant, limit)
	if err != nil {
		return nil, err
	}
	players := make([]api.Rating, 0, len(rs))
	for i, x := range rs {
		p := wire(x)
		p.Rank = i + 1
		players = append(players, p)
	}
	return players, nil
}
