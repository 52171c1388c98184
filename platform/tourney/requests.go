package tourney

import (
	"context"
	"net/url"
	"strconv"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/tournament"
)

// The requests of the API as the service takes them, whoever calls it (the HTTP adapter, the
// CLI working on a database).

// RequirePlayer checks that u may take part in tournaments: a registered account (a tournament
// knows its players by name, and a guest's name changes when it signs up).
func RequirePlayer(u *domain.User) error {
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "sign in to take part in tournaments")
	}
	if u.Guest {
		return domain.Errorf(domain.Forbidden, "sign up (a guest's name is not kept) to take part in tournaments")
	}
	return nil
}

// ParseDuration reads a duration option (24h, 90m), at most 60 days; "" is zero.
func ParseDuration(name, text string) (time.Duration, error) {
	if text == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 || d > 60*24*time.Hour {
		return 0, domain.Errorf(domain.BadOption, "%s %q: want a duration such as 24h or 90m, at most 60 days", name, text)
	}
	return d, nil
}

// ConfigOf reads a request to create a tournament.
func ConfigOf(q api.CreateTournament) (tournament.Config, error) {
	c := tournament.Config{Title: q.Title, Game: q.Game, Options: q.Options, Sides: q.Sides, Currency: q.Currency, NoReward: q.NoReward,
		OddPlayer: tournament.OddPlayer(q.OddPlayer), Missed: tournament.MissRule(q.Missed), ReplaceAfter: q.ReplaceAfter}
	var err error
	if c.RoundLength, err = ParseDuration("roundLength", q.RoundLength); err != nil {
		return c, err
	}
	if c.Window, err = ParseDuration("window", q.Window); err != nil {
		return c, err
	}
	if q.Reward != nil {
		c.Reward = *q.Reward
	}
	return c, nil
}

// CreateFor creates a tournament from an API request, hosted by u.
func (s *Service) CreateFor(ctx context.Context, u *domain.User, q api.CreateTournament) (api.Tournament, error) {
	if err := RequirePlayer(u); err != nil {
		return api.Tournament{}, err
	}
	cfg, err := ConfigOf(q)
	if err != nil {
		return api.Tournament{}, err
	}
	return s.Create(ctx, u, cfg)
}

// Run runs an operation for u and returns its events (those that happened before a failure
// too, with the failure).
func (s *Service) Run(ctx context.Context, id string, u *domain.User, hostOnly bool, o Operation) (api.OpResult, error) {
	evs, err := s.Do(ctx, id, u, hostOnly, o)
	if err != nil && len(evs) == 0 {
		return api.OpResult{}, err
	}
	res := api.OpResult{Events: evs}
	if n := len(evs); n > 0 {
		res.Version = evs[n-1].Version
	}
	if res.Events == nil {
		res.Events = []tournament.Event{}
	}
	return res, err
}

// PlayerOp runs an operation a player makes for themselves: subscribe, unsubscribe or
// volunteer as a reserve.
func (s *Service) PlayerOp(ctx context.Context, id string, u *domain.User, op string) (api.OpResult, error) {
	if err := RequirePlayer(u); err != nil {
		return api.OpResult{}, err
	}
	return s.Run(ctx, id, u, false, Operation{Op: op, Player: u.Name})
}

// Post takes u's post (forum text) in the open round, or with edit changes u's post of a round
// (0: the open one).
func (s *Service) Post(ctx context.Context, id string, u *domain.User, text string, edit bool, round int) (api.OpResult, error) {
	if err := RequirePlayer(u); err != nil {
		return api.OpResult{}, err
	}
	op := Operation{Op: OpPost, Player: u.Name, Text: text}
	if edit {
		op.Op, op.Round = OpEdit, round
		if round == 0 {
			err := s.Read(ctx, id, func(t *tournament.Tournament) error {
				if cur, ok := t.Round(); ok {
					op.Round = cur.Number
				}
				return nil
			})
			if err != nil {
				return api.OpResult{}, err
			}
			if op.Round == 0 {
				return api.OpResult{}, domain.Errorf(domain.RoundClosed, "no round is open: there is no post to change").Words("post.nothing_open")
			}
		}
	} else if round != 0 {
		return api.OpResult{}, domain.Errorf(domain.BadRequest, "a new post is for the open round: change a post with PUT")
	}
	return s.Run(ctx, id, u, false, op)
}

// HostOp runs one of the host's tools (one of HostOps) as u.
func (s *Service) HostOp(ctx context.Context, id string, u *domain.User, op string, q api.HostAction) (api.OpResult, error) {
	if err := RequirePlayer(u); err != nil {
		return api.OpResult{}, err
	}
	o := Operation{Op: op, Board: q.Board, Player: q.Player, Out: q.Out, In: q.In, Reason: q.Reason, Seq: q.Seq, Amount: q.Amount}
	var err error
	switch op {
	case OpExtend:
		if o.Duration, err = ParseDuration("duration", q.Duration); err != nil {
			return api.OpResult{}, err
		}
		if o.Duration == 0 {
			return api.OpResult{}, domain.Errorf(domain.BadRequest, "say how long to extend the round: {\"duration\": \"12h\"}")
		}
	case OpForfeit:
		o.Out = q.Player
	case OpAdjudicate:
		switch {
		case q.Draw && q.Winner == nil:
			o.Winner = game.NoPlayer
		case !q.Draw && q.Winner != nil && q.Winner.Valid():
			o.Winner = *q.Winner
		default:
			return api.OpResult{}, domain.Errorf(domain.BadRequest, "say who wins: {\"winner\": \"first\"} or \"second\", or {\"draw\": true}")
		}
	}
	return s.Run(ctx, id, u, true, o)
}

// Boards returns the tournament's boards.
func (s *Service) Boards(ctx context.Context, id string) ([]tournament.BoardInfo, error) {
	var out []tournament.BoardInfo
	err := s.Read(ctx, id, func(t *tournament.Tournament) error {
		out = t.Boards()
		return nil
	})
	return out, err
}

// Summary returns the tournament's summary for the forum thread in format f, in lang (a
// language of the server's catalogues; any other is English); the forum formats show each
// board's picture, served under base (the server's public URL; none: the positions as text).
func (s *Service) Summary(ctx context.Context, id string, f tournament.SummaryFormat, base, lang string) (string, error) {
	var text string
	err := s.Read(ctx, id, func(t *tournament.Tournament) error {
		var picture func(n int) string
		if base != "" {
			prefix := base + "/api/tournaments/" + url.PathEscape(id) + "/boards/"
			v := strconv.FormatInt(t.Version(), 10)
			picture = func(n int) string { return prefix + strconv.Itoa(n) + ".png?v=" + v }
		}
		text = t.ForumSummaryIn(f, picture, lang)
		return nil
	})
	return text, err
}

// Standings returns the tournament's placings.
func (s *Service) Standings(ctx context.Context, id string) ([]tournament.Placing, error) {
	var out []tournament.Placing
	err := s.Read(ctx, id, func(t *tournament.Tournament) error {
		out = t.Placings()
		return nil
	})
	return out, err
}

// Ledger returns the tournament's ledger of rewards.
func (s *Service) Ledger(ctx context.Context, id string) (api.Ledger, error) {
	var out api.Ledger
	err := s.Read(ctx, id, func(t *tournament.Tournament) error {
		l := t.Ledger()
		out = api.Ledger{Currency: t.Config().Currency, Entries: l.Entries(), Balances: l.Balances(), Total: l.Total()}
		return nil
	})
	return out, err
}
