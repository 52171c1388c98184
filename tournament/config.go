package tournament

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"turncoat/game"
)

// OddPlayer is what happens to the player left over when an odd number subscribed.
type OddPlayer string

// What an odd player out does.
const (
	// OddWaits: the player gets a board of their own and waits for a reserve (the first
	// reserve to volunteer takes the seat; dice then decide the colours).
	OddWaits OddPlayer = "wait"
	// OddHouse: the player plays the house AI (the player named House), whose moves the
	// server posts like anyone's (Tournament.Due lists them). The house's winnings go to its
	// ledger account like anyone's, so the payouts always come to a reward per finished
	// board.
	OddHouse OddPlayer = "house"
)

// MissRule is what a round without a post from a player who had to post does to their board.
type MissRule string

// Miss rules.
const (
	// MissCounts: the miss is counted and the board waits: the player moves in their next
	// round (the board sits out the opponent's round in between).
	MissCounts MissRule = "miss"
	// MissPasses: the forced-pass rule: the miss is counted and the player's turn is passed
	// for them, so the opponent moves in the next round. Only games whose turn can be
	// skipped allow it (see game.TurnSkipper).
	MissPasses MissRule = "pass"
)

// House is the name of the house AI when it takes a seat (see OddHouse). No player may
// subscribe under it.
const House = "House"

// Defaults of a Config, as the source runs its tournaments.
const (
	DefaultGame        = "reversi"
	DefaultOptions     = "size=6"
	DefaultRoundLength = 24 * time.Hour
	DefaultWindow      = 24 * time.Hour
	DefaultCurrency    = "WRZ$"
	// DefaultReplaceAfter is how many consecutive missed rounds let the host replace a player.
	DefaultReplaceAfter = 2
)

// DefaultReward is the reward of a board's winner: 150 (WRZ$).
var DefaultReward = Units(150)

// Config is how a play-by-post tournament is run. The zero value of a field means its default;
// Normalize fills them in.
type Config struct {
	// Title names the tournament in its texts ("6x6 Reversi, March"); by default the game's
	// variant title (game.Info.VariantTitle: "6x6 Reversi").
	Title string `json:"title"`
	// Game and Options are the game played on every board and its options
	// ("name=value,..."): by default 6x6 Reversi. The game must say it can be played by post
	// (game.Info.Tournament).
	Game    string `json:"game"`
	Options string `json:"options"`
	// Sides name the colours in the tournament's texts, First's (who moves first) then
	// Second's: by default Red and Blue for Reversi (the by-post discs), the game's own side
	// names otherwise.
	Sides [2]string `json:"sides"`
	// RoundLength is how long a round stays open (default 24 hours); Window how long
	// subscription stays open from the tournament's creation (default 24 hours).
	RoundLength time.Duration `json:"roundLength"`
	Window      time.Duration `json:"window"`
	// Reward is what each board's winner receives (a draw shares it), in Currency.
	Reward   Amount `json:"reward"`
	Currency string `json:"currency"`
	// NoReward makes a tournament without rewards (a zero Reward means the default).
	NoReward bool `json:"noReward,omitempty"`
	// OddPlayer is what happens to an odd player out (default OddWaits).
	OddPlayer OddPlayer `json:"oddPlayer"`
	// Missed is what a missed round does (default MissCounts).
	Missed MissRule `json:"missed"`
	// ReplaceAfter is how many consecutive missed rounds let the host replace a player
	// (default 2, as the source says).
	ReplaceAfter int `json:"replaceAfter"`
}

// ErrConfig marks an invalid tournament configuration.
var ErrConfig = errors.New("invalid tournament configuration")

