package server

import (
	"net/http"

	"turncoat/domain"
)

// Accounts people keep: a confirmed address, a password set again by mail or changed, a log-out
// everywhere, one's data taken away and the account closed (platform/accounts).

// handleEmail sets the address the notices are mailed to, which waits for the confirmation of
// the link mailed to it ({"email": ""} clears it), and the mail's language.
func (s *Server) handleEmail(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Email string `json:"email"`
		// Lang is the language of the mail (en, pt, es); none keeps the one set.
		Lang string `json:"lang"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u := userOf(r)
	if err := s.accounts.SetEmail(r.Context(), u, req.Email, req.Lang, s.publicBase(r)); err != nil {
		return err
	}
	return s.handleMailSettings(w, r)
}

// handleMailSettings returns the caller's confirmed address for the notices by mail, the address
// waiting for its confirmation, their language and the kinds unsubscribed from.
func (s *Server) handleMailSettings(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	set, err := s.notices.MailSettings(r.Context(), u)
	if err != nil {
		return err
	}
	pending, until, err := s.accounts.PendingEmail(r.Context(), u)
	if err != nil {
		return err
	}
	out := map[string]any{"email": set.Email, "confirmed": set.Email != "", "pending": pending, "lang": set.Lang, "off": set.Off}
	if pending != "" {
		out["pendingUntil"] = until
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleConfirmEmail confirms an address by the secret of the link mailed to it: the page of
// the link asks first (a mail scanner that opens links confirms nothing), and its button posts
// here. No sign-in is needed: the link is the proof.
func (s *Server) handleConfirmEmail(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Token string `json:"token"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	email, err := s.accounts.ConfirmEmail(r.Context(), req.Token)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": email})
	return nil
}

// handleForgot mails a password reset link to the confirmed address of the account named, or
// of the accounts of the address given ({"who": name or address}). The answer is the same
// whether or not there is such an account. The links start with the configured public URL only:
// a request's own Host header, which anyone may set, never makes the link a victim receives.
func (s *Server) handleForgot(w http.ResponseWriter, r *http.Request) error {
	if !s.limitIP(r, s.loginLimits) {
		return domain.Errorf(domain.RateLimited, "too many attempts; try again in a minute")
	}
	var req struct {
		Who string `json:"who"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if s.cfg.PublicURL == "" {
		s.log.Warn("a password reset was asked for, but no mail is sent without the server's public URL (--public-url)")
	}
	if err := s.accounts.ForgotPassword(r.Context(), req.Who, s.cfg.PublicURL); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "message": "if this account has a confirmed address, a link to set a new password is on its way"})
	return nil
}

// handleReset sets a new password by the secret of a reset link: every session and API token
// of the account ends; the caller signs in with the new password.
func (s *Server) handleReset(w http.ResponseWriter, r *http.Request) error {
	if !s.limitIP(r, s.loginLimits) {
		return domain.Errorf(domain.RateLimited, "too many attempts; try again in a minute")
	}
	var req struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.accounts.ResetPassword(r.Context(), req.Token, req.Password); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
	return nil
}

// handleChangePassword changes the caller's password, given the current one: the other
// sessions end, this one goes on.
func (s *Server) handleChangePassword(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Old      string `json:"old"`
		Password string `json:"password"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.accounts.ChangePassword(r.Context(), userOf(r), credOf(r), req.Old, req.Password); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
	return nil
}

// handleLogoutAll ends every session of the caller's account, this one included, and revokes
// every API token.
func (s *Server) handleLogoutAll(w http.ResponseWriter, r *http.Request) error {
	if err := s.accounts.LogOutEverywhere(r.Context(), userOf(r)); err != nil {
		return err
	}
	s.clearSession(w)
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
	return nil
}

// handleClose closes the caller's account, given its password ({"password": ...}).
func (s *Server) handleClose(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Password string `json:"password"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.accounts.Close(r.Context(), userOf(r), req.Password); err != nil {
		return err
	}
	s.clearSession(w)
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
	return nil
}

// clearSession drops the browser's session cookie.
func (s *Server) clearSession(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// CredentialsEnded closes this instance's sockets of the credentials a change of an account
// ended (platform/accounts tells it).
func (s *Server) CredentialsEnded(hashes []string) {
	for _, h := range hashes {
		s.CredentialEnded(h)
	}
}

// handleMyData is the caller's data to take away, as one JSON file: the account, the mail
// settings, the ratings (the puzzle rating too), every game played (its record, and its texts in the game's formats:
// GGF for Othello), the chat lines written, the tournaments hosted and the notifications.
func (s *Server) handleMyData(w http.ResponseWriter, r *http.Request) error {
	u := userOf(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "not signed in")
	}
	ctx := r.Context()
	out := map[string]any{"exported": s.now().UTC(), "account": map[string]any{"name": u.Name, "created": u.Created, "guest": u.Guest}}
	if !u.Guest {
		set, err := s.notices.MailSettings(ctx, u)
		if err != nil {
			return err
		}
		pending, _, err := s.accounts.PendingEmail(ctx, u)
		if err != nil {
			return err
		}
		out["mail"] = map[string]any{"email": set.Email, "pending": pending, "lang": set.Lang, "off": set.Off}
	}
	_, ratings, err := s.ratings.Player(ctx, u.Name)
	if err != nil {
		return err
	}
	out["ratings"] = ratings
	if s.puzzles != nil && !u.Guest {
		me, err := s.puzzles.Me(ctx, u)
		if err != nil {
			return err
		}
		out["puzzles"] = me
	}
	games, chat, err := s.play.UserData(ctx, u.ID)
	if err != nil {
		return err
	}
	out["games"], out["chat"] = games, chat
	rows, err := s.tourney.List(ctx, "")
	if err != nil {
		return err
	}
	hosted := []any{}
	for _, t := range rows {
		if t.Host == u.Name {
			hosted = append(hosted, t)
		}
	}
	out["tournamentsHosted"] = hosted
	notes, _, err := s.notices.List(ctx, u, 0, false, 500)
	if err != nil {
		return err
	}
	out["notifications"] = notes
	if s.trainer != nil && !u.Guest {
		due, err := s.trainer.Due(ctx, u)
		if err != nil {
			return err
		}
		out["trainer"] = due.Lines
	}
	w.Header().Set("Content-Disposition", `attachment; filename="turncoat-data.json"`)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
	return nil
}
