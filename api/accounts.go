package api

import "time"

// User is an account as the API shows it.
type User struct {
	ID      int64     `json:"id"`
	Name    string    `json:"name"`
	Guest   bool      `json:"guest"`
	Created time.Time `json:"created"`
}

// Me is the answer to the account endpoints: the user, and for a new guest or a bot's log-in
// the bearer token of its session.
type Me struct {
	User  User   `json:"user"`
	Token string `json:"token,omitempty"`
	// Moderator tells that the user is a moderator (GET /api/me).
	Moderator bool `json:"moderator,omitempty"`
}

// Credentials is the body of POST /api/signup and POST /api/login.
type Credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

// Logout is the body of POST /api/logout: everywhere also ends every other session of the
// user.
type Logout struct {
	Everywhere bool `json:"everywhere"`
}

// CreateToken is the body of POST /api/tokens.
type CreateToken struct {
	Name          string `json:"name"`
	ExpiresInDays int    `json:"expiresInDays"`
}

// Token is an API token as the API describes it; Token, the secret, only once, when made.
type Token struct {
	Token   string    `json:"token,omitempty"`
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Expires time.Time `json:"expires,omitzero"`
	Expired bool      `json:"expired"`
}

// OK is the answer of an action with nothing else to say.
type OK struct {
	OK bool `json:"ok"`
}

// Email is the body and answer of PUT /api/me/email.
type Email struct {
	Email string `json:"email"`
}
