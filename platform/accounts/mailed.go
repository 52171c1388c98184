package accounts

import (
	"context"
	"crypto/rand"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"turncoat/domain"
	"turncoat/platform/mail"
	"turncoat/platform/notify"
)

// Addresses and passwords by mail. An address given is pending until its owner follows the link
// mailed to it (EmailLinkTTL, once); until then notices go to the confirmed address, if any (the
// store keeps only confirmed addresses where the notices look). A forgotten password is set
// again through a link mailed to the account's confirmed address (ResetLinkTTL, once), which
// ends every session and API token of the account. Links are kept by the hash of their secret.
const (
	// EmailLinkTTL is how long an address's confirmation link works; ResetLinkTTL a password
	// reset link.
	EmailLinkTTL = 24 * time.Hour
	ResetLinkTTL = 30 * time.Minute
	// Mails of links an hour: confirmations per account or address, resets per account and per
	// address (counted in the store: the same on every instance).
	confirmsPerHour = 5
	resetsPerHour   = 3
)

// Attachments are what the service is handed once the program is wired: the game service
// (which ends a closing account's games), the mail sender, and the adapter that closes the
// connections of ended credentials.
type Attachments struct {
	Games  Games
	Mailer Mailer
	Ended  Ended
}

// Attach sets what the service is handed after it is made (before the first request).
func (s *Service) Attach(a Attachments) { s.att = a }

func (s *Service) ended(hashes []string) {
	if s.att.Ended != nil && len(hashes) > 0 {
		s.att.Ended(hashes)
	}
}

func (s *Service) send(ctx context.Context, m mail.Message) error {
	if s.att.Mailer == nil {
		return nil
	}
	return s.att.Mailer.Send(ctx, m)
}

// registered returns an error unless u is a registered account's user.
func registered(u *domain.User, what, key string) error {
	if u == nil || u.Guest {
		return domain.Errorf(domain.Unauthorized, "sign in with a registered account to %s", what).Words(key)
	}
	return nil
}

// PendingEmail returns the address of a user that waits for its confirmation and until when
// its link works ("" when none waits).
func (s *Service) PendingEmail(ctx context.Context, u *domain.User) (string, time.Time, error) {
	if err := registered(u, "get notices by mail", "registered.mail"); err != nil {
		return "", time.Time{}, err
	}
	l, err := s.store.PendingEmail(ctx, u.ID, s.now())
	if errors.Is(err, domain.ErrNotFound) {
		return "", time.Time{}, nil
	}
	return l.Email, l.Expires, err
}

// SetEmail sets the language of a registered user's mail (when lang is not empty: en, pt, es)
// and asks to confirm a new address: a link to base/confirm-email is mailed to it, and the
// address stays pending (the confirmed one, if any, keeps the notices) until it is followed.
// The same address again mails a new link (the old one stops working); the confirmed address
// asks nothing; "" clears the address, confirmed and pending.
func (s *Service) SetEmail(ctx context.Context, u *domain.User, email, lang, base string) error {
	if err := registered(u, "get notices by mail", "registered.mail"); err != nil {
		return err
	}
	email = strings.TrimSpace(email)
	if len(email) > 254 || email != "" && !notify.ValidEmail(email) {
		return domain.Errorf(domain.BadRequest, "%q is not an e-mail address", email).Words("mail.bad_address", "email", email)
	}
	if lang != "" && !mail.KnowsLanguage(lang) {
		return domain.Errorf(domain.BadRequest, "lang %q: want en, pt or es", lang).Words("mail.bad_lang", "lang", lang)
	}
	if lang != "" {
		if err := s.store.SetMailLang(ctx, u.ID, lang); err != nil {
			return err
		}
	}
	if email == "" {
		return s.store.SetEmail(ctx, u.ID, "")
	}
	set, err := s.store.MailSettings(ctx, u.ID)
	if err != nil {
		return err
	}
	if strings.EqualFold(set.Email, email) {
		return nil
	}
	now := s.now()
	n, err := s.store.RecentLinks(ctx, u.ID, email, domain.LinkEmail, now.Add(-time.Hour))
	if err != nil {
		return err
	}
	if n >= confirmsPerHour {
		return domain.Errorf(domain.RateLimited, "too many confirmation mails (%d in an hour): try again later", n).Words("mail.too_many", "n", strconv.Itoa(n))
	}
	token := rand.Text()
	if err := s.store.AddAccountLink(ctx, domain.AccountLink{Hash: domain.HashToken(token), UserID: u.ID, Purpose: domain.LinkEmail,
		Email: email, Created: now, Expires: now.Add(EmailLinkTTL)}); err != nil {
		return err
	}
	m := mail.AccountMail(mail.ConfirmEmail, set.Lang, u.Name, base+"/confirm-email?t="+url.QueryEscape(token), int(EmailLinkTTL/time.Minute))
	m.To = email
	if err := s.send(ctx, m); err != nil {
		return domain.Errorf(domain.Unavailable, "the confirmation mail could not be sent: ask again later (%w)", err).Words("mail.not_sent")
	}
	return nil
}

// ConfirmEmail follows an address's confirmation link: its address becomes its user's (the
// notices go to it from now on). It returns the address.
func (s *Service) ConfirmEmail(ctx context.Context, token string) (string, error) {
	if token == "" || len(token) > 100 {
		return "", domain.Errorf(domain.BadRequest, "this link is not whole: open the one in the mail").Words("link.partial")
	}
	l, err := s.store.ConfirmEmail(ctx, domain.HashToken(token), s.now())
	if errors.Is(err, domain.ErrNotFound) {
		return "", domain.Errorf(domain.LinkInvalid, "this confirmation link is unknown, used already or expired: ask for a new one from your account page").Words("link.confirm_invalid")
	}
	return l.Email, err
}

