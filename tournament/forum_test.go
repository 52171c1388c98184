package tournament

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"turncoat/game"
)

// TestForumSummary writes the round's summary in BBCode and Markdown: every board's picture
// by its URL, its number, players and colours, the dice of the new round, whose post is due,
// the standings; after a round, the move played; names that look like markup stay text.
func TestForumSummary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	tr := mustNew(t, Config{})
	names := []string{"Ann", "Bob", "Cid", "Zed_[b]*"}
	for i, n := range names {
		if _, err := tr.Subscribe(t0.Add(time.Minute*time.Duration(i+1)), n); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Advance(tr.SubscriptionCloses(), rng); err != nil {
		t.Fatal(err)
	}
	picture := func(n int) string { return fmt.Sprintf("https://example.org/api/tournaments/x/boards/%d.png?v=3", n) }
	bb := tr.ForumSummary(SummaryBBCode, picture)
	md := tr.ForumSummary(SummaryMarkdown, picture)
	boards := tr.Boards()
	for _, b := range boards {
		red, blue := b.Seats[game.First].Player, b.Seats[game.Second].Player
		for f, s := range map[SummaryFormat]string{SummaryBBCode: bb, SummaryMarkdown: md} {
			m := markup{f}
			for _, want := range []string{
				m.image(picture(b.Number), fmt.Sprintf("Board #%d", b.Number)),
				m.bold(fmt.Sprintf("Board #%d", b.Number)) + m.text(fmt.Sprintf(" — %s (Red) vs %s (Blue)", red, blue)),
				m.bold(fmt.Sprintf("%s (Red) to post", red)),
				"Dice: ",
			} {
				if !strings.Contains(s, want) {
					t.Errorf("%s: no %q in\n%s", f, want, s)
				}
			}
		}
	}
	for _, want := range []string{"[size=150][b]6x6 Reversi — Round 1 — only Reds post[/b][/size]", "[b]Standings[/b]\n[code]", "Zed_(b)*", "Paid so far: 0 WRZ$"} {
		if !strings.Contains(bb, want) {
			t.Errorf("BBCode: no %q in\n%s", want, bb)
		}
	}
	// (Within the standings' code block a name is shown as it is: forums read no markup there.)
	if bbText, _, _ := strings.Cut(bb, "Standings"); strings.Contains(bbText, "[b]*") {
		t.Errorf("a name became markup:\n%s", bb)
	}
	if mdText, _, _ := strings.Cut(md, "Standings"); strings.Contains(mdText, "Zed_[b]") {
		t.Errorf("a name became markup:\n%s\n%s", bb, md)
	}
	for _, want := range []string{"## 6x6 Reversi — Round 1 — only Reds post", "**Standings**\n```\n", `Zed\_\[b\]\*`, "  \n![Board #1]("} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown: no %q in\n%s", want, md)
		}
	}
	if tr.ForumSummary(SummaryText, picture) != tr.Summary() {
		t.Error("the text format is not the summary")
	}
	// Without pictures, the positions are drawn as text in code blocks.
	if s := tr.ForumSummary(SummaryBBCode, func(int) string { return "" }); strings.Contains(s, "[img]") || !strings.Contains(s, "[code]   A B C D E F") {
		t.Errorf("BBCode without pictures:\n%s", s)
	}

	// Red posts on board 1; the round closes: the move is in the next summary.
	b1 := boards[0]
	tb, err := tr.Table(1)
	if err != nil {
		t.Fatal(err)
	}
	var buf [64]game.Action
	st := tb.State()
	move := st.FormatAction(game.First, st.Legal(game.First, buf[:0])[0])
	r, _ := tr.Round()
	if _, err := tr.Post(r.Opened.Add(time.Minute), b1.Seats[game.First].Player, "Board #1\n"+ForumMove(move)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Advance(r.Deadline, rng); err != nil {
		t.Fatal(err)
	}
	md = tr.ForumSummary(SummaryMarkdown, picture)
	if !strings.Contains(md, "Red played **"+ForumMove(move)+"**") || !strings.Contains(md, "Round 1 (Reds) closed") {
		t.Errorf("after round 1:\n%s", md)
	}
	for _, s := range []string{"", "text", "BBCode", "markdown", "md"} {
		if _, err := ParseSummaryFormat(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	if _, err := ParseSummaryFormat("html"); err == nil || !strings.Contains(err.Error(), "bbcode") {
		t.Errorf("html: %v", err)
	}
}

// TestSummaryInLanguages: the summary is said in Spanish and Portuguese, the sides named in the
// language, the move played in bold in the forum's markup, counts in their plural; English is
// the default and an unknown language is English.
func TestSummaryInLanguages(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	tr := mustNew(t, Config{})
	if s := tr.SummaryIn("es"); !strings.Contains(s, "inscripción abierta hasta") || !strings.Contains(s, "0 jugadores inscritos") {
		t.Errorf("Spanish, before anyone subscribed:\n%s", s)
	}
	if _, err := tr.Subscribe(t0.Add(time.Minute), "Ann"); err != nil {
		t.Fatal(err)
	}
	if s := tr.SummaryIn("pt"); !strings.Contains(s, "1 jogador inscrito: Ann") {
		t.Errorf("Portuguese, one subscribed:\n%s", s)
	}
	for i, n := range []string{"Bob", "Cid", "Dan"} {
		if _, err := tr.Subscribe(t0.Add(time.Minute*time.Duration(i+2)), n); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Advance(tr.SubscriptionCloses(), rng); err != nil {
		t.Fatal(err)
	}
	es := tr.SummaryIn("es")
	for _, want := range []string{"Ronda 1 — solo publica Rojo", "Publica antes de 2026-", "4 jugadores en 2 tableros; los dados decidieron los colores: Rojo juega primero.",
		"Tablero #1 — ", "(Rojo) contra ", "(Azul)", "Dados: ", "(Rojo) debe publicar", "Clasificación", "juega", "Pagado hasta ahora: 0 WRZ$"} {
		if !strings.Contains(es, want) {
			t.Errorf("Spanish: no %q in\n%s", want, es)
		}
	}
	pt := tr.ForumSummaryIn(SummaryBBCode, nil, "pt")
	for _, want := range []string{"[size=150][b]6x6 Reversi — Rodada 1 — só posta Vermelho[/b][/size]", "[b]Tabuleiro #2[/b]", "[b]Classificação[/b]", "Pago até agora: 0 WRZ$"} {
		if !strings.Contains(pt, want) {
			t.Errorf("Portuguese: no %q in\n%s", want, pt)
		}
	}
	if tr.SummaryIn("en") != tr.Summary() || tr.SummaryIn("de") != tr.Summary() || tr.ForumSummaryIn(SummaryMarkdown, nil, "xx") != tr.ForumSummary(SummaryMarkdown, nil) {
		t.Error("English is not the default")
	}

	// Red posts on board 1 and misses on board 2: the move in bold, the miss counted.
	boards := tr.Boards()
	tb, err := tr.Table(1)
	if err != nil {
		t.Fatal(err)
	}
	var buf [64]game.Action
	st := tb.State()
	move := ForumMove(st.FormatAction(game.First, st.Legal(game.First, buf[:0])[0]))
	r, _ := tr.Round()
	if _, err := tr.Post(r.Opened.Add(time.Minute), boards[0].Seats[game.First].Player, "Board #1\n"+move); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Advance(r.Deadline, rng); err != nil {
		t.Fatal(err)
	}
	md := tr.ForumSummaryIn(SummaryMarkdown, nil, "es")
	for _, want := range []string{"Rojo jugó **" + move + "**", "Ronda 1 (Rojo) cerrada el ", "publicadas: 1, ausencias: 1", "Rojo no publicó (1 ronda seguida)"} {
		if !strings.Contains(md, want) {
			t.Errorf("Spanish Markdown after round 1: no %q in\n%s", want, md)
		}
	}
	if s := tr.SummaryIn("pt"); !strings.Contains(s, "Vermelho jogou "+move+"\n") {
		t.Errorf("Portuguese after round 1:\n%s", s)
	}
}

// TestCancelledInLanguages: a tournament nobody joined is cancelled; its note is said in the
// language, the count in its plural.
func TestCancelledInLanguages(t *testing.T) {
	tr := mustNew(t, Config{})
	if _, err := tr.Subscribe(t0.Add(time.Minute), "Ann"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Advance(tr.SubscriptionCloses(), rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
	if s := tr.Summary(); s != "6x6 Reversi — cancelled: 1 player subscribed; a tournament needs two\n" {
		t.Errorf("English: %q", s)
	}
	if s := tr.SummaryIn("es"); s != "6x6 Reversi — cancelado: 1 jugador inscrito; un torneo necesita dos\n" {
		t.Errorf("Spanish: %q", s)
	}
	if s := tr.ForumSummaryIn(SummaryMarkdown, nil, "pt"); !strings.Contains(s, "## 6x6 Reversi — cancelado\n\n1 jogador inscrito; um torneio precisa de dois") {
		t.Errorf("Portuguese: %q", s)
	}
}
