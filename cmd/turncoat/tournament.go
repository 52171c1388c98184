package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"turncoat/api"
	"turncoat/engine/ai"
	"turncoat/game"
	"turncoat/games"
	"turncoat/tournament"
)

func init() {
	register(command{name: "tournament", summary: "play-by-post tournaments: host and play them against a server or a database; simulate one", run: runTournament})
}

// tournamentCommands are the subcommands, in the order the help lists them.
var tournamentCommands = []struct{ name, synopsis, summary string }{
	{"create", "[--title T] [--game G] [--options O] [--round 24h] [--window 24h] [--reward 150] [--currency C] [--odd wait|house] [--missed miss|pass]", "create a tournament (you are its host)"},
	{"list", "", "the tournaments"},
	{"show", "ID", "a tournament: phase, players, the open round"},
	{"subscribe", "ID", "subscribe during the window"},
	{"unsubscribe", "ID", "leave during the window"},
	{"reserve", "ID", "volunteer as a reserve"},
	{"post", "ID < POST", "post your move: the forum text on standard input (\"Board #3\" then \"D 5\")"},
	{"edit", "ID [--round N] < POST", "change your post of the open round"},
	{"advance", "ID", "host: do what is due now (close the window, close a round whose time ran out)"},
	{"extend", "ID --by 12h", "host: extend the open round"},
	{"replace", "ID --board N --out NAME --in NAME", "host: give a seat to a reserve"},
	{"forfeit", "ID --board N --player NAME [--reason R]", "host: forfeit a player's board"},
	{"seat", "ID --board N --player NAME", "host: seat a reserve on a board that waits"},
	{"adjudicate", "ID --board N --winner first|second|draw [--reason R]", "host: decide a board"},
	{"boards", "ID", "every board: players, colours, who is to move"},
	{"summary", "[--format text|bbcode|markdown] ID", "the round's summary, to paste into the forum"},
	{"standings", "ID", "the standings"},
	{"ledger", "ID", "the rewards ledger, with running balances"},
	{"simulate", "--players N [--game reversi --size 6] [--reward 150] [--seed S] [--level L]", "a whole tournament with AI players on an accelerated clock"},
}

func tournamentHelp(w io.Writer) {
	fmt.Fprintln(w, `Usage: turncoat tournament <command> [flags] [ID]

Runs play-by-post tournaments as a forum host does: against a server (--server URL, --token T;
or $TURNCOAT_SERVER and $TURNCOAT_TOKEN), or directly on a database (--db FILE|postgres://...,
acting as --as NAME, an account made if it does not exist). The host's commands are refused to
anyone else. simulate needs neither.

Commands:`)
	for _, c := range tournamentCommands {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun \"turncoat tournament <command> --help\" for a command's flags.")
}

func runTournament(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		for _, a := range args {
			if a == "-h" || a == "-help" || a == "--help" {
				tournamentHelp(e.stdout)
				return flag.ErrHelp
			}
		}
		tournamentHelp(e.stderr)
		return usagef("want a command: %s", tournamentNames())
	}
	name := args[0]
	i := slices.IndexFunc(tournamentCommands, func(c struct{ name, synopsis, summary string }) bool { return c.name == name })
	if i < 0 {
		return usagef("unknown command %q: want %s", name, tournamentNames())
	}
	full := "tournament " + name
	err := runTournamentCommand(ctx, e, tournamentCommands[i].name, tournamentCommands[i].synopsis, tournamentCommands[i].summary, args[1:])
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return inCommand{full, err}
	}
	return err
}

func tournamentNames() string {
	var names []string
	for _, c := range tournamentCommands {
		names = append(names, c.name)
	}
	return strings.Join(names, ", ")
}

