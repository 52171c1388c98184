package server

import (
	"net/http"
	"strconv"

	"turncoat/store"
)

// The AI's cores are shared by owner (see fairPool): a registered user is an owner; guests are
// owners by their address, since anyone can make guests by the dozen.

// noteCaller remembers the address a guest's request came from.
func (s *Server) noteCaller(u *store.User, r *http.Request) {
	if u != nil && u.Guest {
		s.guests.Store(u.ID, s.clientAddr(r))
	}
}

// ownerKey is the owner of a user's AI work: the address of a guest whose address is known,
// else the user.
func (s *Server) ownerKey(userID int64) string {
	if a, ok := s.guests.Load(userID); ok {
		return "addr:" + a.(string)
	}
	return "user:" + strconv.FormatInt(userID, 10)
}

// requestOwner is the owner of the AI work a request asks for.
func (s *Server) requestOwner(u *store.User, r *http.Request) string {
	if u == nil {
		return "addr:" + s.clientAddr(r)
	}
	if u.Guest {
		return "addr:" + s.clientAddr(r)
	}
	return s.ownerKey(u.ID)
}

// gameOwner is the owner of a game's AI moves: the person playing the AI (the first seat held
// by a user), or the server for a game of AI against AI.
func (s *Server) gameOwner(row store.Game) string {
	for _, seat := range row.Seats {
		if seat.UserID != 0 {
			return s.ownerKey(seat.UserID)
		}
	}
	return "server"
}
