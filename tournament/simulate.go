package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	"turncoat/game"
)

// Agent chooses p's action in state, which it may keep or change: the simulation gives every
// agent call a copy. An AI level, a random player, or a script of moves fits it.
type Agent func(state game.State, p game.Player) (game.Action, error)

// Simulation configures Simulate.
type Simulation struct {
	// Players is the number of players who subscribe (at least 2).
	Players int
	// Seed makes the run reproducible: the same seed and agent give the same tournament.
	Seed uint64
	// Config is the tournament's configuration; its zero fields take their defaults (6x6
	// Reversi, 150 WRZ$), except the miss rule, which is the forced-pass rule where the game
	// allows it.
	Config Config
	// Start is when the tournament is created (default 2026-01-05 12:00 UTC).
	Start time.Time
	// Unreliable is the share of players who often miss rounds (default 0.25), and MissChance
	// how often they miss one (default 0.35). Reserves and the house never miss.
	Unreliable float64
	MissChance float64
	// MaxRounds stops a run that does not end (default 1000).
	MaxRounds int
}

// SimResult is what a simulation ends with.
type SimResult struct {
	Boards   int
	Rounds   int
	Finished int
	// LedgerTotal is the rewards paid: a board's reward for every finished board, ties
	// sharing it, so it is Boards x Reward when every board finishes.
	LedgerTotal Amount
	// Replaced, ForcedPasses, Forfeits, Edits and Refused count what happened on the way.
	Replaced, ForcedPasses, Forfeits, Edits, Refused int
}

// String writes the result's last line: "boards=B rounds=R finished=F ledger_total=T".
func (r SimResult) String() string {
	return fmt.Sprintf("boards=%d rounds=%d finished=%d ledger_total=%s", r.Boards, r.Rounds, r.Finished, r.LedgerTotal)
}

// plannedPost is a post a simulated player will make.
type plannedPost struct {
	due  Due
	at   time.Time
	edit bool
}

// Simulate runs a whole play-by-post tournament over an accelerated clock: sim.Players players
// subscribe during the window, the window closes (pairing and dice), and every round the players
// due to post do so at random times through agent, except that unreliable players sometimes miss
// rounds, some players post one move and then edit it to another, and a few post out of turn (and
// are refused). The simulated host replaces a player who missed two rounds in a row with a new
// reserve, or forfeits their board, in turn, and seats a reserve on a board that waits for one.
// After the pairing and after every round it writes the round's summary to w, as the host would
// post it, and at the end the line of SimResult.String. It returns the tournament and the result.
func Simulate(reg *game.Registry, sim Simulation, agent Agent, w io.Writer) (*Tournament, SimResult, error) {
	var res SimResult
	if sim.Players < 2 {
		return nil, res, fmt.Errorf("%w: a simulation needs 2 players at least, not %d", ErrConfig, sim.Players)
	}
	if agent == nil {
		return nil, res, fmt.Errorf("%w: a simulation needs an agent", ErrConfig)
	}
	cfg := sim.Config
	if cfg.Missed == "" {
		cfg.Missed = MissPasses
		if _, _, _, err := cfg.Normalize(reg); err != nil {
			cfg.Missed = MissCounts
		}
	}
	if sim.Start.IsZero() {
		sim.Start = time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)
	}
	if sim.Unreliable == 0 {
		sim.Unreliable = 0.25
	}
	if sim.MissChance == 0 {
		sim.MissChance = 0.35
	}
	if sim.MaxRounds == 0 {
		sim.MaxRounds = 1000
	}
	rng := rand.New(rand.NewPCG(sim.Seed, sim.Seed^0x5eed_7a61_e5c0_ffee))
	t, _, err := New(reg, cfg, sim.Start)
	if err != nil {
		return nil, res, err
	}
	cfg = t.Config()
	unreliable := map[string]bool{}
	for i := range sim.Players {
		name := fmt.Sprintf("Player %02d", i+1)
		at := sim.Start.Add(time.Duration(rng.Int64N(int64(cfg.Window))))
		if _, err := t.Subscribe(at, name); err != nil {
			return t, res, err
		}
		unreliable[name] = rng.Float64() < sim.Unreliable
	}
	if _, err := t.Advance(t.SubscriptionCloses(), rng); err != nil {
		return t, res, err
	}
	write := func(text string) error {
		_, err := io.WriteString(w, text+"\n")
		return err
	}
	if err := write(t.Summary()); err != nil {
		return t, res, err
	}
	reserves := 0
	newReserve := func() string { reserves++; return fmt.Sprintf("Reserve %02d", reserves) }
	for t.Phase() == PhasePlaying {
		if len(t.Rounds()) >= sim.MaxRounds {
			return t, res, fmt.Errorf("the simulation did not end in %d rounds", sim.MaxRounds)
		}
		r, _ := t.Round()
		// The host, at the round's opening: seat a reserve where a board waits, and deal with
		// players who missed two rounds in a row, replacing and forfeiting in turn.
		for _, bi := range t.Boards() {
			switch {
			case bi.Status == BoardWaiting:
				if _, err := t.Volunteer(r.Opened, newReserve(), rng); err != nil {
					return t, res, err
				}
			case bi.Status == BoardPlaying:
				for p := game.First; p <= game.Second; p++ {
					seat := bi.Seats[p]
					if seat.Misses < cfg.ReplaceAfter || bi.Post != nil && bi.Post.Side == p {
						continue
					}
					if (res.Replaced+res.Forfeits)%2 == 0 {
						if _, err := t.Replace(r.Opened, bi.Number, seat.Player, newReserve()); err != nil {
							return t, res, err
						}
						res.Replaced++
					} else {
						if _, err := t.Forfeit(r.Opened, bi.Number, seat.Player, ""); err != nil {
							return t, res, err
						}
						res.Forfeits++
					}
					break
				}
			}
		}
		if cur, ok := t.Round(); !ok || cur.Number != r.Number {
			if err := write(t.Summary()); err != nil {
				return t, res, err
			}
			continue
		}
		// The players: who posts when, who misses.
		var plan []plannedPost
		for _, d := range t.Due() {
			if unreliable[d.Player] && rng.Float64() < sim.MissChance {
				continue
			}
			at := r.Opened.Add(time.Duration(rng.Int64N(int64(cfg.RoundLength) * 9 / 10)))
			plan = append(plan, plannedPost{due: d, at: at, edit: rng.IntN(10) == 0})
		}
		slices.SortStableFunc(plan, func(a, b plannedPost) int { return cmp.Compare(a.at.UnixNano(), b.at.UnixNano()) })
		for i, pp := range plan {
			if i == 0 && rng.IntN(3) == 0 {
				// Someone of the other colour posts out of turn, and is refused.
				if err := outOfTurn(t, pp.at); err == nil {
					res.Refused++
				}
			}
			last := i == len(plan)-1
			if err := simPost(t, agent, pp, !last && pp.edit, &res); err != nil {
				return t, res, err
			}
		}
		if cur, ok := t.Round(); ok && cur.Number == r.Number {
			if _, err := t.Advance(cur.Deadline, rng); err != nil {
				return t, res, err
			}
		}
		if err := write(t.Summary()); err != nil {
			return t, res, err
		}
	}
	res.Boards = len(t.boards)
	res.Rounds = len(t.rounds)
	for _, b := range t.boards {
		if b.Result != nil {
			res.Finished++
		}
		res.ForcedPasses += len(b.tables) - 1
	}
	res.LedgerTotal = t.ledger.Total()
	return t, res, write(res.String())
}

