package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Listen calls onChange for every change another instance (or this one) commits, as (game,
// version), until ctx ends. It holds one PostgreSQL connection of its own and LISTENs on the
// store's channel; when the connection drops it reconnects, and calls onResync so that the
// caller reloads whatever it follows (notifications sent while it was away are lost). ready is
// called each time the listener is (re)connected. On SQLite, where only one instance writes,
// it returns at once.
func (s *Store) Listen(ctx context.Context, onChange func(game string, version int64), onResync func(), ready func()) error {
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

func (s *Store) listenOnce(ctx context.Context, onChange func(string, int64), connected func()) error {
	return s.listenChannel(ctx, s.channel, func(payload string) {
		id, v, ok := strings.Cut(payload, ":")
		if !ok {
			return
		}
		if version, err := strconv.ParseInt(v, 10, 64); err == nil {
			onChange(id, version)
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
