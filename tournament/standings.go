package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"turncoat/game"
)

// Pairing is one game of a round-robin, Swiss or knockout round: Players[0] plays First (moves
// first), Players[1] Second. Players[1] is empty for a bye: Players[0] sits the round out and
// scores ByePoints.
type Pairing struct {
	Round   int       `json:"round"`
	Board   int       `json:"board"`
	Players [2]string `json:"players"`
}

// Bye reports whether the pairing is a bye.
func (p Pairing) Bye() bool { return p.Players[1] == "" }

// GameResult is one finished game (or a bye) of a round-robin, Swiss or knockout event, as
// standings and pairings read it.
type GameResult struct {
	Round int `json:"round"`
	// Players are First and Second; Players[1] is empty for a bye.
	Players [2]string `json:"players"`
	// Winner is the winning side, or null for a draw.
	Winner game.Player `json:"winner"`
	// Margin is First's score difference (game.Outcome.Margin(game.First)): the disc
	// difference in Othello.
	Margin int `json:"margin"`
}

// ResultOf returns the result of a finished game between players (First, Second) in round.
func ResultOf(round int, players [2]string, o game.Outcome) GameResult {
	return GameResult{Round: round, Players: players, Winner: o.Winner, Margin: o.Margin(game.First)}
}

// score returns side p's score in the game: 1 win, 0.5 draw, 0 loss.
func (r GameResult) score(p game.Player) float64 {
	switch r.Winner {
	case p:
		return 1
	case game.NoPlayer:
		return 0.5
	}
	return 0
}

// ByePoints is what a bye scores: a win, as in most Swiss events.
const ByePoints = 1.0

// TieBreak names a way to order players on equal points.
type TieBreak string

// Tie-breaks.
const (
	// TieBuchholz: the sum of the opponents' points (byes count no opponent).
	TieBuchholz TieBreak = "buchholz"
	// TieSonnebornBerger: the sum of the points of the opponents beaten, and half the points
	// of those drawn.
	TieSonnebornBerger TieBreak = "sonneborn-berger"
	// TieDiscs: the sum of the player's disc (score) differences: Othello's tie-break.
	TieDiscs TieBreak = "discs"
	// TieWins: the number of games won.
	TieWins TieBreak = "wins"
)

// DefaultTieBreaks are Sonneborn-Berger, Buchholz, then disc difference.
var DefaultTieBreaks = []TieBreak{TieSonnebornBerger, TieBuchholz, TieDiscs}

// Standing is one line of an event's standings.
type Standing struct {
	// Rank is the place, from 1; players equal on points and every tie-break share it.
	Rank   int     `json:"rank"`
	Player string  `json:"player"`
	Points float64 `json:"points"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Byes   int     `json:"byes"`
	// Buchholz and SonnebornBerger are the tie-break sums; Discs the sum of disc differences.
	Buchholz        float64 `json:"buchholz"`
	SonnebornBerger float64 `json:"sonnebornBerger"`
	Discs           int     `json:"discs"`
}

// ErrEvent marks players or results that do not make an event: an unknown or repeated player,
// a player who meets themselves, an unknown tie-break.
var ErrEvent = errors.New("invalid event")

// checkPlayers checks that players are distinct names and returns their seed (index).
func checkPlayers(players []string) (map[string]int, error) {
	seed := make(map[string]int, len(players))
	for i, p := range players {
		if err := checkName(p); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrEvent, err)
		}
		if _, dup := seed[p]; dup {
			return nil, fmt.Errorf("%w: %s is listed twice", ErrEvent, p)
		}
		seed[p] = i
	}
	return seed, nil
}

// checkResults checks that every result is between known players (or a bye of one).
func checkResults(seed map[string]int, results []GameResult) error {
	for i, r := range results {
		if _, ok := seed[r.Players[0]]; !ok {
			return fmt.Errorf("%w: result %d: unknown player %q", ErrEvent, i+1, r.Players[0])
		}
		if r.Players[1] == "" {
			continue
		}
		if _, ok := seed[r.Players[1]]; !ok {
			return fmt.Errorf("%w: result %d: unknown player %q", ErrEvent, i+1, r.Players[1])
		}
		if r.Players[0] == r.Players[1] {
			return fmt.Errorf("%w: result %d: %s plays themselves", ErrEvent, i+1, r.Players[0])
		}
		if r.Winner != game.NoPlayer && !r.Winner.Valid() {
			return fmt.Errorf("%w: result %d: winner %d", ErrEvent, i+1, r.Winner)
		}
	}
	return nil
}

// Standings computes the table of an event from its results: points (win 1, draw 0.5, bye
// ByePoints), then the tie-breaks in the order given (DefaultTieBreaks when none). players are in
// seed order, which orders players the table cannot separate (they share the rank).
func Standings(players []string, results []GameResult, tieBreaks []TieBreak) ([]Standing, error) {
	seed, err := checkPlayers(players)
	if err != nil {
		return nil, err
	}
	if err := checkResults(seed, results); err != nil {
		return nil, err
	}
	if len(tieBreaks) == 0 {
		tieBreaks = DefaultTieBreaks
	}
	for _, tb := range tieBreaks {
		switch tb {
		case TieBuchholz, TieSonnebornBerger, TieDiscs, TieWins:
		default:
			return nil, fmt.Errorf("%w: unknown tie-break %q", ErrEvent, tb)
		}
	}
	rows := make([]Standing, len(players))
	for i, p := range players {
		rows[i].Player = p
	}
	for _, r := range results {
		a := &rows[seed[r.Players[0]]]
		if r.Players[1] == "" {
			a.Byes++
			a.Points += ByePoints
			continue
		}
		b := &rows[seed[r.Players[1]]]
		for side, row := range [2]*Standing{a, b} {
			p := game.Player(side)
			s := r.score(p)
			row.Games++
			row.Points += s
			switch s {
			case 1:
				row.Wins++
			case 0.5:
				row.Draws++
			default:
				row.Losses++
			}
			if p == game.First {
				row.Discs += r.Margin
			} else {
				row.Discs -= r.Margin
			}
		}
	}
	// The tie-break sums use every opponent's final points.
	for _, r := range results {
		if r.Players[1] == "" {
			continue
		}
		a, b := &rows[seed[r.Players[0]]], &rows[seed[r.Players[1]]]
		a.Buchholz += b.Points
		b.Buchholz += a.Points
		a.SonnebornBerger += r.score(game.First) * b.Points
		b.SonnebornBerger += r.score(game.Second) * a.Points
	}
	key := func(s Standing) []float64 {
		k := []float64{s.Points}
		for _, tb := range tieBreaks {
			switch tb {
			case TieBuchholz:
				k = append(k, s.Buchholz)
			case TieSonnebornBerger:
				k = append(k, s.SonnebornBerger)
			case TieDiscs:
				k = append(k, float64(s.Discs))
			case TieWins:
				k = append(k, float64(s.Wins))
			}
		}
		return k
	}
	keys := make(map[string][]float64, len(rows))
	for _, r := range rows {
		keys[r.Player] = key(r)
	}
	slices.SortStableFunc(rows, func(a, b Standing) int {
		if c := slices.Compare(keys[b.Player], keys[a.Player]); c != 0 {
			return c
		}
		return cmp.Compare(seed[a.Player], seed[b.Player])
	})
	for i := range rows {
		if i > 0 && slices.Equal(keys[rows[i].Player], keys[rows[i-1].Player]) {
			rows[i].Rank = rows[i-1].Rank
		} else {
			rows[i].Rank = i + 1
		}
	}
	return rows, nil
}
