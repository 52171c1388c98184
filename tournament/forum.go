package tournament

import (
	"fmt"
	"strconv"
	"strings"

	"turncoat/game"
)

// SummaryFormat is the markup a round's summary is written in: plain text, or a forum's.
type SummaryFormat string

// The summary's formats: plain text (Summary), BBCode (phpBB forums, the kind the play-by-post
// threads run in) and Markdown (Discourse).
const (
	SummaryText     SummaryFormat = "text"
	SummaryBBCode   SummaryFormat = "bbcode"
	SummaryMarkdown SummaryFormat = "markdown"
)

// SummaryFormats lists the formats, for help texts.
var SummaryFormats = []SummaryFormat{SummaryText, SummaryBBCode, SummaryMarkdown}

// ParseSummaryFormat reads a summary's format by name ("" is text).
func ParseSummaryFormat(s string) (SummaryFormat, error) {
	switch f := SummaryFormat(strings.ToLower(strings.TrimSpace(s))); f {
	case "", SummaryText:
		return SummaryText, nil
	case SummaryBBCode, SummaryMarkdown:
		return f, nil
	case "md":
		return SummaryMarkdown, nil
	}
	return "", fmt.Errorf("summary format %q: want text, bbcode or markdown", s)
}

// ForumSummary returns the summary the host posts in the thread, in format f. In BBCode and
// Markdown every board in play is shown by its picture: picture(n) is the absolute URL of board
// n's picture ("" draws the position as text instead), under the board's number, its players
// and their colours, what happened on it in the last round (or the dice of a new round), and
// whose post is due; then the standings. SummaryText is Summary.
func (t *Tournament) ForumSummary(f SummaryFormat, picture func(board int) string) string {
	if f != SummaryBBCode && f != SummaryMarkdown {
		return t.Summary()
	}
	m := markup{f: f}
	var b strings.Builder
	b.Grow(512 + 300*len(t.boards))
	switch {
	case t.phase == PhaseSubscription:
		m.heading(&b, t.cfg.Title+" — subscription open until "+stamp(t.window))
		m.para(&b, fmt.Sprintf("%s subscribed: %s", Players(len(t.subscribers)), strings.Join(t.subscribers, ", ")))
		return b.String()
	case t.phase == PhaseCancelled:
		m.heading(&b, t.cfg.Title+" — cancelled")
		m.para(&b, t.note)
		return b.String()
	case t.phase == PhaseFinished:
		m.heading(&b, t.cfg.Title+" — final results")
	default:
		m.heading(&b, t.cfg.Title+" — "+t.RoundTitle(t.round.Number))
		b.WriteString(m.bold("Post by " + stamp(t.round.Deadline) + "."))
		b.WriteString("\n\n")
	}
	last := 0
	if n := len(t.rounds); n > 0 {
		r := t.rounds[n-1]
		last = r.Number
		m.para(&b, fmt.Sprintf("Round %d (%ss) closed %s: %d posted, %d missed.", r.Number, t.side(r.Side), stamp(r.Closed), r.Posted, r.Missed))
	} else {
		m.para(&b, fmt.Sprintf("%d players on %d boards; the dice decided the colours: %s moves first.", t.players(), len(t.boards), t.side(game.First)))
	}
	for _, bd := range t.boards {
		t.forumBoard(&b, m, bd, last, picture)
	}
	b.WriteString(m.bold("Standings"))
	b.WriteByte('\n')
	var standings strings.Builder
	for _, p := range t.placings(nil) {
		t.writePlacing(&standings, p)
	}
	m.code(&b, standings.String())
	var tail []string
	if len(t.reserves) > 0 {
		tail = append(tail, "Reserves: "+strings.Join(t.reserves, ", "))
	}
	paid := "Paid so far"
	if t.phase == PhaseFinished {
		paid = "Paid"
	}
	tail = append(tail, fmt.Sprintf("%s: %s %s", paid, t.ledger.Total(), t.cfg.Currency))
	m.para(&b, tail...)
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// forumBoard writes one board's part of a forum summary: a paragraph.
func (t *Tournament) forumBoard(b *strings.Builder, m markup, bd *board, lastRound int, picture func(int) string) {
	head := m.bold("Board #" + strconv.Itoa(bd.Number))
	if bd.waiting() {
		b.WriteString(head + m.text(" — "+bd.Pair[0]+" waits for a reserve"))
		b.WriteString("\n\n")
		return
	}
	head += m.text(fmt.Sprintf(" — %s (%s) vs %s (%s)", bd.Seats[game.First].Player, t.side(game.First), bd.Seats[game.Second].Player, t.side(game.Second)))
	if bd.Result != nil && (bd.Result.Round < lastRound || bd.Result.Walkover) {
		b.WriteString(head + m.text(" — "+t.describeResult(bd.Result)))
		b.WriteString("\n\n")
		return
	}
	lines := []string{head}
	if l := bd.Last; l != nil && l.Round == lastRound && l.Round > 0 {
		who := t.side(l.Side)
		switch l.Kind {
		case LastMove:
			if strings.EqualFold(l.Move, "pass") {
				lines = append(lines, m.text(who+" passed (no moves available)"))
			} else {
				lines = append(lines, m.text(who+" played ")+m.bold(ForumMove(l.Move)))
			}
		case LastMissed:
			lines = append(lines, m.text(fmt.Sprintf("%s did not post (%d round(s) in a row)", who, bd.Seats[l.Side].Misses)))
		case LastForcedPass:
			lines = append(lines, m.text(fmt.Sprintf("%s did not post: the turn passes (%d round(s) in a row)", who, bd.Seats[l.Side].Misses)))
		}
	} else if bd.plies() == 0 && len(bd.Rolls) > 0 {
		var rolls strings.Builder
		t.writeRolls(&rolls, bd)
		lines = append(lines, m.text(strings.TrimSuffix(rolls.String(), "\n")))
	}
	for _, r := range bd.Seats {
		if n := len(r.Replaced); n > 0 && r.Replaced[n-1].Round >= lastRound {
			lines = append(lines, m.text(r.Player+" replaces "+r.Replaced[n-1].Out))
		}
	}
	var diagram string
	if url := picture(bd.Number); url != "" {
		lines = append(lines, m.image(url, fmt.Sprintf("Board #%d", bd.Number)))
		if bv, ok := bd.live().State().(game.BoardViewer); ok {
			if n, ok := discCounts(bv.BoardView()); ok {
				lines = append(lines, m.text(fmt.Sprintf("%s %d, %s %d", t.side(game.First), n[0], t.side(game.Second), n[1])))
			}
		}
	} else {
		var d strings.Builder
		writeDiagram(&d, bd.live().State(), t.cfg.Sides)
		diagram = d.String()
	}
	switch {
	case bd.Result != nil:
		lines = append(lines, m.text("Result: "+t.describeResult(bd.Result)))
	case t.round != nil:
		mover := bd.toMove()
		switch {
		case mover == t.round.Side:
			lines = append(lines, m.bold(fmt.Sprintf("%s (%s) to post", bd.Seats[mover].Player, t.side(mover))))
		case mover.Valid():
			lines = append(lines, m.text(fmt.Sprintf("%s to move: the board waits for round %d", t.side(mover), t.round.Number+1)))
		}
	}
	if diagram == "" {
		m.lines(b, lines)
		return
	}
	m.lines(b, lines[:1])
	m.code(b, diagram)
	if len(lines) > 1 {
		m.lines(b, lines[1:])
	}
}

// markup writes a forum's markup: BBCode or Markdown.
type markup struct{ f SummaryFormat }

// markdownSpecial are the characters Markdown reads as markup in running text.
var markdownSpecial = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "`", "\\`", "<", `\<`, ">", `\>`)

