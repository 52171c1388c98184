package main

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/games"
	"turncoat/platform/accounts"
	"turncoat/platform/clock"
	"turncoat/store"
	"turncoat/tournament"
)

// TestTournamentSimulate runs a simulated tournament: each round's summary, then exactly the
// result line, every board finished and paid.
func TestTournamentSimulate(t *testing.T) {
	code, out, errOut := runCLI(t, "", "tournament", "simulate", "--players", "8", "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	last := lines[len(lines)-1]
	m := regexp.MustCompile(`^boards=(\d+) rounds=(\d+) finished=(\d+) ledger_total=(\S+)$`).FindStringSubmatch(last)
	if m == nil || m[1] != "4" || m[3] != "4" || m[4] != "600" {
		t.Fatalf("last line %q", last)
	}
	if !strings.Contains(out, "Board #4") || !strings.Contains(out, "only Reds post") {
		t.Errorf("no round summaries:\n%s", out)
	}
	if code, again, _ := runCLI(t, "", "tournament", "simulate", "--players", "8", "--seed", "7"); code != 0 || again != out {
		t.Error("the same seed gave another tournament")
	}
	for _, args := range [][]string{
		{"simulate", "--players", "1"},
		{"simulate", "--players", "4", "--reward", "x"},
		{"simulate", "--players", "4", "--game", "chess"},
	} {
		if code, _, errOut := runCLI(t, "", append([]string{"tournament"}, args...)...); code != 2 || !strings.Contains(errOut, "turncoat tournament simulate --help") {
			t.Errorf("%q: exit %d %s", args, code, errOut)
		}
	}
}

// TestTournamentCommands hosts and plays a tournament from the terminal on a database: create,
// subscribe, the window closed by advance, boards, a post from standard input, a post out of
// turn refused, the summary, a forfeit (refused to a player), the ledger and standings; and the
// command-line mistakes.
func TestTournamentCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	// The commands run on a manual clock: the subscription window passes when the test says,
	// not a second of the wall clock later.
	clk := clock.NewManual(time.Now())
	cli := func(stdin string, args ...string) (int, string, string) {
		t.Helper()
		var out, errOut bytes.Buffer
		code := runIn(context.Background(), &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut, clock: clk},
			append([]string{"tournament"}, args...))
		return code, out.String(), errOut.String()
	}
	code, out, errOut := cli("", "create", "--db", db, "--as", "Host", "--title", "CLI Cup", "--window", "1s", "--reward", "100")
	if code != 0 {
		t.Fatalf("create: %d %s", code, errOut)
	}
	id := strings.Fields(out)[1]
	if !strings.Contains(out, "CLI Cup ("+id+"), hosted by Host") {
		t.Errorf("create:\n%s", out)
	}
	for _, p := range []string{"Ann", "Bob"} {
		if code, out, errOut := cli("", "subscribe", id, "--db", db, "--as", p); code != 0 || !strings.Contains(out, p) {
			t.Fatalf("subscribe %s: %d %s %s", p, code, out, errOut)
		}
	}
	if code, out, errOut := cli("", "advance", id, "--db", db, "--as", "Host"); code != 0 || strings.Contains(out, "Board #1") {
		t.Fatalf("advance within the window: %d %s %s", code, out, errOut)
	}
	clk.Advance(time.Second)
	if code, out, errOut := cli("", "advance", id, "--db", db, "--as", "Ann"); code != 1 || !strings.Contains(errOut, "only the host") {
		t.Errorf("a player advances: %d %s %s", code, out, errOut)
	}
	if code, out, errOut := cli("", "advance", id, "--db", db, "--as", "Host"); code != 0 || !strings.Contains(out, "Board #1") {
		t.Fatalf("advance: %d %s %s", code, out, errOut)
	}
	_, boards, _ := cli("", "boards", id, "--db", db)
	m := regexp.MustCompile(`Board #1  Red: (\S+)  Blue: (\S+)  playing  to move: Red \(due\)`).FindStringSubmatch(boards)
	if m == nil {
		t.Fatalf("boards:\n%s", boards)
	}
	red, blue := m[1], m[2]
	s, _ := games.Registry().New("reversi", "size=6")
	move := s.FormatAction(0, s.Legal(0, nil)[0])
	if code, out, errOut := cli("Board #1\n"+tournament.ForumMove(move)+"\n", "post", id, "--db", db, "--as", red); code != 0 || !strings.Contains(out, "Round 2") {
		t.Fatalf("post: %d %s %s", code, out, errOut)
	}
	if code, _, errOut := cli("Board #1\nD 5", "post", id, "--db", db, "--as", red); code != 1 || !strings.Contains(errOut, "not_your_round") {
		t.Errorf("a post out of turn: %d %s", code, errOut)
	}
	if _, out, _ := cli("", "summary", id, "--db", db); !strings.Contains(out, "Round 2") || !strings.Contains(out, "Board #1") {
		t.Errorf("summary:\n%s", out)
	}
	if _, out, _ := cli("", "summary", id, "--db", db, "--format", "bbcode", "--public-url", "https://turncoat.example.org"); !strings.Contains(out, "[b]Board #1[/b]") ||
		!strings.Contains(out, "[img]https://turncoat.example.org/api/tournaments/"+id+"/boards/1.png?v=") {
		t.Errorf("summary in BBCode:\n%s", out)
	}
	if code, _, errOut := cli("", "summary", id, "--db", db, "--format", "html"); code != 2 || !strings.Contains(errOut, "bbcode") {
		t.Errorf("summary in HTML: exit %d %s", code, errOut)
	}
	if code, _, errOut := cli("", "forfeit", id, "--board", "1", "--player", blue, "--db", db, "--as", red); code != 1 || !strings.Contains(errOut, "only the host") {
		t.Errorf("a player forfeits: %d %s", code, errOut)
	}
	if code, out, errOut := cli("", "forfeit", id, "--board", "1", "--player", blue, "--db", db, "--as", "Host"); code != 0 || !strings.Contains(out, red) {
		t.Fatalf("forfeit: %d %s %s", code, out, errOut)
	}
	if _, out, _ := cli("", "ledger", id, "--db", db); !strings.Contains(out, "total 100 WRZ$") || !strings.Contains(out, red) {
		t.Errorf("ledger:\n%s", out)
	}
	if _, out, _ := cli("", "standings", id, "--db", db); !strings.HasPrefix(strings.TrimSpace(out), "1. "+red) {
		t.Errorf("standings:\n%s", out)
	}
	if _, out, _ := cli("", "show", id, "--db", db); !strings.Contains(out, "finished") {
		t.Errorf("show:\n%s", out)
	}
	for _, args := range [][]string{
		{},
		{"nosuch"},
		{"post", "--db", db},
		{"extend", id, "--db", db, "--as", "Host"},
		{"adjudicate", id, "--board", "1", "--winner", "red", "--db", db},
		{"show", id, "--as", "Host"},
		{"post", id, "--db", db, "--as", red},
	} {
		if code, _, errOut := cli("", args...); code != 2 || !strings.Contains(errOut, "--help\" for usage") {
			t.Errorf("%q: exit %d, %s", args, code, errOut)
		}
	}
}

// TestTournamentAgainstServer lists the tournaments of a running server with a token.
func TestTournamentAgainstServer(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	if code, _, errOut := runCLI(t, "", "tournament", "create", "--server", ts.URL, "--title", "x"); code != 1 || !strings.Contains(errOut, "sign in") {
		t.Errorf("without a token: %d %s", code, errOut)
	}
	code, out, errOut := runCLI(t, "", "tournament", "list", "--server", ts.URL)
	if code != 0 || out != "" {
		t.Errorf("list: %d %q %s", code, out, errOut)
	}
}
