// Package moderation is what players do about one another and what the moderators do: a
// player blocks another (neither joins the other's games, writes to the other in a game's chat
// nor offers the other a rematch), mutes another (the muted player's chat lines are no longer
// shown to them) and reports a player, a game or a chat line; the moderators, named by the
// operator, read the open reports with their context and warn a user (a notice), hide a chat
// line (for everyone), mute a user in every chat for a time, close an account (the accounts
// service suspends it), lift any of these, and resolve or dismiss a report. Every moderator's
// action is kept in a log. The chat's own rules (a user muted by a moderator writes nowhere
// until the mute ends; the words the operator listed are refused) are here too, asked by the
// game service through its Moderation port.
//
// Errors are domain.Error values: Forbidden (not a moderator, a block, a chat mute with its
// end), NotFound (no such user, game, message or report), BadRequest (a bad field, a word the
// chat refuses), Conflict (a report already closed), RateLimited (too many reports).
package moderation

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/clock"
	"turncoat/platform/ratelimit"
)

// Bounds of what users write.
const (
	// MaxReason bounds a report's or an action's reason, in characters.
	MaxReason = 500
	// MaxMuteMinutes bounds a chat mute: a year.
	MaxMuteMinutes = 365 * 24 * 60
	// maxWord bounds a word of the chat's filter.
	maxWord = 64
	// contextLines is how many chat lines around a reported one the moderators see on each
	// side.
	contextLines = 3
)

// Categories are a report's categories.
var Categories = []string{"abuse", "spam", "cheating", "name", "other"}

// Actions are what a moderator does.
var Actions = []string{"warn", "hide", "unhide", "mute", "unmute", "close", "reinstate", "resolve", "dismiss"}

// Config sets up the service.
type Config struct {
	Store    Store
	Accounts Accounts
	Notes    Notifier
	Chat     Chat
	Clock    clock.Clock
}

// Service is the moderation.
type Service struct {
	cfg     Config
	reports *ratelimit.Limiters
}

// New returns the service.
func New(cfg Config) *Service {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	// A user's reports: a burst of five, then one a minute.
	return &Service{cfg: cfg, reports: ratelimit.New(rate.Every(time.Minute), 5)}
}

// SetChat gives the service the game service's chat (made after it).
func (s *Service) SetChat(c Chat) { s.cfg.Chat = c }

func (s *Service) now() time.Time { return s.cfg.Clock.Now().UTC() }

// user returns the user of a name: NotFound, with the name, when there is none.
func (s *Service) user(ctx context.Context, name string) (domain.User, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return domain.User{}, domain.Errorf(domain.BadRequest, "no user named").Words("user.none")
	}
	u, _, err := s.cfg.Store.UserByName(ctx, name)
	if errors.Is(err, domain.ErrNotFound) {
		return u, domain.Errorf(domain.NotFound, "no user named %q", name).Words("user.not_found", "name", name)
	}
	return u, err
}

// other returns the user of a name that is not u.
func (s *Service) other(ctx context.Context, u *domain.User, name, what string) (domain.User, error) {
	if u == nil {
		return domain.User{}, domain.Errorf(domain.Unauthorized, "not signed in").Words("account.not_signed_in")
	}
	o, err := s.user(ctx, name)
	if err != nil {
		return o, err
	}
	if o.ID == u.ID {
		return o, domain.Errorf(domain.BadRequest, "you cannot %s yourself", what).Words("self." + what)
	}
	return o, nil
}

// Block blocks (on) or unblocks the user of a name for u.
func (s *Service) Block(ctx context.Context, u *domain.User, name string, on bool) error {
	o, err := s.other(ctx, u, name, "block")
	if err != nil {
		return err
	}
	return s.cfg.Store.SetBlock(ctx, u.ID, o.ID, on, s.now())
}

// Mute mutes (on) or unmutes the user of a name for u.
func (s *Service) Mute(ctx context.Context, u *domain.User, name string, on bool) error {
	o, err := s.other(ctx, u, name, "mute")
	if err != nil {
		return err
	}
	return s.cfg.Store.SetMute(ctx, u.ID, o.ID, on, s.now())
}

// Blocks returns the names of the users u blocked.
func (s *Service) Blocks(ctx context.Context, u *domain.User) (api.Users, error) {
	return names(s.cfg.Store.Blocks(ctx, u.ID))
}

// Mutes returns the names of the users u muted.
func (s *Service) Mutes(ctx context.Context, u *domain.User) (api.Users, error) {
	return names(s.cfg.Store.Mutes(ctx, u.ID))
}

