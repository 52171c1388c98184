package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Notice tells of a change committed to a game.
type Notice struct {
	Game    string
	Version int64
	// Lobby tells that the change shows in the lobby: a game offered (at version 0), joined or
	// ended.
	Lobby bool
}

// payload is a notice as sent through PostgreSQL: "game:version", then ":lobby" when it shows
// in the lobby.
func (n Notice) payload() string {
	p := n.Game + ":" + strconv.FormatInt(n.Version, 10)
	if n.Lobby {
		p += ":lobby"
	}
	return p
}

// parseNotice reads a payload.
func parseNotice(p string) (Notice, bool) {
	id, rest, ok := strings.Cut(p, ":")
	if !ok || id == "" {
		return Notice{}, false
	}
	v, flag, _ := strings.Cut(rest, ":")
	version, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return Notice{}, false
	}
	return Notice{Game: id, Version: version, Lobby: flag == "lobby"}, true
}

// Listen calls onChange for every change another instance (or this one) commits until ctx
// ends. It holds one PostgreSQL connection of its own and LISTENs on the
// store's channel; when the connection drops it reconnects, and calls onResync so that the
// caller reloads whatever it follows (notifications sent while it was away are lost). ready is
// called each time the listener is (re)connected. On SQLite, where only one instance writes,
// it returns at once.
func (s *Store) Listen(ctx context.Context, onChange func(Notice), onResync func(), ready func()) error {
	if !s.postgres {
		return nil
	}
	backoff := 100 * time.Millisecond
	first := true
	for ctx.Err() == nil {
		err := s.listenOnce(ctx, onChange, func() {
			backoff = 100 * time.Millisecond
			if !first && onResync != nil {
				onResync()
			}
			first = false
			if ready != nil {
				ready()
			}
		})
		if ctx.Err() != nil {
			return nil
		}
		_ = err
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
	return nil
}

func (s *Store) listenOnce(ctx context.Context, onChange func(Notice), connected func()) error {
	return s.listenChannel(ctx, s.channel, func(payload string) {
		if notice, ok := parseNotice(payload); ok {
			onChange(notice)
		}
	}, connected)
}

// listenChannel LISTENs on a channel over a connection of its own and calls onPayload with each
// notification's payload until ctx ends or the connection drops (its error).
func (s *Store) listenChannel(ctx context.Context, channel string, onPayload func(string), connected func()) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	connected()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		onPayload(n.Payload)
	}
}
