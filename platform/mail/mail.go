// Package mail sends the service's e-mail over SMTP: a message in plain text and HTML, with
// pictures inline (referenced from the HTML by their content IDs) and a one-click unsubscribe
// link (RFC 8058), to a submission server named by a URL: smtp://user:pass@host:587 (STARTTLS,
// required) or smtps://user:pass@host:465 (TLS from the first byte).
package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail to one person.
type Message struct {
	// To is the address and UserName the person's name (both in the To header).
	To, UserName string
	Subject      string
	// Text is the plain text body; HTML, when set, is its alternative.
	Text, HTML string
	// Inline are the pictures the HTML shows (<img src="cid:ID">).
	Inline []Inline
	// Unsubscribe is the URL that stops this kind of mail ("" for none): a List-Unsubscribe
	// header, one-click (RFC 8058) when it is https.
	Unsubscribe string
	// ID is the Message-ID without its angle brackets ("": a new one), the same when the
	// same message is sent again.
	ID string
}

// Inline is a picture inside a message.
type Inline struct {
	// ID is its content ID, Name its file name, Type its media type (image/png).
	ID, Name, Type string
	Data           []byte
}

// Config is a submission server and how to reach it.
type Config struct {
	Host string
	Port int
	// ImplicitTLS speaks TLS from the first byte (smtps); otherwise STARTTLS is required.
	ImplicitTLS bool
	// Username and Password authenticate (none when Username is empty).
	Username, Password string
	// From is the sender's address.
	From string
	// TLS, when set, is the TLS configuration (tests trust their own certificate with it).
	TLS *tls.Config
	// Timeout bounds a connection and each of its commands (default 30 s).
	Timeout time.Duration
}

// Parse reads a server's URL: smtp://[user[:pass]@]host[:port] (STARTTLS, port 587 by
// default) or smtps://... (TLS, port 465 by default); ?from=address sets the sender (default:
// the user name when it is an address, else turncoat@host).
func Parse(s string) (Config, error) {
	u, err := url.Parse(s)
	if err != nil {
		return Config{}, fmt.Errorf("mail server %q: %w", redact(s), err)
	}
	var c Config
	switch u.Scheme {
	case "smtp":
		c.Port = 587
	case "smtps":
		c.Port, c.ImplicitTLS = 465, true
	default:
		return Config{}, fmt.Errorf("mail server %q: want smtp://user:pass@host:port (STARTTLS) or smtps://... (TLS)", redact(s))
	}
	c.Host = u.Hostname()
	if c.Host == "" {
		return Config{}, fmt.Errorf("mail server %q: no host", redact(s))
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return Config{}, fmt.Errorf("mail server %q: port %q", redact(s), p)
		}
		c.Port = n
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
	}
	q := u.Query()
	for k := range q {
		if k != "from" {
			return Config{}, fmt.Errorf("mail server %q: unknown parameter %q (only from)", redact(s), k)
		}
	}
	switch {
	case q.Get("from") != "":
		c.From = q.Get("from")
	case strings.Contains(c.Username, "@"):
		c.From = c.Username
	default:
		c.From = "turncoat@" + c.Host
	}
	if !strings.Contains(c.From, "@") {
		return Config{}, fmt.Errorf("mail server %q: sender %q is not an address", redact(s), c.From)
	}
	return c, nil
}

// redact hides a URL's password.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// Sender sends messages through one server, one connection a message.
type Sender struct {
	cfg Config
}

// New returns a sender through the server of cfg.
func New(cfg Config) *Sender {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	return &Sender{cfg: cfg}
}

// String names the server (without the password), for logs.
func (s *Sender) String() string {
	scheme := "smtp"
	if s.cfg.ImplicitTLS {
		scheme = "smtps"
	}
	return scheme + "://" + net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
}

// ErrNoAddress is the error of a message without a recipient.
var ErrNoAddress = errors.New("mail: no recipient address")

// Build returns m as the message it sends.
func (s *Sender) Build(m Message) (*gomail.Msg, error) {
	if m.To == "" {
		return nil, ErrNoAddress
	}
	msg := gomail.NewMsg()
	if err := msg.FromFormat("Turncoat", s.cfg.From); err != nil {
		return nil, fmt.Errorf("mail: sender: %w", err)
	}
	if err := msg.AddToFormat(m.UserName, m.To); err != nil {
		return nil, fmt.Errorf("mail: recipient: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.ID != "" {
		msg.SetMessageIDWithValue(m.ID)
	} else {
		msg.SetMessageID()
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for _, in := range m.Inline {
		if err := msg.EmbedReader(in.Name, bytes.NewReader(in.Data), gomail.WithFileContentID(in.ID),
			gomail.WithFileContentType(gomail.ContentType(in.Type))); err != nil {
			return nil, fmt.Errorf("mail: picture %s: %w", in.Name, err)
		}
	}
	if m.Unsubscribe != "" {
		if strings.HasPrefix(m.Unsubscribe, "https://") {
			if err := msg.SetListUnsubscribeOneClick(m.Unsubscribe); err != nil {
				return nil, fmt.Errorf("mail: %w", err)
			}
		} else {
			msg.SetListUnsubscribe(m.Unsubscribe)
		}
	}
	return msg, nil
}

// Send sends m; an error (the server unreachable, refusing) leaves it to the caller to try
// again.
func (s *Sender) Send(ctx context.Context, m Message) error {
	msg, err := s.Build(m)
	if err != nil {
		return err
	}
	opts := []gomail.Option{gomail.WithPort(s.cfg.Port), gomail.WithTimeout(s.cfg.Timeout)}
	if s.cfg.ImplicitTLS {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.cfg.TLS != nil {
		opts = append(opts, gomail.WithTLSConfig(s.cfg.TLS))
	} else {
		opts = append(opts, gomail.WithTLSConfig(&tls.Config{ServerName: s.cfg.Host, MinVersion: tls.VersionTLS12}))
	}
	if s.cfg.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.cfg.Username), gomail.WithPassword(s.cfg.Password))
	}
	c, err := gomail.NewClient(s.cfg.Host, opts...)
	if err != nil {
		return fmt.Errorf("mail: %s: %w", s, err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: sending through %s: %w", s, err)
	}
	return nil
}