func names(us []domain.User, err error) (api.Users, error) {
	out := api.Users{Users: []string{}}
	for _, u := range us {
		out.Users = append(out.Users, u.Name)
	}
	return out, err
}

// Blocked refuses (Forbidden) when either user blocked the other: actor may not join other's
// games, write to them or offer them a rematch.
func (s *Service) Blocked(ctx context.Context, actor, other int64) error {
	if actor == 0 || other == 0 || actor == other {
		return nil
	}
	ab, ba, err := s.cfg.Store.Blocked(ctx, actor, other)
	if err != nil || !ab && !ba {
		return err
	}
	o, err := s.cfg.Store.UserByID(ctx, other)
	if err != nil {
		return err
	}
	if ab {
		return domain.Errorf(domain.Forbidden, "you blocked %s: unblock them first to play or chat with them", o.Name).Words("block.you_blocked", "name", o.Name)
	}
	return domain.Errorf(domain.Forbidden, "%s blocked you: you cannot join their games, offer them a rematch or write to them", o.Name).Words("block.blocked_you", "name", o.Name)
}

// MutedBy returns the users who muted author.
func (s *Service) MutedBy(ctx context.Context, author int64) (map[int64]bool, error) {
	return s.cfg.Store.MutedBy(ctx, author)
}

// Muted returns the users viewer muted.
func (s *Service) Muted(ctx context.Context, viewer int64) (map[int64]bool, error) {
	us, err := s.cfg.Store.Mutes(ctx, viewer)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]bool, len(us))
	for _, u := range us {
		out[u.ID] = true
	}
	return out, nil
}

// CheckChat refuses a chat message u may not write: u muted by a moderator (Forbidden, with
// the mute's end), or a word the operator listed (BadRequest, naming it).
func (s *Service) CheckChat(ctx context.Context, u *domain.User, text string) error {
	ban, err := s.cfg.Store.ChatBanOf(ctx, u.ID)
	if err != nil {
		return err
	}
	if ban.Until.After(s.now()) {
		return domain.Errorf(domain.Forbidden, "a moderator muted you in the chat until %s", ban.Until.Format(time.RFC3339)).Words("chat.muted_until", "until", ban.Until.UTC().Format("2006-01-02 15:04 UTC"))
	}
	words, err := s.cfg.Store.ChatWords(ctx)
	if err != nil || len(words) == 0 {
		return err
	}
	if w := Filtered(text, words); w != "" {
		return domain.Errorf(domain.BadRequest, "the message contains a word this server does not allow in its chat: %q", w).Words("chat.word", "word", w)
	}
	return nil
}

// Filtered returns the first word of text (a run of letters, digits and marks), compared
// case-insensitively, that is one of words (lower case), or "".
func Filtered(text string, words []string) string {
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !wordRune(r) }) {
		if set[strings.ToLower(w)] {
			return w
		}
	}
	return ""
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) }

// cleanWord checks and normalises a word of the filter: letters, digits and marks only,
// lower case.
func cleanWord(w string) (string, error) {
	w = strings.ToLower(strings.TrimSpace(w))
	switch n := utf8.RuneCountInString(w); {
	case n == 0:
		return "", domain.Errorf(domain.BadRequest, "no word given")
	case n > maxWord:
		return "", domain.Errorf(domain.BadRequest, "a word has at most %d characters", maxWord)
	case strings.ContainsFunc(w, func(r rune) bool { return !wordRune(r) }):
		return "", domain.Errorf(domain.BadRequest, "%q is not one word: letters and digits only (the filter matches whole words)", w)
	}
	return w, nil
}

// AddWord adds a word the chat refuses (matched whole and whatever its case).
func (s *Service) AddWord(ctx context.Context, word string) (string, error) {
	w, err := cleanWord(word)
	if err != nil {
		return "", err
	}
	return w, s.cfg.Store.SetChatWord(ctx, w, true)
}

// RemoveWord removes a word from the chat's filter: NotFound when it is not there.
func (s *Service) RemoveWord(ctx context.Context, word string) (string, error) {
	w, err := cleanWord(word)
	if err != nil {
		return "", err
	}
	err = s.cfg.Store.SetChatWord(ctx, w, false)
	if errors.Is(err, domain.ErrNotFound) {
		return w, domain.Errorf(domain.NotFound, "%q is not in the chat's filter", w)
	}
	return w, err
}

// Words returns the words the chat refuses.
func (s *Service) Words(ctx context.Context) ([]string, error) { return s.cfg.Store.ChatWords(ctx) }