// ForgotPassword mails a password reset link (to base/reset-password) to the confirmed address
// of the account named who, or of every account whose confirmed address is who. Its answer is
// the same whether such an account exists or not, has an address or not, or was sent too many
// links already (three an hour per account and per address): nil, or BadRequest for an empty
// or overlong who. A mail that cannot be sent is not told either.
func (s *Service) ForgotPassword(ctx context.Context, who, base string) error {
	who = strings.TrimSpace(who)
	if who == "" || len(who) > 254 {
		return domain.Errorf(domain.BadRequest, "give your name or your address").Words("reset.who")
	}
	var users []domain.User
	if strings.Contains(who, "@") {
		var err error
		if users, err = s.store.UsersByEmail(ctx, who); err != nil {
			return err
		}
	} else {
		u, _, err := s.store.UserByName(ctx, who)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		if err == nil {
			users = append(users, u)
		}
	}
	now := s.now()
	for _, u := range users {
		if u.Guest || u.Closed || u.Suspended {
			continue
		}
		set, err := s.store.MailSettings(ctx, u.ID)
		if err != nil {
			return err
		}
		if set.Email == "" {
			continue
		}
		n, err := s.store.RecentLinks(ctx, u.ID, set.Email, domain.LinkReset, now.Add(-time.Hour))
		if err != nil {
			return err
		}
		if n >= resetsPerHour {
			continue
		}
		token := rand.Text()
		if err := s.store.AddAccountLink(ctx, domain.AccountLink{Hash: domain.HashToken(token), UserID: u.ID, Purpose: domain.LinkReset,
			Email: set.Email, Created: now, Expires: now.Add(ResetLinkTTL)}); err != nil {
			return err
		}
		m := mail.AccountMail(mail.ResetPassword, set.Lang, u.Name, base+"/reset-password?t="+url.QueryEscape(token), int(ResetLinkTTL/time.Minute))
		m.To = set.Email
		_ = s.send(ctx, m) // not told: the answer would tell that the account exists
	}
	return nil
}

// ResetPassword follows a password reset link: the password becomes password (refused as at
// sign-up when it is common or the name), and every session and API token of the account ends.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if token == "" || len(token) > 100 {
		return domain.Errorf(domain.BadRequest, "this link is not whole: open the one in the mail").Words("link.partial")
	}
	invalid := domain.Errorf(domain.LinkInvalid, "this password reset link is unknown, used already or expired: ask for a new one").Words("link.reset_invalid")
	hash := domain.HashToken(token)
	l, err := s.store.AccountLink(ctx, hash)
	if errors.Is(err, domain.ErrNotFound) || err == nil && (l.Purpose != domain.LinkReset || !l.Used.IsZero() || !s.now().Before(l.Expires)) {
		return invalid
	}
	if err != nil {
		return err
	}
	u, err := s.store.UserByID(ctx, l.UserID)
	if err != nil {
		return err
	}
	if err := validPassword(u.Name, password); err != nil {
		return err
	}
	ph, err := s.hashPassword(ctx, password)
	if err != nil {
		return err
	}
	_, ended, err := s.store.ResetPassword(ctx, hash, ph, s.now())
	if errors.Is(err, domain.ErrNotFound) {
		return invalid
	}
	if err != nil {
		return err
	}
	s.ended(ended)
	return nil
}

// checkOwn checks a registered user's password, with the log-in's back-off per account.
func (s *Service) checkOwn(ctx context.Context, u *domain.User, password string) error {
	key := domain.NameKey(u.Name)
	wait, ok := s.logins.begin(key, s.now())
	if !ok {
		e := domain.Errorf(domain.LoginBackoff, "too many wrong passwords for this account: try again in %d s", int((wait+time.Second-1)/time.Second)).Words("account.login_backoff", "seconds", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
		e.Err = &Backoff{Wait: wait}
		return e
	}
	_, hash, err := s.store.UserByName(ctx, u.Name)
	ok = false
	if err == nil && hash != "" {
		ok, err = s.checkPassword(ctx, password, hash)
	}
	s.logins.end(key, ok, s.now())
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	if !ok {
		return domain.Errorf(domain.BadLogin, "wrong password").Words("account.wrong_password")
	}
	return nil
}

// ChangePassword sets a registered user's password, given the current one: every other session
// ends, the caller's own (cr, when a session) goes on; API tokens go on (log out everywhere
// revokes them).
func (s *Service) ChangePassword(ctx context.Context, u *domain.User, cr *Credential, old, password string) error {
	if err := registered(u, "change your password", "registered.password"); err != nil {
		return err
	}
	if err := validPassword(u.Name, password); err != nil {
		return err
	}
	if err := s.checkOwn(ctx, u, old); err != nil {
		return err
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return err
	}
	if err := s.store.SetPassword(ctx, u.ID, u.Name, hash); err != nil {
		return err
	}
	keep := ""
	if cr != nil && !cr.Token {
		keep = cr.Hash
	}
	ended, err := s.store.EndCredentials(ctx, u.ID, keep, false)
	s.ended(ended)
	return err
}

// LogOutEverywhere ends every session of a user, the caller's own included, and revokes every
// API token: whatever signed in as the user, anywhere, is signed out.
func (s *Service) LogOutEverywhere(ctx context.Context, u *domain.User) error {
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "not signed in").Words("account.not_signed_in")
	}
	ended, err := s.store.EndCredentials(ctx, u.ID, "", true)
	s.ended(ended)
	return err
}
