// Package notify is the notices' service: a notification is stored with the mail job that
// follows it in one transaction, unique by its key (a job that notifies again after a crash or
// a retry stores nothing twice), pushed to its user's live connections on every instance, and
// mailed by a durable job in the user's language with the board's picture inline, when the user
// gave an address and did not unsubscribe from its kind. The decision to mail is here; what a
// mail says is package mail's; the connections and the pictures are the adapter's (ports).
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"time"

	"github.com/riverqueue/river"

	"turncoat/domain"
	"turncoat/internal/crashpoint"
	"turncoat/platform/clock"
	"turncoat/platform/jobs"
	"turncoat/platform/mail"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests can run against an in-memory fake.
type Store interface {
	// AddNotifications stores notifications, those whose key their user has already left out,
	// with the jobs then gives for each one stored, in one transaction.
	AddNotifications(ctx context.Context, notes []domain.Notification, now time.Time,
		then func(domain.Notification) []domain.Job) ([]domain.Notification, error)
	// NotificationByID returns one notification.
	NotificationByID(ctx context.Context, id int64) (domain.Notification, error)
	// Notifications returns a user's notifications, the newest first: those with an ID below
	// before (0: from the newest), only the unread ones if asked, at most limit.
	Notifications(ctx context.Context, userID int64, before int64, unreadOnly bool, limit int) ([]domain.Notification, error)
	// UnreadCount returns the number of a user's unread notifications.
	UnreadCount(ctx context.Context, userID int64) (int, error)
	// MarkRead marks a user's notifications read (all of them when ids is empty).
	MarkRead(ctx context.Context, userID int64, ids []int64, now time.Time) (int, error)
	// Email returns a user's address ("" when none is set).
	Email(ctx context.Context, userID int64) (string, error)
	// SetEmail sets a user's address ("" clears it).
	SetEmail(ctx context.Context, userID int64, email string) error
	// MailSettings returns what a user's mail says and which of it they want, giving the user
	// an unsubscribe secret on first use.
	MailSettings(ctx context.Context, userID int64) (domain.MailSettings, error)
	// MailSecret returns a user's unsubscribe secret ("" when they have none, or there is no
	// such user), storing nothing.
	MailSecret(ctx context.Context, userID int64) (string, error)
	// SetMailLang sets the language of a user's mail.
	SetMailLang(ctx context.Context, userID int64, lang string) error
	// SetMailOff stops (or starts again) a kind of notice by mail.
	SetMailOff(ctx context.Context, userID int64, kind string, off bool) error
	// UserByID returns a user.
	UserByID(ctx context.Context, id int64) (domain.User, error)
}

// Pusher is this instance's live connections (the adapter's sockets).
type Pusher interface {
	// PushNotification sends a notification to its user's open connections, if any.
	PushNotification(n domain.Notification)
	// Follows tells whether the user has a live connection here.
	Follows(userID int64) bool
}

// Pictures draws what a notice's mail shows: a game's board or a tournament round's boards
// (nil when there is nothing to draw).
type Pictures interface {
	MailPicture(ctx context.Context, gameID, tournamentID string) (*mail.Picture, error)
}

// Mail is one e-mail.
type Mail struct {
	// To is the address ("" when the user gave none: a real sender then sends nothing).
	To       string
	UserName string
	Subject  string
	// Body is the plain text; HTML, when set, its alternative, which shows Inline's pictures
	// (by their content IDs).
	Body   string
	HTML   string
	Inline []mail.Inline
	// Kind is the kind of notice, and Unsubscribe the link that stops its mails ("" for none).
	Kind        string
	Unsubscribe string
	// MessageID is the mail's Message-ID, one per notice: the same when a mail is sent again.
	MessageID string
}