// SetModerator gives (on) or takes back the moderator's role of the user of a name (the
// operator's command).
func (s *Service) SetModerator(ctx context.Context, name string, on bool) (domain.User, error) {
	u, err := s.user(ctx, name)
	if err != nil {
		return u, err
	}
	if on && u.Guest {
		return u, domain.Errorf(domain.BadRequest, "%s is a guest: only a registered user may be a moderator", u.Name)
	}
	return u, s.cfg.Store.SetModerator(ctx, u.ID, on, s.now())
}

// IsModerator reports whether u is a moderator.
func (s *Service) IsModerator(ctx context.Context, u *domain.User) (bool, error) {
	if u == nil {
		return false, nil
	}
	return s.cfg.Store.IsModerator(ctx, u.ID)
}

// moderator refuses (Forbidden) a caller who is not a moderator.
func (s *Service) moderator(ctx context.Context, u *domain.User) error {
	ok, err := s.IsModerator(ctx, u)
	if err != nil {
		return err
	}
	if !ok {
		return domain.Errorf(domain.Forbidden, "only moderators may do this").Words("moderation.only")
	}
	return nil
}

// cleanReason trims a reason and bounds it; required says whether it may be empty.
func cleanReason(text string, required bool) (string, error) {
	text = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\n' {
			return ' '
		}
		return r
	}, text))
	switch n := utf8.RuneCountInString(text); {
	case n == 0 && required:
		return "", domain.Errorf(domain.BadRequest, "say why (a reason is required)").Words("report.reason_required")
	case n > MaxReason:
		return "", domain.Errorf(domain.BadRequest, "a reason has at most %d characters (this one has %d)", MaxReason, n).Words("report.reason_long", "max", strconv.Itoa(MaxReason), "n", strconv.Itoa(n))
	case !utf8.ValidString(text):
		return "", domain.Errorf(domain.BadRequest, "the reason is not valid text").Words("report.reason_invalid")
	}
	return text, nil
}

