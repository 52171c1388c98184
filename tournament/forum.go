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
// whose post is due; then the standings. SummaryText is Summary. It is in English:
// ForumSummaryIn says it in another language.
func (t *Tournament) ForumSummary(f SummaryFormat, picture func(board int) string) string {
	return t.ForumSummaryIn(f, picture, "en")
}

// ForumSummaryIn returns the ForumSummary in lang, a language of the server's catalogues (en,
// pt, es; any other is English).
func (t *Tournament) ForumSummaryIn(f SummaryFormat, picture func(board int) string, lang string) string {
	if f != SummaryBBCode && f != SummaryMarkdown {
		return t.SummaryIn(lang)
	}
	if picture == nil {
		picture = func(int) string { return "" }
	}
	v := t.voice(lang)
	m := markup{f: f}
	var b strings.Builder
	b.Grow(512 + 300*len(t.boards))
	switch {
	case t.phase == PhaseSubscription:
		m.heading(&b, v.say("tournament.subscription_open", "title", t.cfg.Title, "until", stamp(t.window)))
		m.para(&b, v.sayN("tournament.subscribed", len(t.subscribers), "names", strings.Join(t.subscribers, ", ")))
		return b.String()
	case t.phase == PhaseCancelled:
		m.heading(&b, v.say("tournament.cancelled", "title", t.cfg.Title))
		m.para(&b, v.note(t.note))
		return b.String()
	case t.phase == PhaseFinished:
		m.heading(&b, v.say("tournament.final", "title", t.cfg.Title))
	default:
		m.heading(&b, t.cfg.Title+" — "+v.roundTitle(t.round.Number))
		b.WriteString(m.bold(v.say("tournament.post_by", "when", stamp(t.round.Deadline))))
		b.WriteString("\n\n")
	}
	last := 0
	if n := len(t.rounds); n > 0 {
		last = t.rounds[n-1].Number
	}
	m.para(&b, t.lastRound(v))
	for _, bd := range t.boards {
		t.forumBoard(&b, m, v, bd, last, picture)
	}
	b.WriteString(m.bold(v.say("tournament.standings")))
	b.WriteByte('\n')
	var standings strings.Builder
	for _, p := range t.placings(nil) {
		t.writePlacing(&standings, v, p)
	}
	m.code(&b, standings.String())
	m.para(&b, t.tail(v)...)
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// forumBoard writes one board's part of a forum summary: a paragraph.
func (t *Tournament) forumBoard(b *strings.Builder, m markup, v voice, bd *board, lastRound int, picture func(int) string) {
	head := m.bold(v.say("tournament.board", "board", strconv.Itoa(bd.Number)))
	if bd.waiting() {
		b.WriteString(head + m.text(" — "+v.say("tournament.waits_reserve", "player", bd.Pair[0])))
		b.WriteString("\n\n")
		return
	}
	head += m.text(" — " + t.pairing(v, bd))
	if bd.Result != nil && (bd.Result.Round < lastRound || bd.Result.Walkover) {
		b.WriteString(head + m.text(" — "+v.result(bd.Result, t.cfg.Sides)))
		b.WriteString("\n\n")
		return
	}
	lines := []string{head}
	for _, line := range t.boardNews(v, bd, lastRound, moveMark) {
		// The move played is in bold; the rest of the sentence is running text.
		if before, after, ok := strings.Cut(line, moveMark); ok && bd.Last != nil {
			lines = append(lines, m.text(before)+m.bold(ForumMove(bd.Last.Move))+m.text(after))
			continue
		}
		lines = append(lines, m.text(line))
	}
	var diagram string
	if url := picture(bd.Number); url != "" {
		lines = append(lines, m.image(url, v.say("tournament.board", "board", strconv.Itoa(bd.Number))))
		if bv, ok := bd.live().State().(game.BoardViewer); ok {
			if n, ok := discCounts(bv.BoardView()); ok {
				lines = append(lines, m.text(fmt.Sprintf("%s %d, %s %d", v.side(game.First), n[0], v.side(game.Second), n[1])))
			}
		}
	} else {
		var d strings.Builder
		writeDiagram(&d, bd.live().State(), t.cfg.Sides)
		diagram = d.String()
	}
	if line := t.boardNext(v, bd); line != "" {
		if bd.Result == nil && bd.toMove() == t.round.Side {
			lines = append(lines, m.bold(line)) // whose post is due
		} else {
			lines = append(lines, m.text(line))
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
