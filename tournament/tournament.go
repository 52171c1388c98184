package tournament

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"turncoat/game"
)

// Phase is where a tournament stands.
type Phase string

// Phases, in order.
const (
	// PhaseSubscription: players subscribe until the window closes.
	PhaseSubscription Phase = "subscription"
	// PhasePlaying: the boards are played in rounds.
	PhasePlaying Phase = "playing"
	// PhaseFinished: every board has a result.
	PhaseFinished Phase = "finished"
	// PhaseCancelled: too few players subscribed.
	PhaseCancelled Phase = "cancelled"
)

// Round is the open round: its number (from 1), the colour that posts in it, and when it
// opened and closes.
type Round struct {
	Number   int         `json:"number"`
	Side     game.Player `json:"side"`
	Opened   time.Time   `json:"opened"`
	Deadline time.Time   `json:"deadline"`
	// Extended is the time the host added to the round (Deadline includes it).
	Extended time.Duration `json:"extended,omitempty"`
}

// RoundRecord is a closed round: when it ran, whether it closed early (every eligible player
// had posted), and how many boards got a move, missed, or sat it out.
type RoundRecord struct {
	Round
	Closed time.Time `json:"closed"`
	Early  bool      `json:"early,omitempty"`
	Posted int       `json:"posted"`
	Missed int       `json:"missed"`
	// Idle counts the boards in play whose side to move was not the round's colour (the
	// other side missed its round under MissCounts).
	Idle int `json:"idle"`
}

// Errors of tournament operations, for errors.Is. Their messages say what was wrong and what to
// do instead; illegal moves also wrap game.ErrIllegal.
var (
	// ErrPhase marks an operation the tournament's phase does not allow (a subscription after
	// the window, a post before the start or after the end).
	ErrPhase = errors.New("not at this stage of the tournament")
	// ErrNoSuchBoard marks a board number the tournament does not have.
	ErrNoSuchBoard = errors.New("no such board")
	// ErrNotYourBoard marks a post for a board the poster does not play.
	ErrNotYourBoard = errors.New("not the poster's board")
	// ErrNotYourRound marks a post out of turn: the round is the other colour's, or the board
	// waits for the opponent's move.
	ErrNotYourRound = errors.New("not the poster's round")
	// ErrSecondPost marks a second post by a player in one round (an edit changes a post).
	ErrSecondPost = errors.New("one post per player per round")
	// ErrRoundClosed marks a post or an edit after its round closed.
	ErrRoundClosed = errors.New("round closed")
	// ErrNoPost marks an edit without a post to change.
	ErrNoPost = errors.New("no post to edit")
	// ErrPassRefused marks a pass posted while a move exists (it also wraps game.ErrIllegal).
	ErrPassRefused = errors.New("a pass is refused while a move exists")
	// ErrBoardOver marks an operation on a board that already has a result.
	ErrBoardOver = errors.New("the board is over")
	// ErrNotAllowed marks a host operation the rules do not allow now (replacing a player who
	// has not missed enough rounds, seating a board that has its players).
	ErrNotAllowed = errors.New("not allowed")
	// ErrPlayer marks a player who cannot do what was asked (subscribed twice, unknown).
	ErrPlayer = errors.New("player")
	// ErrNoRandom marks an operation that must draw (pairing, dice) without a random source.
	ErrNoRandom = errors.New("a random source is needed")
)

// Tournament is a play-by-post tournament (see the package documentation). It is not safe for
// concurrent use: a server guards it, runs one operation at a time, stores the events each
// returns (or the whole Snapshot), and persists before it answers.
type Tournament struct {
	cfg   Config
	reg   *game.Registry
	g     game.Game
	opts  game.Options
	start game.State

	created     time.Time
	phase       Phase
	window      time.Time
	subscribers []string
	// subscribed indexes subscribers, so that a big field subscribes in linear time.
	subscribed map[string]bool
	reserves   []string
	boards     []*board
	round      *Round
	rounds     []RoundRecord
	ledger     Ledger
	version    int64
	ended      time.Time
	note       string

	// due counts the players who must still post in the open round.
	due int
}