// MessageID is the Message-ID of a notice's mail (without its angle brackets): notice-ID@host,
// the host of the public URL ("turncoat.invalid" without one).
func MessageID(noticeID int64, publicURL string) string {
	host := "turncoat.invalid"
	if u, err := url.Parse(publicURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	return fmt.Sprintf("notice-%d@%s", noticeID, host)
}

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// Config sets up the service.
type Config struct {
	Store Store
	Log   *slog.Logger
	Clock clock.Clock
	// Mailer sends the mails (default: they are logged).
	Mailer Mailer
	// PublicURL is what the mails' links start with.
	PublicURL string
	// Shared tells that several instances share the store: a notification reaches the
	// connections through every instance's listener (Remote), not straight from Notify.
	Shared bool
	// Push is this instance's live connections, Pictures the boards' pictures (both may be set
	// after New, before the first notice: the adapter that holds them is made after the
	// services).
	Push     Pusher
	Pictures Pictures
}

// Service is the notices' service.
type Service struct {
	cfg Config
	log *slog.Logger
	clk clock.Clock
}

// New returns the service.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.Mailer == nil {
		cfg.Mailer = LogMailer{Log: cfg.Log}
	}
	return &Service{cfg: cfg, log: cfg.Log, clk: cfg.Clock}
}

// Attach gives the service the adapter's connections and pictures (made after the services).
func (s *Service) Attach(push Pusher, pictures Pictures) {
	s.cfg.Push, s.cfg.Pictures = push, pictures
}

func (s *Service) now() time.Time { return s.clk.Now().UTC() }

// Notify stores notifications with their mail jobs, in one transaction, and pushes those stored
// to their users' connections: at once with one instance, through every instance's listener
// when several share the store. A notification whose key its user already has is not stored
// nor pushed again. An error stored nothing: the caller's job is tried again.
func (s *Service) Notify(ctx context.Context, notes []domain.Notification) error {
	if len(notes) == 0 {
		return nil
	}
	addressed, err := s.addressed(ctx, notes)
	if err != nil {
		return err
	}
	stored, err := s.cfg.Store.AddNotifications(ctx, notes, s.now(), func(n domain.Notification) []domain.Job {
		if !MailsFor(n, addressed[n.UserID]) {
			return nil
		}
		return []domain.Job{jobs.At(jobs.Mail{Note: n.ID, User: n.UserID, Notice: n.Kind, Game: n.GameID,
			Tournament: n.TournamentID, Message: n.Message, Words: n.Words, Args: argsJSON(n.Args)}, time.Time{})}
	})
	if err != nil {
		return err
	}
	crashpoint.Hit(crashpoint.Noticed)
	if s.cfg.Shared || s.cfg.Push == nil {
		return nil
	}
	for _, n := range stored {
		s.cfg.Push.PushNotification(n)
	}
	return nil
}

// addressed says which users of the notes' mailed kinds gave an address.
func (s *Service) addressed(ctx context.Context, notes []domain.Notification) (map[int64]bool, error) {
	out := map[int64]bool{}
	for _, n := range notes {
		if _, seen := out[n.UserID]; seen || !mail.Mailed(n.Kind) {
			continue
		}
		email, err := s.cfg.Store.Email(ctx, n.UserID)
		if err != nil {
			return nil, err
		}
		out[n.UserID] = email != ""
	}
	return out, nil
}

// MailsFor is the decision to mail a notification: a kind that is mailed, to a user with an
// address; a reminder always, so that a log-only mailer shows it (the mail job still sends
// nothing to a user without an address, nor of a kind they unsubscribed from).
func MailsFor(n domain.Notification, hasAddress bool) bool {
	if !mail.Mailed(n.Kind) {
		return false
	}
	return hasAddress || n.Kind == "reminder"
}

// Remote pushes a notification stored by any instance to this instance's connections of its
// user.
func (s *Service) Remote(userID, id int64) {
	if s.cfg.Push == nil || !s.cfg.Push.Follows(userID) {
		return
	}
	n, err := s.cfg.Store.NotificationByID(context.Background(), id)
	if err != nil {
		return
	}
	s.cfg.Push.PushNotification(n)
}