// bbcodeSpecial keeps a name from opening a BBCode tag: the square brackets become round ones.
var bbcodeSpecial = strings.NewReplacer("[", "(", "]", ")")

// text escapes running text (players' names come from outside).
func (m markup) text(s string) string {
	if m.f == SummaryMarkdown {
		return markdownSpecial.Replace(s)
	}
	return bbcodeSpecial.Replace(s)
}

func (m markup) bold(s string) string {
	if m.f == SummaryMarkdown {
		return "**" + m.text(s) + "**"
	}
	return "[b]" + m.text(s) + "[/b]"
}

func (m markup) heading(b *strings.Builder, s string) {
	if m.f == SummaryMarkdown {
		b.WriteString("## " + m.text(s) + "\n\n")
		return
	}
	b.WriteString("[size=150][b]" + m.text(s) + "[/b][/size]\n\n")
}

// image shows a picture; url is ours (built from the public URL and numbers), alt plain text.
func (m markup) image(url, alt string) string {
	if m.f == SummaryMarkdown {
		return "![" + m.text(alt) + "](" + url + ")"
	}
	return "[img]" + url + "[/img]"
}

// code writes preformatted text (the standings, a position drawn as text) as it is.
func (m markup) code(b *strings.Builder, s string) {
	s = strings.TrimRight(s, "\n")
	if m.f == SummaryMarkdown {
		b.WriteString("```\n" + strings.ReplaceAll(s, "```", "'''") + "\n```\n\n")
		return
	}
	b.WriteString("[code]" + strings.ReplaceAll(s, "[/code]", "(/code)") + "[/code]\n\n")
}

// lines writes lines already marked up as one paragraph (Markdown breaks a line with two
// spaces).
func (m markup) lines(b *strings.Builder, lines []string) {
	sep := "\n"
	if m.f == SummaryMarkdown {
		sep = "  \n"
	}
	b.WriteString(strings.Join(lines, sep))
	b.WriteString("\n\n")
}

// para writes lines of plain text as one paragraph.
func (m markup) para(b *strings.Builder, lines ...string) {
	for i := range lines {
		lines[i] = m.text(lines[i])
	}
	m.lines(b, lines)
}
