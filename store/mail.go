package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"turncoat/domain"
)

// MailSettings returns a user's mail settings, giving the user an unsubscribe token on first
// use.
func (s *Store) MailSettings(ctx context.Context, userID int64) (domain.MailSettings, error) {
	var m domain.MailSettings
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var email, lang, off, token sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT email, mail_lang, mail_off, mail_token FROM user_settings WHERE user_id = $1`, userID).
			Scan(&email, &lang, &off, &token)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		m = domain.MailSettings{Email: email.String, Lang: lang.String, Token: token.String}
		if off.String != "" {
			m.Off = strings.Split(off.String, ",")
		}
		if m.Token != "" {
			return nil
		}
		m.Token = rand.Text()
		_, err = tx.ExecContext(ctx, `INSERT INTO user_settings (user_id, mail_token) VALUES ($1, $2)
			ON CONFLICT (user_id) DO UPDATE SET mail_token = COALESCE(user_settings.mail_token, excluded.mail_token)`, userID, m.Token)
		if err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT mail_token FROM user_settings WHERE user_id = $1`, userID).Scan(&m.Token)
	})
	return m, err
}

// MailSecret returns a user's unsubscribe secret, "" when they have none (or no such user):
// it reads only, so that answering a link stores nothing.
func (s *Store) MailSecret(ctx context.Context, userID int64) (string, error) {
	var token sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT mail_token FROM user_settings WHERE user_id = $1`, userID).Scan(&token)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return token.String, err
}

// SetMailLang sets the language of a user's mail.
func (s *Store) SetMailLang(ctx context.Context, userID int64, lang string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO user_settings (user_id, mail_lang) VALUES ($1, $2)
			ON CONFLICT (user_id) DO UPDATE SET mail_lang = excluded.mail_lang`, userID, nullString(lang))
		return err
	})
}

// SetMailOff turns a kind of notice's mail off (or on again) for a user.
func (s *Store) SetMailOff(ctx context.Context, userID int64, kind string, off bool) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var cur sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT mail_off FROM user_settings WHERE user_id = $1`, userID).Scan(&cur)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var kinds []string
		if cur.String != "" {
			kinds = strings.Split(cur.String, ",")
		}
		kinds = slices.DeleteFunc(kinds, func(k string) bool { return k == kind })
		if off {
			kinds = append(kinds, kind)
		}
		slices.Sort(kinds)
		_, err = tx.ExecContext(ctx, `INSERT INTO user_settings (user_id, mail_off) VALUES ($1, $2)
			ON CONFLICT (user_id) DO UPDATE SET mail_off = excluded.mail_off`, userID, nullString(strings.Join(kinds, ",")))
		return err
	})
}