func runTournamentCommand(ctx context.Context, e *env, name, synopsis, summary string, args []string) error {
	fs := newFlags(e, "tournament "+name, synopsis, summary+".")
	if name == "simulate" {
		return runSimulate(ctx, e, fs, args)
	}
	serverURL := fs.String("server", "", "the server's URL (default $TURNCOAT_SERVER, else http://localhost:8080)")
	token := fs.String("token", "", "your API token (default $TURNCOAT_TOKEN)")
	db := fs.String("db", "", "work on this database directly (a SQLite file or postgres://...) instead of a server")
	as := fs.String("as", "", "with --db: the user to act as")
	publicURL := fs.String("public-url", "", "with --db: the server's public base URL, which the summary's links to the boards' pictures start with")
	var (
		title, gameName, options, round, window, reward, currency, odd, missed string
		noReward                                                               bool
		by, out, in, player, reason, winner                                    string
		boardN, roundN                                                         int
		summaryFormat                                                          string
	)
	switch name {
	case "create":
		fs.StringVar(&title, "title", "", "the tournament's title")
		fs.StringVar(&gameName, "game", "", "the game (default reversi)")
		fs.StringVar(&options, "options", "", "the game's options, name=value,... (default size=6 for reversi)")
		fs.StringVar(&round, "round", "", "how long a round stays open (default 24h)")
		fs.StringVar(&window, "window", "", "how long subscription stays open (default 24h)")
		fs.StringVar(&reward, "reward", "", "each board's reward (default 150)")
		fs.StringVar(&currency, "currency", "", "the reward's currency (default WRZ$)")
		fs.BoolVar(&noReward, "no-reward", false, "no rewards")
		fs.StringVar(&odd, "odd", "", "an odd player out: wait (for a reserve) or house (plays the house AI)")
		fs.StringVar(&missed, "missed", "", "a missed round: miss (counted, the board waits) or pass (the forced-pass rule)")
	case "edit":
		fs.IntVar(&roundN, "round", 0, "the round of the post (default the open one)")
	case "extend":
		fs.StringVar(&by, "by", "", "how long to add to the round, e.g. 12h")
	case "replace":
		fs.IntVar(&boardN, "board", 0, "the board")
		fs.StringVar(&out, "out", "", "the player who leaves")
		fs.StringVar(&in, "in", "", "the reserve who takes the seat")
	case "forfeit", "seat":
		fs.IntVar(&boardN, "board", 0, "the board")
		fs.StringVar(&player, "player", "", "the player")
		if name == "forfeit" {
			fs.StringVar(&reason, "reason", "", "why, for the result")
		}
	case "adjudicate":
		fs.IntVar(&boardN, "board", 0, "the board")
		fs.StringVar(&winner, "winner", "", "first, second or draw")
		fs.StringVar(&reason, "reason", "", "why, for the result")
	case "summary":
		fs.StringVar(&summaryFormat, "format", "text", "text, bbcode (phpBB) or markdown (Discourse): the forum formats show each board's picture")
	}
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	wantID := name != "create" && name != "list"
	switch {
	case wantID && len(pos) != 1:
		return usagef("want the tournament's ID")
	case !wantID && len(pos) != 0:
		return usagef("unexpected argument %q", pos[0])
	case *as != "" && *db == "":
		return usagef("--as goes with --db (against a server, your token says who you are)")
	}
	var id string
	if wantID {
		id = pos[0]
	}
	var host *api.HostAction
	switch name {
	case "extend":
		if by == "" {
			return usagef("--by is required, e.g. --by 12h")
		}
		host = &api.HostAction{Duration: by}
	case "replace":
		if boardN < 1 || out == "" || in == "" {
			return usagef("--board, --out and --in are required")
		}
		host = &api.HostAction{Board: boardN, Out: out, In: in}
	case "forfeit", "seat":
		if boardN < 1 || player == "" && name == "seat" {
			return usagef("--board and --player are required")
		}
		host = &api.HostAction{Board: boardN, Player: player, Reason: reason}
	case "adjudicate":
		if boardN < 1 {
			return usagef("--board is required")
		}
		host = &api.HostAction{Board: boardN, Reason: reason}
		switch winner {
		case "first", "second":
			p, _ := game.ParsePlayer(winner)
			host.Winner = &p
		case "draw":
			host.Draw = true
		default:
			return usagef("--winner %q: want first, second or draw", winner)
		}
	case "advance":
		host = &api.HostAction{}
	}
	var post []byte
	if name == "post" || name == "edit" {
		if post, err = io.ReadAll(io.LimitReader(e.stdin, 4097)); err != nil {
			return err
		}
		if strings.TrimSpace(string(post)) == "" {
			return usagef("write the post on standard input: \"Board #3\", then the move (\"D 5\", or \"%s\")", tournament.PassText)
		}
	}
	t, closeAPI, err := openTournaments(ctx, e.clock, *serverURL, *token, *db, *as, *publicURL)
	if err != nil {
		return err
	}
	defer closeAPI()
	switch name {
	case "create":
		req := api.CreateTournament{Title: title, Game: gameName, Options: options, RoundLength: round, Window: window,
			Currency: currency, NoReward: noReward, OddPlayer: odd, Missed: missed}
		if reward != "" {
			a, err := tournament.ParseAmount(reward)
			if err != nil {
				return usagef("--reward: %v", err)
			}
			req.Reward = &a
		}
		tj, err := t.CreateTournament(ctx, req)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "created %s\n", tj.ID)
		printTournament(e.stdout, tj)
	case "list":
		ts, err := t.Tournaments(ctx)
		if err != nil {
			return err
		}
		for _, x := range ts {
			fmt.Fprintf(e.stdout, "%s  %-12s %-8s host %s  %s\n", x.ID, x.Phase, x.Game, x.Host, x.Title)
		}
	case "show":
		tj, err := t.Tournament(ctx, id)
		if err != nil {
			return err
		}
		printTournament(e.stdout, tj)
	case "subscribe", "unsubscribe", "reserve", "advance", "extend", "replace", "forfeit", "seat", "adjudicate":
		res, err := t.TournamentOp(ctx, id, name, host)
		return printEvents(e.stdout, res, err)
	case "post", "edit":
		res, err := t.TournamentPost(ctx, id, string(post), name == "edit", roundN)
		return printEvents(e.stdout, res, err)
	case "boards":
		bs, err := t.TournamentBoards(ctx, id)
		if err != nil {
			return err
		}
		tj, err := t.Tournament(ctx, id)
		if err != nil {
			return err
		}
		for _, b := range bs {
			line := fmt.Sprintf("Board #%d  %s: %s  %s: %s  %s", b.Number, tj.Config.Sides[0], orDash(b.Seats[0].Player), tj.Config.Sides[1],
				orDash(b.Seats[1].Player), b.Status)
			if b.ToMove.Valid() {
				line += fmt.Sprintf("  to move: %s", tj.Config.Sides[b.ToMove])
				if b.Due {
					line += " (due)"
				}
			}
			if b.Result != nil {
				line += "  " + b.Result.Outcome.Reason
			}
			fmt.Fprintln(e.stdout, line)
		}
	case "summary":
		f, err := tournament.ParseSummaryFormat(summaryFormat)
		if err != nil {
			return usagef("--format: %v", err)
		}
		text, err := t.TournamentSummary(ctx, id, f)
		if err != nil {
			return err
		}
		io.WriteString(e.stdout, text)
		if len(text) > 0 && text[len(text)-1] != '\n' {
			fmt.Fprintln(e.stdout)
		}
	case "standings":
		ps, err := t.TournamentStandings(ctx, id)
		if err != nil {
			return err
		}
		for _, p := range ps {
			fmt.Fprintf(e.stdout, "%3d. %-24s Board #%-4d %-9s %+4d  %s\n", p.Rank, p.Player, p.Board, p.Status, p.Margin, p.Balance)
		}
	case "ledger":
		l, err := t.TournamentLedger(ctx, id)
		if err != nil {
			return err
		}
		for _, x := range l.Entries {
			fmt.Fprintf(e.stdout, "%4d  %s  %-24s %10s  balance %10s  %s\n", x.Seq, x.At.Format("2006-01-02 15:04"), x.Player, x.Amount, x.Balance, x.Reason)
		}
		names := make([]string, 0, len(l.Balances))
		for n := range l.Balances {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(e.stdout, "balance %-24s %10s\n", n, l.Balances[n])
		}
		fmt.Fprintf(e.stdout, "total %s %s\n", l.Total, l.Currency)
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// printTournament prints what the commands show of a tournament.
func printTournament(w io.Writer, v api.Tournament) {
	fmt.Fprintf(w, "%s (%s), hosted by %s: %s %s, %s\n", v.Title, v.ID, v.Host, v.Config.Game, v.Config.Options, v.Phase)
	fmt.Fprintf(w, "rounds of %v; reward %s %s\n", v.Config.RoundLength, v.Config.Reward, v.Config.Currency)
	fmt.Fprintf(w, "players (%d): %s\n", len(v.Subscribers), strings.Join(v.Subscribers, ", "))
	if len(v.Reserves) > 0 {
		fmt.Fprintf(w, "reserves: %s\n", strings.Join(v.Reserves, ", "))
	}
	if v.Boards > 0 {
		fmt.Fprintf(w, "boards: %d\n", v.Boards)
	}
	if v.Round != nil {
		fmt.Fprintf(w, "%s, until %s\n", v.Round.Title, v.Round.Deadline.Format("2006-01-02 15:04 MST"))
	} else if !v.NextDeadline.IsZero() {
		fmt.Fprintf(w, "next: %s\n", v.NextDeadline.Format("2006-01-02 15:04 MST"))
	}
}

// printEvents prints what an operation did, one event a line (those before a failure too),
// and returns its failure.
func printEvents(w io.Writer, res api.OpResult, err error) error {
	if err == nil && len(res.Events) == 0 {
		fmt.Fprintln(w, "nothing to do now")
	}
	for _, e := range res.Events {
		fmt.Fprintln(w, e.Text)
	}
	if len(res.Events) > 0 {
		return nil
	}
	return err
}

// runSimulate runs tournament.Simulate with AI players.
func runSimulate(ctx context.Context, e *env, fs *flag.FlagSet, args []string) error {
	players := fs.Int("players", 0, "the number of players who subscribe (at least 2)")
	gameName := fs.String("game", "reversi", "the game")
	size := fs.Int("size", 6, "the board's size (reversi: 4, 6 or 8)")
	options := fs.String("options", "", "other options of the game, name=value,...")
	reward := fs.String("reward", "150", "each board's reward")
	seed := fs.Uint64("seed", 1, "the seed: the same seed gives the same tournament")
	level := fs.Int("level", 1, "the AI players' level (1-10)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *players < 2 {
		return usagef("--players %d: want 2 or more", *players)
	}
	if *level < 1 || *level > 10 {
		return usagef("--level %d: want 1 to 10", *level)
	}
	amount, err := tournament.ParseAmount(*reward)
	if err != nil || amount <= 0 {
		return usagef("--reward %q: want an amount above 0, like 150", *reward)
	}
	g, err := games.Registry().Lookup(*gameName)
	if err != nil {
		return usagef("--game: %v", err)
	}
	opts := *options
	if g.Name() == "reversi" {
		opts = strings.Trim("size="+strconv.Itoa(*size)+","+opts, ",")
	}
	agent, err := ai.Parse(g, "level="+strconv.Itoa(*level), *seed)
	if err != nil {
		return err
	}
	play := func(s game.State, p game.Player) (game.Action, error) {
		if err := ctx.Err(); err != nil {
			return game.NoAction, err
		}
		return agent.Choose(ctx, s, p)
	}
	cfg := tournament.Config{Game: g.Name(), Options: opts, Reward: amount}
	if _, _, _, err := cfg.Normalize(games.Registry()); err != nil {
		return usagef("%v", err)
	}
	_, _, err = tournament.Simulate(games.Registry(), tournament.Simulation{Players: *players, Seed: *seed, Config: cfg}, play, e.stdout)
	return err
}