// Normalize returns c with its defaults filled in and the game's options in canonical form,
// and the game, or an error naming the field that is wrong.
func (c Config) Normalize(reg *game.Registry) (Config, game.Game, game.Options, error) {
	bad := func(format string, args ...any) (Config, game.Game, game.Options, error) {
		return c, nil, game.Options{}, fmt.Errorf("%w: %s", ErrConfig, fmt.Sprintf(format, args...))
	}
	if c.Game == "" {
		c.Game = DefaultGame
		if c.Options == "" {
			c.Options = DefaultOptions
		}
	}
	g, err := reg.Lookup(c.Game)
	if err != nil {
		return bad("%v", err)
	}
	c.Game = g.Name()
	opts, err := game.ParseOptionString(g.OptionSpecs(), c.Options)
	if err != nil {
		return bad("%s options: %v", c.Game, err)
	}
	c.Options = opts.String()
	start, err := g.New(opts)
	if err != nil {
		return bad("%s: %v", c.Game, err)
	}
	if acts := start.ToAct(); acts.Simultaneous() || acts == game.Nobody {
		return bad("%s: play by post goes in rounds where one side posts, and %s is played with simultaneous moves", c.Game, g.Title())
	}
	info := game.InfoOf(g)
	if !info.Tournament {
		// The start alone cannot tell: only the game's author knows whether every position
		// fits rounds of one colour's posts (game.Info.Tournament).
		return bad("%s: %s does not say it can be played by post, one colour's posts a round", c.Game, g.Title())
	}
	if c.Sides == [2]string{} {
		c.Sides = g.SideNames(opts)
		if pn, ok := g.(game.PostSideNamer); ok {
			c.Sides = pn.PostSideNames(opts)
		}
	}
	for i, s := range c.Sides {
		if err := checkName(s); err != nil || strings.ContainsAny(s, " \t") {
			return bad("side name %d %q: a single word is wanted", i+1, s)
		}
	}
	if c.Sides[0] == c.Sides[1] {
		return bad("the two sides are both called %q", c.Sides[0])
	}
	if c.Title == "" {
		c.Title = info.VariantTitle(opts)
	}
	if utf8.RuneCountInString(c.Title) > 120 || strings.ContainsFunc(c.Title, unicode.IsControl) {
		return bad("title %q: at most 120 characters of text", c.Title)
	}
	if c.RoundLength == 0 {
		c.RoundLength = DefaultRoundLength
	}
	if c.Window == 0 {
		c.Window = DefaultWindow
	}
	if c.RoundLength < time.Minute || c.Window < 0 {
		return bad("round length %v and subscription window %v: a round lasts a minute at least, and the window cannot be negative", c.RoundLength, c.Window)
	}
	switch {
	case c.NoReward && c.Reward != 0:
		return bad("a reward of %s in a tournament without rewards", c.Reward)
	case c.Reward == 0 && !c.NoReward:
		c.Reward = DefaultReward
	case c.Reward < 0:
		return bad("reward %s is negative", c.Reward)
	}
	if c.Currency == "" {
		c.Currency = DefaultCurrency
	}
	if err := checkName(c.Currency); err != nil || len(c.Currency) > 16 {
		return bad("currency %q: a short name is wanted", c.Currency)
	}
	switch c.OddPlayer {
	case "":
		c.OddPlayer = OddWaits
	case OddWaits, OddHouse:
	default:
		return bad("odd player rule %q: want %q or %q", c.OddPlayer, OddWaits, OddHouse)
	}
	switch c.Missed {
	case "":
		c.Missed = MissCounts
	case MissCounts:
	case MissPasses:
		if _, err := skipTurn(start); err != nil {
			return bad("the forced-pass rule: %v", err)
		}
	default:
		return bad("miss rule %q: want %q or %q", c.Missed, MissCounts, MissPasses)
	}
	if c.ReplaceAfter == 0 {
		c.ReplaceAfter = DefaultReplaceAfter
	}
	if c.ReplaceAfter < 1 {
		return bad("replace after %d missed rounds: at least 1", c.ReplaceAfter)
	}
	return c, g, opts, nil
}

// ErrName marks a player name that cannot be used.
var ErrName = errors.New("invalid player name")

// checkName accepts a name of 1 to 64 characters of text without control characters and
// without spaces around it.
func checkName(name string) error {
	switch {
	case name == "" || strings.TrimSpace(name) != name:
		return fmt.Errorf("%w: %q: a name is wanted, without spaces around it", ErrName, name)
	case !utf8.ValidString(name) || utf8.RuneCountInString(name) > 64:
		return fmt.Errorf("%w: %q: at most 64 characters of text", ErrName, name)
	case strings.ContainsFunc(name, unicode.IsControl):
		return fmt.Errorf("%w: %q has a control character", ErrName, name)
	}
	return nil
}

// checkPlayerName accepts a player's name: a name (see checkName) other than House's.
func checkPlayerName(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if strings.EqualFold(name, House) {
		return fmt.Errorf("%w: %q is the house AI's name", ErrName, name)
	}
	return nil
}