// New creates a tournament at now with cfg (its zero fields take their defaults); subscription
// is open for cfg.Window from now. Games are looked up in reg.
func New(reg *game.Registry, cfg Config, now time.Time) (*Tournament, []Event, error) {
	cfg, g, opts, err := cfg.Normalize(reg)
	if err != nil {
		return nil, nil, err
	}
	start, err := g.New(opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	t := &Tournament{cfg: cfg, reg: reg, g: g, opts: opts, start: start,
		created: now, phase: PhaseSubscription, window: now.Add(cfg.Window)}
	evs := t.emit(nil, Event{Kind: EventCreated, At: now, Side: game.NoPlayer, Deadline: t.window,
		Text: fmt.Sprintf("%s: subscription is open until %s", cfg.Title, stamp(t.window))})
	return t, evs, nil
}

// emit gives e the next version and appends it to evs.
func (t *Tournament) emit(evs []Event, e Event) []Event {
	t.version++
	e.Version = t.version
	return append(evs, e)
}

// stamp writes a time as the texts show it.
func stamp(at time.Time) string { return at.UTC().Format("2006-01-02 15:04 UTC") }

// Config returns the tournament's configuration, defaults filled in.
func (t *Tournament) Config() Config { return t.cfg }

// Phase returns where the tournament stands.
func (t *Tournament) Phase() Phase { return t.phase }

// Version returns the tournament's version: it grows by one with every event.
func (t *Tournament) Version() int64 { return t.version }

// Created returns when the tournament was created.
func (t *Tournament) Created() time.Time { return t.created }

// SubscriptionCloses returns when the subscription window closes.
func (t *Tournament) SubscriptionCloses() time.Time { return t.window }

// Subscribers returns the players who subscribed, in order.
func (t *Tournament) Subscribers() []string { return slices.Clone(t.subscribers) }

// Reserves returns the reserves not yet seated, in order.
func (t *Tournament) Reserves() []string { return slices.Clone(t.reserves) }

// Round returns the open round, and false when none is open.
func (t *Tournament) Round() (Round, bool) {
	if t.round == nil {
		return Round{}, false
	}
	return *t.round, true
}

// Rounds returns the closed rounds, oldest first.
func (t *Tournament) Rounds() []RoundRecord { return slices.Clone(t.rounds) }

// Ledger returns a copy of the rewards ledger.
func (t *Tournament) Ledger() Ledger {
	l := Ledger{entries: slices.Clone(t.ledger.entries), balances: t.ledger.Balances(), total: t.ledger.total}
	return l
}

// NextDeadline returns when the tournament next needs Advance: the end of the subscription
// window or of the open round; false when nothing is due (finished, cancelled).
func (t *Tournament) NextDeadline() (time.Time, bool) {
	switch {
	case t.phase == PhaseSubscription:
		return t.window, true
	case t.round != nil:
		return t.round.Deadline, true
	}
	return time.Time{}, false
}

// side names a colour: "Red".
func (t *Tournament) side(p game.Player) string {
	if !p.Valid() {
		return "nobody"
	}
	return t.cfg.Sides[p]
}

// RoundTitle returns a round's title as the thread shows it: "Round 7 — only Reds post".
func (t *Tournament) RoundTitle(number int) string {
	return t.RoundTitleIn("en", number)
}

// sideOfRound returns the colour that posts in round n: First in odd rounds, Second in even.
func sideOfRound(n int) game.Player {
	if n%2 == 1 {
		return game.First
	}
	return game.Second
}

// board returns board n.
func (t *Tournament) board(n int) (*board, error) {
	if n < 1 || n > len(t.boards) {
		if len(t.boards) == 0 {
			return nil, refused("post.no_boards", fmt.Errorf("%w: there is no Board #%d: no boards yet", ErrNoSuchBoard, n), "board", strconv.Itoa(n))
		}
		return nil, refused("post.no_such_board", fmt.Errorf("%w: there is no Board #%d (boards 1 to %d)", ErrNoSuchBoard, n, len(t.boards)),
			"board", strconv.Itoa(n), "last", strconv.Itoa(len(t.boards)))
	}
	return t.boards[n-1], nil
}

// boardsOf returns the numbers of the boards player holds a seat on (or waits on).
func (t *Tournament) boardsOf(player string) []int {
	var ns []int
	for _, b := range t.boards {
		if b.seatOf(player).Valid() || b.waiting() && b.Pair[0] == player {
			ns = append(ns, b.Number)
		}
	}
	return ns
}

// activeBoard returns the number of a board player plays or waits on and that has no result
// yet, or 0.
func (t *Tournament) activeBoard(player string) int {
	for _, b := range t.boards {
		if b.Result == nil && (b.seatOf(player).Valid() || b.waiting() && b.Pair[0] == player) {
			return b.Number
		}
	}
	return 0
}

// Subscribe adds player during the subscription window.
func (t *Tournament) Subscribe(now time.Time, player string) ([]Event, error) {
	if err := t.subscribing(now); err != nil {
		return nil, err
	}
	if err := checkPlayerName(player); err != nil {
		return nil, err
	}
	if t.subscribed[player] {
		return nil, refused("tournament.refused.subscribed", fmt.Errorf("%w: %s has already subscribed", ErrPlayer, player), "player", player)
	}
	if t.subscribed == nil {
		t.subscribed = map[string]bool{}
	}
	t.subscribed[player] = true
	t.subscribers = append(t.subscribers, player)
	return t.emit(nil, Event{Kind: EventSubscribed, At: now, Player: player, Side: game.NoPlayer,
		Text: fmt.Sprintf("%s subscribed (%s)", player, countPlayers(len(t.subscribers)))}), nil
}

// Unsubscribe removes player during the subscription window.
func (t *Tournament) Unsubscribe(now time.Time, player string) ([]Event, error) {
	if err := t.subscribing(now); err != nil {
		return nil, err
	}
	i := slices.Index(t.subscribers, player)
	if i < 0 {
		return nil, refused("tournament.refused.not_subscribed", fmt.Errorf("%w: %s has not subscribed", ErrPlayer, player), "player", player)
	}
	t.subscribers = slices.Delete(t.subscribers, i, i+1)
	delete(t.subscribed, player)
	return t.emit(nil, Event{Kind: EventUnsubscribed, At: now, Player: player, Side: game.NoPlayer,
		Text: fmt.Sprintf("%s unsubscribed (%s)", player, countPlayers(len(t.subscribers)))}), nil
}

func (t *Tournament) subscribing(now time.Time) error {
	if t.phase != PhaseSubscription || !now.Before(t.window) {
		return refused("tournament.refused.subscription_closed", fmt.Errorf("%w: subscription closed at %s; ask the host to be a reserve", ErrPhase, stamp(t.window)),
			"when", stamp(t.window))
	}
	return nil
}

// Volunteer adds player to the reserves. When a board waits for its second player, the reserve
// takes that seat at once, and rng rolls the dice for the colours.
func (t *Tournament) Volunteer(now time.Time, player string, rng *rand.Rand) ([]Event, error) {
	if t.phase == PhaseFinished || t.phase == PhaseCancelled {
		return nil, refused("tournament.refused.over", fmt.Errorf("%w: the tournament is over", ErrPhase))
	}
	if err := checkPlayerName(player); err != nil {
		return nil, err
	}
	if slices.Contains(t.reserves, player) {
		return nil, refused("tournament.refused.reserve", fmt.Errorf("%w: %s is already a reserve", ErrPlayer, player), "player", player)
	}
	if t.phase == PhaseSubscription && t.subscribed[player] {
		return nil, refused("tournament.refused.will_get_board", fmt.Errorf("%w: %s has subscribed and will get a board", ErrPlayer, player), "player", player)
	}
	if n := t.activeBoard(player); n > 0 {
		return nil, refused("tournament.refused.plays", fmt.Errorf("%w: %s already plays on Board #%d", ErrPlayer, player, n), "player", player, "board", strconv.Itoa(n))
	}
	for _, b := range t.boards {
		if b.waiting() {
			if rng == nil {
				return nil, fmt.Errorf("%w: to roll the dice on Board #%d", ErrNoRandom, b.Number)
			}
			evs := t.emit(nil, Event{Kind: EventReserve, At: now, Player: player, Side: game.NoPlayer,
				Text: fmt.Sprintf("%s volunteered as a reserve and takes the empty seat of Board #%d", player, b.Number)})
			return t.seatPair(evs, b, player, now, rng), nil
		}
	}
	t.reserves = append(t.reserves, player)
	return t.emit(nil, Event{Kind: EventReserve, At: now, Player: player, Side: game.NoPlayer,
		Text: fmt.Sprintf("%s volunteered as a reserve", player)}), nil
}

// Advance does what is due at now: it closes the subscription window (pairing the players
// onto boards and rolling the dice with rng) and closes every round whose time ran out, each at
// its deadline, playing its posts and opening the next round. A server calls it when
// NextDeadline passes (and may call it at any time: nothing due, no events). rng is needed only
// when the window closes.
func (t *Tournament) Advance(now time.Time, rng *rand.Rand) ([]Event, error) {
	var evs []Event
	if t.phase == PhaseSubscription && !now.Before(t.window) {
		if rng == nil {
			return nil, fmt.Errorf("%w: to pair the players and roll the dice", ErrNoRandom)
		}
		evs = t.closeSubscription(evs, t.window, rng)
	}
	for t.phase == PhasePlaying && t.round != nil && !now.Before(t.round.Deadline) {
		evs = t.closeRound(evs, t.round.Deadline, false)
	}
	return evs, nil
}

// Start closes the subscription window at now, before its time (the host starts the tournament
// at once): the subscribers are paired and round 1 opens, as when the window ends. It needs two
// players (one with the house AI as the odd player's opponent).
func (t *Tournament) Start(now time.Time, rng *rand.Rand) ([]Event, error) {
	if t.phase != PhaseSubscription {
		return nil, fmt.Errorf("%w: the tournament has started", ErrPhase)
	}
	if n := len(t.subscribers); n < 2 && !(n == 1 && t.cfg.OddPlayer == OddHouse) {
		return nil, fmt.Errorf("%w: %s subscribed; a tournament needs two", ErrNotAllowed, Players(n))
	}
	if rng == nil {
		return nil, fmt.Errorf("%w: to pair the players and roll the dice", ErrNoRandom)
	}
	if now.Before(t.window) {
		t.window = now
	}
	return t.closeSubscription(nil, t.window, rng), nil
}

// Players says a number of players in English: "1 player", "3 players".
func Players(n int) string {
	if n == 1 {
		return "1 player"
	}
	return fmt.Sprintf("%d players", n)
}

// closeSubscription pairs the subscribers at random onto numbered boards, rolls the dice on
// each, and opens round 1.
func (t *Tournament) closeSubscription(evs []Event, at time.Time, rng *rand.Rand) []Event {
	players := slices.Clone(t.subscribers)
	if len(players) < 2 && !(len(players) == 1 && t.cfg.OddPlayer == OddHouse) {
		t.phase = PhaseCancelled
		t.ended = at
		t.note = Players(len(players)) + " subscribed; a tournament needs two"
		return t.emit(evs, Event{Kind: EventCancelled, At: at, Side: game.NoPlayer, Text: "Cancelled: " + t.note})
	}
	rng.Shuffle(len(players), func(i, j int) { players[i], players[j] = players[j], players[i] })
	t.phase = PhasePlaying
	for i := 0; i < len(players); i += 2 {
		b := &board{BoardRecord: BoardRecord{Number: len(t.boards) + 1}}
		t.boards = append(t.boards, b)
		b.Pair[0] = players[i]
		second := ""
		switch {
		case i+1 < len(players):
			second = players[i+1]
		case t.cfg.OddPlayer == OddHouse:
			second = House
		case len(t.reserves) > 0:
			second = t.reserves[0]
			t.reserves = t.reserves[1:]
		}
		if second == "" {
			evs = t.emit(evs, Event{Kind: EventPaired, At: at, Board: b.Number, Players: &[2]string{b.Pair[0], ""}, Side: game.NoPlayer,
				Text: fmt.Sprintf("Board #%d: %s, the odd player out, waits for a reserve", b.Number, b.Pair[0])})
			continue
		}
		evs = t.seatPair(evs, b, second, at, rng)
	}
	return t.openRound(evs, at)
}

// seatPair completes b's pair with second, rolls the dice until they differ, seats the colours
// and starts the board's game. In the middle of a round the board joins it at once.
func (t *Tournament) seatPair(evs []Event, b *board, second string, at time.Time, rng *rand.Rand) []Event {
	b.Pair[1] = second
	evs = t.emit(evs, Event{Kind: EventPaired, At: at, Board: b.Number, Players: &[2]string{b.Pair[0], second}, Side: game.NoPlayer,
		Text: fmt.Sprintf("Board #%d: %s and %s", b.Number, b.Pair[0], second)})
	rolls, red := rollDice(rng)
	b.Rolls = rolls
	for i, r := range rolls {
		text := fmt.Sprintf("Board #%d: %s rolls %d, %s rolls %d", b.Number, b.Pair[0], r[0], b.Pair[1], r[1])
		if r.Tie() {
			text += ": a tie, rolled again"
		} else {
			text += fmt.Sprintf(": %s plays %s", b.Pair[red], t.side(game.First))
		}
		roll := rolls[i]
		evs = t.emit(evs, Event{Kind: EventDice, At: at, Board: b.Number, Players: &[2]string{b.Pair[0], b.Pair[1]}, Roll: &roll, Side: game.NoPlayer, Text: text})
	}
	b.Seats[game.First].Player = b.Pair[red]
	b.Seats[game.Second].Player = b.Pair[1-red]
	tb, err := game.NewTable(t.start, game.TableConfig{Now: at})
	if err != nil {
		panic(err) // untimed tables cannot fail to start
	}
	b.tables = []*game.Table{tb}
	players := [2]string{b.Seats[0].Player, b.Seats[1].Player}
	evs = t.emit(evs, Event{Kind: EventSeated, At: at, Board: b.Number, Players: &players, Side: game.NoPlayer,
		Text: fmt.Sprintf("Board #%d: %s (%s) vs %s (%s)", b.Number, players[0], t.side(game.First), players[1], t.side(game.Second))})
	if t.round != nil && b.toMove() == t.round.Side {
		t.due++
	}
	return evs
}

// openRound opens the next round at at. A round in which nobody can post while boards are in
// play (every board waits for the other colour) closes at once.
func (t *Tournament) openRound(evs []Event, at time.Time) []Event {
	// Every board in play has a side to move, which posts in one of two rounds in a row: one
	// empty round at most is closed at once (two is the guard).
	for empty := 0; ; empty++ {
		n := len(t.rounds) + 1
		t.round = &Round{Number: n, Side: sideOfRound(n), Opened: at, Deadline: at.Add(t.cfg.RoundLength)}
		t.recount()
		evs = t.emit(evs, Event{Kind: EventRoundOpened, At: at, Round: n, Side: t.round.Side, Deadline: t.round.Deadline,
			Text: fmt.Sprintf("%s (until %s)", t.RoundTitle(n), stamp(t.round.Deadline))})
		if t.due > 0 || !t.anyInPlay() || empty == 2 {
			return evs
		}
		evs = t.closeRoundOnly(evs, at, true)
		if t.phase != PhasePlaying {
			return evs
		}
	}
}

func (t *Tournament) anyInPlay() bool {
	for _, b := range t.boards {
		if b.inPlay() {
			return true
		}
	}
	return false
}

// recount counts the players who must still post in the open round.
func (t *Tournament) recount() {
	t.due = 0
	if t.round == nil {
		return
	}
	for _, b := range t.boards {
		if b.Post == nil && b.toMove() == t.round.Side {
			t.due++
		}
	}
}

// closeRound closes the open round at at, playing its posts, and opens the next one unless the
// tournament is over.
func (t *Tournament) closeRound(evs []Event, at time.Time, early bool) []Event {
	evs = t.closeRoundOnly(evs, at, early)
	if t.phase == PhasePlaying {
		evs = t.openRound(evs, at)
	}
	return evs
}

// closeRoundOnly plays the open round's posts at at, counts the misses (passing the turn of
// who missed under the forced-pass rule), records results and awards, and ends the tournament
// when every board has a result.
func (t *Tournament) closeRoundOnly(evs []Event, at time.Time, early bool) []Event {
	r := *t.round
	rec := RoundRecord{Round: r, Closed: at, Early: early}
	for _, b := range t.boards {
		if !b.inPlay() {
			continue
		}
		if b.toMove() != r.Side {
			rec.Idle++
			continue
		}
		seat := &b.Seats[r.Side]
		post := b.Post
		b.Post = nil
		if post != nil {
			tevs, err := b.live().SubmitText(r.Side, post.Move, at)
			if err == nil {
				seat.Misses = 0
				rec.Posted++
				move := post.Move
				for _, e := range tevs {
					if e.Kind == game.EventMove {
						move = e.Move
					}
				}
				b.Last = &LastPlay{Round: r.Number, Side: r.Side, Kind: LastMove, Move: move}
				evs = t.emit(evs, Event{Kind: EventMove, At: at, Round: r.Number, Board: b.Number, Player: post.Player, Side: r.Side,
					Move: move, TableEvents: tevs,
					Text: fmt.Sprintf("Board #%d: %s (%s) played %s", b.Number, post.Player, t.side(r.Side), ForumMove(move))})
				if b.live().Over() {
					evs = t.finishBoard(evs, b, r.Number, at)
				}
				continue
			}
			// Cannot happen: the post was checked against this very position. Say so and
			// count the round as missed rather than lose the event.
			evs = t.emit(evs, Event{Kind: EventMissed, At: at, Round: r.Number, Board: b.Number, Player: post.Player, Side: r.Side,
				Move: post.Move, Text: fmt.Sprintf("Board #%d: %s's post %q could not be played: %v", b.Number, post.Player, post.Text, err)})
		}
		evs = t.miss(evs, b, r, at)
		rec.Missed++
	}
	t.rounds = append(t.rounds, rec)
	t.round = nil
	t.due = 0
	closed := fmt.Sprintf("Round %d closed: %d posted, %d missed", r.Number, rec.Posted, rec.Missed)
	if early {
		closed += " (everyone who had to post did)"
	}
	evs = t.emit(evs, Event{Kind: EventRoundClosed, At: at, Round: r.Number, Side: r.Side, Early: early, Text: closed})
	return t.maybeFinish(evs, at)
}

// miss counts a round the seat to move on b did not post in and, under the forced-pass rule,
// passes its turn.
func (t *Tournament) miss(evs []Event, b *board, r Round, at time.Time) []Event {
	seat := &b.Seats[r.Side]
	seat.Misses++
	seat.Missed++
	b.Last = &LastPlay{Round: r.Number, Side: r.Side, Kind: LastMissed}
	evs = t.emit(evs, Event{Kind: EventMissed, At: at, Round: r.Number, Board: b.Number, Player: seat.Player, Side: r.Side, Misses: seat.Misses,
		Text: fmt.Sprintf("Board #%d: %s (%s) missed round %d (%d in a row)", b.Number, seat.Player, t.side(r.Side), r.Number, seat.Misses)})
	if t.cfg.Missed != MissPasses {
		return evs
	}
	next, err := skipTurn(b.live().State())
	if err != nil {
		return evs // cannot happen: Normalize checked that the game's turns can be skipped
	}
	tb, err := game.NewTable(next, game.TableConfig{Now: at})
	if err != nil {
		return evs
	}
	b.tables = append(b.tables, tb)
	b.Last.Kind = LastForcedPass
	evs = t.emit(evs, Event{Kind: EventForcedPass, At: at, Round: r.Number, Board: b.Number, Player: seat.Player, Side: r.Side,
		Text: fmt.Sprintf("Board #%d: %s's turn passes (forced pass)", b.Number, t.side(r.Side))})
	if tb.Over() {
		evs = t.finishBoard(evs, b, r.Number, at)
	}
	return evs
}

// finishBoard records the result of b, whose game has just ended, and pays the reward: all of
// it to the winner, shared on a draw.
func (t *Tournament) finishBoard(evs []Event, b *board, round int, at time.Time) []Event {
	o := b.live().Outcome()
	res := &Result{Outcome: o, Players: [2]string{b.Seats[0].Player, b.Seats[1].Player}, Round: round, At: at}
	b.Result = res
	b.Post = nil
	evs = t.emit(evs, Event{Kind: EventBoardFinished, At: at, Round: round, Board: b.Number, Side: o.Winner, Outcome: &o,
		Text: fmt.Sprintf("Board #%d: %s", b.Number, t.describeResult(res))})
	return t.award(evs, b, round, at)
}

// award writes the ledger entries of b's result.
func (t *Tournament) award(evs []Event, b *board, round int, at time.Time) []Event {
	res := b.Result
	if t.cfg.Reward == 0 {
		return evs
	}
	shares := [2]Amount{}
	switch w := res.Outcome.Winner; {
	case w.Valid():
		shares[w] = t.cfg.Reward
	default:
		shares = split(t.cfg.Reward)
	}
	for p := game.First; p <= game.Second; p++ {
		if shares[p] == 0 || res.Players[p] == "" {
			continue
		}
		res.Rewards[p] = shares[p]
		reason := fmt.Sprintf("won Board #%d", b.Number)
		if !res.Outcome.Winner.Valid() {
			reason = fmt.Sprintf("shared Board #%d (draw)", b.Number)
		}
		if res.Walkover {
			reason += " by walkover"
		} else if res.Outcome.Ending == game.EndAdjudication {
			reason += " (" + res.Outcome.Reason + ")"
		}
		e := t.ledger.append(LedgerEntry{At: at, Player: res.Players[p], Amount: shares[p], Board: b.Number, Round: round, Reason: reason})
		evs = t.emit(evs, Event{Kind: EventAward, At: at, Round: round, Board: b.Number, Player: e.Player, Side: p, Entry: &e,
			Text: fmt.Sprintf("%s receives %s %s (%s); balance %s %s", e.Player, e.Amount, t.cfg.Currency, reason, e.Balance, t.cfg.Currency)})
	}
	return evs
}

// describeResult says how a board ended: "Red wins 20-16 (board full)".
func (t *Tournament) describeResult(r *Result) string {
	if r.Walkover {
		return fmt.Sprintf("%s wins by walkover", r.Players[game.First])
	}
	return r.Outcome.Describe(t.cfg.Sides)
}

// maybeFinish ends the tournament when every board has a result.
func (t *Tournament) maybeFinish(evs []Event, at time.Time) []Event {
	if t.phase != PhasePlaying {
		return evs
	}
	for _, b := range t.boards {
		if b.Result == nil {
			return evs
		}
	}
	if t.round != nil {
		evs = t.closeRoundOnly(evs, at, true)
		if t.phase != PhasePlaying {
			return evs
		}
	}
	t.phase = PhaseFinished
	t.round = nil
	t.ended = at
	t.due = 0
	return t.emit(evs, Event{Kind: EventFinished, At: at, Side: game.NoPlayer,
		Text: fmt.Sprintf("%s is over: every board has a result; %s %s paid", t.cfg.Title, t.ledger.Total(), t.cfg.Currency)})
}

// Post takes player's post, written as the forum's text ("Board #3" and "D 5" on the next line,
// see ParsePost), at now. The post must be for a board the player plays, in a round of the
// player's colour, with a move that is legal there (a pass only without a move); one post per
// player per round (Edit changes it). When every player who must post in the round has posted,
// the round closes at once and the next opens: the events say so. A refused post changes
// nothing: the error says why.
func (t *Tournament) Post(now time.Time, player, text string) ([]Event, error) {
	b, post, err := t.checkPost(now, player, text)
	if err != nil {
		return nil, err
	}
	if old := b.Post; old != nil {
		return nil, refused("post.second", fmt.Errorf("%w: you already posted %s for Board #%d in round %d; edit that post to change it",
			ErrSecondPost, ForumMove(old.Move), b.Number, old.Round),
			"move", ForumMove(old.Move), "board", strconv.Itoa(b.Number), "round", strconv.Itoa(old.Round))
	}
	b.Post = post
	t.due--
	evs := t.emit(nil, Event{Kind: EventPost, At: now, Round: post.Round, Board: b.Number, Player: player, Side: post.Side, Move: post.Move,
		Text: fmt.Sprintf("Board #%d: %s (%s) posted %s", b.Number, player, t.side(post.Side), ForumMove(post.Move))})
	if t.due == 0 {
		evs = t.closeRound(evs, now, true)
	}
	return evs, nil
}

// Edit changes player's post of round to text (a post in the forum's format, for the same
// board), at now: allowed until the round closes, never after.
func (t *Tournament) Edit(now time.Time, player string, round int, text string) ([]Event, error) {
	if t.round == nil || round != t.round.Number {
		return nil, t.closedRoundError(round)
	}
	b, post, err := t.checkPost(now, player, text)
	if err != nil {
		return nil, err
	}
	old := b.Post
	if old == nil {
		return nil, refused("post.none", fmt.Errorf("%w: you have no post for Board #%d in round %d; post your move instead", ErrNoPost, b.Number, round),
			"board", strconv.Itoa(b.Number), "round", strconv.Itoa(round))
	}
	post.At = old.At
	post.Edits = old.Edits + 1
	post.EditedAt = now
	b.Post = post
	return t.emit(nil, Event{Kind: EventPostChanged, At: now, Round: round, Board: b.Number, Player: player, Side: post.Side, Move: post.Move,
		Text: fmt.Sprintf("Board #%d: %s (%s) changed the post to %s", b.Number, player, t.side(post.Side), ForumMove(post.Move))}), nil
}

// closedRoundError says that round can no longer take posts.
func (t *Tournament) closedRoundError(round int) error {
	for _, r := range t.rounds {
		if r.Number == round {
			return refused("post.round_closed", fmt.Errorf("%w: round %d closed at %s and the boards were updated: its posts can no longer be changed", ErrRoundClosed, round, stamp(r.Closed)),
				"round", strconv.Itoa(round), "when", stamp(r.Closed))
		}
	}
	if t.round != nil {
		return refused("post.round_not_open", fmt.Errorf("%w: round %d has not opened; the open round is %d", ErrRoundClosed, round, t.round.Number),
			"round", strconv.Itoa(round), "open", strconv.Itoa(t.round.Number))
	}
	return refused("post.no_round", fmt.Errorf("%w: no round %d is open", ErrRoundClosed, round), "round", strconv.Itoa(round))
}

// checkPost reads and checks a post; it changes nothing.
func (t *Tournament) checkPost(now time.Time, player, text string) (*board, *Post, error) {
	switch t.phase {
	case PhaseSubscription:
		return nil, nil, refused("post.not_drawn", fmt.Errorf("%w: the boards are not drawn yet: subscription closes at %s", ErrPhase, stamp(t.window)), "when", stamp(t.window))
	case PhaseFinished, PhaseCancelled:
		return nil, nil, refused("tournament.refused.over", fmt.Errorf("%w: the tournament is over", ErrPhase))
	}
	r := t.round
	if !now.Before(r.Deadline) {
		return nil, nil, refused("post.time_ran_out", fmt.Errorf("%w: round %d's time ran out at %s; the boards are being updated", ErrRoundClosed, r.Number, stamp(r.Deadline)),
			"round", strconv.Itoa(r.Number), "when", stamp(r.Deadline))
	}
	pt, err := ParsePost(text)
	if err != nil {
		return nil, nil, err
	}
	b, err := t.board(pt.Board)
	if err != nil {
		return nil, nil, err
	}
	side := b.seatOf(player)
	if !side.Valid() {
		msg := fmt.Sprintf("Board #%d is not yours", b.Number)
		if ns := t.boardsOf(player); len(ns) > 0 {
			msg += fmt.Sprintf(": you play on Board #%d", ns[0])
			return nil, nil, refused("post.not_your_board", fmt.Errorf("%w: %s", ErrNotYourBoard, msg),
				"board", strconv.Itoa(b.Number), "yours", strconv.Itoa(ns[0]))
		}
		msg += fmt.Sprintf(": %s has no board in this tournament", player)
		return nil, nil, refused("post.no_board_yours", fmt.Errorf("%w: %s", ErrNotYourBoard, msg),
			"board", strconv.Itoa(b.Number), "player", player)
	}
	if b.Result != nil {
		return nil, nil, refused("post.board_over", fmt.Errorf("%w: Board #%d is over: %s", ErrBoardOver, b.Number, t.describeResult(b.Result)), "board", strconv.Itoa(b.Number))
	}
	if b.waiting() {
		return nil, nil, refused("post.waits_opponent", fmt.Errorf("%w: Board #%d waits for an opponent", ErrNotYourRound, b.Number), "board", strconv.Itoa(b.Number))
	}
	if side != r.Side {
		return nil, nil, refused("post.other_round", fmt.Errorf("%w: %s: you play %s on Board #%d; post in round %d", ErrNotYourRound,
			t.RoundTitle(r.Number), t.side(side), b.Number, r.Number+1),
			"round", strconv.Itoa(r.Number), "sideRound", t.side(r.Side), "side", t.side(side), "board", strconv.Itoa(b.Number), "next", strconv.Itoa(r.Number+1))
	}
	if mover := b.toMove(); mover != side {
		return nil, nil, refused("post.waits_move", fmt.Errorf("%w: Board #%d waits for %s's move (missed in round %d); %s posts after it", ErrNotYourRound,
			b.Number, t.side(mover), r.Number-1, t.side(side)),
			"board", strconv.Itoa(b.Number), "sideMover", t.side(mover), "round", strconv.Itoa(r.Number-1), "side", t.side(side))
	}
	s := b.live().State()
	var buf [256]game.Action
	legal := s.Legal(side, buf[:0])
	pass, passErr := s.ParseAction(side, "pass")
	canPass := passErr == nil && slices.Contains(legal, pass)
	if pt.Pass && !canPass {
		return nil, nil, refused("post.pass_refused", fmt.Errorf("Board #%d: %w (%w): you can play %s", b.Number, ErrPassRefused, game.ErrIllegal, listMoves(s, side, legal)),
			"board", strconv.Itoa(b.Number), "moves", listMoves(s, side, legal))
	}
	a, err := s.ParseAction(side, pt.Move)
	if err != nil {
		return nil, nil, fmt.Errorf("Board #%d: %q is not a move: %w", b.Number, pt.Move, err)
	}
	if !slices.Contains(legal, a) {
		if canPass && len(legal) == 1 {
			return nil, nil, refused("post.no_move_but_pass", fmt.Errorf("Board #%d: %w: %s: you have no move; post %q", b.Number, game.ErrIllegal, ForumMove(pt.Move), PassText),
				"board", strconv.Itoa(b.Number), "move", ForumMove(pt.Move), "pass", PassText)
		}
		err := game.CheckLegal(s, side, a) // says why, in the game's words
		if err == nil {
			err = game.ErrIllegal
		}
		return nil, nil, fmt.Errorf("Board #%d: %w", b.Number, err)
	}
	return b, &Post{Round: r.Number, Player: player, Side: side, Move: s.FormatAction(side, a), Text: text, At: now}, nil
}

// listMoves writes up to eight legal moves the forum's way: "C 2, B 3, E 4".
func listMoves(s game.State, p game.Player, legal []game.Action) string {
	var names []string
	for i, a := range legal {
		if i == 8 {
			names = append(names, "...")
			break
		}
		names = append(names, ForumMove(s.FormatAction(p, a)))
	}
	return strings.Join(names, ", ")
}

// countPlayers says how many players, in English: "1 player", "3 players".
func countPlayers(n int) string {
	if n == 1 {
		return "1 player"
	}
	return fmt.Sprintf("%d players", n)
}