// Workers registers the mail job's worker.
func (s *Service) Workers(ws *river.Workers) { jobs.AddWorker(ws, s.WorkMail) }

// WorkMail mails a notification; an error (the mail server refused or did not answer) has the
// job tried again.
func (s *Service) WorkMail(ctx context.Context, a jobs.Mail) error {
	set, err := s.cfg.Store.MailSettings(ctx, a.User)
	if err != nil {
		return err
	}
	if slices.Contains(set.Off, a.Notice) || set.Email == "" && a.Notice != "reminder" {
		return nil
	}
	usr, err := s.cfg.Store.UserByID(ctx, a.User)
	if err != nil {
		return err
	}
	m := s.compose(ctx, a, set)
	m.To, m.UserName = set.Email, usr.Name
	// A mail sent again (the job stopped after the send: a crash) is the same message: mail
	// clients show one.
	m.MessageID = MessageID(a.Note, s.cfg.PublicURL)
	if err := s.cfg.Mailer.Send(ctx, m); err != nil {
		s.log.Warn("sending a mail (it will be tried again)", "user", usr.Name, "kind", a.Notice, "error", err)
		return err
	}
	crashpoint.Hit(crashpoint.Mailed)
	return nil
}

// compose writes a notice's mail in the user's language, with the board's picture (a mail
// without its picture still goes).
func (s *Service) compose(ctx context.Context, a jobs.Mail, set domain.MailSettings) Mail {
	var picture *mail.Picture
	if s.cfg.Pictures != nil {
		p, err := s.cfg.Pictures.MailPicture(ctx, a.Game, a.Tournament)
		if err != nil {
			s.log.Warn("a mail's picture", "kind", a.Notice, "error", err)
		}
		picture = p
	}
	m := mail.Compose(mail.Notice{Kind: a.Notice, User: a.User, Message: a.Message, Words: a.Words, Args: argsOf(a.Args), Game: a.Game, Tournament: a.Tournament},
		set.Lang, s.cfg.PublicURL, KindToken(set.Token, a.User, a.Notice), picture)
	return Mail{Kind: a.Notice, Subject: m.Subject, Body: m.Text, HTML: m.HTML, Inline: m.Inline, Unsubscribe: m.Unsubscribe}
}

// LogMailer is the default Mailer: it logs the mail instead of sending it.
type LogMailer struct{ Log *slog.Logger }

// Send logs m.
func (l LogMailer) Send(ctx context.Context, m Mail) error {
	l.Log.Info("mail (not sent: log-only mailer)", "to", m.To, "user", m.UserName, "subject", m.Subject, "id", m.MessageID)
	return nil
}

// SMTPMailer returns a Mailer that sends through an SMTP server (a mail without an address is
// not sent).
func SMTPMailer(s *mail.Sender) Mailer { return smtpMailer{s} }

type smtpMailer struct{ s *mail.Sender }

func (m smtpMailer) Send(ctx context.Context, ml Mail) error {
	if ml.To == "" {
		return nil
	}
	return m.s.Send(ctx, mail.Message{To: ml.To, UserName: ml.UserName, Subject: ml.Subject, Text: ml.Body, HTML: ml.HTML,
		Inline: ml.Inline, Unsubscribe: ml.Unsubscribe, ID: ml.MessageID})
}

// argsJSON is a notice's sentence's arguments as a mail job keeps them ("" when none).
func argsJSON(args map[string]string) string {
	if len(args) == 0 {
		return ""
	}
	b, _ := json.Marshal(args)
	return string(b)
}

// argsOf reads argsJSON's text (nil when it is not an object of strings).
func argsOf(s string) map[string]string {
	var args map[string]string
	if s != "" {
		json.Unmarshal([]byte(s), &args)
	}
	return args
}