// simPost makes one planned post: the agent's move, or first another legal move and then an
// edit to the agent's.
func simPost(t *Tournament, agent Agent, pp plannedPost, edit bool, res *SimResult) error {
	tb, err := t.Table(pp.due.Board)
	if err != nil {
		return err
	}
	s := tb.State()
	a, err := agent(s.Clone(), pp.due.Side)
	if err != nil {
		return fmt.Errorf("Board #%d: the agent of %s: %w", pp.due.Board, pp.due.Player, err)
	}
	text := func(a game.Action) string {
		move := s.FormatAction(pp.due.Side, a)
		return PostText{Board: pp.due.Board, Move: move, Pass: move == "pass"}.String()
	}
	var buf [256]game.Action
	legal := s.Legal(pp.due.Side, buf[:0])
	first := a
	if edit {
		for _, b := range legal {
			if b != a {
				first = b
				break
			}
		}
	}
	if _, err := t.Post(pp.at, pp.due.Player, text(first)); err != nil {
		return fmt.Errorf("Board #%d: %s's post: %w", pp.due.Board, pp.due.Player, err)
	}
	if first != a {
		r, _ := t.Round()
		if _, err := t.Edit(pp.at.Add(time.Minute), pp.due.Player, r.Number, text(a)); err != nil {
			return fmt.Errorf("Board #%d: %s's edit: %w", pp.due.Board, pp.due.Player, err)
		}
		res.Edits++
	}
	return nil
}

// outOfTurn has a player of the colour that does not post try anyway; it returns nil when the
// tournament refused the post as out of turn, as it must.
func outOfTurn(t *Tournament, at time.Time) error {
	r, ok := t.Round()
	if !ok {
		return errors.New("no round")
	}
	for _, b := range t.boards {
		if !b.inPlay() {
			continue
		}
		player := b.Seats[r.Side.Other()].Player
		_, err := t.Post(at, player, PostText{Board: b.Number, Move: "a1"}.String())
		if errors.Is(err, ErrNotYourRound) {
			return nil
		}
		return fmt.Errorf("an out-of-turn post was not refused as such: %v", err)
	}
	return errors.New("no board in play")
}
