package notify

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"

	"turncoat/domain"
	"turncoat/platform/mail"
)

// List returns a user's notifications, the newest first (before: only those with a smaller ID;
// 0 from the newest), only the unread if asked, at most limit (1 to 500), and how many of all
// their notifications are unread.
func (s *Service) List(ctx context.Context, u *domain.User, before int64, unreadOnly bool, limit int) ([]domain.Notification, int, error) {
	if u == nil {
		return nil, 0, domain.Errorf(domain.Unauthorized, "sign in to see your notifications")
	}
	if before < 0 {
		return nil, 0, domain.Errorf(domain.BadRequest, "before=%d: want a notification id", before)
	}
	if limit < 1 || limit > 500 {
		return nil, 0, domain.Errorf(domain.BadRequest, "limit=%d: want 1 to 500", limit)
	}
	notes, err := s.cfg.Store.Notifications(ctx, u.ID, before, unreadOnly, limit)
	if err != nil {
		return nil, 0, err
	}
	unread, err := s.cfg.Store.UnreadCount(ctx, u.ID)
	if err != nil {
		return nil, 0, err
	}
	return notes, unread, nil
}

// MarkRead marks a user's notifications read (every one when ids is empty; at most 500 ids) and
// returns how many changed.
func (s *Service) MarkRead(ctx context.Context, u *domain.User, ids []int64) (int, error) {
	if u == nil {
		return 0, domain.Errorf(domain.Unauthorized, "sign in to see your notifications")
	}
	if len(ids) > 500 {
		return 0, domain.Errorf(domain.BadRequest, "at most 500 ids at once")
	}
	return s.cfg.Store.MarkRead(ctx, u.ID, ids, s.now())
}

// SetEmail sets the address a registered user's notices are mailed to ("" clears it) and, when
// lang is not empty, their language (en, pt, es).
func (s *Service) SetEmail(ctx context.Context, u *domain.User, email, lang string) error {
	if u == nil || u.Guest {
		return domain.Errorf(domain.Unauthorized, "sign in with a registered account to get reminders by mail")
	}
	if len(email) > 254 || email != "" && !ValidEmail(email) {
		return domain.Errorf(domain.BadRequest, "%q is not an e-mail address", email)
	}
	if lang != "" && !mail.KnowsLanguage(lang) {
		return domain.Errorf(domain.BadRequest, "lang %q: want en, pt or es", lang)
	}
	if err := s.cfg.Store.SetEmail(ctx, u.ID, email); err != nil {
		return err
	}
	if lang != "" {
		return s.cfg.Store.SetMailLang(ctx, u.ID, lang)
	}
	return nil
}

// MailSettings returns a registered user's address, language and the kinds unsubscribed from.
func (s *Service) MailSettings(ctx context.Context, u *domain.User) (domain.MailSettings, error) {
	if u == nil || u.Guest {
		return domain.MailSettings{}, domain.Errorf(domain.Unauthorized, "sign in with a registered account to get notices by mail")
	}
	set, err := s.cfg.Store.MailSettings(ctx, u.ID)
	if err != nil {
		return domain.MailSettings{}, err
	}
	if set.Off == nil {
		set.Off = []string{}
	}
	set.Token = "" // the secret of the links stays in the mails
	return set, nil
}

// Unsubscribe answers an unsubscribe link (user, kind of notice, the link's secret): stop stops
// the kind's mails (the page's button, a mail client's one-click unsubscription); without it
// nothing changes (a link opened by a mail scanner stops nothing). It returns the page's words
// in the user's language.
func (s *Service) Unsubscribe(ctx context.Context, userID int64, kind, token string, stop bool) (mail.Unsubscribing, error) {
	if userID < 1 || !mail.Mailed(kind) || token == "" {
		return mail.Unsubscribing{}, domain.Errorf(domain.BadRequest, "this unsubscribe link is not whole: open the one in the mail").Words("unsubscribe.partial")
	}
	// The link is checked before anything is stored: a user without a secret (or no user at
	// all) has no valid link, and reading the secret writes nothing.
	secret, err := s.cfg.Store.MailSecret(ctx, userID)
	if err != nil {
		return mail.Unsubscribing{}, err
	}
	if secret == "" || subtle.ConstantTimeCompare([]byte(KindToken(secret, userID, kind)), []byte(token)) != 1 {
		return mail.Unsubscribing{}, domain.Errorf(domain.Forbidden, "this unsubscribe link is not valid").Words("unsubscribe.invalid")
	}
	set, err := s.cfg.Store.MailSettings(ctx, userID) // the user has a secret: this reads only
	if err != nil {
		return mail.Unsubscribing{}, err
	}
	if stop {
		if err := s.cfg.Store.SetMailOff(ctx, userID, kind, true); err != nil {
			return mail.Unsubscribing{}, err
		}
	}
	return mail.UnsubscribingFrom(kind, set.Lang), nil
}

// KindToken is the token of a user's unsubscribe links of one kind of notice: an HMAC-SHA256
// of the user's id and the kind under the user's secret, so that a link stops only its own
// kind and tells nothing of the secret or of the other kinds' tokens.
func KindToken(secret string, userID int64, kind string) string {
	m := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(m, "unsubscribe\x00%d\x00%s", userID, kind)
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:20])
}

// ValidEmail checks the shape of an address: something, one @, a domain with a dot, no spaces.
func ValidEmail(e string) bool {
	at := -1
	for i, r := range e {
		switch {
		case r <= ' ' || r == 0x7f:
			return false
		case r == '@':
			if at >= 0 {
				return false
			}
			at = i
		}
	}
	if at < 1 || at == len(e)-1 {
		return false
	}
	host := e[at+1:]
	for i := 1; i < len(host)-1; i++ {
		if host[i] == '.' {
			return true
		}
	}
	return false
}