// Report stores u's report of a player, a game or a chat line.
func (s *Service) Report(ctx context.Context, u *domain.User, req api.ReportRequest) (api.Report, error) {
	if u == nil {
		return api.Report{}, domain.Errorf(domain.Unauthorized, "not signed in").Words("account.not_signed_in")
	}
	r := domain.Report{ReporterID: u.ID, Reporter: u.Name, Category: req.Category}
	if !contains(Categories, req.Category) {
		return api.Report{}, domain.Errorf(domain.BadRequest, "category %q: want one of %s", req.Category, strings.Join(Categories, ", ")).Words("report.category", "category", req.Category, "want", strings.Join(Categories, ", "))
	}
	var err error
	if r.Reason, err = cleanReason(req.Reason, true); err != nil {
		return api.Report{}, err
	}
	switch {
	case req.Message != 0:
		m, err := s.cfg.Store.ChatMessage(ctx, req.Message)
		if errors.Is(err, domain.ErrNotFound) {
			return api.Report{}, domain.Errorf(domain.NotFound, "no chat message %d", req.Message)
		}
		if err != nil {
			return api.Report{}, err
		}
		if req.Game != "" && req.Game != m.GameID {
			return api.Report{}, domain.Errorf(domain.BadRequest, "message %d is not in game %s", req.Message, req.Game)
		}
		r.MessageID, r.GameID, r.TargetID, r.Target = m.ID, m.GameID, m.UserID, m.Name
	case req.Game != "":
		g, err := s.cfg.Store.Game(ctx, req.Game)
		if errors.Is(err, domain.ErrNotFound) {
			return api.Report{}, domain.Errorf(domain.NotFound, "no game %s", req.Game)
		}
		if err != nil {
			return api.Report{}, err
		}
		r.GameID = g.ID
		for _, seat := range g.Seats {
			if seat.UserID == 0 {
				continue
			}
			if req.User == "" && seat.UserID != u.ID || req.User != "" && domain.NameKey(req.User) == domain.NameKey(seat.UserName) {
				r.TargetID, r.Target = seat.UserID, seat.UserName
			}
		}
		if r.TargetID == 0 {
			return api.Report{}, domain.Errorf(domain.BadRequest, "name the player of game %s you report", g.ID).Words("report.name_player")
		}
	default:
		o, err := s.user(ctx, req.User)
		if err != nil {
			return api.Report{}, err
		}
		r.TargetID, r.Target = o.ID, o.Name
	}
	if r.TargetID == u.ID {
		return api.Report{}, domain.Errorf(domain.BadRequest, "you cannot report yourself").Words("report.self")
	}
	if !s.reports.Allow(strconv.FormatInt(u.ID, 10), s.now()) {
		return api.Report{}, domain.Errorf(domain.RateLimited, "too many reports: try again in a minute").Words("report.too_many")
	}
	r, err = s.cfg.Store.AddReport(ctx, r, s.now())
	if err != nil {
		return api.Report{}, err
	}
	r.Reporter = u.Name
	return reportWire(r), nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func reportWire(r domain.Report) api.Report {
	return api.Report{ID: r.ID, Reporter: r.Reporter, User: r.Target, Game: r.GameID, Message: r.MessageID,
		Category: r.Category, Reason: r.Reason, Status: r.Status, Created: r.Created, ClosedBy: r.ClosedBy}
}

// Reports returns the reports of a status (open by default; "all" for every one) with their
// context, for a moderator.
func (s *Service) Reports(ctx context.Context, u *domain.User, status string) ([]api.Report, error) {
	if err := s.moderator(ctx, u); err != nil {
		return nil, err
	}
	switch status {
	case "":
		status = "open"
	case "all":
		status = ""
	case "open", "resolved", "dismissed":
	default:
		return nil, domain.Errorf(domain.BadRequest, "status %q: want open, resolved, dismissed or all", status)
	}
	rs, err := s.cfg.Store.Reports(ctx, status, 200)
	if err != nil {
		return nil, err
	}
	out := make([]api.Report, 0, len(rs))
	for _, r := range rs {
		w := reportWire(r)
		if r.GameID != "" {
			if g, err := s.cfg.Store.Game(ctx, r.GameID); err == nil {
				sum := &api.ReportGame{ID: g.ID, Kind: g.Kind, Status: string(g.Status), Players: []string{}}
				for _, seat := range g.Seats {
					switch {
					case seat.UserName != "":
						sum.Players = append(sum.Players, seat.UserName)
					case seat.AI != "":
						sum.Players = append(sum.Players, "AI")
					}
				}
				w.Summary = sum
			} else if !errors.Is(err, domain.ErrNotFound) {
				return nil, err
			}
		}
		if r.MessageID != 0 {
			lines, err := s.cfg.Store.ChatAround(ctx, r.GameID, r.MessageID, contextLines)
			if err != nil {
				return nil, err
			}
			for _, m := range lines {
				w.Lines = append(w.Lines, api.ReportLine{ID: m.ID, Name: m.Name, Body: m.Body, Created: m.Created,
					Hidden: m.Hidden, Reported: m.ID == r.MessageID})
			}
		}
		out = append(out, w)
	}
	return out, nil
}

// Log returns the moderation log, the newest first (entries before an ID; 0: the newest), for
// a moderator.
func (s *Service) Log(ctx context.Context, u *domain.User, before int64) ([]api.ModLogEntry, error) {
	if err := s.moderator(ctx, u); err != nil {
		return nil, err
	}
	as, err := s.cfg.Store.ModLog(ctx, before, 200)
	if err != nil {
		return nil, err
	}
	out := make([]api.ModLogEntry, 0, len(as))
	for _, a := range as {
		out = append(out, logWire(a))
	}
	return out, nil
}

func logWire(a domain.ModAction) api.ModLogEntry {
	e := api.ModLogEntry{ID: a.ID, Moderator: a.Moderator, Action: a.Action, User: a.Target, Report: a.ReportID,
		Message: a.MessageID, Game: a.GameID, Reason: a.Reason, Created: a.Created}
	if !a.Until.IsZero() {
		until := a.Until
		e.Until = &until
	}
	return e
}

// Act does a moderator's action and logs it; the answer is the log's entry.
func (s *Service) Act(ctx context.Context, u *domain.User, req api.ModAction) (api.ModLogEntry, error) {
	if err := s.moderator(ctx, u); err != nil {
		return api.ModLogEntry{}, err
	}
	if !contains(Actions, req.Action) {
		return api.ModLogEntry{}, domain.Errorf(domain.BadRequest, "action %q: want one of %s", req.Action, strings.Join(Actions, ", "))
	}
	required := req.Action == "warn" || req.Action == "mute" || req.Action == "close" || req.Action == "hide"
	reason, err := cleanReason(req.Reason, required)
	if err != nil {
		return api.ModLogEntry{}, err
	}
	now := s.now()
	a := domain.ModAction{ModeratorID: u.ID, Moderator: u.Name, Action: req.Action, Reason: reason, Created: now}
	var report domain.Report
	if req.Report != 0 {
		if report, err = s.cfg.Store.Report(ctx, req.Report); errors.Is(err, domain.ErrNotFound) {
			return api.ModLogEntry{}, domain.Errorf(domain.NotFound, "no report %d", req.Report)
		} else if err != nil {
			return api.ModLogEntry{}, err
		}
		a.ReportID, a.GameID = report.ID, report.GameID
		a.TargetID, a.Target = report.TargetID, report.Target
	}
	// The target: a user named, or the author of the message, or the report's.
	var msg domain.ChatMessage
	switch req.Action {
	case "hide", "unhide":
		id := req.Message
		if id == 0 {
			id = report.MessageID
		}
		if id == 0 {
			return api.ModLogEntry{}, domain.Errorf(domain.BadRequest, "name the chat message to %s", req.Action)
		}
		if msg, err = s.cfg.Store.ChatMessage(ctx, id); errors.Is(err, domain.ErrNotFound) {
			return api.ModLogEntry{}, domain.Errorf(domain.NotFound, "no chat message %d", id)
		} else if err != nil {
			return api.ModLogEntry{}, err
		}
		a.MessageID, a.GameID, a.TargetID, a.Target = msg.ID, msg.GameID, msg.UserID, msg.Name
	case "resolve", "dismiss":
		if req.Report == 0 {
			return api.ModLogEntry{}, domain.Errorf(domain.BadRequest, "name the report to %s", req.Action)
		}
	default:
		if req.User != "" {
			o, err := s.user(ctx, req.User)
			if err != nil {
				return api.ModLogEntry{}, err
			}
			a.TargetID, a.Target = o.ID, o.Name
		}
		if a.TargetID == 0 {
			return api.ModLogEntry{}, domain.Errorf(domain.BadRequest, "name the user to %s", req.Action)
		}
		if a.TargetID == u.ID {
			return api.ModLogEntry{}, domain.Errorf(domain.BadRequest, "a moderator does not %s themselves", req.Action)
		}
	}
	st := s.cfg.Store
	switch req.Action {
	case "warn":
		err = st.AddModAction(ctx, a)
		if err == nil && s.cfg.Notes != nil {
			err = s.cfg.Notes.Notify(ctx, []domain.Notification{{UserID: a.TargetID, Kind: "warning",
				Message: "A moderator warns you: " + reason, Key: fmt.Sprintf("warning:%d", now.UnixNano()),
				Words: "note.warning", Args: map[string]string{"reason": reason}}})
		}
	case "hide", "unhide":
		by := u.ID
		if req.Action == "unhide" {
			by = 0
		}
		if err = st.SetChatHidden(ctx, msg.ID, by, a); err == nil && s.cfg.Chat != nil {
			s.cfg.Chat.ChatChanged(ctx, msg.GameID, msg.ID)
		}
	case "mute":
		if req.Minutes < 1 || req.Minutes > MaxMuteMinutes {
			return api.ModLogEntry{}, domain.Errorf(domain.BadRequest, "a mute lasts 1 to %d minutes, not %d", MaxMuteMinutes, req.Minutes).Words("moderation.mute_minutes", "max", strconv.Itoa(MaxMuteMinutes), "minutes", strconv.Itoa(req.Minutes))
		}
		a.Until = now.Add(time.Duration(req.Minutes) * time.Minute)
		err = st.SetChatBan(ctx, domain.ChatBan{UserID: a.TargetID, Until: a.Until, ByID: u.ID, Reason: reason}, a)
	case "unmute":
		err = st.SetChatBan(ctx, domain.ChatBan{UserID: a.TargetID}, a)
	case "close", "reinstate":
		if s.cfg.Accounts == nil {
			return api.ModLogEntry{}, domain.Errorf(domain.Unavailable, "accounts cannot be closed here")
		}
		if req.Action == "close" {
			err = s.cfg.Accounts.Suspend(ctx, a.TargetID, reason)
		} else {
			err = s.cfg.Accounts.Reinstate(ctx, a.TargetID)
		}
		if err == nil {
			err = st.AddModAction(ctx, a)
		}
	case "resolve", "dismiss":
		status := map[string]string{"resolve": "resolved", "dismiss": "dismissed"}[req.Action]
		err = st.CloseReport(ctx, req.Report, status, a)
		if errors.Is(err, domain.ErrConflict) {
			return api.ModLogEntry{}, domain.Errorf(domain.Conflict, "report %d is already closed", req.Report).Words("moderation.report_closed", "report", strconv.FormatInt(req.Report, 10))
		}
	}
	if err != nil {
		return api.ModLogEntry{}, err
	}
	return logWire(a), nil
}
