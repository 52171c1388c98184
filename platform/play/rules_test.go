package play

import (
	"strings"
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
	"turncoat/platform/jobs"
)

// The service's rules as plain functions, checked without a database.

var t0 = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

const (
	ann, bob int64 = 1, 2
)

// rowOf returns a game's row with its seats: a user id, an AI spec, or nil for an open seat.
func rowOf(mode domain.Mode, first, second any) domain.Game {
	row := domain.Game{ID: "g", Mode: mode, Status: domain.StatusActive}
	for i, s := range []any{first, second} {
		switch s := s.(type) {
		case int64:
			row.Seats[i] = domain.Seat{UserID: s}
		case string:
			row.Seats[i] = domain.Seat{AI: s}
		}
	}
	return row
}

func errCode(err error) domain.Code {
	if err == nil {
		return ""
	}
	return domain.ErrorCode(err)
}

func TestMayOfferDraw(t *testing.T) {
	for _, tc := range []struct {
		name string
		row  domain.Game
		side game.Player
		want domain.Code
	}{
		{"against the AI", rowOf(domain.ModeAI, ann, "level=3"), game.First, domain.NotAllowed},
		{"the AI first", rowOf(domain.ModeAI, "level=3", ann), game.Second, domain.NotAllowed},
		{"online", rowOf(domain.ModeOnline, ann, bob), game.Second, ""},
		{"hot seat", rowOf(domain.ModeHotSeat, ann, ann), game.First, ""},
	} {
		if got := errCode(mayOfferDraw(tc.row, tc.side)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestTakebackPolicy(t *testing.T) {
	for _, tc := range []struct {
		name string
		row  domain.Game
		n    int
		want takebackPlan
	}{
		{"online, default", rowOf(domain.ModeOnline, ann, bob), 0, takebackPlan{ask: true, moves: 1}},
		{"online, three", rowOf(domain.ModeOnline, ann, bob), 3, takebackPlan{ask: true, moves: 3}},
		{"online, both seats", rowOf(domain.ModeOnline, ann, ann), 0, takebackPlan{toOwn: true}},
		{"against the AI, default", rowOf(domain.ModeAI, ann, "level=1"), 0, takebackPlan{toOwn: true}},
		{"against the AI, two", rowOf(domain.ModeAI, ann, "level=1"), 2, takebackPlan{moves: 2}},
		{"hot seat", rowOf(domain.ModeHotSeat, ann, ann), -1, takebackPlan{toOwn: true}},
	} {
		if got := takebackPolicy(tc.row, game.First, tc.n); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestMovesBackTo(t *testing.T) {
	one := func(p game.Player) game.PlayedMove {
		return game.PlayedMove{Move: game.Move{Actors: game.Actors(1 << p)}}
	}
	both := game.PlayedMove{Move: game.Move{Actors: game.BothAct}}
	for _, tc := range []struct {
		name  string
		moves []game.PlayedMove
		p     game.Player
		want  int
	}{
		{"no moves", nil, game.First, 1},
		{"own last", []game.PlayedMove{one(game.First), one(game.Second), one(game.First)}, game.First, 1},
		{"with the reply", []game.PlayedMove{one(game.First), one(game.Second), one(game.First), one(game.Second)}, game.First, 2},
		{"after a pass", []game.PlayedMove{one(game.Second), one(game.First), one(game.Second), one(game.Second)}, game.First, 3},
		{"never moved", []game.PlayedMove{one(game.First)}, game.Second, 1},
		{"a round", []game.PlayedMove{both, both}, game.Second, 1},
	} {
		if got := movesBackTo(tc.moves, tc.p); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestReminderAt(t *testing.T) {
	day := 24 * time.Hour
	for _, tc := range []struct {
		name            string
		deadline, since time.Time
		before          time.Duration
		now             time.Time
		want            time.Time
		ok              bool
	}{
		{"a day before", t0.Add(3 * day), t0, day, t0, t0.Add(2 * day), true},
		{"half a short move", t0.Add(day), t0, day, t0, t0.Add(12 * time.Hour), true},
		{"passed already", t0.Add(3 * day), t0, day, t0.Add(2*day + time.Millisecond), t0.Add(2 * day), false},
		{"at now", t0.Add(2 * day), t0, day, t0.Add(day), t0.Add(day), false},
		{"a millisecond before", t0.Add(2 * time.Millisecond), t0, time.Millisecond, t0, t0.Add(time.Millisecond), true},
	} {
		at, ok := reminderAt(tc.deadline, tc.since, tc.before, tc.now)
		if !at.Equal(tc.want) || ok != tc.ok {
			t.Errorf("%s: %v %v, want %v %v", tc.name, at, ok, tc.want, tc.ok)
		}
	}
}

func TestActingSide(t *testing.T) {
	open := rowOf(domain.ModeOnline, ann, nil)
	open.Status = domain.StatusOpen
	for _, tc := range []struct {
		name  string
		row   domain.Game
		toAct game.Actors
		user  int64
		side  game.Player
		want  game.Player
		err   domain.Code
	}{
		{"the seat held", rowOf(domain.ModeOnline, ann, bob), game.Actors(1 << game.First), bob, game.NoPlayer, game.Second, ""},
		{"named", rowOf(domain.ModeOnline, ann, bob), game.BothAct, ann, game.First, game.First, ""},
		{"another's seat", rowOf(domain.ModeOnline, ann, bob), game.BothAct, ann, game.Second, game.Second, domain.Forbidden},
		{"no seat", rowOf(domain.ModeOnline, ann, bob), game.BothAct, 9, game.NoPlayer, game.NoPlayer, domain.Forbidden},
		{"waiting for an opponent", open, game.Actors(1 << game.First), ann, game.NoPlayer, game.NoPlayer, domain.NotAllowed},
		{"both seats, one to act", rowOf(domain.ModeHotSeat, ann, ann), game.Actors(1 << game.Second), ann, game.NoPlayer, game.Second, ""},
		{"both seats, a round", rowOf(domain.ModeHotSeat, ann, ann), game.BothAct, ann, game.NoPlayer, game.NoPlayer, domain.BadRequest},
		{"both seats, named", rowOf(domain.ModeHotSeat, ann, ann), game.BothAct, ann, game.Second, game.Second, ""},
	} {
		got, err := actingSide(tc.row, tc.toAct, tc.user, tc.side)
		if errCode(err) != tc.err || err == nil && got != tc.want {
			t.Errorf("%s: %v %v, want %v %q", tc.name, got, err, tc.want, tc.err)
		}
	}
}

// TestBrowserAISide: a move for an AI seat from its player's browser is taken only in a casual
// game against the AI whose AI seat opted in, from the player of the other seat, in turn.
func TestBrowserAISide(t *testing.T) {
	browser := func(row domain.Game) domain.Game {
		for i := range row.Seats {
			row.Seats[i].Browser = row.Seats[i].AI != ""
		}
		return row
	}
	aiSecond := browser(rowOf(domain.ModeAI, ann, "level=3"))
	rated := aiSecond
	rated.Rated = true
	over := aiSecond
	over.Status = domain.StatusOver
	first, second := game.Actors(1<<game.First), game.Actors(1<<game.Second)
	for _, tc := range []struct {
		name  string
		row   domain.Game
		toAct game.Actors
		user  int64
		side  game.Player
		want  game.Player
		err   domain.Code
	}{
		{"the AI's seat found", aiSecond, second, ann, game.NoPlayer, game.Second, ""},
		{"the AI's seat named", aiSecond, game.BothAct, ann, game.Second, game.Second, ""},
		{"another person", aiSecond, second, bob, game.NoPlayer, game.Second, domain.Forbidden},
		{"the player's own seat", aiSecond, first, ann, game.First, game.First, domain.Forbidden},
		{"out of turn", aiSecond, first, ann, game.NoPlayer, game.Second, domain.NotYourTurn},
		{"a game without browserAI", rowOf(domain.ModeAI, ann, "level=3"), second, ann, game.NoPlayer, game.Second, domain.Forbidden},
		{"a rated game", rated, second, ann, game.NoPlayer, game.Second, domain.Forbidden},
		{"a game between people", rowOf(domain.ModeOnline, ann, bob), second, ann, game.Second, game.Second, domain.Forbidden},
		{"a hot-seat game", rowOf(domain.ModeHotSeat, ann, ann), second, ann, game.NoPlayer, game.NoPlayer, domain.Forbidden},
		{"a game over", over, second, ann, game.NoPlayer, game.Second, domain.NotAllowed},
	} {
		got, err := browserAISide(tc.row, tc.toAct, tc.user, tc.side)
		if errCode(err) != tc.err || err == nil && got != tc.want {
			t.Errorf("%s: %v %v, want %v %q", tc.name, got, err, tc.want, tc.err)
		}
	}
}

func TestOpenSeat(t *testing.T) {
	invited := rowOf(domain.ModeOnline, ann, nil)
	invited.Seats[1].InviteHash = domain.HashToken("secret")
	challenge := rowOf(domain.ModeOnline, nil, bob)
	for _, tc := range []struct {
		name   string
		row    domain.Game
		user   int64
		token  string
		side   game.Player
		seated bool
		err    domain.Code
	}{
		{"an open challenge", challenge, ann, "", game.First, false, ""},
		{"an invitation", invited, bob, "secret", game.Second, false, ""},
		{"without the invitation", invited, bob, "", game.NoPlayer, false, domain.NotAllowed},
		{"a wrong invitation", invited, bob, "guess", game.NoPlayer, false, domain.Forbidden},
		{"seated already", invited, ann, "", game.First, true, ""},
		{"full", rowOf(domain.ModeOnline, ann, bob), 3, "", game.NoPlayer, false, domain.NotAllowed},
	} {
		side, seated, err := openSeat(tc.row, tc.user, tc.token)
		if errCode(err) != tc.err || side != tc.side || seated != tc.seated {
			t.Errorf("%s: %v %v %v, want %v %v %q", tc.name, side, seated, err, tc.side, tc.seated, tc.err)
		}
	}
}

func TestViewSide(t *testing.T) {
	a, b, c := &domain.User{ID: ann}, &domain.User{ID: bob}, &domain.User{ID: 3}
	for _, tc := range []struct {
		name  string
		row   domain.Game
		u     *domain.User
		toAct game.Actors
		as    game.Player
		want  game.Player
	}{
		{"a player", rowOf(domain.ModeOnline, ann, bob), b, game.BothAct, game.First, game.Second},
		{"a spectator", rowOf(domain.ModeOnline, ann, bob), c, game.BothAct, game.NoPlayer, game.NoPlayer},
		{"anonymous", rowOf(domain.ModeOnline, ann, bob), nil, game.BothAct, game.NoPlayer, game.NoPlayer},
		{"both seats, as", rowOf(domain.ModeHotSeat, ann, ann), a, game.Actors(1 << game.First), game.Second, game.Second},
		{"both seats, to act", rowOf(domain.ModeHotSeat, ann, ann), a, game.Actors(1 << game.Second), game.NoPlayer, game.Second},
		{"both seats, a round", rowOf(domain.ModeHotSeat, ann, ann), a, game.BothAct, game.NoPlayer, game.First},
	} {
		if got := viewSide(tc.row, tc.u, tc.toAct, tc.as); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		// The side whose secrets a follower sees is the same, except a hot-seat holder's.
		if tc.row.Mode != domain.ModeHotSeat {
			if got := viewerOf(tc.row, tc.u); got != tc.want {
				t.Errorf("%s: viewerOf %v, want %v", tc.name, got, tc.want)
			}
		} else if got := viewerOf(tc.row, tc.u); got != game.NoPlayer {
			t.Errorf("%s: viewerOf %v, want nobody's", tc.name, got)
		}
	}
}

func TestEngineHelpInPlay(t *testing.T) {
	rated := rowOf(domain.ModeOnline, ann, bob)
	rated.Rated = true
	for _, tc := range []struct {
		name    string
		row     domain.Game
		between bool
		hints   bool
		err     domain.Code
	}{
		{"between people", rowOf(domain.ModeOnline, ann, bob), true, false, domain.Forbidden},
		{"with hints for both", rowOf(domain.ModeOnline, ann, bob), true, true, ""},
		{"rated, with hints", rated, true, true, domain.Forbidden},
		{"a challenge", rowOf(domain.ModeOnline, ann, nil), true, false, domain.Forbidden},
		{"against the AI", rowOf(domain.ModeAI, ann, "level=2"), false, false, ""},
		{"hot seat", rowOf(domain.ModeHotSeat, ann, ann), false, false, ""},
		{"online against oneself", rowOf(domain.ModeOnline, ann, ann), false, false, ""},
	} {
		if got := betweenPeople(tc.row); got != tc.between {
			t.Errorf("%s: betweenPeople %v", tc.name, got)
		}
		if !tc.between {
			continue
		}
		if got := errCode(helpInPlay(tc.row, domain.GameSettings{Hints: tc.hints})); got != tc.err {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.err)
		}
	}
}

func TestMayStartAIGame(t *testing.T) {
	for _, tc := range []struct {
		playing int
		err     domain.Code
	}{{0, ""}, {maxAIGames - 1, ""}, {maxAIGames, domain.RateLimited}, {maxAIGames + 5, domain.RateLimited}} {
		if got := errCode(mayStartAIGame(tc.playing)); got != tc.err {
			t.Errorf("%d in play: %q, want %q", tc.playing, got, tc.err)
		}
	}
}

func TestFlagDelay(t *testing.T) {
	for _, tc := range []struct {
		deadline time.Time
		want     time.Duration
	}{
		{t0.Add(time.Second), time.Second + time.Millisecond},
		{t0, time.Millisecond},
		{t0.Add(-time.Hour), time.Millisecond},
	} {
		if got := flagDelay(tc.deadline, t0); got != tc.want {
			t.Errorf("deadline %v: %v, want %v", tc.deadline.Sub(t0), got, tc.want)
		}
	}
}

// newTable starts a table of kind at t0 under a time control.
func newTable(t *testing.T, kind string, tc game.TimeControl) *game.Table {
	t.Helper()
	st, err := games.Registry().New(kind, "")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := game.NewTable(st, game.TableConfig{Time: tc, Now: t0})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// kinds names a list of jobs by kind.
func kinds(js []domain.Job) string {
	var out []string
	for _, j := range js {
		out = append(out, j.Args.Kind())
	}
	return strings.Join(out, " ")
}

// TestJobs: the jobs a change stores, by the game's clock and whether the change ended it.
func TestJobs(t *testing.T) {
	day := 24 * time.Hour
	live := game.TimeControl{Kind: game.Fischer, Base: time.Minute}
	corr := game.TimeControl{Kind: game.Correspondence, Base: 3 * day}
	short := game.TimeControl{Kind: game.Correspondence, Base: day}
	f := &finisher{now: func() time.Time { return t0 }, reminderBefore: day,
		endJobs: []func(domain.Game) []domain.Job{func(row domain.Game) []domain.Job {
			return []domain.Job{jobs.At(jobs.Rate{Game: row.ID}, time.Time{})}
		}}}
	for _, tc := range []struct {
		name              string
		tc                game.TimeControl
		status            domain.Status
		ended, flagQueued bool
		want              string
		flag              bool
		reminder          time.Time
	}{
		{"untimed", game.TimeControl{}, domain.StatusActive, false, false, "", false, time.Time{}},
		{"a live clock's first change", live, domain.StatusActive, false, false, "game_flag", true, time.Time{}},
		{"a live clock's next", live, domain.StatusActive, false, true, "", false, time.Time{}},
		{"a live challenge", live, domain.StatusOpen, false, false, "", false, time.Time{}},
		{"correspondence", corr, domain.StatusActive, false, false, "game_deadline game_reminder game_turn", false, t0.Add(2 * day)},
		{"a day's move", short, domain.StatusActive, false, false, "game_deadline game_reminder game_turn", false, t0.Add(12 * time.Hour)},
		{"ended", game.TimeControl{}, domain.StatusOver, true, false, "game_rate", false, time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(t, "reversi", tc.tc)
			row := domain.Game{ID: "g", Time: tc.tc, Status: tc.status}
			js, flag := f.jobs(row, tb, tc.status, tc.ended, tc.flagQueued)
			if got := kinds(js); got != tc.want || flag != tc.flag {
				t.Fatalf("jobs %q (flag %v), want %q (%v)", got, flag, tc.want, tc.flag)
			}
			for _, j := range js {
				if r, ok := j.Args.(jobs.Reminder); ok && (!j.At.Equal(tc.reminder) || r.Version != tb.Version()) {
					t.Errorf("reminder %+v at %v, want at %v", r, j.At, tc.reminder)
				}
			}
		})
	}
}

// TestNoticeKeys: a notice's key names its game and the ply or version its job was made at,
// the same however often the job runs, and one for each user.
func TestNoticeKeys(t *testing.T) {
	d := t0.Add(48 * time.Hour)
	hot := rowOf(domain.ModeHotSeat, ann, ann)
	for _, tc := range []struct {
		name  string
		notes []domain.Notification
		want  []string
		users []int64
	}{
		{"turn", turnNotes(jobs.Turn{Game: "g1", Ply: 7}, []int64{ann}, d), []string{"your_move:g1:7"}, []int64{ann}},
		{"a round's turn", turnNotes(jobs.Turn{Game: "g1", Ply: 8}, []int64{ann, bob}, d),
			[]string{"your_move:g1:8", "your_move:g1:8"}, []int64{ann, bob}},
		{"reminder", reminderNotes(jobs.Reminder{Game: "g2", Version: 12}, "reversi", []int64{bob}, d, t0),
			[]string{"reminder:g2:12"}, []int64{bob}},
		{"end", endNotes(rowOf(domain.ModeOnline, ann, bob), "time"), []string{"game_over:g", "game_over:g"}, []int64{ann, bob}},
		{"end, one player", endNotes(hot, "time"), []string{"game_over:g"}, []int64{ann}},
	} {
		if len(tc.notes) != len(tc.want) {
			t.Fatalf("%s: %d notices, want %d", tc.name, len(tc.notes), len(tc.want))
		}
		for i, n := range tc.notes {
			if n.Key != tc.want[i] || n.UserID != tc.users[i] || n.GameID == "" {
				t.Errorf("%s: notice %d: %+v, want key %q for user %d", tc.name, i, n, tc.want[i], tc.users[i])
			}
		}
	}
	if r := reminderNotes(jobs.Reminder{Game: "g2", Version: 12}, "reversi", []int64{bob}, d, t0)[0]; !strings.Contains(r.Message, "48h0m0s left") {
		t.Errorf("reminder: %q", r.Message)
	}
}

// TestChatSees: who reads a message of a game's chat: the players, unless they muted the
// author or switched the chat off; the spectators when both players let them.
func TestChatSees(t *testing.T) {
	a, b, c := &domain.User{ID: ann}, &domain.User{ID: bob}, &domain.User{ID: 3}
	online := rowOf(domain.ModeOnline, ann, bob)
	for _, tc := range []struct {
		name   string
		row    domain.Game
		seats  map[int64]domain.ChatSeat
		off    map[int64]bool
		reader *domain.User
		author int64
		want   bool
	}{
		{"the opponent", online, nil, nil, b, ann, true},
		{"one's own", online, nil, nil, a, ann, true},
		{"muted", online, map[int64]domain.ChatSeat{bob: {Muted: true}}, nil, b, ann, false},
		{"one's own, muted", online, map[int64]domain.ChatSeat{ann: {Muted: true}}, nil, a, ann, true},
		{"switched off", online, nil, map[int64]bool{bob: true}, b, ann, false},
		{"a spectator", online, nil, nil, c, ann, false},
		{"a spectator, one lets", online, map[int64]domain.ChatSeat{ann: {Spectators: true}}, nil, nil, ann, false},
		{"a spectator, both let", online, map[int64]domain.ChatSeat{ann: {Spectators: true}, bob: {Spectators: true}}, nil, nil, ann, true},
		{"against the AI", rowOf(domain.ModeAI, ann, "level=1"), nil, nil, a, ann, false},
	} {
		cr := chatRules{row: tc.row, seats: tc.seats, off: tc.off}
		if got := cr.sees(tc.reader, tc.author); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
